"""The "broken down step by step" follow order: every shape a lead can be broken into, best first.

A lead's unit breaks down through every way of splitting its cards into sets and tractors, ordered:

1. by the sizes of the sets, largest first (to a tractor of three pairs: three pairs, then two
   pairs and two singles, then one pair, then singles; to a quad: a triple first);
2. among the same sets, by how they join into tractors: the longest tractor first, then the fewest
   pieces (a tractor of two pairs and a pair before three loose pairs);
3. between equals, the longer pieces first.

The unit's own shape comes first, and the list goes on with what follows it.  A lead of several units
(a throw) breaks down one unit at a time, always the unit with the most steps still ahead (the first
of equals), every step keeping the other units as they stand: the list of requirements for a throw of
a tractor of three pairs and a single is the tractor's own list plus the single.

This is the order of the open-source server rbtying/shengji (``subsequent_decomposition_ordering``),
restricted to the shapes this engine knows: a set of a width the game has, or a tractor of one width
and a length the game allows (its "triple next to a pair" shapes of three decks and more are left
out).

The lists depend only on the lead's shapes and the combinations, so they are computed once and
cached; a follow check then walks them, asking of each whether the hand holds it.  That question
(``take_exactly``) is answered by counting, then by the greedy takes of ``Pool``, and only when those
disagree (tractors of different lengths competing for one run) by a search over the few tractor
windows; sets are never enumerated.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from itertools import product

from ...rules import Combinations
from .draws import shuffle
from .pool import Pick, Pool, Shape, shape_key

#: the units one step asks for (singles left out: any card will do), largest first
Requirement = tuple[Shape, ...]


def _sorted(shapes: list[Shape]) -> Requirement:
    return tuple(sorted((s for s in shapes if s != (1, 1)), key=lambda s: shape_key(*s), reverse=True))


def _groupings(total: int, parts: tuple[int, ...], top: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every way of writing ``total`` cards as set sizes from ``parts`` (1 included), each sorted
    largest first, in decreasing lexicographic order, starting at ``top``."""
    out: list[tuple[int, ...]] = []

    def go(left: int, largest: int, acc: tuple[int, ...]) -> None:
        if not left:
            out.append(acc)
            return
        for p in parts:
            if p <= largest and p <= left:
                go(left - p, p, (*acc, p))

    go(total, max(parts), ())
    return [g for g in out if g <= top]


