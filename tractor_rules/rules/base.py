"""What every section of the rules object shares: the cards' names, the schema version of the
JSON form, ``since`` (the version that added a field) and ``Source`` (where a value was set).

Cards are named by rank strings ``"2"`` .. ``"10"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``, suits
``"S"``, ``"H"``, ``"D"``, ``"C"``, and the jokers ``"BJ"`` (big) and ``"SJ"`` (small).
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field
from typing import Any, Literal

#: version 2 adds fields, each with a default that keeps version 1's meaning (docs/json.md)
SCHEMA_VERSION = 2

RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
JOKERS: tuple[str, ...] = ("BJ", "SJ")

Suit = Literal["S", "H", "D", "C"]


def since(version: int, *, default: Any = MISSING, default_factory: Any = MISSING) -> Any:
    """A field added in schema ``version`` of the JSON form: documents of earlier versions lack it
    and read its default, which must keep their meaning (``tractor_rules.codec``)."""
    meta = {"since": version}
    if default_factory is not MISSING:
        return field(default_factory=default_factory, metadata=meta)
    return field(default=default, metadata=meta)


@dataclass(frozen=True, slots=True)
class Source:
    """Where a value was set: the file (as the user named it) and the 1-based line and column."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"
