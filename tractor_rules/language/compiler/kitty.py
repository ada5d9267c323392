"""Handlers for the ``kitty`` section: how the kitty is multiplied when the attackers win the last
trick (a table by the last lead's unit, a formula, or none), and when the table sees it."""

from __future__ import annotations

from ... import codes
from ... import rules as model
from ...errors import Fix
from ...rules import expressions
from ..syntax import Node, Statement, as_node, leaf_int
from .core import Compiler, child_nodes, choice, handles, limits
from .expressions import condition_tree, number_tree, role_at
from ..shapes import set_width_of, unit_words


@handles("multiplier")
def _multiplier(c: Compiler, st: Statement) -> None:
    rule = as_node(st.node.args[0])
    if rule.kind == "misprinted_factor":
        _misprinted_factor(c, as_node(rule.args[0]))
    elif rule.kind == "no_multiplier":
        c.set("kitty", model.Multiplier("none", (), False, model.Number(()), 0))
    elif rule.kind == "formula":
        written = rule.first("cap")
        cap = 0 if written is None else c.number(written.args[0], *limits(model.Multiplier, "cap"),
                                                 "the multiplier's cap", "kitty.cap")
        formula = number_tree(c, rule.args[0], expressions.KITTY)
        if cap is not None and formula is not None:
            c.set("kitty", model.Multiplier("formula", (), False, model.Number(formula), cap))
    else:
        rows = _multiplier_rows(c, rule)
        if rows is not None:
            doubling = rule.first("doubling") is not None
            c.set("kitty", model.Multiplier("table", rows, doubling, model.Number(()), 0))


def _misprinted_factor(c: Compiler, factor: Node) -> None:
    """``×2``, copied from the sheet's table of multipliers: the ruleset writes the number alone."""
    number = leaf_int(factor.args[-1])
    pos = factor.pos
    fix = Fix(f"replace with '{number}'", pos.line, pos.column, pos.end_line, pos.end_column, str(number))
    c.error(factor, f"write the multiplier as a number: did you mean '{number}'? (×{number} is how the sheet "
                    "prints it)", code=codes.KITTY, fixes=(fix,))


def _multiplier_rows(c: Compiler, rule: Node) -> tuple[model.MultiplierRow, ...] | None:
    """The rows of a multiplier table, sets before tractors; None if any row was reported."""
    rows: list[model.MultiplierRow] = []
    ok = True
    for row in child_nodes(rule):
        if row.kind == "doubling":
            continue
        key = as_node(row.args[0])
        if isinstance(row.args[1], Node):
            _misprinted_factor(c, row.args[1])
            ok = False
            continue
        factor = c.number(row.args[1], *limits(model.MultiplierRow, "factor"), "a multiplier")
        width: int | None
        length: int | None
        rainbow = key.kind == "key_rainbow"
        if rainbow:
            # a rainbow's row: its largest part of N cards or more
            width = 1
            length = c.number(key.args[0], *limits(model.Combinations, "rainbow_min"), "a rainbow's number of cards")
        elif key.kind == "key_set":
            width, length = set_width_of(as_node(key.args[0])), 1
        elif key.kind == "key_straight":
            # a straight is a tractor of singles: a row of width 1
            width = 1
            length = c.number(key.args[0], *limits(model.Combinations, "straight_min"), "a straight's length")
        else:
            length_leaf, plural = key.args
            length = c.number(length_leaf, 2, limits(model.MultiplierRow, "length")[1], "a tractor's length")
            width = c.set_width(plural, plural=True)
        if factor is None or length is None or width is None:
            ok = False
            continue
        if any(r.width == width and r.length == length and r.rainbow == rainbow for r in rows):
            words = f"a rainbow of {length} cards" if rainbow else unit_words(width, length)
            c.error(key, f"{words} has two multipliers", code=codes.REPEATED_VALUE)
            ok = False
            continue
        rows.append(model.MultiplierRow(width, length, factor, rainbow))
    if not ok:
        return None
    return tuple(sorted(rows, key=lambda r: (r.rainbow, r.length > 1, r.width, r.length)))


#: shown: (before burying, at the end)
_SHOWN = {
    "shown_never": (False, False),
    "shown_before": (True, False),
    "shown_at_end": (False, True),
    "shown_both": (True, True),
}


@handles("shown")
def _shown(c: Compiler, st: Statement) -> None:
    before, end = choice(st.node.args[0], _SHOWN)
    c.set("kitty_exchange.shown_before_burying", before)
    c.set("kitty_exchange.shown_at_end", end)


@handles("dug_when")
def _dug_when(c: Compiler, st: Statement) -> None:
    """``dug when: CONDITION``: the attackers who win the last trick score the kitty only when the
    condition holds of the hand, read as the last trick ends."""
    condition = condition_tree(c, st.node.args[0], expressions.KITTY)
    if condition is not None:
        c.set("kitty_exchange.dug_when", model.Condition(condition))


@handles("buried_by")
def _buried_by(c: Compiler, st: Statement) -> None:
    """``buried by: ROLE``: who takes the kitty and buries, a role known once trump is set
    (``rules.expressions.BURIER_ROLES``)."""
    role = role_at(c, st.node.args[0], expressions.BURIER)
    if role is not None:
        c.set("kitty_exchange.buried_by", role)


@handles("buried_cards")
def _buried_cards(c: Compiler, st: Statement) -> None:
    """``buried cards: any`` or ``when CONDITION``: the cards a player may bury, those of which the
    condition holds as they bury."""
    if not st.node.args:
        c.set("kitty_exchange.buried_when", model.Condition(()))
        return
    condition = condition_tree(c, st.node.args[0], expressions.BURY)
    if condition is not None:
        c.set("kitty_exchange.buried_when", model.Condition(condition))
