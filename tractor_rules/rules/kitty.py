"""The kitty's sections of the rules object: ``kitty``, the multiplier of the kitty's points when the
attackers win the last trick, and ``kitty_exchange``, what the table sees of the kitty."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .base import MAX_DECKS, MAX_TRACTOR, bounded, bounds, since

#: the most operators (``+``, ``*`` or ``×``, ``^``) a kitty formula holds: the one limit of the
#: language (the parser), the JSON form (``Rules.from_dict``) and the JSON Schema's description; it
#: also bounds how deep the formula's tree nests, and so every walk over it
MAX_FORMULA_OPERATORS = 64


@dataclass(frozen=True, slots=True)
class MultiplierRow:
    width: int = field(metadata=bounds(1, MAX_DECKS))
    length: int = field(metadata=bounds(1, MAX_TRACTOR))
    factor: int = field(metadata=bounds(1, 1_000_000))


@dataclass(frozen=True, slots=True)
class Multiplier:
    """How the kitty is multiplied when the attackers win the last trick.

    "table": by the type of the last lead's largest unit (``table``); with ``doubling`` each further
    set of a tractor beyond the longest listed doubles the factor.
    "formula": ``formula`` evaluated with ``size`` (cards in the largest unit of the last lead) and
    ``cards`` (all cards of the last lead), at most ``cap`` (0: no cap).
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
    #: a small expression tree: ["num", 2], ["var", "size"], ["add"|"mul"|"pow", a, b], with at most
    #: ``MAX_FORMULA_OPERATORS`` operator nodes
    formula: tuple = ()
    cap: int = bounded(1, 1_000_000_000, off=0, default=0)


@dataclass(frozen=True, slots=True)
class KittyExchange:
    """What the table sees of the kitty.  Kept apart from ``Rules.kitty`` (the multiplier, whose
    JSON form is fixed) so that settings of the exchange itself have a home of their own.

    ``shown_before_burying``: the kitty as dealt is shown to every player before the banker takes
    it; ``shown_at_end``: the buried cards are shown to every player once the last trick is played.
    Otherwise only the player who buried it knows the kitty."""

    shown_before_burying: bool = since(2, default=False)
    shown_at_end: bool = since(2, default=False)
