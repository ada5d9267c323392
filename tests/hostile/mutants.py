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


@cache
def shipped_rules(name: str) -> tr.Rules:
    return tr.load(name)


#: ladders a cut pack may have to serve: more identical cards than some card has left, joker steps
#: of one kind or of either, level cards beside jokers
LADDERS = [
    "1 level card < 2 level cards < 2 small jokers < 2 big jokers",
    "1 level card < 2 level cards < 2 jokers < 3 level cards < 3 jokers",
    "1 level card < 2 level cards < 3 level cards < 4 level cards < 4 small jokers < 4 big jokers",
    "1 level card < 1 small joker + 1 level card < 1 big joker + 1 level card < 2 big jokers",
    "1 level card < 2 level cards = 2 small jokers < 2 big jokers",
]
RANK_NAMES = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def removal_mutant(rng: random.Random, name: str) -> str:
    """A house rule of shipped ruleset ``name`` that takes cards out of the pack (one copy or every
    copy of a few cards, jokers, whole ranks), with a deal that adds up again, and sometimes more
    decks, another number of players, another declaration ladder and a level beyond the last: the
    rulesets that compile but may not play (a ladder step asking for more copies of a card than the pack has left)."""
    table = shipped_rules(name).table
    decks = rng.choice([table.decks, table.decks, 2, 3, 4])
    items: list[str] = []
    removed = 0
    cards = sorted({f"{rng.choice(RANK_NAMES)}{rng.choice('SHDC')}" for _ in range(rng.choice([1, 2, 2, 3, 5]))})
    for card in cards:
        copies = rng.randint(1, decks)
        items.append(f"{copies} {card}" if copies < decks or rng.random() < 0.5 else f"{copies} {card}")
        removed += copies
    if table.jokers and rng.random() < 0.5:
        joker = rng.choice(["big", "small"])
        copies = rng.randint(1, decks)
        items.append(f"{copies} {joker} joker{'s' if copies > 1 else ''}" if copies < decks else f"{joker} jokers")
        removed += copies
    ranks = [r for r in rng.sample(["3", "4", "6", "7", "8", "9"], rng.choice([0, 0, 1, 2]))
             if not any(card[:-1] == r for card in cards)]
    items[:0] = ranks
    per_deck = 4 * (13 - len(ranks)) + (2 if table.jokers else 0)
    total = decks * per_deck - removed
    players = table.players
    seating: list[str] = []
    if rng.random() < 0.3:  # another table, as the audit's five players of Finding Friends
        players = rng.choice([3, 5, 5, 6, 7, 8])
        partners = rng.choice(["alternate", "by calling 1 card"]) if players % 2 == 0 else "by calling 1 card"
        if partners != "alternate" and players >= 6 and rng.random() < 0.5:
            partners = "by calling 2 cards"
        seating = [f"  players: {players}", f"  partners: {partners}"]
    # the kitty nearest the parent's from above (the parent's fallback card stays within it)
    kitty = next((k for k in range(table.kitty_size, table.kitty_size + players) if (total - k) % players == 0),
                 table.kitty_size)
    lines = [f'extends: "{name}"', 'ruleset: "Cut pack"', "", "table", f"  decks: {decks}", *seating,
             f"  remove: {', '.join(items)}", f"  deal: {(total - kitty) // players} each, kitty {kitty}"]
    if rng.random() < 0.5:
        lines += ["", "declare", f"  ladder: {rng.choice(LADDERS)}"]
    if rng.random() < 0.25:  # one more level after the last, dealt in no-trump, with or without its rank
        lines += ["", "levels", f"  game end: beyond the last level{rng.choice(['', ', jokers only'])}"]
    return "\n".join(lines) + "\n"


def mutant(seed: int) -> str:
    rng = random.Random(seed)
    names = sorted(shipped())
    name = names[seed % len(names)]
    if rng.randrange(8) == 0:  # a cut pack, played as it comes or mutated further
        text = removal_mutant(rng, name)
        if rng.random() < 0.5:
            return text
    else:
        text = shipped()[name]
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
