"""Tournaments: how strong each kind of player is against each other kind.

Every pair of kinds plays as two teams of partners: team A at the even seats against team B at
the odd seats, then the same games again with the teams' seats swapped (the same deals, since a
game's seeds depend only on the run's seed and the game's number: a duplicate tournament, so the
luck of the cards cancels out).  For each pairing the report gives, for team A, the hands won
(the hand's level change went its way: its bank held, or it took the bank), the share of the
trick points it took, and the games it won, each with a 95 % confidence interval.

Teams are fixed partnerships: a ruleset with called partners (Finding Friends), where the teams
change every hand, cannot hold a tournament.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ..engine.records.simulate import HandResult
from ..rules import Rules
from .parallel import Backend, GameJob, run_hands
from .runs import held_for_run, whole
from .stats import Interval, Tally, wilson

__all__ = ["Pairing", "TournamentError", "TournamentReport", "pairings", "play_tournament"]


class TournamentError(ValueError):
    """A tournament that cannot be held: fewer than two kinds, or partners that change."""


@dataclass
class Pairing:
    """Team ``first`` against team ``second``: what team ``first`` won."""

    first: str
    second: str
    hands: int = 0
    hands_won: int = 0
    #: team ``first``'s share of each hand's trick points
    points: Tally = field(default_factory=Tally)
    games: int = 0
    games_won: int = 0

    def add(self, result: HandResult, seats: frozenset[int]) -> None:
        self.hands += 1
        if seats.issuperset(result.winners):
            self.hands_won += 1
        total = sum(result.trick_points)
        if total:
            self.points.add(sum(result.trick_points[s] for s in seats) / total)
        end = result.end
        if end is not None and end.status != "unfinished":
            self.games += 1
            if end.winners is not None and seats.issuperset(end.winners):
                self.games_won += 1

    @property
    def hand_rate(self) -> Interval:
        return wilson(self.hands_won, self.hands)

    @property
    def game_rate(self) -> Interval:
        return wilson(self.games_won, self.games)

    def to_dict(self) -> dict[str, Any]:
        return {
            "team": self.first, "against": self.second,
            "hands": self.hands, "hands_won": self.hands_won, "hand_win_rate": self.hand_rate.to_dict(),
            "point_share": self.points.interval().to_dict(),
            "games": self.games, "games_won": self.games_won, "game_win_rate": self.game_rate.to_dict(),
        }


@dataclass
class TournamentReport:
    ruleset: str
    seed: int
    #: hands a pairing plays (half with each seating)
    hands: int
    kinds: list[str]
    pairings: list[Pairing] = field(default_factory=list)
    interrupted: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "seed": self.seed, "hands_per_pairing": self.hands, "kinds": self.kinds,
                "interrupted": self.interrupted, "pairings": [p.to_dict() for p in self.pairings]}

    def to_text(self) -> str:
        head = f"Tournament: {self.ruleset}, {self.hands} hands a pairing (duplicate deals), seed {self.seed}"
        if self.interrupted:
            head += " (interrupted: the last pairing is partial)"
        rows = [("team", "against", "hands won (95% CI)", "points won (95% CI)", "games won")]
        for p in self.pairings:
            games = f"{p.games_won}/{p.games}" if p.games else "-"
            rows.append((p.first, p.second, f"{p.hands_won}/{p.hands}  {p.hand_rate.percent()}",
                         p.points.interval().percent(), games))
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        lines = [head]
        for row in rows:
            lines.append("  " + "  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip())
        lines.append("  (a hand is won when its level change goes the team's way; points: the team's share "
                     "of the trick points)")
        return "\n".join(lines) + "\n"


def pairings(kinds: Sequence[str]) -> list[tuple[str, str]]:
    """Each pair of distinct kinds once, in the order given."""
    unique = list(dict.fromkeys(kinds))
    if len(unique) < 2:
        raise TournamentError("a tournament needs at least two kinds of player, separated by commas")
    return list(combinations(unique, 2))


def _seatings(rules: Rules, first: str, second: str) -> list[tuple[tuple[str, ...], frozenset[int]]]:
    """The two seatings of a pairing: the kinds at each seat, and the seats of team ``first``."""
    n = rules.table.players
    evens = frozenset(range(0, n, 2))
    odds = frozenset(range(1, n, 2))
    one = tuple(first if s in evens else second for s in range(n))
    other = tuple(second if s in evens else first for s in range(n))
    return [(one, evens), (other, odds)]


def check_tournament(rules: Rules) -> None:
    """TournamentError when the rules' partnerships are not fixed teams of even and odd seats."""
    table = rules.table
    if not table.seated:
        raise TournamentError("a tournament needs fixed partners; in these rules the teams change every hand "
                              "(the banker calls partners, or plays alone)")
    if table.players % 2:
        raise TournamentError(f"a tournament needs two teams of partners; these rules seat {table.players} players")


def play_tournament(rules: Rules, kinds: Sequence[str], hands: int, seed: int, backend: Backend,
                    report: TournamentReport | None = None,
                    on_hand: Callable[[], None] | None = None) -> TournamentReport:
    """Play every pairing of ``kinds`` for ``hands`` hands (half with each seating) on
    ``backend``, adding to ``report`` as it goes (so that an interrupted tournament still has the
    hands played so far)."""
    check_tournament(rules)
    matches = pairings(kinds)
    if report is None:
        report = TournamentReport(rules.name, seed, hands, list(dict.fromkeys(kinds)))
    with held_for_run():
        for first, second in matches:
            pairing = Pairing(first, second)
            report.pairings.append(pairing)
            for share, (seats, team) in zip((hands - hands // 2, hands // 2), _seatings(rules, first, second)):
                for result in run_hands(GameJob(rules, seats, seed), share, backend):
                    with whole():
                        pairing.add(result, team)
                    if on_hand is not None:
                        on_hand()
    return report
