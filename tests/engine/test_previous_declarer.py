"""Whoever declared before (#25) and a round after the kitty that goes round once (#26): the facts
``the previous declarer``, ``the previous declarer's partner`` and ``nobody was overturned`` asked
during the deal and after the kitty, and ``overturn after kitty: ..., once round``.  The compiler's
words and errors (E212, E333, E350), the rulings, whole hands, the log and the replay, the sheet and
the JSON form."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from player_kinds import Diary
from json_forms import assert_a_field_of_version_4

import tractor_rules as tr
from tractor_rules.engine.deck.cards import parse_cards
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.basic import RandomPlayer
from tractor_rules.engine.records.replay import replay_log
from tractor_rules.engine.rulings.declaring import (asks_each_declaration, declare_turn, may_declare_over,
                                                    may_overturn, overturn_turn, previous_declarer)
from tractor_rules.render.sheet import build_sheet
from tractor_rules.rules import Rules

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules"


def declaring(*lines: str, base: str = "two-decks") -> Rules:
    body = "".join(f"  {line}\n" for line in lines)
    return tr.loads(f'extends: "{base}"\ndeclare\n{body}', origin="house.tractor")


def diagnostics(text: str) -> list[tuple[int, int, str, str]]:
    with pytest.raises(tr.RulesetError) as info:
        tr.loads(text, origin="house.tractor")
    return [(d.line, d.column, d.code, d.message) for d in info.value.diagnostics]


# --- the compiler ---------------------------------------------------------------------------------


def test_the_words_compile_to_facts_asked_at_each_declaration():
    rules = declaring("overturn: when nobody was overturned or the previous declarer",
                      "reinforce: when not the previous declarer's partner",
                      "overturn after kitty: when the previous declarer, once round")
    decl = rules.declaring
    assert decl.overturn_in_deal_when == ("any", ("fact", "nobody-overturned"), ("fact", "previous-declarer"))
    assert decl.reinforce_when == ("not", ("fact", "previous-declarer-partner"))
    assert decl.overturn_when == ("fact", "previous-declarer")
    assert decl.overturn_after_kitty is True and decl.overturn_rounds == "once"
    assert asks_each_declaration(rules)
    assert tr.load("two-decks").declaring.overturn_rounds == "until-all-pass"
    assert declaring("overturn after kitty: when an attacker").declaring.overturn_rounds == "until-all-pass"


def test_a_plain_yes_in_a_house_file_ends_its_parents_once_round(tmp_path):
    parent = tmp_path / "parent.tractor"
    parent.write_text('extends: "two-decks"\ndeclare\n  overturn after kitty: yes, once round\n', encoding="utf-8")
    (tmp_path / "child.tractor").write_text('extends: "parent.tractor"\ndeclare\n  overturn after kitty: yes\n',
                                            encoding="utf-8")
    child = tr.load(str(tmp_path / "child.tractor"))
    assert tr.load(str(parent)).declaring.overturn_rounds == "once"
    assert child.declaring.overturn_rounds == "until-all-pass"


@pytest.mark.parametrize("statement", ["declare\n  in turn: when nobody was overturned",
                                       "levels\n  when the previous declarer: bankers + 1 level",
                                       "kitty\n  buried cards: when the previous declarer's partner"])
def test_the_words_are_not_known_elsewhere(statement):
    found = diagnostics(f'extends: "two-decks"\n{statement}\n')
    assert {code for _, _, code, _ in found} == {"E212"}


def test_the_previous_declarer_never_reinforces_e333():
    ((line, column, code, message),) = diagnostics('extends: "two-decks"\ndeclare\n'
                                                   '  reinforce: when not the previous declarer\n')
    assert (line, column, code) == (3, 3, "E333")
    assert message.startswith("the one who reinforces is the standing declarer, never the previous declarer")
    # their partner and whether anyone was overturned may be asked of the one who reinforces
    assert declaring("reinforce: when nobody was overturned").declaring.reinforce_when == ("fact", "nobody-overturned")
    # where the condition names the declaring side, its partner may reinforce too, and may be the
    # player the declarer overturned: the previous declarer is then a fair question
    side = declaring("reinforce: when the declarer or the declarer's partner and not the previous declarer")
    assert side.declaring.reinforce_when == ("any", ("fact", "declarer"), ("all", ("fact", "declarer-partner"),
                                                                           ("not", ("fact", "previous-declarer"))))


@pytest.mark.parametrize("statement", ["overturn: when not the previous declarer's partner",
                                       "overturn after kitty: when the previous declarer's partner"])
def test_the_previous_declarers_partner_needs_fixed_teams_e333(statement):
    ((_, _, code, message),) = diagnostics(f'extends: "house-finding-friends"\ndeclare\n  {statement}\n')
    assert code == "E333" and "'the previous declarer's partner' needs fixed teams" in message


def test_no_round_cannot_go_once_e350():
    ((line, column, code, message),) = diagnostics('extends: "two-decks"\ndeclare\n'
                                                   '  overturn after kitty: no, once round\n')
    assert (line, column, code) == (3, 27, "E350")
    assert message.startswith("nobody overturns after the kitty here, so there is no round to go once")


# --- the rulings ----------------------------------------------------------------------------------


def _shown(rules: Rules, made: list[tuple[int, str]]) -> list[tuple[int, tuple]]:
    return [(seat, tuple(parse_cards(cards, rules.table))) for seat, cards in made]


@pytest.mark.parametrize("made, previous", [
    ([], None),
    ([(0, "2S")], None),
    ([(0, "2S"), (0, "2S 2S")], None),  # reinforced: still nobody overturned
    ([(0, "2S"), (1, "2H 2H")], 0),
    ([(0, "2S"), (1, "2H 2H"), (1, "2H 2H 2H")], 0),  # the overturner reinforces: still 0
    ([(0, "2S"), (1, "2H 2H"), (0, "2S 2S 2S")], 1),  # 0 overturns back: 1 was overturned
    ([(0, "2S"), (1, "2H 2H"), (3, "SJ SJ")], 1),
])
def test_the_previous_declarer_is_the_last_one_the_standing_declarer_overturned(made, previous):
    rules = tr.load("three-decks")
    shown = _shown(rules, made)
    assert previous_declarer(shown, shown[-1][0] if shown else 0) == previous


@pytest.mark.parametrize("condition, seat, made, allowed", [
    ("nobody was overturned or the previous declarer", 1, [(0, "2S")], True),  # the first overturn
    ("nobody was overturned or the previous declarer", 0, [(0, "2S"), (1, "2H 2H")], True),  # back
    ("nobody was overturned or the previous declarer", 2, [(0, "2S"), (1, "2H 2H")], False),
    ("not the previous declarer", 0, [(0, "2S"), (1, "2H 2H")], False),  # no ping-pong
    ("not the previous declarer", 2, [(0, "2S"), (1, "2H 2H")], True),
    ("not the previous declarer", 3, [(0, "2S")], True),
    ("the previous declarer's partner", 2, [(0, "2S"), (1, "2H 2H")], True),
    ("the previous declarer's partner", 0, [(0, "2S"), (1, "2H 2H")], False),  # them, not a partner
    ("the previous declarer's partner", 3, [(0, "2S")], False),  # nobody was overturned
])
def test_the_turn_during_the_deal_is_judged_by_the_previous_declarer(condition, seat, made, allowed):
    rules = declaring(f"overturn: when {condition}")
    shown = _shown(rules, made)
    turn = declare_turn(rules, seat, shown[-1][0], shown, bankers=frozenset({0, 2}), first_hand=False, level="2")
    assert may_declare_over(turn, reinforcing=False) is allowed


@pytest.mark.parametrize("condition, seat, previous, allowed", [
    ("the previous declarer", 1, 1, True),
    ("the previous declarer", 3, 1, False),
    ("the previous declarer", 1, None, False),
    ("nobody was overturned", 3, None, True),
    ("nobody was overturned", 3, 1, False),
    ("the previous declarer's partner", 3, 1, True),
    ("the previous declarer's partner", 2, 1, False),
])
def test_the_turn_after_the_kitty_is_judged_by_the_previous_declarer(condition, seat, previous, allowed):
    rules = declaring(f"overturn after kitty: when {condition}")
    standing = (0, rules.declaration("2S 2S", "2"))
    turn = overturn_turn(rules, seat, frozenset({0, 2}), False, 0, standing, 0, "2", "S", previous)
    assert may_overturn(turn) is allowed


# --- whole hands during the deal ------------------------------------------------------------------


class Eager(RandomPlayer):
    """A random player that declares whenever it may, with the weakest declaration offered."""

    def declare(self, view, offers):
        return offers[0]


def eager_hands(rules: Rules, seeds: range) -> list[dict]:
    return [play_hand(rules, [Eager(seed * 10 + s) for s in range(4)], random.Random(seed), level="2",
                      banker=0).to_log() for seed in seeds]


def overturns_with_previous(hands: list[dict]) -> list[tuple[int | None, int]]:
    """(previous declarer, overturner) of every declaration over another player's, in the deal."""
    out = []
    for hand in hands:
        made = hand["deal_declaring"]["declarations"]
        for i in range(1, len(made)):
            if made[i][0] != made[i - 1][0]:
                out.append((previous_declarer(made[:i], made[i - 1][0]), made[i][0]))
    return out


