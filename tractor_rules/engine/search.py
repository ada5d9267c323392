"""A search player: determinized Monte Carlo over the heuristic player.

At each lead and follow where it has a real choice, the player lists a few candidate plays (the
heuristic player's own, a low one, a high one, one that gives points, one that wins), then, for
each of ``samples`` determinizations, deals the cards it has not seen to the other players and to
the kitty at random, consistently with what the table has shown (each player's number of cards, the
suits each has shown to be void in, the cards already played to this trick), and plays the rest of
the hand out once per candidate with heuristic players at every seat (the engine's own trick loop,
resumed from the current state).  It plays the candidate whose rollouts leave its team the most
points (the attackers' final points as the engine scores them, the kitty included, seen from its
side).  Every candidate is played out on the same determinizations, so they are compared on the
same guesses.

The budget is ``samples`` determinizations a decision (rollouts = samples × candidates).  Declaring,
burying and calling are the heuristic player's.  With called partners (Finding Friends) the teams
are hidden and it plays as the heuristic player.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from .cards import CARDS, Card, pack
from .choices import take
from .heuristic import HeuristicPlayer, _voids
from .kinds import player_kind
from .kitty import Kitty
from .outcome import score
from .trick_play import resume_tricks
from .views import Player, PlayerView, Public

__all__ = ["SearchPlayer"]

#: determinizations a decision, by default
SAMPLES = 4
#: candidate plays a decision, at most
CANDIDATES = 3


class _Forced(Player):
    """A seat whose next lead or follow is fixed, and whose other decisions are ``inner``'s."""

    def __init__(self, inner: Player, play: tuple[Card, ...]):
        self.inner = inner
        self.play: tuple[Card, ...] | None = play

    def lead(self, view: PlayerView) -> Sequence[Card]:
        return self._next(view, self.inner.lead)

    def follow(self, view: PlayerView) -> Sequence[Card]:
        return self._next(view, self.inner.follow)

    def _next(self, view: PlayerView, otherwise: Callable[[PlayerView], Sequence[Card]]) -> Sequence[Card]:
        if self.play is not None:
            play, self.play = self.play, None
            return play
        return otherwise(view)

    def choose_part(self, view: PlayerView, options: list[tuple[Card, ...]]) -> int:
        return self.inner.choose_part(view, options)


@player_kind("search", "determinized Monte Carlo: samples the hidden hands and plays each candidate out with "
                       "heuristic players (4 samples a decision; slow)")
