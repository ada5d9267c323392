"""Simulations: play hands of a ruleset with computer players and gather statistics, without any
I/O: the engine yields one small ``HandResult`` per hand, and the caller (the command line, a
notebook, a worker process) decides what to write, draw or keep.

    for result in simulate(rules, hands=1000, seed=1, players="random"):
        ...                                  # result.log_line: the hand's game log line (log=True)
    report = run_simulation(rules, hands=1000, seed=1, players="heuristic")
    print(report.to_text())                  # or json.dumps(report.to_dict())

Hands are played as games (matches): levels climb and the bank rotates as the rules say, and when
a game ends (or reaches ``MAX_HANDS``) the next one begins, until ``hands`` hands have been
played.  Seeds are split per game and per hand, never per process: game ``g`` seats players
seeded from ``(seed, g)`` and shuffles hand ``h`` of it with a generator seeded from
``(seed, g, h)``.  So a game is the same wherever it is played, a run split over workers gives the
same hands as a serial run, and two rulesets with the same deck get the same deals.  The seeds
are strings hashed by ``random.Random`` (SHA-512): they do not depend on the process or on
Python's string hashing.
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import Any

from ...rules import Rules
from ..errors import EngineError
from ..flow.match import MAX_HANDS, Match
from ..flow.record import HandRecord
from ..flow.seats import others
from ..players.kinds import make_player, seat_kinds

__all__ = ["GameEnd", "HandResult", "SimulationReport", "encode_log_line", "play_game", "play_games", "run_simulation",
           "simulate"]


def game_rng(seed: int, game: int) -> random.Random:
    """The generator that seeds the players of game ``game``."""
    return random.Random(f"tractor-rules/{seed}/{game}/players")


def hand_rng(seed: int, game: int, hand: int) -> random.Random:
    """The generator that shuffles hand ``hand`` of game ``game``."""
    return random.Random(f"tractor-rules/{seed}/{game}/{hand}")


@dataclass(frozen=True, slots=True)
class GameEnd:
    """How a game ended, noted on its last hand: "won", "drawn" or "unfinished" (the safety
    limit of ``MAX_HANDS``), the winning seats, and the hands it took."""

    status: str
    winners: tuple[int, ...] | None
    hands: int


@dataclass(frozen=True, slots=True)
class HandResult:
    """What a simulation keeps of one hand: small, plain and picklable (a worker process sends it
    back), with the hand's game log line when asked for."""

    game: int
    #: the hand's index within its game
    hand: int
    banker_team: tuple[int, ...]
    #: the seats on the side that won the hand (the banker's team when it held)
    winners: tuple[int, ...]
    #: ("banker", 2), ("attackers", 0) for a swap, ...
    level_change: tuple[str, int]
    attacker_points: int
    kitty_points: int
    kitty_multiplier: int
    #: the card points each seat took in tricks
    trick_points: tuple[int, ...]
    throws_tried: int
    throws_failed: int
    tricks: int
    redeals: int
    trump_by: str
    no_trump: bool
    seconds: float
    end: GameEnd | None = None
    #: the hand's line of the game log (``log=True``): JSON text, as a log file holds it.  It is
    #: encoded where the hand is played, so that a run's process, which reads the hands of all its
    #: workers, only writes it (reading a dict and encoding it there took that process a quarter of
    #: what a worker took to play the hand, for the hands of every worker)
    log_line: str | None = None

    @property
    def log(self) -> dict[str, Any] | None:
        """The hand's log line as a dict (``log=True``)."""
        return None if self.log_line is None else json.loads(self.log_line)

    @classmethod
    def of(cls, record: HandRecord, game: int, hand: int, players: int, seconds: float,
           end: GameEnd | None, log: bool) -> HandResult:
        side, levels = record.level_change
        team = record.banker_team
        won = team if side == "banker" else others(team, players)
        points = [0] * players
        for trick in record.tricks:
            points[trick.winner] += trick.points
        return cls(
            game=game, hand=hand, banker_team=tuple(sorted(team)), winners=tuple(sorted(won)),
            level_change=(side, levels), attacker_points=record.attacker_points,
            kitty_points=record.kitty_points, kitty_multiplier=record.kitty_multiplier,
            trick_points=tuple(points), throws_tried=record.throws_tried, throws_failed=record.throws_failed,
            tricks=len(record.tricks), redeals=record.redeals, trump_by=record.trump_by,
            no_trump=record.trump is None and record.trump_by != "scored", seconds=seconds, end=end,
            log_line=encode_log_line(record.to_log()) if log else None,
        )

    def __reduce__(self) -> tuple[type[HandResult], tuple[Any, ...]]:
        # pickled as the constructor's arguments: a worker process sends every result to the run's
        # process, and a frozen dataclass's own pickled state is set again field by field through
        # ``dataclasses.fields``, looked up anew for each object (measured: the largest part of
        # what the run's process itself does while its workers play)
        return (HandResult, _result_fields(self))


_result_fields = attrgetter(*(f.name for f in fields(HandResult)))


#: a log entry is plain nested dicts and lists made afresh for each hand: no cycle to look for
_LOG_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)


