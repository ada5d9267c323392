"""The "broken down step by step" follow order ("other leads: broken down step by step").

Two references, both exhaustive and only fit for small cases:

- the order of requirements is compared with a literal reimplementation of how the open-source
  server rbtying/shengji orders them (``subsequent_decomposition_ordering``: every grouping of the
  cards into set sizes, every partition of the sets into adjacent blocks, a throw's units broken
  down one at a time, the unit with the most steps left first), on two-deck games where every
  block it makes is a shape this engine knows;
- the follow check is compared, play by play, with a search over every subset of the hand.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import combinations

import pytest
from engine_variants import three_decks
from hypothesis import given, settings
from hypothesis import strategies as st
from test_engine_reference import all_plays, can_take

from tractor_rules.engine.deck.breakdown import breakdown_order, take_exactly
from tractor_rules.engine.deck.order import build_order
from tractor_rules.engine.deck.pool import Pool
from tractor_rules.rules import Rules


def step_down(base: Rules) -> Rules:
    return replace(base, following=replace(base.following, lists=(), default="step-down"))


# --- the order, against a literal reimplementation of rbtying/shengji's ---------------------------


def _set_partitions(n: int) -> list[list[list[int]]]:
    """Partitions of the indices 0..n-1, built index by index and sorted by (largest block
    first, fewest blocks), in the generation order otherwise."""
    if n == 1:
        return [[[0]]]
    out = []
    for part in _set_partitions(n - 1):
        for i in range(len(part)):
            out.append([b + [n - 1] if j == i else list(b) for j, b in enumerate(part)])
        out.append([list(b) for b in part] + [[n - 1]])
    out.sort(key=lambda p: (-max(len(b) for b in p), len(p)))
    deduped: list[list[list[int]]] = []
    for p in out:
        if not deduped or deduped[-1] != p:
            deduped.append(p)
    return deduped


def _integer_groupings(n: int) -> list[list[int]]:
    out: set[tuple[int, ...]] = set()

    def go(left: int, largest: int, acc: tuple[int, ...]) -> None:
        if not left:
            out.add(acc)
        for p in range(min(left, largest), 0, -1):
            go(left - p, p, (*acc, p))

    go(n, n, ())
    return [list(g) for g in sorted(out, reverse=True)]


def _full_order(n: int) -> list[list[list[int]]]:
    full = []
    for group in _integer_groupings(n):
        big = [v for v in group if v > 1]
        ones = [[1] for v in group if v == 1]
        if not big:
            full.append(ones)
            continue
        for partition in _set_partitions(len(big)):
            blocks = [sorted((big[i] for i in b), reverse=True) for b in partition] + ones
            full.append(sorted(blocks, reverse=True))
    deduped: list[list[list[int]]] = []
    for f in full:
        if not deduped or deduped[-1] != f:
            deduped.append(f)
    return deduped


def rbtying_order(units: list[list[int]]) -> list[list[list[int]]]:
    """The lead's own units, then every later requirement, as lists of adjacent set sizes."""
    units = [sorted(u, reverse=True) for u in units]
    ahead = []
    for u in units:
        full = _full_order(sum(u))
        ahead.append(full[full.index([u]) + 1:])
    current = [[u] for u in units]
    order = list(range(len(units)))
    out = [sorted((b for c in current for b in c), reverse=True)]
    while True:
        order.sort(key=lambda i: -len(ahead[i]))
        i = order[0]
        if not ahead[i]:
            break
        current[i] = ahead[i].pop(0)
        out.append(sorted((b for c in current for b in c), reverse=True))
    return out


def as_requirement(blocks: list[list[int]]) -> tuple:
    shapes = [(b[0], len(b)) for b in blocks if b != [1]]
    assert all(len(set(b)) == 1 for b in blocks)
    return tuple(sorted(shapes, key=lambda s: (s[1] > 1, s[0], s[1]), reverse=True))


def first_occurrences(seq) -> list:
    seen: list = []
    for x in seq:
        if x not in seen:
            seen.append(x)
    return seen


TWO_DECK_LEADS = [
    [(2, 1)], [(1, 1)], [(2, 2)], [(2, 3)], [(2, 4)], [(2, 5)], [(2, 6)],
    [(2, 3), (1, 1)], [(2, 2), (2, 2)], [(2, 3), (2, 2)], [(2, 2), (2, 1), (1, 1)],
    [(2, 4), (2, 2)], [(2, 3), (2, 3)], [(2, 2), (2, 1), (2, 1)], [(2, 1), (2, 1), (1, 1), (1, 1)],
]


