"""How much of a printed page the rules take, worked out without a browser.

The card and the tracker print on one page, and what they hold depends on the ruleset: the card
fills the room its rules leave with more of them (the declaring ladder, tractors, throws), the
tracker makes room for a house file's rules.  Both must decide in Python, with no browser at hand
(the command line, the playground), so they estimate: each sentence is wrapped as the page's
measure would wrap it, each list item and table row takes its lines, and the blocks that a page
does not split (a rule with its list or table) are stacked into the page's columns.

The estimate is made to err on the long side: a character is taken as wide as in DejaVu Sans,
the widest of the fonts the pages ask for, and a Chinese character as two Latin ones.  The print
tests (tests/render/test_kinds_print.py) print the pages the estimate finds fullest and check that
each is one page.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from .model import Item, Table
from .text import wrap_lines, width

MM_PER_PT = 25.4 / 72
#: the width of an average Latin character, in ems, of DejaVu Sans (the widest font of the list)
CHAR_EM = 0.53
#: a bold character is wider
BOLD = 1.08


@dataclass(frozen=True, slots=True)
class Measure:
    """A column of text as printed: its width (mm), font size (pt) and line height (times the size),
    and the vertical room the page's CSS gives around paragraphs, lists and table cells (mm)."""

    width: float
    size: float
    leading: float
    #: between two paragraphs (margins collapse)
    paragraph: float
    #: added by a list: its top and bottom margins
    list_margin: float
    #: how far a list's items are indented
    list_indent: float
    #: added by a table row: its cells' top and bottom padding and a border
    row_padding: float
    #: added by a table: its top and bottom margins
    table_margin: float
    #: a cell's left and right padding together
    cell_padding: float

    @property
    def line(self) -> float:
        """The height of a line of text, in mm."""
        return self.size * self.leading * MM_PER_PT

    def columns(self, room: float, bold: bool = False) -> int:
        """How many Latin characters a line of ``room`` mm holds (a Chinese character takes two)."""
        char = self.size * MM_PER_PT * CHAR_EM * (BOLD if bold else 1)
        return max(1, math.floor(room / char))


def text_lines(text: str, columns: int) -> int:
    """The lines ``text`` wraps to at ``columns`` (Latin characters): words are not split, but a
    line may end after a hyphen, as a browser's does."""
    return len(wrap_lines(text.replace("-", "- "), columns)) if text else 0


#: where a line may break inside a word: after a hyphen ("no-trump" breaks as "no-" and "trump")
_PIECES = re.compile(r"[^\s-]*-|[^\s-]+")


def _longest_word(text: str) -> int:
    """The width of the widest piece of ``text`` a line cannot break (a cell's narrowest width)."""
    return max((width(piece) for piece in _PIECES.findall(text)), default=0)


def _column_widths(table: Table, measure: Measure, length: Callable[[str], int]) -> list[float]:
    """Each column's width in mm, as wide as the ``length`` of its widest cell (bold in the header)."""
    char = measure.size * MM_PER_PT * CHAR_EM
    rows = [table.header, *table.rows]
    return [max(length(str(row[i])) * char * (BOLD if r == 0 else 1) + measure.cell_padding
                for r, row in enumerate(rows))
            for i in range(len(table.header))]


def table_width(table: Table, measure: Measure) -> float:
    """The width ``table`` takes when nothing makes it narrower: each column as wide as its longest cell."""
    return sum(_column_widths(table, measure, width))


def table_height(table: Table, measure: Measure, room: float | None = None) -> float:
    """The height of ``table`` laid out in ``room`` mm (the measure's width by default) at its
    full width, its columns sized as a browser sizes an automatic table: each as wide as its
    longest cell if they all fit, else at least as wide as its widest unbreakable piece, with the
    rest of the room shared as the cells' whole texts ask for it."""
    room = measure.width if room is None else room
    rows = [table.header, *table.rows]
    cells = range(len(table.header))
    natural = _column_widths(table, measure, width)
    least = _column_widths(table, measure, _longest_word)
    if sum(natural) <= room:
        given = [n + (room - sum(natural)) * n / sum(natural) for n in natural]
    else:
        spare = max(0.0, room - sum(least))
        wanted = [n - m for n, m in zip(natural, least, strict=True)]
        total = sum(wanted) or 1.0
        given = [m + spare * w / total for m, w in zip(least, wanted, strict=True)]
    height = measure.table_margin
    for r, row in enumerate(rows):
        # a column's width is the browser's guess as much as ours: one character less, to be safe
        lines = max(text_lines(str(row[i]), measure.columns(given[i] - measure.cell_padding, bold=r == 0) - 1)
                    for i in cells)
        height += lines * measure.line + measure.row_padding
    return height


@lru_cache(maxsize=4096)
def item_height(item: Item, measure: Measure, mark: str = "") -> float:
    """The height of one rule as a block: its sentence (after ``mark``, the house-rule badge, if
    the item shows one), its list and its table."""
    columns = measure.columns(measure.width)
    text = f"{mark}  {item.text}" if mark and item.house else item.text
    height = text_lines(text, columns) * measure.line + measure.paragraph
    if item.points:
        indented = measure.columns(measure.width - measure.list_indent)
        height += sum(text_lines(point, indented) for point in item.points) * measure.line + measure.list_margin
    if item.table:
        height += table_height(item.table, measure)
    return height


def title_height(title: str, heading: str, body: float) -> float:
    """The height of a page's title line: the title (14 pt bold, lines of 1.2) wraps in what the
    page's name beside it (10 pt, on one line, 4 mm away) leaves of the ``body``'s width."""
    beside = width(heading) * 10 * MM_PER_PT * CHAR_EM + 4
    columns = max(1, math.floor((body - beside) / (14 * MM_PER_PT * CHAR_EM * BOLD)))
    return text_lines(title, columns) * 14 * 1.2 * MM_PER_PT


def columns_used(blocks: Sequence[float], column: float) -> float:
    """How many columns of ``column`` mm blocks of these heights fill, in this order, none of them
    split: each column takes blocks until the next does not fit, and the last counts by the share
    of it used (2.5: two columns full, half of a third).  A block taller than a column is split
    after all, as the browser splits it."""
    full, used = 0, 0.0
    for block in blocks:
        if used and used + block > column:
            full, used = full + 1, 0.0
        used += block
        while used > column:  # taller than a column: it runs on into the next
            full, used = full + 1, used - column
    return full + used / column
