"""The ``unset`` statement: a house file takes back a statement its parents wrote.

``resolve`` keys ``unset: KEY`` like the statement it names, so the parents' statement is already
gone from the statements in force; what is left here is to say what then holds and where that came
from.  A statement's fields take the language's defaults, as if no file had written it, and the
``unset`` line is recorded as setting them (so ``house_changes``, ``diff`` and the sheet show the
deletion).  A follow list is deleted outright: its lead then has no list, not even a built-in one,
and the general policy for other leads (``follow: other leads``) applies to it.
"""

from __future__ import annotations

from ... import codes
from ... import rules as model
from ..parser import statement_keys, statement_kinds
from ..resolve import statement_key
from ..suggest import did_you_mean
from ..syntax import Statement, as_leaf, as_node
from .core import HANDLERS, Compiler, handles
from .play import lead_shape
from ..shapes import lead_shape_label


@handles("unset")
def _unset(c: Compiler, st: Statement) -> None:
    target = as_node(st.node.args[0])
    if target.kind == "unset_follow_list":
        _unset_follow_list(c, st)
        return
    key = str(as_leaf(target.args[0]).value)
    kind = statement_kinds().get((st.section, key))
    if kind is None:
        here = sorted(k for section, k in statement_kinds() if section == st.section)
        where = " or ".join(f"'{s}'" for s in statement_keys().get(key, ()))
        c.error(target, f"'{key}' is not a statement of the '{st.section}' section"
                        f"{did_you_mean(key, here)}; it belongs to the {where} section", code=codes.NOTHING_TO_UNSET)
        return
    parent = _parent_statement(c, st)
    if parent is None:
        c.error(target, f"no parent of this file sets '{key}', so there is nothing to unset", code=codes.NOTHING_TO_UNSET)
        return
    # The paths the parent's statement set: its own handler, run aside on it, says which.
    aside = Compiler(c.resolved.parent) if c.resolved.parent is not None else c
    aside.statement = parent
    HANDLERS[kind](aside, parent)
    for path in sorted(aside.sources):
        c.set(path, c.get(path))  # nothing else sets it now: the language's default


def _parent_statement(c: Compiler, st: Statement) -> Statement | None:
    """The statement of the parents that ``st`` takes back."""
    if c.resolved.parent is None:
        return None
    key = statement_key(st)
    return next((p for p in c.resolved.parent.statements if statement_key(p) == key), None)


def _unset_follow_list(c: Compiler, st: Statement) -> None:
    target = as_node(st.node.args[0])
    if st.section != "follow":
        c.error(target, "a follow list belongs to the 'follow' section: write 'unset:' for it there", code=codes.NOTHING_TO_UNSET)
        return
    lead = lead_shape(c, as_node(target.args[0]))
    if lead is None:
        return
    label = lead_shape_label(lead)
    built_in = any(fl.lead == lead for fl in model.Following().lists)
    if _parent_statement(c, st) is None and not built_in:
        c.error(target, f"neither a parent of this file nor the language has a list for '{label}', "
                        f"so there is nothing to unset", code=codes.NOTHING_TO_UNSET)
        return
    c.unset_leads.append(lead)
    c.note_source(f"following.lists[{label}]", st)
    c.note_source("following.lists", st)
