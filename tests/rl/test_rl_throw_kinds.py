"""The learning environment's lead mask where the rules bar kinds from throws (``throws: allowed,
without tractors``, ``of singles and pairs only``): the card-by-card mask offers exactly the leads
the oracle's lead check allows, and never a throw holding a barred kind."""

from __future__ import annotations

import itertools

from masks import plays_through_mask

import tractor_rules as tr
from tractor_rules.rl.plays import LeadBuilder

RULES = {
    "without tractors": 'extends: "two-decks"\nlead\n  throws: allowed, without tractors\n',
    "singles only": 'extends: "two-decks"\nlead\n  throws: allowed, of singles only\n',
}
HANDS = ("QS QS JS JS AS 9S 3H", "KS KS QS QS JS JS 4S 4S 7D", "AH AH KH 5H 5H 4H 4H")


def _legal_leads(ctx, hand: tuple) -> set[tuple[int, ...]]:
    """Every lead of the hand's cards the oracle's lead check allows."""
    return {tuple(sorted(play)) for size in range(1, len(hand) + 1)
            for play in set(itertools.combinations(sorted(hand), size)) if ctx.lead_error(play) is None}


def test_the_lead_mask_offers_exactly_the_leads_the_lead_check_allows():
    for name, text in RULES.items():
        ctx = tr.loads(text).context("2", "D")
        for notation in HANDS:
            hand = tuple(ctx.cards(notation))
            legal = _legal_leads(ctx, hand)
            builder = LeadBuilder(ctx.order, hand)
            assert {p for p in legal if builder.is_legal(p)} == legal, name
            assert plays_through_mask(lambda: LeadBuilder(ctx.order, hand)) == legal, (name, notation)


def test_a_barred_throw_is_left_out_and_its_tractor_offered_alone():
    ctx = tr.loads(RULES["without tractors"]).context("2", "D")
    hand = tuple(ctx.cards("QS QS JS JS AS 3H"))
    offered = plays_through_mask(lambda: LeadBuilder(ctx.order, hand))
    tractor = tuple(sorted(ctx.cards("QS QS JS JS")))
    assert tractor in offered
    assert tuple(sorted(ctx.cards("QS QS JS JS AS"))) not in offered
    assert tuple(sorted(ctx.cards("QS QS AS"))) in offered  # a pair and a single may be thrown
    plain = tr.load("two-decks").context("2", "D")
    assert tuple(sorted(ctx.cards("QS QS JS JS AS"))) in plays_through_mask(lambda: LeadBuilder(plain.order, hand))
