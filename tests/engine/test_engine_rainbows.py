"""Rainbows (``rainbows: N+ cards of one rank in four suits``): the same rank in four suits led
together, as rbtying/shengji's CompoundFormats plays them, through the public oracle and the game."""

from __future__ import annotations

from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.engine.records.simulate import simulate
from tractor_rules.render.sheet import build_sheet

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules" / "C07-rainbows.tractor"


@pytest.fixture(scope="module")
def rules():
    return tr.load(str(GALLERY))


@pytest.fixture(scope="module")
def ctx(rules):
    return rules.context(level="10", trump="H")


def test_a_rainbow_is_one_rank_in_four_suits(ctx):
    assert ctx.rainbow_parts("7S 7S 7H 7D 7C") == [tuple(ctx.cards("7S 7S 7H 7D 7C"))]
    assert ctx.rainbow_parts("7S 7S 7H 7D 7D") is None  # three suits
    assert ctx.rainbow_parts("7S 7H 7D 7C") is None  # four cards: fewer than five
    assert ctx.rainbow_parts("10S 10S 10H 10D 10C") is None  # level cards are all trumps
    assert ctx.rainbow_parts("7S 7S 7H 7D 7C 9S 9H 9D 9C 9C") is not None  # a rainbow throw
    assert tr.load("two-decks").context(level="10", trump="H").rainbow_parts("7S 7S 7H 7D 7C") is None


def test_the_follower_must_answer_with_one_rank_if_able(ctx):
    lead = "7S 7S 7H 7D 7C"
    hand = "KS KD KC KH KH 2S 3S"
    assert ctx.follow_error(hand, lead, "2S 3S KS KD KC") is not None
    assert ctx.follow_error(hand, lead, "KS KD KC KH KH") is None
    # short of five cards of any rank: any cards, no suit to follow
    assert ctx.follow_error("KS KD KC KH 2S 3S", lead, "2S 3S KS KD KC") is None


def test_the_highest_rank_wins(ctx):
    lead = "7S 7S 7H 7D 7C"
    assert ctx.winner(lead, ["KS KD KC KH KH", "2S 3S 4S 5S 6S", "AS AS AD AD AC"]) == 3
    assert ctx.winner(lead, ["5S 5D 5C 5H 5H"]) == 0
    assert ctx.winner(lead, ["AS KS QS JS 9S"]) == 0  # trumps or not, no rank five times


def test_a_rainbow_throw_fails_against_a_higher_rank(ctx):
    throw = "7S 7S 7H 7D 7C 9S 9H 9D 9C 9C"
    assert ctx.throw_options(throw, ["KS KD KC KH KH 2S 3S", "2D"]) == [tuple(ctx.cards("7S 7S 7H 7D 7C"))]
    assert ctx.throw_options(throw, ["KS KD KC KH 2S 3S", "2D"]) == []
    assert ctx.winner(throw, ["KS KD KC KH KH QS QD QC QH QH"]) == 1


def test_the_game_plays_rainbows_and_the_replay_checks_them(rules):
    entries = [result.log for result in simulate(rules, 30, 3, "random", log=True)]
    tampered = 0
    for entry in entries:
        assert replay_hand(entry, rules) == []
        ctx = rules.context(entry["level"], entry["trump"])
        for t in entry["tricks"]:
            if ctx.rainbow_parts(t["plays"][0]) is None:
                continue
            n = len(entry["hands"])
            other = next(s for s in range(n) if s != t["winner"])
            changed = dict(entry, tricks=[dict(x, winner=other) if x is t else x for x in entry["tricks"]])
            assert any("the winner is seat" in p for p in replay_hand(changed, rules))
            tampered += 1
            break
    assert tampered > 0


def test_the_sheet_states_rainbows(rules):
    en = {i.key: i for i in build_sheet(rules, "en").items()}
    zh = {i.key: i for i in build_sheet(rules, "zh").items()}
    assert "Rainbows: 5 or more cards of one rank" in str(en["combinations.rainbow_min"].text)
    assert "彩虹" in str(zh["combinations.rainbow_min"].text)
    plain = {i.key: i for i in build_sheet(tr.load("two-decks"), "en").items()}
    assert "combinations.rainbow_min" not in plain  # a game without rainbows says nothing of them
