"""The syntax tree: what a ruleset file says, with the position of everything, and nothing more.

The parser produces it; ``resolve`` merges a file with its parents statement by statement; the
compiler reads it.  It holds no Lark objects, so the later phases do not depend on the parser.

A ``Document`` is one file parsed once: the syntax tree, the concrete tree (every rule and token,
for the formatter), the tokens, the comments and the syntax errors.  The compiler, the formatter,
the linter and the language server all read the same document.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Union

if TYPE_CHECKING:
    from ..errors import Diagnostic


def source_lines(text: str) -> list[str]:
    """The lines as the lexer counts them: only "\n" ends a line (str.splitlines would also break
    at form feeds and Unicode separators, which the lexer reads as ordinary characters)."""
    return [line[:-1] if line.endswith("\r") else line for line in text.split("\n")]


def line_of(text: str, number: int) -> str:
    """Line ``number`` (1-based) of ``text``, or "" if there is none."""
    lines = source_lines(text)
    return lines[number - 1] if 0 < number <= len(lines) else ""


@dataclass(frozen=True, slots=True)
class Position:
    line: int
    column: int
    end_line: int
    end_column: int

    @property
    def width(self) -> int:
        """Characters the caret underline covers (to the end of the line if the span wraps)."""
        if self.end_line != self.line:
            return 1
        return max(1, self.end_column - self.column)


@dataclass(frozen=True, slots=True)
class Leaf:
    """A value written in the file: a number, a string, a rank, a suit, a card."""

    kind: str  # "int", "str", "rank", "suit", "card"
    value: Union[int, str]
    pos: Position


@dataclass(frozen=True, slots=True)
class Node:
    """A grammar construct: ``kind`` names it (the grammar's rule or alias), ``args`` are its parts."""

    kind: str
    args: tuple["Node | Leaf", ...]
    pos: Position

    def leaves(self, kind: str | None = None) -> list[Leaf]:
        """Every leaf below this node, in order, optionally only of one kind."""
        out: list[Leaf] = []
        for arg in self.args:
            if isinstance(arg, Leaf):
                if kind is None or arg.kind == kind:
                    out.append(arg)
            else:
                out.extend(arg.leaves(kind))
        return out

    def nodes(self) -> list["Node"]:
        return [a for a in self.args if isinstance(a, Node)]

    def first(self, kind: str) -> "Node | None":
        for arg in self.args:
            if isinstance(arg, Node) and arg.kind == kind:
                return arg
        return None


@dataclass(frozen=True, slots=True)
class Statement:
    """One line of a section (or of the preamble, section "")."""

    section: str
    node: Node
    #: the file the statement was written in, as the user named it
    file: str

    @property
    def kind(self) -> str:
        return self.node.kind

    @property
    def pos(self) -> Position:
        return self.node.pos


@dataclass(frozen=True, slots=True)
class Comment:
    line: int
    column: int
    text: str


@dataclass(frozen=True, slots=True)
class SyntaxTree:
    file: str
    text: str
    statements: tuple[Statement, ...]
    #: section headers in order: (name, position)
    sections: tuple[tuple[str, Position], ...]
    comments: tuple[Comment, ...]

    def preamble(self, kind: str) -> Statement | None:
        for st in self.statements:
            if st.section == "" and st.kind == kind:
                return st
        return None


def as_node(arg: Node | Leaf) -> Node:
    """``arg``, where the grammar puts a construct; an assertion, not a check of the user's text."""
    assert isinstance(arg, Node), arg
    return arg


def as_leaf(arg: Node | Leaf) -> Leaf:
    """``arg``, where the grammar puts a written value; an assertion, not a check of the user's text."""
    assert isinstance(arg, Leaf), arg
    return arg


def leaf_int(arg: Node | Leaf) -> int:
    """The number a leaf holds, where the grammar puts an INT."""
    return int(as_leaf(arg).value)


@dataclass(frozen=True, slots=True)
class SyntaxToken:
    """A token as the lexer read it: ``type`` is the grammar's terminal name ("INT", "STRING",
    "WORD", a keyword's own name), ``text`` exactly as written."""

    type: str
    text: str
    pos: Position


@dataclass(frozen=True, slots=True)
class SyntaxNode:
    """A grammar rule in the concrete tree, with every token below it (keywords and punctuation
    included), so that a file can be written back out."""

    rule: str
    children: tuple["SyntaxNode | SyntaxToken", ...]
    pos: Position


@dataclass(frozen=True)
class Document:
    """One file parsed once.  With syntax errors, ``tree`` and ``parts`` hold the lines that parsed."""

    file: str
    #: the text, without a byte-order mark
    text: str
    tree: SyntaxTree
    #: the concrete tree: the preamble, then each section, as ``SyntaxNode``s
    parts: tuple[SyntaxNode, ...]
    tokens: tuple[SyntaxToken, ...]
    #: the syntax errors, sorted by position (none: the file parses)
    diagnostics: tuple["Diagnostic", ...]

    @property
    def comments(self) -> tuple[Comment, ...]:
        return self.tree.comments
