"""The trick loop's and the deal's shortcuts give exactly what the plain computations give: each
hand kept split by suit as its cards are played (what a view's ``suit_cards`` and a lead's ``held``
answer), a one-card lead's context made without decomposing it, the declaring cards counted as
they are dealt, a throw checked against the other hands' cards of its suit alone, the point table
kept per table, a pool of one suit's cards counted without their suits.  (One suit's cards
decomposed on their own: tests/engine/test_unit_order.py.)"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.engine.deck.cards import CARDS, deck_cards
from tractor_rules.engine.flow.deal import DeclarationOffers, declare_table
from tractor_rules.engine.deck.rains import rain_of
from tractor_rules.engine.rulings.follow import FollowContext, RainDuty
from tractor_rules.engine.flow.hand import play_hand
from tractor_rules.engine.flow.outcome import point_table
from tractor_rules.engine.players.basic import RandomPlayer
from tractor_rules.engine.deck.pool import Pool
from tractor_rules.engine.rulings.tricks import throw_options
from tractor_rules.engine.deck.units import decompose, decompose_suit
from tractor_rules.engine.flow.views import PlayerView, Public, split_by_suit

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
#: the shipped rulesets of every deck count, and house rules with rainbows and called partners
RULESETS = [*tr.builtin_names(), *(str(p) for p in sorted(GALLERY.glob("*.tractor")))]
IDS = [Path(name).stem for name in RULESETS]


def plain_split(view: PlayerView) -> list[tuple]:
    """Each effective suit's cards, by going through the whole hand."""
    suit_of = view.ctx.order.suit_of
    return [tuple(c for c in view.hand if suit_of[c] == suit) for suit in range(5)]


class Checker(RandomPlayer):
    """A random player that checks, at every decision, what the table kept against the plain
    computation: the hand split by suit, the follower's cards of the led suit, and the offers."""

    checked: dict[str, int]

    def __init__(self, seed: int, checked: dict[str, int]):
        super().__init__(seed)
        self.checked = checked

    def lead(self, view):
        assert [view.suit_cards(suit) for suit in range(5)] == plain_split(view)
        self.checked["leads"] += 1
        return super().lead(view)

    def follow(self, view):
        split = plain_split(view)
        assert [view.suit_cards(suit) for suit in range(5)] == split
        fc = view.public.lead_context
        if fc.rainbow is None:
            assert tuple(fc.held(view.hand)) == split[fc.suit]
            # the lead's context, however the trick loop made it, is the one its units give
            order = fc.order
            plain = FollowContext.of_units(order, fc.lead, fc.suit, decompose(order, fc.lead))
            if fc.rain is None:
                assert (fc.units, fc.duty) == (plain.units, plain.duty)
            else:
                # a rain led (a straight with pairs riding along): its own duty, over what its units ask
                assert fc.rain == rain_of(order, fc.lead)
                assert (fc.units, fc.duty) == (plain.units, RainDuty(fc.rain, plain.duty))
                self.checked["rains"] += 1
        self.checked["follows"] += 1
        return super().follow(view)

    def declare(self, view, offers):
        # the offers of the hand as it stands, counted afresh (after the kitty, of the round's own ladder)
        after_kitty = view.public.buried_by is not None and bool(view.rules.declaring.ladder_after_kitty)
        plain = DeclarationOffers(view.rules, [], view.level, after_kitty=after_kitty).offers(view.seat, view.hand,
                                                                                              None, ())
        if not view.public.declarations:  # no standing declaration: every show held is offered
            assert offers == plain
        else:
            shows = {show.cards: show.declaration
                     for show in declare_table(view.rules, view.level, after_kitty).shows}
            for offer in offers:
                if offer.joined:  # a partner's reinforcing (亮主方加固): a show of the ladder, this hand's part held
                    assert shows.get(offer.joined) == offer.declaration
                    assert not Counter(offer.cards) - Counter(view.hand)
                else:
                    assert offer in plain
        self.checked["declares"] += 1
        return super().declare(view, offers)


@pytest.mark.parametrize("name", RULESETS, ids=IDS)
def test_what_the_table_keeps_is_the_plain_computation(name):
    rules = tr.load(name)
    n = rules.table.players
    checked = {"leads": 0, "follows": 0, "declares": 0, "rains": 0}
    players = [Checker(seat, checked) for seat in range(n)]
    rng = random.Random(Path(name).name)  # the same hands wherever the checkout lies
    levels = [r for r in rules.table.ranks if r not in rules.trumps.constant_ranks]
    for hand in range(3):
        play_hand(rules, players, rng, level=rng.choice(levels), banker=None if hand == 0 else rng.randrange(n))
    assert checked["leads"] and checked["follows"]


class TripleLeader(RandomPlayer):
    """Leads three copies of a card whenever it holds them."""

    def lead(self, view):
        for card in view.hand:
            if view.hand.count(card) == 3:
                return (card,) * 3
        return super().lead(view)


