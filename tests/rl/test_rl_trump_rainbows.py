"""The reinforcement-learning environment's mask with rainbows among trumps (gallery C10): a flash
is a lead of its own without throws, and to a flash the mask offers exactly the legal follows."""

from __future__ import annotations

import itertools
from pathlib import Path

from masks import plays_through_mask

import tractor_rules
from tractor_rules.engine.rulings.follow import FollowContext, follow_error
from tractor_rules.rl.plays import FollowBuilder, LeadBuilder

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules" / "C10-shandong-flash.tractor"


def test_without_throws_a_flash_is_a_lead_of_its_own():
    text = GALLERY.read_text(encoding="utf-8") + "\nlead\n  throws: not allowed\n"
    rules = tractor_rules.loads(text, str(GALLERY))
    ctx = rules.context("7", "H")
    hand = tuple(ctx.cards("7S 7H 7D 7C 3S 9C JD"))
    builder = LeadBuilder(ctx.order, hand)
    legal = {tuple(sorted(play)) for size in range(1, len(hand) + 1)
             for play in set(itertools.combinations(sorted(hand), size)) if builder.is_legal(play)}
    assert tuple(sorted(ctx.cards("7S 7H 7D 7C"))) in legal
    assert tuple(sorted(ctx.cards("7S 7H 7D"))) not in legal  # three trumps of one rank: a throw
    assert plays_through_mask(lambda: LeadBuilder(ctx.order, hand)) == legal


def test_the_follow_mask_offers_exactly_the_legal_follows_to_a_flash():
    rules = tractor_rules.load(str(GALLERY))
    ctx = rules.context("7", "H")
    lead = tuple(ctx.cards("2S 2H 2D 2C"))
    fc = FollowContext(ctx.order, lead)
    assert fc.rainbow is not None
    for notation in ("7S 7H 7D 7C AH 4S 9C", "7S 7H 7D AH KH 4S 9C", "AH 4S 4C 6D 9C JD"):
        hand = tuple(ctx.cards(notation))
        legal = {tuple(sorted(play)) for play in set(itertools.combinations(sorted(hand), len(lead)))
                 if follow_error(fc, hand, play) is None}
        assert legal
        assert plays_through_mask(lambda: FollowBuilder(fc, hand)) == legal
