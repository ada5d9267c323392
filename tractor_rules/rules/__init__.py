"""The compiled rules object: one immutable, typed value per variant axis.

Nothing here refers to the ruleset syntax.  The compiler fills these classes from ruleset text; the
engine, the rule sheets and the JSON export read them.  Every field has a JSON form (see
``tractor_rules.codec``) and a JSON Schema derived from the type hints (``tractor_rules.schema``).

Cards are named by rank strings ``"2"`` .. ``"10"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``, suits
``"S"``, ``"H"``, ``"D"``, ``"C"``, and the jokers ``"BJ"`` (big) and ``"SJ"`` (small).

One module per section, as the compiler has (``tractor_rules.language.compiler``): ``base`` (the
cards' names, the schema version, ``since``, ``Source``), ``table``, ``levels``, ``trumps``,
``combinations``, ``declaring``, ``play`` (leading, following, ruffing), ``kitty``, ``scoring``
(the upgrade table, rotation, stakes), ``flow`` (a hand's phases, in order), ``kinds`` (the kinds
of combination, as data) and ``ruleset``
(``Rules`` itself, with the rules oracle's methods).  Import the names from this package:
``from tractor_rules.rules import Rules``.
"""

from __future__ import annotations

from .base import (
    FORBIDDEN_IN_TEXT,
    JOKERS,
    MAX_DECKS,
    MAX_PLAYERS,
    MAX_POINTS,
    MAX_TRACTOR,
    RANKS,
    SCHEMA_VERSION,
    SUITS,
    Source,
    Suit,
    bounded,
    bounds,
    limits,
    since,
)
from .auction import Auction, AuctionDirection
from .combinations import Combinations, LinkKind, LinkTier
from .flow import PHASE_KINDS, STANDARD_PHASES, PhaseKind, hand_phases
# (``Kind`` stays in ``rules.kinds``: the dataclasses here are the JSON form's, and a kind is derived)
from .kinds import KIND_NAMES, KindName, rule_kinds, throw_words
from .declaring import DeclareStep, Declaring, Fallback, reinforces, same_rung, round_ladder, side_reinforces, step_words
from .kitty import MAX_FORMULA_OPERATORS, KittyExchange, KittyShowing, Multiplier, MultiplierRow
from .expressions import Condition, Effect, Number
from .levels import KnockBack, KnockTrigger, Levels, Trigger
from .play import (
    Count,
    FollowList,
    Following,
    LeadShape,
    Leading,
    Pattern,
    Penalty,
    Ruffing,
    Term,
    THROW_KINDS,
    ThrowKind,
    width_name,
)
from .ruleset import DERIVED_VALUES, NOT_PLAY_FIELDS, Rules, Translation
from .scoring import GamePoints, Rotation, Side, StakeStep, Stakes, ThresholdRow, score_granularity
from .table import Table
from .trumps import TierKind, TrumpTier, Trumps, tier_words

__all__ = [
    # base
    "SCHEMA_VERSION",
    "RANKS",
    "SUITS",
    "JOKERS",
    "FORBIDDEN_IN_TEXT",
    "Suit",
    "since",
    "bounded",
    "bounds",
    "limits",
    "MAX_PLAYERS",
    "MAX_DECKS",
    "MAX_POINTS",
    "MAX_TRACTOR",
    "Source",
    # table
    "Table",
    # auction
    "Auction",
    "AuctionDirection",
    # levels
    "KnockTrigger",
    "KnockBack",
    "Levels",
    "Trigger",
    # expressions
    "Number",
    "Condition",
    "Effect",
    # trumps
    "TierKind",
    "TrumpTier",
    "Trumps",
    "tier_words",
    # combinations
    "LinkKind",
    "LinkTier",
    "Combinations",
    # declaring
    "DeclareStep",
    "Fallback",
    "Declaring",
    "reinforces",
    "round_ladder",
    "side_reinforces",
    "same_rung",
    "step_words",
    # flow
    "PhaseKind",
    "PHASE_KINDS",
    "STANDARD_PHASES",
    "hand_phases",
    # kinds
    "KindName",
    "KIND_NAMES",
    "rule_kinds",
    "throw_words",
    # play
    "Penalty",
    "Leading",
    "THROW_KINDS",
    "ThrowKind",
    "Count",
    "Term",
    "Pattern",
    "width_name",
    "LeadShape",
    "FollowList",
    "Following",
    "Ruffing",
    # kitty
    "MAX_FORMULA_OPERATORS",
    "MultiplierRow",
    "Multiplier",
    "KittyExchange",
    "KittyShowing",
    # scoring
    "Side",
    "ThresholdRow",
    "Rotation",
    "GamePoints",
    "StakeStep",
    "Stakes",
    "score_granularity",
    # ruleset
    "NOT_PLAY_FIELDS",
    "DERIVED_VALUES",
    "Translation",
    "Rules",
]
