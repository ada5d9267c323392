"""The engine's shortcuts on its hot path give exactly the answers of the plain computations they
stand for: the run of nodes read from the faces' places, one-card tricks decided by strength, a
single unit found without a trial take, decompositions handed out again."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from corpus import CARD_PLAY, distinct, ids

import tractor_rules as tr
from tractor_rules.engine.deck.cards import pack
from tractor_rules.engine.deck.order import Order, Run
from tractor_rules.engine.deck.pool import Pool
from tractor_rules.engine.rulings.tricks import is_ruff, winner
from tractor_rules.engine.deck.units import decompose

#: one file of each distinct card play (tests/corpus.py): what these tests check reads nothing else
RULESETS = distinct(CARD_PLAY)
IDS = ids(RULESETS)


def orders(name: str) -> list[Order]:
    rules = tr.load(name)
    return [rules.context(level, trump).order for level in rules.table.ranks[:3] for trump in ("S", None)]


def scanned_run(order: Order, suit: int, faces: set[int]) -> Run | None:
    """The longest run by walking every node of every line (the first of the longest)."""
    best = None
    for li, line in enumerate(order.lines[suit]):
        start = -1
        for pos, node in enumerate((*line, ())):
            if faces.intersection(node):
                start = pos if start < 0 else start
            elif start >= 0:
                if best is None or pos - start > best.length:
                    best = Run(li, start, pos - start)
                start = -1
    return best


@pytest.mark.parametrize("name", RULESETS, ids=IDS)
def test_longest_run_is_the_scan_of_the_lines(name):
    rng = random.Random(Path(name).name)  # the same hands wherever the checkout lies
    for order in orders(name):
        for suit in range(5):
            members = [f for line in order.lines[suit] for node in line for f in node]
            for _ in range(40):
                faces = set(rng.sample(members, rng.randint(0, len(members))))
                faces.add(rng.randrange(54))  # a face of another suit, or none of the deck, is no node
                assert order.longest_run(suit, faces) == scanned_run(order, suit, faces)


def compared_winner(order: Order, lead: tuple, follows: list[tuple]) -> int:
    """The winner by building each play's pool and comparing as ``ruffing.compare`` says."""
    rules = order.rules
    lead_suit = order.suit_of[lead[0]]
    units = decompose(order, lead)
    contenders, ruffs = [(0, Pool(order, lead_suit, lead))], []
    for i, play in enumerate(follows, start=1):
        suits = {order.suit_of[c] for c in play}
        if len(suits) != 1:
            continue
        pool = Pool(order, suits.pop(), play)
        if pool.suit == lead_suit:
            contenders.append((i, pool))
        elif pool.suit == 4 and is_ruff(rules, units, pool):
            ruffs.append((i, pool))
    how = rules.ruffing.compare
    if how == "highest-card":
        def top(pool):
            return max(order.strength[f] for f in pool.counts)
    else:  # a single's counterpart is the play's highest card for both other ways
        def top(pool):
            return pool.best(1, 1)
    best_i, best_pool = (ruffs or contenders)[0]
    for i, pool in (ruffs or contenders)[1:]:
        if top(pool) > top(best_pool):
            best_i, best_pool = i, pool
    return best_i


@pytest.mark.parametrize("name", RULESETS, ids=IDS)
def test_one_card_tricks_are_won_as_the_comparison_says(name):
    rng = random.Random(Path(name).name)  # the same hands wherever the checkout lies
    rules = tr.load(name)
    deck = pack(rules.table)
    for order in orders(name):
        for _ in range(60):
            lead = (rng.choice(deck),)
            # one card each as the rules have it, now and then an odd play as the oracle may get
            follows = [tuple(rng.sample(deck, rng.choice((1, 1, 1, 2, 0)))) for _ in range(rules.table.players - 1)]
            if rules.combinations.bomb_width and any(len(p) > 1 for p in follows):
                continue  # bombs are decided before any comparison
            expected = compared_winner(order, lead, follows)
            assert winner(order, lead, decompose(order, lead), order.suit_of[lead[0]], follows) == expected


@pytest.mark.parametrize("name", ["two-decks", "three-decks", "four-decks"])
def test_one_unit_is_held_exactly_when_a_trial_take_finds_it(name):
    rng = random.Random(Path(name).name)  # the same hands wherever the checkout lies
    rules = tr.load(name)
    deck = pack(rules.table)
    shapes = [(w, 1) for w in rules.combinations.set_widths if w > 1]
    shapes += [(w, n) for w in rules.combinations.tractor_widths for n in (2, 3)]
    for order in orders(name):
        for _ in range(50):
            suit = rng.randrange(5)
            cards = [c for c in rng.sample(deck, 40) if order.suit_of[c] == suit]
            pool = Pool(order, suit, cards)
            for shape in shapes:
                for protect in (False, True):
                    trial = pool.copy().take_all([shape], protect) is not None
                    assert pool.holds([shape], protect) == trial


def test_a_decomposition_is_handed_out_as_a_list_of_its_own():
    order = tr.load("two-decks").context("2", "S").order
    cards = tuple(tr.load("two-decks").context("2", "S").cards("AH AH KH KH 9H 5H 5H"))
    first = decompose(order, cards)
    first.reverse()
    first.append(first[0])
    again = decompose(order, cards)
    order.decompositions.clear()
    assert again == decompose(order, cards)
    assert [str(u) for u in again] == ["AH AH KH KH", "5H 5H", "9H"]


def test_one_card_drawn_by_choice_is_the_card_sample_draws():
    """``choose_follow`` draws one spare card with ``choice``: the same card, and the same state of
    the generator after, as ``sample(spare, 1)`` (seeded games play exactly as before)."""
    for size in range(1, 60):
        spare = list(range(100, 100 + size))
        for seed in range(25):
            by_sample, by_choice = random.Random(seed), random.Random(seed)
            assert by_sample.sample(spare, 1) == [by_choice.choice(spare)]
            assert by_sample.getstate() == by_choice.getstate()


@pytest.mark.parametrize("name", RULESETS, ids=IDS)
def test_cards_all_different_decompose_as_the_general_path_says(name):
    """A play with no two cards alike is taken as singles ordered by strength, without the search
    for sets and tractors: exactly what that search and the largest-first order give."""
    from tractor_rules.engine.deck.units import _identical, _largest, _largest_first

    rng = random.Random(Path(name).name)  # the same hands wherever the checkout lies
    rules = tr.load(name)
    identical = rules.combinations.grouping == "identical"
    faces = sorted(set(pack(rules.table)))
    for order in orders(name):
        for _ in range(40):
            suit = rng.randrange(5)
            of_suit = [c for c in faces if order.suit_of[c] == suit]
            if not of_suit:
                continue
            cards = tuple(rng.sample(of_suit, rng.randint(1, len(of_suit))))
            order.decompositions.clear()
            pool = Pool(order, suit, cards)
            general = _identical(order, pool) if identical else _largest(order, pool)
            general.sort(key=_largest_first, reverse=True)
            assert decompose(order, cards) == general
