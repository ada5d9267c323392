"""The card order of one hand: effective suits, strengths and tractor adjacency, per (rules, level,
trump), computed once and kept as flat tables indexed by card code.

Every deck card is placed by the first tier of ``rules.trumps.order`` that claims it; cards no tier
claims are side cards of their own suit, ranked by rank.  In a no-trump hand the trump-suit tiers
vanish: the level tiers claim level cards of every suit (unless no-trump is "jokers-only", when level
cards stay in their suits at their natural rank) and the constant-rank tiers claim every suit.
A constant rank that is the level (constant trumps that are levels too) is the level tiers' alone:
its own tiers stand empty, and links pass over them.
A hand with no level rank at all (``level`` None: the extra level beyond the last, jokers only) has
no level cards: the level tiers claim nothing and every rank stays in its suit.

Adjacency (which sets may follow each other in a tractor) is a graph on card faces:

- plain cards of one suit (a side suit, or the trump suit's "trump-suit" tier) touch their rank
  neighbours; the hole left by ranks claimed away (level, constant ranks and cards) is bridged iff
  ``combinations.bridge_gaps``; removed ranks and cards are simply absent from the deck;
- between special trump bands, edges only along ``combinations.links`` (``no_trump_links`` in a
  no-trump hand): every card of one band touches every card of the next band of the chain; a band
  empty in this hand is passed over.

Faces with the same neighbours on both sides (the off-suit level cards between trump-level and the
trump ace) are interchangeable in a tractor, so they are merged into one *node*.  After merging,
every shipped link configuration is a set of simple chains ("lines"), which is what makes tractor
questions linear scans instead of searches.  A configuration that still branches is refused with an
``EngineError`` rather than answered approximately.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from ...rules import RANKS, SUITS, Combinations, LinkTier, Rules, Table, TrumpTier
from ..errors import EngineError
from .cards import BIG_JOKER, CARDS, N_CODES, SMALL_JOKER, Card, deck_cards, parse_token

if TYPE_CHECKING:
    from .units import Unit

#: effective suit of every trump
TRUMP = 4
#: the "suit" of a rainbow lead, which spans four (engine/deck/rainbows.py)
RAINBOW = -2
SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs", "trumps")

Node = tuple[int, ...]  # interchangeable faces, strongest first
Line = tuple[Node, ...]  # adjacent nodes, top first


class Run:
    """Consecutive nodes ``start`` .. ``start + length - 1`` of line ``line`` of one suit.  A plain
    class with its own ``__init__``: a dataclass's generated one would run interpreted even in the
    compiled engine, and a run is made for each tractor looked for."""

    __slots__ = ("line", "start", "length")

    def __init__(self, line: int, start: int, length: int) -> None:
        self.line = line
        self.start = start
        self.length = length

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Run):
            return NotImplemented
        return (self.line, self.start, self.length) == (other.line, other.start, other.length)

    def __hash__(self) -> int:
        return hash((self.line, self.start, self.length))

    def __repr__(self) -> str:
        return f"Run(line={self.line}, start={self.start}, length={self.length})"


@dataclass(frozen=True, slots=True, eq=False)
class Order:
    rules: Rules
    #: the level rank, or None for a hand with no level rank
    level: str | None
    trump: str | None
    #: per code: 0..3 the side suit, TRUMP, or -1 for a card not in this deck
    suit_of: tuple[int, ...]
    #: per code: higher beats lower; only meaningful within one effective suit
    strength: tuple[int, ...]
    #: per effective suit: its lines of nodes, the line with the strongest top first
    lines: tuple[tuple[Line, ...], ...]
    #: per effective suit: its cards in groups of equal strength, strongest first
    bands: tuple[tuple[tuple[Card, ...], ...], ...]
    #: the widths of a set, widest first, 1 included (read once here rather than per play)
    set_widths: tuple[int, ...]
    #: (width, least length, greatest length or 0) of every tractor width, widest first (width 1:
    #: straights)
    tractor_kinds: tuple[tuple[int, int, int], ...]
    #: per effective suit, per card code: its node in ``lines`` as one number (``_places``), or -1
    #: for a card not in the suit
    places: tuple[tuple[int, ...], ...]
    #: what ``units.decompose`` worked out already, by the exact cards asked about (their order
    #: decides between equal units): a hand asks about the same cards again and again (a lead,
    #: its throw check, the suit a player leads from again).  Filled and bounded by ``units``.
    decompositions: dict[tuple[int, ...], tuple[Unit, ...]] = field(default_factory=dict, repr=False)
    #: each set as a ``Unit``, made when first asked for or all at once (``units.make_set_units``):
    #: ``set_units[width][face]``, None until then.  Units are immutable, so one object
    #: serves every play; lists by width and code rather than a dict by (face, width), because most
    #: plays' sets are looked up here, and a pair of indexes builds and hashes no tuple
    set_units: tuple[list[Unit | None], ...] = field(default=(), repr=False)
    #: whether singles join into tractors (straights: ``tractor_kinds`` ends with width 1): then a
    #: play of cards all different is not singles only, and the shortcuts that assume so are off
    singles_join: bool = False

    def longest_run(self, suit: int, faces: AbstractSet[int]) -> Run | None:
        """The longest run of consecutive nodes that each hold one of ``faces`` (the strongest of
        equally long ones: lines and nodes come strongest first), or None if no node does."""
        return _longest_run(self.places[suit], faces)


def _longest_run(place: tuple[int, ...], faces: AbstractSet[int]) -> Run | None:
    """``Order.longest_run`` over one suit's ``places`` (typed where compiled, order.pxd)."""
    # the nodes holding one of the faces, in the order of the lines: a few faces, where the lines
    # have many nodes
    spots = sorted({place[f] for f in faces if place[f] >= 0})
    best_line, best_start, best_length = -1, -1, 0
    line, start, last = -1, -1, -1
    for spot in spots:
        li = spot >> _NODE_BITS
        pos = spot - (li << _NODE_BITS)
        if li == line and pos == last + 1:
            last = pos
            continue
        if start >= 0 and last + 1 - start > best_length:
            best_line, best_start, best_length = line, start, last + 1 - start
        line, start, last = li, pos, pos
    if start >= 0 and last + 1 - start > best_length:  # the last run
        best_line, best_start, best_length = line, start, last + 1 - start
    return Run(best_line, best_start, best_length) if best_length else None


