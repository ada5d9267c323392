"""A lead's follow context keeps the demand of each hand it was asked about (checking a follow
reuses what choosing it worked out), but only so many of them: past the bound it forgets them all
and goes on answering as a new context would.

Before this test only long games reached the forgetting (a greedy player's 120th hand or later of
some gallery files), so the gallery's sample had to be that long to reach it: see
tests/test_gallery.py, ``HANDS``."""

from __future__ import annotations

import itertools

import tractor_rules as tr
from tractor_rules.engine.rulings import follow
from tractor_rules.engine.rulings.follow import FollowContext


def test_a_follow_context_keeps_a_bounded_number_of_demands_and_answers_alike_past_it():
    ctx = tr.load("two-decks").context("2", "S")
    lead = ctx.cards("AH AH")
    fc = FollowContext(ctx.order, lead)
    hearts = ctx.cards("3H 3H 4H 4H 5H 6H 7H 7H 8H 9H")
    hands = sorted(set(itertools.combinations(hearts, 4)))  # distinct holdings of the suit
    bound = follow._KEPT_DEMANDS
    assert len(hands) > bound + 1
    kept = []
    for held in hands[:bound + 5]:
        demand = fc.demand(held)
        kept.append(len(fc.demands))
        fresh = FollowContext(ctx.order, lead).demand(held)
        assert (demand.key, demand.words, demand.cards) == (fresh.key, fresh.words, fresh.cards)
        assert fc.demands[held] is demand
    assert kept[:bound] == list(range(1, bound + 1))
    assert kept[bound] == 1, "the hand after the bound found the store full and started it again"
    assert max(kept) == bound
