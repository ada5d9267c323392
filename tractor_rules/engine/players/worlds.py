"""Guessing the hidden cards: one player's sample of the other hands and the kitty ("a world"),
consistent with everything that player has seen.

A world deals the cards this player has not seen (not in its hand, not played, not buried by
itself, not on the table in the trick being played) to the other seats and the kitty, so that:

- each seat holds as many cards as it really does (its play to this trick counted);
- no seat holds a card of a suit it has shown to be void in (a follow that left the led suit);
- a seat other than the banker (and the player who buried) still holds the cards it showed when declaring and has not
  played since (the banker may have buried them), the cards taken in an exchange with the declarer
  counted as the taker's;
- the kitty holds the cards the banker buried, when this player is the banker;
- where the kitty was shown to every player before it was taken (``shown: before burying``), or
  some of its cards were turned face up to find the banker (翻底牌定庄), those cards that the
  player who took the kitty has not played since lie in that player's hand or back in the kitty,
  never with a third seat.

The cards are placed most constrained first, each on a seat (or the kitty) drawn in proportion to
the room left there; when the voids cannot all be kept (a guess painted into a corner), the draw is
tried again, and after ``ATTEMPTS`` tries the voids are let go for that world rather than failing.
The search player (``search.py``) plays its candidates out on these worlds.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from ..deck.cards import CARDS, Card, pack
from ..flow.views import PlayerView
from .heuristic import shown_voids

__all__ = ["World", "WorldSampler"]

#: tries to keep every void before a world lets them go
ATTEMPTS = 12


@dataclass(frozen=True, slots=True)
class World:
    """Every seat's cards (this player's own; a guess for the others, their play to the trick
    being played included) and the kitty (the real one when this player buried it)."""

    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]


def _declared_and_kept(view: PlayerView) -> dict[int, Counter[Card]]:
    """seat → the cards it showed when declaring and has not played since (to this trick
    either: those are placed with the trick's plays), for every seat but this player's, the
    banker's and the burier's."""
    pub = view.public
    n = pub.players
    shown: dict[int, Counter[Card]] = {}
    for seat, cards in pub.shown_by_seat():  # a partner's reinforcing: each player's own cards
        if seat == view.seat or seat == pub.banker or seat == pub.buried_by:
            continue
        mine = shown.setdefault(seat, Counter())
        for card, copies in Counter(cards).items():
            mine[card] = max(mine[card], copies)
    if pub.exchanged is not None:  # the declaration's cards went to the player who took them
        taker, declarer, took = pub.exchanged
        if declarer in shown:
            shown[declarer].subtract(took)
        if taker != view.seat and taker != pub.banker:
            shown.setdefault(taker, Counter()).update(took)
    plays = [(trick.leader, trick.plays) for trick in pub.tricks] + [(pub.leader, pub.plays)]
    for leader, played in plays:
        for k, play in enumerate(played):
            seat = (leader + k) % n
            if seat in shown:
                shown[seat].subtract(play)
    return {seat: +cards for seat, cards in shown.items() if +cards}


def _shown_kitty_kept(view: PlayerView) -> Counter[Card]:
    """The kitty's cards every player saw before it was taken (the kitty shown, or its cards turned
    to find the banker) that the player who took it can still hold (in its hand or buried again):
    each copy seen, less the copies that player has played since (a copy played may have been one
    it was dealt, so this is what it holds at least) and those this player was shown buried.  Empty when no kitty card was seen, or when
    this player took it (it knows its own cards)."""
    pub = view.public
    taker = pub.buried_by
    seen = pub.kitty_shown if pub.kitty_shown is not None else pub.kitty_turned
    if not seen or taker is None or taker == view.seat:
        return Counter()
    kept = Counter(seen)
    if view.kitty is not None:  # the buried cards shown to this player: those the taker buried again are there
        kept.subtract(view.kitty)
    n = pub.players
    plays = [(trick.leader, trick.plays) for trick in pub.tricks] + [(pub.leader, pub.plays)]
    for leader, played in plays:
        k = (taker - leader) % n
        if k < len(played):
            kept.subtract(played[k])
    return +kept


class WorldSampler:
    """The worlds one player can imagine at one decision (everything they depend on is worked
    out once; each ``sample`` draws a new world from ``rng``)."""

    def __init__(self, view: PlayerView, rng: random.Random):
        self.rng = rng
        pub = view.public
        n = pub.players
        self.seat = view.seat
        self.own = tuple(view.hand)
        suit_of = view.ctx.order.suit_of
        unseen = Counter(pack(view.rules.table))
        unseen.subtract(view.hand)
        unseen.subtract({CARDS[code]: copies for code, copies in enumerate(pub.played) if copies})
        buried = view.kitty
        if buried is not None:
            unseen.subtract(buried)
        #: the cards each seat has already played to this trick (still in its hand)
        self.in_trick: dict[int, tuple[Card, ...]] = {(pub.leader + k) % n: play for k, play in enumerate(pub.plays)}
        for play in self.in_trick.values():
            unseen.subtract(play)
        size = len(view.hand)
        self.room = {s: size - len(self.in_trick.get(s, ())) for s in range(n) if s != view.seat}
        #: cards known to be in a seat's hand, placed before the draw
        self.known: dict[int, list[Card]] = {}
        for seat, cards in _declared_and_kept(view).items():
            kept: list[Card] = []
            for c in sorted(cards.elements()):
                if unseen[c] > 0 and len(kept) < self.room[seat]:
                    unseen[c] -= 1
                    kept.append(c)
            self.known[seat] = kept
        self.free = {s: self.room[s] - len(self.known.get(s, ())) for s in self.room}
        self.buried = tuple(buried) if buried is not None else None
        self.kitty_room = 0 if buried is not None else sum(unseen.values()) - sum(self.free.values())
        voids = shown_voids(view)
        #: the shown kitty's cards its taker still holds or buried again: (card, the seats its voids
        #: leave it, that is the taker or none, the taker)
        self.taken: list[tuple[Card, tuple[int, ...], tuple[int, ...]]] = []
        taker = pub.buried_by
        for c in sorted(_shown_kitty_kept(view).elements()):
            assert taker is not None  # a kitty's cards were kept by the player who took it
            if unseen[c] > 0:
                unseen[c] -= 1
                self.taken.append((c, (taker,) if suit_of[c] not in voids[taker] else (), (taker,)))
        #: each card still to place, with the seats that may hold it
        self.cards = sorted(unseen.elements())
        self.allowed = {c: tuple(s for s in self.free if suit_of[c] not in voids[s]) for c in set(self.cards)}
        # the kitty takes any card: a seat void in a suit leaves its cards to the others and the kitty

    def sample(self) -> World:
        rng = self.rng
        cards = list(self.cards)
        rng.shuffle(cards)
        # most constrained first (fewest seats may hold it); the shuffle breaks the ties at random
        cards.sort(key=lambda c: len(self.allowed[c]))
        allowed = self.allowed
        # the shown kitty's cards first: each may go to its taker only, or back to the kitty
        placed = [*self.taken, *((c, allowed[c], None) for c in cards)]
        for attempt in range(ATTEMPTS + 2):
            # the last two tries let the voids go, the very last the shown kitty's cards too
            dealt = self._deal(placed, keep_voids=attempt < ATTEMPTS, keep_taken=attempt <= ATTEMPTS)
            if dealt is not None:
                return dealt
        raise AssertionError("a world that keeps nothing always deals")  # pragma: no cover

    def _deal(self, cards: list[tuple[Card, tuple[int, ...], tuple[int, ...] | None]], keep_voids: bool,
              keep_taken: bool) -> World | None:
        rng = self.rng
        left = dict(self.free)
        hands: dict[int, list[Card]] = {s: list(self.known.get(s, ())) for s in left}
        kitty: list[Card] = []
        kitty_left = self.kitty_room
        everyone = tuple(left)
        for card, allowed, taker in cards:
            seats = allowed if keep_voids else taker if keep_taken and taker is not None else everyone
            spaces = kitty_left
            for s in seats:
                spaces += left[s]
            if spaces <= 0:
                return None
            pick = rng.randrange(spaces)
            for s in seats:
                if pick < left[s]:
                    hands[s].append(card)
                    left[s] -= 1
                    break
                pick -= left[s]
            else:
                kitty.append(card)
                kitty_left -= 1
        out = tuple(self.own if s == self.seat else tuple(hands[s]) + self.in_trick.get(s, ())
                    for s in range(len(self.free) + 1))
        return World(out, self.buried if self.buried is not None else tuple(kitty))
