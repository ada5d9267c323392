"""Follow duty: whether a play may follow a lead, and a legal follow for a hand.

With lead L in effective suit s and the hand's cards Hs of that suit:

- if |Hs| <= |L| the play must contain all of Hs (the rest is free);
- otherwise the play is all of suit s, and its shape must meet the lead's *duty*: what the hand
  can do for the lead is computed once (a ``Demand``), and the play must do as much.

Duties, by ``rules.following``:

- ``ListDuty`` (duty "lists", a lead of one unit whose shape has a list): walk the entries; the
  first the hand can satisfy is the one the play must satisfy.  An entry's fixed terms must fit
  together; then each greedy term takes as many units as still fit, within the lead's size, in list
  order; the hand's greedy counts become the play's fixed counts.  In an entry with "the highest
  single" that term is one single like any other; the cards of the suit the entry's sets leave
  (taken as the engine takes them) have a strongest, and the play must hold, besides the entry's
  sets, a card as strong.
- ``MatchDuty`` (the "largest-first" default, and throws): the lead's units, largest first, are each
  matched as closely as the hand allows next to the units matched before: a set of width w by the
  widest set w' <= w, the rest of it matched again; a tractor by a tractor of the same length and
  the widest tractor width <= w, the rest of each set matched again, or else set by set.  The
  sequence of shapes found is the demand; the play's sequence must be at least as good, in order.
- ``TractorDuty`` (duty "tractors"): each tractor of the lead draws a tractor of its shape if the
  hand has one.
- ``StepDuty`` (default "step-down", and throws): the lead broken down step by step (see
  ``breakdown``): a fixed list of requirements, best first, generated from the lead's units; the
  first the hand holds is the one the play must hold.
- ``SuitDuty`` (duty "suit", default "suit"): nothing beyond following suit.
- ``RainDuty`` (a rain led, ``combinations.straight_pairs``: a straight with pairs riding along,
  ``deck/rains.py``): a rain of the lead's kind if the hand holds one; else the follow list of a
  straight of as many cards where the ruleset writes one (``rain_rest``), else the duty the lead's
  units give.
- A rainbow led (``deck/rainbows.py``): the lead's ranks if the hand holds them; else trumps (among
  trumps), and where a list for rainbows is written its later entries as a ``ListDuty`` of the
  trumps held (``rainbow_rest``, the context's duty; ``SuitDuty`` without a list).

A held bomb may be exempt from all of this (``following.exempt``: "bombs-from-suit", free bombs):
it may be played in place of any follow of as many cards, and beats as a bomb does.  With
"tractors-from-breaking", to a lead that holds no tractor, a play also stands when it meets what the
hand's cards of the suit outside its tractors demand.

Each step is a take from a ``Pool``: no combination is ever enumerated.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ...rules import Following, FollowList, Pattern, Rules
from ..deck import rainbows, rains
from ..deck.breakdown import Requirement, breakdown_order, take_exactly
from ..deck.cards import CARDS, N_CODES, Card
from ..deck.draws import choice, sample
from ..deck.order import RAINBOW, SUIT_WORDS, TRUMP, Order
from ..deck.pool import Pick, Pool, Shape, shape_key
from ..deck.units import Unit, decompose, decompose_suit
from ..errors import PlayError
from .tricks import is_bomb


@dataclass(frozen=True, slots=True, init=False)
class Demand:
    """What the hand can do for the lead: a comparable ``key``, the cards that do it, in words."""

    key: tuple
    cards: tuple[int, ...]
    words: str

    def __init__(self, key: tuple, cards: tuple[int, ...] = (), words: str = "any cards of the suit") -> None:
        # written out (the fields of a frozen dataclass are set through ``object.__setattr__``):
        # the ``__init__`` a dataclass generates runs interpreted even in the compiled engine, and
        # a demand is worked out for most follows checked
        setter = object.__setattr__
        setter(self, "key", key)
        setter(self, "cards", cards)
        setter(self, "words", words)


ANY = Demand(("any",))


# --- words ---------------------------------------------------------------------------------------

_WIDTH_WORDS = {1: ("single", "singles"), 2: ("pair", "pairs"), 3: ("triple", "triples"), 4: ("quad", "quads")}


def width_word(width: int, plural: bool = False) -> str:
    words = _WIDTH_WORDS.get(width, (f"set of {width}", f"sets of {width}"))
    return words[plural]


def shape_words(width: int, length: int, count: int = 1) -> str:
    if length <= 1:
        return f"a {width_word(width)}" if count == 1 else f"{count} {width_word(width, True)}"
    if width == 1:
        one = f"straight of {length} cards"
        return f"a {one}" if count == 1 else f"{count} {one[:8]}s{one[8:]}"
    one = f"tractor of {length} {width_word(width, True)}"
    return f"a {one}" if count == 1 else f"{count} {one}s"


# --- list duty -------------------------------------------------------------------------------------


def _resolve(pattern: Pattern, n: int) -> list[tuple[int, int, int, bool]]:
    """(count, width, length, greedy) per term, with the lead's n put in."""
    out = []
    for term in pattern.terms:
        length = max(term.length.value(n), 1)
        count = 0 if term.count.greedy else max(term.count.value(n), 0)
        out.append((count, term.width, length, term.count.greedy))
    return out


@dataclass(frozen=True, slots=True)
class _Entry:
    """A follow list's entry with the lead's n put in: what ``find_pattern`` asks of every hand,
    worked out once per entry and n rather than for every hand asked."""

    terms: tuple[tuple[int, int, int, bool], ...]  # as ``_resolve`` gives them
    musts: list[Shape]  # the fixed terms' units, in list order (never changed: shared)
    larger: list[Shape]  # the same without the singles
    cards: int  # the cards of ``musts``
    greedy: tuple[Shape, ...]  # the greedy terms' units, in list order
    words: str | None  # the entry in words when it has no greedy term nor the highest single
    highest: bool  # a term is "the highest single" (counted as a single, and checked apart)


