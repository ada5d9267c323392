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

from collections.abc import Sequence

from ..rules import SUITS
from .cards import Card
from .kinds import player_kind
from .order import TRUMP, Order
from .players import GreedyPlayer
from .record import TrickRecord
from .units import Unit
from .views import Offer, PlayerView, Public

__all__ = ["HeuristicPlayer"]


def _voids(view: PlayerView) -> dict[int, set[int]]:
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

    def current(self, pub: Public) -> dict[int, set[int]]:
        """The voids shown so far, the trick being played included (to read, not to change)."""
        tricks = self.tricks
        for trick in tricks[self.read:]:
            _add_voids(self.voids, self.suit_of, self.players, trick.leader, trick.plays)
        self.read = len(tricks)
        self.last = tricks[-1] if tricks else None
        if not pub.plays:
            return self.voids
        now = {s: set(v) for s, v in self.voids.items()}
        _add_voids(now, self.suit_of, self.players, pub.leader, pub.plays)
        return now


class _Unbeaten:
    """Which units and cards no card still unseen can beat, for one decision (one ``unseen``):
    the answers of ``GreedyPlayer._boss`` (and its one-card form), with the bands of
    each suit and width read once per decision instead of once per question.

    Both read the suit's bands in order, answer yes at the first band no stronger than the unit
    (or card) and no at the first band holding a set of its width still out; so the answer is yes
    exactly when some band up to the first one holding such a set is no stronger: the unit must
    reach the weakest of those bands (its ``floor``)."""

    __slots__ = ("order", "unseen", "floors")

    def __init__(self, order: Order, unseen: list[int]):
        self.order = order
        self.unseen = unseen
        self.floors: dict[tuple[int, int], float] = {}

    def _floor(self, suit: int, width: int) -> float:
        strength, unseen = self.order.strength, self.unseen
        floor = lowest = float("inf")
        for band in self.order.bands[suit]:
            lowest = min(lowest, strength[band[0]])
            if any(unseen[f] >= width for f in band):
                floor = lowest
                break
        else:
            floor = float("-inf")  # no set of that width is out: everything stands
        self.floors[(suit, width)] = floor
        return floor

    def unit(self, unit: Unit) -> bool:
        """Nobody else can hold a set of the unit's width above its top (``GreedyPlayer._boss``)."""
        floor = self.floors.get((unit.suit, unit.width))
        return unit.top >= (self._floor(unit.suit, unit.width) if floor is None else floor)

    def card(self, card: Card) -> bool:
        """No card above ``card`` in its suit is still out."""
        suit = self.order.suit_of[card]
        floor = self.floors.get((suit, 1))
        return self.order.strength[card] >= (self._floor(suit, 1) if floor is None else floor)


@player_kind("heuristic", "counts cards and voids, leads sure winners, feeds points to a winning partner, "
                          "ruffs when it pays, declares and buries with sense")