@pytest.mark.parametrize("lead", TWO_DECK_LEADS, ids=str)
def test_order_is_rbtyings(lead):
    comb = Rules().combinations
    blocks = [[w] * n for w, n in lead]
    expected = first_occurrences(as_requirement(r) for r in rbtying_order(blocks))
    assert first_occurrences(breakdown_order(tuple(lead), comb)) == expected


def test_a_tractor_of_three_pairs_breaks_into_a_shorter_tractor_before_loose_pairs():
    order = breakdown_order(((2, 3),), Rules().combinations)
    assert order[:4] == (((2, 3),), ((2, 2), (2, 1)), ((2, 1), (2, 1), (2, 1)), ((2, 2),))


def test_a_quad_breaks_into_a_triple_then_a_tractor_then_pairs():
    comb = replace(three_decks().combinations, set_widths=(1, 2, 3, 4))
    assert breakdown_order(((4, 1),), comb) == (
        ((4, 1),), ((3, 1),), ((2, 2),), ((2, 1), (2, 1)), ((2, 1),), ())


def test_the_order_keeps_only_tractors_the_game_has():
    comb = replace(Rules().combinations, tractor_min_length=3)
    assert ((2, 2), (2, 1)) not in breakdown_order(((2, 3),), comb)


# --- the follow check, against a search over the hand's subsets -----------------------------------


def reference_legal(ctx, order, hand: list, lead: list, play: list) -> bool:
    suit = ctx.units(lead)[0].suit
    held = Counter(c for c in hand if ctx.order.suit_of[c] == suit)
    if sum(held.values()) <= len(lead):
        return True
    for req in order:
        if can_take(ctx, held, list(req)):
            return can_take(ctx, Counter(play), list(req))
    return True


HAND_RANKS = ["2", "3", "4", "5", "7", "8", "9", "J", "Q"]
LEADS = ["AH AH KH KH", "AH AH KH KH QH QH", "AH AH KH KH 6H", "AH AH KH KH QH QH 6H",
         "AH AH KH KH 6H 6H 5H 5H", "AH AH 6H", "AH AH KH KH 6H 6H"]


def check(rules, lead_text: str, hand_counts: dict[str, int]) -> None:
    ctx = rules.context(level="10", trump="S")
    lead = list(ctx.cards(lead_text))
    order = breakdown_order(tuple(u.shape for u in ctx.units(lead)), rules.combinations)
    hand = [c for r, k in hand_counts.items() for c in ctx.cards(f"{r}H") * k]
    if len(hand) <= len(lead):
        return
    for play in all_plays(hand, len(lead)):
        engine = ctx.follow_error(hand, lead, play) is None
        assert engine == reference_legal(ctx, order, hand, lead, list(play)), (
            f"hand {sorted(map(str, hand))} lead {lead_text} play {list(map(str, play))}: engine says "
            f"{ctx.follow_error(hand, lead, play)!r}")


@settings(derandomize=True, max_examples=80, deadline=None)
@given(st.fixed_dictionaries({r: st.integers(0, 2) for r in HAND_RANKS}).filter(
    lambda h: 5 <= sum(h.values()) <= 10), st.sampled_from(LEADS))
def test_two_deck_step_down_matches_the_reference(hand, lead):
    check(step_down(Rules()), lead, hand)


@settings(derandomize=True, max_examples=60, deadline=None)
@given(st.fixed_dictionaries({r: st.integers(0, 3) for r in HAND_RANKS[:7]}).filter(
    lambda h: 5 <= sum(h.values()) <= 9),
    st.sampled_from(["AH AH AH", "AH AH AH KH KH KH", "AH AH KH KH QH QH", "AH AH AH 6H 6H"]))
def test_three_deck_step_down_matches_the_reference(hand, lead):
    check(step_down(three_decks()), lead, hand)


def test_take_exactly_searches_where_the_greedy_take_misses():
    # runs of pairs K-Q-J and 5-4-3-2: a tractor of three and two of two fit only if the three
    # comes out of the higher run (the greedy take starts with the lowest window)
    rules = Rules()
    order = build_order(rules, "10", "S")
    ctx = rules.context(level="10", trump="S")
    cards = ctx.cards("KH KH QH QH JH JH 5H 5H 4H 4H 3H 3H 2H 2H")
    pool = Pool(order, ctx.units(["AH"])[0].suit, cards)
    assert pool.copy().take_all([(2, 3), (2, 2), (2, 2)]) is None
    got = take_exactly(pool, ((2, 3), (2, 2), (2, 2)))
    assert got is not None and sorted(got) == sorted(cards)
    assert take_exactly(pool, ((2, 4), (2, 4))) is None
    assert take_exactly(pool, ((2, 3), (2, 3), (2, 1))) is not None