def test_after_the_first_overturn_only_the_player_overturned_overturns_back():
    rules = declaring("overturn: when nobody was overturned or the previous declarer")
    hands = eager_hands(rules, range(30))
    made = overturns_with_previous(hands)
    assert any(previous is None for previous, _ in made)  # first overturns
    assert any(previous is not None for previous, _ in made)  # and answers
    assert all(previous is None or previous == seat for previous, seat in made)
    assert replay_log([json.dumps(h) for h in hands], rules) == {}
    free = overturns_with_previous(eager_hands(declaring("overturn: when overturns < 99"), range(30)))
    assert any(previous is not None and previous != seat for previous, seat in free)


def test_nobody_overturns_the_one_who_overturned_them():
    rules = declaring("overturn: when not the previous declarer")
    hands = eager_hands(rules, range(60))
    made = overturns_with_previous(hands)
    assert any(previous is not None for previous, _ in made)
    assert all(previous != seat for previous, seat in made)
    assert replay_log([json.dumps(h) for h in hands], rules) == {}
    free = overturns_with_previous(eager_hands(declaring("overturn: when overturns < 99"), range(30)))
    assert any(previous == seat for previous, seat in free)


def test_the_replay_refuses_an_overturn_by_another_than_the_previous_declarer():
    rules = declaring("overturn: when nobody was overturned or the previous declarer")
    hands = eager_hands(rules, range(30))
    hand = next(h for h in hands if any(p is not None for p, _ in overturns_with_previous([h])))
    made = [list(m) for m in hand["deal_declaring"]["declarations"]]
    i = next(i for i in range(1, len(made)) if made[i][0] != made[i - 1][0]
             and previous_declarer(made[:i], made[i - 1][0]) is not None)
    other = next(s for s in range(4) if s not in (made[i][0], made[i - 1][0]))
    made[i][0] = other
    forged = dict(hand, deal_declaring=dict(hand["deal_declaring"], declarations=made))
    (problems,) = replay_log([json.dumps(forged)], rules).values()
    assert any("the rule on who may overturn during the deal does not hold" in p for p in problems)


