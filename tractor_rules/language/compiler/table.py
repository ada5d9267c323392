"""Handlers for the preamble (name, description) and the ``table`` section: players, partners,
decks, the deal and the points cards carry."""

from __future__ import annotations

from ... import rules as model
from ..syntax import Statement, as_leaf, as_node
from .core import (
    MAX_DECKS,
    MAX_PLAYERS,
    MAX_POINTS,
    RANK_ORDER,
    YES_NO,
    Compiler,
    child_nodes,
    handles,
    handles_choice,
)

# --- preamble ------------------------------------------------------------------------------------


@handles("ruleset_name")
def _ruleset_name(c: Compiler, st: Statement) -> None:
    leaf = as_leaf(st.node.args[0])
    name = str(leaf.value).strip()
    if not name:
        c.error(leaf, "the ruleset's name is empty")
    elif len(name) > 200:
        c.error(leaf, f"the ruleset's name is {len(name)} characters long; at most 200")
    else:
        c.set("name", name)


@handles("description")
def _description(c: Compiler, st: Statement) -> None:
    leaf = as_leaf(st.node.args[0])
    text = str(leaf.value)
    if len(text) > 4000:
        c.error(leaf, f"the description is {len(text)} characters long; at most 4000")
    else:
        c.set("description", text.strip())


# --- table ---------------------------------------------------------------------------------------


@handles("players")
def _players(c: Compiler, st: Statement) -> None:
    c.set_number("table.players", st.node.args[0], 2, MAX_PLAYERS, "the number of players")


@handles("partners")
def _partners(c: Compiler, st: Statement) -> None:
    node = as_node(st.node.args[0])
    if node.kind == "called":
        n = c.number(node.args[0], 1, MAX_PLAYERS // 2, "the number of called cards")
        if n is not None:
            c.set("table.partnership", "called")
            c.set("table.called_cards", n)
    else:
        c.set("table.partnership", node.kind)
        c.set("table.called_cards", 0)


@handles("direction")
def _direction(c: Compiler, st: Statement) -> None:
    c.set("table.direction", str(as_leaf(st.node.args[0]).value))


@handles("decks")
def _decks(c: Compiler, st: Statement) -> None:
    c.set_number("table.decks", st.node.args[0], 1, MAX_DECKS, "the number of decks")


handles_choice("jokers", "table.jokers", YES_NO)


@handles("remove")
def _remove(c: Compiler, st: Statement) -> None:
    ranks = c.distinct_ranks(st.node, "removed twice")
    if len(ranks) >= len(model.RANKS) - 1:
        c.error(st, "a deck needs at least two ranks left")
        return
    c.set("table.removed_ranks", tuple(ranks))


@handles("deal")
def _deal(c: Compiler, st: Statement) -> None:
    hand_leaf, kitty_leaf = st.node.args
    c.set_numbers({
        "table.hand_size": (hand_leaf, 1, 1000, "the hand size"),
        "table.kitty_size": (kitty_leaf, 0, 1000, "the kitty size"),
    })


@handles("points")
def _points(c: Compiler, st: Statement) -> None:
    values: dict[str, int] = {}
    for point in child_nodes(st.node):
        rank_leaf, value_leaf = point.args
        rank = c.rank(rank_leaf)
        value = c.number(value_leaf, 0, MAX_POINTS, "a card's points")
        if rank is None or value is None:
            continue
        if rank in values:
            c.error(rank_leaf, f"{rank} is given points twice")
            continue
        values[rank] = value
    ordered = sorted(((r, v) for r, v in values.items() if v), key=lambda rv: RANK_ORDER[rv[0]])
    c.set("table.points", tuple(ordered))


#: a limit of the called cards → its value in ``table.call_limits`` and its words
_CALL_LIMITS = {
    "not_trumps": ("trumps", "not trumps"),
    "not_highest": ("highest", "not the highest card"),
    "not_points": ("points", "not point cards"),
}


@handles("called_cards")
def _called_cards(c: Compiler, st: Statement) -> None:
    limits: list[str] = []
    for node in child_nodes(st.node):
        value, words = _CALL_LIMITS[node.kind]
        if value in limits:
            c.error(node, f"'{words}' is written twice")
            return
        limits.append(value)
    c.set("table.call_limits", tuple(limits))


handles_choice("called_copies", "table.count_banker_copies", {"count_own": True, "skip_own": False})
