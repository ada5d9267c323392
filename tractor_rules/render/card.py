"""The quick reference card: the rules a table looks up during play, on one printed page.

The card takes its sentences, lists and tables from the ruleset's sheet (``build_sheet``), so it
says exactly what the sheet says, in the same words and with the same house marks; it picks the
rules to keep (``CARD_PARTS``), leaves out the examples, and is laid out tightly.

What it keeps:

* the ruleset's own house rules (the sheet's "house rule" items) that no other part of the card
  holds, first, under a heading of their own: a house rule is what a table most needs reminding of;
* with called partners, how friends are called and counted;
* the card order, following, the kitty multiplier, the levels and the upgrade table;
* then, as far as they fit on the page (``fit.py`` estimates it), the declaring ladder, tractors and
  throws, each in its place in the order of a hand.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..rules import Rules
from .fit import MM_PER_PT, Measure, columns_used, item_height, title_height
from .i18n import N_, _, language
from .model import Item, Labels, Section, Sheet
from .sheet import build_sheet


@dataclass(frozen=True, slots=True)
class Part:
    """A section of the card: the sheet's section ``key`` (its title with it), or rules gathered
    from several sections under a ``title`` of the card's own."""

    key: str
    #: the rules kept, by key; None: every rule of the sheet's section ``key``
    rules: tuple[str, ...] | None
    #: a title of the card's own (marked for translation), for rules of several sections
    title: str = ""
    #: printed only when the page has room for it (``FILL_ORDER``)
    optional: bool = False


#: the card's sections, in the order of a hand
CARD_PARTS: tuple[Part, ...] = (
    # Finding Friends only: how the banker finds a team (the sheet has these in three sections)
    Part("friends", ("table.players", "table.call_limits", "table.count_banker_copies", "winning.friends_tricks"),
         title=N_("Finding friends")),
    Part("order", ("trumps.order", "trumps.constant", "order.side", "trumps.no_trump")),
    Part("combinations", ("combinations.tractors", "combinations.bridge_gaps", "combinations.links",
                          "combinations.no_trump_links"), optional=True),
    Part("declaring", ("declaring.ladder",), optional=True),
    Part("leading", ("leading.throws", "leading.throw_kinds", "leading.throw_check", "leading.throw_stoppers",
                     "leading.throw_failure", "leading.throw_penalty"), optional=True),
    Part("following", None),
    Part("kitty", ("kitty.multiplier",)),
    Part("scoring", ("levels.range", "thresholds", "thresholds.open", "solo_thresholds", "levels.short_team_bonus")),
)
#: the optional parts, in the order they are given the room left on the page
FILL_ORDER = ("declaring", "combinations", "leading")
#: the section of the house rules no other part holds
HOUSE = "house"

#: rules of the kept sections that are about something else than playing a hand (unless they are a
#: house rule: every house rule is on the card)
_LEFT_OUT = frozenset({"following.revoke_penalty"})

# --- the printed page (card.html.j2: keep the two in step) ----------------------------------------

#: the sizes of the card's text, in pt, the largest first: a card takes the largest its rules fit in
#: (7 pt: a four-deck Finding Friends game with house rules of its own, L30, whose follow lists for
#: quads and the friends' rules fill the page)
SIZES = (9.0, 8.5, 8.0, 7.5, 7.0)
#: the estimate of a card's height (``fit.py``) runs 4 to 9 % long against Chromium printing with
#: DejaVu Sans, for every shipped and gallery ruleset in every language: 3 % of that is taken back,
#: so that a card is not squeezed into a smaller text that it does not need
CALIBRATION = 0.97
#: a section's heading is this much larger than the text (pt); its rule and margin under it (mm)
HEADING_LARGER = 1.0
HEADING_ROOM = 1.6
#: the room after a section, in mm
SECTION_GAP = 2.5
#: the page's height inside its margins, in mm: Letter's is the shorter (279.4 - 9 - 12)
PAGE_HEIGHT = min(297 - 10 - 13, 279.4 - 9 - 12)
#: the body's width, and the room under the title (over both columns), in mm
BODY = 190.0
TITLE_ROOM = 1 + 0.5 + 2


