"""The reinforcement-learning environment's mask with straights (gallery C11): to a lead holding a
straight the mask offers exactly the legal follows, and without throws a straight is a lead of its
own."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

from masks import plays_through_mask

import tractor_rules
from tractor_rules.engine.deck.cards import CARDS, pack_copies
from tractor_rules.engine.deck.units import decompose
from tractor_rules.engine.rulings.follow import FollowContext, follow_error
from tractor_rules.rl.plays import FollowBuilder, LeadBuilder

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules" / "C11-straights.tractor"


def test_the_follow_mask_offers_exactly_the_legal_follows_to_a_straight():
    rules = tractor_rules.load(str(GALLERY))
    ctx = rules.context(rules.levels.first, "S")
    deck = [CARDS[c] for c in range(54) for _ in range(pack_copies(rules.table)[c])]
    rng = random.Random(4)
    tried = 0
    while tried < 12:
        rng.shuffle(deck)
        leader, hand = deck[:25], tuple(deck[25:37])
        straights = [u for u in decompose(ctx.order, tuple(leader)) if u.width == 1 and u.length > 1]
        if not straights:
            continue
        tried += 1
        fc = FollowContext(ctx.order, straights[0].cards)
        legal = {tuple(sorted(play)) for play in set(itertools.combinations(sorted(hand), len(fc.lead)))
                 if follow_error(fc, hand, play) is None}
        assert plays_through_mask(lambda: FollowBuilder(fc, hand)) == legal


def test_without_throws_a_straight_is_a_lead_of_its_own():
    text = GALLERY.read_text(encoding="utf-8") + "\nlead\n  throws: not allowed\n"
    rules = tractor_rules.loads(text, str(GALLERY))
    ctx = rules.context("2", "H")
    hand = tuple(ctx.cards("3S 4S 5S 6S 7S 9C 9C JD"))
    builder = LeadBuilder(ctx.order, hand)
    legal = {tuple(sorted(play)) for size in range(1, len(hand) + 1)
             for play in set(itertools.combinations(sorted(hand), size)) if builder.is_legal(play)}
    assert tuple(sorted(ctx.cards("3S 4S 5S 6S 7S"))) in legal
    assert plays_through_mask(lambda: LeadBuilder(ctx.order, hand)) == legal


def test_the_masks_offer_a_throw_holding_a_rain_and_exactly_the_legal_follows_to_it():
    rules = tractor_rules.load(str(GALLERY))
    ctx = rules.context("2", "S")
    throw = tuple(sorted(ctx.cards("9H 9H 8H 7H 6H 5H KH KH")))  # a rain of 6 cards and a pair
    assert ctx.rain_throw(throw) is not None
    hand = tuple(ctx.cards("9H 9H 8H 7H 6H 5H KH KH 3C 4D"))
    builder = LeadBuilder(ctx.order, hand)
    assert builder.is_legal(throw) and throw in plays_through_mask(lambda: LeadBuilder(ctx.order, hand))
    fc = FollowContext(ctx.order, throw)
    assert fc.rain_throw is not None
    hearts = list(ctx.cards(" ".join(f"{r}H {r}H" for r in "3 4 5 6 7 8 9 10 J Q K A".split())))
    rng = random.Random(6)
    held_rain = 0
    for _ in range(10):
        rng.shuffle(hearts)
        hand = (*hearts[:9], *ctx.cards("3C 4D 5D"))
        legal = {tuple(sorted(play)) for play in set(itertools.combinations(sorted(hand), len(throw)))
                 if follow_error(fc, hand, play) is None}
        assert plays_through_mask(lambda: FollowBuilder(fc, hand)) == legal
        held_rain += any(ctx.rain_throw(play) is not None for play in legal)
    assert held_rain  # some hands held a rain of its kind, which the follows then hold
