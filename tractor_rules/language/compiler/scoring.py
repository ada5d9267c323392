"""Handlers for the ``upgrade`` section (the table from attackers' points to level changes, written
row by row or as 'steps:'), the ``upgrade for a solo banker`` section (a solo banker's own table,
written the same way) and the ``stakes`` section (game points, stake multipliers, coins, leaving
early)."""

from __future__ import annotations

from ... import codes
from ... import rules as model
from ...rules import expressions as ex
from ...rules import score_granularity
from ..syntax import Leaf, Node, Statement, as_leaf, as_node, leaf_int
from .expressions import number_tree
from .core import MAX_POINTS, UPGRADE_SECTIONS, Compiler, Handler, UpgradeTable, child_nodes, finishes, handles, limits

#: an outcome of the grammar that names a side → that side
_SIDES: dict[str, model.Side] = {"banker": "banker", "attackers": "attackers"}


def standard_thresholds(step: int, granularity: int, cap: int) -> tuple[model.ThresholdRow, ...]:
    """The usual table: 0 → bankers +3; under one step +2; under two +1; under three a swap; then
    the attackers +1 and one more every further step."""
    g = granularity
    rows = [
        model.ThresholdRow(0, 0, "banker", 3),
        model.ThresholdRow(g, step - g, "banker", 2),
        model.ThresholdRow(step, 2 * step - g, "banker", 1),
        model.ThresholdRow(2 * step, 3 * step - g, "attackers", 0),
        model.ThresholdRow(3 * step, -1, "attackers", 1, every=step, at_most=cap),
    ]
    return tuple(r for r in rows if r.high == -1 or r.high >= r.low)


#: the quantities a row's levels may read: the score the table reads, the winning bid, the table
ROW_QUANTITIES = ("points", "bid", "decks", "players")


def plain_int(node: Node | Leaf) -> Leaf | None:
    """The whole number ``node`` is, when it is only one (an expression ``add`` → ``mul`` → ``pow``
    → ``num`` → INT, as a level change is written: ``banker +2``); else None."""
    while isinstance(node, Node) and len(node.args) == 1 and node.kind in ("add", "mul", "pow", "num"):
        node = node.args[0]
    return node if isinstance(node, Leaf) and node.kind == "int" else None


def outcome_of(c: Compiler, node: Node) -> tuple[model.Side, int | None]:
    """The side an outcome favours and its levels (0 for a swap; None, reported, if out of range or
    written as a number of the hand, which only an upgrade row takes)."""
    if node.kind == "swap":
        return "attackers", 0
    amount = plain_int(node.args[0])
    if amount is None:
        c.error(node.args[0], "a fixed number of levels goes here ('banker +2'): only an upgrade row's levels "
                              "may be a number of the hand", code=codes.OUTCOME_NUMBER)
        return _SIDES[node.kind], None
    levels = c.number(amount, *limits(model.ThresholdRow, "levels"), "a level change")
    return _SIDES[node.kind], levels


def _row_formula(c: Compiler, node: Node) -> model.Number | None:
    """The levels of an upgrade row written as a number of the hand (``banker + (165 - points) /
    10``): its tree, None when reported (a quantity the row does not read)."""
    tree = number_tree(c, node.args[0], ex.SCORE)
    if tree is None:
        return None
    other = sorted(ex.quantities_of(tree) - set(ROW_QUANTITIES))
    if other:
        words = ex.QUANTITIES[other[0]].words
        c.error(node.args[0], f"a row's levels read the points the table is read with, the bid, the decks and the "
                              f"players, not '{words}'", code=codes.OUTCOME_NUMBER)
        return None
    return model.Number(tree)


# --- upgrade -------------------------------------------------------------------------------------


def _table(c: Compiler, st: Statement) -> UpgradeTable:
    """The upgrade table the statement ``st`` belongs to (by its section)."""
    return c.upgrade_tables[UPGRADE_SECTIONS[st.section]]


def _breaks_thresholds(read: Handler) -> Handler:
    """``read``, marking its upgrade table broken when it reports anything: the table is then
    incomplete, and checking its coverage would only repeat the error in other words."""

    def handler(c: Compiler, st: Statement) -> None:
        before = len(c.diagnostics)
        read(c, st)
        if len(c.diagnostics) > before:
            _table(c, st).broken = True

    return handler