def build_order(rules: Rules, level: str | None, trump: str | None) -> Order:
    table = rules.table
    if level is not None and level not in table.ranks:
        raise EngineError(f"level {level!r} is not a rank of this deck ({', '.join(table.ranks)})")
    if trump is not None and trump not in SUITS:
        raise EngineError(f"trump {trump!r} is not a suit: use S, H, D, C, or None for no-trump")
    pack = _pack_of(table)
    faces = pack.faces
    tiers = rules.trumps.order
    levels_are_trump = trump is not None or rules.trumps.no_trump != "jokers-only"

    # each face claimed by the first tier that claims it; a tier is asked only about the faces it
    # may claim (``_candidates``), not about the whole pack
    tier_of: dict[int, int] = {}
    for i, tier in enumerate(tiers):
        for face in _candidates(tier, pack, level, trump):
            if face not in tier_of and _claims(tier, face, level, trump, levels_are_trump):
                tier_of[face] = i
    for joker in (SMALL_JOKER, BIG_JOKER):
        if joker in pack.jokers and joker not in tier_of:
            raise EngineError(f"trumps.order has no place for the {_joker_word(CARDS[joker])}")

    suit_of = [-1] * len(CARDS)
    strength = [0] * len(CARDS)
    for face in faces:
        placed = tier_of.get(face)
        if placed is None:
            suit_of[face] = face // 13  # a card's code is its suit's index * 13 + its rank's index
            strength[face] = face % 13
        else:
            suit_of[face] = TRUMP
            # bands of 16 leave room for the 13 ranks inside the trump-suit tier
            strength[face] = 100 + (len(tiers) - placed) * 16
            if tiers[placed].kind == "trump-suit":
                strength[face] += face % 13

    # the adjacency of the trump suit's faces, kept only for the faces that have neighbours
    succ: dict[int, set[int]] = {}
    pred: dict[int, set[int]] = {}

    def link(hi: int, lo: int) -> None:
        if hi != lo:
            succ.setdefault(hi, set()).add(lo)
            pred.setdefault(lo, set()).add(hi)

    # plain chains: each side suit, and the trump suit's own tier, cut where a rank claimed away
    # leaves a hole that is not bridged (a rank or card taken out of the pack altogether leaves none)
    plain_trump: list[Card] = []
    # a side suit's lines are its chain's pieces, one face a node (no two faces of a chain have the
    # same neighbours), strongest first: read here, as the adjacency of the trump suit is not
    side_lines: list[tuple[Line, ...]] = [()] * TRUMP
    bridge_gaps = rules.combinations.bridge_gaps
    rank_place = pack.rank_place
    for suit, suit_faces in enumerate(pack.by_suit):
        chain = [f for f in suit_faces if f not in tier_of or tiers[tier_of[f]].kind == "trump-suit"]
        if not chain:
            continue
        pieces = [[chain[0]]]  # the chain's runs of linked faces
        for hi, lo in zip(chain, chain[1:]):
            if bridge_gaps or rank_place[hi] - rank_place[lo] == 1:
                pieces[-1].append(lo)
            else:
                pieces.append([lo])
        if suit_of[chain[0]] == TRUMP:
            plain_trump = chain
            for piece in pieces:
                for hi, lo in zip(piece, piece[1:]):
                    link(hi, lo)
        else:
            side_lines[suit] = tuple(tuple((face,) for face in piece) for piece in pieces)

    trump_faces = [f for f in faces if f in tier_of]
    top = plain_trump[0] if plain_trump else None
    chains = rules.combinations.links if trump is not None else rules.combinations.no_trump_links
    claim = {f: tiers[i] for f, i in tier_of.items()}
    for chain_tiers in chains:
        # a band with no cards in this hand (no level cards in a jokers-only no-trump, say) is
        # passed over: its neighbours are then next to each other in the trump order
        bands = [b for b in (_link_faces(t, trump_faces, claim, trump, top) for t in chain_tiers) if b]
        for upper, lower in zip(bands, bands[1:]):
            for hi in upper:
                for lo in lower:
                    link(hi, lo)

    # each effective suit's faces, in the pack's order, then strongest first (a stable sort: equal
    # faces stay in the pack's order)
    by_suit: list[list[Card]] = [[] for _ in range(TRUMP + 1)]
    for face in faces:
        by_suit[suit_of[face]].append(face)
    bands_out = []
    for members in by_suit:
        members.sort(key=strength.__getitem__, reverse=True)
        grouped: list[list[Card]] = []
        for f in members:
            if grouped and strength[grouped[-1][0]] == strength[f]:
                grouped[-1].append(f)
            else:
                grouped.append([f])
        bands_out.append(tuple(tuple(g) for g in grouped))
    lines = (*side_lines, _lines(by_suit[TRUMP], succ, pred, strength))

    comb = rules.combinations
    set_widths = tuple(sorted(set(comb.set_widths) | {1}, reverse=True))
    places = tuple(_places(suit_lines) for suit_lines in lines)
    no_units: list[Unit | None] = [None] * len(CARDS)
    set_units = tuple(list(no_units) for _ in range(set_widths[0] + 1))
    kinds = tractor_kinds(comb)
    return Order(rules, level, trump, tuple(suit_of), tuple(strength), lines, tuple(bands_out),
                 set_widths, kinds, places, set_units=set_units, singles_join=bool(kinds) and kinds[-1][0] == 1)


