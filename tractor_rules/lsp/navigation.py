"""Go to definition: from ``extends`` to the parent file, from a statement to the parent's
statement it overrides."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..language.resolve import Resolved, statement_key
from ..language.syntax import Position, Statement
from ..resources import builtin_path
from .document import DocumentState


@dataclass(frozen=True)
class Target:
    path: Path
    #: the text of the file, to place the position in the editor's units
    text: str
    pos: Position


def _path(resolved: Resolved, file: str) -> Path | None:
    key = resolved.keys[resolved.files.index(file)]
    if key.startswith("builtin:"):
        return builtin_path(key.removeprefix("builtin:"))
    return Path(key)


def overridden(resolved: Resolved | None, st: Statement) -> Statement | None:
    """The parents' statement in force that ``st`` replaces."""
    if resolved is None or resolved.parent is None:
        return None
    key = statement_key(st)
    return next((p for p in resolved.parent.statements if statement_key(p) == key), None)


def definition(state: DocumentState, line: int) -> Target | None:
    st = state.statement_at(line)
    resolved = state.resolved
    if st is None or resolved is None or resolved.parent is None:
        return None
    if st.kind == "extends":
        parent_file = resolved.files[1]
        path = _path(resolved, parent_file)
        return None if path is None else Target(path, resolved.texts[parent_file], Position(1, 1, 1, 1))
    parent = overridden(resolved, st)
    if parent is None:
        return None
    path = _path(resolved, parent.file)
    return None if path is None else Target(path, resolved.texts[parent.file], parent.pos)