#: entries worked out, by the identity of the rules' ``Pattern`` and the lead's n; each value keeps
#: its pattern alive, so an id is never reused while it is a key here
_ENTRIES: dict[tuple[int, int], tuple[Pattern, _Entry]] = {}
#: entries kept: far more than the lists of a few rulesets hold
_KEPT_ENTRIES = 512


def _entry(pattern: Pattern, n: int) -> _Entry:
    key = (id(pattern), n)
    kept = _ENTRIES.get(key)
    if kept is not None and kept[0] is pattern:
        return kept[1]
    highest = any(term.highest for term in pattern.terms)
    terms = tuple(_resolve(pattern, n))
    musts = [(width, length) for count, width, length, is_greedy in terms if not is_greedy
             for _ in range(count)]
    greedy = tuple((width, length) for _, width, length, is_greedy in terms if is_greedy)
    entry = _Entry(terms, musts, [s for s in musts if s != (1, 1)], sum(w * l for w, l in musts), greedy,
                   None if greedy or highest else pattern_words(pattern, n, ()), highest)
    if len(_ENTRIES) >= _KEPT_ENTRIES:
        _ENTRIES.clear()
    _ENTRIES[key] = (pattern, entry)
    return entry


class _Matcher:
    """Builds the lexicographically best sequence of shapes a pool gives for a sequence of
    demands: each demand takes the best shape that still fits together with every shape taken
    before it (checked by ``Pool.holds``), so an early choice of faces never spoils a later unit."""

    def __init__(self, pool: Pool, protect: bool, limit: int):
        self.pool = pool
        self.protect = protect
        self.limit = min(limit, pool.size)  # cards the shapes may use at most
        self.found: list[Shape] = []  # sets wider than 1, and tractors
        self.used = 0

    def fits(self, width: int, length: int) -> bool:
        if self.used + width * length > self.limit:
            return False
        if (width, length) == (1, 1):
            return True  # any card left over is a single
        return self.pool.holds([*self.found, (width, length)], self.protect)

    def add(self, width: int, length: int) -> None:
        if (width, length) != (1, 1):
            self.found.append((width, length))
        self.used += width * length

    def cards(self, pick: Pick | None) -> tuple[int, ...]:
        """Cards giving the shapes found (singles are left to the filler); none with no ``pick``
        (a check of a follow reads a demand's shapes and words only)."""
        if not self.found or pick is None:
            return ()  # nothing to take (and nothing drawn from a random pick)
        taken = self.pool.copy().take_all(self.found, self.protect, pick)
        if taken is None:  # a random pick went astray; the check's own pick always fits
            taken = self.pool.copy().take_all(self.found, self.protect, "fit") or []
        return tuple(taken)


def find_pattern(pool: Pool, pattern: Pattern, n: int, size: int, protect: bool,
                 fixed: tuple[int, ...] | None = None) -> tuple[tuple[int, ...], _Matcher] | None:
    """Whether ``pool`` holds ``pattern``'s units within ``size`` cards: None if not, else the
    greedy terms' counts (each as many as still fit, in list order) and the matcher holding the
    shapes.  With ``fixed``, the greedy terms must reach exactly those counts."""
    return _find(pool, _entry(pattern, n), size, protect, fixed)


def _musts(entry: _Entry, fixed: tuple[int, ...] | None) -> tuple[list[Shape], int]:
    """The units of ``entry`` wider than a single, and its cards, with the greedy terms' counts
    ``fixed`` (None: the fixed terms alone)."""
    if fixed is None or not entry.greedy:
        return entry.larger, entry.cards
    musts: list[Shape] = []
    given = iter(fixed)
    for count, width, length, is_greedy in entry.terms:
        musts += [(width, length)] * (next(given) if is_greedy else count)
    return [s for s in musts if s != (1, 1)], sum(w * l for w, l in musts)


def _find(pool: Pool, entry: _Entry, size: int, protect: bool,
          fixed: tuple[int, ...] | None = None) -> tuple[tuple[int, ...], _Matcher] | None:
    """``find_pattern`` for an entry worked out."""
    # ``_musts`` written out: this runs for most follows checked
    if fixed is None or not entry.greedy:
        larger, cards = entry.larger, entry.cards
    else:
        musts: list[Shape] = []
        given = iter(fixed)
        for count, width, length, is_greedy in entry.terms:
            musts += [(width, length)] * (next(given) if is_greedy else count)
        larger = [s for s in musts if s != (1, 1)]
        cards = sum(w * l for w, l in musts)
    if cards > size or cards > pool.size:
        return None
    if larger and not pool.holds_units(larger, protect):
        return None
    m = _Matcher(pool, protect, size)
    # what adding each of the units in turn leaves in the matcher
    m.found = list(larger)
    m.used = cards
    counts = []
    if fixed is None:
        for width, length in entry.greedy:
            if (width, length) == (1, 1):
                k = m.limit - m.used  # every card left is a single
                m.used = m.limit
            else:
                k = 0
                while m.fits(width, length):
                    m.add(width, length)
                    k += 1
            counts.append(k)
    return tuple(counts), m