def _length_partitions(count: int, lengths: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every way of joining ``count`` sets into pieces of the given lengths (1: a loose set)."""
    out: list[tuple[int, ...]] = []

    def go(left: int, largest: int, acc: tuple[int, ...]) -> None:
        if not left:
            out.append(acc)
            return
        for n in lengths:
            if n <= largest and n <= left:
                go(left - n, n, (*acc, n))

    go(count, count, ())
    return out


def _joinings(grouping: tuple[int, ...], comb: Combinations) -> list[list[Shape]]:
    """The ways the sets of one grouping join into tractors, best first: the longest piece first,
    then the fewest pieces, then the longer pieces first."""
    per_width = []
    for width, count in sorted(Counter(p for p in grouping if p > 1).items(), reverse=True):
        lengths: tuple[int, ...] = (1,)
        if width in comb.tractor_widths:
            low, high = comb.lengths_of(width)
            low = max(low, 2)
            lengths = tuple(n for n in range(count, 1, -1) if n >= low and (not high or n <= high)) + (1,)
        per_width.append([[(width, n) for n in part] for part in _length_partitions(count, lengths)])
    singles = [(1, 1)] * grouping.count(1)
    joined = [[s for block in choice for s in block] + singles for choice in product(*per_width)]

    def key(pieces: list[Shape]) -> tuple:
        sets = [p for p in pieces if p != (1, 1)]
        longest = max((n for _, n in sets), default=0)
        return (-longest, len(sets), sorted(((-n, -w) for w, n in sets)))

    return sorted(joined, key=key)


@lru_cache(maxsize=1024)
def unit_steps(width: int, length: int, comb: Combinations) -> tuple[Requirement, ...]:
    """What one unit breaks down into, in order, after the unit itself."""
    parts = tuple(sorted(set(comb.set_widths) | {1}, reverse=True))
    top = (width,) * length
    steps: list[Requirement] = []
    own = _sorted([(width, length)])
    seen_own = False
    for grouping in _groupings(width * length, parts, top):
        for pieces in _joinings(grouping, comb):
            req = _sorted(pieces)
            if not seen_own:
                seen_own = req == own
                continue
            if not steps or steps[-1] != req:
                steps.append(req)
    return tuple(steps)


@lru_cache(maxsize=4096)
def breakdown_order(shapes: tuple[Shape, ...], comb: Combinations) -> tuple[Requirement, ...]:
    """The requirements for a lead of these units, the lead's own shape first."""
    current: list[Requirement] = [_sorted([s]) for s in shapes]
    ahead = [list(unit_steps(w, n, comb)) for w, n in shapes]
    order = list(range(len(shapes)))
    out: list[Requirement] = [_sorted([s for req in current for s in req])]
    while True:
        order.sort(key=lambda i: -len(ahead[i]))  # stable: the first of equals
        i = order[0]
        if not ahead[i]:
            break
        current[i] = ahead[i].pop(0)
        req = _sorted([s for r in current for s in r])
        if req != out[-1]:
            out.append(req)
    return tuple(out)


# --- does a pool hold a requirement? ---------------------------------------------------------------


def _counts_allow(pool: Pool, req: Requirement, protect: bool) -> bool:
    """Necessary conditions, by counting: enough cards, enough sets of each width, enough tractors
    of each shape."""
    if sum(w * n for w, n in req) > pool.size:
        return False
    sets: Counter[int] = Counter()
    tractors: Counter[Shape] = Counter()
    for w, n in req:
        sets[w] += n
        if n > 1:
            tractors[(w, n)] += 1
    if any(pool.count_sets(w, protect) < k for w, k in sets.items()):
        return False
    return all(pool.count_tractors(w, n, protect) >= k for (w, n), k in tractors.items())


def take_exactly(pool: Pool, req: Requirement, protect: bool = False, pick: Pick = "fit") -> list[int] | None:
    """The cards of disjoint units of every shape of ``req`` taken from ``pool`` (which is left
    as it was), or None if the pool cannot give them all.  Exact: where the greedy takes miss, the
    tractors' windows are searched (sets then follow greedily, which is exact for what is left)."""
    if not req:
        return []
    if not _counts_allow(pool, req, protect):
        return None
    got = pool.copy().take_all(list(req), protect, pick)
    if got is not None:
        return got
    tractors = [s for s in req if s[1] > 1]
    if len(tractors) < 2 and not any(s[1] == 1 for s in req):
        return None  # one tractor alone: the greedy take is exact
    sets = [s for s in req if s[1] == 1]
    rng = pick if isinstance(pick, random.Random) else None
    return _search(pool.copy(), tractors, sets, protect, rng, (-1, -1), [], set())


def _search(pool: Pool, tractors: list[Shape], sets: list[Shape], protect: bool,
            rng: random.Random | None, after: tuple[int, int], taken: list[int],
            failed: set[tuple]) -> list[int] | None:
    if not tractors:
        rest = pool.take_all(sets, protect, rng or "fit")
        return None if rest is None else taken + rest
    # the same cards left and the same tractors to place fail the same way, whatever the path
    state = (tuple(sorted(pool.counts.items())), len(tractors), after)
    if state in failed:
        return None
    (width, length), others = tractors[0], tractors[1:]
    windows = pool._windows(width, length, protect)
    # the same shape again starts no earlier than the last one: no order of equal pieces twice
    same_next = bool(others) and others[0] == (width, length)
    if rng is not None:
        shuffle(rng, windows)
    lines = pool.order.lines[pool.suit]
    for li, start in windows:
        if (li, start) < after:
            continue
        trial = pool.copy()
        faces = []
        for node in lines[li][start:start + length]:
            face = trial._choose_face([f for f in node if trial.cap(f, width, protect)], "fit")
            trial.remove(face, width)
            faces.append(face)
        cards = [f for f in faces for _ in range(width)]
        found = _search(trial, others, sets, protect, rng, (li, start) if same_next else (-1, -1),
                        taken + cards, failed)
        if found is not None:
            return found
    failed.add(state)
    return None
