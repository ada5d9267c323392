"""Units come largest first in exactly the order a stable sort by unit key and strength gives them
(tractors, then sets widest first, then strongest first; alike sets in the order their cards first
come, suit by suit), though the engine builds the sets in that order instead of sorting them; and a
hand's suit decomposed on its own (``decompose_suit``) gives what decomposing the cards gives."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from pathlib import Path

import pytest
from corpus import CARD_PLAY, distinct, ids

import tractor_rules as tr
from tractor_rules.engine.deck.cards import deck_cards
from tractor_rules.engine.deck.order import Run
from tractor_rules.engine.deck.units import Unit, _largest_first, decompose, decompose_suit

#: one file of each distinct card play (tests/corpus.py): what these tests check reads nothing else
RULESETS = distinct(CARD_PLAY)
IDS = ids(RULESETS)


def plainly_ordered(units: list[Unit], cards: tuple, suit_of) -> list[Unit]:
    """The units sorted as the plain decomposition sorted them: its tractors, then each suit's sets
    in the order of their cards' first place in ``cards`` (suits lowest first), by a stable sort."""
    first: dict = {}
    for i, card in enumerate(cards):
        first.setdefault(card, i)
    tractors = [u for u in units if u.length > 1]
    sets = sorted((u for u in units if u.length == 1), key=lambda u: (suit_of[u.cards[0]], first[u.cards[0]]))
    return sorted(tractors + sets, key=_largest_first, reverse=True)


@pytest.mark.parametrize("name", RULESETS, ids=IDS)
def test_units_come_in_the_order_a_stable_sort_gives(name):
    rules = tr.load(name)
    pack = [c for c in deck_cards(rules.table) for _ in range(rules.table.decks)]
    rng = random.Random(Path(name).name)  # the same cards wherever the checkout lies
    checked = 0
    for level in rules.table.ranks[:3]:
        for trump in ("S", None):
            order = rules.context(level, trump).order
            for suit in range(5):
                of_suit = [c for c in pack if order.suit_of[c] == suit]
                for _ in range(40 if of_suit else 0):
                    cards = tuple(rng.sample(of_suit, rng.randint(1, min(len(of_suit), 20))))
                    units = decompose_suit(order, cards, suit)
                    assert Counter(c for u in units for c in u.cards) == Counter(cards)
                    assert units == plainly_ordered(units, cards, order.suit_of)
                    order.decompositions.clear()  # worked out afresh, not a kept answer
                    assert units == decompose(order, cards)  # one suit's path is the general one
                    checked += 1
            for _ in range(40):  # plays over several suits
                cards = tuple(rng.sample(pack, rng.randint(2, 16)))
                order.decompositions.clear()
                units = decompose(order, cards)
                assert Counter(c for u in units for c in u.cards) == Counter(cards)
                assert units == plainly_ordered(units, cards, order.suit_of)
    assert checked > 500


def test_alike_sets_keep_the_order_of_their_cards():
    # level 2, spades trump: the off-suit 2s are trumps of equal strength; pairs of them come in the
    # order their cards first come, after the wider set, before the singles
    rules = tr.load("two-decks")
    ctx = rules.context("2", "S")
    for cards in ("2H 2D 2D 2H 2C 2C", "2C 2C 2D 2H 2H 2D"):
        units = ctx.units(cards)
        firsts = []
        for card in ctx.cards(cards):
            if card not in firsts:
                firsts.append(card)
        assert [u.cards[0] for u in units] == firsts


def test_a_run_is_its_line_start_and_length():
    assert Run(1, 2, 3) == Run(1, 2, 3) and Run(1, 2, 3) != Run(1, 2, 4)
    assert hash(Run(0, 1, 2)) == hash(Run(0, 1, 2))
    assert repr(Run(0, 1, 2)) == "Run(line=0, start=1, length=2)"
    assert Run(0, 1, 2) != (0, 1, 2)


def test_a_unit_is_a_frozen_dataclass_of_its_five_fields():
    # its ``__init__`` is written out: the fields, their order, equality and immutability stay a
    # dataclass's
    unit = Unit((tr.load("two-decks").context("2", "S").cards("AH")[0],) * 2, 2, 1, 1, 12)
    assert [f.name for f in dataclasses.fields(Unit)] == ["cards", "width", "length", "suit", "top"]
    assert (unit.width, unit.length, unit.suit, unit.top, unit.shape, unit.is_tractor) == (2, 1, 1, 12, (2, 1), False)
    assert unit == Unit(unit.cards, 2, 1, 1, 12) and hash(unit) == hash(Unit(unit.cards, 2, 1, 1, 12))
    assert unit != Unit(unit.cards, 2, 1, 1, 11)
    with pytest.raises(dataclasses.FrozenInstanceError):
        unit.width = 3  # type: ignore[misc]
    assert repr(unit) == "Unit('AH AH', width=2, length=1)"


