"""Rains: a straight with pairs riding along (``combinations.straight_pairs``), Shandong Upgrade's
雨 ("如果雨中的牌有两张，则可以一起带上": 6789910JJQ is one rain).

A rain is a combination of its own kind, recognised over a whole play as rainbows are
(``deck/rainbows.py``), because its sets differ in width and the engine's units are sets of one
width (a ``Unit`` is ``length`` sets of ``width``: its shape is two numbers, which the pools, the
follow duties, the winner and the throw checks all read).

- A play is a rain when its cards are all of one effective suit, lie on ``straight_min`` or more
  adjacent nodes of one line of that suit (the lines tractors and straights run along), one face
  per node, one or two identical cards of it on each, and some nodes hold two (the riding pairs)
  while some hold one.  A run of pairs only is a tractor, of singles only a straight, as before.
- Its kind is its number of cards and of pairs (``RainShape``); where the pairs ride does not
  matter.  Rains compare only with rains of the same kind: the higher top card wins, a rain of
  trumps beats one of a side suit (a ruff), the earlier of equals.
- A follower who holds a rain of the lead's kind in the led suit must play one (unless only suit
  is followed); otherwise the duty is the one the same cards led as units (a straight and sets)
  would give.
- A rain led is one combination, never a throw.
- A throw may hold rains among its parts (``throw_rains``): along each line of the throw's suit, a
  run of adjacent nodes, each holding one face of the throw once or twice, as long as a straight
  or longer, some nodes twice and some once, is one rain, every card of those nodes in it (the
  cards that would be one rain led alone); the throw's other cards are read as units, as before.
  Each rain part is checked, followed, ruffed and compared as a rain led alone is, and the
  throw's other units as any throw's are.

A play that is not a rain (any lead when the ruleset has no riding pairs) is read as before: every
question here starts from ``straight_pairs``, so other rulesets never come here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from .cards import CARDS, Card
from .order import TRUMP, Order
from .pool import Pool
from .units import Unit, decompose


@dataclass(frozen=True, slots=True)
class RainShape:
    """A rain's kind and strength: its effective suit, its cards, its riding pairs and the strength of
    its top card."""

    suit: int
    size: int
    pairs: int
    top: int

    @property
    def length(self) -> int:
        """The nodes it runs along (the straight's cards, without the pairs' second cards)."""
        return self.size - self.pairs

    def same_kind(self, other: RainShape | None) -> bool:
        return other is not None and other.size == self.size and other.pairs == self.pairs


@dataclass(frozen=True, slots=True)
class RainPart:
    """A rain that is one part of a throw: its cards (strongest node first) and its kind."""

    cards: tuple[Card, ...]
    shape: RainShape

    @property
    def top(self) -> int:
        return self.shape.top


@dataclass(frozen=True, slots=True)
class RainThrow:
    """A throw read with its rains as parts (``throw_rains``): the rains, the most cards first (then
    the highest), and the units of its other cards, as ``decompose`` reads them."""

    rains: tuple[RainPart, ...]
    units: tuple[Unit, ...]

    @property
    def parts(self) -> tuple[RainPart | Unit, ...]:
        """Every part: the rains, then the units."""
        return (*self.rains, *self.units)

    def largest(self) -> RainPart | None:
        """The rain that is the throw's largest part, the part with the most cards (Shandong's
        抠底: "按其中包含的张数最多的组合计算"): its largest rain when no unit of the throw has as
        many cards; None when a unit has as many (then the throw's largest unit is, as in any
        throw)."""
        rain = self.rains[0]
        if any(len(u.cards) >= rain.shape.size for u in self.units):
            return None
        return rain


#: throws read lately, by the order's identity and the cards; each value holds its order, so that
#: the id is not another's while kept
_READINGS: dict[tuple[int, tuple[Card, ...]], tuple[Order, RainThrow | None]] = {}
#: readings kept: the throws of a few tricks, asked about by the winner, the players, the kitty
_KEPT_READINGS = 256


def throw_rains(order: Order, cards: Sequence[Card]) -> RainThrow | None:
    """The throw ``cards`` (of one effective suit) read with its rains as parts, or None when it
    holds no rain (or the rules have no riding pairs).  Along each line of the suit, every run of
    adjacent nodes each holding one face of the throw, once or twice, is a rain when it is as long
    as a straight and holds both: all the throw's cards of those nodes, what would be one rain led
    alone.  A node holding two faces, or a face three times, holds no part of a rain."""
    comb = order.rules.combinations
    least = comb.straight_min
    if not comb.straight_pairs or not least or len(cards) <= least:
        return None
    key = (id(order), tuple(cards))
    kept = _READINGS.get(key)
    if kept is not None and kept[0] is order:
        return kept[1]
    reading = _read_throw(order, tuple(cards), least)
    if len(_READINGS) >= _KEPT_READINGS:
        _READINGS.clear()
    _READINGS[key] = (order, reading)
    return reading


def _read_throw(order: Order, cards: tuple[Card, ...], least: int) -> RainThrow | None:
    suit = order.suit_of[cards[0]]
    counts = _counts(cards)
    strength = order.strength
    found: list[RainPart] = []
    for line in order.lines[suit]:
        run: list[int] = []
        for node in (*line, ()):
            held = [f for f in node if f in counts]
            if len(held) == 1 and counts[held[0]] <= 2:
                run.append(held[0])
                continue
            pairs = sum(1 for f in run if counts[f] == 2)
            if len(run) >= least and 0 < pairs < len(run):
                rain = tuple(CARDS[f] for f in run for _ in range(counts[f]))
                found.append(RainPart(rain, RainShape(suit, len(rain), pairs, max(strength[f] for f in run))))
            run = []
    if not found:
        return None
    found.sort(key=lambda r: (r.shape.size, r.shape.top), reverse=True)
    rest = list(cards)
    for part in found:
        for c in part.cards:
            rest.remove(c)
    return RainThrow(tuple(found), tuple(decompose(order, tuple(rest))) if rest else ())


def take_rains(pool: Pool, wants: Sequence[RainShape], limit: int = 4096) -> list[Pool]:
    """Every way (up to ``limit``) of taking disjoint rains of the kinds ``wants`` out of ``pool``:
    the pools left, one for each way; [] when the pool holds no such rains.  Each rain is a window
    of nodes of one line, one face a node, some of them twice."""
    if not wants:
        return [pool]
    order = pool.order
    want, others = wants[0], wants[1:]
    out: list[Pool] = []
    for line in order.lines[pool.suit]:
        for start in range(len(line) - want.length + 1):
            window = line[start:start + want.length]
            singles = [[f for f in node if pool.counts.get(f, 0)] for node in window]
            if not all(singles):
                continue
            doubles = [k for k, node in enumerate(window) if any(pool.counts.get(f, 0) >= 2 for f in node)]
            if len(doubles) < want.pairs:
                continue
            for paired in _choose(doubles, want.pairs):
                for faces in _faces(window, singles, paired, pool.counts):
                    rest = pool.copy()
                    for k, face in enumerate(faces):
                        rest.remove(face, 2 if k in paired else 1)
                    out += take_rains(rest, others, limit - len(out))
                    if len(out) >= limit:
                        return out
    return out


def _choose(items: list[int], k: int) -> list[frozenset[int]]:
    """Every choice of ``k`` of ``items``."""
    return [frozenset(c) for c in combinations(items, k)]


def _faces(window: Sequence[Sequence[int]], singles: list[list[int]], paired: frozenset[int],
           counts: dict[int, int]) -> list[list[int]]:
    """Every choice of one face a node of ``window``: a face held twice where the node is paired."""
    choices = [[f for f in singles[k] if counts[f] >= 2] if k in paired else singles[k] for k in range(len(window))]
    out: list[list[int]] = [[]]
    for options in choices:
        out = [[*faces, f] for faces in out for f in options]
    return out


def rain_of(order: Order, cards: Sequence[Card]) -> RainShape | None:
    """The rain ``cards`` make, or None if they are no rain (or the rules have no riding pairs)."""
    comb = order.rules.combinations
    least = comb.straight_min
    if not comb.straight_pairs or not least or len(cards) <= least:
        return None
    suit_of = order.suit_of
    suit = suit_of[cards[0]]
    counts: dict[int, int] = {}
    for c in cards:
        if suit_of[c] != suit:
            return None
        counts[c] = counts.get(c, 0) + 1
    pairs = 0
    for k in counts.values():
        if k > 2:
            return None
        if k == 2:
            pairs += 1
    if not pairs or pairs == len(counts) or len(counts) < least:
        return None  # singles only: a straight; pairs only: a tractor; too short
    place = order.places[suit]
    spots = sorted(place[f] for f in counts)
    if spots[0] < 0 or len(set(spots)) != len(spots) or spots[-1] - spots[0] != len(spots) - 1:
        return None  # a card off the lines, two faces on one node, a gap, or two lines
    strength = order.strength
    return RainShape(suit, len(cards), pairs, max(strength[f] for f in counts))


def find_rain(order: Order, suit: int, held: Sequence[Card], want: RainShape,
              pick: str | random.Random = "fit") -> tuple[Card, ...] | None:
    """Cards of ``held`` (cards of ``suit``) making a rain of ``want``'s kind, or None if there is
    none: "fit" the weakest, "high" the strongest, a ``random.Random`` any at random."""
    return _find_rain(order, suit, _counts(held), want, pick)


def rain_in(pool: Pool, want: RainShape, pick: str | random.Random = "fit") -> tuple[Card, ...] | None:
    """``find_rain`` over the cards of ``pool``."""
    return _find_rain(pool.order, pool.suit, pool.counts, want, pick)


def best_rain(order: Order, pool: Pool, want: RainShape) -> int:
    """The strength of the top card of the strongest rain of ``want``'s kind that ``pool`` holds;
    -1 if it holds none."""
    found = _find_rain(order, pool.suit, pool.counts, want, "high")
    return -1 if found is None else max(order.strength[c] for c in found)


def _counts(held: Sequence[Card]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for c in held:
        counts[c] = counts.get(c, 0) + 1
    return counts


def _find_rain(order: Order, suit: int, counts: dict[int, int], want: RainShape,
               pick: str | random.Random = "fit") -> tuple[Card, ...] | None:
    """``find_rain`` over the cards' counts."""
    strength = order.strength
    length, pairs = want.length, want.pairs
    # every window of ``length`` nodes holding a card each, ``pairs`` of them a card twice, as
    # (its top's strength, each node's face single, each node's face paired or -1, the paired nodes)
    found: list[tuple[int, list[int], list[int], list[int]]] = []
    for single, double in _nodes_of(order, suit, counts):
        for start in range(len(single) - length + 1):
            faces = single[start:start + length]
            if -1 in faces:
                continue
            doubles = double[start:start + length]
            paired = [k for k, face in enumerate(doubles) if face >= 0]
            if len(paired) >= pairs:
                found.append((strength[faces[0]], faces, doubles, paired))
    if not found:
        return None
    if isinstance(pick, random.Random):
        _, faces, doubles, paired = found[pick.randrange(len(found))]
        chosen = pick.sample(paired, pairs)
    else:
        _, faces, doubles, paired = (max if pick == "high" else min)(found, key=lambda w: w[0])
        # the pairs at the weakest nodes ("fit": nodes come strongest first), or the strongest
        chosen = paired[:pairs] if pick == "high" else paired[-pairs:]
    out: list[Card] = []
    for k, face in enumerate(faces):
        if k in chosen:
            out += (CARDS[doubles[k]], CARDS[doubles[k]])
        else:
            out.append(CARDS[face])
    return tuple(out)


