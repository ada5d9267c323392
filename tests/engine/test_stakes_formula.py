"""Game points whose number is a rule expression (``banker +1 or more = bid``): compiled into
``GamePoints.formula``, read only with what is known where the stakes are counted, evaluated by the
match and the oracle with the hand's bid and points, checked by the replay, exported in JSON version
4 (and refused by version 3), said on the sheet in words (en, zh)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.codec import rules_to_dict, rules_to_dict_as
from tractor_rules.engine.game import Match
from tractor_rules.errors import ExportError
from tractor_rules.engine.players.basic import make_players
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.render.sheet import build_sheet

ROOT = Path(__file__).resolve().parents[2]
A01 = (ROOT / "examples" / "house-rules" / "A01-san-da-ha-auction.tractor").read_text(encoding="utf-8")


def with_stakes(rows: str) -> tr.Rules:
    return tr.loads(A01 + "\nstakes\n  game points: " + rows + "\n", origin="house.tractor")


@pytest.fixture(scope="module")
def by_bid():
    return with_stakes("banker +1 or more = bid, swap = bid, attackers +1 or more = bid / 5 * 2")


def test_a_formula_row_compiles_to_its_tree_and_a_number_stays_a_number(by_bid):
    rows = by_bid.stakes.game_points
    assert [(g.side, g.levels, g.points, g.or_more) for g in rows] == [
        ("banker", 1, 0, True), ("attackers", 0, 0, False), ("attackers", 1, 0, True)]
    assert rows[0].formula == ("var", "bid")
    assert rows[2].formula == ("mul", ("div", ("var", "bid"), ("num", 5)), ("num", 2))
    fixed = tr.load("three-decks").stakes.game_points
    assert all(g.formula == () for g in fixed)
    assert (fixed[0].side, fixed[0].levels, fixed[0].points) == ("banker", 1, 2)


def test_the_oracle_reads_the_bid_and_the_multiplier(by_bid):
    assert by_bid.table_points("banker", 2, bid=35) == 35
    assert by_bid.table_points("attackers", 0, bid=35) == 35
    assert by_bid.table_points("attackers", 3, bid=35) == 14  # 35 / 5 * 2
    doubled = tr.loads(A01 + "\nstakes\n  game points: banker +1 or more = bid, swap = bid, attackers +1 or more = bid\n"
                       "  multiplier: 2 above 10\n")
    assert doubled.table_points("banker", 1, [20, 20, 20, 20], bid=40) == 80


def test_every_quantity_of_the_moment_is_read():
    rules = with_stakes("banker +1 or more = levels * 100 + kitty points * 10 + decks + players, "
                        "swap = points - bid, attackers +1 or more = 1")
    assert rules.table_points("banker", 3, bid=40, points=60, kitty_points=5) == 300 + 50 + 2 + 4
    assert rules.table_points("attackers", 0, bid=40, points=65) == 25
    # below 0 counts as 0
    assert rules.table_points("attackers", 0, bid=40, points=10) == 0


def test_a_quantity_not_known_where_the_stakes_are_counted_is_refused():
    with pytest.raises(tr.RulesetSemanticError) as info:
        with_stakes("banker +1 or more = size, swap = 1, attackers +1 or more = 1")
    assert info.value.code == "E212"
    assert info.value.message.startswith("'size'")
    assert "where the stakes of a hand are counted" in info.value.message
    assert info.value.line == A01.count("\n") + 3


def test_the_bid_needs_an_auction():
    with pytest.raises(tr.RulesetSemanticError) as info:
        tr.loads('extends: "three-decks"\nstakes\n  game points: banker +1 or more = bid, swap = 2, '
                 'attackers +1 or more = 3\n', origin="house.tractor")
    assert info.value.code == "E317"
    assert (info.value.line, info.value.column) == (3, 3)


def test_json_version_4_carries_the_formula_and_version_3_refuses_it(by_bid):
    data = rules_to_dict(by_bid)
    assert data["stakes"]["game_points"][0] == {"side": "banker", "levels": 1, "points": 0, "or_more": True,
                                                "formula": ["var", "bid"]}
    back = tr.Rules.from_dict(json.loads(json.dumps(data)))
    assert back.stakes.game_points == by_bid.stakes.game_points
    assert rules_to_dict_as(by_bid, 3) is None
    # a fixed row is what it was, with an empty formula
    three = rules_to_dict(tr.load("three-decks"))
    assert three["stakes"]["game_points"][0] == {"side": "banker", "levels": 1, "points": 2, "or_more": False,
                                                 "formula": []}
    assert rules_to_dict_as(tr.load("three-decks"), 3) is not None


def test_a_json_document_reading_what_is_not_known_is_refused(by_bid):
    data = rules_to_dict(by_bid)
    data["stakes"]["game_points"][0]["formula"] = ["var", "size"]
    with pytest.raises(ExportError) as info:
        tr.Rules.from_dict(data)
    assert "E212" in str(info.value)
    assert "stakes.game_points[0]: 'size'" in str(info.value)


def test_a_match_counts_the_stake_from_the_bid_and_the_replay_checks_it(by_bid):
    rng = random.Random(5)
    match = Match(by_bid, make_players("greedy", 4, rng), rng)
    seen = 0
    for _ in range(10):
        record = match.step()
        line = json.loads(json.dumps(record.to_log()))
        side, levels = line["level_change"]
        expected = line["bid"] if side == "banker" or levels == 0 else line["bid"] // 5 * 2
        assert sorted({abs(d) for d in line["table_points_change"]}) == [expected]
        assert replay_hand(line, by_bid) == []
        tampered = dict(line, table_points_change=[d + (1 if d > 0 else -1) for d in line["table_points_change"]])
        assert any("table points" in p for p in replay_hand(tampered, by_bid))
        seen += 1
        if match.done:
            break
    assert seen


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("the winning bid", "2 times (the winning bid divided by 5, rounded down)", "a result below 0 counts as 0")),
    ("zh", ("最终叫分", "（最终叫分除以5（向下取整））的2倍", "算出小于0的按0计")),
])
def test_the_sheet_says_the_formula_in_words(by_bid, lang, words):
    item = {i.key: i for i in build_sheet(by_bid, lang).items()}["stakes.game_points"]
    text = json.dumps([item.text, item.table.rows], ensure_ascii=False)
    for w in words:
        assert w in text


@pytest.mark.parametrize(("rows", "lang", "sentence"), [
    ("banker +1 or more = bid, swap = bid, attackers +1 or more = bid", "en",
     "Every hand, its winners gain and its losers lose this many table points: the winning bid."),
    ("banker +1 or more = bid, swap = bid, attackers +1 or more = bid", "zh", "每局的赢家各得、输家各付积分：最终叫分。"),
    ("banker +1 or more = 100 - bid, swap = 100 - bid, attackers +1 or more = 100 - bid", "en",
     "Every hand, its winners gain and its losers lose this many table points: 100 minus the winning bid, or 0 "
     "when that is below 0."),
])
def test_one_number_for_every_outcome_is_one_sentence(rows, lang, sentence):
    item = {i.key: i for i in build_sheet(with_stakes(rows), lang).items()}["stakes.game_points"]
    assert item.table is None
    assert item.text == sentence
