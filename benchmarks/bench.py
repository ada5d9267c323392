"""Benchmarks of tractor-rules; prints one JSON report on standard output.

    python benchmarks/bench.py [--repeat N]

compile: for every shipped ruleset, the cold time (a fresh process: import, grammar load, parse,
resolve, compile, check) and the warm time (the median of N loads in one process, the parser
already built).
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import sys
import time

import tractor_rules as tr

_COLD = """
import time
start = time.perf_counter()
import tractor_rules as tr
tr.load({name!r})
print(time.perf_counter() - start)
"""


def cold_seconds(name: str) -> float:
    result = subprocess.run([sys.executable, "-c", _COLD.format(name=name)], capture_output=True, text=True, check=True)
    return float(result.stdout.strip())


def warm_seconds(name: str, repeat: int) -> float:
    tr.load(name)  # build the parser once
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        tr.load(name)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def parser_build_seconds() -> float:
    from tractor_rules.language import parser

    parser.lark_parser.cache_clear()
    start = time.perf_counter()
    parser.lark_parser()
    return time.perf_counter() - start


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--repeat", type=int, default=30, help="warm loads per ruleset (default 30)")
    args = options.parse_args()
    report = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "parser_build_ms": round(parser_build_seconds() * 1000, 2),
        "compile": {
            name: {
                "cold_ms": round(cold_seconds(name) * 1000, 2),
                "warm_ms": round(warm_seconds(name, args.repeat) * 1000, 3),
            }
            for name in tr.builtin_names()
        },
    }
    json.dump(report, sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