def pattern_words(pattern: Pattern, n: int, counts: tuple[int, ...], top: Card | None = None) -> str:
    """The entry in words, with the greedy terms' ``counts``; ``top``: the card "the highest
    single" names."""
    if not pattern.terms:
        return "any cards of the suit"
    parts = []
    g = iter(counts)
    for term, (count, width, length, is_greedy) in zip(pattern.terms, _resolve(pattern, n)):
        if term.highest:
            parts.append("the highest single" + ("" if top is None else f" ({top})"))
            continue
        k = next(g) if is_greedy else count
        if k:
            parts.append(shape_words(width, length, k))
    return " + ".join(parts) if parts else "any cards of the suit"


@dataclass(frozen=True, slots=True)
class ListDuty:
    entries: tuple[Pattern, ...]
    n: int
    size: int
    protect: bool
    #: the list's last entry "broken down step by step": where the entries run out
    rest: StepDuty | None = None

    def demand(self, pool: Pool, pick: Pick | None = "fit") -> Demand:
        for i, pattern in enumerate(self.entries):
            entry = _entry(pattern, self.n)
            found = _find(pool, entry, self.size, self.protect)
            if found is not None:
                counts, m = found
                if entry.highest:
                    return self._with_highest(pool, pattern, i, counts, m.found, pick)
                words = entry.words or pattern_words(pattern, self.n, counts)
                return Demand(("list", i, counts), m.cards(pick), words)
        return ANY if self.rest is None else self.rest.demand(pool, pick)

    def met(self, pool: Pool, demand: Demand) -> bool:
        if demand.key[0] == "step" and self.rest is not None:
            return self.rest.met(pool, demand)
        if demand.key[0] != "list":
            return True
        i, counts = demand.key[1], demand.key[2]
        entry = _entry(self.entries[i], self.n)
        if _find(pool, entry, self.size, self.protect, counts) is None:
            return False
        if not entry.highest:
            return True
        # a card at least as strong as the demand's highest single, and the entry's sets besides it
        strength, top = pool.order.strength, demand.key[3]
        larger = _musts(entry, counts)[0]
        for face in [face for face in pool.counts if strength[face] >= top]:
            rest = pool.copy()
            rest.remove(face)
            if not larger or rest.holds_units(larger, self.protect):
                return True
        return False

    def _with_highest(self, pool: Pool, pattern: Pattern, index: int, counts: tuple[int, ...],
                      sets: list[Shape], pick: Pick | None) -> Demand:
        """The demand of entry ``index``, which holds the highest single: the entry's ``sets``
        found, they are taken as the engine takes them (always so, whatever ``pick``: the single
        is the strongest card they leave, and must not hang on a draw), and the strongest card
        left is the highest single; the key holds its strength."""
        left = pool.copy()
        taken = (left.take_all(sets, self.protect, "fit") or []) if sets else []
        strength = pool.order.strength
        top = max(strength[face] for face in left.counts)
        faces = sorted(face for face in left.counts if strength[face] == top)
        words = pattern_words(pattern, self.n, counts, CARDS[faces[0]])
        cards: tuple[int, ...] = ()
        if pick is not None:
            face = faces[0] if isinstance(pick, str) or len(faces) == 1 else choice(pick, faces)
            cards = (*taken, face)
        return Demand(("list", index, counts, top), cards, words)


# --- matching the lead's units -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MatchDuty:
    shapes: tuple[Shape, ...]  # the lead's units, largest first
    set_widths: tuple[int, ...]
    tractor_widths: tuple[int, ...]
    protect: bool

    def _match(self, pool: Pool) -> tuple[tuple[tuple[bool, int, int], ...], _Matcher]:
        m = _Matcher(pool, self.protect, pool.size)
        sequence: list[tuple[bool, int, int]] = []

        def match_set(width: int) -> None:
            for w in range(width, 0, -1):
                if (w == 1 or w in self.set_widths) and m.fits(w, 1):
                    m.add(w, 1)
                    sequence.append(shape_key(w, 1))
                    if width > w:
                        match_set(width - w)
                    return

        def match_tractor(width: int, length: int) -> None:
            for w in sorted(self.tractor_widths, reverse=True):
                # (width 1, a straight, answers a straight only: it holds no set of a tractor)
                if w <= width and (w > 1 or width == 1) and m.fits(w, length):
                    m.add(w, length)
                    sequence.append(shape_key(w, length))
                    for _ in range(length if width > w else 0):
                        match_set(width - w)
                    return
            for _ in range(length):
                match_set(width)

        for width, length in self.shapes:
            if length > 1:
                match_tractor(width, length)
            else:
                match_set(width)
        return tuple(sequence), m

    def demand(self, pool: Pool, pick: Pick | None = "fit") -> Demand:
        sequence, m = self._match(pool)
        words = " + ".join(shape_words(w, l) for _, w, l in sequence if (w, l) != (1, 1)) or "any cards of the suit"
        return Demand(("match", sequence), m.cards(pick), words)

    def met(self, pool: Pool, demand: Demand) -> bool:
        return self._match(pool)[0] >= demand.key[1]


@dataclass(frozen=True, slots=True)
class TractorDuty:
    shapes: tuple[Shape, ...]  # the lead's tractors, largest first
    protect: bool

    def _match(self, pool: Pool) -> tuple[tuple[int, ...], _Matcher]:
        m = _Matcher(pool, self.protect, pool.size)
        found = []
        for width, length in self.shapes:
            ok = m.fits(width, length)
            if ok:
                m.add(width, length)
            found.append(int(ok))
        return tuple(found), m

    def demand(self, pool: Pool, pick: Pick | None = "fit") -> Demand:
        found, m = self._match(pool)
        words = " + ".join(shape_words(w, l) for (w, l), f in zip(self.shapes, found) if f)
        return Demand(("tractors", found), m.cards(pick), words or "any cards of the suit")

    def met(self, pool: Pool, demand: Demand) -> bool:
        return self._match(pool)[0] >= demand.key[1]


