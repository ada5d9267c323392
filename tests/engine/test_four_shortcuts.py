"""The shortcuts of the follow duties, the pools and the throw checks give exactly the answers of
the plain computations they stand for: holds worked on the counts alone, takes of sets without
the protection test, the follow lists' entries worked out once, the stoppers' strongest sets
found in one pass.  Each plain computation is the engine's own earlier code, kept here."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from corpus import CARD_PLAY, distinct, ids

import tractor_rules as tr
from tractor_rules.engine.deck.cards import pack
from tractor_rules.engine.rulings.follow import _Matcher, _resolve, find_pattern
from tractor_rules.engine.deck.order import Order
from tractor_rules.engine.deck.pool import Pick, Pool, Shape

#: one file of each distinct card play (tests/corpus.py): what these tests check reads nothing else
RULESETS = distinct(CARD_PLAY)
IDS = ids(RULESETS)
DECKS = ["two-decks", "three-decks", "four-decks"]


def orders(name: str) -> list[Order]:
    rules = tr.load(name)
    return [rules.context(level, trump).order for level in rules.table.ranks[:3] for trump in ("S", None)]


class PlainPool(Pool):
    """A pool that answers by the plain computations: every capacity by ``cap``, every holds by a
    trial take."""

    __slots__ = ()

    def copy(self) -> PlainPool:
        other = PlainPool.__new__(PlainPool)
        other.order, other.suit, other.size = self.order, self.suit, self.size
        other.counts = dict(self.counts)
        return other

    def _node_caps(self, line, width, protect):
        return [sum(self.cap(f, width, protect) for f in node) for node in line]

    def take_set(self, width: int, protect: bool = False, pick: Pick = "fit") -> int | None:
        if width == 1:
            protect = False
        faces = [f for f in self.counts if self.cap(f, width, protect)]
        if not faces:
            return None
        face = self._choose_face(faces, pick)
        self.remove(face, width)
        return face

    def holds(self, shapes: list[Shape], protect: bool = False) -> bool:
        if sum(width * length for width, length in shapes) > self.size:
            return False
        larger = [shape for shape in shapes if shape != (1, 1)]
        return not larger or self.copy().take_all(larger, protect) is not None


def plain(pool: Pool) -> PlainPool:
    other = PlainPool(pool.order, pool.suit)
    other.counts, other.size = dict(pool.counts), pool.size
    return other


def random_pools(name: str, rng: random.Random, per_order: int) -> list[Pool]:
    """Pools of every suit of several orders: half dealt at random, half with many faces held
    several times (wide sets and their tractors, which a deal rarely gives)."""
    rules = tr.load(name)
    deck = pack(rules.table)
    decks = rules.table.decks
    pools = []
    for order in orders(name):
        for i in range(per_order):
            suit = rng.randrange(5)
            faces = sorted({c for c in deck if order.suit_of[c] == suit})
            if i % 2 or not faces:
                cards = [c for c in rng.sample(deck, rng.randint(4, len(deck) // 2)) if order.suit_of[c] == suit]
            else:
                chosen = rng.sample(faces, rng.randint(1, len(faces)))
                cards = [f for f in chosen for _ in range(rng.randint(1, decks))]
            pools.append(Pool(order, suit, cards))
    return pools


def random_shapes(rules: tr.Rules, rng: random.Random) -> list[Shape]:
    """Up to five units; every other list of sets only (the lists a hand is most often asked)."""
    comb = rules.combinations
    choices = [(1, 1), *((w, 1) for w in comb.set_widths if w > 1)]
    if rng.random() < 0.5:
        choices += [(w, n) for w in comb.tractor_widths for n in (2, 3)]
    return [rng.choice(choices) for _ in range(rng.randint(1, 5))]


def cases(name: str, per_order: int, per_pool: int):
    """(rng, pool, shapes, protect) over random pools and unit lists, protected or not."""
    rng = random.Random(Path(name).name)  # the same hands wherever the checkout lies
    rules = tr.load(name)
    for pool in random_pools(name, rng, per_order):
        for _ in range(per_pool):
            shapes = random_shapes(rules, rng)
            for protect in (False, True):
                yield rng, pool, shapes, protect


@pytest.mark.parametrize("name", DECKS)
def test_holds_is_the_trial_take(name):
    for _, pool, shapes, protect in cases(name, 30, 12):
        assert pool.holds(shapes, protect) == plain(pool).holds(shapes, protect), (pool.counts, shapes)


@pytest.mark.parametrize("name", DECKS)
def test_takes_choose_the_plain_takes_cards(name):
    for rng, pool, shapes, protect in cases(name, 20, 6):
        seed = rng.random()
        for pick in ("fit", "high", "random"):
            fast = pool.copy().take_all(shapes, protect, random.Random(seed) if pick == "random" else pick)
            slow = plain(pool).take_all(shapes, protect, random.Random(seed) if pick == "random" else pick)
            assert fast == slow
        for width, length in shapes:
            assert pool.best(width, length) == plain(pool).best(width, length)


def plain_find_pattern(pool, pattern, n, size, protect, fixed=None):
    """``find_pattern`` as it was: every term resolved and every unit added for each hand asked."""
    terms = _resolve(pattern, n)
    musts: list[Shape] = []
    given = iter(fixed or ())
    for count, width, length, is_greedy in terms:
        if is_greedy and fixed is None:
            continue
        musts += [(width, length)] * (next(given) if is_greedy else count)
    m = _Matcher(pool, protect, size)
    if sum(w * l for w, l in musts) > m.limit:
        return None
    if not pool.holds([s for s in musts if s != (1, 1)], protect):
        return None
    for shape in musts:
        m.add(*shape)
    counts = []
    if fixed is None:
        for _, width, length, is_greedy in terms:
            if is_greedy:
                k = 0
                while m.fits(width, length):
                    m.add(width, length)
                    k += 1
                counts.append(k)
    return tuple(counts), m


#: the rulesets whose follow duty walks lists
LISTED = [name for name in RULESETS if tr.load(name).following.duty == "lists" and tr.load(name).following.lists]


@pytest.mark.parametrize("name", LISTED, ids=[Path(name).stem for name in LISTED])
def test_follow_list_entries_are_found_as_plainly(name):
    rng = random.Random(Path(name).name)  # the same hands wherever the checkout lies
    lists = tr.load(name).following.lists
    for pool in random_pools(name, rng, 12):
        for follow_list in lists:
            n = rng.randint(1, 4) if follow_list.lead.length == 0 else follow_list.lead.length
            size = follow_list.lead.width * n
            for pattern in follow_list.entries:
                for protect in (False, True):
                    fast = find_pattern(pool, pattern, n, size, protect)
                    slow = plain_find_pattern(plain(pool), pattern, n, size, protect)
                    assert (fast is None) == (slow is None)
                    if fast is None or slow is None:
                        continue
                    assert fast[0] == slow[0]
                    assert (fast[1].found, fast[1].used, fast[1].limit) == (slow[1].found, slow[1].used, slow[1].limit)
                    seed = rng.random()
                    assert fast[1].cards(random.Random(seed)) == slow[1].cards(random.Random(seed))
                    # the check of a play asks with the hand's counts fixed
                    again = find_pattern(pool, pattern, n, size, protect, fast[0])
                    plain_again = plain_find_pattern(plain(pool), pattern, n, size, protect, fast[0])
                    assert (again is None) == (plain_again is None)
