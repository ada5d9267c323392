"""The benchmark script runs and reports every speed target with its figure (tiny runs: the figures
themselves are measured by running the script, never asserted here: its default counts, the
oracle's 250 hands of every ruleset and the warm-up games of 50 hands, took 14 CPU seconds here
and proved nothing more)."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
COMPILED = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"]["build"]["targets"][
    "wheel"]["hooks"]["custom"]["modules"]


def _installed_engine(outside: Path) -> dict:
    script = ("import importlib, importlib.machinery, json, os, sys, tractor_rules\n"
              "suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)\n"
              "compiled = [m for m in sys.argv[1:] if importlib.import_module(m).__file__.endswith(suffixes)]\n"
              "print(json.dumps({'package': os.path.dirname(os.path.abspath(tractor_rules.__file__)),"
              " 'compiled_modules': sorted(compiled)}))")
    done = subprocess.run([sys.executable, "-c", script, *COMPILED], capture_output=True, text=True,
                          timeout=120, cwd=outside)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.slow
def test_engine_bench_reports_every_target(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "engine_bench.py"),
         "--hands", "2", "--worst-of", "3", "--scaling-hands", "12", "--oracle-hands", "3",
         "--warm-up-hands", "2"],
        capture_output=True, text=True, timeout=600, cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["hands"]["two-decks"]["hands"] == 3
    # run from benchmarks/, the script measures the installed package (compiled or not): the one
    # a program outside the checkout imports
    assert report["engine"] == _installed_engine(tmp_path)
    scaling = report["scaling"]
    assert scaling["hands"] == 12 and scaling["workers"] == 2
    assert len(scaling["serial_seconds"]) == len(scaling["parallel_seconds"]) == len(scaling["speedups"]) == 5
    assert scaling["speedup"] == sorted(scaling["speedups"])[2]  # the median pair
    assert report["targets"]["2 workers / 1 worker"]["figure"] == scaling["speedup"]
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
