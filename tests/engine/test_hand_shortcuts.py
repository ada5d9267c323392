"""The trick loop's and the deal's shortcuts give exactly what the plain computations give: each
hand kept split by suit as its cards are played (what a view's ``suit_cards`` and a lead's ``held``
answer), a one-card lead's context made without decomposing it, and the declaring cards counted as
they are dealt."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.engine.cards import CARDS, deck_cards
from tractor_rules.engine.deal import DeclarationOffers
from tractor_rules.engine.follow import FollowContext
from tractor_rules.engine.hand import play_hand
from tractor_rules.engine.players import RandomPlayer
from tractor_rules.engine.units import decompose
from tractor_rules.engine.views import PlayerView, Public

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
        self.checked["follows"] += 1
        return super().follow(view)

    def declare(self, view, offers):
        # the offers of the hand as it stands, counted afresh
        plain = DeclarationOffers(view.rules, [], view.level).offers(view.seat, view.hand, None, ())
        if not view.public.declarations:  # no standing declaration: every show held is offered
            assert offers == plain
        else:
            assert all(offer in plain for offer in offers)
        self.checked["declares"] += 1
        return super().declare(view, offers)


@pytest.mark.parametrize("name", RULESETS, ids=IDS)
def test_what_the_table_keeps_is_the_plain_computation(name):
    rules = tr.load(name)
    n = rules.table.players
    checked = {"leads": 0, "follows": 0, "declares": 0}
    players = [Checker(seat, checked) for seat in range(n)]
    rng = random.Random(name)
    levels = [r for r in rules.table.ranks if r not in rules.trumps.constant_ranks]
    for hand in range(3):
        play_hand(rules, players, rng, level=rng.choice(levels), banker=None if hand == 0 else rng.randrange(n))
    assert checked["leads"] and checked["follows"]


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
