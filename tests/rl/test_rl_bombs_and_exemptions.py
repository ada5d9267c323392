"""The reinforcement-learning environment's mask with bombs (gallery C15), free bombs (gallery F7:
'exempt: bombs from following suit'), rainbows as bombs (gallery C09) and tractors kept whole
(gallery F8: 'exempt: tractors from breaking'): the card-by-card mask offers exactly the plays the
engine's checks allow, and the hands sampled put each rule to work."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

from masks import plays_through_mask

import tractor_rules
from tractor_rules.engine.deck.cards import CARDS, pack_copies
from tractor_rules.engine.deck.rainbows import rainbow_parts
from tractor_rules.engine.rulings.follow import FollowContext, follow_error
from tractor_rules.engine.rulings.tricks import is_bomb
from tractor_rules.rl.plays import FollowBuilder, LeadBuilder

HOUSE = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
BOMBS = HOUSE / "C15-four-of-a-kind-beats-tractors.tractor"
FREE_BOMBS = HOUSE / "F7-free-bombs.tractor"
RAINBOW_BOMBS = HOUSE / "C09-forty-points-bombs.tractor"
TRACTORS_KEPT = HOUSE / "F8-tractors-not-broken.tractor"
RANKS = "3 4 5 6 7 8 9 10 J Q K A".split()
TWO_DECKS = Path(__file__).resolve().parents[2] / "rulesets" / "two-decks.tractor"


def _deck(rules) -> list:
    return [CARDS[c] for c in range(54) for _ in range(pack_copies(rules.table)[c])]


def _legal_follows(fc: FollowContext, hand: tuple) -> set[tuple[int, ...]]:
    """Every play of as many cards as the lead that the engine's follow check allows."""
    return {tuple(sorted(play)) for play in set(itertools.combinations(sorted(hand), len(fc.lead)))
            if follow_error(fc, hand, play) is None}


def _legal_leads(builder: LeadBuilder, hand: tuple) -> set[tuple[int, ...]]:
    return {tuple(sorted(play)) for size in range(1, len(hand) + 1)
            for play in set(itertools.combinations(sorted(hand), size)) if builder.is_legal(play)}


def _hands_with_a_bomb(rules, rng: random.Random, count: int, size: int = 10):
    """Hands of ``size`` random cards and four copies of one random face (a bomb held)."""
    deck = _deck(rules)
    for _ in range(count):
        rng.shuffle(deck)
        face = deck[0]
        rest = [c for c in deck if c != face][: size]
        yield tuple([face] * 4 + rest)


def test_the_follow_mask_offers_exactly_the_legal_follows_with_bombs():
    # C15: a bomb follows as any play does; the mask offers it exactly where the duty allows it
    rules = tractor_rules.load(str(BOMBS))
    assert rules.combinations.bomb_width == 4 and not rules.following.free_bombs
    ctx = rules.context("2", "H")
    leads = [tuple(ctx.cards(t)) for t in ("AS AS KS KS", "9S 9S 9S 9S", "3D 5D 8D JD")]
    rng = random.Random(15)
    bomb_follows = held_but_refused = 0
    for lead in leads:
        fc = FollowContext(ctx.order, lead)
        for hand in _hands_with_a_bomb(rules, rng, 5):
            legal = _legal_follows(fc, hand)
            assert legal
            assert plays_through_mask(lambda: FollowBuilder(fc, hand)) == legal
            bombs = {play for play in set(itertools.combinations(sorted(hand), 4)) if is_bomb(ctx.order, play)}
            bomb_follows += len(bombs & legal)
            held_but_refused += len(bombs - legal)
    assert bomb_follows  # some hands followed with a bomb, and the mask offered it
    assert held_but_refused  # and some held a bomb the duty refused, which the mask left out


def test_the_lead_mask_offers_a_bomb_as_a_lead():
    rules = tractor_rules.load(str(BOMBS))
    ctx = rules.context("2", "H")
    for notation in ("9S 9S 9S 9S 10S 3C 4D", "KH KH KH KH 4C QD"):
        hand = tuple(ctx.cards(notation))
        builder = LeadBuilder(ctx.order, hand)
        legal = _legal_leads(builder, hand)
        bomb = tuple(sorted(hand[:4]))
        assert bomb in legal and is_bomb(ctx.order, bomb)
        assert plays_through_mask(lambda: LeadBuilder(ctx.order, hand)) == legal


def test_the_follow_mask_offers_a_free_bomb_in_place_of_following():
    # F7: a bomb of as many cards as the lead may be played instead of following, whatever its suit
    rules = tractor_rules.load(str(FREE_BOMBS))
    plain = tractor_rules.load(str(BOMBS))  # the same bombs, without the exemption
    assert rules.following.free_bombs and not plain.following.free_bombs
    ctx, plain_ctx = rules.context("2", "H"), plain.context("2", "H")
    # (four decks hold four copies of a card: no bomb is as long as a lead of five)
    leads = ("AS AS KS KS", "9S 9S 9S 9S", "3D 5D 8D JD", "QC QC JC JC 10C")
    rng = random.Random(7)
    freed = hands_freed = 0
    for text in leads:
        lead = tuple(ctx.cards(text))
        fc = FollowContext(ctx.order, lead)
        plain_fc = FollowContext(plain_ctx.order, lead)
        assert fc.free_bombs and not plain_fc.free_bombs
        for hand in _hands_with_a_bomb(rules, rng, 4):
            legal = _legal_follows(fc, hand)
            assert plays_through_mask(lambda: FollowBuilder(fc, hand)) == legal
            plain_legal = _legal_follows(plain_fc, hand)
            assert plain_legal <= legal  # the exemption only adds plays
            extra = legal - plain_legal
            assert all(is_bomb(ctx.order, play) for play in extra)  # and what it adds are bombs
            freed += len(extra)
            hands_freed += bool(extra)
    assert hands_freed >= 3 and freed  # some hands were offered a bomb in place of following


