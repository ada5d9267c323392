"""Tractor length per width (``tractors: 3+ adjacent pairs or 2+ adjacent triples``,
``combinations.tractor_lengths``): what is a tractor, how plays decompose, and what follows from it
(the follow duty, the kitty multiplier), through the public oracle."""

from __future__ import annotations

import random

import pytest

import tractor_rules as tr
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.basic import GreedyPlayer, RandomPlayer
from tractor_rules.engine.records.replay import replay_hand

GALLERY = "examples/house-rules/C03-tractor-length-per-width.tractor"


@pytest.fixture(scope="module")
def rules() -> tr.Rules:
    return tr.load(GALLERY)


@pytest.fixture(scope="module")
def ctx(rules):
    return rules.context(level="10", trump="H")


def test_the_fields(rules):
    comb = rules.combinations
    assert comb.tractor_widths == (2, 3)
    assert (comb.tractor_min_length, comb.tractor_max_length) == (3, 0)
    assert comb.tractor_lengths == ((3, 2, 0),)
    assert comb.lengths_of(2) == (3, 0) and comb.lengths_of(3) == (2, 0)


def test_one_length_for_every_width_keeps_its_meaning():
    comb = tr.load("three-decks").combinations
    assert comb.tractor_lengths == () and comb.lengths_of(3) == (2, 0)
    same = tr.loads('extends: "three-decks"\ncombinations\n  tractors: 2+ adjacent pairs or 2+ adjacent triples\n',
                    origin="same.tractor")
    assert same.combinations == comb  # a second group with the first group's length adds nothing


def test_pairs_need_three_in_a_row_triples_two(ctx):
    assert not ctx.is_tractor("5S 5S 6S 6S")
    assert ctx.is_tractor("5S 5S 6S 6S 7S 7S")
    assert ctx.is_tractor("5S 5S 5S 6S 6S 6S")
    parent = tr.load("three-decks").context(level="10", trump="H")
    assert parent.is_tractor("5S 5S 6S 6S")


def test_units(ctx):
    assert [(u.width, u.length) for u in ctx.units("5S 5S 6S 6S")] == [(2, 1), (2, 1)]
    assert [(u.width, u.length) for u in ctx.units("5S 5S 6S 6S 7S 7S 9S")] == [(2, 3), (1, 1)]
    assert [(u.width, u.length) for u in ctx.units("5S 5S 5S 6S 6S 6S")] == [(3, 2)]


def test_upper_bounds_per_width():
    text = open(GALLERY, encoding="utf-8").read().replace("3+ adjacent pairs", "2-3 adjacent pairs")
    rules = tr.loads(text, origin="b.tractor")
    ctx = rules.context(level="10", trump="H")
    # four pairs in a row: a tractor of three pairs and a pair
    assert [(u.width, u.length) for u in ctx.units("4S 4S 5S 5S 6S 6S 7S 7S")] == [(2, 3), (2, 1)]
    assert [(u.width, u.length) for u in ctx.units("4S 4S 4S 5S 5S 5S 6S 6S 6S 7S 7S 7S")] == [(3, 4)]


def test_two_pairs_led_are_followed_as_two_pairs(ctx):
    # 5566 is two pairs: the follower owes two pairs, not a tractor; a tractor of pairs is not owed
    lead = "5S 5S 6S 6S"
    hand = "QS QS 9S 9S 8S 8S 2S"
    assert ctx.follow_error(hand, lead, "QS QS 9S 9S") is None
    assert ctx.follow_error(hand, lead, "9S 9S 8S 2S") is not None


def test_the_kitty_counts_the_largest_unit(ctx):
    # three decks: 2 ^ size of the largest unit; two pairs in a row are pairs (2 cards), not 4
    assert ctx.kitty_multiplier("5S 5S 6S 6S") == 4
    assert ctx.kitty_multiplier("5S 5S 6S 6S 7S 7S") == 64
    assert ctx.kitty_multiplier("5S 5S 5S 6S 6S 6S") == 64


@pytest.mark.parametrize("kind", [RandomPlayer, GreedyPlayer])
def test_hands_replay_clean(rules, kind):
    rng = random.Random(11)
    for _ in range(3):
        players = [kind(rng.getrandbits(32)) for _ in range(4)]
        record = play_hand(rules, players, rng, banker=rng.randrange(4))
        assert replay_hand(record.to_log(), rules) == []
