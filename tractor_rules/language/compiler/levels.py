"""Handlers for the ``levels`` section: the range of levels, mandatory and defended levels, knocking
back, who banks next, when the game ends, and the conditions on the bankers' gain (the last trick, a
bonus for a smaller team)."""

from __future__ import annotations

from ... import codes
from ... import rules as model
from ...rules import expressions
from ..syntax import Node, Statement, as_node
from .core import RANK_ORDER, Compiler, child_nodes, choice, finishes, handles, handles_choice, limits
from .expressions import condition_tree, effect_trees

#: banker rules by the outcome they apply to, each alternative → ``Rotation`` value
_AFTER_HOLD = {"partner_after_hold": "partner", "same_after_hold": "same", "team_after_hold": "next-of-team"}
_AFTER_LOSS = {"seat_after_loss": "next-seat", "winners_after_loss": "next-of-team"}
_GAME_ENDS = {"end_at_last": "last", "end_on_reaching_last": "reach-last", "end_beyond_last": "beyond-last",
              "end_past_last": "past-last"}
#: the trumps of the extra level beyond the last, by the words after "beyond the last level,"
_BEYOND_TRUMPS = {"beyond_jokers_only": "jokers-only"}


@handles("level_range")
def _level_range(c: Compiler, st: Statement) -> None:
    chosen = st.node.first("chosen_levels")
    if chosen is not None:
        _chosen_levels(c, st, chosen)
        return
    first_leaf, last_leaf = st.node.args
    first = c.rank(first_leaf)
    last = c.rank(last_leaf)
    if first is None or last is None:
        return
    if RANK_ORDER[first] > RANK_ORDER[last]:
        c.error(st, f"levels run upwards: {first} comes after {last}", code=codes.WRONG_ORDER)
        return
    c.set("levels.first", first)
    c.set("levels.last", last)


def _chosen_levels(c: Compiler, st: Statement, node: Node) -> None:
    """``range: 2, 5, 10, K, A``: only these levels, climbed in the order written (upwards)."""
    written = c.distinct_ranks(node, "listed twice")
    if len(written) != len(node.args):
        return
    for earlier, later, leaf in zip(node.args, node.args[1:], node.args[1:]):
        low, high = c.rank(earlier), c.rank(later)
        if low is not None and high is not None and RANK_ORDER[low] > RANK_ORDER[high]:
            c.error(leaf, f"levels run upwards: {high} comes after {low}", code=codes.WRONG_ORDER)
            return
    c.set("levels.first", written[0])
    c.set("levels.last", written[-1])
    c.set("levels.chosen", tuple(written))


@handles("mandatory")
def _mandatory(c: Compiler, st: Statement) -> None:
    c.set("levels.mandatory", tuple(c.distinct_ranks(st.node, "listed twice")))


@handles("defend")
def _defend(c: Compiler, st: Statement) -> None:
    c.set("levels.defended", tuple(c.distinct_ranks(st.node, "listed twice")))


@handles("rounds")
def _rounds(c: Compiler, st: Statement) -> None:
    """``rounds: 2``: the ladder is climbed twice; ``rounds: unlimited``: without end (0)."""
    if not st.node.args:
        c.set("levels.rounds", 0)
        return
    c.set_number("levels.rounds", st.node.args[0], *limits(model.Levels, "rounds"), "the number of rounds")


@handles("knock_back")
def _knock_back(c: Compiler, st: Statement) -> None:
    knocks: list[model.KnockBack] = []
    for knock in child_nodes(st.node):
        level = c.rank(knock.args[0])
        to = c.rank(knock.args[1])
        trigger = _knock_trigger(c, knock.first("on_any_loss") or knock.first("attackers_last_single"))
        if level is None or to is None or trigger is None:
            continue
        if RANK_ORDER[to] >= RANK_ORDER[level]:
            c.error(knock, f"knocking back goes down: {to} is not below {level}", code=codes.WRONG_ORDER)
            continue
        if any(k.level == level for k in knocks):
            c.error(knock, f"{level} is knocked back twice", code=codes.REPEATED_VALUE)
            continue
        when, single = trigger
        # the single card's rank is kept only where it differs from the level's own
        knocks.append(model.KnockBack(level, to, when, "" if single == level else single))
    c.set("levels.knock_back", tuple(knocks))


