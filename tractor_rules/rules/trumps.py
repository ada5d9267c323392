"""The ``trumps`` section of the rules object: the trump order, band by band, and what is trump in a
no-trump hand."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .base import since

TierKind = Literal[
    "big-joker",
    "small-joker",
    "level-in-trump-suit",
    "level-in-other-suits",
    "rank-in-trump-suit",
    "rank-in-other-suits",
    "card",
    "trump-suit",
]


@dataclass(frozen=True, slots=True)
class TrumpTier:
    """One band of the trump order.  ``rank`` is set for the rank kinds, ``card`` (e.g. "5H") for a
    single constant card."""

    kind: TierKind
    rank: str | None = None
    card: str | None = None


def tier_words(kind: str, rank: str | None = None, card: str | None = None) -> str:
    """A trump band (of the order or of a link chain) in the language's words: "big joker",
    "5 in other suits", "5H"."""
    if kind in ("rank-in-trump-suit", "rank-in-other-suits"):
        return f"{rank} in {'trump suit' if kind == 'rank-in-trump-suit' else 'other suits'}"
    if kind == "card":
        return str(card)
    if kind == "rank":
        return str(rank)
    return kind.replace("-", " ")


def _classic_order() -> tuple[TrumpTier, ...]:
    return (
        TrumpTier("big-joker"),
        TrumpTier("small-joker"),
        TrumpTier("level-in-trump-suit"),
        TrumpTier("level-in-other-suits"),
        TrumpTier("trump-suit"),
    )


@dataclass(frozen=True, slots=True)
class Trumps:
    #: highest first; "trump-suit" is the rest of the trump suit, by rank
    order: tuple[TrumpTier, ...] = field(default_factory=_classic_order)
    #: in a no-trump hand: jokers, level cards and constant trumps are trump, or jokers (and
    #: constant trumps) only
    no_trump: Literal["jokers-and-levels", "jokers-only"] = "jokers-and-levels"
    #: whether the constant ranks are also levels (Shandong: 2, 3 and 5 are constant trumps and
    #: played as levels): at such a level that rank's cards are the level cards, in the level
    #: tiers, and its own constant tiers stand empty; without it a constant rank is never a level
    constant_levels: bool = since(4, default=False)

    @property
    def constant_ranks(self) -> tuple[str, ...]:
        seen: list[str] = []
        for tier in self.order:
            if tier.rank is not None and tier.rank not in seen:
                seen.append(tier.rank)
        return tuple(seen)

    @property
    def never_levels(self) -> tuple[str, ...]:
        """The constant ranks that are never levels: all of them, unless they are levels too."""
        return () if self.constant_levels else self.constant_ranks

    @property
    def constant_cards(self) -> tuple[str, ...]:
        return tuple(t.card for t in self.order if t.card is not None)
