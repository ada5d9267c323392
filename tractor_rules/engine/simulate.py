"""Simulations: play N hands of a ruleset with simple players, gather statistics, and write the
game log.

    report = run_simulation(rules, hands=1000, seed=1, players="random", log_path="games.jsonl")
    print(report.to_text())          # or json.dumps(report.to_dict())

Hands are played as matches: levels climb and the bank rotates as the rules say, and when a match
ends (or reaches ``MAX_HANDS``) a new one begins, until ``hands`` hands have been played.  One
``random.Random(seed)`` shuffles every deck and seeds every player, so a seed always gives the same
games.  The log holds one JSON object per hand (see docs/simulate.md); ``replay.replay_hand``
checks a line of it from the line alone.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from tqdm import tqdm

from ..rules import Rules
from .match import MAX_HANDS, Match
from .players import make_players
from .record import HandRecord

__all__ = ["SimulationReport", "run_simulation"]


@dataclass
class SimulationReport:
    ruleset: str
    seed: int
    players: str
    hands: int = 0
    matches_started: int = 0
    matches_won: int = 0
    matches_drawn: int = 0
    #: wins per team, by the seats of the winning team ("0 2")
    match_winners: Counter[str] = field(default_factory=Counter)
    banker_holds: int = 0
    attacker_points: int = 0
    #: "banker +2", "attackers +0" (a swap), ... → hands
    outcomes: Counter[str] = field(default_factory=Counter)
    throws_tried: int = 0
    throws_failed: int = 0
    tricks: int = 0
    kitty_dug: int = 0
    redeals: int = 0
    trump_by: Counter[str] = field(default_factory=Counter)
    no_trump_hands: int = 0
    seconds: float = 0.0
    log_path: str | None = None

    def add(self, record: HandRecord) -> None:
        self.hands += 1
        side, levels = record.level_change
        if side == "banker":
            self.banker_holds += 1
        self.outcomes[f"{side} +{levels}"] += 1
        self.attacker_points += record.attacker_points
        self.throws_tried += record.throws_tried
        self.throws_failed += record.throws_failed
        self.tricks += len(record.tricks)
        if record.kitty_multiplier:
            self.kitty_dug += 1
        self.redeals += record.redeals
        self.trump_by[record.trump_by] += 1
        if record.trump is None:
            self.no_trump_hands += 1

    # --- derived figures ------------------------------------------------------------------------

    @property
    def banker_hold_rate(self) -> float:
        return self.banker_holds / self.hands if self.hands else 0.0

    @property
    def mean_attacker_points(self) -> float:
        return self.attacker_points / self.hands if self.hands else 0.0

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else 0.0

    def _outcome_rows(self) -> list[tuple[str, int]]:
        def key(item: tuple[str, int]) -> tuple[int, int]:
            side, levels = item[0].split(" +")
            # from the bankers' best to the attackers' best
            return (0, -int(levels)) if side == "banker" else (1, int(levels))

        return sorted(self.outcomes.items(), key=key)

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "seed": self.seed,
            "players": self.players,
            "hands": self.hands,
            "matches": {
                "started": self.matches_started,
                "won": self.matches_won,
                "drawn": self.matches_drawn,
                "winners": dict(sorted(self.match_winners.items())),
            },
            "banker_holds": self.banker_holds,
            "banker_hold_rate": round(self.banker_hold_rate, 4),
            "mean_attacker_points": round(self.mean_attacker_points, 2),
            "outcomes": [{"side": k.split(" +")[0], "levels": int(k.split(" +")[1]), "hands": v}
                         for k, v in self._outcome_rows()],
            "throws": {"tried": self.throws_tried, "failed": self.throws_failed},
            "tricks": self.tricks,
            "kitty_dug": self.kitty_dug,
            "redeals": self.redeals,
            "trump_by": dict(sorted(self.trump_by.items())),
            "no_trump_hands": self.no_trump_hands,
            "seconds": round(self.seconds, 3),
            "hands_per_second": round(self.hands_per_second, 1),
            "log": self.log_path,
        }

    def to_text(self) -> str:
        h = self.hands or 1
        lines = [
            f"{self.ruleset}: {self.hands} hands, seed {self.seed}, players {self.players}",
            f"  matches        {self.matches_started} started, {self.matches_won} won"
            + (f", {self.matches_drawn} drawn" if self.matches_drawn else ""),
            f"  banker holds   {self.banker_holds} of {self.hands} ({100 * self.banker_hold_rate:.1f}%)",
            f"  attackers      {self.mean_attacker_points:.1f} points a hand on average",
            "  outcomes",
        ]
        width = max((len(k) for k in self.outcomes), default=0)
        for key, count in self._outcome_rows():
            note = "  (swap)" if key == "attackers +0" else ""
            lines.append(f"    {key:<{width}}  {count:>6}  {100 * count / h:5.1f}%{note}")
        failed = f" ({100 * self.throws_failed / self.throws_tried:.0f}%)" if self.throws_tried else ""
        lines += [
            f"  throws         {self.throws_tried} tried, {self.throws_failed} failed{failed}",
            f"  kitty dug      {self.kitty_dug} hands ({100 * self.kitty_dug / h:.1f}%)",
            "  trump          " + ", ".join(f"{k} {v}" for k, v in sorted(self.trump_by.items()))
            + f"; no-trump {self.no_trump_hands}; redeals {self.redeals}",
            f"  speed          {self.hands_per_second:.0f} hands/s ({self.seconds:.2f} s)",
        ]
        if self.log_path:
            lines.append(f"  log            {self.log_path}")
        return "\n".join(lines) + "\n"


def run_simulation(rules: Rules, hands: int, seed: int, players: str = "random",
                   log_path: str | None = None, progress: bool = False,
                   max_hands_per_match: int = MAX_HANDS) -> SimulationReport:
    """Play ``hands`` hands of ``rules`` (as successive matches) and report.  ``players``:
    "random", "greedy", or kinds per seat separated by commas ("greedy,random").  With
    ``log_path``, one JSON line per hand is written there.  With ``progress``, a progress line on
    standard error when it is a terminal."""
    if hands < 0:
        raise ValueError("the number of hands cannot be negative")
    rng = random.Random(seed)
    report = SimulationReport(rules.name, seed, players, log_path=log_path)
    seats = make_players(players, rules.table.players, rng)
    log = open(log_path, "w", encoding="utf-8") if log_path else None
    # tqdm draws the bar on standard error, and only on a terminal (disable=None)
    bar = tqdm(total=hands, unit="hand", desc="simulating", disable=None if progress else True,
               file=sys.stderr, leave=False)
    playing = 0.0
    try:
        match: Match | None = None
        while report.hands < hands:
            if match is None or match.done:
                match = Match(rules, seats, rng, max_hands_per_match)
                report.matches_started += 1
            start = time.perf_counter()
            record = match.step()
            playing += time.perf_counter() - start
            report.add(record)
            if match.done:
                _finish(report, match)
            if log is not None:
                log.write(json.dumps(record.to_log(), ensure_ascii=False, separators=(",", ":")) + "\n")
            bar.update(1)
    finally:
        bar.close()
        if log is not None:
            log.close()
    report.seconds = playing
    return report


def _finish(report: SimulationReport, match: Match) -> None:
    if match.status == "won" and match.winners is not None:
        report.matches_won += 1
        report.match_winners[" ".join(map(str, sorted(match.winners)))] += 1
    elif match.status == "drawn":
        report.matches_drawn += 1
