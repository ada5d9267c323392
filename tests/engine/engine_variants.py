"""Rule variants for the engine tests (a helper module, imported by the tests beside it), built from ``Rules()`` with ``dataclasses.replace`` so that
the engine is tested against the rules object alone."""

from __future__ import annotations

from dataclasses import replace

from tractor_rules.rules import (
    Combinations,
    Count,
    Following,
    FollowList,
    LeadShape,
    Pattern,
    Rules,
    Table,
    Term,
    TrumpTier,
    Trumps,
)

ONE = Count(0, 1)


def term(width: int, count: int | str = 1, length: int | str = 1) -> Term:
    """A follow-list term: ``count`` may be "all" (greedy) or "n"; ``length`` may be "n"."""
    c = Count(0, 0, greedy=True) if count == "all" else Count(1, 0) if count == "n" else Count(0, count)
    ln = Count(1, 0) if length == "n" else Count(0, length)
    return Term(c, width, ln)


def pattern(*terms: Term) -> Pattern:
    return Pattern(tuple(terms))


def classic() -> Rules:
    return Rules()


def three_decks(base: Rules | None = None) -> Rules:
    base = base or Rules()
    return replace(
        base,
        table=replace(base.table, decks=3, hand_size=39, kitty_size=6),
        combinations=replace(base.combinations, set_widths=(1, 2, 3), tractor_widths=(2, 3)),
    )


def four_decks(grouping: str = "identical") -> Rules:
    base = Rules()
    return replace(
        base,
        table=Table(decks=4, hand_size=51, kitty_size=12),
        combinations=replace(base.combinations, set_widths=(1, 2, 3, 4), tractor_widths=(2, 3, 4),
                             grouping=grouping),
    )


def constant_twos() -> Rules:
    base = Rules()
    order = (
        TrumpTier("big-joker"),
        TrumpTier("small-joker"),
        TrumpTier("level-in-trump-suit"),
        TrumpTier("level-in-other-suits"),
        TrumpTier("rank-in-trump-suit", "2"),
        TrumpTier("rank-in-other-suits", "2"),
        TrumpTier("trump-suit"),
    )
    return replace(base, trumps=Trumps(order=order), levels=replace(base.levels, first="3"))


def with_lists(base: Rules, *lists: FollowList) -> Rules:
    return replace(base, following=replace(base.following, lists=tuple(lists)))


#: seed 002's lists: pair > 2 singles; tractor of n pairs > n pairs > pairs + singles
SEED_002_LISTS = (
    FollowList(LeadShape(2, 1), (pattern(term(2)), pattern(term(1, 2)))),
    FollowList(LeadShape(2, 0), (pattern(term(2, 1, "n")), pattern(term(2, "n")),
                                 pattern(term(2, "all"), term(1, "all")))),
)


__all__ = [
    "Combinations", "Following", "FollowList", "LeadShape", "ONE", "SEED_002_LISTS", "classic",
    "constant_twos", "four_decks", "pattern", "term", "three_decks", "with_lists",
]
