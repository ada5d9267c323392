"""Handlers for the ``trumps`` section (the trump order, no-trump hands) and the ``combinations``
section (sets, tractors, links between trump bands, bombs).  They share one reader of trump bands:
link chains name the bands of the trump order."""

from __future__ import annotations

from typing import cast

from ... import codes
from ... import rules as model
from ...rules import tier_words, width_name
from ..syntax import Node, Statement, as_leaf, as_node
from .core import RANK_ORDER, Compiler, child_nodes, handles, handles_choice, limits
from ..shapes import PLURAL_WIDTHS

#: a trump band of the grammar → its kind in the model
_TIER_KINDS: dict[str, model.TierKind] = {
    "big_joker": "big-joker",
    "small_joker": "small-joker",
    "level_in_trump_suit": "level-in-trump-suit",
    "level_in_other_suits": "level-in-other-suits",
    "rank_in_trump_suit": "rank-in-trump-suit",
    "rank_in_other_suits": "rank-in-other-suits",
    "card": "card",
    "trump_suit": "trump-suit",
}
#: the bands of a no-trump link chain other than a rank
_NO_TRUMP_LINK_KINDS: dict[str, model.LinkKind] = {
    "big_joker": "big-joker",
    "small_joker": "small-joker",
    "level": "level",
}

Tier = tuple[model.TierKind, str | None, str | None]


def _tier(c: Compiler, node: Node) -> Tier | None:
    """A band of the trump order as (kind, rank, card); None (reported) if its rank or card is
    not one."""
    kind = _TIER_KINDS[node.kind]
    rank = card = None
    if kind.startswith("rank-"):
        rank = c.rank(node.args[0])
        if rank is None:
            return None
    if kind == "card":
        card = str(as_leaf(node.args[0]).value)
        if card[:-1] not in RANK_ORDER:
            c.error(node, f"'{card}' is not a card", code=codes.NOT_A_CARD)
            return None
    return kind, rank, card


# --- trumps --------------------------------------------------------------------------------------


@handles("order")
def _order(c: Compiler, st: Statement) -> None:
    tiers: list[model.TrumpTier] = []
    ok = True
    for node in child_nodes(st.node):
        tier = _tier(c, node)
        if tier is None:
            ok = False
            continue
        made = model.TrumpTier(*tier)
        if made in tiers:
            c.error(node, f"'{tier_words(*tier)}' appears twice in the order", code=codes.REPEATED_VALUE)
            ok = False
            continue
        tiers.append(made)
    if ok:
        c.set("trumps.order", tuple(tiers))


handles_choice("no_trump", "trumps.no_trump", {"jokers_and_levels": "jokers-and-levels", "jokers_only": "jokers-only"})
handles_choice("constant_levels", "trumps.constant_levels", {"levels_too": True, "never_levels": False})


# --- combinations --------------------------------------------------------------------------------


@handles("sets")
def _sets(c: Compiler, st: Statement) -> None:
    widths: list[int] = []
    for node in child_nodes(st.node):
        width = c.set_width(node, plural=False)
        if width is None:
            return  # reported; the sets stay as they were rather than shrink
        if width in widths:
            c.error(node, f"{width_name(width)} is listed twice", code=codes.REPEATED_VALUE)
            continue
        widths.append(width)
    c.set("combinations.set_widths", tuple(sorted(widths)))


@handles("tractors")
def _tractors(c: Compiler, st: Statement) -> None:
    if not st.node.args:
        c.set("combinations.tractor_widths", ())
        return
    # groups of widths sharing one length range: "3+ adjacent pairs or 2+ adjacent triples"
    length, first, *more = map(as_node, st.node.args)
    groups: list[tuple[Node, list[Node]]] = [(length, [first])]
    for node in more:
        if node.kind == "or_width":
            groups[-1][1].append(as_node(node.args[0]))
        else:
            groups.append((as_node(node.args[0]), [as_node(node.args[1])]))
    ranges: list[tuple[int, int]] = []
    widths: dict[int, tuple[int, int]] = {}
    broken = False
    for length_node, plurals in groups:
        found = _length_range(c, length_node)
        broken = broken or found is None
        for node in plurals:
            if node.kind == "sets_of":
                width = c.number(node.args[0], *limits(model.Combinations, "tractor_widths"), "the width of a tractor's sets")
                if width is None:
                    return  # reported; the tractors stay as they were rather than shrink
            else:
                width = PLURAL_WIDTHS[node.kind]
            if width in widths:
                c.error(node, f"{width_name(width, plural=True)} are listed twice", code=codes.REPEATED_VALUE)
                continue
            widths[width] = found or (0, 0)
        if found is not None:
            ranges.append(found)
    if broken:
        return
    # the first group's lengths hold for every width; the others list the widths that differ
    low, high = ranges[0]
    c.set("combinations.tractor_widths", tuple(sorted(widths)))
    c.set("combinations.tractor_min_length", low)
    c.set("combinations.tractor_max_length", high)
    own = tuple((w, lo, hi) for w, (lo, hi) in sorted(widths.items()) if (lo, hi) != (low, high))
    if own:  # (recorded only when some width has a length of its own, as version-1 exports were)
        c.set("combinations.tractor_lengths", own)