def test_the_masks_with_rainbows_as_bombs():
    # C09: the four cards of a rank, one of each suit, lead as a bomb; to a lead of four cards a
    # hand that can no longer follow suit may play one; to a rainbow the follows are the rainbow's
    rules = tractor_rules.load(str(RAINBOW_BOMBS))
    assert rules.combinations.rainbow_bombs
    ctx = rules.context("2", "H")
    order = ctx.order
    rainbow = tuple(ctx.cards("7S 7H 7D 7C"))
    assert rainbow_parts(order, rainbow) is not None

    # leads: the rainbow is offered, and exactly the legal leads are
    for notation in ("7S 7H 7D 7C 9S 9H 3C", "7S 7H 7D 7C 8S 8H 8D 8C KD"):
        hand = tuple(ctx.cards(notation))
        builder = LeadBuilder(order, hand)
        legal = _legal_leads(builder, hand)
        assert tuple(sorted(rainbow)) in legal
        assert plays_through_mask(lambda: LeadBuilder(order, hand)) == legal

    deck = _deck(rules)
    rng = random.Random(9)
    bomb_follows = held_but_refused = 0
    leads = [rainbow, tuple(ctx.cards("QS JS 9S 6S")), tuple(ctx.cards("KD 10D 5D 3D"))]
    for lead in leads:
        fc = FollowContext(order, lead)
        for _ in range(8):
            # a rank neither the level nor the lead's (one deck: each card once)
            rank = rng.choice([r for r in RANKS if all(c % 13 != ctx.cards(f"{r}S")[0] % 13 for c in lead)])
            bomb = tuple(ctx.cards(f"{rank}S {rank}H {rank}D {rank}C"))
            rest = [c for c in deck if c not in bomb and c not in lead]
            rng.shuffle(rest)
            # few cards of the led suit now and then: a hand that can no longer follow it
            if rng.random() < 0.5:
                rest = [c for c in rest if order.suit_of[c] != order.suit_of[lead[0]]]
            hand = (*bomb, *rest[:8])
            legal = _legal_follows(fc, hand)
            assert legal
            assert plays_through_mask(lambda: FollowBuilder(fc, hand)) == legal
            if fc.rainbow is None:
                if tuple(sorted(bomb)) in legal:
                    bomb_follows += 1
                else:
                    held_but_refused += 1
    assert bomb_follows  # some hands played a rainbow bomb to a lead of four cards
    assert held_but_refused  # and some had to follow suit instead


def test_the_follow_mask_keeps_tractors_whole_when_exempt():
    # F8: to a lead without a tractor, a tractor held need not be broken
    rules = tractor_rules.load(str(TRACTORS_KEPT))
    plain = tractor_rules.load(str(TWO_DECKS))
    ctx, plain_ctx = rules.context("2", "H"), plain.context("2", "H")
    order = ctx.order
    spades = [c for c in _deck(rules) if order.suit_of[c] == order.suit_of[ctx.cards("3S")[0]]]
    others = [c for c in _deck(rules) if c not in spades]
    rng = random.Random(8)
    kept = tractor_leads = 0
    for text in ("5S 5S", "5S 5S 9S", "8S 8S 4S 4S", "10S 10S 9S 9S"):
        lead = tuple(ctx.cards(text))
        fc = FollowContext(order, lead)
        plain_fc = FollowContext(plain_ctx.order, lead)
        tractor_leads += any(u.is_tractor for u in fc.units)
        for _ in range(6):
            # a tractor of two adjacent pairs of spades (the level being 2), of ranks the lead leaves
            low, high = rng.choice([pair for pair in zip(RANKS, RANKS[1:])
                                    if not any(f"{rank}S" in text.split() for rank in pair)])
            tractor = ctx.cards(f"{low}S {low}S {high}S {high}S")
            pool = [c for c in spades if c not in lead]
            for c in tractor:
                if c in pool:
                    pool.remove(c)
            rng.shuffle(pool)
            rng.shuffle(others)
            hand = (*tractor, *pool[: rng.choice((1, 2, 3))], *others[:5])
            legal = _legal_follows(fc, hand)
            assert plays_through_mask(lambda: FollowBuilder(fc, hand)) == legal
            plain_legal = _legal_follows(plain_fc, hand)
            assert plain_legal <= legal
            if not fc.tractors_kept:
                assert legal == plain_legal  # a lead holding a tractor: nothing is exempt
            kept += len(legal - plain_legal)
    assert tractor_leads  # some leads held a tractor, and the exemption did not apply to them
    assert kept  # some hands kept a tractor whole where without the exemption it was broken


def test_with_free_bombs_the_follow_mask_offers_the_follows_of_a_hand_short_of_the_suit():
    # F7, two hands short of diamonds for a lead of four diamonds: one without a bomb (one diamond,
    # then any three cards), one holding a bomb and exactly four diamonds (all four, or the bomb)
    rules = tractor_rules.load(str(FREE_BOMBS))
    ctx = rules.context("2", "H")
    fc = FollowContext(ctx.order, tuple(ctx.cards("3D 5D 8D JD")))
    for notation in ("9D 5C JS 10S 2C 4H 8H 4C 4C JS QS 5S", "7H 7H 7H 7H QD SJ 8H 4S AH 3S 4D 4D 10S 10D"):
        hand = tuple(ctx.cards(notation))
        legal = _legal_follows(fc, hand)
        assert plays_through_mask(lambda: FollowBuilder(fc, hand)) == legal