# --- whole hands after the kitty ------------------------------------------------------------------


def round_after_kitty(rules: Rules, seed: int) -> tuple[list[int], dict]:
    """Who was asked to declare after the banker's first burial, and the hand's log."""
    notes: list[tuple[str, int]] = []
    players = [Diary(seed * 10 + s, notes) for s in range(4)]
    logged = play_hand(rules, players, random.Random(seed), level="2", banker=0).to_log()
    first = next(i for i, (kind, _) in enumerate(notes) if kind == "bury")
    return [s for kind, s in notes[first + 1:] if kind == "declare"], logged


def test_once_round_asks_each_player_once_and_never_the_burier():
    rules = declaring("overturn after kitty: yes, once round")
    rounds = [round_after_kitty(rules, seed) for seed in range(60)]
    assert any(len(logged["overturn_round"]["overturns"]) >= 2 for _, logged in rounds)
    for asked, logged in rounds:
        assert len(asked) == len(set(asked)) and 0 not in asked  # once each; the banker buried first
        places = [(seat - 1) % 4 for seat in asked]  # from the seat after the burier, in turn
        assert places == sorted(places)
        assert logged["overturn_round"]["first"] == 1
    assert replay_log([json.dumps(logged) for _, logged in rounds], rules) == {}
    # the round that goes on until all pass asks someone twice, or the burier, in some hands
    free = [round_after_kitty(declaring("overturn after kitty: yes"), seed)[0] for seed in range(30)]
    assert any(len(asked) != len(set(asked)) or 0 in asked for asked in free)