# --- rbtying's example (issue: follow lists for throws and tractors of any length) ---------------


def test_rbtying_example_a_throw_keeps_a_shorter_tractor():
    ctx = step_down(Rules()).context(level="10", trump="H")
    lead = "5S 5S 4S 4S 3S 3S AS"
    hand = "KS KS QS QS 9S 9S 7S 7S 2S 6D"
    assert ctx.follow_error(hand, lead, "9S 9S 7S 7S KS KS 2S") is not None
    assert ctx.follow_error(hand, lead, "KS KS QS QS 9S 9S 2S") is None
    # the same hand under the largest-units-first default may break the tractor
    assert Rules().context(level="10", trump="H").follow_error(hand, lead, "9S 9S 7S 7S KS KS 2S") is None


# --- the statements, through the public oracle ----------------------------------------------------

GALLERY_F1 = "examples/house-rules/F1-rbtying-follow-order.tractor"


def _gallery(name: str):
    import tractor_rules as tr
    from pathlib import Path

    return tr.load(str(Path(__file__).resolve().parents[2] / name))


def test_gallery_f1_holds_a_tractor_of_any_length_to_its_shorter_tractors():
    ctx = _gallery(GALLERY_F1).context(level="10", trump="H")
    hand = "KS KS QS QS 8S 8S 7S 7S 4S 4S 2S 6D"
    lead = "AS AS KS KS QS QS JS JS"  # four pairs (not held by the follower, only its shape matters)
    # two tractors of two pairs come before a tractor of two pairs and two loose pairs
    assert ctx.follow_error(hand, lead, "KS KS QS QS 8S 8S 7S 7S") is None
    assert ctx.follow_error(hand, lead, "KS KS QS QS 8S 8S 4S 4S") is not None
    # to three pairs: a tractor of two pairs and a pair
    assert ctx.follow_error(hand, "AS AS KS KS QS QS", "8S 8S 7S 7S 4S 4S") is None
    assert ctx.follow_error(hand, "AS AS KS KS QS QS", "KS KS 8S 8S 4S 4S") is not None


def test_a_list_ending_broken_down_tries_its_own_entries_first():
    import tractor_rules as tr

    rules = tr.loads('extends: "two-decks"\nfollow\n  tractor of n pairs: n pairs > broken down step by step\n',
                     origin="house.tractor")
    ctx = rules.context(level="10", trump="H")
    hand = "KS KS QS QS 8S 8S 7S 7S 2S"
    assert ctx.follow_error(hand, "AS AS KS KS QS QS", "KS KS 8S 8S 2S 7S") is not None  # 3 pairs held
    assert ctx.follow_error(hand, "AS AS KS KS QS QS", "KS KS 8S 8S 7S 7S") is None
    short = "KS KS QS QS 8S 2S 3S"  # one tractor, no third pair: the steps take over
    assert ctx.follow_error(short, "AS AS KS KS QS QS", "KS KS QS QS 8S 2S") is None
    assert ctx.follow_error(short, "AS AS KS KS QS QS", "KS KS QS 8S 2S 3S") is not None


def test_the_sheet_states_the_order():
    from tractor_rules.render.sheet import build_sheet

    rules = _gallery(GALLERY_F1)
    en = {i.key: i for i in build_sheet(rules, "en").items()}
    zh = {i.key: i for i in build_sheet(rules, "zh").items()}
    assert "a tractor of two pairs and a pair, then three pairs" in str(en["following.default"].text)
    assert "先连对加一个对子，再三个对子" in str(zh["following.default"].text)
    assert "broken down step by step" in str(en["following.lists.2xn"].points)
    assert "逐级拆开" in str(zh["following.lists.2xn"].points)


def test_the_order_uses_each_widths_own_tractor_lengths():
    # pairs need three in a row, triples two (rbtying issue 329, `tractors` per width)
    comb = replace(three_decks().combinations, tractor_min_length=3, tractor_lengths=((3, 2, 0),))
    steps = breakdown_order(((3, 2),), comb)
    assert ((3, 1), (3, 1)) in steps
    assert ((2, 2),) not in steps and all((2, 2) not in req for req in steps)
    assert breakdown_order(((2, 3),), comb)[1] == ((2, 1), (2, 1), (2, 1))
