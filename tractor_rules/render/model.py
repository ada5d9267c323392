"""The sheet context: what the templates lay out.  Every string here is final text in the sheet's
language; templates only place, escape and style it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

#: "overview": a summary of the game at the top of the sheet, restating rules stated below
ItemKind = Literal["rule", "example", "overview"]


@dataclass(frozen=True, slots=True)
class Table:
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class Item:
    """One rule (a sentence, maybe with a list or a table) or one example computed by the engine."""

    kind: ItemKind
    #: stable name of the item, the same in every language (diff pairs items by it)
    key: str
    text: str = ""
    #: an ordered list under the sentence (trump order, follow priorities, ...)
    points: tuple[str, ...] = ()
    table: Table | None = None
    #: rule items: the field paths the item states
    paths: frozenset[str] = frozenset()
    #: set by the house file of a ruleset that extends another
    house: bool = False


@dataclass(frozen=True, slots=True)
class Section:
    key: str
    title: str
    items: tuple[Item, ...]


@dataclass(frozen=True, slots=True)
class Labels:
    """Fixed words of the layout, translated once for every template."""

    house_rule: str
    #: leads an example, with the space (if any) that goes before the example's text
    example: str
    glossary: str


@dataclass(frozen=True, slots=True)
class Sheet:
    lang: str
    title: str
    description: str
    #: sentences under the title: what the sheet is, house-rule note, conventions of the examples
    intro: tuple[str, ...]
    sections: tuple[Section, ...]
    #: (term, Chinese, meaning) rows of the glossary
    glossary: Table
    footer: str
    labels: Labels
    #: the printed page sizes and how to choose one, for the HTML sheet: shown on screen without
    #: #letter at the end of the address (A4), and with it (Letter)
    print_note: str = ""
    letter_note: str = ""

    def items(self) -> list[Item]:
        return [item for section in self.sections for item in section.items]