class SearchPlayer(HeuristicPlayer):
    """Heuristic play, improved by rollouts at each lead and follow (deterministic for a seed)."""

    def __init__(self, seed: int | None = None, samples: int = SAMPLES):
        super().__init__(seed)
        self.rng = random.Random(seed)
        self.samples = samples
        self._rollout_players: list[Player] = []

    # --- candidates ---------------------------------------------------------------------------

    def _lead_candidates(self, view: PlayerView) -> list[tuple[Card, ...]]:
        order = view.ctx.order
        pts = self._pts(view)
        found = [tuple(super().lead(view))]
        by_suit: dict[int, list[Card]] = {}
        for c in view.hand:
            by_suit.setdefault(order.suit_of[c], []).append(c)
        for suit in sorted(by_suit):
            cards = by_suit[suit]
            found.append((min(cards, key=lambda c: (pts[c] > 0, order.strength[c], c)),))
            strongest = max(view.units(cards), key=lambda u: (u.key, u.top))
            found.append(strongest.cards)
        return self._distinct(found)

    def _follow_candidates(self, view: PlayerView) -> list[tuple[Card, ...]]:
        found = [tuple(super().follow(view)), self._candidate(view, "fit"),
                 self._candidate(view, "fit", points_first=True), self._candidate(view, "high")]
        return [play for play in self._distinct(found) if view.follow_error(play) is None]

    @staticmethod
    def _distinct(plays: list[tuple[Card, ...]]) -> list[tuple[Card, ...]]:
        seen: set[tuple[Card, ...]] = set()
        out = []
        for play in plays:
            key = tuple(sorted(play))
            if key not in seen:
                seen.add(key)
                out.append(play)
        return out[:CANDIDATES]

    # --- decisions ----------------------------------------------------------------------------

    def lead(self, view: PlayerView) -> Sequence[Card]:
        if view.rules.table.partnership == "called":
            return super().lead(view)
        return self._best(view, self._lead_candidates(view))

    def follow(self, view: PlayerView) -> Sequence[Card]:
        fc = view.public.lead_context
        if view.rules.table.partnership == "called" or fc is None or fc.rainbow is not None:
            return super().follow(view)
        return self._best(view, self._follow_candidates(view))

    def _best(self, view: PlayerView, candidates: list[tuple[Card, ...]]) -> tuple[Card, ...]:
        if len(candidates) == 1 or len(view.hand) == len(candidates[0]):
            return candidates[0]
        totals = [0] * len(candidates)
        for _ in range(self.samples):
            deal = self._determinize(view)
            for i, play in enumerate(candidates):
                totals[i] += self._rollout(view, deal, play)
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))  # ties: the earlier candidate
        return candidates[best]

    # --- determinizing ------------------------------------------------------------------------

    def _determinize(self, view: PlayerView) -> tuple[list[list[Card]], list[Card]]:
        """Each seat's cards (this player's own, and a guess for the others, with the cards they
        already played to this trick), and a guess for the kitty (its real cards if this player
        buried them)."""
        pub = view.public
        order = view.ctx.order
        n = pub.players
        unseen = list(pack(view.rules.table))
        take(unseen, view.hand)
        take(unseen, [CARDS[code] for code, copies in enumerate(pub.played) for _ in range(copies)])
        mine = view.kitty
        if mine is not None:
            take(unseen, mine)
        in_trick = {(pub.leader + k) % n: play for k, play in enumerate(pub.plays)}
        for play in in_trick.values():
            take(unseen, play)
        size = len(view.hand)
        room = {s: size - len(in_trick.get(s, ())) for s in range(n) if s != view.seat}
        kitty_room = 0 if mine is not None else len(unseen) - sum(room.values())
        voids = _voids(view)
        for attempt in range(20):
            self.rng.shuffle(unseen)
            left = dict(room)
            hands: dict[int, list[Card]] = {s: [] for s in room}
            kitty: list[Card] = []
            placed = True
            for card in unseen:
                suit = order.suit_of[card]
                seats = [s for s in left if left[s] > 0 and (attempt > 15 or suit not in voids[s])]
                spaces = sum(left[s] for s in seats) + (kitty_room - len(kitty))
                if spaces <= 0:
                    placed = False
                    break
                pick = self.rng.randrange(spaces)
                for s in seats:
                    if pick < left[s]:
                        hands[s].append(card)
                        left[s] -= 1
                        break
                    pick -= left[s]
                else:
                    kitty.append(card)
            if placed:
                break
        out = [list(view.hand) if s == view.seat else hands[s] + list(in_trick.get(s, ())) for s in range(n)]
        return out, list(mine) if mine is not None else kitty

    # --- playing out --------------------------------------------------------------------------

    def _rollout(self, view: PlayerView, deal: tuple[list[list[Card]], list[Card]], play: tuple[Card, ...]) -> int:
        """This player's team's worth after playing ``play`` and the rest of the hand: the
        attackers' final points, counted against it when it banks."""
        pub = view.public
        n = pub.players
        if len(self._rollout_players) != n:
            self._rollout_players = [HeuristicPlayer() for _ in range(n)]
        players: list[Player] = list(self._rollout_players)
        players[view.seat] = _Forced(players[view.seat], play)
        hands = [list(h) for h in deal[0]]
        public = _copy(pub)
        burier = view.seat if view.kitty is not None else (pub.banker if pub.banker is not None else 0)
        kitty = Kitty(list(deal[1]), burier)
        points = self._pts(view)
        resume_tricks(view.rules, players, hands, public, kitty, points)
        end = score(view.rules, public, kitty.cards, points, None)
        return -end.attacker_points if view.seat in end.banker_team else end.attacker_points


def _copy(public: Public) -> Public:
    """A copy of the table's state that a rollout can play on, leaving the real one as it is."""
    return replace(public, declarations=list(public.declarations), friends=list(public.friends),
                   tricks=list(public.tricks), plays=list(public.plays), played=list(public.played),
                   points=list(public.points))