def _nodes(order: Order, suit: int, held: Sequence[Card]) -> list[tuple[list[int], list[int]]]:
    """Per line of ``suit``, per node: the face of ``held`` to play single there (the weakest held)
    and the face to pair (the weakest held twice), -1 where there is none."""
    return _nodes_of(order, suit, _counts(held))


def _nodes_of(order: Order, suit: int, counts: dict[int, int]) -> list[tuple[list[int], list[int]]]:
    """``_nodes`` over the cards' counts."""
    strength = order.strength
    out = []
    for line in order.lines[suit]:
        single: list[int] = []
        double: list[int] = []
        for node in line:
            faces = [f for f in node if counts.get(f, 0)]
            single.append(min(faces, key=lambda f: strength[f]) if faces else -1)
            twice = [f for f in faces if counts[f] >= 2]
            double.append(min(twice, key=lambda f: strength[f]) if twice else -1)
        out.append((single, double))
    return out


def rain_leads(order: Order, suit: int, held: Sequence[Card],
               rng: random.Random | None = None) -> tuple[Card, ...] | None:
    """A rain ``held`` (cards of ``suit``) can lead, or None: the largest (the most cards, then the
    highest), or with ``rng`` one at random (its nodes, then how many pairs ride and where)."""
    least = order.rules.combinations.straight_min
    strength = order.strength
    # every window of held nodes, as long as a straight or longer, holding a face twice, with the
    # nodes that may take a pair (all but one at most: a rain keeps a single)
    windows: list[tuple[list[int], list[int], int, int, list[int]]] = []
    for single, double in _nodes(order, suit, held):
        n = len(single)
        for start in range(n):
            if single[start] < 0 or (start and single[start - 1] >= 0 and rng is None):
                continue  # the largest: only whole runs, from their first node
            end = start
            while end < n and single[end] >= 0:
                end += 1
            for stop in range(start + least, end + 1):
                if rng is None and stop != end:
                    continue
                can = [i for i in range(start, stop) if double[i] >= 0][: stop - start - 1]
                if can:
                    windows.append((single, double, start, stop, can))
    if not windows:
        return None
    if rng is None:
        single, double, start, stop, paired = max(
            windows, key=lambda w: (w[3] - w[2] + len(w[4]), strength[w[0][w[2]]]))
    else:
        single, double, start, stop, can = windows[rng.randrange(len(windows))]
        paired = rng.sample(can, rng.randint(1, len(can)))
    out: list[Card] = []
    for i in range(start, stop):
        if i in paired:
            out += (CARDS[double[i]], CARDS[double[i]])
        else:
            out.append(CARDS[single[i]])
    return tuple(out)