@handles("threshold")
@_breaks_thresholds
def _threshold(c: Compiler, st: Statement) -> None:
    score, outcome = map(as_node, st.node.args[:2])
    ints = [leaf_int(a) for a in score.args]
    low = ints[0]
    high = {"exactly": ints[0], "from_to": ints[-1], "and_above": -1}[score.kind]  # -1: no upper end
    if score.kind == "from_to" and high < low:
        c.error(score, f"the range {low}-{high} is empty", code=codes.WRONG_ORDER)
        return
    formula = None
    levels: int | None = 0
    if outcome.kind != "swap" and plain_int(outcome.args[0]) is None:
        side, formula = _SIDES[outcome.kind], _row_formula(c, outcome)
        if formula is None:
            return
    else:
        side, levels = outcome_of(c, outcome)
    if levels is None:
        return
    every = _every(c, st.node.first("every"), high, low)
    if every is None:
        return
    if every and formula is not None:
        c.error(st.node.first("every"), "'+1 every N' adds to a fixed number of levels: write the levels the row "
                                         "gives as one number", code=codes.OUTCOME_NUMBER)
        return
    at_most = _at_most(c, st.node.first("at_most"), high, levels, low)
    if at_most is None:
        return
    if formula is not None and high == -1 and not at_most and not _bounded_anywhere(formula, low):
        c.error(outcome, "an open row's levels written as a number grow without end: give them a cap "
                         "('at most +N', or min(..., N))", code=codes.OUTCOME_NUMBER)
        return
    row = model.ThresholdRow(low, high, side, levels, every, at_most, formula or model.Number(()))
    _table(c, st).rows.append((row, st, score))


def _bounded_anywhere(formula: model.Number, low: int) -> bool:
    """Whether an open row's levels, written as a number, stay within 100 levels whatever the
    score from ``low`` up, the bid, the decks and the players (``min(..., 6)`` does): the table is
    not known yet here, and the checks try the row at its scores once it is."""
    wide = (0, ex.NUMBER_BOUND)
    reach = ex.number_range(formula, {"points": (low, ex.NUMBER_BOUND), "bid": wide,
                                      "decks": (1, ex.NUMBER_BOUND), "players": (1, ex.NUMBER_BOUND)})
    return reach is not None and reach[1] <= 100


def _row_written(c: Compiler, low: int, name: str) -> str:
    """Where a row's number written as a rule expression of the table (``every 40 * decks / 2``)
    is kept for the sheet until the table's rows are in order (``_finish_table`` gives it the row's
    index: ``thresholds[5].every``)."""
    return f"{c.statement.section}@{low}.{name}" if c.statement is not None else ""


def _every(c: Compiler, clause: Node | None, high: int, low: int) -> int | None:
    """The points per extra level of an open row ("+1 every 40"): 0 without the clause, None if
    it was reported."""
    if clause is None:
        return 0
    step_leaf, every_leaf = as_leaf(clause.args[0]), clause.args[1]
    if int(step_leaf.value) != 1:
        c.error(step_leaf, "an open row goes up one level at a time: write '+1 every N'", code=codes.CONTRADICTORY_STATEMENT)
        return None
    every = c.number(every_leaf, 1, MAX_POINTS, "the points per extra level", _row_written(c, low, "every"))
    if every is not None and high != -1:
        c.error(every_leaf, "only an open row ('N+') can add levels every N points", code=codes.CONTRADICTORY_STATEMENT)
        return None
    return every


def _at_most(c: Compiler, clause: Node | None, high: int, levels: int, low: int) -> int | None:
    """The most levels an open row gives ("at most +4"): 0 without the clause, None if it was
    reported."""
    if clause is None:
        return 0
    limit = clause.args[0]
    at_most = c.number(limit, *limits(model.ThresholdRow, "at_most"), "the most levels", _row_written(c, low, "at_most"))
    if at_most is None:
        return None
    if at_most < levels:
        c.error(limit, f"'at most +{at_most}' is below the row's own +{levels}", code=codes.CONTRADICTORY_STATEMENT)
        return None
    if high != -1:
        c.error(limit, "'at most' limits an open row ('N+'); this row is closed", code=codes.CONTRADICTORY_STATEMENT)
        return None
    return at_most


@handles("steps")
@_breaks_thresholds
def _steps(c: Compiler, st: Statement) -> None:
    table = _table(c, st)
    table.steps_statement = st
    path = UPGRADE_SECTIONS[st.section]
    step = c.number(st.node.args[0], 1, MAX_POINTS, "a step", f"{path}.steps")
    at_most = st.node.first("at_most")
    cap = 0 if at_most is None else c.number(at_most.args[0], 1, 100, "the attackers' most levels",
                                             f"{path}.steps_at_most")
    if step is None or cap is None:
        return
    per_deck = st.node.first("per_deck") is not None
    table.pending_steps = (step, per_deck, cap, st)


@finishes
def _finish_thresholds(c: Compiler) -> None:
    for path, table in c.upgrade_tables.items():
        _finish_table(c, path, table)


