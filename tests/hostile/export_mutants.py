"""Mutated JSON exports that keep the form the schema gives them, the way a program that writes
rules as JSON by hand gets them wrong: a value of one shipped ruleset's export put in another's (a
five-player table into a four-player deal, a one-deck ladder into four decks), numbers nudged,
ranks and cards swapped for others, list items dropped, repeated, reordered or brought from
another export, switches flipped.  Most stay valid JSON of the right types, so ``Rules.from_dict``
reads past the form and the checks of the game decide: it must refuse what the compiler would, and
every document it accepts must be playable.  ``export_mutant(seed)`` is deterministic: a failing
seed reproduces on every machine."""

from __future__ import annotations

import copy
import random
from functools import cache
from typing import Any

import tractor_rules as tr
from tractor_rules.rules import RANKS, SUITS

#: the parts of an export that are no part of the game
LEFT_ALONE = {"schema_version", "sources", "files", "house_changes"}
CARDS = [rank + suit for rank in RANKS for suit in SUITS] + ["SJ", "BJ"]


@cache
def exports() -> dict[str, dict]:
    """The export of every shipped ruleset, by name."""
    return {name: tr.load(name).to_dict() for name in tr.builtin_names()}


def _paths(value: Any, here: tuple = ()) -> list[tuple]:
    """The path of every value inside ``value`` (not itself), as tuples of keys and indexes."""
    out: list[tuple] = []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        if not here and key in LEFT_ALONE:
            continue
        out.append(here + (key,))
        out += _paths(item, here + (key,))
    return out


def _get(value: Any, path: tuple) -> Any:
    for step in path:
        value = value[step]
    return value


def _at(value: Any, path: tuple) -> tuple[bool, Any]:
    """(whether ``path`` leads anywhere in ``value``, what it leads to)."""
    try:
        return True, _get(value, path)
    except (KeyError, IndexError, TypeError):
        return False, None


@cache
def _words_by_key() -> dict[str, list[Any]]:
    """Every plain value (text, number, true or false) that some export holds under each key name:
    the choices a hand-written document picks among ("partnership": "opposite", "called", ...)."""
    found: dict[str, set[Any]] = {}

    def walk(value: Any, key: str) -> None:
        if isinstance(value, dict):
            for k, item in value.items():
                walk(item, k)
        elif isinstance(value, list):
            for item in value:
                walk(item, key)
        else:
            found.setdefault(key, set()).add(value)

    for data in exports().values():
        walk({k: v for k, v in data.items() if k not in LEFT_ALONE}, "")
    return {key: sorted(values, key=repr) for key, values in found.items()}


def _other_value(rng: random.Random, data: dict, path: tuple) -> tuple[bool, Any]:
    """A value for ``path`` that keeps its type: another export's, a nudged number, another rank or
    card, another word the same key holds elsewhere; (False, None) when none is found."""
    current = _get(data, path)
    others = [found for there, found in (_at(e, path) for e in exports().values()) if there and found != current]
    choice = rng.randrange(4)
    if choice == 0 and others:
        return True, copy.deepcopy(rng.choice(others))
    if isinstance(current, bool):
        return True, not current
    if isinstance(current, int):
        return True, max(0, rng.choice([current - 2, current - 1, current + 1, current + 2, 0, 1, 2, 3,
                                        current * 2, current // 2]))
    if isinstance(current, str):
        if current in RANKS:
            return True, rng.choice(RANKS)
        if current in CARDS:
            return True, rng.choice(CARDS)
        key = next((step for step in reversed(path) if isinstance(step, str)), "")
        words = [w for w in _words_by_key().get(key, []) if isinstance(w, str) and w != current]
        return (True, rng.choice(words)) if words else (False, None)
    if isinstance(current, list):
        return True, _mutated_list(rng, current, others)
    return (True, copy.deepcopy(rng.choice(others))) if others else (False, None)


def _mutated_list(rng: random.Random, items: list, others: list) -> list:
    """``items`` with one drawn change: an item dropped, repeated, moved or brought from another
    export's list at the same place; or the list reversed or emptied."""
    out = copy.deepcopy(items)
    action = rng.randrange(6)
    if action == 0 and out:
        del out[rng.randrange(len(out))]
    elif action == 1 and out:
        out.insert(rng.randrange(len(out) + 1), copy.deepcopy(rng.choice(out)))
    elif action == 2 and len(out) > 1:
        i, j = rng.sample(range(len(out)), 2)
        out[i], out[j] = out[j], out[i]
    elif action == 3:
        pool = [item for other in others if isinstance(other, list) for item in other]
        if pool:
            out.insert(rng.randrange(len(out) + 1), copy.deepcopy(rng.choice(pool)))
    elif action == 4:
        out.reverse()
    else:
        out = []
    return out


def export_mutant(seed: int) -> dict:
    """A shipped ruleset's export with one to three values changed, each keeping its type."""
    rng = random.Random(seed)
    names = sorted(exports())
    data = copy.deepcopy(exports()[names[seed % len(names)]])
    for _ in range(rng.choice([1, 1, 2, 3])):
        paths = _paths(data)
        for _attempt in range(5):
            path = rng.choice(paths)
            found, value = _other_value(rng, data, path)
            if found:
                _get(data, path[:-1])[path[-1]] = value
                break
    return data