def encode_log_line(entry: dict[str, Any]) -> str:
    """A hand's log entry as the line of a log file holds it (without its newline): compact JSON,
    UTF-8 text unescaped."""
    return _LOG_ENCODER.encode(entry)


def play_game(rules: Rules, kinds: Sequence[str], seed: int, game: int, *, hands: int | None = None,
              log: bool = False) -> Iterator[HandResult]:
    """Play game ``game`` of the run seeded ``seed`` with a player of ``kinds[s]`` at each seat
    ``s``, yielding each hand; at most ``hands`` hands of it (the game's hands do not depend on
    where it is cut)."""
    if len(kinds) != rules.table.players:
        raise EngineError(f"these rules seat {rules.table.players} players, not {len(kinds)}")
    seeds = game_rng(seed, game)
    players = [make_player(kind, seeds.getrandbits(64)) for kind in kinds]
    match = Match(rules, players, seeds, MAX_HANDS, hand_rng=lambda h: hand_rng(seed, game, h))
    index = 0
    while not match.done and (hands is None or index < hands):
        start = time.perf_counter()
        record = match.step()
        seconds = time.perf_counter() - start
        end = None
        if match.done:
            winners = tuple(sorted(match.winners)) if match.winners is not None else None
            end = GameEnd(match.status, winners, len(match.hands))
        yield HandResult.of(record, game, index, rules.table.players, seconds, end, log)
        index += 1


def play_games(rules: Rules, kinds: Sequence[str], seed: int, hands: int, *, first_game: int = 0,
               log: bool = False) -> Iterator[HandResult]:
    """``hands`` hands, game after game from game ``first_game``, in this process."""
    if hands < 0:
        raise ValueError("the number of hands cannot be negative")
    played = 0
    game = first_game
    while played < hands:
        for result in play_game(rules, kinds, seed, game, hands=hands - played, log=log):
            yield result
            played += 1
        game += 1


def simulate(rules: Rules, hands: int, seed: int, players: str = "random", *, log: bool = False) -> Iterator[HandResult]:
    """``hands`` hands of ``rules``, game after game, in this process.  ``players``: a kind
    ("random", "greedy", ...), or kinds per seat separated by commas ("greedy,random")."""
    return play_games(rules, seat_kinds(players, rules.table.players), seed, hands, log=log)


def _distribution(counts: Counter[int]) -> dict[str, int]:
    return {str(k): v for k, v in sorted(counts.items())}


