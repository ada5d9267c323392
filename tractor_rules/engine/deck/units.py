"""How a play decomposes into units: sets (identical cards) and tractors (adjacent sets of equal
width; straights are the tractors of singles), by the ruleset's grouping rule.

"largest": repeatedly take the largest unit left, tractors before sets, wider before narrower,
longer before shorter; a triple may be split to make a longer tractor of pairs (♥2♥2♥2♥3♥3 is the
tractor ♥2♥2♥3♥3 plus the single ♥2).
"identical": identical cards always form one set (AAAAKKK is AAAA + KKK); tractors are then made
only of whole sets of equal width.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter

from .cards import CARDS, Card, deck_cards
from .order import Order
from .pool import Pool, shape_key


@dataclass(frozen=True, slots=True, init=False)
class Unit:
    #: the cards, strongest set first
    cards: tuple[Card, ...]
    #: cards per set: 1 single, 2 pair, 3 triple, ...
    width: int
    #: sets: 1 for a set, n for a tractor of n sets
    length: int
    #: effective suit (0..3 side suits, 4 trumps)
    suit: int
    #: strength of the unit's strongest card
    top: int

    def __init__(self, cards: tuple[Card, ...], width: int, length: int, suit: int, top: int) -> None:
        # written out (the fields of a frozen dataclass are set through ``object.__setattr__``):
        # the ``__init__`` a dataclass generates runs interpreted even in the compiled engine, and
        # the units of a play are made for most leads
        setter = object.__setattr__
        setter(self, "cards", cards)
        setter(self, "width", width)
        setter(self, "length", length)
        setter(self, "suit", suit)
        setter(self, "top", top)

    @property
    def is_tractor(self) -> bool:
        return self.length > 1

    @property
    def shape(self) -> tuple[int, int]:
        return (self.width, self.length)

    @property
    def key(self) -> tuple[bool, int, int]:
        """Larger units first: tractors above sets, then width, then length."""
        return shape_key(self.width, self.length)

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.cards)

    def __repr__(self) -> str:
        return f"Unit({str(self)!r}, width={self.width}, length={self.length})"


#: decompositions an order keeps: more than one hand asks about, few enough to stay small. Every
#: kept unit is an object the garbage collector walks on each full pass, for each of the 65 orders
#: of a two-deck simulation (a level and a trump each): at 512 an order such a pass took 35 ms,
#: twenty hands' time; at 128 the worst of 2,000 hands took under 6 ms, and the hands themselves
#: were no slower (a random lead's suit is seldom decomposed twice; the kept ones serve the same
#: hand's follows and winners)
_KEPT_DECOMPOSITIONS = 128


def decompose(order: Order, cards: tuple[Card, ...]) -> list[Unit]:
    """The units of a play, largest first (then strongest first); a play spread over several
    effective suits gives the units of each."""
    kept = order.decompositions
    known = kept.get(cards)
    if known is not None:
        return list(known)  # a list of its own: callers may reorder it
    units = _decompose(order, cards)
    if len(kept) >= _KEPT_DECOMPOSITIONS:
        kept.clear()
    kept[tuple(cards)] = tuple(units)
    return units


def decompose_suit(order: Order, cards: tuple[Card, ...], suit: int) -> list[Unit]:
    """``decompose`` for cards all of effective suit ``suit`` (a hand's cards of one suit).  Not
    kept among the order's decompositions: a hand's suit is seldom decomposed twice as it stands
    (one lead in seventy, measured over random games of two and four decks), and every entry kept
    is walked by the collector."""
    if len(set(cards)) == len(cards) and not order.singles_join:
        # no two cards alike (and no straights): singles only, strongest first (what
        # ``_decompose`` finds, in its order: the sort is stable, and a single's strength is its card's)
        faces = _strongest_first(order.strength, cards)
        made = order.set_units[1]
        return [made[face] or _make_set(order, face, 1, suit) for face in faces]
    return _decompose_suit(order, Pool.of_suit(order, suit, cards))


def _decompose_suit(order: Order, pool: Pool) -> list[Unit]:
    """The units of the cards of one suit in ``pool`` (which it empties), largest first."""
    return _identical(order, pool) if order.rules.combinations.grouping == "identical" else _largest(order, pool)


def _decompose(order: Order, cards: tuple[Card, ...]) -> list[Unit]:
    identical = order.rules.combinations.grouping == "identical"
    suit_of = order.suit_of
    suits = sorted({suit_of[c] for c in cards})
    units: list[Unit] = []
    for suit in suits:
        pool = Pool(order, suit, cards)
        if len(suits) == 1 and max(pool.counts.values()) == 1 and not order.singles_join:
            # no two cards alike (a hand's suit, often), no straights: singles only, no set or
            # tractor to look for by either grouping; their order by strength alone is the order
            # of every unit's key
            units = [_make_set(order, face, 1, suit) for face in pool.counts]
            units.sort(key=_strength, reverse=True)
            return units
        units += _identical(order, pool) if identical else _largest(order, pool)
    if len(suits) > 1:  # each suit's units come largest first already
        units.sort(key=_largest_first, reverse=True)
    return units


_strength = attrgetter("top")


def _largest_first(unit: Unit) -> tuple[bool, int, int, int]:
    """``(unit.key, unit.top)`` flattened (the same order, without building the key)."""
    return (unit.length > 1, unit.width, unit.length, unit.top)


def _make(order: Order, faces: list[int], width: int, suit: int) -> Unit:
    cards = tuple(CARDS[f] for f in faces for _ in range(width))
    return Unit(cards, width, len(faces), suit, order.strength[faces[0]])


def _make_set(order: Order, face: int, width: int, suit: int) -> Unit:
    """The set of ``width`` copies of ``face`` (the same object every time: units are immutable)."""
    of_width = order.set_units[width]
    made = of_width[face]
    if made is None:
        made = of_width[face] = Unit((CARDS[face],) * width, width, 1, suit, order.strength[face])
    return made


def make_set_units(order: Order) -> None:
    """Make every set of the order's pack as its unit now (``order.set_units``), rather than as
    plays first ask for each: what a run does before its hands (``sim.parallel.prepare_rules``)."""
    suit_of, set_widths = order.suit_of, order.set_widths
    for face in deck_cards(order.rules.table):
        for width in set_widths:
            _make_set(order, face, width, suit_of[face])


def _largest(order: Order, pool: Pool) -> list[Unit]:
    out: list[Unit] = []
    # Tractors first, the widest kind first.  Taking cards only ever shortens runs, so once no kind
    # makes a tractor, none will: the rest are sets.
    counts = pool.counts
    while pool.size:
        for width, low, high in order.tractor_kinds:
            tractor = _longest_tractor(order, pool, width, low, high)
            if tractor is not None:
                out.append(tractor)
                break
        else:
            break
    if len(out) > 1:
        out.sort(key=_largest_first, reverse=True)
    set_widths = order.set_widths
    chunks = {face: _SINGLE if count == 1 else _whole_sets(set_widths, count) for face, count in counts.items()}
    out += _sets_largest_first(order, chunks, pool.suit)
    counts.clear()
    pool.size = 0
    return out


def _longest_tractor(order: Order, pool: Pool, width: int, low: int, high: int) -> Unit | None:
    """Take the longest tractor of ``width`` (the strongest of equals), at most ``high`` sets long
    (0: no limit), if one is at least ``low`` long."""
    faces_wide_enough = {f for f, c in pool.counts.items() if c >= width}
    if len(faces_wide_enough) < low:
        return None  # too few faces for a run this long: no need to look along the lines
    best = order.longest_run(pool.suit, faces_wide_enough)
    if best is None or best.length < low:
        return None
    take = best.length if not high else min(best.length, high)
    strength = order.strength
    counts = pool.counts
    faces = []
    for node in order.lines[pool.suit][best.line][best.start:best.start + take]:
        face = max((f for f in node if counts.get(f, 0) >= width), key=lambda f: (-counts[f], strength[f]))
        pool.remove(face, width)
        faces.append(face)
    return _make(order, faces, width, pool.suit)


@lru_cache(maxsize=None)
def _whole_sets(set_widths: tuple[int, ...], count: int) -> tuple[int, ...]:
    """The widths of the sets ``count`` copies of a card make, the widest legal set first
    (``set_widths`` is widest first and holds 1).  Few distinct questions: kept."""
    parts = []
    while count:
        width = next(w for w in set_widths if w <= count)
        parts.append(width)
        count -= width
    return tuple(parts)


def _identical(order: Order, pool: Pool) -> list[Unit]:
    set_widths = order.set_widths
    suit = pool.suit
    kinds = order.tractor_kinds
    # each face's copies as whole sets (more copies than the widest set allows: several sets), and
    # for each tractor width, the faces holding a whole set that wide: all a tractor is made of
    chunks: dict[int, list[int]] = {}
    wide: dict[int, set[int]] = {}
    singles_join = order.singles_join  # tractors of singles: straights
    for face, count in pool.counts.items():
        if count == 1:
            parts = chunks[face] = [1]
            if not singles_join:
                continue  # a single joins no tractor
        else:
            parts = chunks[face] = [count] if count in set_widths else list(_whole_sets(set_widths, count))
        for width in parts:
            faces = wide.get(width)
            if faces is None:
                wide[width] = {face}
            else:
                faces.add(face)
    out: list[Unit] = []
    if wide:
        strength = order.strength
        for width, low, high in kinds:
            faces = wide.get(width)
            # too few faces for a run this long: no need to look along the lines
            while faces is not None and len(faces) >= low:
                best = order.longest_run(suit, faces)
                if best is None or best.length < low:
                    break
                take = best.length if not high else min(best.length, high)
                line = order.lines[suit][best.line]
                taken = []
                for node in line[best.start:best.start + take]:
                    face = _strongest_of(node, faces, strength)
                    parts = chunks[face]
                    parts.remove(width)
                    if width not in parts:
                        faces.discard(face)
                    taken.append(face)
                out.append(_make(order, taken, width, suit))
    if len(out) > 1:
        out.sort(key=_largest_first, reverse=True)
    return out + _sets_largest_first(order, chunks, suit)


def _strongest_of(node: Sequence[int], faces: AbstractSet[int], strength: tuple[int, ...]) -> int:
    """The strongest of the node's faces that are among ``faces`` (the first of equals), as
    ``max`` with a key gives it; the node holds one at least."""
    best: int | None = None
    top = 0
    for face in node:
        if face in faces:
            code = face
            own = strength[code]
            if best is None or own > top:
                best, top = face, own
    assert best is not None  # a node of the run holds one of the faces
    return best


#: the sets of a single card
_SINGLE = (1,)


def _sets_largest_first(order: Order, chunks: Mapping[int, Sequence[int]], suit: int) -> list[Unit]:
    """The sets of the faces of ``chunks`` (each face's set widths) widest first, then strongest
    first; sets alike in both in the order of ``chunks``.  The order a stable sort of them by unit
    key and strength gives, without a key worked out for each unit."""
    made = order.set_units
    # the sets of each width, by width (``set_units`` is indexed by width too)
    by_width: list[list[Unit] | None] = [None] * len(made)
    for face in _strongest_first(order.strength, chunks):
        code = face
        for width in chunks[face]:
            of_width = made[width]
            unit = of_width[code]
            if unit is None:
                unit = _make_set(order, face, width, suit)
            units = by_width[width]
            if units is None:
                by_width[width] = [unit]
            else:
                units.append(unit)
    out: list[Unit] = []
    for width in order.set_widths:  # widest first; every set's width is one of them
        units = by_width[width]
        if units is not None:
            if not out:
                out = units
            else:
                out += units
    return out


def _strongest_first(strength: tuple[int, ...], faces: Iterable[int]) -> list[int]:
    """``faces`` strongest first, equally strong ones in the order given: what
    ``sorted(faces, key=strength.__getitem__, reverse=True)`` gives.  An insertion sort (a suit
    holds few faces), typed where compiled (units.pxd): the sort's key, called for each face,
    cost more than the sort."""
    out = list(faces)
    for i in range(1, len(out)):
        face = out[i]
        code = face
        own = strength[code]
        j = i - 1
        while j >= 0:
            code = out[j]
            other = strength[code]
            if other >= own:
                break
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = face
    return out
