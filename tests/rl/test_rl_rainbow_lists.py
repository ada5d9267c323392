"""The reinforcement-learning environment's mask with a follow list whose lead is a rainbow among
trumps (gallery F10): to a flash the mask offers exactly the legal follows, the highest trump
among them where the hand holds no flash."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import tractor_rules
from tractor_rules.engine.deck.cards import CARDS, pack_copies
from tractor_rules.engine.rulings.follow import FollowContext, follow_error
from tractor_rules.rl.plays import FollowBuilder

from masks import plays_through_mask

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules" / \
    "F10-flashes-followed-by-the-highest-single.tractor"


def test_the_follow_mask_offers_exactly_the_legal_follows_to_a_flash():
    rules = tractor_rules.load(str(GALLERY))
    ctx = rules.context("10", "H")
    order = ctx.order
    deck = [CARDS[c] for c in range(54) for _ in range(pack_copies(rules.table)[c])]
    rng = random.Random(4)
    lead = tuple(ctx.cards("10S 10H 10C 10D"))
    refused = 0
    for _ in range(8):
        rng.shuffle(deck)
        trumps = [c for c in deck if order.suit_of[c] == order.suit_of[lead[0]]]
        hand = tuple(trumps[:7] + [c for c in deck if c not in trumps][:3])
        fc = FollowContext(order, lead)
        plays = set(itertools.combinations(sorted(hand), len(lead)))
        legal = {tuple(sorted(play)) for play in plays if follow_error(fc, hand, play) is None}
        refused += sum(1 for play in plays if "highest single" in (follow_error(fc, hand, play) or ""))
        assert plays_through_mask(lambda: FollowBuilder(fc, hand)) == legal
    assert refused
