"""Cards of one effective suit kept as counts per face, with the greedy takes and counts that every
follow, ruff and throw question reduces to.

Why greedy is enough (see docs/engine.md):

- sets of width w: each face holds ``count // w`` of them, independently of the others;
- tractors of width w and length n along one line: with node capacities c_i, taking at the topmost
  (or bottommost) start as many windows as fit, then moving on, gives the largest number of
  disjoint windows (an exchange argument: any solution can shift its first window onto the greedy's
  without losing one);
- when a node holds interchangeable faces, its capacity is the sum of theirs.

A ``pick`` says which of several equally good choices a take makes: "fit" spends the faces with the
fewest copies first and then the lowest (so larger sets and high cards stay for later units; for a
tractor, the windows that leave the fewest broken sets, then the lowest), "high" takes the
strongest, and a ``random.Random`` breaks best-fit ties at random (for generating plays).
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Iterable, Sequence

from .draws import choice
from .order import Order

Pick = str | random.Random
Shape = tuple[int, int]  # (width, length): length 1 a set, n a tractor of n sets


def shape_key(width: int, length: int) -> tuple[bool, int, int]:
    """Larger units first: tractors above sets, then width, then length."""
    return (length > 1, width, length)


class Pool:
    __slots__ = ("order", "suit", "counts", "size")

    def __init__(self, order: Order, suit: int, cards: Iterable[int] = ()):
        self.order = order
        self.suit = suit
        suit_of = order.suit_of
        counts: dict[int, int] = {}
        get = counts.get
        for c in cards:
            if suit_of[c] == suit:
                counts[c] = get(c, 0) + 1
        self.counts = counts
        self.size = sum(counts.values())

    @classmethod
    def of_suit(cls, order: Order, suit: int, cards: Sequence[int]) -> Pool:
        """The pool of ``cards``, all of effective suit ``suit`` (a hand's cards of the suit): the
        same pool as ``Pool(order, suit, cards)``, without looking at each card's suit."""
        pool = cls.__new__(cls)
        pool.order = order
        pool.suit = suit
        counts: dict[int, int] = {}
        get = counts.get
        for c in cards:
            counts[c] = get(c, 0) + 1
        pool.counts = counts
        pool.size = len(cards)
        return pool

    def copy(self) -> Pool:
        other = Pool.__new__(Pool)
        other.order = self.order
        other.suit = self.suit
        other.counts = dict(self.counts)
        other.size = self.size
        return other

    def remove(self, face: int, k: int = 1) -> None:
        left = self.counts[face] - k
        if left:
            self.counts[face] = left
        else:
            del self.counts[face]
        self.size -= k

    # --- capacities ----------------------------------------------------------------------------

    def cap(self, face: int, width: int, protect: bool = False) -> int:
        """How many disjoint sets of ``width`` the copies of ``face`` give.  Protected, a face whose
        copies make a longer legal set gives none (a triple is not split for a pair)."""
        c = self.counts.get(face, 0)
        if c < width:
            return 0
        if protect and width > 1 and any(width < w <= c for w in self.order.set_widths):
            return 0
        return c // width

    def _node_caps(self, line: tuple[tuple[int, ...], ...], width: int, protect: bool) -> list[int]:
        if protect:
            return [sum(self.cap(f, width, protect) for f in node) for node in line]
        # unprotected, a face gives ``count // width`` sets (none when short)
        get = self.counts.get
        return [get(node[0], 0) // width if len(node) == 1 else sum(get(f, 0) // width for f in node)
                for node in line]

    def count_sets(self, width: int, protect: bool = False) -> int:
        return sum(self.cap(f, width, protect) for f in self.counts)

    def count_tractors(self, width: int, length: int, protect: bool = False) -> int:
        """The largest number of disjoint tractors of ``length`` sets of ``width``."""
        total = 0
        for line in self.order.lines[self.suit]:
            caps = self._node_caps(line, width, protect)
            for start in range(len(caps) - length + 1):
                k = min(caps[start:start + length])
                if k:
                    total += k
                    for pos in range(start, start + length):
                        caps[pos] -= k
        return total

    # --- takes ---------------------------------------------------------------------------------

    def _choose_face(self, faces: list[int], pick: Pick) -> int:
        strength = self.order.strength
        counts = self.counts
        if pick == "high":
            return max(faces, key=lambda f: (strength[f], -counts[f]))
        if len(faces) == 1:
            best = faces
        else:
            fewest = min(map(counts.__getitem__, faces))
            best = [f for f in faces if counts[f] == fewest]
        if isinstance(pick, random.Random):
            return choice(pick, best)  # even from one face: a seed draws the same numbers
        return best[0] if len(best) == 1 else min(best, key=strength.__getitem__)

    def take_set(self, width: int, protect: bool = False, pick: Pick = "fit") -> int | None:
        """Remove a set of ``width`` identical cards; its face, or None if there is none."""
        if width == 1:
            protect = False  # any card is a single
        if protect:
            faces = [f for f in self.counts if self.cap(f, width, protect)]
        else:
            faces = [f for f, c in self.counts.items() if c >= width]
        if not faces:
            return None
        face = self._choose_face(faces, pick)
        self.remove(face, width)
        return face

    def _windows(self, width: int, length: int, protect: bool) -> list[tuple[int, int]]:
        out = []
        for li, line in enumerate(self.order.lines[self.suit]):
            run = 0
            for pos, k in enumerate(self._node_caps(line, width, protect)):
                run = run + 1 if k else 0
                if run >= length:
                    out.append((li, pos - length + 1))
        return out

    def _window_top(self, li: int, start: int, width: int, protect: bool) -> int:
        node = self.order.lines[self.suit][li][start]
        return max(self.order.strength[f] for f in node if self.cap(f, width, protect))

    def _window_waste(self, li: int, start: int, width: int, length: int, protect: bool) -> int:
        """Copies left over in the faces a window would use (best fit in each node)."""
        counts = self.counts
        return sum(
            min(counts[f] for f in node if self.cap(f, width, protect)) - width
            for node in self.order.lines[self.suit][li][start:start + length]
        )

    def take_tractor(self, width: int, length: int, protect: bool = False,
                     pick: Pick = "fit") -> list[int] | None:
        """Remove a tractor of ``length`` sets of ``width``; its faces top first, or None."""
        windows = self._windows(width, length, protect)
        if not windows:
            return None
        if pick != "high":
            # spend exact sets first: a window through a triple breaks it for a later triple
            waste = {w: self._window_waste(w[0], w[1], width, length, protect) for w in windows}
            least = min(waste.values())
            windows = [w for w in windows if waste[w] == least]
        top = {w: self._window_top(w[0], w[1], width, protect) for w in windows}
        highest = max(windows, key=lambda w: top[w])
        # the lowest window of a line is its last; taking an extreme window keeps repeated takes
        # as good as the greedy count
        lowest = min(windows, key=lambda w: (top[w], -w[1]))
        if pick == "high":
            li, start = highest
        elif isinstance(pick, random.Random):
            li, start = choice(pick, (highest, lowest))
        else:
            li, start = lowest
        line = self.order.lines[self.suit][li]
        faces = []
        for node in line[start:start + length]:
            face = self._choose_face([f for f in node if self.cap(f, width, protect)], pick)
            self.remove(face, width)
            faces.append(face)
        return faces

    def take_unit(self, width: int, length: int, protect: bool = False,
                  pick: Pick = "fit") -> list[int] | None:
        """Remove a set (length 1) or a tractor; the cards taken, or None."""
        if length <= 1:
            face = self.take_set(width, protect, pick)
            return None if face is None else [face] * width
        faces = self.take_tractor(width, length, protect, pick)
        return None if faces is None else [f for f in faces for _ in range(width)]

    def take_all(self, shapes: list[Shape], protect: bool = False, pick: Pick = "fit") -> list[int] | None:
        """Remove disjoint units of all the shapes, or None if the pool cannot give them.  Tractors
        go first (they are the scarcest), then wider sets, singles last (any card will do)."""
        cards: list[int] = []
        ordered = shapes if len(shapes) == 1 else sorted(shapes, key=lambda s: shape_key(*s), reverse=True)
        for width, length in ordered:
            got = self.take_unit(width, length, protect, pick)
            if got is None:
                return None
            cards += got
        return cards

    def holds(self, shapes: list[Shape], protect: bool = False) -> bool:
        """Whether the pool holds disjoint units of all the shapes (a pair may come out of a triple
        or a tractor; a tractor out of a longer one)."""
        if sum(width * length for width, length in shapes) > self.size:
            return False
        # singles come last and any card is one: only the larger units need a trial take
        return self.holds_units([shape for shape in shapes if shape != (1, 1)], protect)

    def holds_units(self, larger: list[Shape], protect: bool = False) -> bool:
        """``holds`` for shapes without singles whose cards the pool has room for (the caller
        checked the size)."""
        if len(larger) == 1:
            # one unit: the take finds one exactly when a face has the set or a window the tractor
            width, length = larger[0]
            if length <= 1:
                if not protect:
                    return max(self.counts.values()) >= width  # the pool is not empty: size >= width
                return any(self.cap(f, width, protect) for f in self.counts)
            return bool(self._windows(width, length, protect))
        if not larger:
            return True
        if all(length == 1 for _, length in larger):
            return self._sets_fit(sorted((width for width, _ in larger), reverse=True), protect)
        return self.copy().take_all(larger, protect) is not None

    def _sets_fit(self, widths: list[int], protect: bool) -> bool:
        """``take_all``'s answer for sets of ``widths`` (each at least 2, largest first) worked on
        the copy counts alone: each take spends a face with the fewest copies among those that give
        the set, and which of several such faces it spends leaves the same counts behind."""
        left = sorted(self.counts.values())
        set_widths = self.order.set_widths  # the game's widths and 1, which no width is below
        for width in widths:
            for i, count in enumerate(left):
                if count >= width and not (protect and any(width < w <= count for w in set_widths)):
                    break
            else:
                return False
            del left[i]
            if count > width:
                insort(left, count - width)
        return True

    # --- strongest units -------------------------------------------------------------------------

    def best(self, width: int, length: int) -> int:
        """Strength of the strongest set (length 1) or tractor of that shape; -1 if none."""
        strength = self.order.strength
        if length <= 1:
            return max((strength[f] for f, c in self.counts.items() if c >= width), default=-1)
        windows = self._windows(width, length, False)
        return max((self._window_top(li, s, width, False) for li, s in windows), default=-1)