def _length_range(c: Compiler, node: Node) -> tuple[int, int] | None:
    """A tractor's length range ("2+", "2-4") as (least, greatest; 0: no bound); None if wrong."""
    low = c.number(node.args[0], *limits(model.Combinations, "tractor_min_length"), "a tractor's least length")
    high: int | None = 0
    if node.kind == "between":
        high = c.number(node.args[1], *limits(model.Combinations, "tractor_max_length"), "a tractor's greatest length")
        if low is not None and high is not None and high < low:
            c.error(node, f"the length range {low}-{high} is empty", code=codes.WRONG_ORDER)
            return None
    if low is None or high is None:
        return None
    return low, high


handles_choice("level_gap", "combinations.bridge_gaps", {"bridged": True, "breaks": False})


def _link_tier(c: Compiler, node: Node, no_trump: bool) -> model.LinkTier | None:
    """One band of a link chain; None (reported) if its rank or card is not one."""
    if no_trump:
        if node.kind != "rank_tier":
            return model.LinkTier(_NO_TRUMP_LINK_KINDS[node.kind])
        rank = c.rank(node.args[0])
        return None if rank is None else model.LinkTier("rank", rank)
    if node.kind == "top_of_trump_suit":
        return model.LinkTier("top-of-trump-suit")
    tier = _tier(c, as_node(node.args[0]))  # a band of the trump order, under "link_tier"
    if tier is None:
        return None
    kind, rank, card = tier
    if kind == "trump-suit":
        # the rest of the trump suit is many cards, not one band: only its top card can link
        c.error(node, "'trump suit' is the rest of the trump suit, not one band: link its highest card with "
                      "'top of trump suit'", code=codes.CONTRADICTORY_STATEMENT)
        return None
    return model.LinkTier(cast(model.LinkKind, kind), rank, card)


def _link_chains(c: Compiler, st: Statement, no_trump: bool) -> tuple[tuple[model.LinkTier, ...], ...] | None:
    chains: list[tuple[model.LinkTier, ...]] = []
    seen: list[model.LinkTier] = []
    ok = True
    for chain in child_nodes(st.node):
        tiers: list[model.LinkTier] = []
        for node in child_nodes(chain):
            made = _link_tier(c, node, no_trump)
            if made is None:
                ok = False
                continue
            if made in seen:
                c.error(node, f"'{tier_words(made.kind, made.rank, made.card)}' is linked twice", code=codes.REPEATED_VALUE)
                ok = False
                continue
            seen.append(made)
            tiers.append(made)
        chains.append(tuple(tiers))
    return tuple(chains) if ok else None


@handles("links")
def _links(c: Compiler, st: Statement) -> None:
    chains = _link_chains(c, st, no_trump=False)
    if chains is not None:
        c.set("combinations.links", chains)


@handles("no_trump_links")
def _no_trump_links(c: Compiler, st: Statement) -> None:
    chains = _link_chains(c, st, no_trump=True)
    if chains is not None:
        c.set("combinations.no_trump_links", chains)


handles_choice("grouping", "combinations.grouping", {"identical": "identical", "largest": "largest"})


@handles("bombs")
def _bombs(c: Compiler, st: Statement) -> None:
    if not st.node.args:
        c.set("combinations.bomb_width", 0)  # bomb_joins_sets means nothing then: left as it is
        return
    c.set_number("combinations.bomb_width", st.node.args[0], *limits(model.Combinations, "bomb_width"), "a bomb's number of identical cards")
    c.set("combinations.bomb_joins_sets", st.node.first("bomb_joins") is not None)


@handles("rainbows")
def _rainbows(c: Compiler, st: Statement) -> None:
    if not st.node.args:
        c.set("combinations.rainbow_min", 0)
        return
    c.set_number("combinations.rainbow_min", st.node.args[0], *limits(model.Combinations, "rainbow_min"), "a rainbow's number of cards")
    c.set("combinations.rainbow_bombs", st.node.first("rainbow_bombs") is not None)
    c.set("combinations.rainbow_trumps", st.node.first("rainbow_trumps") is not None)


@handles("straights")
def _straights(c: Compiler, st: Statement) -> None:
    if not st.node.args:
        c.set("combinations.straight_min", 0)  # straight_pairs means nothing then: left as it is
        return
    c.set_number("combinations.straight_min", st.node.args[0], *limits(model.Combinations, "straight_min"),
                 "a straight's least number of cards")
    c.set("combinations.straight_pairs", st.node.first("straight_pairs") is not None)
