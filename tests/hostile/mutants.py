"""Mutated rulesets, the way an attacker or a fuzzer makes them: from every shipped ruleset, lines
deleted, repeated and swapped, words replaced by other words, numbers and junk, lists repeated to
great length, formulas turned into power towers, penalties of odd sizes, hostile ``extends``,
control characters and byte-order marks, the text cut short.  ``mutant(seed)`` is deterministic:
a failing seed reproduces on every machine.

``check_mutants`` (a case function of the harness) compiles a batch of seeds and plays every
distinct ruleset that compiles; it returns the seeds that broke a promise, with what they did."""

from __future__ import annotations

import hashlib
import json
import random
import re
from functools import cache

import tractor_rules as tr
from tractor_rules.errors import RulesetError
from tractor_rules.resources import builtin_path

#: where the mutants claim to live: a folder that does not exist, so no file is ever reachable
ORIGIN = "/nonexistent-tractor-hostile/house.tractor"
#: a report may be long, but never grow with the input past this
MAX_REPORT_CHARS = 64 * 1024

WORDS = ["table", "levels", "kitty", "upgrade", "players", "decks", "pair", "pairs", "triples", "tractor",
         "single", "none", "yes", "no", "swap", "banker", "attackers", "every", "at", "most", "size",
         "cards", "big", "joker", "level", "trump", "suit", "allowed", "per", "card", "taken", "back",
         "adjacent", "or", "and", "of", "n", "any", "order", "links", "~", ">", "<", "+", "-", "=", ",",
         ":", "(", ")", "^", "*", "×", "#"]
NUMBERS = ["0", "1", "2", "3", "4", "5", "7", "8", "13", "50", "99", "100", "999999", "1000000", "0000001"]
JUNK = ["\x1b[2J", "\u202e", "\ufeff", "\x00", "\t", "\r", "�", "牌", "♠", "\\", '"', '"\\u001b"', "((((", "))",
        "5S", "BJ", "10H", "XX", "é", "\u200b", "\x85", "\u2028"]
EXTENDS = ["/etc/passwd", "/etc/passwd.tractor", "../../etc/x.tractor", "/dev/zero", "/proc/self/environ",
           "a" * 300, "b" * 300 + ".tractor", "sub/" * 400 + "x.tractor", "", "two-decks", "one-deck",
           "nowhere.tractor", "./house.tractor", "\u202etwo-decks"]
LISTABLE = re.compile(r"^(\s*(?:mandatory|order|links|sets|ladder|points|remove|no-trump links|pair|tractor[^:]*)):\s*(.+)$")


@cache
def shipped() -> dict[str, str]:
    return {name: builtin_path(name).read_text(encoding="utf-8") for name in tr.builtin_names()}  # type: ignore[union-attr]


