"""Errors of bad input.  Every one is a ``RulesetError``; none escapes as another exception.

A ``RulesetError`` holds one or more ``Diagnostic``s sorted by position; its own ``line``,
``column`` and ``message`` are those of the first.  ``str(error)`` gives the full report: for each
diagnostic ``file:line:col: error[E001]: message``, the source line and a caret under the span.

A diagnostic has a stable code (the table is ``codes.py``), a severity, a start and an end
(1-based lines, columns counted in code points, the end exclusive), and the fixes it suggests (the
did-you-mean replacements); ``to_dict`` gives the plain JSON form every front end shares.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any

from . import codes
from .codes import Severity

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


@dataclass(frozen=True)
class Fix:
    """A replacement that would mend a diagnostic: ``replacement`` for the span it covers."""

    title: str
    line: int
    column: int
    end_line: int
    end_column: int
    replacement: str

    def to_dict(self) -> dict[str, Any]:
        return {"title": self.title, "line": self.line, "column": self.column, "end_line": self.end_line,
                "end_column": self.end_column, "replacement": self.replacement}


@dataclass(frozen=True, order=True)
class Diagnostic:
    file: str
    line: int
    column: int
    message: str
    #: the source line the position points into ("" when unknown); not part of the ordering
    text: str = field(default="", compare=False)
    #: how many characters the caret underline of the report covers
    width: int = field(default=1, compare=False)
    #: the code of ``codes.py`` ("" only for a problem no code covers yet)
    code: str = field(default="", compare=False)
    severity: Severity = field(default="error", compare=False)
    #: where the span ends (exclusive); 0 means "``width`` characters after the start"
    end_line: int = field(default=0, compare=False)
    end_column: int = field(default=0, compare=False)
    fixes: tuple[Fix, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        if self.end_line == 0:
            # no end given: the span is the underline, on the start's line
            object.__setattr__(self, "end_line", self.line)
            object.__setattr__(self, "end_column", self.column + self.width if self.line else 0)
        if self.code and self.severity != codes.CODES[self.code].severity:
            object.__setattr__(self, "severity", codes.CODES[self.code].severity)

    def to_dict(self) -> dict[str, Any]:
        """The diagnostic as plain JSON data (the shape docs/api.md declares)."""
        return {
            "file": self.file, "line": self.line, "column": self.column,
            "end_line": self.end_line, "end_column": self.end_column,
            "severity": self.severity, "code": self.code, "message": self.message,
            "fixes": [fix.to_dict() for fix in self.fixes],
        }

    @property
    def label(self) -> str:
        """``error[E001]``, or the severity alone for a diagnostic without a code."""
        return f"{self.severity}[{self.code}]" if self.code else self.severity

    def render(self) -> str:
        """``file:line:col: error[E001]: message``, then the source line (at most ``LINE_WINDOW``
        characters of it, around the caret) and a caret under the column."""
        file = terminal_safe(self.file)
        where = f"{file}:{self.line}:{self.column}" if self.line else file
        message = f"{self.label}: {terminal_safe(self.message)}"
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
    #: the code of a diagnostic made from a bare message (see ``__init__``)
    default_code = ""

    def __init__(self, diagnostics: list[Diagnostic] | Diagnostic | str, files: tuple[str, ...] = ()):
        """``files`` orders the diagnostics of several files (a ruleset before its parents); within
        a file they are sorted by position."""
        if isinstance(diagnostics, str):  # a message about no file (a card, a level, a seat)
            diagnostics = [Diagnostic("", 0, 0, diagnostics, code=self.default_code)]
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
        self.code = first.code
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

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle by state, not by calling ``__init__`` again: subclasses take other arguments
        (a seat and a reason, a kind and a message), and an error raised in a worker process must
        reach the parent whole."""
        return (_restore_error, (type(self), self.args, self.__dict__))


def _restore_error(cls: type[RulesetError], args: tuple[Any, ...], state: dict[str, Any]) -> RulesetError:
    error = cls.__new__(cls)
    error.args = args
    error.__dict__.update(state)
    return error


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
    default_code = codes.CARD_NOTATION


#: the file a diagnostic of ``Rules.from_dict`` names: the data it was given
DATA_FILE = "<data>"


class ExportError(RulesetError, ValueError):
    """Data given to ``Rules.from_dict`` that is not a valid export: ``problems`` is one message of
    what is wrong with the data's form (E402), or the diagnostics of the rules it holds that the
    compiler would refuse, each with the compiler's code."""

    kind = "export"
    default_code = codes.BAD_EXPORT

    def __init__(self, problems: str | list[Diagnostic]):
        if isinstance(problems, str):
            problems = [Diagnostic(DATA_FILE, 0, 0, problems, code=codes.BAD_EXPORT)]
        super().__init__(problems)