@dataclass(frozen=True, slots=True)
class StepDuty:
    steps: tuple[Requirement, ...]  # the lead's own units first
    protect: bool

    def demand(self, pool: Pool, pick: Pick | None = "fit") -> Demand:
        for i, req in enumerate(self.steps):
            got = take_exactly(pool, req, self.protect, pick or "fit")
            if got is not None:
                words = " + ".join(shape_words(w, n) for w, n in req) or "any cards of the suit"
                return Demand(("step", i), () if pick is None else tuple(got), words)
        return ANY

    def met(self, pool: Pool, demand: Demand) -> bool:
        if demand.key[0] != "step":
            return True
        i = demand.key[1]
        if take_exactly(pool, self.steps[i]) is not None:
            return True
        # a play holding an earlier step is fine too; only protected sets make that possible
        return self.protect and any(take_exactly(pool, self.steps[j]) is not None for j in range(i))


@dataclass(frozen=True, slots=True)
class SuitDuty:
    def demand(self, pool: Pool, pick: Pick | None = "fit") -> Demand:
        return ANY

    def met(self, pool: Pool, demand: Demand) -> bool:
        return True


@dataclass(frozen=True, slots=True)
class RainDuty:
    """A rain led (a straight with pairs riding along, ``deck/rains.py``): a hand holding a rain of
    its kind (as many cards, as many pairs) in the suit must play one; otherwise the lead asks what
    its units (a straight and sets, or a tractor and sets) ask, ``rest``."""

    rain: rains.RainShape
    rest: Duty

    def demand(self, pool: Pool, pick: Pick | None = "fit") -> Demand:
        held = [CARDS[face] for face, k in pool.counts.items() for _ in range(k)]
        found = rains.find_rain(pool.order, pool.suit, held, self.rain, pick or "fit")
        if found is not None:
            return Demand(("rain",), () if pick is None else found, rains.rain_words(self.rain.size, self.rain.pairs))
        return self.rest.demand(pool, pick)

    def met(self, pool: Pool, demand: Demand) -> bool:
        if demand.key[0] == "rain":
            played = [CARDS[face] for face, k in pool.counts.items() for _ in range(k)]
            return self.rain.same_kind(rains.rain_of(pool.order, played))
        return self.rest.met(pool, demand)


@dataclass(frozen=True, slots=True)
class RainThrowDuty:
    """A throw holding rains (``rains.throw_rains``): each rain part asks what a rain led asks, a
    rain of its kind if the hand holds one (the largest rains first, each out of the cards the ones
    before it leave); the rains the hand cannot give are read as their units, and with the throw's
    other units they ask, of the cards the rains found leave, what those units led together ask."""

    reading: rains.RainThrow

    def _rest(self, order: Order, found: tuple[bool, ...]) -> Duty:
        """The duty of the throw's units and of the rains not found (``found``) read as units."""
        units = list(self.reading.units)
        for part, got in zip(self.reading.rains, found):
            if not got:
                units += decompose(order, part.cards)
        if not units:
            return SuitDuty()
        units.sort(key=lambda u: (u.key, u.top), reverse=True)
        return duty_for(order.rules, units)

    def demand(self, pool: Pool, pick: Pick | None = "fit") -> Demand:
        order = pool.order
        left = pool.copy()
        found: list[bool] = []
        cards: list[int] = []
        words: list[str] = []
        for part in self.reading.rains:
            got = rains.rain_in(left, part.shape, pick or "fit")
            found.append(got is not None)
            if got is not None:
                for c in got:
                    left.remove(c)
                cards += got
                words.append(rains.rain_words(part.shape.size, part.shape.pairs))
        rest = self._rest(order, tuple(found))
        inner = rest.demand(left, pick)
        if not words and inner is ANY:
            return ANY
        if inner is not ANY:
            words.append(inner.words)
        return Demand(("rains", tuple(found), inner.key), () if pick is None else (*cards, *inner.cards),
                      " + ".join(words))

    def met(self, pool: Pool, demand: Demand) -> bool:
        if demand.key[0] != "rains":
            return True
        found, key = demand.key[1], demand.key[2]
        rest = self._rest(pool.order, found)
        inner = Demand(key)
        wants = [part.shape for part, got in zip(self.reading.rains, found) if got]
        return any(key == ANY.key or rest.met(left, inner) for left in rains.take_rains(pool, wants))


Duty = ListDuty | MatchDuty | TractorDuty | StepDuty | SuitDuty | RainDuty | RainThrowDuty


def find_list(following: Following, width: int, length: int) -> FollowList | None:
    """The follow list for a lead of one unit: a fixed-length list wins over the "n" list."""
    fixed = [fl for fl in following.lists if fl.lead.width == width and fl.lead.length == length
             and not fl.lead.rainbow]
    if fixed:
        return fixed[0]
    if length > 1:
        for fl in following.lists:
            if fl.lead.width == width and fl.lead.length == 0 and not fl.lead.rainbow:
                return fl
    return None


def find_rainbow_list(following: Following, size: int) -> FollowList | None:
    """The follow list for a rainbow of ``size`` cards: a fixed-size list wins over the "n" list."""
    rainbow = [fl for fl in following.lists if fl.lead.rainbow]
    for fl in rainbow:
        if fl.lead.length == size:
            return fl
    for fl in rainbow:
        if fl.lead.length == 0:
            return fl
    return None


