"""One open document's state: its text and what the language makes of it (syntax tree, parents,
compiled rules, diagnostics).  Built once per version of the text, each part on first use, and
shared by every request about that version (as taplo's ``world.rs`` keeps one state per document).

Lines and columns here are 1-based, in code points, as everywhere in the language."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from ..errors import RulesetError
from ..language.compiler import compile_resolved
from ..language.parser import SECTIONS, parse
from ..language.resolve import Resolved, Source, Trust, resolve
from ..language.suggest import quoted
from ..language.syntax import Statement, SyntaxTree, source_lines
from ..rules import Rules

#: section header words → the section's name in the syntax tree
SECTION_HEADERS = {**{name: name for name in SECTIONS}, "upgrade for a solo banker": "solo_upgrade"}


def path_of_uri(uri: str) -> Path | None:
    """The file a ``file:`` URI names; None for any other scheme (an unsaved buffer)."""
    parsed = urlparse(uri)
    if parsed.scheme != "file":
        return None
    return Path(unquote(parsed.path))


def header_of(line: str) -> str | None:
    """The section a line heads ("solo_upgrade"), or None when it is no section header."""
    words = " ".join(line.split("#", 1)[0].split())
    return SECTION_HEADERS.get(words)


def key_text(line: str, column: int = 1) -> str:
    """A statement's key as written from ``column`` to its colon, spaced once ("knock back")."""
    start = column - 1
    colon = line.find(":", start)
    return " ".join(line[start:colon].split()) if colon >= start else ""


@dataclass
class DocumentState:
    uri: str
    text: str
    version: int | None = None
    #: sheets of the compiled rules by language, built on first hover
    sheets: dict[str, Any] = field(default_factory=dict)

    @cached_property
    def path(self) -> Path | None:
        return path_of_uri(self.uri)

    @cached_property
    def origin(self) -> str:
        """The name messages give the text: its path, or "<string>" for an unsaved buffer (which may
        extend shipped rulesets only)."""
        return str(self.path) if self.path is not None else "<string>"

    @cached_property
    def lines(self) -> list[str]:
        return source_lines(self.text)

    def source(self) -> Source:
        if self.path is None:
            return Source(self.text, "<string>", None, "<string>")
        shown = self.origin if self.origin.isprintable() else quoted(self.origin)
        return Source(self.text, shown, self.path.parent.resolve(), str(self.path.resolve()))

    # --- what the language makes of the text ----------------------------------------------------

    @cached_property
    def tree(self) -> SyntaxTree | None:
        """The syntax tree, or None when the text does not parse."""
        try:
            return parse(self.text, self.source().file)
        except RulesetError:
            return None

    @cached_property
    def resolved(self) -> Resolved | None:
        """The text with its parents merged in, or None when it or a parent cannot be read."""
        if self.tree is None:
            return None
        try:
            return resolve(self.source(), Trust())
        except RulesetError:
            return None

    @cached_property
    def rules(self) -> Rules | None:
        """The compiled rules, or None when the ruleset does not compile."""
        if self.resolved is None:
            return None
        try:
            return compile_resolved(self.resolved)
        except RulesetError:
            return None

    # --- places in the text -----------------------------------------------------------------------

    def line_text(self, line: int) -> str:
        return self.lines[line - 1] if 0 < line <= len(self.lines) else ""

    def section_at(self, line: int) -> tuple[str, int]:
        """The section line ``line`` lies in and the line of its header ("" and 0: the preamble)."""
        for number in range(min(line, len(self.lines)), 0, -1):
            section = header_of(self.line_text(number))
            if section is not None:
                return section, number
        return "", 0

    def statement_at(self, line: int) -> Statement | None:
        """The statement of this file written on ``line``."""
        if self.tree is None:
            return None
        for st in self.tree.statements:
            if st.pos.line <= line <= st.pos.end_line:
                return st
        return None

    def statement_key_text(self, st: Statement) -> str:
        return key_text(self.line_text(st.pos.line), st.pos.column)
