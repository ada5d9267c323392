"""Rainbows that are bombs (``rainbows: N+ cards of one rank in four suits, as bombs``): Forty
Points' four of a rank, one of each suit, beats any other lead of as many cards, through the public
oracle and the game (gallery C09)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.engine.records.simulate import simulate
from tractor_rules.render.sheet import build_sheet

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
C09 = GALLERY / "C09-forty-points-bombs.tractor"


@pytest.fixture(scope="module")
def rules():
    return tr.load(str(C09))


@pytest.fixture(scope="module")
def ctx(rules):
    return rules.context(level="10", trump="H")


def test_the_statement_compiles_to_the_field_and_the_kind(rules):
    assert rules.combinations.rainbow_min == 4 and rules.combinations.rainbow_bombs
    rainbow = next(k for k in rules.kinds() if k.name == "rainbow")
    assert rainbow.compares == "beats-other-kinds"
    plain = tr.load(str(GALLERY / "C07-rainbows.tractor"))
    assert not plain.combinations.rainbow_bombs
    assert next(k for k in plain.kinds() if k.name == "rainbow").compares == "within-kind"


def test_a_rainbow_played_to_a_throw_beats_it(ctx):
    throw = "AS KS QS JS"
    # the rainbow 7777 of a player out of spades beats the throw and a ruff of four trumps
    assert ctx.winner(throw, ["7S 7H 7D 7C"]) == 1
    assert ctx.winner(throw, ["2H 3H 4H 5H", "7S 7H 7D 7C"]) == 2
    # between two rainbows the higher rank wins, the earlier of equals
    assert ctx.winner(throw, ["7S 7H 7D 7C", "9S 9H 9D 9C"]) == 2
    assert ctx.winner(throw, ["9S 9H 9D 9C", "7S 7H 7D 7C"]) == 1
    # four cards of one rank in three suits are no bomb (one deck: never), nor are mixed cards
    assert ctx.winner(throw, ["7H 7D 7C 8C"]) == 0


def test_without_as_bombs_the_rainbow_does_not_win_a_throw():
    rules = tr.load(str(C09))
    rules = replace(rules, combinations=replace(rules.combinations, rainbow_bombs=False))
    assert rules.context(level="10", trump="H").winner("AS KS QS JS", ["7S 7H 7D 7C"]) == 0


def test_the_follow_duty_still_holds(ctx):
    # a player holding two spades must play them to a spade throw: the rainbow is not a legal follow
    hand = "7S 7H 7D 7C 3S"
    assert ctx.follow_error(hand + " 4S", "AS KS QS JS", "7S 7H 7D 7C") is not None
    # with one spade, the rainbow (holding it) follows
    assert ctx.follow_error("7S 7H 7D 7C 5H", "AS KS QS JS", "7S 7H 7D 7C") is None


def test_a_rainbow_lead_compares_within_its_kind(ctx):
    lead = "7S 7H 7D 7C"
    assert ctx.winner(lead, ["9S 9H 9D 9C"]) == 1
    assert ctx.winner(lead, ["AH KH QH JH"]) == 0  # trumps, but no rank four times


def test_identical_bombs_beat_a_rainbow_of_as_many_cards():
    rules = tr.load("four-decks")
    rules = replace(rules, combinations=replace(rules.combinations, bomb_width=4, rainbow_min=4, rainbow_bombs=True))
    ctx = rules.context(level="10", trump="H")
    lead = "AS AS KS KS"
    assert ctx.winner(lead, ["7S 7H 7D 7C"]) == 1
    assert ctx.winner(lead, ["7S 7H 7D 7C", "3S 3S 3S 3S"]) == 2  # identical cards beat a rainbow
    assert ctx.winner(lead, ["3S 3S 3S 3S", "9S 9H 9D 9C"]) == 1


def test_every_player_kind_plays_rainbow_bombs_and_the_replay_checks_them(rules):
    for kind in ("random", "greedy", "heuristic"):
        for result in simulate(rules, 30, 5, kind, log=True):
            assert replay_hand(result.log, rules) == []


def test_the_sheet_states_rainbow_bombs(rules):
    en = {i.key: i for i in build_sheet(rules, "en").items()}
    zh = {i.key: i for i in build_sheet(rules, "zh").items()}
    assert str(en["combinations.rainbow_bombs"].text).startswith("Rainbows are bombs:")
    assert "炸弹" in str(zh["combinations.rainbow_bombs"].text)
    kinds = str(en["combinations.kinds"].text) + " ".join(map(str, en["combinations.kinds"].points))
    assert "a rainbow bomb: 4 or more cards of one rank in four suits" in kinds
    plain = {i.key: i for i in build_sheet(tr.load(str(GALLERY / "C07-rainbows.tractor")), "en").items()}
    assert "combinations.rainbow_bombs" not in plain