def _knock_trigger(c: Compiler, clause: Node | None) -> tuple[model.KnockTrigger, str] | None:
    """What sets a knock back off, as (``KnockBack.when``, the single card's rank or ""); None if
    the clause holds a bad rank (reported).  Without a clause: a loss to a single card of the
    level's rank."""
    if clause is None:
        return "lost-to-single", ""
    if clause.kind == "on_any_loss":
        return "any-loss", ""
    single = c.rank(clause.args[0])
    return None if single is None else ("last-trick-single", single)


@handles("next_banker")
def _next_banker(c: Compiler, st: Statement) -> None:
    seen: dict[str, Node] = {}
    for rule in child_nodes(st.node):
        slot = "hold" if rule.kind in _AFTER_HOLD else "loss" if rule.kind in _AFTER_LOSS else "maker"
        if slot in seen:
            c.error(rule, f"this says twice who banks {'after a ' + slot if slot != 'maker' else ''}".rstrip(), code=codes.REPEATED_VALUE)
            continue
        seen[slot] = rule
    if "maker" in seen and len(seen) > 1:
        c.error(st, "'trump maker' decides every hand; it cannot be combined with other rules", code=codes.CONTRADICTORY_STATEMENT)
        return
    c.set("rotation.declarer_banks", "maker" in seen)
    if "hold" in seen:
        c.set("rotation.after_hold", choice(seen["hold"], _AFTER_HOLD))
    if "loss" in seen:
        c.set("rotation.after_loss", choice(seen["loss"], _AFTER_LOSS))


@handles("game_end")
def _game_end(c: Compiler, st: Statement) -> None:
    rule = as_node(st.node.args[0])
    if rule.kind == "end_after_hands":
        n = c.number(rule.args[0], *limits(model.Levels, "end_hands"), "the number of hands", "levels.end_hands")
        if n is not None:
            c.set("levels.game_end", "hands")
            c.set("levels.end_hands", n)
            _beyond_trumps(c, rule)
        return
    c.set("levels.game_end", choice(rule, _GAME_ENDS))
    c.set("levels.end_hands", 0)
    _beyond_trumps(c, rule)


def _beyond_trumps(c: Compiler, rule: Node) -> None:
    """The extra level's trumps: as written after "beyond the last level,", else a no-trump hand
    at the last level's rank.  Another game end has no extra level: it sets the field back to the
    default only where a parent changed it, so that the field stays unset (and unsourced) in files
    that never speak of it."""
    trumps = rule.nodes() if rule.kind == "end_beyond_last" else []
    value = choice(trumps[0], _BEYOND_TRUMPS) if trumps else "no-trump"
    if rule.kind == "end_beyond_last" or c.get("levels.beyond_trumps") != value:
        c.set("levels.beyond_trumps", value)


handles_choice("banker_goes_up", "levels.hold_needs_last_trick", {"always_up": False, "up_with_last_trick": True})


@handles("smaller_team_bonus")
def _smaller_team_bonus(c: Compiler, st: Statement) -> None:
    if not st.node.args:  # none
        c.set("levels.short_team_bonus", 0)
        return
    c.set_number("levels.short_team_bonus", st.node.args[0], *limits(model.Levels, "short_team_bonus"), "a bonus")


@handles("trigger")
def _trigger(c: Compiler, st: Statement) -> None:
    """``when CONDITION: EFFECT, ...``: gathered in the order written (a parent's first), set once
    every statement is read."""
    condition = condition_tree(c, st.node.args[0])
    effects = effect_trees(c, list(st.node.args[1:]))
    if condition is None or any(e is None for e in effects):
        return
    c.triggers.append((model.Trigger(model.Condition(condition), tuple(model.Effect(e) for e in effects if e)), st))


@handles("end_early")
def _end_early(c: Compiler, st: Statement) -> None:
    """``end early: when CONDITION``: the condition asked after every trick; ``never``: every hand
    is played out."""
    if not st.node.args:  # never
        c.set("levels.end_early", model.Condition(()))
        return
    condition = condition_tree(c, st.node.args[0], expressions.TRICK)
    if condition is not None:
        c.set("levels.end_early", model.Condition(condition))


@handles("concede")
def _concede(c: Compiler, st: Statement) -> None:
    """``concede: when CONDITION``: the condition asked of each player after every trick, who may
    then end the hand; ``never``: nobody may."""
    if not st.node.args:  # never
        c.set("levels.concede", model.Condition(()))
        return
    condition = condition_tree(c, st.node.args[0], expressions.CONCEDE)
    if condition is not None:
        c.set("levels.concede", model.Condition(condition))


@finishes
def _finish_triggers(c: Compiler) -> None:
    if c.triggers:
        c.set("levels.after_hand", tuple(trigger for trigger, _ in c.triggers), c.triggers[-1][1])