def column(size: float) -> Measure:
    """One of the card's two columns (190 mm of body, a gap of 6 mm) at ``size`` pt, lines of 1.3."""
    return Measure(width=92, size=size, leading=1.3, paragraph=0.6, list_margin=1.2, list_indent=5,
                   row_padding=0.7, table_margin=2.0, cell_padding=2.8)


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
    #: the size of the text, in pt (``SIZES``)
    size: float = SIZES[0]

    @property
    def heading_size(self) -> float:
        return self.size + HEADING_LARGER


def _rule_items(sheet: Sheet) -> dict[str, Item]:
    return {item.key: item for item in sheet.items() if item.kind == "rule"}


def _part(part: Part, sheet: Sheet, items: dict[str, Item]) -> Section | None:
    if part.rules is None:
        section = next((s for s in sheet.sections if s.key == part.key), None)
        kept = () if section is None else tuple(items[it.key] for it in section.items if it.key in items)
    else:
        kept = tuple(items[key] for key in part.rules if key in items)
    if not kept:
        return None
    title = _(part.title) if part.title else next(s.title for s in sheet.sections if s.key == part.key)
    return Section(part.key, title, kept)


def _parts_of(rules: Rules) -> tuple[Part, ...]:
    """The parts this ruleset can have: friends only with called partners, tractors only in a game
    that has them (the card has no room to say what a game lacks)."""
    called = rules.table.partnership == "called"
    return tuple(part for part in CARD_PARTS
                 if (part.key != "friends" or called) and (part.key != "combinations"
                                                          or rules.combinations.tractor_widths))


def _sections(parts: tuple[Part, ...], sheet: Sheet) -> tuple[Section, ...]:
    """The card's sections for ``parts``, the house rules that none of them holds first."""
    rules = _rule_items(sheet)
    played = {key: item for key, item in rules.items() if key not in _LEFT_OUT}
    sections = [section for part in parts for section in [_part(part, sheet, played)] if section is not None]
    held = {item.key for section in sections for item in section.items}
    # every house rule is on the card, those left out of its parts too; under their own heading
    # they need no badge
    house = tuple(replace(item, house=False) for item in rules.values() if item.house and item.key not in held)
    if house:
        sections.insert(0, Section(HOUSE, _("House rules"), house))
    return tuple(sections)


def _blocks(card: Card) -> list[float]:
    """The heights of the blocks the page keeps whole: a heading with its first rule, each other rule."""
    measure = column(card.size)
    heading = card.heading_size * 1.3 * MM_PER_PT + HEADING_ROOM
    blocks = []
    for section in card.sections:
        heights = [item_height(item, measure, card.labels.house_rule) for item in section.items]
        heights[0] += heading
        heights[-1] += SECTION_GAP
        blocks += heights
    return blocks


def fill(card: Card) -> float:
    """The share of its page the card takes, as estimated: 1 or less prints on one page, A4 or
    Letter (the shorter)."""
    column_height = PAGE_HEIGHT - title_height(card.title, card.heading, BODY) - TITLE_ROOM
    return columns_used([block * CALIBRATION for block in _blocks(card)], column_height) / 2


def fits(card: Card) -> bool:
    """Whether the card, as estimated, prints on one page."""
    return fill(card) <= 1


def build_card(rules: Rules, lang: str = "en") -> Card:
    """The card of ``rules`` in ``lang``: its rules in the largest text they fit in on one page,
    then the optional parts the page has room for."""
    sheet = build_sheet(rules, lang)
    parts = _parts_of(rules)
    with language(lang):
        def card(chosen: set[str], size: float) -> Card:
            kept = tuple(part for part in parts if not part.optional or part.key in chosen)
            return Card(
                lang=lang,
                title=sheet.title,
                heading=_("Quick reference"),
                sections=_sections(kept, sheet),
                labels=sheet.labels,
                print_note=_("This card prints on one A4 page. For US Letter, open it with #letter at the end of "
                             "its address (for example card.html#letter) before printing."),
                letter_note=_("This card prints on one US Letter page (its address ends with #letter). For A4, open "
                              "it without #letter at the end of its address before printing."),
                size=size,
            )

        # the smallest size when even that is too little: the page then runs over, rather than lose a rule
        size = next((size for size in SIZES if fits(card(set(), size))), SIZES[-1])
        chosen: set[str] = set()
        for key in FILL_ORDER:
            if any(part.key == key for part in parts) and fits(card(chosen | {key}, size)):
                chosen.add(key)
        return card(chosen, size)


__all__ = ["CARD_PARTS", "Card", "FILL_ORDER", "SIZES", "build_card", "fill", "fits"]
