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
from .order import TRUMP
from .players import GreedyPlayer
from .views import Offer, PlayerView

__all__ = ["HeuristicPlayer"]


def _voids(view: PlayerView) -> dict[int, set[int]]:
    """seat → the effective suits it has shown to be void in, from the tricks played (a follow of
    a lead's suit that holds other cards is a void: the player had to play all of the suit)."""
    pub = view.public
    order = view.ctx.order
    suit_of = order.suit_of
    out: dict[int, set[int]] = {s: set() for s in range(pub.players)}
    tricks = [(t.leader, t.plays) for t in pub.tricks]
    if pub.plays:
        tricks.append((pub.leader, pub.plays))
    for leader, plays in tricks:
        lead = plays[0]
        suit = suit_of[lead[0]]
        for k, play in enumerate(plays[1:], start=1):
            if any(suit_of[c] != suit for c in play):
                out[(leader + k) % pub.players].add(suit)
    return out


@player_kind("heuristic", "counts cards and voids, leads sure winners, feeds points to a winning partner, "
                          "ruffs when it pays, declares and buries with sense")
class HeuristicPlayer(GreedyPlayer):
    """A careful player built on the greedy one's card counting (deterministic)."""

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
        unseen = self._unseen(view)

        def keep(c: Card) -> tuple[bool, bool, bool, bool, int, int, int]:
            suit = order.suit_of[c]
            boss = suit != TRUMP and self._boss_card(view, c, unseen)
            # buried first: side cards, without points, single, not a sure winner, short suits
            return (suit == TRUMP, pts[c] > 0, copies[c] > 1, boss, length[suit], order.strength[c], c)

        return sorted(hand, key=keep)[:count]

    def _boss_card(self, view: PlayerView, card: Card, unseen: list[int]) -> bool:
        """No card above ``card`` in its suit is still out."""
        order = view.ctx.order
        suit = order.suit_of[card]
        for band in order.bands[suit]:
            if order.strength[band[0]] <= order.strength[card]:
                return True
            if any(unseen[f] > 0 for f in band):
                return False
        return True

    # --- leading ------------------------------------------------------------------------------

    def _opponents(self, view: PlayerView) -> list[int]:
        mates = view.teammates()
        return [s for s in range(view.public.players) if s not in mates]

    def lead(self, view: PlayerView) -> Sequence[Card]:
        order = view.ctx.order
        pts = self._pts(view)
        unseen = self._unseen(view)
        voids = _voids(view)
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
            bosses = [u for u in units if self._boss(view, u, unseen)]
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

    def _stands(self, view: PlayerView, seat: int, unseen: list[int], voids: dict[int, set[int]]) -> bool:
        """Whether the trick, now won by ``seat``, stays won against the opponents still to play:
        none left, or the winning play is the lead, made of units nobody can beat, in a suit none
        of them has shown to be void in (a side suit could be ruffed)."""
        pub = view.public
        mates = view.teammates()
        later = [s for s in self._after_me(view) if s not in mates]
        if not later:
            return True
        fc = pub.lead_context
        assert fc is not None
        if seat != pub.leader or fc.rainbow is not None:
            return False
        if fc.suit != TRUMP and any(fc.suit in voids[s] for s in later):
            return False
        return all(self._boss(view, u, unseen) for u in fc.units)

    def follow(self, view: PlayerView) -> Sequence[Card]:
        fc = view.public.lead_context
        assert fc is not None
        if fc.rainbow is not None:
            return view.legal_follow()
        pub = view.public
        pts = self._pts(view)
        mates = view.teammates()
        winning = view.winning_seat()
        unseen = self._unseen(view)
        voids = _voids(view)
        if winning in mates and self._stands(view, winning, unseen, voids):
            return self._candidate(view, "fit", points_first=True)
        if winning in mates:
            return self._candidate(view, "fit")
        at_stake = sum(pts[c] for play in pub.plays for c in play)
        later = [s for s in self._after_me(view) if s not in mates]
        if len(fc.lead) == 1:
            held = self._singles(view, ruff=at_stake > 0 or not later)
            # a winner the players after this one cannot beat first, when there is one
            sure = [c for c in held if self._boss_card(view, c, unseen)][:1] if later else []
            return self._first_winning(view, [(c,) for c in [*sure, *held]])
        return self._first_winning(view, self._multi(view))

    def name_trump(self, view: PlayerView) -> str | None:
        return max(SUITS, key=lambda s: self._trumps_with(view, s))
