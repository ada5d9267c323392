"""Document symbols: the preamble's statements, then each section with its statements."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..language.syntax import Position
from .document import DocumentState


@dataclass
class Symbol:
    name: str
    #: "section" or "statement"
    kind: str
    pos: Position
    detail: str = ""
    children: list["Symbol"] = field(default_factory=list)


def symbols(state: DocumentState) -> list[Symbol]:
    tree = state.tree
    if tree is None:
        return []
    out: list[Symbol] = []
    sections = [Symbol(name, "section", pos, state.line_text(pos.line).strip()) for name, pos in tree.sections]
    by_line = {s.pos.line: s for s in sections}
    current: Symbol | None = None
    starts = sorted(by_line)
    for st in tree.statements:
        text = state.line_text(st.pos.line)
        key = state.statement_key_text(st) or st.kind
        colon = text.find(":", st.pos.column - 1)
        value = text[colon + 1:].split("#", 1)[0].strip() if colon >= 0 else ""
        symbol = Symbol(key, "statement", st.pos, value)
        if not st.section:
            out.append(symbol)
            continue
        header = max((n for n in starts if n <= st.pos.line), default=None)
        current = by_line.get(header) if header is not None else None
        if current is None:  # pragma: no cover - every statement of a section follows its header
            out.append(symbol)
        else:
            current.children.append(symbol)
    for section in sections:
        last = section.children[-1].pos if section.children else section.pos
        first = section.pos
        section.pos = Position(first.line, first.column, last.end_line, last.end_column)
    return out + sections
