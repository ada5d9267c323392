"""Who may overturn after the kitty (``overturn after kitty: when CONDITION``): the condition is
asked of each player as their turn comes, with the facts of that moment (is the player an attacker,
is it the game's first hand, how many overturns so far, how many level cards the standing
declaration shows).  The compiler's words for it, the engine's round, the sheet's sentence and the
JSON form."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from player_kinds import Diary

import tractor_rules as tr
from tractor_rules.codec import rules_to_dict_as
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.basic import RandomPlayer
from tractor_rules.engine.records.replay import replay_log
from tractor_rules.engine.rulings.declaring import OverturnTurn, may_overturn
from tractor_rules.errors import ExportError
from tractor_rules.render.sheet import build_sheet
from tractor_rules.rules import Rules

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules"


def overturning(condition: str, base: str = "two-decks") -> Rules:
    when = f"when {condition}" if condition else "yes"
    return tr.loads(f'extends: "{base}"\ndeclare\n  overturn after kitty: {when}\n', origin="house.tractor")


# --- the compiler ---------------------------------------------------------------------------------


def test_the_condition_is_compiled_and_switches_overturning_on():
    rules = overturning("an attacker and overturns = 0 and declared level cards = 1 and not the first hand")
    assert rules.declaring.overturn_after_kitty
    assert rules.declaring.overturn_when == (
        "all", ("fact", "player-attacker"), ("compare", "=", ("var", "overturns"), ("num", 0)),
        ("compare", "=", ("var", "declared-level-cards"), ("num", 1)), ("not", ("fact", "first-hand")))
    assert overturning("").declaring.overturn_when == ()


@pytest.mark.parametrize("condition, message", [
    ("a trump", "'a trump' is a fact of a card, known only where a card is judged"),
    ("points > 40", "'points' (the attackers' score for the hand, the kitty's included) is not known when a "
                    "player may overturn after the kitty"),
    ("the bankers win", "'the bankers win' is not known when a player may overturn after the kitty"),
])
def test_what_is_not_known_at_the_turn_is_refused_where_it_is_written(condition, message):
    with pytest.raises(tr.RulesetError) as info:
        overturning(condition)
    (d,) = info.value.diagnostics
    assert (d.code, d.line, d.column) == ("E212", 3, 30)
    assert d.message.startswith(message)


@pytest.mark.parametrize("statement", ["kitty\n  buried cards: when an attacker",
                                       "table\n  called cards: when a banker",
                                       "levels\n  when the first hand: bankers + 1 level",
                                       "kitty\n  multiplier: 2 ^ overturns"])
def test_the_facts_and_numbers_of_the_turn_are_refused_elsewhere(statement):
    base = "house-finding-friends" if "called" in statement else "two-decks"
    with pytest.raises(tr.RulesetError) as info:
        tr.loads(f'extends: "{base}"\n{statement}\n', origin="house.tractor")
    assert {d.code for d in info.value.diagnostics} == {"E212"}


# --- the ruling ------------------------------------------------------------------------------------


@pytest.mark.parametrize("condition, turn, allowed", [
    ("an attacker", {"attacker": True}, True),
    ("an attacker", {"attacker": False}, False),
    ("a banker", {"attacker": False}, True),
    ("overturns = 0", {"overturns": 1}, False),
    ("overturns < 2", {"overturns": 1}, True),
    ("not the first hand", {"first_hand": True}, False),
    ("declared level cards = 1", {"standing": ("2H", "2")}, True),
    ("declared level cards = 1", {"standing": ("2H 2H", "2")}, False),
    ("declared level cards = 0", {"standing": None}, True),
    ("the level is 2 or no-trump", {"level": "3", "trump": None}, True),
    ("the level is 2 or no-trump", {"level": "3", "trump": "S"}, False),
])
def test_the_turn_is_judged_by_its_facts(condition, turn, allowed):
    rules = overturning(condition)
    standing = turn.pop("standing", None)
    declaration = None if standing is None else rules.declaration(standing[0], standing[1])
    values = {"attacker": True, "first_hand": False, "overturns": 0, "level": "2", "trump": "S"} | turn
    assert may_overturn(OverturnTurn(rules, standing=declaration, **values)) is allowed


def test_jokers_with_a_level_card_show_one_level_card():
    rules = tr.loads(f'extends: "{GALLERY / "D01-joker-and-level-card.tractor"}"\ndeclare\n'
                     '  overturn after kitty: when declared level cards = 1\n', origin="house.tractor")
    turn = OverturnTurn(rules, True, False, 0, rules.declaration("SJ 2S", "2"), "2", "S")
    assert turn["declared-level-cards"] == 1 and may_overturn(turn)


# --- whole hands -----------------------------------------------------------------------------------


def after_kitty(rules: Rules, seed: int, *, banker: int | None = 0) -> tuple[list[int], list[int]]:
    """Who was asked to declare after the banker's first burial, and who buried after it."""
    notes: list[tuple[str, int]] = []
    players = [Diary(seed * 10 + s, notes) for s in range(rules.table.players)]
    play_hand(rules, players, random.Random(seed), level="2", banker=banker)
    first = next(i for i, (kind, _) in enumerate(notes) if kind == "bury")
    later = notes[first + 1:]
    return [s for kind, s in later if kind == "declare"], [s for kind, s in later if kind == "bury"]


def test_without_a_condition_several_overturn_after_the_kitty():
    rules = overturning("")
    assert max(len(after_kitty(rules, seed)[1]) for seed in range(30)) >= 2


def test_at_most_one_overturn_after_the_kitty():
    rules = overturning("overturns = 0")
    buried = [after_kitty(rules, seed)[1] for seed in range(30)]
    assert max(map(len, buried)) == 1