#: the duty of each lead's shapes under each rules met lately (the duty depends on nothing else),
#: by the rules' identity; each entry holds its rules, so that the id is not another's while kept
_DUTIES: dict[tuple[int, tuple[Shape, ...]], tuple[Rules, Duty]] = {}
#: duties kept: far more shapes of lead than a game meets, under a few rules at a time
_KEPT_DUTIES = 512


def duty_for(rules: Rules, units: list[Unit]) -> Duty:
    """The follow duty of a lead of ``units`` (its units, largest first), kept per rules and the
    units' shapes, which decide it: duties are immutable, so one serves every lead of those shapes."""
    shapes = tuple(u.shape for u in units)
    key = (id(rules), shapes)
    kept = _DUTIES.get(key)
    if kept is not None and kept[0] is rules:
        return kept[1]
    duty = _plain_duty(rules, units)
    if len(_DUTIES) >= _KEPT_DUTIES:
        _DUTIES.clear()  # one step, safe beside other threads' reads (a reader at worst works one out again)
    _DUTIES[key] = (rules, duty)
    return duty


#: the units and duty of a lead of copies of one card (a single, a pair, ...), by (the rules'
#: identity, card, copies, effective suit, strength): what ``decompose`` and ``duty_for`` give for
#: it under any order placing the card so (one face makes no tractor, and its sets depend on the
#: rules' set widths alone; units and duties are immutable: one serves every lead).  Each entry
#: holds its rules, as ``_DUTIES``.
_SET_LEADS: dict[tuple[int, int, int, int, int], tuple[Rules, tuple[Unit, ...], Duty]] = {}
#: one-face leads kept: every card at each place a few orders give it, a few copies of it
_KEPT_SET_LEADS = 4096


def _set_lead(order: Order, lead: tuple[Card, ...], suit: int) -> tuple[Rules, tuple[Unit, ...], Duty]:
    """The lead of ``lead``, copies of one card (of ``suit`` in ``order``): its rules, its units
    and its duty."""
    rules = order.rules
    card = lead[0]
    key = (id(rules), card, len(lead), suit, order.strength[card])
    kept = _SET_LEADS.get(key)
    if kept is None or kept[0] is not rules:
        units = decompose(order, lead)
        kept = (rules, tuple(units), duty_for(rules, units))
        if len(_SET_LEADS) >= _KEPT_SET_LEADS:
            _SET_LEADS.clear()
        _SET_LEADS[key] = kept
    return kept


def _list_duty(rules: Rules, fl: FollowList, width: int, length: int) -> ListDuty:
    """The duty of follow list ``fl`` for a lead of ``length`` sets of ``width``."""
    protect = rules.following.protect_longer_sets
    entries = fl.entries
    if entries and entries[-1].step_down:
        rest = StepDuty(breakdown_order(((width, length),), rules.combinations), protect)
        return ListDuty(entries[:-1], length, width * length, protect, rest)
    return ListDuty(entries, length, width * length, protect)


def rain_rest(rules: Rules, units: list[Unit], size: int) -> Duty:
    """What a rain of ``size`` cards (its ``units``) asks of a hand that holds no rain of its kind:
    the follow list for a straight of ``size`` cards where the ruleset writes one (Shandong: "领出
    闪/震/顺子：对应牌型 > 最大单张 > 垫牌", the rain read as a straight of its cards), else what its
    units led together ask."""
    fl = find_list(rules.following, 1, size) if rules.following.lists else None
    if fl is None:
        return duty_for(rules, units)
    return _list_duty(rules, fl, 1, size)


def rainbow_rest(rules: Rules, size: int) -> ListDuty | None:
    """What a rainbow among trumps of ``size`` cards asks, of trumps, of a hand that cannot give
    its ranks: the later entries of the follow list for that rainbow (its first is the rainbow
    itself), with n the rainbow's cards (Shandong: "领出闪/震/顺子：对应牌型 > 最大单张 > 垫牌");
    None without such a list (the follower then owes trumps, any of them)."""
    fl = find_rainbow_list(rules.following, size)
    if fl is None:
        return None
    return ListDuty(fl.entries[1:], size, size, rules.following.protect_longer_sets)


def _rainbow_list_refusal(fc: FollowContext, hand: tuple[Card, ...], play: tuple[Card, ...]) -> Refusal | None:
    """``follow_refusal`` for a rainbow among trumps with a follow list (``rainbow_rest``, the
    context's duty): the lead's ranks if the hand holds them, as always; else trumps, all of them
    when the hand holds no more than the lead, else as the list's later entries ask."""
    order = fc.order
    parts = fc.rainbow
    assert parts is not None  # (asked of a rainbow lead only)
    message = rainbows.follow_error(parts, hand, play, order)
    if message is not None:
        return Refusal("rainbow", message)
    if rainbows.gives_parts(parts, play, order):
        return None
    suit_of = order.suit_of
    held = [c for c in hand if suit_of[c] == TRUMP]
    size = len(fc.lead)
    if len(held) <= size:
        return None  # all of them, which the rainbow's own check asked
    played = [c for c in play if suit_of[c] == TRUMP]
    demand = fc.duty.demand(Pool.of_suit(order, TRUMP, held), None)
    if demand is ANY or fc.duty.met(Pool.of_suit(order, TRUMP, played), demand):
        return None
    return Refusal("shape", f"the hand holds {demand.words} in trumps and no rainbow of the lead's ranks, so the "
                   "follow must play that too")