class HeuristicPlayer(GreedyPlayer):
    """A careful player built on the greedy one's card counting (deterministic)."""

    def __init__(self, seed: int | None = None):
        super().__init__(seed)
        self._seen: _VoidsSeen | None = None

    def _voids(self, view: PlayerView) -> dict[int, set[int]]:
        """``_voids(view)``, from the tricks this player has read already (to read, not to change)."""
        pub = view.public
        suit_of = view.ctx.order.suit_of
        seen = self._seen
        if seen is None or not seen.stands_for(pub.tricks, suit_of, pub.players):
            seen = self._seen = _VoidsSeen(pub.tricks, suit_of, pub.players)
        return seen.current(pub)

    # --- declaring ----------------------------------------------------------------------------

    def _trumps_with(self, view: PlayerView, trump: str | None) -> int:
        """How many of the hand's cards would be trumps with ``trump`` (jokers, level cards, and
        the suit's cards)."""
        level = view.level
        count = 0
        for c in view.hand:
            card = c
            if card.is_joker or card.rank == level or (trump is not None and card.suit == trump):
                count += 1
        return count

    def declare(self, view: PlayerView, offers: list[Offer]) -> Offer | None:
        standing = view.public.declarations[-1] if view.public.declarations else None
        if standing is not None and standing[0] in view.teammates():
            return None
        held = len(view.hand)
        full = view.rules.table.hand_size
        dealt = held / full if full else 1.0
        # early in the deal a suit must be clearly long; at the end a fair share will do
        need = 0.45 if dealt < 0.4 else 0.36 if dealt < 1 else 0.3
        best: Offer | None = None
        best_share = 0.0
        for offer in offers:
            share = self._trumps_with(view, offer.trump) / held
            if offer.trump is None:  # no-trump: the jokers and level cards must carry the hand
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
        copies = {c: hand.count(c) for c in set(hand)}
        length = {s: 0 for s in range(TRUMP + 1)}
        for c in hand:
            length[order.suit_of[c]] += 1
        unbeaten = _Unbeaten(order, self._unseen(view))

        def keep(c: Card) -> tuple[bool, bool, bool, bool, int, int, int]:
            suit = order.suit_of[c]
            boss = suit != TRUMP and unbeaten.card(c)
            # buried first: side cards, without points, single, not a sure winner, short suits
            return (suit == TRUMP, pts[c] > 0, copies[c] > 1, boss, length[suit], order.strength[c], c)

        return sorted(hand, key=keep)[:count]

    # --- leading ------------------------------------------------------------------------------

    def _opponents(self, view: PlayerView) -> list[int]:
        mates = view.teammates()
        return [s for s in range(view.public.players) if s not in mates]

    def lead(self, view: PlayerView) -> Sequence[Card]:
        order = view.ctx.order
        pts = self._pts(view)
        unseen = self._unseen(view)
        unbeaten = _Unbeaten(order, unseen)
        voids = self._voids(view)
        opponents = self._opponents(view)
        mates = [s for s in view.teammates() if s != view.seat]
        by_suit: dict[int, list[Card]] = {}
        for c in view.hand:
            by_suit.setdefault(order.suit_of[c], []).append(c)
        throws = view.rules.leading.throws

        # 1. sure winners in the side suits no opponent can ruff
        best = None
        for suit in sorted(by_suit, key=lambda s: (s == TRUMP, s)):
            if suit != TRUMP and any(suit in voids[o] for o in opponents):
                continue
            units = view.units(by_suit[suit])
            bosses = [u for u in units if unbeaten.unit(u)]
            if len(bosses) > 1 and throws and suit != TRUMP:
                return tuple(c for u in bosses for c in u.cards)
            for u in bosses:
                if best is None or (u.key, u.width * u.length) > (best.key, best.width * best.length):
                    best = u
        if best is not None and (best.suit != TRUMP or best.width > 1):
            return best.cards

        trumps = sorted(by_suit.get(TRUMP, ()), key=lambda c: order.strength[c])
        out_trumps = sum(unseen[c] for c in range(54) if order.suit_of[c] == TRUMP)
        # 2. draw trumps when this hand holds more than the others together
        if len(trumps) >= 4 and len(trumps) > out_trumps and out_trumps > 0:
            if best is not None:
                return best.cards
            low = [c for c in trumps if pts[c] == 0] or trumps
            return (low[0],)

        side = {s: cs for s, cs in by_suit.items() if s != TRUMP}
        # 3. a suit the partner can ruff and the opponents can follow
        for suit, cards in sorted(side.items(), key=lambda item: len(item[1])):
            if any(suit in voids[m] and TRUMP not in voids[m] for m in mates) and not any(
                    suit in voids[o] for o in opponents):
                return (min(cards, key=lambda c: (pts[c] > 0, order.strength[c], c)),)
        if best is not None:
            return best.cards
        # 4. a low card of the shortest side suit, to make a void
        if side:
            def shortness(item: tuple[int, list[Card]]) -> tuple[bool, int]:
                suit, cards = item
                return (all(pts[c] > 0 for c in cards), len(cards))

            _, cards = min(side.items(), key=shortness)
            return (min(cards, key=lambda c: (pts[c] > 0, order.strength[c], c)),)
        low = [c for c in trumps if pts[c] == 0] or trumps
        return (low[0],)

    # --- following ----------------------------------------------------------------------------

    def _after_me(self, view: PlayerView) -> list[int]:
        pub = view.public
        return [(pub.leader + k) % pub.players for k in range(len(pub.plays) + 1, pub.players)]

    def _stands(self, view: PlayerView, seat: int, later: list[int]) -> bool:
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
            voids = self._voids(view)
            if any(fc.suit in voids[s] for s in later):
                return False
        unbeaten = _Unbeaten(fc.order, self._unseen(view))
        return all(unbeaten.unit(u) for u in fc.units)

    def follow(self, view: PlayerView) -> Sequence[Card]:
        fc = view.public.lead_context
        assert fc is not None
        if fc.rainbow is not None:
            return view.legal_follow()
        pub = view.public
        mates = view.teammates()
        winning = view.winning_seat()
        # the opponents still to play after this one
        later = [s for s in self._after_me(view) if s not in mates]
        if winning in mates:
            return self._candidate(view, "fit", points_first=self._stands(view, winning, later))
        if len(fc.lead) == 1:
            pts = self._pts(view)
            at_stake = sum(pts[c] for play in pub.plays for c in play)
            held = self._singles(view, ruff=at_stake > 0 or not later)
            if later:
                # a winner the players after this one cannot beat first, when there is one
                unbeaten = _Unbeaten(fc.order, self._unseen(view))
                sure = next((c for c in held if unbeaten.card(c)), None)
                if sure is not None and view.follow_error((sure,)) is None and view.winner_if((sure,)) == view.seat:
                    return (sure,)
            return self._first_winning_single(view, held)
        return self._first_winning(view, self._multi(view))

    def name_trump(self, view: PlayerView) -> str | None:
        return max(SUITS, key=lambda s: self._trumps_with(view, s))
