"""Bounded work: error reports, compile time, formulas, playability and simulation stay within the
ceilings the harness enforces on a child process (memory and CPU time per case), whatever the input.
Before the fixes each case here ran past them: 1 GB and seconds for a report, 49 s to compile, a
MemoryError in the engine, a ruleset that could not be played."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from harness import run_cases

import tractor_rules as tr
from tractor_rules import cli
from tractor_rules.engine.rulings.scoring import evaluate_formula
from tractor_rules.errors import LINE_WINDOW, MAX_REPORTED
from tractor_rules.sim.runs import MAX_HANDS


def test_error_reports_are_capped_in_count_and_width():
    """``mandatory: A, A, ...`` (8,000 items, 24 KB) took 2.4 s and 1 GB: every error printed the
    whole 24 KB line and a caret line as long; 20,000 exhausted memory."""
    cases = [
        {"base": "two-decks", "replace": ["mandatory: A", "mandatory: A" + ", A" * 8_000, 1]},
        {"base": "two-decks", "replace": ["big joker > small joker", "big joker > " * 3_000 + "small joker", 1]},
    ]
    for case, result in zip(cases, run_cases("cases:compile_report", cases, memory_mb=768, case_seconds=30)):
        assert "ok" in result, result
        report = result["ok"]
        assert report["count"] > MAX_REPORTED
        assert report["report_chars"] < MAX_REPORTED * (3 * LINE_WINDOW + 300)
        assert report["longest_line"] <= LINE_WINDOW + 10
        assert report["tail"].endswith(f"... and {report['count'] - MAX_REPORTED} more errors")


def test_a_long_line_is_shown_as_a_window_around_the_caret():
    text = 'extends: "two-decks"\nlevels\n  mandatory: ' + "A, " * 300 + "Z\n"
    with pytest.raises(tr.RulesetError) as info:
        tr.loads(text)
    header, line, caret = str(info.value).split("\n")[:3]
    assert len(line) <= LINE_WINDOW + 6 and line.lstrip().startswith("…")
    assert line[caret.index("^")] == "Z"


def test_compile_time_is_linear_in_the_input():
    """16,000 × ``decks: 2`` compiled in 49 s (each error split the whole text again to show its
    line); ``tractors: 50+ adjacent pairs or triples`` on three decks took 6 s (the search deciding
    whether one follow entry implies another had no overall bound).  Each now fits the ceiling."""
    cases = [
        {"base": "two-decks", "replace": ["  decks: 2\n", "  decks: 2\n", 16_000]},
        {"base": "three-decks", "replace": ["tractors: 2+ adjacent pairs or triples", "tractors: 50+ adjacent pairs or triples", 1]},
        {"base": "three-decks", "replace": ["tractors: 2+ adjacent pairs or triples", "tractors: 10+ adjacent pairs or triples", 1]},
    ]
    for result in run_cases("cases:compile_report", cases, memory_mb=768, case_seconds=8):
        assert "ok" in result, result


def test_a_formula_is_never_computed_past_its_cap():
    """``multiplier: ((size^4096)^4096)^4096, at most 8`` compiled, then the engine computed the
    power before the cap: MemoryError after 20 s in simulate, render and ctx.kitty_multiplier."""
    text = 'extends: "two-decks"\nkitty\n  multiplier: ((size^4096)^4096)^4096, at most 8\n'
    cases = [{"text": text, "lead": lead} for lead in ("5S", "5S 5S", "5S 5S 6S 6S")]
    results = run_cases("cases:kitty_multiplier", cases, memory_mb=512, case_seconds=10)
    assert [r.get("ok") for r in results] == [1, 8, 8]
    from tractor_rules.render import render_sheet

    assert "8" in render_sheet(tr.loads(text), format="txt")


FORMULAS = [
    ("num", 7), ("var", "size"), ("add", ("var", "size"), ("num", 3)), ("mul", ("var", "cards"), ("num", 0)),
    ("pow", ("num", 2), ("var", "size")), ("pow", ("num", 0), ("num", 0)), ("pow", ("var", "size"), ("num", 1)),
    ("pow", ("pow", ("num", 3), ("var", "size")), ("var", "cards")), ("mul", ("pow", ("num", 1), ("num", 99)), ("num", 5)),
]


@pytest.mark.parametrize("tree", FORMULAS)
@pytest.mark.parametrize("limit", [1, 2, 8, 100, 10**9])
def test_bounded_evaluation_is_the_exact_value_held_to_the_limit(tree, limit):
    def exact(t, size, cards):
        op = t[0]
        if op == "num":
            return t[1]
        if op == "var":
            return size if t[1] == "size" else cards
        a, b = exact(t[1], size, cards), exact(t[2], size, cards)
        return a + b if op == "add" else a * b if op == "mul" else a**b

    for size, cards in ((1, 1), (2, 4), (4, 6)):
        assert evaluate_formula(tree, size, cards, limit) == min(exact(tree, size, cards), limit)


def test_a_penalty_of_any_size_leaves_every_hand_playable():
    """``throw penalty: 1 per card taken back`` compiled, then simulate failed: "no threshold row
    covers 118 attacker points".  A score between two rows counts in the row below it."""
    rules = tr.loads('extends: "two-decks"\nlead\n  throw penalty: 1 per card taken back\n')
    assert rules.level_change(118) == rules.level_change(115) == ("attackers", 0)
    assert rules.level_change(119) == ("attackers", 0)
    assert rules.level_change(121) == rules.level_change(120) == ("attackers", 1)
    assert rules.level_change(3) == ("banker", 3)  # between 0 and 5-35: the row below, 0
    assert rules.level_change(203) == ("attackers", 3)
    text = 'extends: "two-decks"\nlead\n  throw penalty: 3 per card taken back\n'
    cases = [{"text": text, "hands": 20, "seed": 1, "players": players} for players in ("random", "greedy")]
    for result in run_cases("cases:simulate", cases, memory_mb=768, case_seconds=60):
        assert "ok" in result, result


def test_simulate_hands_are_bounded(capsys):
    """``--hands 1000000000`` filled the disk with a hidden temporary log."""
    assert cli.main(["simulate", "--hands", str(10**9)]) == 2
    assert f"at most {MAX_HANDS:,}" in capsys.readouterr().err


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_terminated_simulation_leaves_no_temporary_file(tmp_path: Path, signum: int):
    """SIGTERM and SIGHUP left the hidden temporary log behind (Ctrl-C was clean).  Now, like
    Ctrl-C, they keep the log of the hands played so far, every line whole."""
    log = tmp_path / "out.jsonl"
    child = subprocess.Popen([sys.executable, "-m", "tractor_rules.cli", "simulate", "--hands", "100000",
                              "--log", str(log)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        for _ in range(1200):  # until the temporary log exists and has a hand in it
            found = [p for p in tmp_path.iterdir() if p.name.startswith(".")]
            if found and found[0].stat().st_size > 0:
                break
            if child.poll() is not None:
                break
            time.sleep(0.05)
        assert found, child.stderr.read() if child.stderr else ""
        child.send_signal(signum)
        assert child.wait(timeout=120) == 128 + signum
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert [p.name for p in tmp_path.iterdir()] == ["out.jsonl"]
    assert all(json.loads(line) for line in log.read_text(encoding="utf-8").splitlines())
