"""Handlers for the ``kitty`` section: how the kitty is multiplied when the attackers win the last
trick (a table by the last lead's unit, a formula, or none), and when the table sees it."""

from __future__ import annotations

from ... import codes
from ... import rules as model
from ...errors import Fix
from ...rules import expressions
from ..syntax import Node, Statement, as_leaf, as_node, leaf_int
from .core import Compiler, child_nodes, choice, handles, limits
from .expressions import condition_tree, number_tree, role_at, role_written, written
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


#: a showing's moment (``showing_moment``'s alias) → its name in ``expressions.SHOWING_MOMENTS``
_MOMENT = {"before_burying": "before-burying", "after_burying": "after-burying", "at_the_end": "at-end"}
_MOMENT_WORDS = {"before-burying": "before burying", "after-burying": "after burying", "at-end": "at the end"}


def _audience(c: Compiler, node: Node) -> str | None:
    """The players a showing names (``expressions.AUDIENCES``); None when it was reported: a team
    or a seat not known while the kitty is taken (E366)."""
    if node.kind == "to_everyone":
        return expressions.EVERYONE
    if node.kind == "to_team":
        name = str(as_leaf(node.args[0]).value)
        if name in expressions.SHOWN_TEAMS:
            return name
        c.error(node, f"'the {name}' are known only once the hand is scored, after the kitty is shown: show it to "
                      "'everyone', 'the bankers', 'the attackers', 'the banker's friends' or a player",
                code=codes.KITTY_SHOWN_UNKNOWN)
        return None
    role = role_written(c, node.args[0], expressions.SHOWN_TO)
    if role is None:
        return None
    if type(role) is str and role in expressions.SHOWN_ROLES:
        return role
    known = ", ".join(f"'{expressions.ROLE_TABLE[r].words}'" for r in expressions.SHOWN_ROLES)
    c.error(node, f"'{written(c, node.args[0])}' is not a player the kitty is shown to: show it to 'everyone', a "
                  f"team, or {known}", code=codes.KITTY_SHOWN_UNKNOWN)
    return None


@handles("shown")
def _shown(c: Compiler, st: Statement) -> None:
    """``shown: never`` or ``shown: MOMENT [to WHO] and ...``: when the kitty is shown, and to whom
    (everyone when nobody is named).  A showing to everyone before burying or at the end sets the
    booleans every version has had; any other goes to ``shown_to``."""
    parts = [as_node(p) for p in st.node.args]
    before = end = False
    showings: list[model.KittyShowing] = []
    seen: dict[str, Node] = {}
    ok = True
    if any(p.kind == "shown_never" for p in parts):
        if len(parts) > 1:
            c.error(st.node, "'never' shows the kitty to nobody: write it alone, or only the moments it is shown",
                    code=codes.REPEATED_VALUE)
            return
    for part in parts:
        if part.kind == "shown_never":
            continue
        moment = _MOMENT[as_node(part.args[0]).kind]
        if moment in seen:
            c.error(part, f"the kitty is shown {_MOMENT_WORDS[moment]} twice: name the players once "
                          f"('{_MOMENT_WORDS[moment]} to the bankers')", code=codes.REPEATED_VALUE)
            ok = False
            continue
        seen[moment] = part
        to = expressions.EVERYONE if len(part.args) < 2 else _audience(c, as_node(part.args[1]))
        if to is None:
            ok = False
        elif to == expressions.EVERYONE and moment == "before-burying":
            before = True
        elif to == expressions.EVERYONE and moment == "at-end":
            end = True
        else:
            showings.append(model.KittyShowing(moment, to))  # type: ignore[arg-type]
    if not ok:
        return
    order = expressions.SHOWING_MOMENTS
    c.set("kitty_exchange.shown_before_burying", before)
    c.set("kitty_exchange.shown_at_end", end)
    c.set("kitty_exchange.shown_to", tuple(sorted(showings, key=lambda s: order.index(s.moment))))


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
