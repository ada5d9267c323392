"""A read-only view of a ``Rules`` object that notes which field paths are read.

The sheet builder reads the rules only through this view, one rule item at a time, so every item
knows the fields it states.  That is what lets the sheet mark house rules (an item is a house rule
when one of its fields was set in the house file), lets ``diff`` pick the sentences of the fields
that differ, and lets the tests prove that every compiled value is rendered.

Paths look like ``table.decks``, ``trumps.order[4].kind``, ``combinations.links[0][2].kind``: a
dataclass is entered field by field, a tuple holding dataclasses element by element; anything else
(a number, a string, None, a tuple of plain values, an empty tuple) is a *leaf*.  Properties and
methods of the rules classes run against the view, so what they read is noted too.
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


def _holds_dataclasses(value: tuple) -> bool:
    return any(dataclasses.is_dataclass(v) or (isinstance(v, tuple) and _holds_dataclasses(v)) for v in value)


def is_container(value: object) -> bool:
    """Whether ``value`` is entered (a dataclass, or a non-empty tuple holding dataclasses)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return True
    return isinstance(value, tuple) and _holds_dataclasses(value)


def leaf_paths(value: object, path: str = "") -> dict[str, object]:
    """Every leaf under ``value``, path → value, in field order."""
    out: dict[str, object] = {}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            sub = f"{path}.{f.name}" if path else f.name
            out.update(leaf_paths(getattr(value, f.name), sub))
    elif isinstance(value, tuple) and is_container(value):
        for i, item in enumerate(value):
            out.update(leaf_paths(item, f"{path}[{i}]"))
    else:
        out[path] = value
    return out


class Recorder:
    """Collects the paths read while an item is being built."""

    def __init__(self) -> None:
        self._current: set[str] | None = None
        self.everything: set[str] = set()

    def note(self, path: str) -> None:
        self.everything.add(path)
        if self._current is not None:
            self._current.add(path)

    @contextmanager
    def item(self) -> Iterator[set[str]]:
        """Paths read inside the block are added to the yielded set (blocks may nest)."""
        outer = self._current
        paths: set[str] = set()
        self._current = paths
        try:
            yield paths
        finally:
            self._current = outer
            if outer is not None:
                outer |= paths


#: by class of the values read: whether it is a dataclass, and the names of its fields.  Asked once
#: per class: a sheet reads tens of thousands of values, of a few dozen classes.
_IS_DATACLASS: dict[type, bool] = {}
_FIELD_NAMES: dict[type, frozenset[str]] = {}


def _is_dataclass_class(cls: type) -> bool:
    """Whether instances of ``cls`` are dataclass values."""
    known = _IS_DATACLASS.get(cls)
    if known is None:
        known = _IS_DATACLASS[cls] = dataclasses.is_dataclass(cls)
    return known


def _field_names(cls: type) -> frozenset[str]:
    """The names of the fields of the dataclass ``cls``."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = frozenset(f.name for f in dataclasses.fields(cls))
    return names


def track(value: Any, recorder: Recorder, path: str = "") -> Any:
    """``value`` itself if it is a leaf (noting its path), else a view of it."""
    if _is_dataclass_class(type(value)):  # a dataclass value (a dataclass class itself is a leaf)
        return Tracked(value, path, recorder)
    if isinstance(value, tuple) and _holds_dataclasses(value):
        return TrackedTuple(value, path, recorder)
    recorder.note(path)
    return value


class Tracked:
    """A view of one dataclass value: fields are tracked; properties and methods run on the view."""

    __slots__ = ("_value", "_path", "_recorder")

    def __init__(self, value: Any, path: str, recorder: Recorder):
        object.__setattr__(self, "_value", value)
        object.__setattr__(self, "_path", path)
        object.__setattr__(self, "_recorder", recorder)

    def __getattr__(self, name: str) -> Any:
        value = object.__getattribute__(self, "_value")
        if name in _field_names(type(value)):
            path = object.__getattribute__(self, "_path")
            recorder = object.__getattribute__(self, "_recorder")
            return track(getattr(value, name), recorder, f"{path}.{name}" if path else name)
        attr = getattr(type(value), name, None)
        if isinstance(attr, property) and attr.fget is not None:
            return attr.fget(self)
        if isinstance(attr, types.FunctionType):
            return types.MethodType(attr, self)
        return getattr(value, name)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("the rules are read-only")

    def __repr__(self) -> str:
        return f"<tracked {object.__getattribute__(self, '_path') or 'rules'}>"


class TrackedTuple:
    """A view of a tuple of dataclasses: its items are tracked views, with their index in the path."""

    __slots__ = ("_value", "_path", "_recorder")

    def __init__(self, value: tuple, path: str, recorder: Recorder):
        self._value = value
        self._path = path
        self._recorder = recorder

    def __len__(self) -> int:
        return len(self._value)

    def __bool__(self) -> bool:
        return bool(self._value)

    def __getitem__(self, index: int) -> Any:
        if index < 0:
            index += len(self._value)
        return track(self._value[index], self._recorder, f"{self._path}[{index}]")

    def __iter__(self) -> Iterator[Any]:
        for i in range(len(self._value)):
            yield self[i]

    def __repr__(self) -> str:
        return f"<tracked {self._path}>"


def derived(view: Any, name: str) -> Any:
    """A value worked out from the fields of ``view`` (a property, ``trumps.constant_ranks``),
    noted under its own path rather than the paths of the fields it comes from: a sentence that
    states it changes with it, not with every change of those fields (``rules.DERIVED_VALUES``)."""
    value = getattr(untracked(view), name)
    if isinstance(view, Tracked):
        path = object.__getattribute__(view, "_path")
        object.__getattribute__(view, "_recorder").note(f"{path}.{name}" if path else name)
    return value


def untracked(value: Any) -> Any:
    """The plain value behind a view (reading it this way notes nothing)."""
    if isinstance(value, (Tracked, TrackedTuple)):
        return object.__getattribute__(value, "_value")
    return value
