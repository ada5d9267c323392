"""The problems of a document, in the shape every front end shares (``tractor_rules.facade``): a
dict with file, line, column, end_line, end_column, severity, code, message and fixes.

Problems found in a parent file are shown on the ``extends`` line of the document, naming the
parent's file and line: an editor can only mark the document it shows."""

from __future__ import annotations

from typing import Any

from .document import DocumentState

D = dict[str, Any]


def check(state: DocumentState) -> list[D]:
    """Every problem of the document and its parents, in the facade's shape."""
    return [d.to_dict() for d in state.diagnostics]


def for_document(state: DocumentState, found: list[D]) -> list[D]:
    """``found`` placed in the document: its own problems where they are, a parent's on the
    ``extends`` line."""
    own = state.source().file
    extends = state.tree.preamble("extends") if state.tree is not None else None
    out: list[D] = []
    for d in found:
        if d["file"] == own or d["file"] in ("", "<argument>"):
            out.append(d)
            continue
        where = f"{d['file']}:{d['line']}:{d['column']}" if d["line"] else d["file"]
        placed = dict(d, message=f"in the parent {where}: {d['message']}", fixes=[])
        if extends is not None:
            pos = extends.pos
            placed.update(line=pos.line, column=pos.column, end_line=pos.end_line, end_column=pos.end_column)
        else:
            placed.update(line=1, column=1, end_line=1, end_column=1)
        out.append(placed)
    return out
