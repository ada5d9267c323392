"""Case functions the hostile harness runs in its child process (see harness.py).  Each takes a JSON
case and returns a JSON verdict; anything else it raises is reported as such."""

from __future__ import annotations

import os

import tractor_rules as tr
import tractor_rules.resources


def _error(error: tr.RulesetError) -> dict:
    return {"error": type(error).__name__, "message": error.message, "line": error.line,
            "column": error.column, "report": str(error), "count": len(error.diagnostics)}


def load(case: dict) -> dict:
    """``tr.load(case["path"], **case.get("options", {}))``: the rules' name, or the error."""
    try:
        return {"name": tr.load(case["path"], **case.get("options", {})).name}
    except tr.RulesetError as error:
        return _error(error)


def loads(case: dict) -> dict:
    """``tr.loads(case["text"], origin=...)``: the rules' name, or the error."""
    try:
        return {"name": tr.loads(case["text"], origin=case.get("origin", "house.tractor")).name}
    except tr.RulesetError as error:
        return _error(error)


def cli(case: dict) -> dict:
    """The command line run in-process on ``case["argv"]`` in folder ``case["cwd"]``: its exit
    status (standard error is the test's to read from the parent)."""
    from tractor_rules import cli as command

    os.chdir(case.get("cwd", "."))
    return {"status": command.main(case["argv"])}


def compile_report(case: dict) -> dict:
    """Compile ``case["text"]`` (given as a recipe: ``base`` shipped name, ``replace`` [old, new,
    count]); the error's size and shape.  Built in the child so that big inputs cost no pipe."""
    base = tr.resources.builtin_path(case["base"]).read_text(encoding="utf-8")
    old, new, count = case["replace"]
    text = base.replace(old, new * count, 1)
    try:
        tr.loads(text, origin="house.tractor")
        return {"compiled": True}
    except tr.RulesetError as error:
        report = str(error)
        return {"count": len(error.diagnostics), "report_chars": len(report),
                "longest_line": max(len(line) for line in report.split("\n")), "tail": report[-200:]}


def kitty_multiplier(case: dict) -> int:
    rules = tr.loads(case["text"], origin="house.tractor")
    return rules.context("2", "S").kitty_multiplier(case["lead"])


def simulate(case: dict) -> dict:
    from tractor_rules.engine.records.simulate import run_simulation

    rules = tr.loads(case["text"], origin="house.tractor")
    report = run_simulation(rules, case["hands"], case.get("seed", 0), players=case.get("players", "random"))
    return report.to_dict()