def test_the_gallery_round_goes_once_round():
    rules = tr.load(str(GALLERY / "D54-overturn-after-kitty-once-round.tractor"))
    assert rules.declaring.overturn_rounds == "once" and rules.declaring.overturn_when == ()
    asked, logged = round_after_kitty(rules, 4)
    assert len(asked) == len(set(asked)) <= 3
    assert replay_log([json.dumps(logged)], rules) == {}


def test_the_replay_refuses_an_overturn_out_of_the_rounds_order():
    rules = declaring("overturn after kitty: yes, once round")
    hands = [round_after_kitty(rules, seed)[1] for seed in range(60)]
    two = next(h for h in hands if len(h["overturn_round"]["overturns"]) >= 2)
    made = two["overturn_round"]["overturns"]
    first, second = made[0], made[1]
    # the second overturner's turn came after the first's: making it come before is out of order
    swapped = [[second[0], first[1]], [first[0], second[1]]] + made[2:]
    forged = dict(two, overturn_round=dict(two["overturn_round"], overturns=swapped))
    (problems,) = replay_log([json.dumps(forged)], rules).values()
    assert any("the round goes once round from seat 1, and their turn had passed" in p for p in problems)
    one = next(h for h in hands if len(h["overturn_round"]["overturns"]) == 1)
    by_burier = [[0, one["overturn_round"]["overturns"][0][1]]]
    standing = one["overturn_round"]["standing"]
    if standing is None or standing[0] != 0:
        forged = dict(one, overturn_round=dict(one["overturn_round"], overturns=by_burier))
        (problems,) = replay_log([json.dumps(forged)], rules).values()
        assert any("their turn had no place in it" in p for p in problems)
    no_first = dict(one, overturn_round={k: v for k, v in one["overturn_round"].items() if k != "first"})
    (problems,) = replay_log([json.dumps(no_first)], rules).values()
    assert any("first: the seat asked first" in p for p in problems)


def test_after_the_kitty_only_the_player_overturned_answers():
    rules = declaring("overturn after kitty: when nobody was overturned or the previous declarer")
    hands = [round_after_kitty(rules, seed)[1] for seed in range(40)]
    for hand in hands:
        rnd = hand["overturn_round"]
        assert rnd["previous"] is None  # Diary makes one declaration in the deal
        made = rnd["overturns"]
        for i in range(1, len(made)):  # after the first, each overturner is the one overturned last
            before = made[i - 2][0] if i >= 2 else rnd["standing"][0] if rnd["standing"] else None
            assert made[i][0] == before
    assert any(len(h["overturn_round"]["overturns"]) >= 2 for h in hands)
    assert replay_log([json.dumps(h) for h in hands], rules) == {}
    one = next(h for h in hands if len(h["overturn_round"]["overturns"]) >= 1
               and h["overturn_round"]["standing"] is not None)
    rnd = one["overturn_round"]
    # a log that says the first overturner had been overturned before: they were not the previous
    # declarer's... the round's first overturn needs nobody overturned, or them overturned
    other = next(s for s in range(4) if s not in (rnd["standing"][0], rnd["overturns"][0][0]))
    forged = dict(one, overturn_round=dict(rnd, previous=other))
    (problems,) = replay_log([json.dumps(forged)], rules).values()
    assert any("does not hold of their turn" in p for p in problems)
    stands = dict(one, overturn_round=dict(rnd, previous=rnd["standing"][0]))
    (problems,) = replay_log([json.dumps(stands)], rules).values()
    assert any("their declaration stands" in p for p in problems)
    plain = declaring("overturn after kitty: when an attacker")
    assert "previous" not in round_after_kitty(plain, 1)[1]["overturn_round"]