def _plain_duty(rules: Rules, units: list[Unit]) -> Duty:
    f = rules.following
    comb = rules.combinations
    protect = f.protect_longer_sets
    if f.duty == "suit":
        return SuitDuty()
    if f.duty == "tractors":
        return TractorDuty(tuple(u.shape for u in units if u.is_tractor), protect)
    if len(units) == 1:
        u = units[0]
        fl = find_list(f, u.width, u.length)
        if fl is not None:
            return _list_duty(rules, fl, u.width, u.length)
    if f.default == "suit":
        return SuitDuty()
    if f.default == "step-down":
        return StepDuty(breakdown_order(tuple(u.shape for u in units), comb), protect)
    if all(u.shape == (1, 1) for u in units):
        return SuitDuty()  # matching singles asks for nothing but the suit
    if f.default == "sets":
        # the lead's sets, its tractors counted as the sets they are made of: no tractor is asked
        sets = sorted((u.width for u in units for _ in range(u.length) if u.width > 1), reverse=True)
        if not sets:
            return SuitDuty()
        return MatchDuty(tuple((width, 1) for width in sets), comb.set_widths, (), protect)
    # a straight (a tractor of singles) is matched by a straight of its length, held
    widths = (*comb.tractor_widths, 1) if comb.straight_min else comb.tractor_widths
    return MatchDuty(tuple(u.shape for u in units), comb.set_widths, widths, protect)


# --- the checks ----------------------------------------------------------------------------------


def lead_suit(order: Order, lead: tuple[Card, ...]) -> int:
    if not lead:
        raise PlayError("the lead is empty")
    if len(lead) == 1:
        return order.suit_of[lead[0]]
    suits = {order.suit_of[c] for c in lead}
    if len(suits) != 1:
        raise PlayError(f"a lead is of one suit (or all trumps), but {' '.join(map(str, lead))} is not")
    return suits.pop()


class FollowContext:
    """The lead's suit, units and duty, worked out once for all the followers of a trick.

    A plain class with its own ``__init__`` (not a dataclass's generated one, which would run
    interpreted even in the compiled engine): a context is made for every trick and every lead the
    oracle is asked about."""

    __slots__ = ("order", "lead", "suit", "units", "duty", "rainbow", "rain", "rain_throw", "demands",
                 "last_held", "free_bombs", "tractors_kept")

    order: Order
    lead: tuple[Card, ...]
    suit: int
    units: list[Unit]
    duty: Duty
    #: a rainbow lead's parts (one rank each, lowest first); None for any other lead
    rainbow: tuple[tuple[Card, ...], ...] | None
    #: a rain lead's kind (a straight with pairs riding along); None for any other lead
    rain: rains.RainShape | None
    #: a throw holding rains, read with its rains as parts; None for any other lead
    rain_throw: rains.RainThrow | None
    #: the demand of each hand's cards of the suit met so far: its shapes and words do not depend
    #: on which cards give them, so checking a follow reuses what choosing it worked out
    demands: dict[tuple[Card, ...], Demand]
    #: the last hand asked about (a tuple) with its cards of the suit: the engine checks a follow
    #: against the very hand the player chose it from
    last_held: tuple[tuple[Card, ...], Sequence[Card]] | None
    #: a bomb may be played in place of following (``following.exempt``: "bombs-from-suit")
    free_bombs: bool
    #: a held tractor need not be broken for a lead that holds none ("tractors-from-breaking");
    #: set once the lead's units are known
    tractors_kept: bool

    def __init__(self, order: Order, lead: tuple[Card, ...]) -> None:
        self.order = order
        self.lead = lead
        self.rainbow = self.rain = self.rain_throw = None
        self.demands = {}
        self.last_held = None
        exempt = order.rules.following.exempt  # (empty but where a ruleset writes 'exempt:')
        self.free_bombs = self.tractors_kept = False
        if exempt:
            self.free_bombs = "bombs-from-suit" in exempt
        if len(lead) == 1 or (lead and lead.count(lead[0]) == len(lead)):
            # copies of one card (a single, a pair, ...): no rainbow, its suit, and the units and
            # duty of any such lead: most tricks are led so, and each lead is worked out once
            self.suit = suit = order.suit_of[lead[0]]
            _, units, self.duty = _set_lead(order, lead, suit)
            self.units = [*units]
            if exempt:
                self.tractors_kept = "tractors-from-breaking" in exempt
            return
        comb = order.rules.combinations
        if comb.rainbow_min and (comb.rainbow_trumps or len({order.suit_of[c] for c in lead}) > 1):
            self.rainbow = rainbows.rainbow_parts(order, lead)
        if self.rainbow is not None:
            self.suit = RAINBOW
            self.units = decompose(order, lead)
            self.duty = SuitDuty()
            if comb.rainbow_trumps and order.rules.following.duty == "lists":
                # a list for rainbows among trumps: a follower short of the lead's ranks plays
                # trumps as its later entries say (``rainbow_rest``)
                rest = rainbow_rest(order.rules, len(lead))
                if rest is not None:
                    self.duty = rest
            return
        self.suit = lead_suit(order, lead)
        self.units = decompose(order, lead)
        self.duty = duty_for(order.rules, self.units)
        if comb.straight_pairs and len(self.units) > 1:
            # a straight with pairs riding along: one combination of its own kind
            self.rain = rains.rain_of(order, lead)
            if self.rain is not None:
                if order.rules.following.duty == "lists":
                    # a list for straights speaks for a rain short of its kind (``rain_rest``)
                    self.duty = RainDuty(self.rain, rain_rest(order.rules, self.units, len(lead)))
                elif order.rules.following.duty != "suit":  # (suit only: nothing more)
                    self.duty = RainDuty(self.rain, self.duty)
            else:
                # a throw holding rains: each rain asks what a rain led asks
                self.rain_throw = rains.throw_rains(order, lead)
                if self.rain_throw is not None and order.rules.following.duty != "suit":
                    self.duty = RainThrowDuty(self.rain_throw)
        if exempt:
            self.tractors_kept = "tractors-from-breaking" in exempt and not any(u.is_tractor for u in self.units)

    def __repr__(self) -> str:
        return f"FollowContext(lead={' '.join(map(str, self.lead))!r}, suit={self.suit}, duty={self.duty!r})"

    @classmethod
    def of_units(cls, order: Order, lead: tuple[Card, ...], suit: int, units: list[Unit],
                 duty: Duty | None = None) -> FollowContext:
        """The context of a lead (not a rainbow) whose suit and units (and perhaps duty) are
        already worked out."""
        fc = cls.__new__(cls)
        fc.order, fc.lead, fc.suit, fc.units = order, lead, suit, units
        fc.duty = duty_for(order.rules, units) if duty is None else duty
        fc.rainbow = fc.rain = fc.rain_throw = None
        fc.demands = {}
        fc.last_held = None
        exempt = order.rules.following.exempt
        fc.free_bombs = fc.tractors_kept = False
        if exempt:
            fc.free_bombs = "bombs-from-suit" in exempt
            fc.tractors_kept = "tractors-from-breaking" in exempt and not any(u.is_tractor for u in units)
        return fc

    def held(self, hand: Sequence[Card]) -> Sequence[Card]:
        """The cards of ``hand`` in the led suit, in the hand's order (not to be changed: kept for
        the next question about the same hand)."""
        last = self.last_held
        if last is not None and last[0] is hand:
            return last[1]
        suit_of, suit = self.order.suit_of, self.suit
        held = [c for c in hand if suit_of[c] == suit]
        if type(hand) is tuple:  # only an immutable hand is known again by its identity
            self.last_held = (hand, held)
        return held

    def know_held(self, hand: tuple[Card, ...], held: tuple[Card, ...]) -> None:
        """Take ``held`` as the cards of ``hand`` in the led suit, in the hand's order, for the
        next questions about that very hand: a caller that keeps its hands split by suit has them
        already."""
        self.last_held = (hand, held)

    def demand(self, held: Sequence[Card], pick: Pick | None = "fit") -> Demand:
        """What the hand's cards of the suit, ``held``, demand of a follow (the cards with
        ``pick``; none without); kept for the check of the follow."""
        if type(self.duty) is SuitDuty:
            return ANY  # nothing beyond the suit: no pool to build
        demand = self.duty.demand(Pool.of_suit(self.order, self.suit, held), pick)
        if len(self.demands) >= _KEPT_DEMANDS:
            self.demands.clear()
        self.demands[tuple(held)] = demand
        return demand


