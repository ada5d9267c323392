"""``build_order`` gives the card order of the plain computation it stands for, for every level and
trump of every distinct table, trump order and combinations of the corpus: the order reads what
its pack holds once per table (``order._pack_of``), asks each trump tier only about the faces it may
claim, and keeps the adjacency of the faces that have neighbours only.  The plain computation here
asks every tier about every face, sorts by rank names, and gives every face its sets of neighbours,
as the order was first built."""

from __future__ import annotations

from dataclasses import replace

import pytest
from corpus import distinct, ids

import tractor_rules as tr
from tractor_rules.engine.deck.cards import CARDS, N_CODES, Card, deck_cards
from tractor_rules.engine.deck.order import (TRUMP, Line, Node, Order, _claims, _joker_word, _link_faces, _places,
                                             build_order, tractor_kinds)
from tractor_rules.engine.errors import EngineError
from tractor_rules.rules import RANKS, SUITS, LinkTier, Rules

#: what building an order reads of the rules
ORDER_SECTIONS = ("table", "trumps", "combinations")
RULESETS = distinct(ORDER_SECTIONS)
IDS = ids(RULESETS)


def plain_order(rules: Rules, level: str | None, trump: str | None) -> tuple:
    """The order's tables as the plain computation gives them: every face asked of every tier."""
    faces = deck_cards(rules.table)
    tiers = rules.trumps.order
    levels_are_trump = trump is not None or rules.trumps.no_trump != "jokers-only"
    tier_of: dict[int, int] = {}
    for face in faces:
        for i, tier in enumerate(tiers):
            if _claims(tier, face, level, trump, levels_are_trump):
                tier_of[face] = i
                break
        else:
            if face.is_joker:
                raise EngineError(f"trumps.order has no place for the {_joker_word(face)}")
    suit_of = [-1] * N_CODES
    strength = [0] * N_CODES
    for face in faces:
        if face in tier_of:
            i = tier_of[face]
            suit_of[face] = TRUMP
            strength[face] = 100 + (len(tiers) - i) * 16
            if tiers[i].kind == "trump-suit":
                strength[face] += RANKS.index(face.rank)
        else:
            suit_of[face] = SUITS.index(face.suit)
            strength[face] = RANKS.index(face.rank)
    succ: dict[int, set[int]] = {f: set() for f in faces}
    pred: dict[int, set[int]] = {f: set() for f in faces}

    def link(hi: int, lo: int) -> None:
        if hi != lo:
            succ[hi].add(lo)
            pred[lo].add(hi)

    plain_trump: list[Card] = []
    for s in SUITS:
        chain = [f for f in faces
                 if f.suit == s and (suit_of[f] != TRUMP or tiers[tier_of[f]].kind == "trump-suit")]
        chain.sort(key=lambda f: RANKS.index(f.rank), reverse=True)
        if chain and suit_of[chain[0]] == TRUMP:
            plain_trump = chain
        present = sorted((f.rank for f in faces if f.suit == s), key=RANKS.index)
        for hi, lo in zip(chain, chain[1:]):
            if present.index(hi.rank) - present.index(lo.rank) == 1 or rules.combinations.bridge_gaps:
                link(hi, lo)
    trump_faces = [f for f in faces if suit_of[f] == TRUMP]
    top = plain_trump[0] if plain_trump else None
    chains = rules.combinations.links if trump is not None else rules.combinations.no_trump_links
    claim = {f: tiers[i] for f, i in tier_of.items()}
    for chain_tiers in chains:
        bands = [b for b in (_link_faces(t, trump_faces, claim, trump, top) for t in chain_tiers) if b]
        for upper, lower in zip(bands, bands[1:]):
            for hi in upper:
                for lo in lower:
                    link(hi, lo)
    lines, bands_out = [], []
    for suit in range(5):
        members = sorted((f for f in faces if suit_of[f] == suit), key=lambda f: strength[f], reverse=True)
        lines.append(plain_lines(members, succ, pred, strength))
        grouped: list[list[Card]] = []
        for f in members:
            if grouped and strength[grouped[-1][0]] == strength[f]:
                grouped[-1].append(f)
            else:
                grouped.append([f])
        bands_out.append(tuple(tuple(g) for g in grouped))
    comb = rules.combinations
    kinds = tractor_kinds(comb)
    return (tuple(suit_of), tuple(strength), tuple(lines), tuple(bands_out),
            tuple(sorted(set(comb.set_widths) | {1}, reverse=True)), kinds,
            tuple(_places(suit_lines) for suit_lines in lines), bool(kinds) and kinds[-1][0] == 1)