@pytest.mark.parametrize("name", ["one-deck", "two-decks", "four-decks"])
def test_each_set_is_one_unit_made_once_per_order(name):
    rules = tr.load(name)
    ctx = rules.context("2", "H")
    order = ctx.order
    assert len(order.set_units) == order.set_widths[0] + 1
    ace = ctx.cards("AS")[0]
    for width in order.set_widths:
        cards = (ace,) * width
        unit = ctx.units(cards)[0]
        assert (unit.cards, unit.width, unit.length) == (cards, width, 1)
        assert order.set_units[width][ace] is unit
        # asked again, by another way in: the very same object
        assert ctx.units(" ".join(["AS"] * width))[0] is unit


def plain_longest_run(order, suit: int, faces: set) -> Run | None:
    """The longest run of nodes holding one of ``faces``, walked node by node along the lines (the
    first of equally long ones: lines and nodes come strongest first)."""
    best = None
    for li, line in enumerate(order.lines[suit]):
        start = None
        for pos, node in enumerate((*line, ())):  # a last empty node closes the last run
            if any(f in faces for f in node):
                start = pos if start is None else start
                continue
            if start is not None and (best is None or pos - start > best.length):
                best = Run(li, start, pos - start)
            start = None
    return best


@pytest.mark.parametrize("name", RULESETS, ids=IDS)
def test_the_longest_run_is_what_walking_the_lines_finds(name):
    rules = tr.load(name)
    rng = random.Random(Path(name).name)  # the same cards wherever the checkout lies
    ranks = rules.table.ranks
    for level, trump in ((ranks[0], "S"), (ranks[-1], None), (ranks[len(ranks) // 2], "D")):
        order = rules.context(level, trump).order
        for suit in range(5):
            faces = [f for f in deck_cards(rules.table) if order.suit_of[f] == suit]
            for _ in range(60):
                chosen = set(rng.sample(faces, rng.randint(0, len(faces)))) if faces else set()
                assert order.longest_run(suit, chosen) == plain_longest_run(order, suit, chosen)
            # faces of other suits hold no node of this one
            others = {f for f in deck_cards(rules.table) if order.suit_of[f] != suit}
            assert order.longest_run(suit, others) is None


@pytest.mark.parametrize("name", RULESETS, ids=IDS)
def test_faces_strongest_first_are_what_a_stable_sort_gives(name):
    """The insertion sort of a decomposition's faces (typed where compiled) gives exactly the
    stable sort by strength, strongest first: equally strong faces (the level cards of the side
    suits among trumps, or of every suit without trump) keep the order they came in."""
    from tractor_rules.engine.deck.units import _strongest_first

    rules = tr.load(name)
    pack = list(deck_cards(rules.table))
    rng = random.Random(Path(name).name)  # the same cards wherever the checkout lies
    ties = 0
    for level in rules.table.ranks[:4]:
        for trump in ("H", None):
            strength = rules.context(level, trump).order.strength
            for _ in range(40):
                faces = rng.sample(pack, rng.randint(0, min(len(pack), 24)))
                got = _strongest_first(strength, faces)
                assert got == sorted(faces, key=strength.__getitem__, reverse=True)
                assert all(a is b for a, b in zip(sorted(got), sorted(faces)))  # the same objects
                ties += len({strength[f] for f in faces}) < len(faces)
            assert _strongest_first(strength, {f: 1 for f in pack[:5]}) == \
                sorted(pack[:5], key=strength.__getitem__, reverse=True)  # a dict's keys, in its order
    assert ties  # equally strong faces were met


@pytest.mark.parametrize("name", RULESETS, ids=IDS)
def test_a_nodes_strongest_face_is_what_max_gives(name):
    """The face a tractor takes at each node of its run: the strongest of those held, the first of
    equals, as ``max`` with strength as its key gives it."""
    from tractor_rules.engine.deck.units import _strongest_of

    rules = tr.load(name)
    rng = random.Random(Path(name).name)  # the same cards wherever the checkout lies
    asked = 0
    for level in rules.table.ranks[:3]:
        for trump in ("S", None):
            order = rules.context(level, trump).order
            for lines in order.lines:
                for line in lines:
                    for node in line:
                        for _ in range(3):
                            held = set(rng.sample(list(node), rng.randint(1, len(node))))
                            want = max((f for f in node if f in held), key=order.strength.__getitem__)
                            assert _strongest_of(node, held, order.strength) is want
                            asked += 1
    assert asked