class _Pack:
    """What every card order of one table reads of its pack, worked out once per table
    (``_pack_of``): a game builds the order of every level with every trump."""

    __slots__ = ("faces", "face_set", "jokers", "by_suit", "by_rank", "rank_place")

    def __init__(self, table: Table):
        #: one copy of every card of the pack, in deck order
        self.faces = deck_cards(table)
        #: the same, as a set
        self.face_set = frozenset(self.faces)
        #: the jokers of the pack
        self.jokers = frozenset(f for f in self.faces if f.is_joker)
        #: per suit (S H D C), its cards in the pack, highest rank first
        self.by_suit = tuple(tuple(sorted((f for f in self.faces if f.suit == suit), reverse=True))
                             for suit in SUITS)
        #: per rank, its cards in the pack, in deck order
        self.by_rank = {rank: tuple(f for f in self.faces if f.rank == rank) for rank in RANKS}
        #: per card code, its rank's place among the ranks its suit has in the pack, lowest 0: two
        #: cards of a suit with places more than 1 apart have a rank between them that the pack
        #: holds (a rank removed, or a card taken out altogether, leaves no hole)
        place = [-1] * N_CODES
        for suit_faces in self.by_suit:
            for i, face in enumerate(reversed(suit_faces)):
                place[face] = i
        self.rank_place = tuple(place)


