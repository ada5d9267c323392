"""The quick reference card: the rules a table looks up during play, on one printed page.

The card takes its sentences, lists and tables from the ruleset's sheet (``build_sheet``), so it
says exactly what the sheet says, in the same words and with the same house marks; it only picks
the rules to keep (``CARD_RULES``), leaves out the examples, and is laid out tightly.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import Rules
from .i18n import _, language
from .model import Labels, Section
from .sheet import build_sheet

#: the sheet's sections the card keeps, in order, each with the keys of the rules it keeps
#: (``None``: every rule of the section, the follow lists being one rule each)
CARD_RULES: tuple[tuple[str, frozenset[str] | None], ...] = (
    ("order", frozenset({"trumps.order", "trumps.constant", "order.side", "trumps.no_trump"})),
    ("following", None),
    ("kitty", frozenset({"kitty.multiplier"})),
    ("scoring", frozenset({"levels.range", "thresholds", "thresholds.open", "solo_thresholds"})),
)

#: rules of the kept sections that are about something else than playing a hand
_LEFT_OUT = frozenset({"following.revoke_penalty"})


@dataclass(frozen=True, slots=True)
class Card:
    lang: str
    title: str
    #: what the page is ("Quick reference")
    heading: str
    sections: tuple[Section, ...]
    labels: Labels
    #: how the page prints on A4 (shown on screen without #letter), and on Letter (with it)
    print_note: str
    letter_note: str


def _kept(section: Section, keys: frozenset[str] | None) -> Section:
    items = tuple(it for it in section.items if it.kind == "rule" and it.key not in _LEFT_OUT
                  and (keys is None or it.key in keys))
    return Section(section.key, section.title, items)


def build_card(rules: Rules, lang: str = "en") -> Card:
    """The card of ``rules`` in ``lang``."""
    sheet = build_sheet(rules, lang)
    by_key = {section.key: section for section in sheet.sections}
    sections = tuple(kept for key, keys in CARD_RULES if key in by_key
                     for kept in [_kept(by_key[key], keys)] if kept.items)
    with language(lang):
        return Card(
            lang=lang,
            title=sheet.title,
            heading=_("Quick reference"),
            sections=sections,
            labels=sheet.labels,
            print_note=_("This card prints on one A4 page. For US Letter, open it with #letter at the end of "
                         "its address (for example card.html#letter) before printing."),
            letter_note=_("This card prints on one US Letter page (its address ends with #letter). For A4, open "
                          "it without #letter at the end of its address before printing."),
        )

