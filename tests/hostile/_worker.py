"""The child process of the hostile harness (harness.py): reads the cases as JSON on standard input,
runs each under the ceilings, writes one JSON line per case to standard output."""

from __future__ import annotations

import importlib
import json
import resource
import signal
import sys
import traceback


class CaseTimeout(BaseException):
    """Raised by the interval timer in the case that overran (a BaseException, so that no
    ``except Exception`` in the code under test swallows it)."""


def _on_timer(signum, frame):
    raise CaseTimeout()


def main() -> None:
    job = json.loads(sys.stdin.read())
    limit = job["memory_mb"] * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    module, _, name = job["function"].partition(":")
    function = getattr(importlib.import_module(module), name)
    seconds = float(job["case_seconds"])
    signal.signal(signal.SIGPROF, _on_timer)
    out = sys.stdout
    for case in job["cases"]:
        # ITIMER_PROF counts the CPU time of the process: a case that waits (a pipe) is caught by
        # the parent's wall-clock ceiling instead.
        signal.setitimer(signal.ITIMER_PROF, seconds)
        try:
            result: dict = {"ok": function(case)}
        except CaseTimeout:
            result = {"timeout": seconds}
        except MemoryError:
            result = {"memory": True}
        except Exception as exc:  # the verdict on this case: reported, the batch goes on
            lines = traceback.format_exception(exc)
            result = {"raised": f"{type(exc).__name__}: {exc}"[:2000], "traceback": "".join(lines)[-4000:]}
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
        out.write(json.dumps(result) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
