"""The ruleset a house rule extends, compiled again: what a sheet's house marks are measured against.

A rule item is marked "house rule" when its file changes a value the item states
(``Rules.house_changes``); but a changed value does not always change the sentence (a kitty of 7
cards instead of 6 leaves "Declaring ends with the deal" as it was).  The sheet therefore compares
each marked item with the parent's own sheet and keeps the mark only where the words differ.  The
rules object does not hold its parent, only the parent's file name (``Rules.files[1]``), so the
parent is loaded again by that name; when it cannot be (a file moved or changed since, a text
compiled elsewhere), the marks stay as the changed values make them.
"""

from __future__ import annotations

import os
from functools import lru_cache

from ..api import load
from ..errors import RulesetError
from ..resources import RULESET_SUFFIX, builtin_names
from ..rules import Rules


@lru_cache(maxsize=16)
def _shipped(name: str) -> Rules:
    """A shipped ruleset, compiled once: most house rules extend one, and it cannot change."""
    return load(name)


def _candidates(name: str) -> list[str]:
    """What ``load`` may be given to read the parent named ``name``: a shipped ruleset is named
    ``<name>.tractor`` in ``files``, as a file of that name in the current folder would be."""
    out = []
    stem = name.removesuffix(RULESET_SUFFIX)
    if "/" not in name and os.sep not in name and stem in builtin_names():
        out.append(stem)
    out.append(name)
    return out


def _is_parent_of(parent: Rules, rules: Rules) -> bool:
    """Whether ``parent`` is the ruleset ``rules`` was compiled over: the same chain of files, and
    every value ``rules`` inherits set at the same place in them, to the same value."""
    if parent.files != rules.files[1:]:
        return False
    own = rules.files[0]
    # a value of the house's own file may sit inside an inherited one (an unset follow list in the
    # inherited lists): the inherited one then differs by it, and only its place is compared
    owned = [key for key, source in rules.sources if source.file == own]

    def same_value(key: str) -> bool:
        inside = any(other.startswith((key + "[", key + ".")) for other in owned)
        return inside or parent.value_at(key) == rules.value_at(key)

    return all(parent.source_of(key) == source and same_value(key)
               for key, source in rules.sources if source.file != own)


def parent_of(rules: Rules) -> Rules | None:
    """The ruleset ``rules`` extends, or None: it extends none, or its parent cannot be read back
    as it was when ``rules`` was compiled."""
    if len(rules.files) < 2:
        return None
    shipped = set(builtin_names())
    for candidate in _candidates(rules.files[1]):
        try:
            parent = _shipped(candidate) if candidate in shipped else load(candidate)
        except (RulesetError, OSError, ValueError):
            continue
        if _is_parent_of(parent, rules):
            return parent
    return None