@lru_cache(maxsize=64)
def _pack_of(table: Table) -> _Pack:
    return _Pack(table)


def _candidates(tier: TrumpTier, pack: _Pack, level: str | None, trump: str | None) -> Iterable[Card]:
    """The faces of the pack that ``tier`` may claim (``_claims`` decides which it does): all of
    them for a kind this does not know, which ``_claims`` refuses."""
    kind = tier.kind
    if kind == "big-joker":
        return (CARDS[BIG_JOKER],) if BIG_JOKER in pack.jokers else ()
    if kind == "small-joker":
        return (CARDS[SMALL_JOKER],) if SMALL_JOKER in pack.jokers else ()
    if kind in _LEVEL_KINDS:
        return pack.by_rank[level] if level is not None else ()
    if kind in _RANK_KINDS:
        return pack.by_rank.get(tier.rank, ()) if tier.rank is not None else ()
    if kind == "trump-suit":
        return pack.by_suit[SUITS.index(trump)] if trump is not None else ()
    if kind == "card":
        card = parse_token(tier.card) if tier.card is not None else None
        return (card,) if card in pack.face_set else ()
    return pack.faces


#: a node's place in ``Order.places``: its line's index shifted by these bits, plus its own index
#: in the line (below 2 ** 6: a line holds at most one node per card code, of which there are 54)
_NODE_BITS = 6


def _places(suit_lines: tuple[Line, ...]) -> tuple[int, ...]:
    """Per card code, its node in one suit's lines as the number ``line << _NODE_BITS | node`` (so
    that these numbers sort as (line, node) pairs do), or -1 for a card not in the suit."""
    place = [-1] * N_CODES
    for li, line in enumerate(suit_lines):
        for pos, node in enumerate(line):
            for face in node:
                place[face] = li << _NODE_BITS | pos
    return tuple(place)


def tractor_kinds(comb: Combinations) -> tuple[tuple[int, int, int], ...]:
    """(width, least length, greatest length or 0) of every tractor width, widest first; straights
    are the tractors of singles (width 1), last."""
    kinds = []
    for width in sorted(comb.tractor_widths, reverse=True):
        low, high = comb.lengths_of(width)
        kinds.append((width, max(low, 2), high))
    if comb.straight_min:
        kinds.append((1, comb.straight_min, 0))
    return tuple(kinds)


def _joker_word(face: Card) -> str:
    return "big joker" if face == BIG_JOKER else "small joker"


def _claims(tier: TrumpTier, face: Card, level: str | None, trump: str | None, levels_are_trump: bool) -> bool:
    kind = tier.kind
    if kind == "big-joker":
        return face == BIG_JOKER
    if kind == "small-joker":
        return face == SMALL_JOKER
    if face.is_joker:
        return False
    if kind in ("level-in-trump-suit", "level-in-other-suits"):
        if level is None or face.rank != level or not levels_are_trump:
            return False
        # no trump suit: the first level tier takes every level card, so they rank equally
        return trump is None or (face.suit == trump) == (kind == "level-in-trump-suit")
    if kind in ("rank-in-trump-suit", "rank-in-other-suits"):
        if face.rank != tier.rank:
            return False
        if face.rank == level and levels_are_trump:
            # a constant rank that is the level (``trumps.constant_levels``; never else: the
            # checks keep constant ranks off the levels): its cards are the level cards, in the
            # level tiers wherever the order puts them, and its own tiers stand empty
            return False
        return trump is None or (face.suit == trump) == (kind == "rank-in-trump-suit")
    if kind == "card":
        return tier.card is not None and face == parse_token(tier.card)
    if kind == "trump-suit":
        return trump is not None and face.suit == trump
    raise EngineError(f"unknown trump tier {kind!r}")


