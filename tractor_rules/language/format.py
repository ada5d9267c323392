"""The canonical formatter: rewrites a ruleset file's layout (never its words) into one style.

It works from the document's concrete tree (every keyword and punctuation token, in the rules
they sit in) so that the space between two tokens can depend on the grammar rule they sit in:
``5-35`` and ``2n-2`` are tight while ``>`` and ``~`` are spaced.  Comments are not in the tree's
statements; they come from the document's comments and are put back by line number.  The text is
parsed once, by ``parse_document``; a document with syntax errors is not formatted.

Two passes: ``_collect`` turns the file into logical lines (headers, statements, own-line comments)
with their source line numbers; ``_render`` lays them out (indentation, blank lines, alignment).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..errors import RulesetSyntaxError
from .parser import parse_document
from .syntax import Comment, Document, SyntaxNode, SyntaxToken

__all__ = ["format_document", "format_text", "is_formatted"]

INDENT = "  "

#: No space before these tokens (``key: value``, ``a, b``, ``(size)``, ``20%``).
_TIGHT_BEFORE = {",", ":", ")", "%"}
#: Rules whose tokens are written without spaces, judged at the lowest rule holding both tokens:
#: the counts of follow lists ``2n``, ``2n-2``, ``n+1`` (the sign sits in a rule of its own).
_TIGHT_RULES = {"of_n"}


@dataclass
class _Line:
    """One logical line of output, before layout."""

    line: int  # source line number, for ordering and for the blank lines the source had
    kind: str  # "header", "statement" or "comment"
    section: int  # index of the section it sits in; -1 for the preamble (before any header)
    text: str  # statement/header text, or the comment text
    head: str = ""  # a threshold's `range:`, padded to align the outcomes of its section
    trailing: str | None = None  # the comment after a statement or header on the same line
    column: int = 1  # where an own-line comment started in the source
    indent: bool = False


def format_text(text: str, file: str = "<string>") -> str:
    """The canonical text of a ruleset; raises ``RulesetSyntaxError`` with every syntax error of
    bad input.  A byte-order mark at the start is dropped."""
    return format_document(parse_document(text, file))


def format_document(document: Document) -> str:
    """The canonical text of a parsed file; raises ``RulesetSyntaxError`` if it has syntax errors
    (the layout of a line that did not parse is unknown)."""
    if document.diagnostics:
        raise RulesetSyntaxError(list(document.diagnostics))
    return _render(_collect(document.parts, document.comments))


def is_formatted(text: str, file: str = "<string>") -> bool:
    """Whether ``text`` is already canonical (byte for byte)."""
    return format_text(text, file) == text


# --- pass 1: logical lines ---------------------------------------------------------------------


def _collect(parts: Iterable[SyntaxNode], comments: Iterable[Comment]) -> list[_Line]:
    lines: list[_Line] = []
    section = -1
    for part in parts:
        if part.rule != "preamble":
            section += 1
            header = _header_words(part)  # the section's keywords, as lexed
            lines.append(_Line(header[0].pos.line, "header", section, " ".join(t.text for t in header)))
        for child in part.children:
            if isinstance(child, SyntaxNode):
                lines.append(_statement(child, section))

    by_line = {line.line: line for line in lines}
    for comment in comments:
        owner = by_line.get(comment.line)
        if owner is not None:
            owner.trailing = comment.text.rstrip()
        else:
            note = comment.text.rstrip()
            lines.append(_Line(comment.line, "comment", -1, note, column=comment.column))
    lines.sort(key=lambda line: line.line)

    # A comment belongs to the section of the header above it.
    section = -1
    for line in lines:
        if line.kind == "header":
            section = line.section
        elif line.kind == "comment":
            line.section = section
    return lines


def _header_words(section: SyntaxNode) -> list[SyntaxToken]:
    """The words of a section's header line ("upgrade", "upgrade for a solo banker")."""
    words: list[SyntaxToken] = []
    for child in section.children:
        if not isinstance(child, SyntaxToken):
            break
        words.append(child)
    return words


@dataclass(frozen=True)
class _Tok:
    """A token of a statement, with what its spacing depends on."""

    text: str
    path: tuple[SyntaxNode, ...]  # the rules it sits in, outermost first
    glue_before: bool  # a `+`/`-` written against the number before it
    glue_after: bool  # a `+`/`-` written against the number after it


def _statement(tree: SyntaxNode, section: int) -> _Line:
    tokens = list(_tokens(tree, ()))
    line = tree.pos.line
    if tree.rule == "threshold":
        # Split after the threshold's own ':' so the outcomes can be aligned in one column.
        cut = next(i for i, t in enumerate(tokens) if t.text == ":" and t.path[-1] is tree) + 1
        return _Line(line, "statement", section, _join(tokens[cut:]), head=_join(tokens[:cut]))
    return _Line(line, "statement", section, _join(tokens))