def plain_lines(members: list[Card], succ: dict[int, set[int]], pred: dict[int, set[int]],
                strength: list[int]) -> tuple[Line, ...]:
    if not members:
        return ()
    key_of: dict[int, object] = {}
    groups: dict[object, list[int]] = {}
    for f in members:
        key: object = (frozenset(pred[f]), frozenset(succ[f])) if pred[f] or succ[f] else ("alone", f)
        key_of[f] = key
        groups.setdefault(key, []).append(f)

    def neighbour(key: object, side: dict[int, set[int]]) -> object | None:
        faces = side[groups[key][0]]
        keys = {key_of[f] for f in faces}
        if len(keys) > 1:
            names = ", ".join(sorted(str(CARDS[f]) for f in faces))
            raise EngineError(
                f"tractor links branch at {CARDS[groups[key][0]]} (it touches {names}, which are "
                "not interchangeable); the engine reads links as chains"
            )
        return next(iter(keys)) if keys else None

    nexts = {k: neighbour(k, succ) for k in groups}
    prevs = {k: neighbour(k, pred) for k in groups}
    lines: list[Line] = []
    seen: set[object] = set()
    for k in groups:
        if prevs[k] is not None:
            continue
        line: list[Node] = []
        cur: object | None = k
        while cur is not None:
            if cur in seen:
                raise EngineError("tractor links form a loop")
            seen.add(cur)
            line.append(tuple(sorted(groups[cur], key=lambda f: strength[f], reverse=True)))
            cur = nexts[cur]
        lines.append(tuple(line))
    if len(seen) != len(groups):
        raise EngineError("tractor links form a loop")
    lines.sort(key=lambda line: strength[line[0][0]], reverse=True)
    return tuple(lines)


def tables(order: Order) -> tuple:
    return (order.suit_of, order.strength, order.lines, order.bands, order.set_widths, order.tractor_kinds,
            order.places, order.singles_join)


def outcome(build, rules: Rules, level: str | None, trump: str | None) -> tuple | str:
    """What building gives: the tables, or the refusal's message."""
    try:
        return build(rules, level, trump)
    except EngineError as error:
        return f"refused: {error}"


def assert_orders_alike(rules: Rules) -> None:
    for level in (*rules.table.ranks, None):
        for trump in (*SUITS, None):
            built = outcome(lambda *hand: tables(build_order(*hand)), rules, level, trump)
            assert built == outcome(plain_order, rules, level, trump), (level, trump)


@pytest.mark.parametrize("name", RULESETS, ids=IDS)
def test_build_order_is_the_plain_order(name):
    assert_orders_alike(tr.load(name))


def test_build_order_refuses_as_the_plain_order():
    """Links that branch, a loop of links and a joker the trump order has no place for are refused
    with the plain computation's words."""
    base = Rules()
    comb, trumps = base.combinations, base.trumps
    branching = ((LinkTier("big-joker"), LinkTier("small-joker")),
                 (LinkTier("big-joker"), LinkTier("top-of-trump-suit")))
    looping = ((LinkTier("big-joker"), LinkTier("small-joker"), LinkTier("big-joker")),)
    no_small_joker = tuple(tier for tier in trumps.order if tier.kind != "small-joker")
    for rules in (replace(base, combinations=replace(comb, links=branching)),
                  replace(base, combinations=replace(comb, links=looping, no_trump_links=looping)),
                  replace(base, trumps=replace(trumps, order=no_small_joker))):
        assert_orders_alike(rules)
        assert "refused" in str(outcome(plain_order, rules, "10", "S"))