#: demands a lead keeps: more than the followers of one trick
_KEPT_DEMANDS = 32


def _missing(hand: Sequence[Card], play: Sequence[Card]) -> Card | None:
    """A card of ``play`` that ``hand`` lacks (or holds fewer times), or None.  Plays are short:
    counting in place beats building two Counters."""
    if len(play) == 1:
        return None if play[0] in hand else play[0]
    for card in dict.fromkeys(play):
        if hand.count(card) < play.count(card):
            return card
    return None


#: why a follow is refused, as a stable code for other programs (the vectors, the JSON-RPC server),
#: with what each code means
REFUSAL_CODES: dict[str, str] = {
    "size": "the play has not as many cards as the lead",
    "not-in-hand": "the play holds a card the hand does not (or more copies than the hand)",
    "all-of-suit": "the hand holds no more cards of the led suit than the lead, and the play leaves one out",
    "suit-only": "the hand holds more cards of the led suit than the lead, and the play holds another card",
    "shape": "the play does not meet the follow duty the hand can meet (pairs, tractors, ...)",
    "rainbow": "the hand can follow a rainbow's ranks, and the play does not",
}


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a follow is refused: ``code`` one of ``REFUSAL_CODES``, ``message`` in words."""

    code: str
    message: str


def _not_in_hand(card: Card) -> Refusal:
    return Refusal("not-in-hand", f"{card} is not in the hand (or not as many times)")


def follow_refusal(fc: FollowContext, hand: tuple[Card, ...], play: tuple[Card, ...]) -> Refusal | None:
    """None if ``play`` (taken from ``hand``, which includes it) may follow the lead; else why not."""
    size = len(fc.lead)
    if len(play) != size:
        return Refusal("size", f"play {size} card{'s' if size != 1 else ''}, as many as the lead, not {len(play)}")
    if fc.rainbow is not None:
        missing = _missing(hand, play)
        if missing is not None:
            return _not_in_hand(missing)
        if type(fc.duty) is not SuitDuty:
            return _rainbow_list_refusal(fc, hand, play)
        message = rainbows.follow_error(fc.rainbow, hand, play, fc.order)
        return None if message is None else Refusal("rainbow", message)
    suit_of = fc.order.suit_of
    word = SUIT_WORDS[fc.suit]
    held = fc.held(hand)
    played = [c for c in play if suit_of[c] == fc.suit]
    # a play all of the led suit is looked for among the hand's cards of that suit: fewer to count
    missing = _missing(held, played) if len(played) == size else _missing(hand, play)
    if missing is not None:
        return _not_in_hand(missing)
    if len(held) <= size:
        if len(played) < len(held):
            if fc.free_bombs and is_bomb(fc.order, play):
                return None  # a free bomb need not follow (``following.exempt``)
            return Refusal("all-of-suit", f"the hand holds {len(held)} {word}, no more than the lead: play all "
                           f"of them ({' '.join(map(str, sorted(held, key=lambda c: -fc.order.strength[c])))})")
        return None
    if len(played) < size:
        if fc.free_bombs and is_bomb(fc.order, play):
            return None
        off = next(c for c in play if suit_of[c] != fc.suit)
        return Refusal("suit-only", f"the hand holds more {word} than the lead: play {word} only ({off} is not one)")
    # the demand's shapes and words, without the cards that give them: the check reads no more
    demand = fc.demands.get(tuple(held)) or fc.demand(held, None)
    # every duty's ``met`` accepts any play of the suit when the hand can do nothing more
    if demand is ANY or fc.duty.met(Pool(fc.order, fc.suit, played), demand):
        return None
    if fc.free_bombs and is_bomb(fc.order, play):
        return None
    if fc.tractors_kept:
        # the hand's tractors kept whole: the play meets what the rest of the suit can give
        kept = _without_tractors(fc, held)
        if kept is not None:
            rest = fc.duty.demand(Pool.of_suit(fc.order, fc.suit, kept), None)
            if rest is ANY or fc.duty.met(Pool(fc.order, fc.suit, played), rest):
                return None
    return Refusal("shape", f"the hand holds {demand.words} in {word}, so the follow must play that too")


def _without_tractors(fc: FollowContext, held: Sequence[Card]) -> list[Card] | None:
    """The cards of ``held`` (a hand's cards of the led suit) outside its tractors, as the hand
    decomposes; None when it holds no tractor."""
    tractors = [c for u in decompose_suit(fc.order, tuple(held), fc.suit) if u.is_tractor for c in u.cards]
    if not tractors:
        return None
    rest = list(held)
    for c in tractors:
        rest.remove(c)
    return rest


def follow_error(fc: FollowContext, hand: tuple[Card, ...], play: tuple[Card, ...]) -> str | None:
    """None if ``play`` (taken from ``hand``, which includes it) may follow the lead; else why not."""
    refusal = follow_refusal(fc, hand, play)
    return None if refusal is None else refusal.message


def _sort_by_first_place(cards: list[Card], among: Sequence[Card]) -> None:
    """Sort ``cards`` (cards of ``among``) by the place ``among`` first holds each, in place: as
    ``cards.sort(key=among.index)`` does.  Without a sort: the copies of each card counted, then
    given out along ``among`` at each card's first place (typed where compiled, follow.pxd)."""
    copies = bytearray(N_CODES)
    for code in cards:
        copies[code] += 1
    placed = []
    for card in among:
        code = card
        n = copies[code]
        if n:
            copies[code] = 0
            while n:
                placed.append(card)
                n -= 1
    cards[:] = placed


def choose_follow(fc: FollowContext, hand: tuple[Card, ...], rng: random.Random | None = None) -> tuple[Card, ...]:
    """A legal follow from ``hand``: the demanded cards, then the lowest other cards of the suit
    (or, short of the suit, the lowest side cards), or random ones with ``rng``."""
    order = fc.order
    size = len(fc.lead)
    if fc.rainbow is not None:
        if type(fc.duty) is not SuitDuty and not rainbows.gives_parts(fc.rainbow, hand, order):
            return _choose_trumps(fc, hand, rng)
        return rainbows.choose_follow(fc.rainbow, hand, size, order.strength, rng, order)
    suit_of = order.suit_of
    held = fc.held(hand)
    # ``spare`` keeps the order of ``spare_from``, less the cards chosen
    if len(held) <= size:
        chosen = list(held)
        spare = [c for c in hand if suit_of[c] != fc.suit] if held else list(hand)
        spare_from: Sequence[Card] = hand
    else:
        # the demand's shapes do not depend on the pick, only which cards give them
        faces = fc.demand(held, rng or "fit").cards
        chosen = [CARDS[f] for f in faces] if faces else []
        spare = list(held)
        for c in chosen:
            spare.remove(c)
        spare_from = held
    need = size - len(chosen)
    if rng is not None:
        if not need:
            return tuple(chosen)  # a sample of none draws nothing from ``rng``
        # copies side by side, in the order the hand first holds them: a seed picks the same cards.
        # (With nothing chosen out of them and no copies, they are in that order already; putting
        # them in order costs less than finding that out.)
        _sort_by_first_place(spare, spare_from)
        # one card: ``choice`` draws exactly what ``sample(spare, 1)`` draws, without its checks
        chosen += sample(rng, spare, need) if need > 1 else (choice(rng, spare),)
    else:
        spare.sort(key=lambda c: (suit_of[c] == TRUMP, order.strength[c]))
        chosen += spare[:need]
    return tuple(chosen)


def _choose_trumps(fc: FollowContext, hand: tuple[Card, ...], rng: random.Random | None) -> tuple[Card, ...]:
    """``choose_follow`` for a rainbow among trumps with a follow list, from a hand that cannot give
    the lead's ranks: trumps as the list's later entries demand, then the lowest other trumps (or
    random ones), then, short of trumps, the lowest other cards."""
    order = fc.order
    size = len(fc.lead)
    suit_of = order.suit_of
    held = [c for c in hand if suit_of[c] == TRUMP]
    if len(held) <= size:
        chosen = list(held)
        spare = [c for c in hand if suit_of[c] != TRUMP]
        spare_from: Sequence[Card] = hand
    else:
        faces = fc.duty.demand(Pool.of_suit(order, TRUMP, held), rng or "fit").cards
        chosen = [CARDS[f] for f in faces]
        spare = list(held)
        for c in chosen:
            spare.remove(c)
        spare_from = held
    need = size - len(chosen)
    if rng is not None:
        if need:
            _sort_by_first_place(spare, spare_from)
            chosen += sample(rng, spare, need) if need > 1 else (choice(rng, spare),)
        return tuple(chosen)
    spare.sort(key=lambda c: (suit_of[c] == TRUMP, order.strength[c]))
    return tuple(chosen + spare[:need])
