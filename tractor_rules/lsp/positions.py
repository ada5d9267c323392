"""The one place where positions change units: the language speaks in 1-based lines and columns of
code points, the Language Server Protocol in 0-based lines and UTF-16 code units."""

from __future__ import annotations

from lsprotocol import types

from ..language.parser import BOM
from ..language.syntax import source_lines


def _utf16_length(text: str) -> int:
    return sum(2 if ord(char) > 0xFFFF else 1 for char in text)


class PositionMap:
    """Converts positions within one text.  A byte-order mark at its start is no character of the
    language's first line (the parser drops it), but it is one of the editor's.

    Converting costs no more than reading each line once, however many positions a line has: a
    line without characters beyond U+FFFF (nearly every line) counts code points and UTF-16 units
    alike; another gets its table of offsets once, on first use."""

    def __init__(self, text: str):
        self.bom = 1 if text.startswith(BOM) else 0
        self.lines = source_lines(text.removeprefix(BOM))
        #: line → the UTF-16 offset of each of its code points (and of its end), for the lines that
        #: need one
        self._offsets: dict[int, list[int]] = {}
        #: the characters read to convert positions so far (a measure of the work, for the tests)
        self.read = 0

    def line_text(self, line: int) -> str:
        """Line ``line`` (1-based), or "" past the end."""
        return self.lines[line - 1] if 0 < line <= len(self.lines) else ""

    def _units(self, line: int, text: str, column: int) -> int:
        """The UTF-16 units before 1-based ``column`` of line ``line`` (whose text is ``text``)."""
        offsets = self._offsets.get(line)
        if offsets is None:
            self.read += len(text)
            if text.isascii() or max(text) <= "\uffff":
                offsets = self._offsets[line] = []  # every code point is one unit
            else:
                offsets = [0]
                for char in text:
                    offsets.append(offsets[-1] + (2 if ord(char) > 0xFFFF else 1))
                self._offsets[line] = offsets
        return offsets[column - 1] if offsets else column - 1

    def to_lsp(self, line: int, column: int) -> types.Position:
        """1-based line and code-point column → the editor's position (clamped to the text)."""
        line = min(max(line, 1), max(len(self.lines), 1))
        text = self.line_text(line)
        column = min(max(column, 1), len(text) + 1)
        shift = self.bom if line == 1 else 0
        return types.Position(line=line - 1, character=self._units(line, text, column) + shift)

    def range(self, line: int, column: int, end_line: int, end_column: int) -> types.Range:
        return types.Range(start=self.to_lsp(line, column), end=self.to_lsp(end_line, end_column))

    def from_lsp(self, position: types.Position) -> tuple[int, int]:
        """The editor's position → 1-based line and code-point column (a position inside a
        surrogate pair counts as the character's start)."""
        line = position.line + 1
        text = self.line_text(line)
        units = self.bom if line == 1 else 0
        for index, char in enumerate(text):
            width = 2 if ord(char) > 0xFFFF else 1
            if units + width > position.character:
                return line, index + 1
            units += width
        return line, len(text) + 1

    def whole(self) -> types.Range:
        """The range of the whole text."""
        last = len(self.lines)
        return types.Range(start=types.Position(line=0, character=0),
                           end=types.Position(line=max(last - 1, 0), character=_utf16_length(self.line_text(last))
                                              + (self.bom if last == 1 else 0)))
