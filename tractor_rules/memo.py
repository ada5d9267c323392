"""Answers kept for the next request: what is made from a ruleset's text, kept by the text, and
what is made from a rules object, kept by the object.

Everything kept is immutable: a syntax tree, a ``Rules`` object, a hand's card order, a sheet.  A
language server compiles a document's parents at every keystroke, a game server or the oracle the
same few rulesets over and over, the rule sheet is printed in three formats from one model, and a
test suite loads the same files thousands of times: each works its answer out once while it is
recent.  Both caches are bounded by entries, thread-safe, and keep only answers: what raises is
worked out again the next time, so an error is always reported fresh.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")

#: texts longer than this (in characters, all the files of one answer together) are not kept: real
#: rulesets are a few kilobytes, and a document of hundreds, edited key by key, would otherwise
#: keep every version of itself
MAX_KEPT_TEXT = 64 * 1024

#: every cache made here, for ``forget_all``
_ALL: list[_Bounded] = []


class _Bounded(Generic[V]):
    """A bounded, thread-safe map, the least recently used entry dropped first."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._entries: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = threading.Lock()
        _ALL.append(self)

    def _found(self, key: Hashable) -> list[V]:
        """The entry kept for ``key``, as a list of one, or an empty list."""
        with self._lock:
            if key in self._entries:
                self._entries.move_to_end(key)
                return [self._entries[key]]
        return []

    def _keep(self, key: Hashable, value: V) -> None:
        with self._lock:
            self._entries[key] = value
            if len(self._entries) > self._size:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def _entries_now(self) -> OrderedDict[Hashable, V]:
        with self._lock:
            return OrderedDict(self._entries)

    def _entries_again(self, entries: OrderedDict[Hashable, V]) -> None:
        with self._lock:
            self._entries = entries


class ByContent(_Bounded[V]):
    """Answers by a key made of texts (and whatever else decides the answer)."""

    def get(self, key: Hashable, text_length: int, make: Callable[[], V]) -> V:
        """The answer kept for ``key``, or ``make()``'s, kept when the texts of the key hold at
        most ``MAX_KEPT_TEXT`` characters.  What ``make`` raises is raised, and nothing is kept."""
        if text_length > MAX_KEPT_TEXT:
            return make()
        for value in self._found(key):
            return value
        value = make()  # outside the lock: making may take a while, and another thread may wait
        self._keep(key, value)
        return value


class ByIdentity(_Bounded[tuple[object, V]], Generic[K, V]):
    """Answers by the identity of an object (which may hold unhashable data, or be costly to hash)
    and a hashable detail.  Each entry keeps its object alive, so its ``id`` cannot be taken by
    another object while the answer is kept."""

    def get(self, obj: K, detail: Hashable, make: Callable[[], V]) -> V:
        """The answer kept for ``obj`` and ``detail``, or ``make()``'s, kept."""
        key = (id(obj), detail)
        for kept, value in self._found(key):
            if kept is obj:
                return value
        value = make()
        self._keep(key, (obj, value))
        return value

    def kept_for(self, obj: K) -> dict[Hashable, V]:
        """The answers kept for ``obj``, by their detail."""
        with self._lock:
            return {key[1]: entry[1] for key, entry in self._entries.items()
                    if isinstance(key, tuple) and entry[0] is obj}


def forget_all() -> None:
    """Empty every cache of this module: the next request works its answer out again (a test that
    counts the parser's calls; a program that swapped the parser's tables)."""
    for cache in _ALL:
        cache.clear()


@contextmanager
def kept_only_outside() -> Iterator[None]:
    """Within the block, the answers kept before it are used as ever, and those worked out in it are
    forgotten when it ends: for work done while something that decides an answer is changed for a
    while (a compiler with its checks switched off must not leave its rules as a file's answer),
    without working out again, after the block, everything kept before it."""
    saved = [(cache, cache._entries_now()) for cache in _ALL]
    try:
        yield
    finally:
        for cache, entries in saved:
            cache._entries_again(entries)
