"""The problems of a document, in the shape every front end shares (``tractor_rules.facade``): a
dict with file, line, column, end_line, end_column, severity, code, message and fixes.

Problems found in a parent file are shown on the ``extends`` line of the document, naming the
parent's file and line: an editor can only mark the document it shows.

An editor gets at most ``MAX_REPORTED`` problems, as the command line's report shows, then one
note of how many more there are: a hostile text of thousands of mistakes costs the server and the
editor no more than a text of fifty, and a message is never longer than ``MAX_MESSAGE``."""

from __future__ import annotations

from typing import Any

from ..errors import MAX_REPORTED
from .document import DocumentState

D = dict[str, Any]

#: the longest message sent (the language's own are far shorter; this bounds any other)
MAX_MESSAGE = 1000


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


def capped(found: list[D]) -> list[D]:
    """The first ``MAX_REPORTED`` problems, each message at most ``MAX_MESSAGE`` characters, then,
    if there are more, a note at the first one left out saying how many."""
    shown = [d if len(d["message"]) <= MAX_MESSAGE else dict(d, message=d["message"][:MAX_MESSAGE] + "…")
             for d in found[:MAX_REPORTED]]
    rest = len(found) - MAX_REPORTED
    if rest > 0:
        first = found[MAX_REPORTED]
        plural = "s" if rest != 1 else ""
        shown.append({
            "file": first["file"], "line": first["line"], "column": first["column"],
            "end_line": first["line"], "end_column": first["column"], "severity": "information", "code": "",
            "message": f"... and {rest} more problem{plural} from here on, not shown: the first "
                       f"{MAX_REPORTED} are (mend those first)",
            "fixes": [],
        })
    return shown
