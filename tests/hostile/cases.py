"""Case functions the hostile harness runs in its child process (see harness.py).  Each takes a JSON
case and returns a JSON verdict; anything else it raises is reported as such."""

from __future__ import annotations

import os

import tractor_rules as tr


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
