"""Case functions the hostile harness runs in its child process (see harness.py).  Each takes a JSON
case and returns a JSON verdict; anything else it raises is reported as such."""

from __future__ import annotations

import json
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


def cli_output(case: dict) -> dict:
    """``cli`` with what the command printed: its exit status, standard output and standard error."""
    import contextlib
    import io

    from tractor_rules import cli as command

    os.chdir(case.get("cwd", "."))
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = command.main(case["argv"])
    return {"status": status, "out": out.getvalue(), "err": err.getvalue()}


def rpc(case: dict) -> dict:
    """The JSON-RPC dispatcher's answer to a request built in the child (``head`` + ``repeat`` ×
    ``count`` + ``tail``, so that a request of megabytes costs no pipe)."""
    from tractor_rules.interop.server import Dispatcher

    raw = (case["head"] + case["repeat"] * case["count"] + case["tail"]).encode("utf-8")
    out = Dispatcher().handle_bytes(raw)
    return {"answer": None if out is None else json.loads(out), "bytes": 0 if out is None else len(out)}
