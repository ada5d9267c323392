"""The benchmark script runs and reports every speed target with its figure (tiny runs: the figures
themselves are measured by running the script, never asserted here)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_engine_bench_reports_every_target() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "engine_bench.py"),
         "--hands", "2", "--worst-of", "3", "--scaling-hands", "12"],
        capture_output=True, text=True, timeout=600, cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["hands"]["two-decks"]["hands"] == 3
    assert report["scaling"]["hands"] == 12 and report["scaling"]["workers"] == 2
    targets = report["targets"]
    assert set(targets) == {
        "two-decks hands per second", "four-decks hands per second", "two-decks median ms",
        "two-decks worst hand / median", "two-decks oracle follow_error per second",
        "two-decks oracle winner per second", "two-decks heuristic hands per second",
        "2 workers / 1 worker",
    }
    for name, target in targets.items():
        assert isinstance(target["figure"], (int, float)) and target["figure"] > 0, name
        bound = target.get("at_least", target.get("at_most"))
        expected = target["figure"] >= bound if "at_least" in target else target["figure"] <= bound
        assert target["met"] is expected, name


def test_engine_bench_refuses_bad_counts() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "engine_bench.py"), "--scaling-hands", "-1"],
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 2
    assert "--scaling-hands must be 0 or more" in done.stderr
