"""Upgrade rows whose levels are a number of the hand (``0-155: banker + (165 - points) / 10``):
compiled to ``ThresholdRow.formula``, refused where the number cannot be a row's levels (E321) or
reads a bid without an auction (E317), evaluated by the engine and its oracle (``points`` the score
the table reads, ``bid`` the winning bid), checked by the replay, kept by the JSON form, and said on
the sheet by the levels the engine gives at a few scores.  L30 of the gallery is the model: its one
row must give exactly what the 16 rows of tests/engine/test_rounds.py give."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules import codes
from tractor_rules.codec import rules_to_dict_as
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.kinds import make_players
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.errors import ExportError, RulesetError
from tractor_rules.language.format import format_text
from tractor_rules.render.sheet import build_sheet
from tractor_rules.rules import Rules

from test_rounds import TEN_POINTS_A_LEVEL
from player_kinds import EVERY_KIND, SEARCH, hands_that_replay_clean

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
L30 = GALLERY / "L30-ten-points-a-level.tractor"
A01 = GALLERY / "A01-san-da-ha-auction.tractor"

#: the default table with its bankers' rows written as numbers of the points
UPGRADE = """\
ruleset: "Rows by the points"
description: "The bankers' levels by the points."
extends: "two-decks"

upgrade
{rows}
"""
BY_POINTS = "  0-75:    banker + (80 - points) / 20\n  80-115:  swap\n  120+:    attackers +1, +1 every 40\n"


def upgrade(rows: str) -> Rules:
    return tr.loads(UPGRADE.format(rows=rows), origin="house.tractor")


def refused(text: str) -> tuple[str, int, int, str]:
    with pytest.raises(RulesetError) as caught:
        tr.loads(text, origin="house.tractor")
    first = caught.value.diagnostics[0]
    return first.code, first.line, first.column, first.message


@pytest.fixture(scope="module")
def ten_points() -> Rules:
    return tr.load(str(L30))


# --- the language ----------------------------------------------------------------------------------


def test_a_row_by_the_points_compiles_to_its_tree_and_a_plain_row_keeps_none():
    rules = upgrade(BY_POINTS)
    first = rules.thresholds[0]
    assert (first.low, first.high, first.side, first.levels) == (0, 75, "banker", 0)
    assert first.formula == ("div", ("sub", ("num", 80), ("var", "points")), ("num", 20))
    assert all(not row.formula for row in rules.thresholds[1:])
    assert all(not row.formula for row in tr.load("two-decks").thresholds)


def test_the_one_row_of_l30_gives_what_its_sixteen_rows_gave(ten_points):
    rows = tr.loads(TEN_POINTS_A_LEVEL, origin="L30.tractor")
    assert len(ten_points.thresholds) == 3 and len(rows.thresholds) == 18
    for score in range(0, 1000, 5):
        assert ten_points.level_change(score) == rows.level_change(score), score
    # the source's own numbers: 110 points give the defenders 5 levels, 230 the attackers 7
    assert ten_points.level_change(110) == ("banker", 5)
    assert ten_points.level_change(230) == ("attackers", 7)
    assert ten_points.level_change(0) == ("banker", 16)  # and the house rule after the hand one more


def test_a_row_is_written_as_fmt_writes_it():
    text = format_text(UPGRADE.format(rows=BY_POINTS).replace("banker + (80 - points) / 20", "banker +(80-points)/20"))
    assert "  0-75:   banker + (80 - points) / 20\n  80-115: swap\n  120+:   attackers +1, +1 every 40\n" in text
    assert format_text(text) == text
    assert L30.read_text(encoding="utf-8").count("banker + (165 - points) / 10") == 1


@pytest.mark.parametrize("rows, code, line, column, message", [
    ("  0-75:    banker + (70 - points) / 10\n  80-115:  swap\n  120+:    attackers +1, +1 every 40\n",
     codes.OUTCOME_NUMBER, 6, 3, "the row's levels come to -1 with 75 points: a row gives 0 levels or more"),
    ("  0-75:    banker + kitty points\n  80-115:  swap\n  120+:    attackers +1, +1 every 40\n",
     codes.OUTCOME_NUMBER, 6, 21, "a row's levels read the points the table is read with, the bid, the decks and the "
                                  "players, not 'kitty points'"),
    ("  0-75:    banker + 1000 - points\n  80-115:  swap\n  120+:    attackers +1, +1 every 40\n",
     codes.OUTCOME_NUMBER, 6, 3, "the row's levels come to 1000 with 0 points: at most 100 (or give them a cap, "
                                 "'at most +N')"),
    ("  0-75:    banker +3\n  80+:     attackers + points / 40\n",
     codes.OUTCOME_NUMBER, 7, 12, "an open row's levels written as a number grow without end: give them a cap "
                                  "('at most +N', or min(..., N))"),
    ("  0-75:    banker +3\n  80+:     attackers +min(points / 40, 150)\n",
     codes.OUTCOME_NUMBER, 7, 12, "an open row's levels written as a number grow without end: give them a cap "
                                  "('at most +N', or min(..., N))"),
    ("  0-75:    banker +3\n  80+:     attackers + points / 40, +1 every 40, at most +5\n",
     codes.OUTCOME_NUMBER, 7, 37, "'+1 every N' adds to a fixed number of levels: write the levels the row gives as "
                                  "one number"),
    ("  0-75:    banker + bid / 20\n  80-115:  swap\n  120+:    attackers +1, +1 every 40\n",
     codes.AUCTION, 6, 3, "'bid' is the winning bid of an auction, but these rules have none: add an 'auction' "
                          "section with 'bids:'"),
    ("  0-75:    banker + levels\n  80-115:  swap\n  120+:    attackers +1, +1 every 40\n",
     codes.NOT_KNOWN_HERE, 6, 21, "'levels' (the levels the hand's outcome gives its winners) is not known where the "
                                  "upgrade table is read ('counted:')"),
])
def test_a_number_that_cannot_be_a_rows_levels_is_refused_where_it_is_written(rows, code, line, column, message):
    assert refused(UPGRADE.format(rows=rows)) == (code, line, column, message)


def test_a_row_whose_number_gives_no_level_below_0_with_its_cap_is_accepted():
    rules = upgrade("  0-75:    banker +3\n  80+:     attackers + (points - 80) / 40, at most +4\n")
    assert [rules.level_change(p) for p in (80, 115, 120, 200, 240, 900)] == [
        ("attackers", 0), ("attackers", 0), ("attackers", 1), ("attackers", 3), ("attackers", 4), ("attackers", 4)]


def test_game_points_name_a_fixed_outcome():
    text = UPGRADE.format(rows=BY_POINTS).replace("upgrade\n", "stakes\n  game points: banker + points = 2\n\nupgrade\n")
    code, line, column, message = refused(text)
    assert (code, line, column) == (codes.OUTCOME_NUMBER, 6, 25)
    assert message.startswith("a fixed number of levels goes here ('banker +2')")


def test_game_points_price_every_level_a_row_by_the_points_gives():
    stakes = "stakes\n  game points: banker +0 = 0, banker +1 = 1, banker +2 = 2, banker +3 = 3, swap = 1, attackers +1 or more = 2\n\n"
    with pytest.raises(RulesetError) as caught:
        tr.loads(UPGRADE.format(rows=BY_POINTS).replace("upgrade\n", stakes + "upgrade\n"), origin="house.tractor")
    assert caught.value.diagnostics[0].code == codes.STAKES
    assert "'banker +4'" in caught.value.diagnostics[0].message  # (80 - 0) / 20
    priced = stakes.replace("banker +3 = 3", "banker +3 = 3, banker +4 = 4")
    assert tr.loads(UPGRADE.format(rows=BY_POINTS).replace("upgrade\n", priced + "upgrade\n")).stakes.game_points


# --- the engine and its oracle ---------------------------------------------------------------------


def test_the_oracle_reads_the_row_with_the_score_and_the_bid():
    rules = tr.loads(f'extends: "{A01}"\nruleset: "by the bid"\n\nupgrade\n'
                     "  0-75:    banker + (80 - points) / 20 + bid / 40\n  80-115:  swap\n"
                     "  120+:    attackers +1, +1 every 40\n", origin=str(GALLERY / "house.tractor"))
    # 'counted: points - bid + 80' is inherited: the row reads that count as its points
    assert rules.level_change(rules.table_score(0, bid=80), bid=80) == ("banker", 4 + 2)  # count 0
    assert rules.level_change(rules.table_score(30, bid=60), bid=60) == ("banker", 1 + 1)  # count 50
    assert rules.level_change(rules.table_score(30, bid=5), bid=5) == ("attackers", 0)  # count 105: the plain rows
    assert rules.level_change(rules.table_score(75, bid=5), bid=5) == ("attackers", 1)  # count 150


@pytest.mark.parametrize("kind", EVERY_KIND)
def test_hands_of_rows_by_the_points_and_the_bid_replay_clean(kind):
    rules = tr.loads(f'extends: "{A01}"\nruleset: "by the bid"\n\nupgrade\n'
                     "  0-75:    banker + (80 - points) / 20 + bid / 40\n  80-115:  swap\n"
                     "  120+:    attackers +1, +1 every 40\n", origin=str(GALLERY / "house.tractor"))
    for record in hands_that_replay_clean(rules, kind, 2 if kind == SEARCH else 8):
        log = record.to_log()
        score = rules.table_score(record.attacker_points, bid=record.bid)
        assert list(record.level_change) == list(rules.level_change(score, team_size=1, bid=record.bid))
        wrong = dict(log, level_change=[log["level_change"][0], log["level_change"][1] + 1])
        assert any("level change" in p for p in replay_hand(json.dumps(wrong), rules))


def test_l30_plays_round_after_round(ten_points):
    from tractor_rules.engine.game import Match

    match = Match(ten_points, make_players("random", 7, random.Random(3)), random.Random(3))
    result = match.play()
    assert len(result.hands) == 10
    for hand in result.hands:
        side, levels = hand.level_change
        if side == "banker" and hand.attacker_points <= 155:
            assert levels == (165 - hand.attacker_points) // 10


# --- the JSON form ---------------------------------------------------------------------------------


def test_the_json_form_keeps_the_row_and_version_3_cannot_say_it(ten_points):
    data = ten_points.to_dict()
    assert data["thresholds"][0]["formula"] == ["div", ["sub", ["num", 165], ["var", "points"]], ["num", 10]]
    assert data["thresholds"][1]["formula"] == []
    assert Rules.from_dict(data) == ten_points
    assert rules_to_dict_as(ten_points, 3) is None
    plain = rules_to_dict_as(tr.load("two-decks"), 3)
    assert plain is not None and "formula" not in plain["thresholds"][0]


def test_an_earlier_document_without_the_field_reads_plain_rows():
    data = rules_to_dict_as(tr.load("two-decks"), 3)
    assert data is not None and all("formula" not in row for row in data["thresholds"])
    assert Rules.from_dict(data).thresholds == tr.load("two-decks").thresholds


@pytest.mark.parametrize("formula, words", [
    (["sub", ["num", 10], ["var", "points"]], "come to -5 with 15 points"),
    (["var", "raw-points"], "not 'raw points'"),
])
def test_a_document_whose_row_cannot_give_its_levels_is_refused(formula, words):
    data = upgrade(BY_POINTS).to_dict()
    data["thresholds"][0]["formula"] = formula
    with pytest.raises(ExportError) as caught:
        Rules.from_dict(data)
    assert words in str(caught.value) and codes.OUTCOME_NUMBER in str(caught.value)


def test_an_open_row_whose_number_stays_within_its_own_min_needs_no_cap():
    rules = upgrade("  0-75:    banker +3\n  80+:     attackers +min(1 + (points - 80) / (decks * 20), 6)\n")
    row = rules.thresholds[-1]
    assert row.high == -1 and row.at_most == 0 and row.formula
    assert [rules.level_change(p) for p in (80, 115, 120, 160, 200, 280, 400)] == \
        [("attackers", n) for n in (1, 1, 2, 3, 4, 6, 6)]
    assert Rules.from_dict(rules.to_dict()) == rules  # the checks of a document take it as well
    data = rules.to_dict()
    data["thresholds"][-1]["formula"] = ["div", ["var", "points"], ["num", 40]]
    with pytest.raises(ExportError, match="grow without end"):
        Rules.from_dict(data)


# --- the sheet -------------------------------------------------------------------------------------


def sheet_items(rules: Rules, lang: str) -> dict:
    return {item.key: item for item in build_sheet(rules, lang).items()}


def test_the_sheet_says_the_row_by_the_levels_the_engine_gives(ten_points):
    en = sheet_items(ten_points, "en")
    rows = en["thresholds"].table.rows
    assert rows == (("0–155", "banker team up 1 to 16 levels (below)"), ("160–165", "attackers take the bank"),
                    # the open row of a level every 10 points, in one band: the sentence says the rest
                    ("170 or more", "attackers take the bank and go up 1 level or more"))
    text = en["thresholds.open"].text
    assert ("Between 0 and 155 points the banker team goes up by the points: 16 levels with 0 points, 11 with 50, "
            "6 with 100 and 1 with 155.") in text
    for score, levels in ((0, 16), (50, 11), (100, 6), (155, 1)):
        assert ten_points.level_change(score) == ("banker", levels)
    assert "points /" not in text and "165" not in text  # never the formula
    zh = sheet_items(ten_points, "zh")
    assert zh["thresholds"].table.rows[0] == ("0–155", "庄家按分数升1至16级（见下）")
    assert "闲家得0至155分时，庄家按分数升级：0分升16级、50分升11级、100分升6级和155分升1级。" in zh["thresholds.open"].text


def test_a_row_that_gives_one_outcome_is_said_as_that_outcome():
    rules = upgrade("  0-35:    banker + (80 - points) / 20\n  40-75:   banker + (160 - points) / 80\n"
                    "  80-115:  swap\n  120+:    attackers +1, +1 every 40\n")
    rows = sheet_items(rules, "en")["thresholds"].table.rows
    assert rows[:3] == (("0–35", "banker team up 2 to 4 levels (below)"),
                        ("40–75", "banker team up 1 level"), ("80–115", "attackers take the bank"))


@pytest.mark.parametrize("cap", [", at most +6", ""], ids=["at-most", "min"])
def test_an_open_row_by_the_points_is_said_by_its_levels_where_the_points_go_past_the_deck(cap):
    """The table of a game whose attackers can pass the deck's points (a multiplied kitty) ends with
    the open row, 'or more', in the words of a row by the points (it once said '-1 levels')."""
    formula = "1 + (points - 80) / (decks * 20)" if cap else "min(1 + (points - 80) / (decks * 20), 6)"
    rules = upgrade(f"  0-75:    banker +3\n  80+:     attackers +{formula}{cap}\n")
    en = sheet_items(rules, "en")
    assert en["thresholds"].table.rows[-1] == ("80 or more", "attackers take the bank and go up 1 to 6 levels (below)")
    assert ("From 80 points on, the attackers go up by the points: 1 level with 80 points, 2 with 145, 4 with 210 "
            "and 6 with 280.") in en["thresholds.open"].text
    zh = sheet_items(rules, "zh")
    assert zh["thresholds"].table.rows[-1] == ("80及以上", "闲家上台并按分数升1至6级（见下）")
