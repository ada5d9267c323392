"""Who may ask for a redeal (``redeal: when CONDITION``): the condition is asked of each player in
turn from the banker once trump is known, with the player's role, the points and the trumps they
were dealt and the redeals so far this hand.  The compiler's words for it, the ruling, whole hands
and their logs, the replay's checks, the sheet's sentence, the JSON form, E327 and W118."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import tractor_rules as tr
from tractor_rules.codec import rules_to_dict_as
from tractor_rules.engine.flow.deal import MAX_DEALS
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.basic import GreedyPlayer, RandomPlayer
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.engine.rulings.declaring import RedealTurn, may_ask_redeal
from tractor_rules.errors import ExportError
from tractor_rules import facade
from tractor_rules.render.sheet import build_sheet
from tractor_rules.rules import Rules

D30 = "an attacker and redeals < 3 and (points held <= 15 or trumps held <= 3)"


def redealing(condition: str, asker: str = "", base: str = "two-decks", more: str = "") -> Rules:
    tail = f", {asker}" if asker else ""
    return tr.loads(f'extends: "{base}"\ndeclare\n  redeal: when {condition}{tail}\n{more}', origin="house.tractor")


# --- the compiler ---------------------------------------------------------------------------------


def test_the_condition_is_compiled_with_who_asks():
    rules = redealing(D30, "if its holder asks")
    assert rules.declaring.redeal_when == (
        "all", ("fact", "player-attacker"), ("compare", "<", ("var", "redeals"), ("num", 3)),
        ("any", ("compare", "<=", ("var", "held-points"), ("num", 15)),
         ("compare", "<=", ("var", "held-trumps"), ("num", 3))))
    assert rules.declaring.redeal_by == "holder" and rules.declaring.redeal_hands == ()
    assert redealing("trumps held = 0", "always").declaring.redeal_by == "automatic"


def test_a_condition_and_the_named_hands_replace_each_other(tmp_path):
    named = tmp_path / "named.tractor"
    named.write_text('ruleset: "Named"\nextends: "two-decks"\ndeclare\n  redeal: a hand without trumps\n')
    asked = tmp_path / "asked.tractor"
    asked.write_text('ruleset: "Asked"\nextends: "two-decks"\ndeclare\n  redeal: when trumps held < 2\n')
    child = tr.loads(f'extends: "{named}"\ndeclare\n  redeal: when trumps held < 2\n', origin=str(tmp_path / "c.tractor"))
    assert child.declaring.redeal_hands == () and child.declaring.redeal_when
    back = tr.loads(f'extends: "{asked}"\ndeclare\n  redeal: a hand without points\n', origin=str(tmp_path / "d.tractor"))
    assert back.declaring.redeal_when == () and back.declaring.redeal_hands == ("no-points",)
    none = tr.loads(f'extends: "{asked}"\ndeclare\n  redeal: none\n', origin=str(tmp_path / "e.tractor"))
    assert none.declaring.redeal_when == () and none.declaring.redeal_hands == ()


@pytest.mark.parametrize("condition, message", [
    ("a trump", "'a trump' is a fact of a card, known only where a card is judged"),
    ("points > 40", "'points' (the attackers' score for the hand, the kitty's included) is not known when a "
                    "player may ask for a redeal"),
    ("overturns = 0", "'overturns' (the overturns made this hand: so far in the deal or after the kitty, where those are asked; the whole hand's after it) is "
                      "not known when a player may ask for a redeal"),
])
def test_what_is_not_known_when_asking_is_refused_where_it_is_written(condition, message):
    with pytest.raises(tr.RulesetError) as info:
        redealing(condition)
    (d,) = info.value.diagnostics
    assert (d.code, d.line, d.column) == ("E212", 3, 16)
    assert d.message.startswith(message)


@pytest.mark.parametrize("statement", ["levels\n  when points held > 10: bankers + 1 level",
                                       "declare\n  overturn after kitty: when trumps held < 3",
                                       "kitty\n  multiplier: 2 ^ redeals"])
def test_the_numbers_of_a_redeal_are_refused_elsewhere(statement):
    with pytest.raises(tr.RulesetError) as info:
        tr.loads(f'extends: "two-decks"\n{statement}\n', origin="house.tractor")
    assert {d.code for d in info.value.diagnostics} == {"E212"}


# --- the ruling ------------------------------------------------------------------------------------


@pytest.mark.parametrize("turn, allowed", [
    ({"points": 15, "trumps": 10}, True),
    ({"points": 20, "trumps": 3}, True),
    ({"points": 20, "trumps": 4}, False),
    ({"points": 0, "trumps": 0, "attacker": False}, False),
    ({"points": 0, "trumps": 0, "redeals": 2}, True),
    ({"points": 0, "trumps": 0, "redeals": 3}, False),
])
def test_the_asker_is_judged_by_the_rule_of_the_source(turn, allowed):
    # ChannonTian/80fen docs/RULES.md §S5: "15 分且无主牌的手牌 可完全造反; 主 3 张、50 分 可; 主 4 张、20 分 不可"
    rules = redealing(D30)
    values = {"attacker": True, "first_hand": False, "redeals": 0, "level": "2", "trump": "S"} | turn
    assert may_ask_redeal(RedealTurn(rules, **values)) is allowed


def test_the_points_and_trumps_held_are_counted_at_the_level_and_trump():
    rules = redealing(D30)
    hand = "BJ 2D 5S 10S KH 3C 4C"  # a joker, a level card and the five of spades are trumps
    turn = rules.redeal_turn(hand, "2", "S", attacker=True, first_hand=False, redeals=0)
    assert (turn.points, turn.trumps) == (25, 4)
    assert rules.redeal_turn(hand, "2", None, attacker=True, first_hand=False, redeals=0).trumps == 2


# --- whole hands -----------------------------------------------------------------------------------


def hands(rules: Rules, players, count: int, banker: int | None = 0) -> list[dict]:
    rng = random.Random(5)
    return [play_hand(rules, players, rng, level="2", banker=banker).to_log() for _ in range(count)]


def test_only_attackers_ask_and_the_limit_holds():
    rules = redealing("an attacker and redeals < 2", "always")
    logs = hands(rules, [RandomPlayer(s) for s in range(4)], 6)
    for log in logs:
        assert [row["seat"] for row in log["weak_hands"]] == [1, 1]  # the first attacker from the banker
        assert all(row["banker"] == 0 and not row["first_hand"] for row in log["weak_hands"])
        assert replay_hand(log, rules) == []


def test_a_first_hand_asks_of_the_attackers_of_the_banker_the_declaring_finds():
    rules = redealing("an attacker and redeals < 1", "always", more="  first banker: final declarer\n")
    for log in hands(rules, [RandomPlayer(s) for s in range(4)], 6, banker=None):
        (row,) = log["weak_hands"]
        assert row["first_hand"] and row["seat"] % 2 != row["banker"] % 2
        assert replay_hand(log, rules) == []


def test_greedy_players_ask_only_short_of_trumps_and_every_redeal_replays():
    rules = redealing(D30)
    logs = hands(rules, [GreedyPlayer(s) for s in range(4)], 40)
    asked = [row for log in logs for row in log["weak_hands"]]
    assert asked and all(row["seat"] % 2 == 1 for row in asked)
    assert all(row["trumps"] <= 3 or row["points"] <= 15 for row in asked)
    assert all(row["trumps"] < 9 for row in asked)  # less than a fair share of 36 trumps in 108 cards
    assert max(Counter(id(log) for log in logs for _ in log["weak_hands"]).values()) <= 3
    assert all(replay_hand(log, rules) == [] for log in logs)


def test_the_replay_refuses_a_redeal_the_rule_does_not_allow():
    rules = redealing("an attacker and redeals < 2", "always")
    (log,) = hands(rules, [RandomPlayer(s) for s in range(4)], 1)
    row = log["weak_hands"][0]
    as_banker = dict(log, weak_hands=[dict(row, banker=row["seat"])] + log["weak_hands"][1:])
    assert any("do not let seat" in p for p in replay_hand(as_banker, rules))
    miscounted = dict(log, weak_hands=[dict(row, points=row["points"] + 5)] + log["weak_hands"][1:])
    assert any("points and" in p for p in replay_hand(miscounted, rules))
    one_more = dict(log, weak_hands=log["weak_hands"] + [dict(row)])
    assert any("weak hand 3" in p for p in replay_hand(one_more, rules))
    short = dict(log, weak_hands=[{k: v for k, v in row.items() if k != "trumps"}])
    assert any("needs seat, hand" in p for p in replay_hand(short, rules))


def test_without_the_condition_the_log_is_as_before():
    rules = tr.loads('extends: "two-decks"\ndeclare\n  redeal: a hand without trumps\n', origin="house.tractor")
    log = hands(rules, [RandomPlayer(s) for s in range(4)], 1)[0]
    assert all(sorted(row) == ["hand", "seat", "trump"] for row in log["weak_hands"])


def test_the_last_deal_is_played_whatever_it_holds():
    rules = redealing("an attacker and trumps held < 100", "always")
    (log,) = hands(rules, [RandomPlayer(s) for s in range(4)], 1)
    assert len(log["weak_hands"]) == MAX_DEALS - 1
    assert replay_hand(log, rules) == []


# --- the sheet and the JSON form -------------------------------------------------------------------


def sentence(rules: Rules, lang: str) -> str:
    return {i.key: i.text for i in build_sheet(rules, lang).items()}["declaring.redeal_when"]


def test_the_sheet_says_who_may_ask():
    rules = redealing(D30)
    assert sentence(rules, "en") == (
        "Once trump is known and before the kitty is taken, each player in turn from the banker may show their "
        "hand and ask for the cards to be redealt when the player is an attacker and the number of redeals so far "
        "this hand is less than 3 and (the number of points in the player's hand is at most 15 or the number of "
        "trumps in the player's hand is at most 3); the first to ask has them redealt.")
    assert sentence(rules, "zh").startswith("主牌确定之后、庄家拿底牌之前，从庄家起依次问每位玩家：若该玩家是闲家")
    assert "该玩家手中的分数不超过15" in sentence(rules, "zh")
    assert sentence(redealing("trumps held = 0", "always"), "en").startswith(
        "Once trump is known and before the kitty is taken, the cards are redealt whenever, for a player in turn "
        "from the banker, the number of trumps in the player's hand is exactly 0")
    keys = {i.key for i in build_sheet(rules, "en").items()}
    assert "declaring.redeal_hands" not in keys  # "every hand is played as dealt" would be untrue


def test_the_condition_goes_through_json_and_version_3_refuses_it():
    rules = redealing(D30)
    data = rules.to_dict()
    assert data["declaring"]["redeal_when"][0] == "all"
    assert tr.Rules.from_dict(json.loads(json.dumps(data))) == rules
    assert rules_to_dict_as(rules, 3) is None
    assert "redeal_when" not in (rules_to_dict_as(tr.load("two-decks"), 3) or {}).get("declaring", {})
    data["declaring"]["redeal_hands"] = ["no-trumps"]
    with pytest.raises(ExportError) as info:
        tr.Rules.from_dict(data)
    assert any(d.code == "E327" for d in info.value.diagnostics)


# --- E327 and W118 ---------------------------------------------------------------------------------


def test_a_condition_with_an_auction_is_refused():
    with pytest.raises(tr.RulesetError) as info:
        tr.loads('extends: "two-decks"\nauction\n  bids: 80 down to 5 by 5\ndeclare\n  redeal: when trumps held < 3\n',
                 origin="house.tractor")
    assert "E327" in {d.code for d in info.value.diagnostics}


def test_always_with_a_condition_that_reads_no_hand_is_refused():
    with pytest.raises(tr.RulesetError) as info:
        redealing("an attacker and the level is 2", "always")
    (d,) = info.value.diagnostics
    assert (d.code, d.line) == ("E327", 3)
    redealing("an attacker and the level is 2", "if its holder asks")  # each player still decides
    redealing("an attacker and redeals < 1", "always")


@pytest.mark.parametrize("condition, warned", [
    ("an attacker and redeals < 0", True),
    ("points held > 1000", True),
    ("trumps held > 25", True),
    ("the level is 2 and not the level is 2", True),
    (D30, False),
    ("trumps held = 25", False),
])
def test_a_condition_no_dealt_hand_can_meet_is_warned_of(condition, warned):
    text = f'ruleset: "R"\nextends: "two-decks"\ndeclare\n  redeal: when {condition}\n'
    found = [d for d in facade.lint(text, "house.tractor")["diagnostics"] if d["code"] == "W118"]
    assert bool(found) is warned
    if warned:
        assert (found[0]["line"], found[0]["column"]) == (4, 3)


# --- a redeal that clears the bank (完全造反, D31) ------------------------------------------------


def rebellion(condition: str = "an attacker and redeals < 1", asker: str = "always") -> Rules:
    return tr.loads(f'extends: "two-decks"\ndeclare\n  redeal: when {condition}, {asker}, as a first hand\n'
                    '  first banker: final declarer\n  nobody declares: no-trump\n', origin="house.tractor")


def test_as_a_first_hand_is_compiled_and_goes_through_json():
    rules = rebellion()
    assert rules.declaring.redeal_clears_bank and rules.declaring.redeal_by == "automatic"
    assert not redealing(D30).declaring.redeal_clears_bank
    named = tr.loads('extends: "two-decks"\ndeclare\n  redeal: a hand without trumps, as a first hand\n',
                     origin="house.tractor")
    assert named.declaring.redeal_clears_bank and named.declaring.redeal_hands == ("no-trumps",)
    data = rules.to_dict()
    assert data["declaring"]["redeal_clears_bank"] is True
    assert tr.Rules.from_dict(data) == rules
    assert rules_to_dict_as(rules, 3) is None
    data["declaring"]["redeal_when"] = []
    with pytest.raises(ExportError) as info:
        tr.Rules.from_dict(data)
    assert any(d.code == "E327" and "no hand is ever redealt" in d.message for d in info.value.diagnostics)


def test_a_cleared_bank_is_refused_with_declaring_in_turn():
    with pytest.raises(tr.RulesetError) as info:
        tr.loads('extends: "two-decks"\ndeclare\n  in turn: yes\n  redeal: when trumps held <= 3, as a first hand\n',
                 origin="house.tractor")
    assert "E327" in {d.code for d in info.value.diagnostics}


def test_after_a_full_rebellion_the_final_declarer_banks_at_their_own_level():
    from tractor_rules.engine.game import Match

    rules = rebellion()
    match = Match(rules, [RandomPlayer(s) for s in range(4)], random.Random(3))
    match.levels = [match.ranks.index("5"), match.ranks.index("9")] * 2  # the two teams at 5 and 9
    match.banker = 0
    seen = 0
    for _ in range(12):
        if match.done:
            break
        before = list(match.levels)
        banker = match.banker
        record = match.step()
        log = record.to_log()
        assert replay_hand(log, rules) == []
        (row,) = log["weak_hands"]  # the first attacker from the banker throws the deal in, once
        assert row["banker"] == banker and row["seat"] == (banker + 1) % 4
        assert log["bank_cleared"] is True
        declarer = log["declarer"]
        if declarer is None:  # nobody declared: the dealer banks at their level
            assert record.banker == banker and record.level == match.level_at(before[banker])
        else:
            assert record.banker == declarer and record.level == match.level_at(before[declarer])
            seen += declarer % 2 != banker % 2
    assert seen  # the bank went to the other team at least once, at that team's level


def test_without_a_rebellion_the_bank_stays_and_the_log_says_so():
    rules = rebellion("an attacker and redeals < 1 and trumps held > 100")  # never
    (log,) = hands(rules, [RandomPlayer(s) for s in range(4)], 1)
    assert log["bank_cleared"] is False and log["weak_hands"] == [] and log["banker"] == 0
    assert "bank_cleared" not in hands(redealing(D30), [RandomPlayer(s) for s in range(4)], 1)[0]


def test_the_replay_checks_the_cleared_bank():
    rules = rebellion()
    (log,) = hands(rules, [RandomPlayer(s) for s in range(4)], 1)
    assert log["bank_cleared"] is True and replay_hand(log, rules) == []
    assert any("no deal was thrown in" in p for p in replay_hand(dict(log, weak_hands=[]), rules))
    if log["declarer"] is not None:
        other = (log["declarer"] + 1) % 4
        assert any("final declarer" in p for p in replay_hand(dict(log, declarer=other), rules))
    assert any("bank_cleared" in p for p in replay_hand(dict(log, bank_cleared="yes"), rules))
    plain = redealing("an attacker and redeals < 1", "always")
    (log,) = hands(plain, [RandomPlayer(s) for s in range(4)], 1)
    assert any("bank_cleared: logged" in p for p in replay_hand(dict(log, bank_cleared=False), plain))


def test_the_sheet_says_the_bank_is_cleared():
    rules = rebellion()
    items = {i.key: i.text for i in build_sheet(rules, "en").items()}
    assert items["declaring.redeal_clears_bank"].startswith(
        "Such a redeal clears the bank (a full rebellion): the same player deals again with no banker")
    zh = {i.key: i.text for i in build_sheet(rules, "zh").items()}
    assert zh["declaring.redeal_clears_bank"].startswith("这样的重新发牌会清除庄家（完全造反）")
    assert "declaring.redeal_clears_bank" not in {i.key for i in build_sheet(redealing(D30), "en").items()}
