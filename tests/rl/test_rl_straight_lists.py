"""The reinforcement-learning environment's mask with a follow list whose lead is a straight
(gallery F9): to a straight or a rain the mask offers exactly the legal follows."""

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
    "F9-straights-followed-by-the-highest-single.tractor"


def test_the_follow_mask_offers_exactly_the_legal_follows_to_straights_and_rains():
    rules = tractor_rules.load(str(GALLERY))
    ctx = rules.context("2", "H")
    deck = [CARDS[c] for c in range(54) for _ in range(pack_copies(rules.table)[c])]
    rng = random.Random(9)
    leads = [tuple(ctx.cards(text)) for text in ("5S 6S 7S 8S 9S", "5S 6S 6S 7S 8S 9S", "6D 7D 8D 9D 10D JD")]
    refused = 0
    for lead in leads:
        for _ in range(5):
            rng.shuffle(deck)
            suit = [c for c in deck if ctx.order.suit_of[c] == ctx.order.suit_of[lead[0]]]
            # a hand heavy in the led suit, so that the list's entries are asked
            hand = tuple(suit[:8] + [c for c in deck if c not in suit][:3])
            fc = FollowContext(ctx.order, lead)
            plays = set(itertools.combinations(sorted(hand), len(lead)))
            legal = {tuple(sorted(play)) for play in plays if follow_error(fc, hand, play) is None}
            refused += sum(1 for play in plays if "highest single" in (follow_error(fc, hand, play) or ""))
            assert plays_through_mask(lambda: FollowBuilder(fc, hand)) == legal
    assert refused  # the highest single refused some plays: the mask was put to the test
