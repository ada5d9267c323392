"""Balance reports: what a change of rules does to the game, measured by playing the same deals
under each ruleset.

Each ruleset plays the same job (the same players, seed and number of hands); a game's deals depend
only on the seed and the game's number, so two rulesets with the same deck see the same cards,
hand for hand, until their games part ways.  For each ruleset the report gives, with 95 %
confidence intervals: the banker's hold rate, the level changes, the attackers' points, the kitty
(how often it is dug, its points and multiplier), throws (how often a hand has one, how often a
throw stands) and the hands a game takes; and, against the first ruleset, the differences a
two-sided test finds significant at the 5 % level.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.records.simulate import SimulationReport, outcome_order
from ..rules import Rules
from .parallel import Backend, GameJob, run_hands
from .runs import held_for_run, whole
from .stats import Interval, Tally, mean_difference_p, proportion_difference_p, wilson

__all__ = ["BalanceReport", "Metric", "METRICS", "play_balance"]

#: the level of a two-sided test's p-value below which a difference is reported
SIGNIFICANCE = 0.05


@dataclass(frozen=True, slots=True)
class Metric:
    """A figure of a balance report: its key, its words, whether it is a rate (shown in percent)
    and how to read it from a simulation report: a rate as (successes, trials), a mean as a tally."""

    key: str
    words: str
    rate: bool
    counts: Callable[[SimulationReport], tuple[int, int]] | None = None
    tally: Callable[[SimulationReport], Tally] | None = None

    def interval(self, report: SimulationReport) -> Interval:
        if self.counts is not None:
            return wilson(*self.counts(report))
        assert self.tally is not None
        return self.tally(report).interval()

    def p_value(self, a: SimulationReport, b: SimulationReport) -> float:
        if self.counts is not None:
            return proportion_difference_p(*self.counts(a), *self.counts(b))
        assert self.tally is not None
        return mean_difference_p(self.tally(a), self.tally(b))

    def shown(self, interval: Interval) -> str:
        return interval.percent() if self.rate else interval.plain()


METRICS: tuple[Metric, ...] = (
    Metric("banker_hold_rate", "banker holds", True, counts=lambda r: (r.banker_holds, r.hands)),
    Metric("attacker_points", "attackers' points", False, tally=lambda r: Tally.of(r.attacker_points_seen)),
    Metric("kitty_dug_rate", "kitty dug", True, counts=lambda r: (r.kitty_dug, r.hands)),
    Metric("kitty_points", "kitty points when dug", False, tally=lambda r: Tally.of(r.kitty_points_seen)),
    Metric("kitty_multiplier", "kitty multiplier when dug", False, tally=lambda r: Tally.of(r.multipliers)),
    Metric("throw_hand_rate", "hands with a throw", True, counts=lambda r: (r.hands_with_throws, r.hands)),
    Metric("throw_success_rate", "throws that stand", True,
           counts=lambda r: (r.throws_tried - r.throws_failed, r.throws_tried)),
    Metric("hands_per_game", "hands a game", False, tally=lambda r: Tally.of(r.game_lengths)),
)


@dataclass(frozen=True, slots=True)
class Difference:
    """A metric on which ``other`` differs from the first ruleset."""

    metric: Metric
    baseline: str
    other: str
    baseline_value: float
    other_value: float
    p_value: float

    @property
    def significant(self) -> bool:
        return self.p_value < SIGNIFICANCE

    def to_dict(self) -> dict[str, Any]:
        return {"metric": self.metric.key, "baseline": self.baseline, "other": self.other,
                "baseline_value": round(self.baseline_value, 4), "other_value": round(self.other_value, 4),
                "p_value": round(self.p_value, 6), "significant": self.significant}

    def sentence(self) -> str:
        if self.metric.rate:
            a, b = f"{100 * self.baseline_value:.1f}%", f"{100 * self.other_value:.1f}%"
        else:
            a, b = f"{self.baseline_value:.1f}", f"{self.other_value:.1f}"
        way = "more" if self.other_value > self.baseline_value else "less"
        return f"{self.metric.words}: {b} against {a} ({way}; p = {self.p_value:.2g})"


@dataclass
class BalanceReport:
    """One simulation report per ruleset, on the same deals."""

    seed: int
    players: str
    hands: int
    #: the name each ruleset was given on the command line, and its report
    runs: list[tuple[str, SimulationReport]] = field(default_factory=list)
    interrupted: bool = False

    def interval(self, metric: Metric, index: int) -> Interval:
        return metric.interval(self.runs[index][1])

    def outcome_keys(self) -> list[str]:
        keys = {k for _, report in self.runs for k in report.outcomes}
        return sorted(keys, key=outcome_order)

    def differences(self) -> list[Difference]:
        """Each metric of each ruleset against the first ruleset's."""
        if len(self.runs) < 2:
            return []
        base_name, base = self.runs[0]
        out = []
        for name, report in self.runs[1:]:
            for metric in METRICS:
                out.append(Difference(metric, base_name, name, metric.interval(base).value,
                                      metric.interval(report).value, metric.p_value(base, report)))
        return out

    def to_dict(self) -> dict[str, Any]:
        rulesets = []
        for index, (name, report) in enumerate(self.runs):
            metrics: dict[str, Any] = {m.key: self.interval(m, index).to_dict() for m in METRICS}
            metrics["level_changes"] = {k: wilson(report.outcomes[k], report.hands).to_dict()
                                        for k in self.outcome_keys()}
            rulesets.append({"name": name, "title": report.ruleset, "metrics": metrics, "simulation": report.to_dict()})
        return {"seed": self.seed, "players": self.players, "hands": self.hands, "interrupted": self.interrupted,
                "significance": SIGNIFICANCE, "rulesets": rulesets,
                "differences": [d.to_dict() for d in self.differences()]}

    def to_text(self) -> str:
        head = f"Balance: {self.hands} hands a ruleset on the same deals, seed {self.seed}, players {self.players}"
        if self.interrupted:
            head += " (interrupted: the last ruleset is partial)"
        rows: list[tuple[str, ...]] = [("", *(name for name, _ in self.runs))]
        rows.append(("hands played", *(str(r.hands) for _, r in self.runs)))
        for metric in METRICS:
            rows.append((metric.words, *(metric.shown(self.interval(metric, i)) for i in range(len(self.runs)))))
        for key in self.outcome_keys():
            words = "  " + key + (" (swap)" if key == "attackers +0" else "")
            rows.append((words, *(wilson(r.outcomes[key], r.hands).percent() for _, r in self.runs)))
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        lines = [head, "  (95% confidence intervals in brackets; level changes below, as shares of the hands)"]
        for row in rows:
            lines.append("  " + "  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip())
        found = [d for d in self.differences() if d.significant]
        if len(self.runs) > 1:
            lines.append(f"significant differences against {self.runs[0][0]} (5% level):")
            if not found:
                lines.append("  none")
            for d in found:
                lines.append(f"  {d.other}: {d.sentence()}")
        return "\n".join(lines) + "\n"


def play_balance(rulesets: Sequence[tuple[str, Rules]], kinds_of: Callable[[Rules], tuple[str, ...]],
                 players: str, hands: int, seed: int, backend: Backend, report: BalanceReport | None = None,
                 on_hand: Callable[[], None] | None = None) -> BalanceReport:
    """Play ``hands`` hands of each ruleset (its seats' kinds from ``kinds_of``) with the same
    seed on ``backend``, adding to ``report`` as it goes."""
    if report is None:
        report = BalanceReport(seed, players, hands)
    with held_for_run():
        for name, rules in rulesets:
            run = SimulationReport(rules.name, seed, players, requested=hands, workers=backend.workers)
            report.runs.append((name, run))
            for result in run_hands(GameJob(rules, kinds_of(rules), seed), hands, backend):
                with whole():
                    run.add(result)
                if on_hand is not None:
                    on_hand()
    return report
