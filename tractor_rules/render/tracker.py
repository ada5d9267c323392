"""The score and level tracker: a page to fill in at the table, one row per hand.

Its columns fit the ruleset: the banker, the trump, the attackers' points and the levels after
the hand, kept per team (seats of the same parity are partners) or, when the banker calls
partners (Finding Friends), per player, with columns for the called cards and the friends found.
Under the table it repeats the sheet's upgrade table, so the levels can be written down without
the sheet, and the ruleset's own house rules (the sheet's "house rule" items), so the table has
them in front of it.  It is one page, of 20 rows or as many as the house rules leave room for (at
least 10; house rules that leave less room are printed as far as they fit, in the sheet's order,
and a line says how many more the rule sheet holds), or for a match of a fixed number of hands one
row per hand over as many pages as that takes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from ..engine.errors import EngineError
from ..engine.rulings.scoring import level_ladder
from ..rules import Rules
from .fit import (
    CHAR_EM,
    MM_PER_PT,
    Measure,
    columns_used,
    item_height,
    table_height,
    table_width,
    text_lines,
    title_height,
)
from .i18n import _, language, ngettext
from .model import Item, Sheet, Table
from .sections.expressions import number_words
from .sheet import build_sheet
from .text import width
from .words import join_list

#: rows of a tracker (one page) when the game has no fixed number of hands
ROWS = 20
#: the fewest rows a one-page tracker keeps to make room for the house rules (of more house rules
#: than that leaves room for, those that fit are printed, and a line says how many more there are)
MIN_ROWS = 10
#: how far over the page a tracker at its fewest rows may be estimated and still be printed whole:
#: the estimate runs a few per cent long against Chromium (FF06's tracker, estimated 5.1 % over,
#: prints on one page of A4 and of Letter; F5's Chinese one, 6 % over, takes two on Letter:
#: tests/render/test_kinds_print.py prints both).  A tracker estimated further over is cut to fit.
ESTIMATE_SLACK = 1.055
#: the most rows a game of a fixed number of hands gets (five pages; the header repeats on each)
MAX_ROWS = 100


@dataclass(frozen=True, slots=True)
class Tracker:
    lang: str
    title: str
    #: what the page is ("Score and level tracker")
    heading: str
    #: write-in lines above the table ("Date", one per seat in order of play)
    blanks: tuple[str, ...]
    #: headers of the columns about the hand, the first one numbering the rows
    hand_columns: tuple[str, ...]
    #: the header over the level columns, and one header per team or per player
    levels_header: str
    level_columns: tuple[str, ...]
    #: the first row: its label and the level everyone starts at
    start_label: str
    start_level: str
    #: numbered rows to fill in
    rows: int
    #: short lines under the table: the levels in order, how the game ends
    notes: tuple[str, ...]
    #: the sheet's upgrade table, with its title
    outcome_title: str
    outcome: Table | None
    #: how the page prints on A4 (shown on screen without #letter), and on Letter (with it)
    print_note: str
    letter_note: str
    #: the ruleset's own house rules (but the upgrade table, which is above), with their title
    house_title: str = ""
    house: tuple[Item, ...] = ()
    #: where they are printed: beside the upgrade table (under the notes), or when they are many,
    #: below it in two columns across the page
    house_below: bool = False
    #: where not all of them fit on the page: the line after those printed, saying how many more
    #: the rule sheet holds ("" when every one is printed)
    house_more: str = ""


def _seat(n: int) -> str:
    return _("Seat %(n)s") % {"n": n}


def _level_columns(rules: Rules) -> tuple[str, ...]:
    """One column per player when partners are called, else one per team: seats of the same
    parity play together, opposite at four players, alternating at six or eight."""
    players = rules.table.players
    if not rules.table.seated:  # called partners, or a banker alone: a level per player
        return tuple(_seat(n) for n in range(1, players + 1))
    return tuple(_("Seats %(seats)s") % {"seats": join_list([str(n) for n in range(first, players + 1, 2)])}
                 for first in (1, 2))


def _hand_columns(rules: Rules) -> tuple[str, ...]:
    columns = [_("Hand no."), _("Banker"), _("Trump")]
    if rules.auction.on:
        columns.append(_("Winning bid"))
    if rules.table.partnership == "called":
        columns += [_("Called cards"), _("Friends")]
    columns.append(_("Attackers' points"))
    return tuple(columns)


def _rows(rules: Rules) -> int:
    if rules.levels.game_end == "hands" and rules.levels.end_hands > 0:
        return min(rules.levels.end_hands, MAX_ROWS)
    return ROWS


def _notes(rules: Rules) -> tuple[str, ...]:
    try:
        ladder = level_ladder(rules)
    except EngineError:  # a ruleset whose levels are not ranks of its deck has no ladder to show
        return ()
    notes = [_("Seats are numbered in the order of play."),
             _("Levels, from the first: %(ladder)s.") % {"ladder": join_list(list(ladder))}]
    if rules.levels.game_end == "hands":
        notes.append(ngettext("The game ends after %(hands)s hand; the highest level wins.",
                              "The game ends after %(hands)s hands; the highest level wins.",
                              rules.levels.end_hands) % {"hands": rules.levels.end_hands})
    return tuple(notes)


# --- the printed page (tracker.html.j2: keep the two in step) -------------------------------------
# All in mm.  The page is Letter's (the shorter) inside its margins; the body is 188 mm wide.

PAGE_HEIGHT = min(297 - 11 - 14, 279.4 - 10 - 13)
BODY = 188.0
#: the room under the title
TITLE_ROOM = 1 + 0.5 + 2.5
#: a write-in blank: at least this wide, this far from the next, the line after the label at least
BLANK, BLANK_GAP, BLANK_LINE = 40.0, 5.0, 26.0
#: the table of hands: a header line (8 pt bold) with its padding, the start row, each row
HEADER_LINE = 8 * 1.3 * 25.4 / 72 + 0.9
START_ROW = 5.5 + 0.9
ROW = 7.2 + 0.9
#: the text under the table (8 pt) and the house rules beside the upgrade table (7.5 pt)
UNDER = Measure(width=90, size=8, leading=1.3, paragraph=1.0, list_margin=0.2, list_indent=4.5, row_padding=0.5,
                table_margin=0, cell_padding=3.0)
HOUSE = Measure(width=(BODY - 6) / 2, size=7.5, leading=1.3, paragraph=1.0, list_margin=0.2, list_indent=4.5,
                row_padding=0.5, table_margin=0.5, cell_padding=2.4)
GAP = 3.0
#: the house rules' heading (8.5 pt) and the room under it
HOUSE_HEADING = 8.5 * 1.3 * MM_PER_PT + 1
#: the most the upgrade table takes of the width, beside the notes
OUTCOME = 0.6 * BODY


def _blanks_height(tracker: Tracker) -> float:
    char = UNDER.size * MM_PER_PT * CHAR_EM * 9 / 8  # the blanks are in the page's 9 pt
    widest = max(BLANK, max(width(blank) * char + 1 + BLANK_LINE for blank in tracker.blanks))
    per_line = max(1, int((BODY + BLANK_GAP) // (widest + BLANK_GAP)))
    lines = math.ceil(len(tracker.blanks) / per_line)
    return lines * 9 * 1.3 * MM_PER_PT + (lines - 1) * 1.5 + 3


def _header_height(tracker: Tracker) -> float:
    """The table's two header rows: the hand columns' headings span both; the level columns' sit
    under the heading over all of them, in about half the page's width."""
    columns = len(tracker.hand_columns) + len(tracker.level_columns)
    hand = max(text_lines(header, UNDER.columns(BODY / columns * 0.8 - 2.4, bold=True))
               for header in tracker.hand_columns)
    room = BODY / 2 / len(tracker.level_columns) - 2.4
    levels = 1 + max(text_lines(header, UNDER.columns(room, bold=True)) for header in tracker.level_columns)
    return max(2, hand, levels) * HEADER_LINE


