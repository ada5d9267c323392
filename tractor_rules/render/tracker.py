"""The score and level tracker: a page to fill in at the table, one row per hand.

Its columns fit the ruleset: the banker, the trump, the attackers' points and the levels after
the hand, kept per team (seats of the same parity are partners) or, when the banker calls
partners (Finding Friends), per player, with columns for the called cards and the friends found.
Under the table it repeats the sheet's upgrade table, so the levels can be written down without
the sheet.  It is one page, or for a match of a fixed number of hands one row per hand over as
many pages as that takes.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.errors import EngineError
from ..engine.rulings.scoring import level_ladder
from ..rules import Rules
from .i18n import _, language
from .model import Table
from .sheet import build_sheet
from .words import join_list

#: rows of a tracker (one page) when the game has no fixed number of hands
ROWS = 20
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


def _seat(n: int) -> str:
    return _("Seat %(n)s") % {"n": n}


def _level_columns(rules: Rules) -> tuple[str, ...]:
    """One column per player when partners are called, else one per team: seats of the same
    parity play together, opposite at four players, alternating at six or eight."""
    players = rules.table.players
    if rules.table.partnership == "called":
        return tuple(_seat(n) for n in range(1, players + 1))
    return tuple(_("Seats %(seats)s") % {"seats": join_list([str(n) for n in range(first, players + 1, 2)])}
                 for first in (1, 2))


def _hand_columns(rules: Rules) -> tuple[str, ...]:
    columns = [_("Hand no."), _("Banker"), _("Trump")]
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
        notes.append(_("The game ends after %(hands)s hands; the highest level wins.") % {
            "hands": rules.levels.end_hands})
    return tuple(notes)


def build_tracker(rules: Rules, lang: str = "en") -> Tracker:
    """The tracker of ``rules`` in ``lang``."""
    sheet = build_sheet(rules, lang)
    outcome = next((item.table for item in sheet.items() if item.key == "thresholds"), None)
    with language(lang):
        return Tracker(
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
            outcome_title=_("What the attackers' points give"),
            outcome=outcome,
            print_note=_("This tracker prints on one A4 page. For US Letter, open it with #letter at the end "
                         "of its address (for example tracker.html#letter) before printing."),
            letter_note=_("This tracker prints on one US Letter page (its address ends with #letter). For A4, "
                          "open it without #letter at the end of its address before printing."),
        )