def test_the_previous_declarer_after_the_kitty_is_the_deals():
    rules = declaring("overturn: when overturns < 1",
                      "overturn after kitty: when nobody was overturned or the previous declarer")
    hands = eager_hands(rules, range(20))
    assert replay_log([json.dumps(h) for h in hands], rules) == {}
    checked = 0
    for hand in hands:
        made = hand["deal_declaring"]["declarations"]
        rnd = hand["overturn_round"]
        if rnd["standing"] is not None:
            assert rnd["previous"] == previous_declarer(made, rnd["standing"][0])
            checked += rnd["previous"] is not None
    assert checked
    hand = next(h for h in hands if h["overturn_round"]["previous"] is not None)
    wrong = (hand["overturn_round"]["previous"] + 2) % 4
    if wrong == hand["overturn_round"]["standing"][0]:
        wrong = (wrong + 1) % 4
    forged = dict(hand, overturn_round=dict(hand["overturn_round"], previous=wrong))
    (problems,) = replay_log([json.dumps(forged)], rules).values()
    assert any("by the deal's declarations" in p for p in problems)


# --- the sheet and the JSON form -------------------------------------------------------------------


def sheet(rules: Rules, lang: str) -> dict[str, str]:
    return {i.key: i.text for i in build_sheet(rules, lang).items()}


def test_the_sheet_says_the_round_once_and_the_previous_declarer():
    once = declaring("overturn after kitty: yes, once round")
    assert sheet(once, "en")["declaring.overturn_first"] == (
        "The round after the kitty goes once round the table in the direction of play from the player after the "
        "one who buried: each player but the player who buried is asked once, in turn, and an overturn does not "
        "start the round again; then play begins.")
    assert "只轮一圈" in sheet(once, "zh")["declaring.overturn_first"]
    banker_first = declaring("overturn after kitty: yes, once round", "first to overturn after kitty: the banker")
    assert "each player but the player before the banker is asked once" in sheet(banker_first, "en")[
        "declaring.overturn_first"]
    assert sheet(declaring("overturn after kitty: yes"), "en")["declaring.overturn_first"].endswith(
        "until every player has passed in a row.")
    no_back = declaring("overturn: when not the previous declarer")
    assert sheet(no_back, "en")["declaring.overturn_in_deal"] == (
        "During the deal a player whose declaration was overturned may not overturn back the one who "
        "overturned them.")
    assert "不能反回" in sheet(no_back, "zh")["declaring.overturn_in_deal"]
    back = declaring("overturn: when nobody was overturned or the previous declarer's partner")
    said = sheet(back, "en")["declaring.overturn_in_deal"]
    assert "nobody has been overturned (the standing declaration is the first)" in said
    assert "the player is the previous declarer's partner" in said
    assert "上一个亮主者的对家" in sheet(back, "zh")["declaring.overturn_in_deal"]


def test_the_round_and_the_facts_go_through_json():
    once = declaring("overturn after kitty: when the previous declarer or nobody was overturned, once round")
    assert_a_field_of_version_4(once, "declaring", "overturn_rounds", "once")
    data = once.to_dict()
    assert data["declaring"]["overturn_when"] == ["any", ["fact", "previous-declarer"],
                                                  ["fact", "nobody-overturned"]]
    assert tr.load("two-decks").to_dict()["declaring"]["overturn_rounds"] == "until-all-pass"
    called = tr.load("house-finding-friends").to_dict()
    called["declaring"]["overturn_in_deal_when"] = ["fact", "previous-declarer-partner"]
    with pytest.raises(tr.RulesetError) as info:
        tr.Rules.from_dict(called)
    assert "E333" in str(info.value) or "previous declarer's partner" in str(info.value)
    never = tr.load("two-decks").to_dict()
    never["declaring"]["overturn_rounds"] = "once"
    with pytest.raises(tr.RulesetError) as info:
        tr.Rules.from_dict(never)
    assert "once" in str(info.value)