@dataclass
class SimulationReport:
    """Statistics of a run, added to hand by hand (``add``); it keeps counts and distributions,
    never the hands, so its size does not grow with the run."""

    ruleset: str
    seed: int
    players: str
    #: the hands asked for (the report may hold fewer when the run was interrupted)
    requested: int = 0
    hands: int = 0
    matches_started: int = 0
    matches_won: int = 0
    matches_drawn: int = 0
    matches_unfinished: int = 0
    #: wins per team, by the seats of the winning team ("0 2")
    match_winners: Counter[str] = field(default_factory=Counter)
    #: the hands each finished game took → games
    game_lengths: Counter[int] = field(default_factory=Counter)
    banker_holds: int = 0
    attacker_points: int = 0
    #: attacker points → hands
    attacker_points_seen: Counter[int] = field(default_factory=Counter)
    #: "banker +2", "attackers +0" (a swap), ... → hands
    outcomes: Counter[str] = field(default_factory=Counter)
    throws_tried: int = 0
    throws_failed: int = 0
    #: hands with at least one throw, and with at least one failed throw
    hands_with_throws: int = 0
    hands_with_failed_throws: int = 0
    tricks: int = 0
    kitty_dug: int = 0
    #: the kitty's points (before the multiplier) in the hands where the attackers dug it → hands
    kitty_points_seen: Counter[int] = field(default_factory=Counter)
    #: the multiplier of the hands where the attackers dug the kitty → hands
    multipliers: Counter[int] = field(default_factory=Counter)
    redeals: int = 0
    trump_by: Counter[str] = field(default_factory=Counter)
    no_trump_hands: int = 0
    seconds: float = 0.0
    log_path: str | None = None
    workers: int = 1
    interrupted: bool = False

    def add(self, result: HandResult) -> None:
        self.hands += 1
        if result.hand == 0:
            self.matches_started += 1
        side, levels = result.level_change
        if side == "banker":
            self.banker_holds += 1
        self.outcomes[f"{side} +{levels}"] += 1
        self.attacker_points += result.attacker_points
        self.attacker_points_seen[result.attacker_points] += 1
        self.throws_tried += result.throws_tried
        self.throws_failed += result.throws_failed
        self.hands_with_throws += result.throws_tried > 0
        self.hands_with_failed_throws += result.throws_failed > 0
        self.tricks += result.tricks
        if result.kitty_multiplier:
            self.kitty_dug += 1
            self.kitty_points_seen[result.kitty_points] += 1
            self.multipliers[result.kitty_multiplier] += 1
        self.redeals += result.redeals
        self.trump_by[result.trump_by] += 1
        self.no_trump_hands += result.no_trump
        self.seconds += result.seconds
        if result.end is not None:
            self._finish(result.end)

    def _finish(self, end: GameEnd) -> None:
        if end.status == "unfinished":
            self.matches_unfinished += 1
            return
        self.game_lengths[end.hands] += 1
        if end.status == "won" and end.winners is not None:
            self.matches_won += 1
            self.match_winners[" ".join(map(str, end.winners))] += 1
        elif end.status == "drawn":
            self.matches_drawn += 1

    # --- derived figures ------------------------------------------------------------------------

    @property
    def banker_hold_rate(self) -> float:
        return self.banker_holds / self.hands if self.hands else 0.0

    @property
    def mean_attacker_points(self) -> float:
        return self.attacker_points / self.hands if self.hands else 0.0

    @property
    def hands_per_second(self) -> float:
        """Hands played per second of one worker's playing time."""
        return self.hands / self.seconds if self.seconds > 0 else 0.0

    def _outcome_rows(self) -> list[tuple[str, int]]:
        return sorted(self.outcomes.items(), key=lambda item: outcome_order(item[0]))

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "seed": self.seed,
            "players": self.players,
            "hands": self.hands,
            "requested": self.requested,
            "interrupted": self.interrupted,
            "matches": {
                "started": self.matches_started,
                "won": self.matches_won,
                "drawn": self.matches_drawn,
                "unfinished": self.matches_unfinished,
                "winners": dict(sorted(self.match_winners.items())),
                "lengths": _distribution(self.game_lengths),
            },
            "banker_holds": self.banker_holds,
            "banker_hold_rate": round(self.banker_hold_rate, 4),
            "mean_attacker_points": round(self.mean_attacker_points, 2),
            "attacker_points": _distribution(self.attacker_points_seen),
            "outcomes": [{"side": k.split(" +")[0], "levels": int(k.split(" +")[1]), "hands": v}
                         for k, v in self._outcome_rows()],
            "throws": {"tried": self.throws_tried, "failed": self.throws_failed,
                       "hands_with_throws": self.hands_with_throws,
                       "hands_with_failed_throws": self.hands_with_failed_throws},
            "tricks": self.tricks,
            "kitty_dug": self.kitty_dug,
            "kitty_points": _distribution(self.kitty_points_seen),
            "kitty_multipliers": _distribution(self.multipliers),
            "redeals": self.redeals,
            "trump_by": dict(sorted(self.trump_by.items())),
            "no_trump_hands": self.no_trump_hands,
            "seconds": round(self.seconds, 3),
            "hands_per_second": round(self.hands_per_second, 1),
            "workers": self.workers,
            "log": self.log_path,
        }

    def to_text(self) -> str:
        h = self.hands or 1
        head = f"{self.ruleset}: {self.hands} hands, seed {self.seed}, players {self.players}"
        if self.interrupted:
            head += f" (interrupted: {self.hands} of {self.requested} hands played)"
        lines = [
            head,
            f"  matches        {self.matches_started} started, {self.matches_won} won"
            + (f", {self.matches_drawn} drawn" if self.matches_drawn else "")
            + (f", {self.matches_unfinished} stopped at {MAX_HANDS} hands" if self.matches_unfinished else ""),
            f"  banker holds   {self.banker_holds} of {self.hands} ({100 * self.banker_hold_rate:.1f}%)",
            f"  attackers      {self.mean_attacker_points:.1f} points a hand on average",
            "  outcomes",
        ]
        width = max((len(k) for k in self.outcomes), default=0)
        for key, count in self._outcome_rows():
            note = "  (swap)" if key == "attackers +0" else ""
            lines.append(f"    {key:<{width}}  {count:>6}  {100 * count / h:5.1f}%{note}")
        failed = f" ({100 * self.throws_failed / self.throws_tried:.0f}%)" if self.throws_tried else ""
        workers = f", {self.workers} workers" if self.workers > 1 else ""
        lines += [
            f"  throws         {self.throws_tried} tried, {self.throws_failed} failed{failed}",
            f"  kitty dug      {self.kitty_dug} hands ({100 * self.kitty_dug / h:.1f}%)",
            "  trump          " + ", ".join(f"{k} {v}" for k, v in sorted(self.trump_by.items()))
            + f"; no-trump {self.no_trump_hands}; redeals {self.redeals}",
            f"  speed          {self.hands_per_second:.0f} hands/s a worker ({self.seconds:.2f} s of play{workers})",
        ]
        if self.log_path:
            lines.append(f"  log            {self.log_path}")
        return "\n".join(lines) + "\n"


def outcome_order(key: str) -> tuple[int, int]:
    """Sort key of an outcome ("banker +2", "attackers +0"): from the bankers' best to the
    attackers' best."""
    side, levels = key.split(" +")
    return (0, -int(levels)) if side == "banker" else (1, int(levels))


def run_simulation(rules: Rules, hands: int, seed: int, players: str = "random") -> SimulationReport:
    """Play ``hands`` hands of ``rules`` in this process and report (see ``simulate``)."""
    report = SimulationReport(rules.name, seed, players, requested=hands)
    for result in simulate(rules, hands, seed, players):
        report.add(result)
    return report
