"""A heuristic player: plays as a careful club player would, from its own view and the rules
oracle alone (no variant logic: every question about cards goes to the order, the units and the
follow duty the rules compiled).

- It counts cards: the cards not yet seen (played, in its hand, or buried by itself), and the
  suits each other player has shown to be void in (a follow that left the led suit while the
  player had to follow it).
- Declaring: it declares the suit that would give it the most trumps, and only when those trumps
  are a good share of the cards it holds (a higher share early in the deal); never over its
  partner; no-trump when its jokers and level cards alone make a strong hand.
- Burying: side cards without points first, from its shortest side suits (to make voids it can
  ruff in), keeping pairs, aces and trumps; points last.
- Leading: units nobody can beat (tractors and pairs first), several of them together as a throw
  only when each stands and no opponent is known to be void in the suit; trumps to draw the
  opponents' when it holds most of those still out; a low card to a suit its partner is void in;
  else a low card of its shortest side suit.
- Following: when its partner is winning for sure, it gives points; when an opponent is winning,
  it wins as cheaply as it can with a play the players after it cannot beat (a ruff when it pays:
  the trick holds points, or the lead is more than one card); else it plays low and keeps its
  points.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from ...rules import SUITS, Rules
from ..deck.cards import CARDS, Card
from ..deck.order import TRUMP, Order
from ..deck.pool import shape_key
from ..deck.rainbows import rainbow_parts
from ..deck.units import Unit, decompose
from ..flow.record import TrickRecord
from ..flow.views import Offer, PlayerView, Public
from ..rulings.follow import FollowContext, SuitDuty, follow_error
from ..rulings.tricks import is_bomb, winner
from .basic import GreedyPlayer, buryable, keeps_throw_kinds
from .kinds import player_kind

__all__ = ["HeuristicPlayer"]


def shown_voids(view: PlayerView) -> dict[int, set[int]]:
    """seat → the effective suits it has shown to be void in, from the tricks played (a follow of
    a lead's suit that holds other cards is a void: the player had to play all of the suit)."""
    pub = view.public
    suit_of = view.ctx.order.suit_of
    out: dict[int, set[int]] = {s: set() for s in range(pub.players)}
    for trick in pub.tricks:
        _add_voids(out, suit_of, pub.players, trick.leader, trick.plays)
    if pub.plays:
        _add_voids(out, suit_of, pub.players, pub.leader, pub.plays)
    return out


def _add_voids(voids: dict[int, set[int]], suit_of: Sequence[int], players: int, leader: int,
               plays: Sequence[tuple[Card, ...]]) -> None:
    """Add to ``voids`` the voids one trick's follows show."""
    suit = suit_of[plays[0][0]]
    for k in range(1, len(plays)):
        for c in plays[k]:
            if suit_of[c] != suit:
                voids[(leader + k) % players].add(suit)
                break


class _VoidsSeen:
    """The voids shown by the finished tricks of one hand, brought up to date as tricks are added:
    a finished trick never changes, so each is read once instead of at every decision.  It stands
    for one list of tricks (the hand's ``Public.tricks``) under one card order; ``current`` starts
    over when given another, or when the list no longer starts with the tricks read."""

    __slots__ = ("tricks", "suit_of", "players", "read", "last", "voids")

    def __init__(self, tricks: list[TrickRecord], suit_of: Sequence[int], players: int):
        self.tricks = tricks
        self.suit_of = suit_of
        self.players = players
        self.read = 0
        self.last: TrickRecord | None = None
        self.voids: dict[int, set[int]] = {s: set() for s in range(players)}

    def stands_for(self, tricks: list[TrickRecord], suit_of: Sequence[int], players: int) -> bool:
        return (tricks is self.tricks and suit_of is self.suit_of and players == self.players
                and len(tricks) >= self.read and (self.read == 0 or tricks[self.read - 1] is self.last))

    def finished(self) -> dict[int, set[int]]:
        """The voids shown by the finished tricks (to read, not to change)."""
        tricks = self.tricks
        if len(tricks) > self.read:
            for trick in tricks[self.read:]:
                _add_voids(self.voids, self.suit_of, self.players, trick.leader, trick.plays)
            self.read = len(tricks)
            self.last = tricks[-1]
        return self.voids

    def current(self, pub: Public) -> dict[int, set[int]]:
        """The voids shown so far, the trick being played included (to read, not to change)."""
        self.finished()
        if not pub.plays:
            return self.voids
        now = {s: set(v) for s, v in self.voids.items()}
        _add_voids(now, self.suit_of, self.players, pub.leader, pub.plays)
        return now


#: the voids last read by any heuristic player (one at a time: a table's players take turns; a
#: search player's playouts, on tables of their own, replace it, and each player keeps its own)
_LAST_SEEN: list[_VoidsSeen | None] = [None]


def _may_win(fc: FollowContext, play: tuple[Card, ...]) -> bool:
    """Whether ``play`` could win the trick of ``fc`` (not a rainbow) at all: only a play all of the
    led suit or all trumps follows or ruffs, and a bomb of identical cards is of one of those too
    (``tricks.winner``), but where bombs are free of the follow duty, which win from any suit; any
    other play, of several suits or of another side suit, never wins, unless rainbows are bombs and
    it is one."""
    order, lead_suit = fc.order, fc.suit
    suit_of = order.suit_of
    suit = suit_of[play[0]]
    if suit != lead_suit and suit != TRUMP:
        return _is_rainbow_bomb(order, play) or fc.free_bombs and is_bomb(order, play)
    for c in play:
        if suit_of[c] != suit:
            return _is_rainbow_bomb(order, play)
    return True


def _is_rainbow_bomb(order: Order, play: tuple[Card, ...]) -> bool:
    """Whether ``play`` is a rainbow of one rank and rainbows are bombs (``tricks.winner``)."""
    if not order.rules.combinations.rainbow_bombs:
        return False
    parts = rainbow_parts(order, play)
    return parts is not None and len(parts) == 1


def _single_follows(fc: FollowContext, hand: tuple[Card, ...], card: Card) -> bool:
    """``follow_error(fc, hand, (card,)) is None`` for a one-card lead and a card of ``hand``:
    when its duty asks for nothing beyond the suit (``SuitDuty``), a card of the led suit follows,
    and any card does when the hand holds none of the suit; any other duty is asked."""
    if type(fc.duty) is SuitDuty:
        return fc.order.suit_of[card] == fc.suit or not fc.held(hand)
    return follow_error(fc, hand, (card,)) is None


def _by_suit(view: PlayerView, suit_of: Sequence[int]) -> dict[int, Sequence[Card]]:
    """The hand's cards by effective suit, each in the hand's order, the suits in the order of
    their first cards in the hand (the order the lead breaks ties in): from the split the table
    keeps (``view.by_suit``), reading the hand only until every suit it holds has shown, else
    from the hand."""
    split = view.by_suit
    by_suit: dict[int, Sequence[Card]] = {}
    if split is None:
        lists: dict[int, list[Card]] = {}
        for c in view.hand:
            suit = suit_of[c]
            if suit in lists:
                lists[suit].append(c)
            else:
                lists[suit] = [c]
        by_suit.update(lists)
        return by_suit
    held = 0  # the suits the hand holds
    for cards in split:
        if cards:
            held += 1
    for c in view.hand:
        suit = suit_of[c]
        if suit not in by_suit:
            by_suit[suit] = split[suit]
            if len(by_suit) == held:
                break
    return by_suit


def _lowest(cards: Sequence[Card], points: Sequence[int], strength: Sequence[int]) -> Card:
    """The card to give up first of ``cards``: no points before points, then the weakest, then the
    lowest code (``min`` by that key, written as a loop: cheaper for a few cards)."""
    lowest = cards[0]
    lowest_key = (points[lowest] > 0, strength[lowest], lowest)
    for c in cards:
        key = (points[c] > 0, strength[c], c)
        if key < lowest_key:
            lowest, lowest_key = c, key
    return lowest


def _ranks(keys: Sequence[tuple[int, ...]]) -> list[int]:
    """Each key's place among the distinct keys, lowest 0: sorting by it sorts as by the keys
    (equal keys, equal places), with an int to compare instead of a tuple."""
    place = {key: i for i, key in enumerate(sorted(set(keys)))}
    return [place[key] for key in keys]


class _Tables:
    """What the heuristic player reads of one card order (and the ruleset's points) at every
    decision, worked out once per order instead of at each question: per effective suit, the
    faces of its bands in order, each with the lowest strength among the bands up to its own
    (what ``_Unbeaten`` reads, in one loop);
    the card codes that are trumps; and, per card code, the place of its key among the keys
    ``GreedyPlayer._fill`` sorts spare cards by, and the order's strengths (read by a C call where
    the sort would call a lambda).  The per-card tables are lists: a list's ``__getitem__`` is a
    plain built-in method, cheaper to call as a sort key than a tuple's method wrapper."""

    __slots__ = ("order", "points", "lows", "trumps", "low", "points_first", "high", "strength")

    def __init__(self, order: Order, points: Sequence[int]):
        self.order = order
        self.points = points
        suit_of, strength = order.suit_of, order.strength
        lows = []
        for bands in order.bands:
            lowest = float("inf")
            suit_lows: list[tuple[int, float]] = []
            for band in bands:
                lowest = min(lowest, strength[band[0]])
                suit_lows.extend((face, lowest) for face in band)
            lows.append(tuple(suit_lows))
        self.lows: tuple[tuple[tuple[int, float], ...], ...] = tuple(lows)
        codes = range(len(suit_of))
        self.trumps = tuple(c for c in codes if suit_of[c] == TRUMP)
        # lowest first: side cards before trumps, no points before points (GreedyPlayer._fill)
        self.low = _ranks([(suit_of[c] == TRUMP, points[c] > 0, strength[c]) for c in codes])
        self.points_first = _ranks([(suit_of[c] == TRUMP, -points[c], strength[c]) for c in codes])
        self.high = [-strength[c] for c in codes]
        self.strength = list(strength)


#: the tables of the orders met lately: more than the 65 orders (13 levels, 5 trumps) of a
#: two-deck simulation, shared by every heuristic player (threads at worst build a table twice)
_KEPT_TABLES = 96
_TABLES: dict[Order, _Tables] = {}


def _tables(order: Order, points: Sequence[int]) -> _Tables:
    """The tables of ``order`` under ``points`` (kept: an order serves many hands)."""
    tables = _TABLES.get(order)
    if tables is None or tables.points != points:
        tables = _Tables(order, points)
        if len(_TABLES) >= _KEPT_TABLES:
            _TABLES.clear()
        _TABLES[order] = tables
    return tables


#: the floor of a suit and width when no set of that width is out
_NO_FLOOR = float("-inf")


class _Unbeaten:
    """Which units and cards no card still unseen can beat, for one decision (one ``unseen``):
    the answers of ``GreedyPlayer._boss`` (and its one-card form), with the bands of
    each suit and width read once per decision instead of once per question.

    Both read the suit's bands in order, answer yes at the first band no stronger than the unit
    (or card) and no at the first band holding a set of its width still out; so the answer is yes
    exactly when some band up to the first one holding such a set is no stronger: the unit must
    reach the weakest of those bands (its ``floor``)."""

    __slots__ = ("order", "unseen", "floors", "lows")

    def __init__(self, order: Order, unseen: Callable[[int], int],
                 lows: tuple[tuple[tuple[int, float], ...], ...] | None = None):
        self.order = order
        #: the copies of a card face still unseen (``GreedyPlayer._unseen``, one face at a time)
        self.unseen = unseen
        self.floors: dict[tuple[int, int], float] = {}
        #: per suit, the faces of its bands in order, each with the lowest strength of the bands
        #: up to its own (``_Tables.lows``)
        self.lows = _Tables(order, (0,) * len(order.suit_of)).lows if lows is None else lows

    def floor(self, suit: int, width: int) -> float:
        """The weakest strength a unit of ``suit`` and ``width`` must reach (and keep it)."""
        unseen = self.unseen
        for face, lowest in self.lows[suit]:
            if unseen(face) >= width:
                self.floors[(suit, width)] = lowest
                return lowest
        self.floors[(suit, width)] = _NO_FLOOR  # no set of that width is out: everything stands
        return _NO_FLOOR

    def unit(self, unit: Unit) -> bool:
        """Nobody else can hold a set of the unit's width above its top (``GreedyPlayer._boss``)."""
        floor = self.floors.get((unit.suit, unit.width))
        return unit.top >= (self.floor(unit.suit, unit.width) if floor is None else floor)

    def card(self, card: Card) -> bool:
        """No card above ``card`` in its suit is still out."""
        suit = self.order.suit_of[card]
        floor = self.floors.get((suit, 1))
        return self.order.strength[card] >= (self.floor(suit, 1) if floor is None else floor)


#: a sure winner ``_sure_winners`` finds: its unit's key and size (to find the largest), cards, suit
#: and width
_Winner = tuple[tuple[tuple[bool, int, int], int], tuple[Card, ...], int, int]

#: each card code's rank and suit (None for a joker), read from a list rather than asked of the card
_RANK_OF: list[str | None] = [card.rank for card in CARDS]
_SUIT_OF: list[str | None] = [card.suit for card in CARDS]

#: a single's unit key and size: those of the smallest unit
_SINGLE_RANK = (shape_key(1, 1), 1)

#: ``_later``'s answers a player keeps: every question of a table of up to 8 seats
_KEPT_LATERS = 512


@player_kind("heuristic", "counts cards and voids, leads sure winners, feeds points to a winning partner, "
                          "ruffs or plays a free bomb when it pays, declares and buries with sense")
class HeuristicPlayer(GreedyPlayer):
    """A careful player built on the greedy one's card counting (deterministic)."""

    def __init__(self, seed: int | None = None):
        super().__init__(seed)
        #: the most copies of a card in the pack under the rules read (``_tables``)
        self._widest = 0
        self._seen: _VoidsSeen | None = None
        #: the tables last read, with the order and points they were asked for
        self._read: tuple[Order, Sequence[int], _Tables] | None = None
        #: the hand last counted by ``_trump_counts``, its level, and the counts
        self._counted: tuple[tuple[Card, ...], str | None, tuple[int, dict[str | None, int]]] | None = None
        #: the seated team of ``_team_seat`` under ``_team_rules`` (``_teammates``)
        self._team_rules: Rules | None = None
        self._team_seat = -1
        self._team: frozenset[int] = frozenset()
        #: the opponents still to play (``_later``), by the trick's leader, the plays made, the
        #: seats and this seat's team: a few dozen questions that come back every trick
        self._laters: dict[tuple[int, int, int, frozenset[int]], tuple[int, ...]] = {}

    def _tables(self, rules: Rules) -> None:
        super()._tables(rules)
        self._widest = max(self._copies)  # no unit is wider than the copies of a card in the pack

    def _read_tables(self, order: Order, points: Sequence[int]) -> _Tables:
        """``_tables(order, points)``: those this player read last while they stand (a hand keeps
        its order), without asking the shared ones."""
        read = self._read
        if read is None or read[0] is not order or read[1] is not points:
            read = self._read = (order, points, _tables(order, points))
        return read[2]

    def _unbeaten(self, order: Order, unseen: Callable[[int], int]) -> _Unbeaten:
        """``_Unbeaten(order, unseen)``, from the tables of the order (``unseen`` comes from
        ``_unseen`` or ``_unseen_counter``, which read the ruleset's points)."""
        return _Unbeaten(order, unseen, self._read_tables(order, self._points).lows)

    def _unseen_counter(self, view: PlayerView) -> Callable[[int], int]:
        """``self._unseen(view)[face]``, one face at a time: a follow asks about a few faces of one
        suit, where the whole table costs a pass over the hand."""
        self._pts(view)  # the pack's copies under these rules
        copies, played, hand, kitty = self._copies, view.public.played, view.hand, view.kitty or ()

        def unseen(face: int) -> int:
            return copies[face] - played[face] - hand.count(face) - kitty.count(face)

        return unseen

    def _teammates(self, view: PlayerView) -> frozenset[int]:
        """``view.teammates()``, kept while the seat and the rules stand when the teams are seated
        (called partners change as friends are found: asked each time)."""
        pub = view.public
        rules = pub.rules
        if rules is self._team_rules and view.seat == self._team_seat:
            return self._team
        team = view.teammates()
        if rules.table.seated:
            self._team_rules, self._team_seat, self._team = rules, view.seat, team
        return team

    def _later(self, leader: int, played: int, players: int, mates: frozenset[int]) -> tuple[int, ...]:
        """The seats after the ``played`` plays of a trick led by ``leader`` (this one's play the
        next) that are not in ``mates``, in turn."""
        key = (leader, played, players, mates)
        later = self._laters.get(key)
        if later is None:
            later = tuple(s for k in range(played + 1, players) if (s := (leader + k) % players) not in mates)
            if len(self._laters) >= _KEPT_LATERS:
                self._laters.clear()
            self._laters[key] = later
        return later

    def _voids_seen(self, view: PlayerView) -> _VoidsSeen:
        """The voids this player has read from the hand's tricks, brought up to date by ``current``
        or ``finished``."""
        pub = view.public
        suit_of = view.ctx.order.suit_of
        seen = self._seen
        if seen is None or not seen.stands_for(pub.tricks, suit_of, pub.players):
            # the reader of the player who asked last, when it reads this hand: the heuristic
            # players of one table then read each trick once between them
            seen = _LAST_SEEN[0]
            if seen is None or not seen.stands_for(pub.tricks, suit_of, pub.players):
                seen = _LAST_SEEN[0] = _VoidsSeen(pub.tricks, suit_of, pub.players)
            self._seen = seen
        return seen

    def _voids(self, view: PlayerView) -> dict[int, set[int]]:
        """``shown_voids(view)``, from the tricks this player has read already (to read, not to change)."""
        return self._voids_seen(view).current(view.public)

    # --- declaring ----------------------------------------------------------------------------

    def _trump_counts(self, view: PlayerView) -> tuple[int, dict[str | None, int]]:
        """The hand's cards that are trumps whatever the trump suit (jokers and level cards), and
        how many of the others each suit holds: ``_trumps_with`` of every suit from one pass over
        the hand (kept for the next question about the same hand and level)."""
        level = view.level
        counted = self._counted
        if counted is not None and counted[0] is view.hand and counted[1] == level:
            return counted[2]
        always = 0
        by_suit: dict[str | None, int] = {}
        for card in view.hand:
            rank = _RANK_OF[card]
            if rank is None or rank == level:  # a joker (no rank), or a level card
                always += 1
            else:
                suit = _SUIT_OF[card]
                by_suit[suit] = by_suit.get(suit, 0) + 1
        self._counted = (view.hand, level, (always, by_suit))
        return always, by_suit

    def _trumps_with(self, view: PlayerView, trump: str | None) -> int:
        """How many of the hand's cards would be trumps with ``trump`` (jokers, level cards, and
        the suit's cards)."""
        always, by_suit = self._trump_counts(view)
        return always if trump is None else always + by_suit.get(trump, 0)

    def declare(self, view: PlayerView, offers: list[Offer]) -> Offer | None:
        standing = view.public.declarations[-1] if view.public.declarations else None
        held = len(view.hand)
        full = view.rules.table.hand_size
        dealt = held / full if full else 1.0
        # early in the deal a suit must be clearly long; at the end a fair share will do
        need = 0.45 if dealt < 0.4 else 0.36 if dealt < 1 else 0.3
        if standing is not None and standing[0] != view.seat and standing[0] in view.teammates():
            # the partner's declaration: reinforce it (亮主方加固, where the rules allow) when this
            # hand holds a fair share of its trumps too, with as few cards as will do
            joined = [o for o in offers if o.joined]
            if not joined or self._trumps_with(view, joined[0].trump) / held < need:
                return None
            return min(joined, key=lambda o: o.declaration.key)
        if standing is not None and standing[0] in view.teammates():
            return None
        best: Offer | None = None
        best_share = 0.0
        for offer in offers:
            trump = offer.trump
            share = self._trumps_with(view, trump) / held
            if trump is None:  # no-trump: the jokers and level cards must carry the hand
                share *= 1.2
            if share > best_share or (share == best_share and best is not None
                                      and offer.declaration.key < best.declaration.key):
                best, best_share = offer, share
        if best is None or best_share < need:
            return None
        return best

    # --- the kitty ----------------------------------------------------------------------------

    def bury(self, view: PlayerView, count: int) -> Sequence[Card]:
        order = view.ctx.order
        pts = self._pts(view)
        hand = view.hand
        copies = Counter(hand)
        suit_of, strength = order.suit_of, order.strength
        length = {s: 0 for s in range(TRUMP + 1)}
        for c in hand:
            length[suit_of[c]] += 1
        unbeaten = self._unbeaten(order, self._unseen(view).__getitem__)
        # buried first: side cards, without points, single, not a sure winner, short suits (the
        # key of each card face once: the copies of a face are alike)
        keys = {}
        for c, n in copies.items():
            suit = suit_of[c]
            boss = suit != TRUMP and unbeaten.card(c)
            keys[c] = (suit == TRUMP, pts[c] > 0, n > 1, boss, length[suit], strength[c], c)
        may_bury = buryable(view)
        if may_bury is not None:  # the cards the rules let it bury first
            return sorted(hand, key=lambda c: (not may_bury(c), keys[c]))[:count]
        return sorted(hand, key=keys.__getitem__)[:count]

    # --- leading ------------------------------------------------------------------------------

    def _sure_winners(self, order: Order, by_suit: dict[int, Sequence[Card]], ruffed: set[int], unbeaten: _Unbeaten,
                      throws: bool) -> tuple[tuple[Card, ...] | None, _Winner | None]:
        """The units nobody can beat in the hand's suits (``by_suit``: its cards by suit, in the
        hand's order) but those some opponent can ruff (``ruffed``): a throw of a side suit's, when
        there are several and ``throws``, else the largest (the first of equals, side suits
        first), as ``decompose`` and ``_Unbeaten.unit`` find them of every suit."""
        floors, floor = unbeaten.floors, unbeaten.floor
        strength = self._read_tables(order, self._points).strength
        widest = self._widest

        best: _Winner | None = None
        for suit in sorted(by_suit):  # side suits first: TRUMP (4) comes after the side suits (0..3)
            if suit != TRUMP and suit in ruffed:
                continue
            cards = by_suit[suit]
            # A unit stands when its top reaches the floor of its suit and width, and a wider unit's
            # floor is never higher (its first band holding a set still out comes no earlier): when
            # the suit's strongest card is below the floor of the widest unit it can hold (singles
            # alone when its cards are all different), no unit stands and none need be made.
            width = 1 if len(set(cards)) == len(cards) else widest
            bar = floors.get((suit, width))
            if bar is None:
                bar = floor(suit, width)
            top = -1  # the strongest card's strength (strengths are not negative)
            for c in cards:
                if strength[c] > top:
                    top = strength[c]
            if top < bar:
                continue
            if width == 1:
                # cards all different are singles (``decompose``), strongest first, equal strengths
                # in the hand's order: those reaching the floor stand
                tops = sorted([c for c in cards if strength[c] >= bar], key=strength.__getitem__, reverse=True)
                if len(tops) > 1 and throws and suit != TRUMP:
                    return tuple(tops), best
                if best is None:  # a single is the smallest unit: larger than no unit found before
                    best = (_SINGLE_RANK, (tops[0],), suit, 1)
                continue
            single_bar = floors.get((suit, 1))
            if top < (floor(suit, 1) if single_bar is None else single_bar):
                # no single stands, so only a set or tractor can, and its top is a card the suit
                # holds several copies of: none stands when the strongest such card is below the
                # floor of the widest unit
                top_set = -1
                seen = set()
                for c in cards:
                    if c in seen:
                        if strength[c] > top_set:
                            top_set = strength[c]
                    else:
                        seen.add(c)
                if top_set < bar:
                    continue
            bosses = []
            for u in decompose(order, tuple(cards)):  # ``_Unbeaten.unit`` of each
                bar = floors.get((suit, u.width))
                if u.top >= (floor(suit, u.width) if bar is None else bar):
                    bosses.append(u)
            if len(bosses) > 1 and throws and suit != TRUMP:
                return tuple(c for u in bosses for c in u.cards), best
            for u in bosses:
                rank = (u.key, u.width * u.length)
                if best is None or rank > best[0]:
                    best = (rank, u.cards, u.suit, u.width)
        return None, best

    @keeps_throw_kinds
    def lead(self, view: PlayerView) -> Sequence[Card]:
        order = view.ctx.order
        pts = self._pts(view)
        unseen = self._unseen(view)
        unbeaten = self._unbeaten(order, unseen.__getitem__)
        voids = self._voids(view)
        team = self._teammates(view)
        ruffed: set[int] = set()  # the suits some opponent is void in
        for s in range(view.public.players):
            if s not in team:
                ruffed |= voids[s]
        mates = [s for s in team if s != view.seat]
        by_suit = _by_suit(view, order.suit_of)
        # 1. sure winners in the side suits no opponent can ruff: a rain first (pairs riding along)
        rain = self._sure_rain(view, by_suit, unseen, tuple(ruffed))
        if rain is not None:
            return rain
        throw, best = self._sure_winners(order, by_suit, ruffed, unbeaten, view.rules.leading.throws)
        if throw is not None:
            return throw
        if best is not None and (best[2] != TRUMP or best[3] > 1):
            return best[1]

        trumps = sorted(by_suit.get(TRUMP, ()), key=self._read_tables(order, pts).strength.__getitem__)
        out_trumps = sum([unseen[c] for c in self._read_tables(order, pts).trumps])
        # 2. draw trumps when this hand holds more than the others together
        if len(trumps) >= 4 and len(trumps) > out_trumps and out_trumps > 0:
            if best is not None:
                return best[1]
            low = [c for c in trumps if pts[c] == 0] or trumps
            return (low[0],)

        side = {s: cs for s, cs in by_suit.items() if s != TRUMP}
        # 3. a suit the partner can ruff (void in it, not in trumps) and the opponents can follow,
        # the shortest first
        ruffable: set[int] = set()
        for m in mates:
            if TRUMP not in voids[m]:
                ruffable |= voids[m]
        if ruffable:
            for suit, cards in sorted(side.items(), key=lambda item: len(item[1])):
                if suit in ruffable and suit not in ruffed:
                    return (_lowest(cards, pts, order.strength),)
        if best is not None:
            return best[1]
        # 4. a low card of the shortest side suit, to make a void (suits of point cards alone last;
        # the first of equals)
        if side:
            shortest: Sequence[Card] = ()
            shortest_key = (True, 0)
            for cards in side.values():
                all_points = True
                for c in cards:
                    if not pts[c] > 0:
                        all_points = False
                        break
                key = (all_points, len(cards))
                if not shortest or key < shortest_key:
                    shortest, shortest_key = cards, key
            return (_lowest(shortest, pts, order.strength),)
        low = [c for c in trumps if pts[c] == 0] or trumps
        return (low[0],)

    # --- following ----------------------------------------------------------------------------
    #
    # The greedy player's questions, answered alike with fewer steps (tests/engine/
    # test_heuristic_shortcuts.py compares them): the engine's functions called directly rather
    # than through the view's shortcuts, the hand's cards of the led suit read once per decision
    # (``FollowContext.held``, which the check of the follow reads again), and spare cards sorted
    # by keys read from a table.

    def _fill(self, view: PlayerView, chosen: list[Card], spare: list[Card], high: bool, points_first: bool) -> tuple[Card, ...]:
        pub = view.public
        read, ctx = self._read, pub.ctx
        if (read is not None and ctx is not None and read[0] is ctx.order and self._tables_of is pub.rules
                and read[1] is self._points):
            tables = read[2]  # the tables last read stand: no calls to ask for them
        else:
            tables = self._read_tables(view.ctx.order, self._pts(view))
        plays = pub.plays
        need = (len(plays[0]) if plays else 0) - len(chosen)
        if need == 0:
            return tuple(chosen)
        keys = tables.points_first if points_first else tables.high if high else tables.low
        if need == 1 and spare:
            # the first of the lowest keys, as a stable sort puts it first (a loop: ``min`` with a
            # key costs more than the loop for the few cards of a hand)
            lowest = spare[0]
            lowest_key = keys[lowest]
            for c in spare:
                if keys[c] < lowest_key:
                    lowest, lowest_key = c, keys[c]
            return (*chosen, lowest)
        return tuple(chosen + sorted(spare, key=keys.__getitem__)[:need])

    def _candidate(self, view: PlayerView, pick: str, points_first: bool = False) -> tuple[Card, ...]:
        fc = view.public.lead_context
        if fc is None or fc.rainbow is not None:
            return super()._candidate(view, pick, points_first)
        hand = view.hand
        held = fc.held(hand)  # the hand's cards of the led suit, in its order (not to be changed)
        if len(held) <= len(fc.lead):  # all of the suit, then other cards
            plays = view.public.plays
            if (len(plays[0]) if plays else 0) == len(held):  # nothing more to choose (``_fill``)
                return tuple(held)
            suit_of, suit = fc.order.suit_of, fc.suit
            spare = [c for c in hand if suit_of[c] != suit] if held else list(hand)
            return self._fill(view, list(held), spare, False, points_first)
        # the demanded cards (the demand is kept for the check of the follow), then others of the suit
        faces = fc.demand(held, pick).cards
        if not faces:  # nothing demanded beyond the suit
            return self._fill(view, [], list(held), pick == "high", points_first)
        spare = list(held)
        for f in faces:
            spare.remove(CARDS[f])
        return self._fill(view, [CARDS[f] for f in faces], spare, pick == "high", points_first)

    def _singles(self, view: PlayerView, ruff: bool) -> list[Card]:
        fc = view.public.lead_context
        assert fc is not None
        order = fc.order
        by_strength = self._read_tables(order, self._pts(view)).strength.__getitem__
        # a set built from the cards in the hand's order, as the greedy player's: equal strengths
        # keep the set's order
        held = sorted(set(fc.held(view.hand)), key=by_strength)
        if not held and fc.suit != TRUMP and ruff:
            suit_of = order.suit_of
            held = sorted({c for c in view.hand if suit_of[c] == TRUMP}, key=by_strength)
        return held

    def _ruff(self, view: PlayerView) -> tuple[Card, ...] | None:
        fc = view.public.lead_context
        if fc is not None and fc.suit != TRUMP and fc.held(view.hand):
            return None  # the hand holds the led suit: no ruff
        return super()._ruff(view)

    def _first_winning(self, view: PlayerView, options: Sequence[tuple[Card, ...]]) -> tuple[Card, ...]:
        for play in options:
            if self._wins_now(view, play):
                return play
        return self._candidate(view, "fit")

    def _wins_now(self, view: PlayerView, play: tuple[Card, ...]) -> bool:
        """Whether ``play`` may follow and would win the trick now (``_first_winning``'s question)."""
        pub = view.public
        fc = pub.lead_context
        assert fc is not None
        if not _may_win(fc, play):
            return False
        # whether it wins first: most plays do not, and the check of a follow costs more
        mine = (view.seat - pub.leader) % pub.players  # this seat's place in the trick
        return (winner(fc.order, fc.lead, fc.units, fc.suit, [*pub.plays[1:], play]) == mine
                and follow_error(fc, view.hand, play) is None)

    def _follow_several(self, view: PlayerView) -> tuple[Card, ...]:
        """``_first_winning(view, _multi(view))`` for a lead of several cards, each option made
        only when those before it lose, and the low follow not made again when it is the high one
        (a hand holding no more of the suit than the lead plays all of it, then the same cards
        whichever it picks)."""
        ruff = self._ruff(view)
        if ruff is not None and self._wins_now(view, ruff):
            return ruff
        high = self._candidate(view, "high")
        if self._wins_now(view, high):
            return high
        fc = view.public.lead_context
        assert fc is not None
        if fc.free_bombs:
            bomb = self._free_bomb(view)
            if bomb is not None:
                return bomb
        if len(fc.held(view.hand)) <= len(fc.lead):
            return high
        return self._candidate(view, "fit")

    def _free_bomb(self, view: PlayerView) -> tuple[Card, ...] | None:
        """Where a bomb may be played in place of following (``exempt: bombs from following suit``)
        and nothing else wins: the weakest bomb of as many identical cards as the lead that wins the
        trick now, when the trick holds points; None otherwise (a bomb is kept for a trick worth
        it)."""
        pub = view.public
        fc = pub.lead_context
        assert fc is not None
        size = len(fc.lead)
        if size < fc.order.rules.combinations.bomb_width:
            return None
        pts = self._pts(view)
        if not any(pts[c] for play in pub.plays for c in play):
            return None
        order = fc.order
        strength = order.strength
        for face in sorted((c for c, k in Counter(view.hand).items() if k >= size), key=lambda c: strength[c]):
            bomb = (face,) * size
            if is_bomb(order, bomb) and self._wins_now(view, bomb):
                return bomb
        return None

    def _first_winning_single(self, view: PlayerView, held: list[Card]) -> tuple[Card, ...]:
        pub = view.public
        fc = pub.lead_context
        assert fc is not None
        mine = (view.seat - pub.leader) % pub.players  # this seat's place in the trick
        order, lead, units, suit = fc.order, fc.lead, fc.units, fc.suit
        follows = [*pub.plays[1:], ()]  # the last one is the card asked about

        def wins(card: Card) -> bool:
            follows[-1] = (card,)
            return winner(order, lead, units, suit, follows) == mine

        if not held or not wins(held[-1]):
            return self._candidate(view, "fit")
        low, high = 0, len(held) - 1  # the first card that would win is in held[low:high + 1]
        while low < high:
            middle = (low + high) // 2
            if wins(held[middle]):
                high = middle
            else:
                low = middle + 1
        hand = view.hand
        for card in held[low:]:  # each would win
            if _single_follows(fc, hand, card):
                return (card,)
        return self._candidate(view, "fit")

    def _stands(self, view: PlayerView, seat: int, later: Sequence[int]) -> bool:
        """Whether the trick, now won by ``seat``, stays won against the opponents still to play
        (``later``): none left, or the winning play is the lead, made of units nobody can beat, in
        a suit none of them has shown to be void in (a side suit could be ruffed)."""
        if not later:
            return True
        pub = view.public
        fc = pub.lead_context
        assert fc is not None
        if seat != pub.leader or fc.rainbow is not None:
            return False
        if fc.suit != TRUMP:
            # the players still to play have not played to this trick: the finished ones show
            # all their voids
            voids = self._voids_seen(view).finished()
            for s in later:
                if fc.suit in voids[s]:
                    return False
        unbeaten = self._unbeaten(fc.order, self._unseen_counter(view))
        for u in fc.units:
            if not unbeaten.unit(u):
                return False
        return True

    def follow(self, view: PlayerView) -> Sequence[Card]:
        pub = view.public
        fc = pub.lead_context
        assert fc is not None
        if fc.rainbow is not None:
            return view.legal_follow()
        mates = self._teammates(view)
        leader, players, plays = pub.leader, pub.players, pub.plays
        if len(plays) == 1:
            winning = leader  # the lead alone: it wins
        else:
            winning = (leader + winner(fc.order, fc.lead, fc.units, fc.suit, plays[1:])) % players
        # the opponents still to play after this one
        later = self._later(leader, len(plays), players, mates)
        if winning in mates:
            return self._candidate(view, "fit", points_first=self._stands(view, winning, later))
        if len(fc.lead) == 1:
            pts = self._pts(view)
            at_stake = 0
            for play in plays:
                for c in play:
                    at_stake += pts[c]
            held = self._singles(view, ruff=at_stake > 0 or not later)
            if later and held:
                # a winner the players after this one cannot beat first, when there is one: the
                # first card reaching the floor of its suit (held is of one suit, weakest first)
                order = fc.order
                bar = self._unbeaten(order, self._unseen_counter(view)).floor(order.suit_of[held[0]], 1)
                strength = order.strength
                sure = None
                for c in held:
                    if strength[c] >= bar:  # ``_Unbeaten.card``
                        sure = c
                        break
                # whether it wins first: the cheaper question, and the one more often answered no
                if (sure is not None
                        and winner(fc.order, fc.lead, fc.units, fc.suit, [*plays[1:], (sure,)])
                        == (view.seat - leader) % players and _single_follows(fc, view.hand, sure)):
                    return (sure,)
            return self._first_winning_single(view, held)
        return self._follow_several(view)

    def name_trump(self, view: PlayerView) -> str | None:
        return max(SUITS, key=lambda s: self._trumps_with(view, s))

    def name_held_trump(self, view: PlayerView, suits: Sequence[str]) -> str:
        return max(suits, key=lambda s: self._trumps_with(view, s))

    def guess_trump(self, view: PlayerView) -> str | None:
        """The suit that would give it the most trumps: the one it keeps, burying without knowing
        trump (暗亮)."""
        return self.name_trump(view)
