"""The sections of the rules object that score a hand: ``thresholds`` (and ``solo_thresholds``), the
upgrade table from attackers' points to level changes; ``rotation``, who banks next; and
``stakes``, game points, stake multipliers, coins and leaving early."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

from .base import MAX_DECKS, MAX_POINTS, bounded, bounds, since
from .expressions import Condition, Effect, Number
from .levels import Trigger

#: the two sides of a hand
Side = Literal["banker", "attackers"]


def score_granularity(points: tuple[tuple[str, int], ...]) -> int:
    """Attackers' points always come in multiples of this (5 with the usual 5s, 10s and Ks):
    ``points`` as ``Table.points`` holds them."""
    g = 0
    for _, value in points:
        g = math.gcd(g, value)
    return g or 5


@dataclass(frozen=True, slots=True)
class ThresholdRow:
    """Attackers' points from ``low`` to ``high`` (inclusive; ``high`` -1: no upper end) give
    ``side`` ``levels`` levels ("attackers", 0 is a swap without a level change).  An open row adds
    one level every ``every`` points above ``low``, up to ``at_most`` levels (0: no limit).  A row
    whose ``formula`` is written gives the value of that number instead of ``levels`` (held at 0 and
    up, and at ``at_most``), ``points`` in it being the number the table is read with."""

    low: int = field(metadata=bounds(0, 999_999))
    high: int = field(metadata=bounds(0, 999_999, off=-1))
    side: Side
    levels: int = field(metadata=bounds(0, 100))
    #: (a row written says at most MAX_POINTS; 'steps: N per deck' makes up to that per deck)
    every: int = bounded(1, MAX_POINTS * MAX_DECKS, off=0, default=0)
    at_most: int = bounded(0, 100, default=0)
    #: the row's levels as a number of the hand (``(165 - points) / 10``); () the fixed ``levels``
    formula: Number = since(4, default=Number(()))


@dataclass(frozen=True, slots=True)
class Rotation:
    #: who banks after the bankers hold: the banker's partner, the same banker, or the next player of
    #: the banker team in turn order
    after_hold: Literal["partner", "same", "next-of-team"] = "partner"
    #: after the attackers take over: the next seat after the banker, or the winning team's player
    #: next in turn
    after_loss: Literal["next-seat", "next-of-team"] = "next-seat"
    #: if set, the player who made trump banks, whatever happened ("the last trump maker")
    declarer_banks: bool = False

    def triggers(self, seated: bool) -> tuple[Trigger, ...]:
        """``next banker:`` as the house rules after a hand it is a special case of (the statement
        is sugar for ``when``): ``when the bankers win: the next banker is ROLE`` and ``when the
        attackers win: the next banker is ROLE``, each ``ROLE`` the one its clause names: ``the
        banker``, ``the banker's partner`` (``seated``: the teams sit round the table; else the
        partner after a hold is the next player of the banker's team, as the engine has always read
        it), ``the next seat``, ``the first of the winners after the banker``.  The engine names
        the next banker by evaluating these trees (``engine/flow/outcome.next_banker_of``).  The
        trump maker's banking (``declarer_banks``, ``next banker: trump maker``) is the rule
        ``when a hand ends: the next banker is the declarer`` after them: the last rule that names
        somebody names the next banker, so the declarer banks where somebody declared, and where
        nobody did the role names nobody and the clauses before it decide (the banker's partner
        after a hold, the next seat after a loss: the rotation's own, which ``trump maker`` leaves
        as they are)."""
        return _rotation_triggers(self, seated)


#: a clause of ``next banker:`` → the role it names (``expressions.ROLES``)
_HOLD_ROLES = {"same": "banker", "partner": "partner", "next-of-team": "first-winner"}
_LOSS_ROLES = {"next-seat": "next-seat", "next-of-team": "first-winner"}


@lru_cache(maxsize=64)
def _rotation_triggers(rotation: Rotation, seated: bool) -> tuple[Trigger, ...]:
    hold = _HOLD_ROLES[rotation.after_hold]
    if hold == "partner" and not seated:
        hold = "first-winner"
    rotated = (Trigger(Condition(("fact", "wins", "bankers")), (Effect(("next-banker", hold)),)),
               Trigger(Condition(("fact", "wins", "attackers")), (Effect(("next-banker", _LOSS_ROLES[rotation.after_loss])),)))
    if rotation.declarer_banks:
        return rotated + (TRUMP_MAKER,)
    return rotated


#: ``next banker: trump maker`` as the house rule after a hand it is sugar for
TRUMP_MAKER = Trigger(Condition(("fact", "always")), (Effect(("next-banker", "declarer")),))


@dataclass(frozen=True, slots=True)
class GamePoints:
    """Table points for a hand's outcome: ``side`` gaining ``levels`` (``or_more``: and above).  A
    row whose ``formula`` is written gives the value of that number instead of ``points`` (held at
    0 and up, ``points`` 0), read with the hand's bid, points, kitty points and levels."""

    side: Side
    levels: int = field(metadata=bounds(0, 100))
    points: int = field(metadata=bounds(0, MAX_POINTS))
    or_more: bool = False
    #: the stake as a number of the hand (``bid / 5``); () the fixed ``points``
    formula: Number = since(4, default=Number(()))


@dataclass(frozen=True, slots=True)
class StakeStep:
    """When every player has more than ``above`` table points, a hand counts ``factor`` times."""

    above: int = field(metadata=bounds(0, 1_000_000))
    factor: int = field(metadata=bounds(1, 100))


@dataclass(frozen=True, slots=True)
class Stakes:
    game_points: tuple[GamePoints, ...] = ()
    multipliers: tuple[StakeStep, ...] = ()
    #: coins: X = levels + ``banker_base`` when the bankers win, levels + ``attackers_base`` when
    #: the attackers win; the loser pays X × room, the winner receives that × ``winner_percent`` %
    coins: bool = False
    banker_base: int = bounded(0, 100, default=1)
    attackers_base: int = bounded(0, 100, default=2)
    winner_percent: int = bounded(1, 100, default=100)
    #: leaving the table early: the leaver loses this many base points, every other player gains
    #: ``leave_others``
    leave_penalty: int = bounded(0, MAX_POINTS, default=0)
    leave_others: int = bounded(0, MAX_POINTS, default=0)
    #: how a hand's game points move between its sides: "each", every winner gains the hand's
    #: worth and every loser loses it; "pairwise", each loser pays the worth to each winner (a
    #: banker alone against three receives it from each of them, or pays it to each)
    share: Literal["each", "pairwise"] = since(4, default="each")

    def points_for(self, side: str, levels: int) -> int | None:
        """The game points of an outcome (``side`` gaining ``levels``; ("attackers", 0) is a swap):
        its own row, else the highest "or more" row of that side below it; None if no row applies.
        (A row whose points are a formula gives 0 here: ``row_for`` and the engine evaluate it.)"""
        row = self.row_for(side, levels)
        return None if row is None else row.points

    def row_for(self, side: str, levels: int) -> GamePoints | None:
        """The row that prices an outcome (as ``points_for`` reads it), None if no row applies."""
        best: GamePoints | None = None
        for row in self.game_points:
            if row.side != side:
                continue
            if row.levels == levels:
                return row
            if row.or_more and row.levels <= levels and (best is None or row.levels > best.levels):
                best = row
        return best
