"""Table stakes (RULES.md §11, seed 000 and seed 001): what a hand is worth at the table, in game
points and in coins, and what leaving early costs.  Everything is read from ``rules.stakes``."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from ...rules import Rules, expressions
from ..errors import EngineError


def _whole(value: object, what: str) -> int:
    """``value`` if it is a whole number of 0 or more, else the oracle's error for a bad argument."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise EngineError(f"{what} is a whole number, not {value!r:.80}")
    if value < 0:
        raise EngineError(f"{what} cannot be negative, not {value}")
    return value


def _side(side: object) -> str:
    if side not in ("banker", "attackers"):
        raise EngineError(f"side is 'banker' or 'attackers', not {side!r:.80}")
    return side


def stake_factor(rules: Rules, table_points: Sequence[int]) -> int:
    """The multiplier every player's table points have reached: the highest step whose threshold
    all of them are above (1 when none, or when no points are given)."""
    factor = 1
    if isinstance(table_points, (str, bytes)) or not isinstance(table_points, Sequence):
        raise EngineError(f"table points are a list of whole numbers, not {table_points!r:.80}")
    for points in table_points:  # table points go below zero: a player who keeps losing
        if isinstance(points, bool) or not isinstance(points, int):
            raise EngineError(f"table points are whole numbers, not {points!r:.80}")
    if not table_points:
        return factor
    lowest = min(table_points)
    for step in rules.stakes.multipliers:
        if lowest > step.above:
            factor = max(factor, step.factor)
    return factor


def hand_points(rules: Rules, side: str, levels: int, table_points: Sequence[int] = (), *, bid: int = 0,
                points: int = 0, kitty_points: int = 0, values: Mapping[Any, int] | None = None,
                house: Callable[[int], int] | None = None) -> int:
    """The game points each winner gains (and each loser loses) for the outcome.  A row whose points
    are a number of the hand reads the winning ``bid``, the attackers' ``points``, the
    ``kitty_points``, the ``levels`` and the table; its value is held at 0 and up.  ``values``: the
    other quantities it reads, by key (``expressions.quantity_key``: ``"overturns"``,
    ``("team-size", "bankers")``, ``("team-level", "attackers")``, ``("player-level", "banker")``).
    ``house``: what the house rules after the hand make of the row's points (``the hand is worth N
    game points``: ``after_hand.worth_after``), before the table's multiplier."""
    base = row_points(rules, side, levels, bid=bid, points=points, kitty_points=kitty_points, values=values)
    if house is not None:
        base = house(base)
    return base * stake_factor(rules, table_points)


def row_points(rules: Rules, side: str, levels: int, *, bid: int = 0, points: int = 0, kitty_points: int = 0,
               values: Mapping[Any, int] | None = None) -> int:
    """The game points of the outcome's row of ``stakes.game_points`` (``hand_points`` without the
    house rules and the table's multiplier)."""
    row = rules.stakes.row_for(_side(side), _whole(levels, "levels"))
    if row is None:
        raise EngineError(f"the ruleset gives no game points for {side} +{levels}")
    base = row.points
    if row.formula:
        known = {"bid": _whole(bid, "the bid"), "points": _whole(points, "points"),
                 "kitty-points": _whole(kitty_points, "kitty points"), "levels": levels,
                 "decks": rules.table.decks, "players": rules.table.players}
        for key, value in (values or {}).items():
            known.setdefault(key, _whole(value, f"the value of {key!r:.60}"))
        try:
            base = max(0, expressions.evaluate_number(row.formula, known))
        except KeyError as exc:
            raise EngineError(f"the game points read {exc.args[0]!r}, which is not known here") from None
    return base


def table_points_change(rules: Rules, worth: int, winners: Collection[int]) -> list[int]:
    """Each seat's change of table points when the hand's ``winners`` win ``worth``
    (``stakes.share``): "each", every winner gains it and every loser loses it; "pairwise", each
    loser pays it to each winner, so a winner gains it once per loser and a loser loses it once per
    winner."""
    n = rules.table.players
    if rules.stakes.share == "pairwise":
        won = sum(1 for s in range(n) if s in winners)
        return [worth * (n - won) if s in winners else -worth * won for s in range(n)]
    return [worth if s in winners else -worth for s in range(n)]


def coins(rules: Rules, side: str, levels: int, room: int) -> tuple[int, int]:
    """(the winner receives, the loser pays): X × room and that × the winner's share, where X is the
    levels gained plus the winning side's base."""
    stakes = rules.stakes
    _side(side)
    _whole(levels, "levels")
    _whole(room, "the room's coefficient")
    if not stakes.coins:
        raise EngineError("the ruleset plays for no coins")
    x = levels + (stakes.banker_base if side == "banker" else stakes.attackers_base)
    pays = x * room
    return pays * stakes.winner_percent // 100, pays


def leaving(rules: Rules, base: int) -> tuple[int, int]:
    """(the leaver loses, each other player gains) for ``base`` points at stake."""
    _whole(base, "the points at stake")
    return rules.stakes.leave_penalty * base, rules.stakes.leave_others * base
