"""Inherited statements that follow the file's own trump order.

A file that changes the trump order (``order:``) and inherits statements written for its parent's
order (or, without ``extends``, takes the language's defaults, written for the classic order) gets,
where those statements would no longer fit the new order (an error before this rule), what they
meant for the parent's order applied to the new one (docs/language.md, "What follows the trump
order"):

- links that linked the parent's whole order band by band (``links: big joker ~ small joker ~
  level in trump suit ~ level in other suits ~ top of trump suit``) link the new order band by band,
  and the no-trump links that linked every trump of a parent's no-trump hand link the new ones
  (the constant ranks of the new order with them);
- a level range whose first or last level the new order makes a constant trump starts (or ends)
  at the nearest rank that is not one: "every rank from the first to the last but the constant
  trumps" (as between them), and a list of levels drops the ranks that became constant trumps.

Only where the inherited statement no longer fits does anything change: a file that compiled
before this rule keeps its meaning.  A statement the file writes itself never changes.  What else
an inherited statement no longer fits is an error naming that statement, with the fix
(``Compiler.error_at_field``).
"""

from __future__ import annotations

from ... import rules as model
from ...rules.checks import links_problem, order_links, order_no_trump_links
from .core import RANK_ORDER, Compiler, finishes


@finishes
def follow_the_order(c: Compiler) -> None:
    # what the statements the file does not write were written for: its parent, or, without
    # ``extends``, the language's defaults (the classic order, linked band by band); nothing when
    # the parent does not compile on its own
    root = c.resolved.files[0]
    order_src = c.sources.get("trumps.order")
    if order_src is None or order_src.file != root:
        return
    parent = c.parent_rules() if c.resolved.parent is not None else model.Rules()
    if parent is None:
        return
    order = c.get("trumps.order")
    if not order or order[-1].kind != "trump-suit" or order == parent.trumps.order:
        return  # a wrong order is reported as such; nothing is measured against it
    trumps = model.Trumps(order=order, no_trump=c.get("trumps.no_trump"))
    _follow_links(c, parent, order, trumps)
    # constant trumps that are levels too stay in the range: nothing to move off
    _follow_range(c, set() if c.get("trumps.constant_levels") else set(trumps.constant_ranks))


def _own(c: Compiler, path: str) -> bool:
    """Whether the file being compiled states ``path`` itself (else it inherits it, or the
    language's default holds)."""
    src = c.sources.get(path)
    return src is not None and src.file == c.resolved.files[0]


def _follow_links(c: Compiler, parent: model.Rules, order: tuple[model.TrumpTier, ...], trumps: model.Trumps) -> None:
    links = c.get("combinations.links")
    if not _own(c, "combinations.links") and links == order_links(parent.trumps.order) \
            and links_problem(links, order) is not None:
        c.derive("combinations.links", order_links(order), "trumps.order")
        no_trump = c.get("combinations.no_trump_links")
        if not _own(c, "combinations.no_trump_links") and no_trump == order_no_trump_links(parent.trumps):
            c.derive("combinations.no_trump_links", order_no_trump_links(trumps), "trumps.order")


def _follow_range(c: Compiler, constant: set[str]) -> None:
    if not constant or _own(c, "levels.first"):
        return
    chosen: tuple[str, ...] = c.get("levels.chosen")
    if chosen:
        kept = tuple(rank for rank in chosen if rank not in constant)
        if kept and kept != chosen:
            c.derive("levels.chosen", kept, "trumps.order")
            c.derive("levels.first", kept[0], "trumps.order")
            c.derive("levels.last", kept[-1], "trumps.order")
        return
    first, last = c.get("levels.first"), c.get("levels.last")
    ranks = [rank for rank in model.RANKS[RANK_ORDER[first]:RANK_ORDER[last] + 1] if rank not in constant]
    if ranks and (ranks[0], ranks[-1]) != (first, last):
        c.derive("levels.first", ranks[0], "trumps.order")
        c.derive("levels.last", ranks[-1], "trumps.order")
