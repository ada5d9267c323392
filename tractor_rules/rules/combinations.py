"""The ``combinations`` section of the rules object: the sets, tractors and straights a player may
lead, the trump bands that link into tractors, how a play is grouped, bombs and rainbows.  The kinds
of combination these fields make are listed, as data, by ``rules.kinds`` (``Rules.kinds()``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .base import MAX_DECKS, MAX_TRACTOR, bounded, since


LinkKind = Literal[
    "big-joker",
    "small-joker",
    "level-in-trump-suit",
    "level-in-other-suits",
    "rank-in-trump-suit",
    "rank-in-other-suits",
    "card",
    "top-of-trump-suit",
    "level",
    "rank",
]


@dataclass(frozen=True, slots=True)
class LinkTier:
    """A band of trumps that may join a tractor with its neighbours in a link chain.  In a suit hand
    the kinds are those of ``TrumpTier`` plus "top-of-trump-suit" (the highest plain card of the
    trump suit); in a no-trump chain they are "big-joker", "small-joker", "level" and "rank"."""

    kind: LinkKind
    rank: str | None = None
    card: str | None = None


@dataclass(frozen=True, slots=True)
class Combinations:
    #: widths of the sets a player may lead: 1 single, 2 pair, 3 triple, 4 quad, ...
    set_widths: tuple[int, ...] = bounded(1, MAX_DECKS, default=(1, 2))
    #: widths of the sets that join into tractors (2: tractors of pairs, 3: of triples, ...)
    tractor_widths: tuple[int, ...] = bounded(2, MAX_DECKS, default=(2,))
    #: the least and greatest (0: no upper bound) number of sets in a tractor, for every width
    #: that ``tractor_lengths`` does not list
    tractor_min_length: int = bounded(2, MAX_TRACTOR, default=2)
    tractor_max_length: int = bounded(2, MAX_TRACTOR, off=0, default=0)
    #: widths whose tractors have lengths of their own: (width, least, greatest; 0: no upper bound),
    #: e.g. ((3, 2, 0),) where pairs need three in a row but two triples make a tractor
    tractor_lengths: tuple[tuple[int, int, int], ...] = bounded(2, MAX_TRACTOR, off=0, default=(), version=2)
    #: whether the hole left in a suit by the level rank (and constant ranks) is bridged
    bridge_gaps: bool = True
    #: chains of trump bands that adjoin in a suit hand, each highest first
    links: tuple[tuple[LinkTier, ...], ...] = (
        (
            LinkTier("big-joker"),
            LinkTier("small-joker"),
            LinkTier("level-in-trump-suit"),
            LinkTier("level-in-other-suits"),
            LinkTier("top-of-trump-suit"),
        ),
    )
    #: chains of trump bands that adjoin in a no-trump hand
    no_trump_links: tuple[tuple[LinkTier, ...], ...] = (
        (LinkTier("big-joker"), LinkTier("small-joker"), LinkTier("level")),
    )
    #: "largest": a play splits into the largest units (tractors before sets);
    #: "identical": identical cards always stay in one unit (AAAAKKK is AAAA + KKK)
    grouping: Literal["largest", "identical"] = "largest"
    #: 0: no bombs; n: n or more identical cards beat any other play
    bomb_width: int = bounded(2, MAX_DECKS, off=0, default=0)
    #: a bomb may join adjacent sets of two or more identical cards (of any sizes) into one bomb:
    #: 3333 44 is a bomb of six cards (rbtying issue 262); bombs compare by their largest set
    bomb_joins_sets: bool = since(2, default=False)
    #: 0: no rainbows; n: a lead of n or more cards of one rank in four suits (jokers never; a
    #: trump-suit card counts as a trump, so all-trump level cards never) is a rainbow; several
    #: such ranks led together are a rainbow throw (rbtying CompoundFormats; engine/deck/rainbows.py)
    rainbow_min: int = bounded(4, 4 * MAX_DECKS, off=0, default=0, version=2)
    #: rainbows are bombs too (Forty Points' four of a rank, one of each suit): a rainbow of one rank
    #: played to any other lead of as many cards beats every play that is no stronger bomb; between
    #: bombs the one with more cards of one rank wins, then identical cards beat a rainbow, then the
    #: higher rank (engine/rulings/tricks.py)
    rainbow_bombs: bool = since(4, default=False)
    #: rainbows among trumps (Shandong's 闪 and 震): a rainbow's cards are all trumps and cover the four
    #: printed suits, so only ranks that are trumps in every suit (the level rank, the constant
    #: ranks) make one; ranks compare by the trump order, and a follower without the parts follows
    #: trumps (engine/deck/rainbows.py)
    rainbow_trumps: bool = since(4, default=False)
    #: 0: no straights; n: n or more single cards in sequence, of one suit or all trumps, are one
    #: combination (顺子, 山东升级's 雨): in the engine a tractor of singles, along the lines that
    #: tractors follow (the level gap bridged or not, the trump links), n its least length
    straight_min: int = bounded(3, MAX_TRACTOR, off=0, default=0, version=4)
    #: pairs riding along a straight (Shandong's 雨, 6789910JJQ): a play of one suit whose cards lie
    #: on ``straight_min`` or more adjacent nodes, one or two identical cards on each, some paired
    #: and some not, is one combination, a rain; rains compare only with rains of as many cards and
    #: as many pairs, by their top card (engine/deck/rains.py)
    straight_pairs: bool = since(4, default=False)

    def lengths_of(self, width: int) -> tuple[int, int]:
        """The least and greatest (0: no upper bound) number of sets in a tractor of ``width``; for
        width 1, of cards in a straight (0, 0 without straights)."""
        if width == 1:
            return self.straight_min, 0
        for listed, least, greatest in self.tractor_lengths:
            if listed == width:
                return least, greatest
        return self.tractor_min_length, self.tractor_max_length