def mutate_once(rng: random.Random, text: str) -> str:
    lines = text.split("\n")
    family = rng.randrange(13)
    i = rng.randrange(len(lines))
    if family == 0:
        del lines[i]
    elif family == 1:
        lines.insert(i, lines[i])
    elif family == 2:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif family in (3, 4):
        tokens = re.split(r"(\s+)", lines[i])
        spots = [k for k, t in enumerate(tokens) if t.strip()]
        if spots:
            pool = WORDS if family == 3 else NUMBERS
            tokens[rng.choice(spots)] = rng.choice(pool)
            lines[i] = "".join(tokens)
    elif family == 5:
        line = lines[i]
        at = rng.randrange(len(line) + 1)
        lines[i] = line[:at] + rng.choice(JUNK) + line[at:]
    elif family == 6:
        return text[: rng.randrange(len(text) + 1)]
    elif family == 7:  # a list repeated to great length
        listed = [k for k, line in enumerate(lines) if LISTABLE.match(line)]
        if listed:
            k = rng.choice(listed)
            match = LISTABLE.match(lines[k])
            assert match
            item = rng.choice(re.split(r"\s*[,>~<]\s*", match[2]))
            sep = rng.choice([", ", " > ", " ~ "])
            lines[k] = f"{match[1]}: " + sep.join([item] * rng.choice([3, 20, 200]))
    elif family == 8:  # formulas: power towers, huge caps, none
        tower = "size" + "".join(f")^{rng.choice(['4096', '64', '2', 'size', 'cards'])}" for _ in range(rng.randrange(1, 5)))
        formula = "(" * tower.count(")") + tower
        cap = rng.choice(["", ", at most 8", ", at most 1000000000", ", at most 1"])
        lines.append(f"kitty\n  multiplier: {formula}{cap}")
    elif family == 9:  # penalties of any size
        points = rng.choice([1, 2, 3, 7, 13, 10000])
        kind = rng.choice(["per card taken back", "per attempt"])
        lines.append(f"lead\n  throws: allowed\n  throw penalty: {points} {kind}")
    elif family == 10:  # hostile extends
        ref = json.dumps(rng.choice(EXTENDS))
        lines = [line for line in lines if not line.startswith("extends:")]
        lines.insert(rng.randrange(3), f"extends: {ref}")
    elif family == 11:  # encodings: a byte-order mark, CRLF, tabs
        choice = rng.randrange(3)
        if choice == 0:
            return "\ufeff" + text
        if choice == 1:
            return text.replace("\n", "\r\n")
        return text.replace("  ", "\t")
    else:  # many copies of one statement
        lines[i:i] = [lines[i]] * rng.choice([2, 20, 200])
    return "\n".join(lines)


def mutant(seed: int) -> str:
    rng = random.Random(seed)
    names = sorted(shipped())
    text = shipped()[names[seed % len(names)]]
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        text = mutate_once(rng, text)
    return text


def _problem_with_error(error: RulesetError, text: str) -> str | None:
    """What is wrong with an error a mutant gave, or None: every diagnostic has a position in a file
    of the input (the mutant or a shipped ruleset), a one-line message, and the report is bounded."""
    files = {ORIGIN, *(f"{name}.tractor" for name in shipped())}
    for d in error.diagnostics:
        if d.line < 1 or d.column < 1:
            return f"a diagnostic without a position: {d}"
        if d.file not in files:
            return f"a diagnostic names a file outside the input: {d.file!r}"
        if "\n" in d.message:
            return f"a message of several lines: {d.message!r}"
    report = str(error)
    if len(report) > MAX_REPORT_CHARS:
        return f"a report of {len(report)} characters"
    if "\x1b" in report or "\u202e" in report:
        return "a report that would act on the terminal"
    return None


#: the compiled rules already played in this process (cases come one mutant at a time)
_PLAYED: set[str] = set()


def check_mutants(case: dict) -> list[dict]:
    """Compile the seeds ``case["start"]`` to ``case["stop"]``; play a hand of every distinct ruleset
    that compiles (random players for even seeds, greedy for odd ones).  The seeds that broke a
    promise, after a first entry of counts."""
    from tractor_rules.engine.records.simulate import run_simulation

    played = _PLAYED
    bad: list[dict] = []
    stats = {"compiled": 0, "errors": 0, "played": 0}
    for seed in range(case["start"], case["stop"]):
        text = mutant(seed)
        try:
            rules = tr.loads(text, origin=ORIGIN)
        except RulesetError as error:
            stats["errors"] += 1
            problem = _problem_with_error(error, text)
            if problem:
                bad.append({"seed": seed, "problem": problem})
            continue
        except Exception as exc:  # the promise broken: only RulesetErrors
            bad.append({"seed": seed, "problem": f"{type(exc).__name__}: {exc}"[:500]})
            continue
        stats["compiled"] += 1
        key = hashlib.sha256(json.dumps(rules.to_dict(), sort_keys=True, default=str).encode()).hexdigest()
        if key in played:
            continue
        played.add(key)
        stats["played"] += 1
        players = ("random", "greedy")[seed % 2]
        try:
            run_simulation(rules, 1, seed, players=players)
        except Exception as exc:
            bad.append({"seed": seed, "problem": f"compiles but cannot be played ({players}): "
                                                 f"{type(exc).__name__}: {exc}"[:500]})
    return [{"stats": stats}] + bad