def _under_height(tracker: Tracker) -> float:
    """What is under the table: the upgrade table at its width, beside it the notes and, unless
    they go below, the house rules (their heading and each rule at 7.5 pt) in the width it leaves."""
    outcome, room = 0.0, BODY
    if tracker.outcome is not None:
        wide = min(table_width(tracker.outcome, UNDER), OUTCOME)
        outcome = UNDER.line + UNDER.paragraph + table_height(tracker.outcome, UNDER, wide)
        room = BODY - wide - 6
    side = sum(text_lines(note, UNDER.columns(room)) * UNDER.line + UNDER.paragraph for note in tracker.notes)
    if tracker.house and not tracker.house_below:
        house = replace(HOUSE, width=room)
        side += 2 + HOUSE_HEADING + sum(item_height(item, house) for item in tracker.house) + _more_height(tracker, house)
    return GAP + max(outcome, side)


def _more_height(tracker: Tracker, measure: Measure) -> float:
    """The line saying how many house rules more the rule sheet holds, where there is one."""
    if not tracker.house_more:
        return 0.0
    return text_lines(tracker.house_more, measure.columns(measure.width)) * measure.line + measure.paragraph


def _house_below_height(tracker: Tracker) -> float:
    """The house rules below the rest in two columns, balanced: as tall as the shortest column
    they fit in."""
    if not tracker.house or not tracker.house_below:
        return 0.0
    blocks = [item_height(item, HOUSE) for item in tracker.house]
    if tracker.house_more:
        blocks.append(_more_height(tracker, HOUSE))
    low, high = max(blocks), sum(blocks)
    while high - low > 0.5:
        middle = (low + high) / 2
        low, high = (low, middle) if columns_used(blocks, middle) <= 2 else (middle, high)
    return GAP + HOUSE_HEADING + high


