"""One open document's state: its text and what the language makes of it (the facade's one
analysis: syntax tree, parents, compiled rules, diagnostics).  Built once per version of the text,
each part on first use, and shared by every request about that version (as taplo's ``world.rs``
keeps one state per document).

Lines and columns here are 1-based, in code points, as everywhere in the language."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from ..api import text_source
from ..errors import Diagnostic, RulesetError
from ..facade import Analysis, analyse
from ..language.lint import lint
from ..language.parser import BOM, SECTIONS
from ..language.resolve import Resolved, Source, Trust, resolve
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
        """The lines as the parser counts them (a byte-order mark dropped)."""
        return source_lines(self.text.removeprefix(BOM))

    def source(self) -> Source:
        return text_source(self.text, self.origin)

    # --- what the language makes of the text ----------------------------------------------------

    @cached_property
    def analysis(self) -> Analysis:
        """The text parsed once (every syntax error found, the lines that parse kept), resolved and
        compiled as far as it goes: what every feature reads."""
        return analyse(self.text, self.origin)

    @cached_property
    def tree(self) -> SyntaxTree | None:
        """The syntax tree of the lines that parse (a half-typed line does not hide the others)."""
        document = self.analysis.document
        return document.tree if document is not None else None

    @cached_property
    def resolved(self) -> Resolved | None:
        """The text with its parents merged in; while the text has syntax errors, the lines that
        parse with their parents, so that hover and go to definition still know where values come
        from.  None when a parent cannot be read."""
        if self.analysis.resolved is not None or self.tree is None:
            return self.analysis.resolved
        try:
            return resolve(self.source(), Trust(), tree=self.tree)
        except RulesetError:
            return None

    @property
    def rules(self) -> Rules | None:
        """The compiled rules, or None when the ruleset does not compile."""
        return self.analysis.rules

    @cached_property
    def diagnostics(self) -> list[Diagnostic]:
        """Every error of the text and its parents; once it compiles, every lint warning."""
        analysis = self.analysis
        if analysis.rules is None or analysis.resolved is None:
            return list(analysis.diagnostics)
        return lint(analysis.resolved, analysis.rules)

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
