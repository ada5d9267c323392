"""The reinforcement-learning environment's mask with the follow term "the highest single"
(gallery F6): to a pair or a tractor the mask offers exactly the legal follows."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import tractor_rules
from tractor_rules.engine.deck.cards import CARDS, pack_copies
from tractor_rules.engine.rulings.follow import FollowContext, follow_error
from tractor_rules.rl.plays import FollowBuilder

from masks import plays_through_mask

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules" / "F6-highest-single.tractor"


def test_the_follow_mask_offers_exactly_the_legal_follows_with_the_highest_single():
    rules = tractor_rules.load(str(GALLERY))
    ctx = rules.context("10", "H")
    deck = [CARDS[c] for c in range(54) for _ in range(pack_copies(rules.table)[c])]
    rng = random.Random(6)
    leads = [tuple(ctx.cards(text)) for text in ("7S 7S", "8S 8S 7S 7S", "6H 6H", "QD QD JD JD")]
    refused = 0
    for lead in leads:
        for _ in range(6):
            rng.shuffle(deck)
            hand = tuple(deck[:12])
            fc = FollowContext(ctx.order, lead)
            plays = set(itertools.combinations(sorted(hand), len(lead)))
            legal = {tuple(sorted(play)) for play in plays if follow_error(fc, hand, play) is None}
            refused += sum(1 for play in plays if "highest single" in (follow_error(fc, hand, play) or ""))
            assert plays_through_mask(lambda: FollowBuilder(fc, hand)) == legal
    assert refused  # the highest single refused some plays: the mask was put to the test
