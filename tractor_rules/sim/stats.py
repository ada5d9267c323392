"""The statistics of the reports: 95 % confidence intervals for a rate (Wilson's score interval)
and for a mean (the normal approximation), and two-sided tests of a difference between two runs
(two proportions; two means by Welch's statistic, normal approximation: the runs are hundreds of
hands and more).  Plain Python: a tally is a count, a sum and a sum of squares, so it never holds
the values it has seen."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

__all__ = ["Z95", "Interval", "Tally", "mean_difference_p", "proportion_difference_p", "wilson"]

#: the normal quantile of a two-sided 95 % interval
Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class Interval:
    """An estimate and its 95 % confidence interval."""

    value: float
    low: float
    high: float

    def to_dict(self, digits: int = 4) -> dict[str, float]:
        return {"value": round(self.value, digits), "low": round(self.low, digits), "high": round(self.high, digits)}

    def percent(self) -> str:
        """"78.0% (73.7-81.8)"."""
        return f"{100 * self.value:.1f}% ({100 * self.low:.1f}-{100 * self.high:.1f})"

    def plain(self, digits: int = 1) -> str:
        """"107.5 (105.2-109.9)"."""
        return f"{self.value:.{digits}f} ({self.low:.{digits}f}-{self.high:.{digits}f})"


def wilson(successes: int, trials: int, z: float = Z95) -> Interval:
    """The rate ``successes / trials`` and Wilson's score interval (good near 0 and 1 and for
    small counts, unlike the normal one); (0, 0, 1) for no trials."""
    if trials <= 0:
        return Interval(0.0, 0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return Interval(p, low, high)


@dataclass(slots=True)
class Tally:
    """Values seen one by one: how many, their sum and the sum of their squares."""

    count: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, value: float, times: int = 1) -> None:
        self.count += times
        self.total += value * times
        self.squares += value * value * times

    @classmethod
    def of(cls, counts: Counter[int]) -> Tally:
        """The tally of a distribution (value → how many times)."""
        tally = cls()
        for value, times in counts.items():
            tally.add(value, times)
        return tally

    @property
    def mean(self) -> float:
        return self.total / self.count if self.count else 0.0

    @property
    def variance(self) -> float:
        """The sample variance (0 below two values)."""
        if self.count < 2:
            return 0.0
        return max(0.0, (self.squares - self.total * self.total / self.count) / (self.count - 1))

    def interval(self, z: float = Z95) -> Interval:
        half = z * math.sqrt(self.variance / self.count) if self.count else 0.0
        return Interval(self.mean, self.mean - half, self.mean + half)


def _two_sided(statistic: float) -> float:
    return math.erfc(abs(statistic) / math.sqrt(2))


def proportion_difference_p(k1: int, n1: int, k2: int, n2: int) -> float:
    """The p-value of a difference between the rates k1/n1 and k2/n2 (pooled two-proportion z
    test); 1 when there is nothing to compare."""
    if n1 == 0 or n2 == 0:
        return 1.0
    pooled = (k1 + k2) / (n1 + n2)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if spread == 0:
        return 1.0
    return _two_sided((k1 / n1 - k2 / n2) / spread)


def mean_difference_p(a: Tally, b: Tally) -> float:
    """The p-value of a difference between two means (Welch's statistic, normal approximation);
    1 when there is nothing to compare."""
    if a.count < 2 or b.count < 2:
        return 1.0
    spread = math.sqrt(a.variance / a.count + b.variance / b.count)
    if spread == 0:
        return 1.0 if a.mean == b.mean else 0.0
    return _two_sided((a.mean - b.mean) / spread)
