"""The kitty's sections of the rules object: ``kitty``, the multiplier of the kitty's points when the
attackers win the last trick, and ``kitty_exchange``, what the table sees of the kitty."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .base import MAX_DECKS, MAX_TRACTOR, bounded, bounds, since
from .expressions import MAX_FORMULA_OPERATORS, Condition, Number

__all__ = ["MAX_FORMULA_OPERATORS", "Multiplier", "MultiplierRow", "KittyExchange", "KittyShowing"]


@dataclass(frozen=True, slots=True)
class MultiplierRow:
    width: int = field(metadata=bounds(1, MAX_DECKS))
    length: int = field(metadata=bounds(1, MAX_TRACTOR))
    factor: int = field(metadata=bounds(1, 1_000_000))
    #: a rainbow's row (``rainbow of N cards = F``): a last lead that is a rainbow whose largest part
    #: has ``length`` cards or more (the longest such row); ``width`` 1
    rainbow: bool = since(4, default=False)


@dataclass(frozen=True, slots=True)
class Multiplier:
    """How the kitty is multiplied when the attackers win the last trick.

    "table": by the type of the last lead's largest unit (``table``); with ``doubling`` each further
    set of a tractor beyond the longest listed doubles the factor.
    "formula": ``formula``, a number of the rule expressions (``rules.expressions``) evaluated with
    ``size`` (cards in the largest unit of the last lead), ``cards`` (all cards of the last lead),
    ``decks`` and ``players``, at most ``cap`` (0: no cap).
    "none": the kitty is never scored.
    """

    kind: Literal["table", "formula", "none"] = "table"
    table: tuple[MultiplierRow, ...] = (
        MultiplierRow(1, 1, 2),
        MultiplierRow(2, 1, 4),
        MultiplierRow(2, 2, 8),
        MultiplierRow(2, 3, 16),
    )
    doubling: bool = True
    #: a number's tree: ("num", 2), ("var", "size"), ("add"|"sub"|"mul"|"div"|"pow"|"min"|"max", a, b),
    #: with at most ``MAX_FORMULA_OPERATORS`` operators; () when the multiplier is not a formula
    formula: Number = Number(())
    cap: int = bounded(1, 1_000_000_000, off=0, default=0)


@dataclass(frozen=True, slots=True)
class KittyShowing:
    """The kitty shown to some of the table (version 4): ``moment`` one of
    ``expressions.SHOWING_MOMENTS`` ("before-burying": the kitty as dealt, before the player who
    takes it buries; "after-burying": the cards buried, once the last burial is over and before the
    first trick; "at-end": the cards buried, once the last trick is over), ``to`` one of
    ``expressions.AUDIENCES``: "everyone"; a team ("bankers", "attackers", "friends": the banker's
    team without the banker); or a role ("banker", "partner": the banker's seated partner,
    "burier": the player who buries, before burying the first and after it the last, "declarer":
    the player whose declaration stands, nobody when nobody declared)."""

    moment: Literal["before-burying", "after-burying", "at-end"] = since(4)
    to: Literal["everyone", "bankers", "attackers", "friends", "banker", "partner", "burier", "declarer"] = since(4)


@dataclass(frozen=True, slots=True)
class KittyExchange:
    """What the table sees of the kitty, and what may be buried.  Kept apart from ``Rules.kitty`` (the multiplier, whose
    JSON form is fixed) so that settings of the exchange itself have a home of their own.

    ``shown_before_burying``: the kitty as dealt is shown to every player before the banker takes
    it; ``shown_at_end``: the buried cards are shown to every player once the last trick is played.
    Otherwise only the player who buried it knows the kitty, but for the showings of
    ``shown_to``."""

    shown_before_burying: bool = since(2, default=False)
    shown_at_end: bool = since(2, default=False)
    #: the attackers who win the last trick score the kitty only when this condition holds (a
    #: tree of the rule expressions, read as the last trick ends); () always
    dug_when: Condition = since(3, default=Condition(()))
    #: the cards a player may bury, those of which this condition holds (a tree of the rule
    #: expressions whose subject is the card, judged at the hand's level and trump); a player who
    #: holds fewer of them than the kitty takes buries every one and makes up the rest with cards
    #: of their choice; () any card
    buried_when: Condition = since(4, default=Condition(()))
    #: who takes the kitty and buries (a role of ``expressions.BURIER_ROLES``, known once trump is
    #: set): "banker"; "partner", the banker's seated partner; "first-banker-after-declarer", the
    #: first player of the banker's team after the standing declarer (the declarer's partner when
    #: the declarer is a banker, the next player after an attacker; the banker when nobody
    #: declared).  The banker still leads the first trick
    buried_by: Literal["banker", "partner", "first-banker-after-declarer"] = since(4, default="banker")
    #: the kitty shown to some of the table, or to everyone after burying (version 4), each moment
    #: at most once, in the order of ``expressions.SHOWING_MOMENTS``; a showing to everyone before
    #: burying or at the end is ``shown_before_burying`` or ``shown_at_end`` (the compiler writes
    #: it so; written here it means the same); () none
    shown_to: tuple[KittyShowing, ...] = since(4, default=())