def height(tracker: Tracker) -> float:
    """The estimated height of the tracker's page content, in mm."""
    above = title_height(tracker.title, tracker.heading, BODY) + TITLE_ROOM + _blanks_height(tracker)
    table = _header_height(tracker) + START_ROW + tracker.rows * ROW
    return above + table + _under_height(tracker) + _house_below_height(tracker)


def _rows_that_fit(tracker: Tracker) -> int:
    """The most rows, from ``ROWS`` down to ``MIN_ROWS``, that leave room for what is under them."""
    room = PAGE_HEIGHT - height(replace(tracker, rows=0))
    return max(MIN_ROWS, min(tracker.rows, math.floor(room / ROW)))


def _outcome_title(rules: Rules) -> str:
    """The upgrade table's title: what it reads (with 'counted:', the number it says)."""
    if rules.counted:
        return _("What %(number)s gives") % {"number": number_words(rules.counted)}
    return _("What the attackers' points give")


def _house(sheet: Sheet) -> tuple[Item, ...]:
    """The sheet's house rules, but the upgrade table and the number it reads (the tracker shows
    them already), without their badge: they are under a heading of their own."""
    return tuple(replace(item, house=False) for item in sheet.items()
                 if item.house and item.key not in ("thresholds", "counted"))


def build_tracker(rules: Rules, lang: str = "en") -> Tracker:
    """The tracker of ``rules`` in ``lang``."""
    sheet = build_sheet(rules, lang)
    outcome = next((item.table for item in sheet.items() if item.key == "thresholds"), None)
    with language(lang):
        tracker = Tracker(
            lang=lang,
            title=sheet.title,
            heading=_("Score and level tracker"),
            blanks=(_("Date"), *(_seat(n) for n in range(1, rules.table.players + 1))),
            hand_columns=_hand_columns(rules),
            levels_header=_("Levels after the hand"),
            level_columns=_level_columns(rules),
            start_label=_("Start"),
            start_level=rules.levels.first,
            rows=_rows(rules),
            notes=_notes(rules),
            outcome_title=_outcome_title(rules),
            outcome=outcome,
            print_note=_("This tracker prints on one A4 page. For US Letter, open it with #letter at the end "
                         "of its address (for example tracker.html#letter) before printing."),
            letter_note=_("This tracker prints on one US Letter page (its address ends with #letter). For A4, "
                          "open it without #letter at the end of its address before printing."),
            house_title=_("House rules"),
            house=_house(sheet),
        )
    if not tracker.house:
        return tracker  # the page holds its rows and the upgrade table (tests/render/test_kinds_print.py)
    # the house rules go where they leave the most rows (beside the upgrade table when that is as good)
    layouts = [replace(tracker, house_below=below) for below in (False, True)]
    if rules.levels.game_end == "hands" and rules.levels.end_hands > 0:
        # one row per hand, over as many pages as it takes: the house rules need the least room
        return min(layouts, key=height)
    fitted = [replace(layout, rows=_rows_that_fit(layout)) for layout in layouts]
    # on one page first, then the most rows; if neither fits, the one that runs over the least
    best = max(fitted, key=lambda t: (height(t) <= PAGE_HEIGHT, t.rows, -height(t)))
    return best if height(best) <= PAGE_HEIGHT * ESTIMATE_SLACK else _cut_to_the_page(tracker)


def _cut_to_the_page(tracker: Tracker) -> Tracker:
    """A tracker whose house rules leave no room for ``MIN_ROWS`` rows on one page: as many of
    them as fit with those rows, in the sheet's order, then a line saying how many more the rule
    sheet holds (the page is for the table; the sheet has every rule).  Where not even one fits,
    all of them, over a second page."""
    house = tracker.house
    for kept in range(len(house) - 1, 0, -1):
        left = len(house) - kept
        with language(tracker.lang):
            more = ngettext("… and %(count)d more house rule: see the rule sheet.",
                            "… and %(count)d more house rules: see the rule sheet.", left) % {"count": left}
        cut = [replace(tracker, house=house[:kept], house_more=more, house_below=below) for below in (False, True)]
        fits = [t for t in (replace(c, rows=_rows_that_fit(c)) for c in cut) if height(t) <= PAGE_HEIGHT]
        if fits:
            return max(fits, key=lambda t: (t.rows, -height(t)))
    layouts = [replace(tracker, house_below=below) for below in (False, True)]
    return min((replace(layout, rows=_rows_that_fit(layout)) for layout in layouts), key=height)