def rain_words(size: int, pairs: int) -> str:
    """A rain's kind in the words of a follow error."""
    return f"a straight of {size - pairs} cards with {pairs} pair{'s' if pairs != 1 else ''} riding along"


def winner(order: Order, rain: RainShape, lead: Sequence[Card], follows: Sequence[Sequence[Card]]) -> int:
    """0 if the rain led wins, i if the i-th follow does: a rain of the same kind in the led suit
    with a higher top card, or (to a side-suit rain) a rain of that kind in trumps, which beats any
    of the led suit (or, ``ruffing.requirement`` "any", any play of trumps, by its highest card)."""
    rules = order.rules
    suit_of, strength = order.suit_of, order.strength
    any_ruff = rules.ruffing.requirement == "any"
    best_i, best, ruffed = 0, rain.top, False
    for i, play in enumerate(follows, start=1):
        if len(play) != rain.size:
            continue
        suit = suit_of[play[0]]
        if any(suit_of[c] != suit for c in play):
            continue  # a mixed play follows nothing
        if suit == rain.suit:
            got = rain_of(order, play)
            if not ruffed and got is not None and rain.same_kind(got) and got.top > best:
                best_i, best = i, got.top
        elif suit == TRUMP:
            got = rain_of(order, play)
            if got is not None and rain.same_kind(got):
                top = got.top
            elif any_ruff:
                top = max(strength[c] for c in play)
            else:
                continue  # not a rain of trumps: a discard
            if not ruffed or top > best:  # the first ruff beats any play of the led suit
                best_i, best, ruffed = i, top, True
    return best_i