def _tokens(tree: SyntaxNode, path: tuple[SyntaxNode, ...]) -> Iterator[_Tok]:
    """Every token below ``tree``, with the rules it sits in and whether it sticks to a number.

    A ``+`` or ``-`` between two sub-rules is an operator and is spaced (``pairs + singles``,
    ``size + 1``); one next to a number in its own rule belongs to that number: ranges ``5-35``,
    ``2+``, ``160+``, ``4+ identical`` and signs ``banker +3``, ``+1 every 40``, ``at most +4``.
    Deciding by neighbours rather than by rule names keeps this right when rules are split up."""
    path = path + (tree,)
    children = tree.children
    for i, child in enumerate(children):
        if isinstance(child, SyntaxNode):
            yield from _tokens(child, path)
            continue
        before = children[i - 1] if i else None
        after = children[i + 1] if i + 1 < len(children) else None
        between_parts = isinstance(before, SyntaxNode) and isinstance(after, SyntaxNode)
        # an effect's sign before its amount (``bankers -1 level``) sits between two sub-rules too,
        # but the amount is a plain number: the sign is that number's, as in ``banker +2``
        glue = child.text in ("+", "-") and (not between_parts or _is_int(after))
        yield _Tok(child.text, path, glue and _is_int(before), glue and _is_int(after))


def _is_int(child: SyntaxNode | SyntaxToken | None) -> bool:
    """Whether ``child`` is a plain number: an INT, alone or as the one part of rules within rules
    (an expression that is a number: ``add`` → ``mul`` → ``pow`` → ``num`` → INT)."""
    while isinstance(child, SyntaxNode) and len(child.children) == 1:
        child = child.children[0]
    return isinstance(child, SyntaxToken) and child.type == "INT"


def _join(tokens: list[_Tok]) -> str:
    out: list[str] = []
    for i, token in enumerate(tokens):
        if i:
            out.append(_gap(tokens[i - 1], token))
        out.append(token.text)  # verbatim: strings, synonyms, `T` vs `10`, `♠` vs `S`
    return "".join(out)


def _gap(a: _Tok, b: _Tok) -> str:
    """The space between two neighbouring tokens of a statement: "" or " "."""
    if b.text in _TIGHT_BEFORE or a.text == "(" or a.glue_after or b.glue_before:
        return ""
    if b.text == "(" and a.text.isalpha() and a.path[-1] is b.path[-1]:
        return ""  # a word and its parenthesis in one rule call a function: ``min(2, levels)``
    common = 0
    while common < min(len(a.path), len(b.path)) and a.path[common] is b.path[common]:
        common += 1
    if a.path[common - 1].rule in _TIGHT_RULES:
        return ""
    return " "


# --- pass 2: layout ----------------------------------------------------------------------------


def _render(lines: list[_Line]) -> str:
    if not lines:
        return ""
    _indent(lines)

    # A section header, with the unindented comments right above it, is preceded by exactly one
    # blank line; ``starts`` holds the index where each such block begins.
    starts: set[int] = set()
    for i, line in enumerate(lines):
        if line.kind == "header":
            while i > 0 and lines[i - 1].kind == "comment" and not lines[i - 1].indent:
                i -= 1
            starts.add(i)

    widths: dict[int, int] = {}
    for line in lines:
        if line.head:
            widths[line.section] = max(widths.get(line.section, 0), len(line.head))

    out: list[str] = []
    for i, line in enumerate(lines):
        if i in starts:
            blank = i > 0
        elif i == 0 or lines[i - 1].kind == "header":
            blank = False
        else:  # keep one blank line where the source had any
            blank = line.line - lines[i - 1].line > 1
        if blank:
            out.append("")
        text = line.text
        if line.head:
            text = line.head.ljust(widths[line.section] + 1) + text
        if line.trailing is not None:
            text += "  " + line.trailing
        out.append((INDENT if line.indent else "") + text)
    return "\n".join(out) + "\n"


def _indent(lines: list[_Line]) -> None:
    """Section statements are indented; headers and the preamble are not.  An own-line comment is
    indented like the statement after it; with none in its section after it (a header or the end
    of the file comes next) it keeps the source's choice, so a comment about the next section can
    sit at column 0 above its header."""
    following: _Line | None = None
    for line in reversed(lines):
        if line.kind == "statement":
            line.indent = line.section >= 0
            following = line
        elif line.kind == "header":
            following = None
        elif following is not None:
            line.indent = following.indent
        else:
            line.indent = line.section >= 0 and line.column > 1
