"""What every section of the rules object shares: the cards' names, the schema version of the
JSON form, ``since`` (the version that added a field) and ``Source`` (where a value was set).

Cards are named by rank strings ``"2"`` .. ``"10"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``, suits
``"S"``, ``"H"``, ``"D"``, ``"C"``, and the jokers ``"BJ"`` (big) and ``"SJ"`` (small).
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from typing import Any, Literal

#: version 2 adds fields, each with a default that keeps version 1's meaning (docs/json.md)
SCHEMA_VERSION = 4

RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
JOKERS: tuple[str, ...] = ("BJ", "SJ")

#: characters no text of a ruleset may hold, even escaped: control characters other than tab and
#: newline (terminal escape sequences start with one) and the bidirectional overrides and isolates,
#: which would make a name shown on a terminal or a sheet read differently from what it holds
FORBIDDEN_IN_TEXT = frozenset(
    [chr(c) for c in range(0x20) if chr(c) not in "\t\n"] + [chr(0x7F)] + [chr(c) for c in range(0x80, 0xA0)]
    + [chr(c) for c in range(0x202A, 0x202F)] + [chr(c) for c in range(0x2066, 0x206A)]
)

Suit = Literal["S", "H", "D", "C"]


def since(version: int, *, default: Any = MISSING, default_factory: Any = MISSING) -> Any:
    """A field added in schema ``version`` of the JSON form: documents of earlier versions lack it
    and read its default, which must keep their meaning (``tractor_rules.codec``)."""
    meta = {"since": version}
    if default_factory is not MISSING:
        return field(default_factory=default_factory, metadata=meta)
    return field(default=default, metadata=meta)


#: the bounds of the language, shared: the compiler reads a number against them, ``Rules.from_dict``
#: checks the JSON form against them, and the JSON Schema states them (``tractor_rules.codec``)
MAX_PLAYERS = 12
MAX_DECKS = 8
MAX_POINTS = 10_000
MAX_TRACTOR = 50


def bounds(low: int, high: int, *, off: int | None = None) -> dict[str, Any]:
    """The metadata of a field of whole numbers from ``low`` to ``high`` (every number in it, for a
    tuple), or ``off`` (the value that means "none": 0, -1): ``field(metadata=bounds(1, 8))`` for a
    field without a default, else ``bounded``."""
    return {"range": (low, high), "off": off}


def bounded(low: int, high: int, *, off: int | None = None, default: Any,
            default_factory: Any = MISSING, version: int = 1) -> Any:
    """A field with a default, of whole numbers bounded as ``bounds`` says.  ``version``: the
    schema version that added it (as ``since``)."""
    meta = bounds(low, high, off=off)
    if version > 1:
        meta["since"] = version
    if default_factory is not MISSING:
        return field(default_factory=default_factory, metadata=meta)
    return field(default=default, metadata=meta)


def limits(cls: type, name: str) -> tuple[int, int]:
    """The bounds of field ``name`` of the rules' class ``cls`` (``bounded``): what the compiler
    accepts for it (the "none" value aside)."""
    for f in fields(cls):
        if f.name == name:
            low, high = f.metadata["range"]
            return low, high
    raise KeyError(f"{cls.__name__} has no field {name!r}")


@dataclass(frozen=True, slots=True)
class Source:
    """Where a value was set: the file (as the user named it) and the 1-based line and column."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"
