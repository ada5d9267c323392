"""Benchmarks of the trick engine; prints one JSON report on standard output.

    python benchmarks/engine_bench.py [--hands N] [--seed S]

hands: for every shipped ruleset, N hands played by random players from the deal to the score
(dealing, declaring, the kitty, every trick with its follow checks, scoring), at levels and
bankers drawn at random: hands per second, and the median, 90th percentile and worst milliseconds
per hand (wall clock, and CPU time, which a busy machine disturbs less).

Before each ruleset the process is prepared and settled as ``simulate`` prepares and settles it
once its rules are loaded (``sim.parallel.prepare_rules``: the card order of every level and trump
built; ``settle_heap``: what is held then is moved out of the cyclic collector's sight), so that
the collector's passes during a ruleset's hands walk what the engine keeps while playing them; no
record is held during the timed hands.

oracle: ``ctx.follow_error`` and ``ctx.winner`` calls per second through the public oracle (card
tuples in, the checks of notation included), over the follows and tricks of the first 250 of those
hands (``--oracle-hands``; played again, apart, for their records), each asked once, on fresh
contexts (nothing the engine worked out while playing them is at hand).

decks: the growth of the median hand from one deck to four (the shipped one-, two-, three- and
four-deck rulesets), as milliseconds and as a ratio to one deck.

targets: the engine's speed targets (issue 13), each with its figure and whether it is met: a
two-deck hand at 600 hands a second or more (median at most 1.7 ms), a four-deck hand at 300 or
more, the worst of 2,000 two-deck hands at most 10 times the median, oracle calls at 150,000 a
second or more, the heuristic player at 200 hands a second or more, and two worker processes at
least 1.8 times as fast as one.  Figures are CPU time, which a busy machine disturbs far less than
the wall clock, except the parallel scaling, which only the wall clock shows (run it on an idle
machine).  A target not measured says so with "met": null.

engine: which of the package's modules ran compiled (a wheel built where a C compiler was found
carries the engine's hot modules compiled by Cython, hatch_build.py) and where the package was
imported from: an editable install or a checkout runs the Python sources, and is slower.

scaling: ``--scaling-hands`` two-deck hands (random players) played as ``simulate`` plays them
(through its runner, each hand added to a report), in this process and then on two worker processes (started before the clock starts), five
such pairs in turn; the speedup is the median of the five pairs' ratios.  Both sides are warmed
first by games of 50 hands (``--warm-up-hands``), four in this process and four on the workers.
The two-deck ruleset plays at least ``--worst-of`` hands (default 2,000) so that its worst hand
means something.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import json
import os
import platform
import random
import statistics
import sys
import time

import tractor_rules as tr
from tractor_rules.engine.oracle import Context
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.kinds import make_players, player_kinds
from tractor_rules.sim.parallel import prepare_rules, settle_heap

#: hands per second of CPU time (random players)
HAND_RATE_TARGETS = {"two-decks": 600.0, "four-decks": 300.0}
MEDIAN_TARGET_MS = ("two-decks", 1.7)
WORST_TO_MEDIAN_TARGET = 10.0
ORACLE_RATE_TARGET = 150_000.0
HEURISTIC_RATE_TARGET = 200.0
PARALLEL_SPEEDUP_TARGET = 1.8
#: serial and parallel runs of the scaling measurement, taken in turn
SCALING_PAIRS = 5
#: hands whose follows and tricks the oracle figures ask about (about 15,000 follows of two decks)
ORACLE_HANDS = 250
#: the hands of each game that warms the scaling's two sides
WARM_UP_HANDS = 50
DECKS = {1: "one-deck", 2: "two-decks", 3: "three-decks", 4: "four-decks"}


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench_hands(rules, hands: int, seed: int, kind: str = "random", keep: int = 0) -> tuple[dict, list]:
    """``hands`` hands by players of ``kind``; their figures, and the records of the first ``keep``
    hands (only those: thousands of records held in memory would slow the collector's full passes,
    and charge their pauses to the engine's worst hands; ``simulate`` streams its records too)."""
    rng = random.Random(seed)
    n = rules.table.players
    players = make_players(kind, n, rng)
    levels = [r for r in rules.table.ranks if r not in rules.trumps.constant_ranks]
    for _ in range(3):  # warm the per-(level, trump) tables and the caches
        play_hand(rules, players, rng, level=rng.choice(levels), banker=rng.randrange(n))
    wall: list[float] = []
    cpu: list[float] = []
    records = []
    tricks = throws = 0
    for i in range(hands):
        level = rng.choice(levels)
        banker = None if i % 10 == 0 else rng.randrange(n)  # a first hand now and then
        w0, c0 = time.perf_counter(), time.process_time()
        record = play_hand(rules, players, rng, level=level, banker=banker)
        c1, w1 = time.process_time(), time.perf_counter()
        wall.append(w1 - w0)
        cpu.append(c1 - c0)
        tricks += len(record.tricks)
        throws += record.throws_tried
        if len(records) < keep:
            records.append(record)
    total = sum(wall)
    return {
        "hands": hands,
        "hands_per_second": round(hands / total, 1),
        "median_ms": round(statistics.median(wall) * 1000, 3),
        "p90_ms": round(_quantile(wall, 0.9) * 1000, 3),
        "max_ms": round(max(wall) * 1000, 3),
        "hands_per_cpu_second": round(hands / sum(cpu), 1) if sum(cpu) else None,
        "median_cpu_ms": round(statistics.median(cpu) * 1000, 3),
        "max_cpu_ms": round(max(cpu) * 1000, 3),
        "tricks_per_hand": round(tricks / hands, 1),
        "throws_tried_per_hand": round(throws / hands, 2),
    }, records


def bench_oracle(rules, records: list) -> dict:
    """follow_error and winner calls per second over the recorded tricks, each asked once.

    Every hand gets contexts of its own, fresh ones for each kind of call, built before the clock
    starts: nothing the engine worked out while playing these hands (its contexts keep recent leads
    and decompositions) is at hand, and no call is repeated.  Within a hand the oracle keeps what
    one call worked out for the next (a trick's lead, for its followers), as it would for a caller
    who checks a game's plays one after another.  The work is settled (``settle_heap``) before the
    clock starts, as the hands' measurements are: otherwise a full pass of the collector falls in
    the timed calls or not depending on what building the work left, and walks all of it (the
    contexts' card orders, every hand of every trick), a third of the calls' time when it does."""
    follows = []
    tricks = []
    for record in records:
        follow_ctx = Context(rules, record.level, record.trump)
        winner_ctx = Context(rules, record.level, record.trump)
        n = len(record.hands)
        hands = [list(h) for h in record.hands]
        for t in record.tricks:
            seats = [(t.leader + k) % n for k in range(n)]
            for seat, play in zip(seats[1:], t.plays[1:]):
                follows.append((follow_ctx, tuple(hands[seat]), t.plays[0], play))
            tricks.append((winner_ctx, t.plays[0], t.plays[1:]))
            for seat, play in zip(seats, t.plays):
                for c in play:
                    hands[seat].remove(c)
    settle_heap()

    def rate(work, items) -> float:
        """Calls per second of CPU time, one pass."""
        start = time.process_time()
        for item in items:
            work(item)
        return len(items) / (time.process_time() - start)

    def check(item):
        ctx, hand, lead, play = item
        assert ctx.follow_error(hand, lead, play) is None

    def win(item):
        ctx, lead, rest = item
        ctx.winner(lead, rest)

    return {
        "oracle_hands": len(records),
        "follow_error_calls": len(follows),
        "follow_error_per_second": round(rate(check, follows)),
        "winner_calls": len(tricks),
        "winner_per_second": round(rate(win, tricks)),
    }


def bench_scaling(hands: int, seed: int, workers: int = 2, pairs: int = SCALING_PAIRS,
                  warm_up_hands: int = WARM_UP_HANDS) -> dict:
    """Wall time of ``hands`` two-deck hands by random players played as ``simulate`` plays them
    (through ``run_hands``, each hand added to a report): in this process, then on ``workers``
    local worker processes, started before the clock starts (the same games either way);
    ``pairs`` such pairs in turn.

    The speedup is the median of the pairs' ratios: the wall clock of a shared machine swings by
    a fifth from one run to the next, and a pair's two runs, taken one after the other, share
    most of what the machine was doing meanwhile."""
    from tractor_rules.engine.records.simulate import SimulationReport
    from tractor_rules.sim.parallel import GameJob, InlineBackend, ProcessBackend, run_hands
    from tractor_rules.sim.runs import held_for_run, whole

    rules = tr.load("two-decks")
    job = GameJob(rules, ("random",) * rules.table.players, seed)

    def seconds(backend) -> float:
        report = SimulationReport(rules.name, seed, "random")
        start = time.perf_counter()
        with held_for_run():
            for result in run_hands(job, hands, backend):
                with whole():
                    report.add(result)
        elapsed = time.perf_counter() - start
        assert report.hands == hands
        return elapsed

    # Both sides warm, alike: the card orders and caches of many levels and trumps already built
    # (by games of another seed) in this process and in every worker, and each process settled
    # (workers settle when they start).
    warm_up = GameJob(rules, job.kinds, seed + 1)
    for game in range(2 * workers):
        InlineBackend().submit(warm_up, game, warm_up_hands).result()
    prepare_rules(rules)  # as the workers prepare the rules of their first task
    settle_heap()
    serial: list[float] = []
    parallel: list[float] = []
    backend = ProcessBackend(workers)
    try:
        for pending in [backend.submit(warm_up, game, warm_up_hands) for game in range(2 * workers)]:
            pending.result()
        for _ in range(pairs):
            serial.append(seconds(InlineBackend()))
            parallel.append(seconds(backend))
            # the games a parallel run sent beyond its hands, played out before the next run
            # starts rather than beside it
            backend.drain()
    finally:
        backend.close()
    return {
        "hands": hands,
        "workers": workers,
        "serial_seconds": [round(t, 3) for t in serial],
        "parallel_seconds": [round(t, 3) for t in parallel],
        "speedups": [round(one / many, 2) for one, many in zip(serial, parallel)],
        "speedup": round(statistics.median(one / many for one, many in zip(serial, parallel)), 2),
    }


def _target(figure: float | None, target: float, at_most: bool = False, **about) -> dict:
    """One target: its figure, the bound, and whether it is met (None: not measured)."""
    met = None if figure is None else (figure <= target if at_most else figure >= target)
    return {"figure": figure, ("at_most" if at_most else "at_least"): target, "met": met, **about}


def targets(per_ruleset: dict, heuristic: dict | None, scaling: dict | None) -> dict:
    """The speed targets of issue 13, from the figures measured (CPU time)."""
    out = {
        f"{name} hands per second": _target(per_ruleset[name]["hands_per_cpu_second"], rate)
        for name, rate in HAND_RATE_TARGETS.items()
    }
    name, limit = MEDIAN_TARGET_MS
    out[f"{name} median ms"] = _target(per_ruleset[name]["median_cpu_ms"], limit, at_most=True)
    two = per_ruleset["two-decks"]
    ratio = round(two["max_cpu_ms"] / two["median_cpu_ms"], 2) if two["median_cpu_ms"] else None
    out["two-decks worst hand / median"] = _target(ratio, WORST_TO_MEDIAN_TARGET, at_most=True,
                                                   hands=two["hands"])
    for call in ("follow_error", "winner"):
        out[f"two-decks oracle {call} per second"] = _target(two[f"{call}_per_second"], ORACLE_RATE_TARGET)
    out["two-decks heuristic hands per second"] = (
        _target(heuristic["hands_per_cpu_second"], HEURISTIC_RATE_TARGET) if heuristic is not None
        else _target(None, HEURISTIC_RATE_TARGET, why="no heuristic player kind yet"))
    out["2 workers / 1 worker"] = (
        _target(scaling["speedup"], PARALLEL_SPEEDUP_TARGET, cpus=os.cpu_count(),
                note="wall time: other work on the machine lowers it") if scaling is not None
        else _target(None, PARALLEL_SPEEDUP_TARGET, why="skipped (--scaling-hands 0)"))
    return out


def engine_build() -> dict:
    """Where the package runs from, and which of its modules are compiled extension modules."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    compiled = sorted(name for name, module in list(sys.modules.items())
                      if name.startswith("tractor_rules.") and (getattr(module, "__file__", None) or "").endswith(suffixes))
    return {"package": os.path.dirname(os.path.abspath(tr.__file__)), "compiled_modules": compiled}


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--hands", type=int, default=200, help="hands per ruleset (default 200)")
    options.add_argument("--worst-of", type=int, default=2000,
                         help="hands of the two-deck ruleset at least, for its worst hand (default 2000)")
    options.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    options.add_argument("--scaling-hands", type=int, default=2000,
                         help="two-deck hands played serially and on 2 workers (default 2000; 0 skips)")
    # the test suite runs the script with tiny counts (tests/test_benchmark.py): it checks that
    # every figure is reported, and the defaults' thousands of hands would prove nothing more
    options.add_argument("--oracle-hands", type=int, default=ORACLE_HANDS,
                         help="hands of each ruleset whose follows and tricks the oracle is timed on "
                              f"(default {ORACLE_HANDS})")
    options.add_argument("--warm-up-hands", type=int, default=WARM_UP_HANDS,
                         help=f"hands of each game that warms the scaling's sides (default {WARM_UP_HANDS})")
    args = options.parse_args()
    if args.hands < 1 or args.worst_of < 1 or args.oracle_hands < 1 or args.warm_up_hands < 1:
        options.error("--hands, --worst-of, --oracle-hands and --warm-up-hands must be at least 1")
    if args.scaling_hands < 0:
        options.error("--scaling-hands must be 0 or more")
    per_ruleset = {}
    for name in tr.builtin_names():
        rules = tr.load(name)
        hands = max(args.hands, args.worst_of) if name == "two-decks" else args.hands
        # the card orders built and what earlier measurements left settled, as ``simulate``
        # prepares and settles its process once its rules are loaded: the collector's passes
        # during these hands walk what the engine keeps while playing them
        prepare_rules(rules)
        settle_heap()
        figures, _ = bench_hands(rules, hands, args.seed)
        # the oracle's hands again, apart: records held during the timed hands would be walked by
        # the collector's full passes and charge their pauses to the engine's hands
        _, records = bench_hands(rules, args.oracle_hands, args.seed, keep=args.oracle_hands)
        figures.update(bench_oracle(rules, records))
        del records
        per_ruleset[name] = figures
        print(f"{name}: {figures['median_cpu_ms']} ms median (CPU)", file=sys.stderr)
    heuristic = None
    if "heuristic" in player_kinds():
        rules = tr.load("two-decks")
        prepare_rules(rules)
        settle_heap()
        heuristic, _ = bench_hands(rules, args.hands, args.seed, "heuristic")
    scaling = (bench_scaling(args.scaling_hands, args.seed, warm_up_hands=args.warm_up_hands)
               if args.scaling_hands else None)
    one = per_ruleset[DECKS[1]]["median_cpu_ms"]
    decks = {
        str(d): {
            "ruleset": name,
            "median_cpu_ms": per_ruleset[name]["median_cpu_ms"],
            "ratio_to_one_deck": round(per_ruleset[name]["median_cpu_ms"] / one, 2) if one else None,
        }
        for d, name in DECKS.items()
    }
    report = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "load_average": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
        "engine": engine_build(),
        "hands": per_ruleset,
        "heuristic": heuristic,
        "decks": decks,
        "scaling": scaling,
        "targets": targets(per_ruleset, heuristic, scaling),
    }
    json.dump(report, sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
