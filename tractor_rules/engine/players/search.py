"""A search player: determinized Monte Carlo over the heuristic player.

At each lead and follow where it has a real choice, the player lists candidate plays (the heuristic
player's own first, then structurally different ones: for a lead, the strongest unit and the lowest
card of each suit; for a follow, the low, the point-giving, the high and the ruffing follows), and
samples worlds: the hidden hands and kitty dealt at random consistently with what it has seen
(``worlds.py``).  On every world it plays each candidate and the rest of the hand out with
heuristic players at every seat (the engine's own trick loop, resumed from the current state), so
every candidate is judged on the same worlds (common random numbers: the luck of a guess cancels
out between candidates).

A rollout is worth what the hand's end is worth to the player's team: 1 when the level change goes
its way (its bank holds, or it takes the bank), plus a small share for the points it kept or took,
so that among plays that win (or lose) equally often the one with the better score is chosen.  The
heuristic play stands unless another candidate does better on the same worlds by more than
``MARGIN`` a world and by more than the standard error of the difference: a few rollouts are noisy,
and a switch on noise loses more than it gains.

The budget is ``rollouts`` playouts a decision, spread evenly over the candidates (so fewer
candidates get more worlds each); a decision never plays more.  Declaring, burying and calling are
the heuristic player's.  With called partners (Finding Friends) the teams are hidden and it plays
as the heuristic player.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from ..deck.cards import Card
from ..deck.order import TRUMP
from ..deck.rains import rain_leads
from ..flow.kitty import Kitty
from ..flow.outcome import score
from ..flow.trick_play import resume_tricks
from ..flow.views import Player, PlayerView, Public
from .heuristic import HeuristicPlayer
from .kinds import player_kind
from .worlds import World, WorldSampler

__all__ = ["SearchPlayer"]

#: playouts a decision, by default
ROLLOUTS = 24
#: candidate plays a lead considers, at most (the heuristic play included)
LEAD_CANDIDATES = 4
#: candidate plays a follow considers, at most
FOLLOW_CANDIDATES = 3
#: the weight of the team's share of the points beside winning the hand (1)
POINTS_WEIGHT = 0.25
#: how much better than the heuristic play another candidate must be, in mean worth a world, to
#: replace it (besides being better by more than the standard error of the difference)
MARGIN = 0.02


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


@player_kind("search", f"determinized Monte Carlo: samples the hidden hands and plays candidates out with "
                       f"heuristic players ({ROLLOUTS} playouts a decision; slow)", budget="playouts a decision")
class SearchPlayer(HeuristicPlayer):
    """Heuristic play, improved by playouts at each lead and follow (deterministic for a seed).

    ``rollouts``: the playouts a decision may use (at least 1).  ``rollouts_played`` counts them
    all, ``most_in_one_decision`` the most one decision used."""

    def __init__(self, seed: int | None = None, rollouts: int = ROLLOUTS, *, margin: float = MARGIN,
                 points_weight: float = POINTS_WEIGHT, lead_candidates: int = LEAD_CANDIDATES,
                 follow_candidates: int = FOLLOW_CANDIDATES):
        if rollouts < 1:
            raise ValueError(f"a search player needs at least 1 playout a decision, not {rollouts}")
        super().__init__(seed)
        self.rng = random.Random(seed)
        self.rollouts = rollouts
        self.margin = margin
        self.points_weight = points_weight
        self.lead_candidates = lead_candidates
        self.follow_candidates = follow_candidates
        self.rollouts_played = 0
        self.most_in_one_decision = 0
        self._rollout_players: list[Player] = []

    # --- candidates ---------------------------------------------------------------------------

    def _lead_candidates(self, view: PlayerView) -> list[tuple[Card, ...]]:
        """The heuristic lead, then for each suit (the side suits from the shortest, then the
        trumps) its strongest unit and its lowest card (a card without points if it has one)."""
        order = view.ctx.order
        pts = self._pts(view)
        by_suit: dict[int, list[Card]] = {}
        for c in view.hand:
            by_suit.setdefault(order.suit_of[c], []).append(c)
        strongest: list[tuple[Card, ...]] = []
        lowest: list[tuple[Card, ...]] = []
        rains: list[tuple[Card, ...]] = []
        for suit in sorted(by_suit, key=lambda s: (s == TRUMP, len(by_suit[s]), s)):
            cards = by_suit[suit]
            strongest.append(max(view.units(cards), key=lambda u: (u.key, u.top)).cards)
            if view.rules.combinations.straight_pairs:  # its largest rain, pairs riding along
                rain = rain_leads(order, suit, cards)
                if rain is not None:
                    rains.append(rain)
            lowest.append((min(cards, key=lambda c: (pts[c] > 0, order.strength[c], c)),))
        found = [tuple(super().lead(view))]
        for pair in zip(strongest, lowest):
            found.extend(pair)
        found += rains
        return self._distinct(found, self.lead_candidates)

    def _follow_candidates(self, view: PlayerView) -> list[tuple[Card, ...]]:
        ruff = self._ruff(view)
        found = [tuple(super().follow(view)), self._candidate(view, "fit"),
                 self._candidate(view, "fit", points_first=True), self._candidate(view, "high")]
        if ruff is not None:
            found.append(ruff)
        legal = [play for play in found if view.follow_error(play) is None]
        return self._distinct(legal, self.follow_candidates)

    @staticmethod
    def _distinct(plays: list[tuple[Card, ...]], most: int) -> list[tuple[Card, ...]]:
        seen: set[tuple[Card, ...]] = set()
        out = []
        for play in plays:
            key = tuple(sorted(play))
            if key not in seen:
                seen.add(key)
                out.append(play)
        return out[:most]

    # --- decisions ----------------------------------------------------------------------------

    def lead(self, view: PlayerView) -> Sequence[Card]:
        if not view.rules.table.seated:
            return super().lead(view)
        return self._best(view, self._lead_candidates(view))

    def follow(self, view: PlayerView) -> Sequence[Card]:
        fc = view.public.lead_context
        if not view.rules.table.seated or fc is None or fc.rainbow is not None:
            return super().follow(view)
        return self._best(view, self._follow_candidates(view))

    def _best(self, view: PlayerView, candidates: list[tuple[Card, ...]]) -> tuple[Card, ...]:
        """The candidate whose playouts are worth most on the same worlds; the first (the
        heuristic play) unless another is clearly better (``_clearly_better``)."""
        candidates = candidates[:self.rollouts]
        if len(candidates) == 1 or len(view.hand) == len(candidates[0]):
            return candidates[0]
        sampler = self._sampler(view)
        worth: list[list[float]] = [[] for _ in candidates]
        for _ in range(self.rollouts // len(candidates)):
            world = sampler.sample()
            for i, play in enumerate(candidates):
                worth[i].append(self._rollout(view, world, play))
        used = sum(len(w) for w in worth)
        self.rollouts_played += used
        self.most_in_one_decision = max(self.most_in_one_decision, used)
        best = max(range(len(candidates)), key=lambda i: (sum(worth[i]), -i))  # ties: the earlier candidate
        if best == 0 or not _clearly_better(worth[best], worth[0], self.margin):
            return candidates[0]
        return candidates[best]

    def _sampler(self, view: PlayerView) -> WorldSampler:
        """The worlds this player can imagine at this decision, drawn from its own generator."""
        return WorldSampler(view, self.rng)

    # --- playing out --------------------------------------------------------------------------

    def _rollout(self, view: PlayerView, world: World, play: tuple[Card, ...]) -> float:
        """What the end of the hand is worth to this player's team when it plays ``play`` and
        every seat plays the rest of ``world`` out as the heuristic player."""
        pub = view.public
        n = pub.players
        if len(self._rollout_players) != n:
            self._rollout_players = [HeuristicPlayer() for _ in range(n)]
        players: list[Player] = list(self._rollout_players)
        players[view.seat] = _Forced(players[view.seat], play)
        hands = [list(h) for h in world.hands]
        public = _copy(pub)
        taker = pub.buried_by if pub.buried_by is not None else pub.banker if pub.banker is not None else 0
        # the kitty this player knows: it buried it, or (``kitty_exchange.shown_to``) was shown it
        shown = view.kitty is not None and bool(view.rules.kitty_exchange.shown_to) and view.seat != taker
        burier = view.seat if view.kitty is not None and not shown else taker
        kitty = Kitty(list(world.kitty), burier, frozenset({view.seat}) if shown else frozenset())
        points = self._pts(view)
        ended = resume_tricks(view.rules, players, hands, public, kitty, points)
        end = score(view.rules, public, kitty.cards, points, None, early=ended is not None)
        banking = view.seat in end.banker_team
        won = (end.level_change[0] == "banker") == banking
        share = min(end.attacker_points / max(view.rules.table.total_points, 1), 1.0)
        return float(won) + self.points_weight * (1.0 - share if banking else share)


def _clearly_better(challenger: list[float], standing: list[float], margin: float) -> bool:
    """Whether ``challenger`` beats ``standing`` on the same worlds by more than ``margin`` a world
    and by more than one standard error of the mean difference (a paired comparison: the worlds
    on which both do alike say nothing)."""
    diffs = [a - b for a, b in zip(challenger, standing)]
    n = len(diffs)
    mean = sum(diffs) / n
    if mean <= margin:
        return False
    if n == 1:
        return True
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > math.sqrt(variance / n)


def _copy(public: Public) -> Public:
    """A copy of the table's state that a rollout can play on, leaving the real one as it is."""
    return replace(public, declarations=list(public.declarations), joined=dict(public.joined),
                   friends=list(public.friends),
                   tricks=list(public.tricks), plays=list(public.plays), played=list(public.played),
                   points=list(public.points))