def test_only_the_attackers_are_asked():
    rules = overturning("an attacker")
    asked = [seat for seed in range(30) for seat in after_kitty(rules, seed)[0]]
    assert asked and set(asked) <= {1, 3}  # banker 0: seats 0 and 2 bank


def test_with_called_partners_everyone_but_the_banker_is_an_attacker_then():
    rules = overturning("an attacker", base="house-finding-friends")
    asked = {seat for seed in range(20) for seat in after_kitty(rules, seed)[0]}
    assert 0 not in asked and len(asked) >= 3


def test_nobody_overturns_after_the_kitty_in_the_first_hand():
    rules = overturning("not the first hand")
    assert all(after_kitty(rules, seed, banker=None) == ([], []) for seed in range(10))
    assert any(after_kitty(rules, seed)[1] for seed in range(10))


# --- the log and the replay -----------------------------------------------------------------------


def logged_hands(rules: Rules, seeds: range, *, banker: int | None = 0) -> list[dict]:
    """Hands of Diary players (many overturns after the kitty) as the game log writes them."""
    hands = []
    for seed in seeds:
        notes: list[tuple[str, int]] = []
        players = [Diary(seed * 10 + s, notes) for s in range(rules.table.players)]
        hands.append(play_hand(rules, players, random.Random(seed), level="2", banker=banker).to_log())
    return hands


def test_the_log_states_the_round_and_the_replay_finds_it_clean():
    rules = overturning("overturns < 2 and declared level cards < 3")
    hands = logged_hands(rules, range(30))
    rounds = [hand["overturn_round"] for hand in hands]
    assert any(len(r["overturns"]) == 2 for r in rounds)  # the rule stopped the third
    assert all(len(r["overturns"]) <= 2 and r["first_hand"] is False for r in rounds)
    made = next(hand for hand in hands if hand["overturn_round"]["overturns"])
    last = made["overturn_round"]["overturns"][-1]
    assert rules.declaration(last[1], "2").trump == made["trump"]
    assert replay_log([json.dumps(hand) for hand in hands], rules) == {}


def test_the_replay_refuses_an_overturn_the_rule_forbids():
    rules = overturning("an attacker and not the first hand")
    hand = next(h for h in logged_hands(rules, range(30)) if h["overturn_round"]["overturns"])
    seat, cards = hand["overturn_round"]["overturns"][0]
    assert seat in (1, 3)  # banker 0: the attackers are seats 1 and 3
    as_first_hand = dict(hand, overturn_round=dict(hand["overturn_round"], first_hand=True))
    by_a_banker = dict(hand, overturn_round=dict(hand["overturn_round"], overturns=[[2, cards]]))
    for forged in (as_first_hand, by_a_banker):
        (problems,) = replay_log([json.dumps(forged)], rules).values()
        assert any("the rule on who may overturn after the kitty does not hold" in p for p in problems)


def test_the_replay_refuses_a_round_that_is_missing_malformed_or_out_of_step():
    rules = overturning("overturns = 0")
    hand = next(h for h in logged_hands(rules, range(30)) if h["overturn_round"]["overturns"])
    missing = {k: v for k, v in hand.items() if k != "overturn_round"}
    seat, cards = hand["overturn_round"]["overturns"][0]
    cases = {
        "missing, but a rule says who may overturn": missing,
        "is not [seat, cards]": dict(hand, overturn_round=dict(hand["overturn_round"], overturns=[[9, cards]])),
        "declares nothing at level 2": dict(hand, overturn_round=dict(hand["overturn_round"],
                                                                        overturns=[[seat, "3S 4S"]])),
        "an object {first_hand": dict(hand, overturn_round=[]),
        "but the hand's trump is": dict(hand, trump="S" if hand["trump"] != "S" else "H"),
    }
    for words, forged in cases.items():
        (problems,) = replay_log([json.dumps(forged)], rules).values()
        assert any(words in p for p in problems), (words, problems)
    plain = tr.load("two-decks")
    logged = play_hand(plain, [RandomPlayer(s) for s in range(4)], random.Random(1), level="2", banker=0).to_log()
    assert "overturn_round" not in logged
    (problems,) = replay_log([json.dumps(dict(logged, overturn_round=hand["overturn_round"]))], plain).values()
    assert any("logged, but no rule says who may overturn" in p for p in problems)


# --- the sheet and the JSON form -------------------------------------------------------------------


def sentence(rules: Rules, lang: str) -> str:
    return {i.key: i.text for i in build_sheet(rules, lang).items()}["declaring.overturn_after_kitty"]


def test_the_sheet_says_who_may_overturn():
    rules = overturning("an attacker and overturns = 0")
    assert sentence(rules, "en") == (
        "Declaring goes on after the kitty exchange, but a player may overturn then only when the player is an "
        "attacker and the number of overturns after the kitty so far is exactly 0: a stronger declaration still "
        "overturns, and the kitty passes to the new declarer.")
    assert sentence(rules, "zh").startswith("庄家换底牌之后仍可亮主，但只有当该玩家是闲家")
    assert sentence(overturning(""), "en").startswith("Declaring goes on after the kitty exchange: a stronger")


def test_the_condition_goes_through_json_and_version_3_refuses_it():
    rules = overturning("an attacker and not the first hand")
    data = rules.to_dict()
    assert data["declaring"]["overturn_when"] == ["all", ["fact", "player-attacker"],
                                                  ["not", ["fact", "first-hand"]]]
    assert tr.Rules.from_dict(data) == rules
    assert rules_to_dict_as(rules, 3) is None  # a version-3 reader would play it unconditionally
    data["declaring"]["overturn_after_kitty"] = False
    with pytest.raises(ExportError) as info:
        tr.Rules.from_dict(data)
    assert any("nobody overturns after it" in d.message for d in info.value.diagnostics)
