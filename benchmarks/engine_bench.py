"""Benchmarks of the trick engine; prints one JSON report on standard output.

    python benchmarks/engine_bench.py [--hands N] [--seed S]

hands: for every shipped ruleset, N hands played by random players from the deal to the score
(dealing, declaring, the kitty, every trick with its follow checks, scoring), at levels and
bankers drawn at random: hands per second, and the median, 90th percentile and worst milliseconds
per hand (wall clock, and CPU time, which a busy machine disturbs less).

oracle: ``ctx.follow_error`` and ``ctx.winner`` calls per second through the public oracle (card
tuples in, the checks of notation included), over the follows and tricks of those hands.

decks: the growth of the median hand from one deck to four (the shipped one-, two-, three- and
four-deck rulesets), as milliseconds and as a ratio to one deck.

targets: a two-deck hand in at most 10 ms and a four-deck hand in at most 40 ms (median CPU time).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time

import tractor_rules as tr
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players import RandomPlayer

TARGETS_MS = {"two-decks": 10.0, "four-decks": 40.0}
DECKS = {1: "one-deck", 2: "two-decks", 3: "three-decks", 4: "four-decks"}


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench_hands(rules, hands: int, seed: int) -> tuple[dict, list]:
    rng = random.Random(seed)
    n = rules.table.players
    players = [RandomPlayer(rng.getrandbits(64)) for _ in range(n)]
    levels = [r for r in rules.table.ranks if r not in rules.trumps.constant_ranks]
    for _ in range(3):  # warm the per-(level, trump) tables and the caches
        play_hand(rules, players, rng, level=rng.choice(levels), banker=rng.randrange(n))
    wall: list[float] = []
    cpu: list[float] = []
    records = []
    for i in range(hands):
        level = rng.choice(levels)
        banker = None if i % 10 == 0 else rng.randrange(n)  # a first hand now and then
        w0, c0 = time.perf_counter(), time.process_time()
        record = play_hand(rules, players, rng, level=level, banker=banker)
        c1, w1 = time.process_time(), time.perf_counter()
        wall.append(w1 - w0)
        cpu.append(c1 - c0)
        records.append(record)
    total = sum(wall)
    return {
        "hands": hands,
        "hands_per_second": round(hands / total, 1),
        "median_ms": round(statistics.median(wall) * 1000, 3),
        "p90_ms": round(_quantile(wall, 0.9) * 1000, 3),
        "max_ms": round(max(wall) * 1000, 3),
        "median_cpu_ms": round(statistics.median(cpu) * 1000, 3),
        "tricks_per_hand": round(statistics.mean(len(r.tricks) for r in records), 1),
        "throws_tried_per_hand": round(statistics.mean(r.throws_tried for r in records), 2),
    }, records


def bench_oracle(rules, records: list, seconds: float = 0.5) -> dict:
    """follow_error and winner calls per second over the recorded tricks."""
    follows = []
    tricks = []
    for record in records:
        ctx = rules.context(record.level, record.trump)
        n = len(record.hands)
        hands = [list(h) for h in record.hands]
        for t in record.tricks:
            seats = [(t.leader + k) % n for k in range(n)]
            for seat, play in zip(seats[1:], t.plays[1:]):
                follows.append((ctx, tuple(hands[seat]), t.plays[0], play))
            tricks.append((ctx, t.plays[0], t.plays[1:]))
            for seat, play in zip(seats, t.plays):
                for c in play:
                    hands[seat].remove(c)

    def rate(work, items) -> float:
        done = 0
        start = time.perf_counter()
        while True:
            for item in items:
                work(item)
            done += len(items)
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return done / elapsed

    def check(item):
        ctx, hand, lead, play = item
        assert ctx.follow_error(hand, lead, play) is None

    def win(item):
        ctx, lead, rest = item
        ctx.winner(lead, rest)

    return {
        "follow_error_per_second": round(rate(check, follows)),
        "winner_per_second": round(rate(win, tricks)),
    }


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--hands", type=int, default=200, help="hands per ruleset (default 200)")
    options.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    args = options.parse_args()
    per_ruleset = {}
    for name in tr.builtin_names():
        rules = tr.load(name)
        figures, records = bench_hands(rules, args.hands, args.seed)
        figures.update(bench_oracle(rules, records[: max(20, args.hands // 10)]))
        per_ruleset[name] = figures
        print(f"{name}: {figures['median_ms']} ms median", file=sys.stderr)
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
        "hands": per_ruleset,
        "decks": decks,
        "targets": {
            name: {"median_cpu_ms": per_ruleset[name]["median_cpu_ms"], "target_ms": limit,
                   "met": per_ruleset[name]["median_cpu_ms"] <= limit}
            for name, limit in TARGETS_MS.items()
        },
    }
    json.dump(report, sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