_LEVEL_KINDS = ("level-in-trump-suit", "level-in-other-suits")
_RANK_KINDS = ("rank-in-trump-suit", "rank-in-other-suits")


def _link_faces(link: LinkTier, trump_faces: list[Card], claim: dict[int, TrumpTier],
                trump: str | None, top: Card | None) -> list[Card]:
    """The trump cards a link band stands for: those the matching tier of the order claimed.
    "level" and "rank" (no-trump kinds) take either tier of their kind, and so do the suit-hand
    kinds in a no-trump hand, where the two tiers have merged into one."""
    kind = link.kind
    merged = trump is None or kind in ("level", "rank")
    out = []
    for f in trump_faces:
        tier = claim[f]
        if kind == "top-of-trump-suit":
            ok = f == top
        elif kind in ("level", *_LEVEL_KINDS):
            ok = tier.kind in _LEVEL_KINDS if merged else tier.kind == kind
        elif kind in ("rank", *_RANK_KINDS):
            ok = tier.rank == link.rank and (tier.kind in _RANK_KINDS if merged else tier.kind == kind)
        elif kind == "card":
            ok = tier.kind == "card" and tier.card is not None and link.card is not None \
                and parse_token(tier.card) == parse_token(link.card)
        elif kind in ("big-joker", "small-joker"):
            ok = tier.kind == kind
        else:
            raise EngineError(f"unknown link band {kind!r}")
        if ok:
            out.append(f)
    return out


def _lines(members: list[Card], succ: dict[int, set[int]], pred: dict[int, set[int]],
           strength: list[int]) -> tuple[Line, ...]:
    """Merge interchangeable faces into nodes and read the adjacency as simple chains.  ``succ``
    and ``pred`` hold only the faces that have neighbours on that side."""
    if not members:
        return ()
    key_of: dict[int, object] = {}
    groups: dict[object, list[int]] = {}
    for f in members:
        before, after = pred.get(f), succ.get(f)
        key: object = (frozenset(before or ()), frozenset(after or ())) if before or after else ("alone", f)
        key_of[f] = key
        groups.setdefault(key, []).append(f)

    def neighbour(key: object, side: dict[int, set[int]]) -> object | None:
        faces = side.get(groups[key][0], ())
        if len(faces) == 1:  # most faces: one neighbour on that side, so nothing can branch
            for face in faces:
                return key_of[face]
        keys = {key_of[f] for f in faces}
        if len(keys) > 1:
            names = ", ".join(sorted(str(CARDS[f]) for f in faces))
            raise EngineError(
                f"tractor links branch at {CARDS[groups[key][0]]} (it touches {names}, which are "
                "not interchangeable); the engine reads links as chains"
            )
        return next(iter(keys)) if keys else None

    nexts = {k: neighbour(k, succ) for k in groups}
    prevs = {k: neighbour(k, pred) for k in groups}
    lines: list[Line] = []
    seen: set[object] = set()
    for k in groups:
        if prevs[k] is not None:
            continue
        line: list[Node] = []
        cur: object | None = k
        while cur is not None:
            if cur in seen:
                raise EngineError("tractor links form a loop")
            seen.add(cur)
            line.append(tuple(sorted(groups[cur], key=lambda f: strength[f], reverse=True)))
            cur = nexts[cur]
        lines.append(tuple(line))
    if len(seen) != len(groups):
        raise EngineError("tractor links form a loop")
    lines.sort(key=lambda line: strength[line[0][0]], reverse=True)
    return tuple(lines)
