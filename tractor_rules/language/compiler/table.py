"""Handlers for the ``table`` section: players, partners, decks, the deal and the points cards
carry."""

from __future__ import annotations

from ... import codes
from ... import rules as model
from ...rules import expressions
from ...rules.checks import removal_problem
from ..syntax import Node, Statement, as_leaf, as_node, leaf_int
from .core import (
    RANK_ORDER,
    YES_NO,
    Compiler,
    child_nodes,
    finishes,
    handles,
    handles_choice,
    limits,
)
from .expressions import condition_tree

# --- table ---------------------------------------------------------------------------------------


@handles("players")
def _players(c: Compiler, st: Statement) -> None:
    c.set_number("table.players", st.node.args[0], *limits(model.Table, "players"), "the number of players")


@handles("partners")
def _partners(c: Compiler, st: Statement) -> None:
    node = as_node(st.node.args[0])
    if node.kind == "called":
        n = c.number(node.args[0], *limits(model.Table, "called_cards"), "the number of called cards")
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
    c.set_number("table.decks", st.node.args[0], *limits(model.Table, "decks"), "the number of decks")


handles_choice("jokers", "table.jokers", YES_NO)


@handles("remove")
def _remove(c: Compiler, st: Statement) -> None:
    rank_leaves = [node.args[0] for node in child_nodes(st.node) if node.kind == "removed_rank"]
    ranks = c.distinct_ranks(Node("ranks", tuple(rank_leaves), st.pos), "removed twice")
    if len(ranks) >= len(model.RANKS) - 1:
        c.error(st, "a deck needs at least two ranks left", code=codes.CONTRADICTORY_STATEMENT)
        return
    c.set("table.removed_ranks", tuple(ranks))
    for node in child_nodes(st.node):
        if node.kind == "removed_rank":
            continue
        c.note_source("table.removed_cards", st)
        count_leaf = node.args[0] if node.args and as_leaf(node.args[0]).kind == "int" else None
        if node.kind == "removed_card":
            card = str(as_leaf(node.args[-1]).value)
        else:
            card = "BJ" if node.kind == "removed_big_jokers" else "SJ"
        c.card_removals.append((card, None if count_leaf is None else leaf_int(count_leaf), node, st.file))


@finishes
def _count_removed_cards(c: Compiler) -> None:
    """Count the cards ``remove`` takes out of the pack, now that the decks, the jokers and the
    removed ranks are known: every copy unless the statement gives a number."""
    if not c.card_removals:
        return
    decks, jokers = c.get("table.decks"), c.get("table.jokers")
    removed_ranks = c.get("table.removed_ranks")
    counted: dict[str, int] = {}
    for card, count, node, file in c.card_removals:
        # the rules' own judgement, which Rules.from_dict applies to the JSON form too
        problem = removal_problem(card, count, decks=decks, jokers=jokers, removed_ranks=removed_ranks,
                                  removed=counted)
        if problem is not None:
            message, code = problem
            c.error(node, message, file, code=code)
        else:
            counted[card] = decks if count is None else count
    c.values["table.removed_cards"] = tuple(sorted(counted.items(), key=lambda item: _deck_position(item[0])))


#: the jokers come after the suits in a deck, the small joker first (as the card codes do)
_JOKER_POSITIONS = {"SJ": 0, "BJ": 1}


def _deck_position(card: str) -> tuple[int, int]:
    """Where ``card`` comes in a deck: the suits in order, each by rank, then the jokers."""
    if card in _JOKER_POSITIONS:
        return (len(model.SUITS), _JOKER_POSITIONS[card])
    return (model.SUITS.index(card[-1]), RANK_ORDER[card[:-1]])


@handles("deal")
def _deal(c: Compiler, st: Statement) -> None:
    hand_leaf, kitty_leaf = st.node.args
    c.set_numbers({
        "table.hand_size": (hand_leaf, *limits(model.Table, "hand_size"), "the hand size"),
        "table.kitty_size": (kitty_leaf, *limits(model.Table, "kitty_size"), "the kitty size"),
    })


@handles("points")
def _points(c: Compiler, st: Statement) -> None:
    values: dict[str, int] = {}
    for point in child_nodes(st.node):
        rank_leaf, value_leaf = point.args
        rank = c.rank(rank_leaf)
        value = c.number(value_leaf, *limits(model.Table, "points"), "a card's points")
        if rank is None or value is None:
            continue
        if rank in values:
            c.error(rank_leaf, f"{rank} is given points twice", code=codes.REPEATED_VALUE)
            continue
        values[rank] = value
    ordered = sorted(((r, v) for r, v in values.items() if v), key=lambda rv: RANK_ORDER[rv[0]])
    c.set("table.points", tuple(ordered))


#: a limit of the called cards → its value in ``rules.expressions.LIMIT_FACTS`` and its words
_CALL_LIMITS = {
    "not_trumps": ("trumps", "not trumps"),
    "not_highest": ("highest", "not the highest card"),
    "not_points": ("points", "not point cards"),
}


@handles("called_cards")
def _called_cards(c: Compiler, st: Statement) -> None:
    """``called cards: any``, ``not trumps, ...`` or ``when CONDITION``: the condition a card must
    meet to be called.  The limits are a shorter way to write the condition: ``not trumps, not
    point cards`` compiles to what ``when not a trump and not a point card`` does."""
    if st.node.args and as_node(st.node.args[0]).kind not in _CALL_LIMITS:
        condition = condition_tree(c, st.node.args[0], expressions.CALL)
        if condition is not None:
            c.set("table.called_when", expressions.Condition(condition))
        return
    limits: list[str] = []
    for node in child_nodes(st.node):
        value, words = _CALL_LIMITS[node.kind]
        if value in limits:
            c.error(node, f"'{words}' is written twice", code=codes.REPEATED_VALUE)
            return
        limits.append(value)
    c.set("table.called_when", expressions.limits_condition(tuple(limits)))


handles_choice("called_copies", "table.count_banker_copies", {"count_own": True, "skip_own": False})
handles_choice("join_twice", "table.join_twice", YES_NO)