def test_copies_of_a_card_beyond_the_widest_set_are_a_throw():
    """Three copies of a card are one set only where triples are sets: without them, a lead of
    three copies is a pair and a single thrown together, checked as a throw."""
    three = tr.load("three-decks")
    leads = {}
    for set_widths in ((1, 2, 3), (1, 2)):
        rules = replace(three, combinations=replace(three.combinations, set_widths=set_widths))
        players = [TripleLeader(seat) for seat in range(rules.table.players)]
        rng = random.Random(5)
        records = [play_hand(rules, players, rng, level="2", banker=0) for _ in range(4)]
        tricks = [t for r in records for t in r.tricks if len(t.attempt or t.plays[0]) == 3
                  and len(set(t.attempt or t.plays[0])) == 1]
        assert tricks
        leads[set_widths] = {t.thrown for t in tricks}
    assert leads == {(1, 2, 3): {False}, (1, 2): {True}}


def test_views_made_elsewhere_split_their_hand_themselves():
    rules = tr.load("two-decks")
    ctx = rules.context("2", "S")
    hand = ctx.cards("AS 2H 3C BJ 4D 2S 5S 3C")
    public = Public(rules, 4, 0, "2", 0, "S", ctx)
    view = PlayerView(0, hand, public)
    assert view.by_suit is None
    assert [view.suit_cards(suit) for suit in range(5)] == plain_split(view)
    assert view.suit_cards(4) == ctx.cards("AS 2H BJ 2S 5S")  # trumps (spades), in the hand's order


@pytest.mark.parametrize("name", ["two-decks", "four-decks", "one-deck"])
def test_one_card_leads_are_what_decomposing_them_gives(name):
    rules = tr.load(name)
    for level in rules.table.ranks[:4]:
        for trump in ("S", "H", None):
            order = rules.context(level, trump).order
            for card in deck_cards(rules.table):
                lead = (CARDS[card],)
                fc = FollowContext(order, lead)
                units = decompose(order, lead)
                plain = FollowContext.of_units(order, lead, order.suit_of[card], units)
                assert (fc.suit, fc.units, fc.duty, fc.rainbow) == (plain.suit, plain.units, plain.duty, None)


@pytest.mark.parametrize("name", ["two-decks", "four-decks", "house-finding-friends"])
def test_a_throw_is_stopped_by_the_suits_cards_alone(name):
    name = name if name in tr.builtin_names() else str(GALLERY / f"{name}.tractor")
    rules = tr.load(name)
    n = rules.table.players
    order = rules.context(rules.table.ranks[0], "S").order
    rng = random.Random(Path(name).name)  # the same hands wherever the checkout lies
    deck = [c for c in deck_cards(rules.table) for _ in range(rules.table.decks)]
    stood = failed = 0
    for _ in range(300):
        rng.shuffle(deck)
        hands = [deck[i::n][:rules.table.hand_size] for i in range(n)]
        split = [split_by_suit(order, hand) for hand in hands]
        suit = rng.randrange(5)
        units = decompose_suit(order, split[0][suit], suit)
        if len(units) < 2:
            continue
        throw = tuple(c for u in rng.sample(units, rng.randint(2, min(len(units), 4))) for c in u.cards)
        whole = throw_options(order, throw, [tuple(h) for h in hands[1:]])
        assert throw_options(order, throw, [s[suit] for s in split[1:]]) == whole
        stood, failed = stood + (not whole), failed + bool(whole)
    assert stood and failed


def test_point_tables_follow_the_tables_points():
    for name in tr.builtin_names():
        rules = tr.load(name)
        scoring = dict(rules.table.points)
        assert point_table(rules) == tuple(
            scoring.get(CARDS[code].rank, 0) if code < 52 else 0 for code in range(54))


@pytest.mark.parametrize("name", ["two-decks", "four-decks", "one-deck"])
def test_a_pool_of_one_suits_cards_is_the_pool_of_those_cards(name):
    rules = tr.load(name)
    order = rules.context(rules.table.ranks[1], "D").order
    pack = [c for c in deck_cards(rules.table) for _ in range(rules.table.decks)]
    rng = random.Random(Path(name).name)  # the same hands wherever the checkout lies
    for suit in range(5):
        of_suit = [c for c in pack if order.suit_of[c] == suit]
        for _ in range(50):
            cards = rng.sample(of_suit, rng.randint(0, min(len(of_suit), 20)))
            fast, plain = Pool.of_suit(order, suit, cards), Pool(order, suit, cards)
            assert (fast.suit, fast.size) == (plain.suit, plain.size)
            assert list(fast.counts.items()) == list(plain.counts.items())  # the same faces, in the same order


def test_spare_cards_are_sorted_by_first_place_as_by_index_look_ups():
    from tractor_rules.engine.rulings.follow import _sort_by_first_place

    rng = random.Random(7)
    for _ in range(3000):
        among = tuple(rng.choice(CARDS[:20]) for _ in range(rng.randint(1, 40)))  # a suit's few, or a hand
        cards = list(among)
        for _ in range(rng.randint(0, len(among) - 1)):
            cards.remove(rng.choice(cards))
        rng.shuffle(cards)
        plain = sorted(cards, key=among.index)
        _sort_by_first_place(cards, among)
        assert cards == plain