def _finish_table(c: Compiler, path: str, table: UpgradeTable) -> None:
    """Set the table field ``path`` from its rows, or from its 'steps:'."""
    if table.steps_statement is not None and table.rows:
        c.error(table.steps_statement, "write either 'steps:' or upgrade rows, not both", code=codes.CONTRADICTORY_STATEMENT)
        return
    if table.rows:
        rows = sorted(table.rows, key=lambda r: r[0].low)
        c.set(path, tuple(r for r, _, _ in rows), rows[0][1])
        for index, (row, st, _) in enumerate(rows):
            c.note_source(f"{path}[{index}]", st)
            for name in ("every", "at_most"):  # a number written as an expression, by the row's place
                tree = c.written.pop(f"{st.section}@{row.low}.{name}", None)
                if tree is not None:
                    c.written[f"{path}[{index}].{name}"] = tree
    elif table.pending_steps is not None:
        step, per_deck, cap, st = table.pending_steps
        if per_deck:
            step *= c.get("table.decks")
            tree = c.written.get(f"{path}.steps")
            if tree is not None:  # the step written as a number, then 'per deck': the sheet says both
                c.written[f"{path}.steps"] = ex.Number(("mul", tree, ("var", "decks")))
        granularity = score_granularity(c.get("table.points"))
        if step % granularity or step < 2 * granularity:
            c.error(st, f"a step of {step} points must be a multiple of {granularity} and at least {2 * granularity}", code=codes.CONTRADICTORY_STATEMENT)
            table.broken = True
            return
        c.set(path, standard_thresholds(step, granularity, cap), st)


# --- stakes --------------------------------------------------------------------------------------


@handles("game_points")
def _game_points(c: Compiler, st: Statement) -> None:
    rows: list[model.GamePoints] = []
    for row in child_nodes(st.node):
        outcome = as_node(row.args[0])
        side, levels = outcome_of(c, outcome)
        formula = model.Number(())
        amount = plain_int(row.args[-1])
        if amount is None:  # the stake as a number of the hand: 'banker +1 = bid / 10'
            # (a formula reported keeps its row, priced 0, so that no other error follows from it)
            points: int | None = 0
            formula = model.Number(number_tree(c, row.args[-1], ex.STAKE) or ())
        else:
            points = c.number(amount, *limits(model.GamePoints, "points"), "game points")
        if levels is None or points is None:
            continue
        or_more = row.first("or_more") is not None
        if any(r.side == side and r.levels == levels for r in rows):
            c.error(outcome, "this outcome is given game points twice", code=codes.REPEATED_VALUE)
            continue
        rows.append(model.GamePoints(side, levels, points, or_more, formula))
    c.set("stakes.game_points", tuple(rows), st)
    for index, priced in enumerate(rows):
        if priced.formula:  # where a check of the formula points (rows of fixed points have none)
            c.note_source(f"stakes.game_points[{index}]", st)


@handles("stake_multiplier")
def _stake_multiplier(c: Compiler, st: Statement) -> None:
    """``multiplier: 2 above 80, 3 above 40 * players``: each factor and threshold a number of the
    table (its formula kept for the sheet by the row's index, ``stakes.multipliers[0].above``)."""
    steps: list[model.StakeStep] = []
    for node in child_nodes(st.node):
        at = f"stakes.multipliers[{len(steps)}]"
        factor = c.number(node.args[0], *limits(model.StakeStep, "factor"), "a stake multiplier", f"{at}.factor")
        above = c.number(node.args[1], *limits(model.StakeStep, "above"), "a table-points threshold", f"{at}.above")
        if factor is None or above is None:
            continue
        if steps and above <= steps[-1].above:
            c.error(node, f"thresholds go upwards: {above} is not above {steps[-1].above}", code=codes.WRONG_ORDER)
            continue
        steps.append(model.StakeStep(above, factor))
    c.set("stakes.multipliers", tuple(steps))


@handles("coins")
def _coins(c: Compiler, st: Statement) -> None:
    banker, attackers, percent = st.node.args
    if c.set_numbers({
        "stakes.banker_base": (banker, *limits(model.Stakes, "banker_base"), "the bankers' base"),
        "stakes.attackers_base": (attackers, *limits(model.Stakes, "attackers_base"), "the attackers' base"),
        "stakes.winner_percent": (percent, *limits(model.Stakes, "winner_percent"), "the winner's share"),
    }):
        c.set("stakes.coins", True)


@handles("stake_share")
def _stake_share(c: Compiler, st: Statement) -> None:
    """``share: each loser pays each winner`` (pairwise) or ``share: each player`` (each, the default)."""
    c.set("stakes.share", "pairwise" if as_node(st.node.args[0]).kind == "share_pairwise" else "each")


@handles("leaving")
def _leaving(c: Compiler, st: Statement) -> None:
    leaver, others = st.node.args
    c.set_numbers({
        "stakes.leave_penalty": (leaver, *limits(model.Stakes, "leave_penalty"), "the leaver's loss"),
        "stakes.leave_others": (others, *limits(model.Stakes, "leave_others"), "the others' gain"),
    })
