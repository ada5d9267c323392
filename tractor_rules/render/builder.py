"""Collecting a sheet's items: rules read through the recorder, examples asked of the engine."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from ..engine.errors import EngineError
from ..errors import CardNotationError
from ..rules import Rules, Source
from .model import Item, Section, Table
from .track import Recorder, track

#: the fields a sheet shows as its title, not as rules (never marked as house rules)
TITLE_PATHS = frozenset({"name", "description"})


@dataclass(frozen=True, slots=True)
class Draft:
    """What a rule or example function returns: a sentence, maybe with a list or a table."""

    text: str = ""
    points: tuple[str, ...] = ()
    table: Table | None = None


Made = Draft | str | None


def _draft(made: Made) -> Draft | None:
    if made is None:
        return None
    return Draft(made) if isinstance(made, str) else made


_INDEX = re.compile(r"\[\d+\]")
_FOLLOW_LIST = re.compile(r"^following\.lists\[(\d+)\]")


def source_key_for(rules: Rules, path: str) -> str | None:
    """The ``sources`` key that records where the value at a leaf path was set.  Sources are kept
    per statement, so the nearest recorded enclosing path answers: ``kitty.table[0].factor`` →
    ``kitty``, a follow list's leaf → ``following.lists[pair]``."""
    match = _FOLLOW_LIST.match(path)
    if match:
        lead = rules.following.lists[int(match.group(1))].lead
        key = f"following.lists[{lead.label}]"
        if rules.source_of(key) is not None:
            return key
    parts = _INDEX.sub("", path).split(".")
    for end in range(len(parts), 0, -1):
        key = ".".join(parts[:end])
        if rules.source_of(key) is not None:
            return key
    return None


def source_for(rules: Rules, path: str) -> Source | None:
    """Where the value at a leaf path was set (see ``source_key_for``)."""
    key = source_key_for(rules, path)
    return None if key is None else rules.source_of(key)


class Builder:
    """Builds the items of one sheet, in order, section by section."""

    def __init__(self, rules: Rules, kit: Any):
        self.real = rules
        self.recorder = Recorder()
        #: the rules as the rule functions see them: every read is noted
        self.rules = track(rules, self.recorder)
        self.kit = kit
        self.sections: list[Section] = []
        #: examples the engine could not compute: (key, error); a shipped ruleset has none
        self.dropped: list[tuple[str, Exception]] = []
        self._items: list[Item] | None = None
        #: a ruleset that extends another marks what its own file changes (not what it restates)
        self._house_changes = frozenset(rules.house_changes)
        #: whether the house file changed the value at a leaf path, by path: the items of a sheet
        #: read the same paths again and again
        self._house_paths: dict[str, bool] = {}

    def is_house(self, paths: frozenset[str]) -> bool:
        if not self._house_changes:  # no house file: nothing to look up
            return False
        return any(self._is_house_path(path) for path in paths - TITLE_PATHS)

    def _is_house_path(self, path: str) -> bool:
        known = self._house_paths.get(path)
        if known is None:
            changes = self._house_changes
            known = self._house_paths[path] = path in changes or source_key_for(self.real, path) in changes
        return known

    @contextmanager
    def section(self, key: str, title: str) -> Iterator[None]:
        self._items = []
        yield
        if self._items:
            self.sections.append(Section(key, title, tuple(self._items)))
        self._items = None

    def _add(self, item: Item) -> None:
        assert self._items is not None, "items belong to a section"
        self._items.append(item)

    def rule(self, key: str, make: Callable[[Any], Made], sources: tuple[str, ...] = ()) -> None:
        """A rule item: ``make`` reads the tracked rules; the paths it reads are the item's.  An item
        about something the rules no longer hold (a deleted follow list) names the ``sources`` keys
        that record the deletion, to be marked when the house file made it."""
        with self.recorder.item() as paths:
            draft = _draft(make(self.rules))
        if draft is None:
            return
        frozen = frozenset(paths)
        house = self.is_house(frozen) or any(key in self._house_changes for key in sources)
        self._add(Item("rule", key, draft.text, draft.points, draft.table, frozen, house))

    def overview(self, key: str, make: Callable[[Rules], Made]) -> None:
        """A summary item: ``make`` reads the plain rules, so the item claims no field (the rules it
        sums up are stated, and marked, where they belong) and ``diff`` passes it by."""
        draft = _draft(make(self.real))
        if draft is not None:
            self._add(Item("overview", key, draft.text, draft.points, draft.table))

    def example(self, key: str, make: Callable[[Any], Made]) -> None:
        """An example item: ``make`` asks the engine (through the kit) and never reads the tracked
        rules.  An example the engine cannot compute for these rules is left out and noted."""
        try:
            draft = _draft(make(self.kit))
        except (EngineError, CardNotationError) as error:
            self.dropped.append((key, error))
            return
        if draft is not None:
            self._add(Item("example", key, draft.text, draft.points, draft.table))
