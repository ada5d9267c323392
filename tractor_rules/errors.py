"""Errors of bad input.  Every one is a ``RulesetError``; none escapes as another exception.

A ``RulesetError`` holds one or more ``Diagnostic``s sorted by position; its own ``line``,
``column`` and ``message`` are those of the first.  ``str(error)`` gives the full report: for each
diagnostic ``file:line:col: message``, the source line and a caret under the column.
"""

from __future__ import annotations

from dataclasses import dataclass, field


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
        where = f"{self.file}:{self.line}:{self.column}" if self.line else self.file
        out = f"{where}: {self.message}" if where else self.message
        if self.text and self.line:
            line = self.text.expandtabs(1)
            caret_at = max(self.column - 1, 0)
            width = max(1, min(self.width, max(len(line) - caret_at, 1)))
            out += f"\n    {line}\n    {' ' * caret_at}{'^' * width}"
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
        return "\n".join(d.render() for d in self.diagnostics)

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
