"""The hostile suite's harness: run cases in a child process under a memory ceiling and a time
ceiling per case, so that a case that runs away fails its test instead of hanging or exhausting the
machine.  The ceilings are limits enforced on the child (``RLIMIT_AS``, an interval timer, and a
kill from the parent as the last resort), never timed assertions on normal work.

Cases are batched: one child runs many cases one after another (starting Python and compiling the
grammar is the costly part), each under its own timer; the address-space limit holds for the whole
child, so a case that allocates past it fails alone with a ``MemoryError``.

A case is a JSON value handed to a function named "module:function" in ``tests/hostile``; the
function returns a JSON value (its verdict) or raises.  Each case comes back as a dict:
``{"ok": value}``, ``{"raised": "TypeName: message"}``, ``{"timeout": seconds}`` or
``{"memory": true}``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import tractor_rules

HERE = Path(__file__).resolve().parent
#: the folder the package under test was imported from: the child imports the same one
PACKAGE_ROOT = Path(tractor_rules.__file__).resolve().parent.parent
#: the ceilings of one case: address space of the child (MiB) and CPU seconds
MEMORY_MB = 1024
CASE_SECONDS = 20.0


def run_cases(function: str, cases: list, *, memory_mb: int = MEMORY_MB,
              case_seconds: float = CASE_SECONDS, workers: int = 1) -> list[dict]:
    """Run ``function`` on every case in ``workers`` child processes (each a contiguous share of
    the cases, all running at once); one result per case, in order.  Cases and results go through
    files, so that no child waits on a pipe the parent is not reading yet."""
    shares = [cases[i * len(cases) // workers:(i + 1) * len(cases) // workers] for i in range(workers)]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE), str(PACKAGE_ROOT), os.environ.get("PYTHONPATH", "")])}
    with tempfile.TemporaryDirectory(prefix="hostile-") as folder:
        children = []
        for index, share in enumerate(shares):
            job, out = Path(folder, f"job{index}.json"), Path(folder, f"out{index}.jsonl")
            job.write_text(json.dumps({"function": function, "cases": share, "memory_mb": memory_mb,
                                       "case_seconds": case_seconds}), encoding="utf-8")
            with open(job, "rb") as stdin, open(out, "wb") as stdout:
                child = subprocess.Popen([sys.executable, str(HERE / "_worker.py")], stdin=stdin, stdout=stdout,
                                         stderr=subprocess.PIPE, text=True, env=env)
            children.append((child, out, share))
        results: list[dict] = []
        for child, out, share in children:
            # The parent's own ceiling: every case at its limit, plus start-up.
            try:
                _, err = child.communicate(timeout=60 + case_seconds * 2 * len(share))
            except subprocess.TimeoutExpired:
                child.kill()
                _, err = child.communicate()
            got = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines() if line.startswith("{")]
            if len(got) != len(share):
                for other, _, _ in children:
                    if other.poll() is None:
                        other.kill()
                        other.wait()
                raise AssertionError(f"the worker died after {len(got)} of {len(share)} cases "
                                     f"(exit {child.returncode}):\n{err[-3000:]}")
            results.extend(got)
    return results


def run_case(function: str, case: object, **limits) -> dict:
    return run_cases(function, [case], **limits)[0]
