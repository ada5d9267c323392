"""Errors of bad input.  Every one is a ``RulesetError``; none escapes as another exception.

A ``RulesetError`` holds one or more ``Diagnostic``s sorted by position; its own ``line``,
``column`` and ``message`` are those of the first.  ``str(error)`` gives the full report: for each
diagnostic ``file:line:col: message``, the source line and a caret under the column.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

#: a report lists at most this many problems, then says how many more there are
MAX_REPORTED = 50
#: the longest piece of a source line a report shows (a window around the caret)
LINE_WINDOW = 200


def terminal_safe(text: str) -> str:
    """``text`` with control characters (terminal escape sequences) and invisible formatting
    characters (bidirectional overrides) written as escapes, so that printing it shows what it
    holds instead of acting on the terminal.  Printable text, Chinese included, is unchanged."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c == " " else _escape(c) for c in text)


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def _shown_line(line: str) -> str:
    """A source line for a report, each character that would act on the terminal replaced by one
    replacement character (one for one, so the caret stays under its column)."""
    if line.isprintable():
        return line
    return "".join(c if c.isprintable() or unicodedata.category(c) == "Zs" else "\ufffd" for c in line)


@dataclass(frozen=True, order=True)
class Diagnostic:
    file: str
    line: int
    column: int
    message: str
    #: the source line the position points into ("" when unknown); not part of the ordering
    text: str = field(default="", compare=False)
    #: how many characters the caret underline covers
    width: int = field(default=1, compare=False)

    def render(self) -> str:
        """``file:line:col: message``, then the source line (at most ``LINE_WINDOW`` characters of
        it, around the caret) and a caret under the column."""
        file = terminal_safe(self.file)
        where = f"{file}:{self.line}:{self.column}" if self.line else file
        message = terminal_safe(self.message)
        out = f"{where}: {message}" if where else message
        if self.text and self.line:
            line = self.text.expandtabs(1)
            caret_at = max(self.column - 1, 0)
            width = max(1, min(self.width, max(len(line) - caret_at, 1)))
            if len(line) > LINE_WINDOW:
                start = max(0, min(caret_at - LINE_WINDOW // 4, len(line) - LINE_WINDOW))
                end = start + LINE_WINDOW
                line = ("…" if start else "") + line[start:end] + ("…" if end < len(line) else "")
                caret_at = caret_at - start + (1 if start else 0)
                width = max(1, min(width, len(line) - caret_at))
            out += f"\n    {_shown_line(line)}\n    {' ' * caret_at}{'^' * width}"
        return out


class RulesetError(Exception):
    """Bad input: a ruleset that does not parse, check or resolve, bad card notation, bad JSON."""

    kind = "error"

    def __init__(self, diagnostics: list[Diagnostic] | Diagnostic | str, files: tuple[str, ...] = ()):
        """``files`` orders the diagnostics of several files (a ruleset before its parents); within
        a file they are sorted by position."""
        if isinstance(diagnostics, str):  # a message about no file (a card, a level, a seat)
            diagnostics = [Diagnostic("", 0, 0, diagnostics)]
        elif isinstance(diagnostics, Diagnostic):
            diagnostics = [diagnostics]
        rank = {file: i for i, file in enumerate(files)}
        self.diagnostics: list[Diagnostic] = sorted(
            set(diagnostics), key=lambda d: (rank.get(d.file, len(rank)), d)
        )
        first = self.diagnostics[0]
        self.file = first.file
        self.line = first.line
        self.column = first.column
        self.message = first.message
        super().__init__(self.render())

    def render(self) -> str:
        """Every problem, up to ``MAX_REPORTED`` of them; then how many more there are."""
        shown = [d.render() for d in self.diagnostics[:MAX_REPORTED]]
        rest = len(self.diagnostics) - MAX_REPORTED
        if rest > 0:
            shown.append(f"... and {rest} more error{'s' if rest != 1 else ''}")
        return "\n".join(shown)

    def __str__(self) -> str:
        return self.render()


class RulesetSyntaxError(RulesetError):
    """The text does not follow the grammar."""

    kind = "syntax"


class RulesetSemanticError(RulesetError):
    """The text parses, but what it says is impossible or contradictory."""

    kind = "semantic"


class RulesetResolutionError(RulesetError):
    """``extends`` names a ruleset that cannot be found, or the chain of parents loops."""

    kind = "resolution"


class CardNotationError(RulesetError, ValueError):
    """A card string the notation does not allow; the message names the bad token."""

    kind = "cards"


class ExportError(RulesetError, ValueError):
    """Data given to ``Rules.from_dict`` that is not a valid export."""

    kind = "export"

    def __init__(self, message: str):
        super().__init__(Diagnostic("<data>", 0, 0, message))
