"""The engine's greedy follow check against an exhaustive reference, on small hands.

The reference reads the follow lists literally: for each entry in turn, search every way of taking
its units from the hand (greedy terms: the most units, term by term); the first entry the hand can
satisfy is the one the play must satisfy, with those counts.  It enumerates, so it only runs here,
on hands of a few cards of one suit; the engine must agree with it on every play.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from engine_variants import SEED_002_LISTS, FollowList, LeadShape, four_decks, pattern, term, three_decks, with_lists
from hypothesis import given, settings
from hypothesis import strategies as st

from tractor_rules.engine.rulings.follow import find_list
from tractor_rules.rules import Rules

SEED_003_LISTS = (
    FollowList(LeadShape(2, 1), (pattern(term(2)), pattern(term(1, 2)))),
    FollowList(LeadShape(3, 1), (pattern(term(3)), pattern(term(2), term(1)), pattern(term(1, 3)))),
    FollowList(LeadShape(2, 0), (pattern(term(2, 1, "n")), pattern(term(2, "n")), pattern(term(2), term(1, "all")),
                                 pattern(term(1, "all")))),
    FollowList(LeadShape(3, 0), (pattern(term(3, 1, "n")), pattern(term(3, "n")), pattern(term(3), term(2), term(1)),
                                 pattern(term(3), term(1, "all")), pattern(term(2, 1, "n"), term(1, "all")),
                                 pattern(term(2, "all"), term(1, "all")))),
)


def candidate_units(ctx, counter: Counter, width: int, length: int) -> list[Counter]:
    """Every unit of that shape the cards hold, found by brute force over card subsets."""
    faces = [c for c in counter if counter[c] >= width]
    out = []
    for chosen in combinations(sorted(faces), length):
        cards = [c for c in chosen for _ in range(width)]
        if length == 1 or ctx.is_tractor(cards):
            out.append(Counter(cards))
    return out


def can_take(ctx, counter: Counter, needs: list[tuple[int, int]]) -> bool:
    if not needs:
        return True
    (width, length), rest = needs[0], needs[1:]
    for unit in candidate_units(ctx, counter, width, length):
        if can_take(ctx, counter - unit, rest):
            return True
    return False


def entry_needs(entry, n: int, greedy_counts: tuple[int, ...]) -> list[tuple[int, int]]:
    needs = []
    counts = iter(greedy_counts)
    for t in entry.terms:
        length = max(t.length.value(n), 1)
        k = next(counts) if t.count.greedy else t.count.value(n)
        needs += [(t.width, length)] * k
    return needs


def best_counts(ctx, counter: Counter, entry, n: int, size: int) -> tuple[int, ...] | None:
    """The greedy counts, term by term as many as fit, or None if the fixed terms cannot be met."""
    greedy = [t for t in entry.terms if t.count.greedy]
    chosen: list[int] = []
    if not can_take(ctx, counter, entry_needs(entry, n, (0,) * len(greedy))):
        return None
    for i, t in enumerate(greedy):
        unit = t.width * max(t.length.value(n), 1)
        for k in range(size // unit, -1, -1):
            trial = (*chosen, k, *([0] * (len(greedy) - i - 1)))
            if sum(w * l for w, l in entry_needs(entry, n, trial)) <= size and can_take(ctx, counter, entry_needs(entry, n, trial)):
                chosen.append(k)
                break
    return tuple(chosen)


def reference_legal(ctx, rules, hand: list, lead: list, play: list) -> bool:
    units = ctx.units(lead)
    (u,) = units
    fl = find_list(rules.following, u.width, u.length)
    size = len(lead)
    for entry in fl.entries:
        counts = best_counts(ctx, Counter(hand), entry, u.length, size)
        if counts is not None:
            return can_take(ctx, Counter(play), entry_needs(entry, u.length, counts))
    return True


def all_plays(hand: list, size: int) -> set[tuple]:
    return {tuple(sorted(p)) for p in combinations(sorted(hand), size)}


def check(rules, lead_text: str, hand_counts: dict[str, int]) -> None:
    ctx = rules.context(level="10", trump="S")
    lead = list(ctx.cards(lead_text))
    hand = [c for r, k in hand_counts.items() for c in ctx.cards(f"{r}H") * k]
    if len(hand) <= len(lead):
        return
    for play in all_plays(hand, len(lead)):
        engine = ctx.follow_error(hand, lead, play) is None
        assert engine == reference_legal(ctx, rules, hand, lead, list(play)), (
            f"hand {sorted(map(str, hand))} lead {lead_text} play {list(map(str, play))}: engine says "
            f"{ctx.follow_error(hand, lead, play)!r}")


HAND_RANKS = ["2", "3", "4", "5", "7", "8", "9", "J"]  # the level 10 leaves a bridged gap


def hands(decks: int):
    return st.fixed_dictionaries({r: st.integers(0, decks) for r in HAND_RANKS}).filter(
        lambda h: 4 <= sum(h.values()) <= 9)


@settings(derandomize=True, max_examples=60, deadline=None)
@given(hands(2), st.sampled_from(["AH AH", "AH AH KH KH", "AH AH KH KH QH QH"]))
def test_two_deck_lists_match_the_reference(hand, lead):
    check(with_lists(Rules(), *SEED_002_LISTS), lead, hand)


@settings(derandomize=True, max_examples=60, deadline=None)
@given(hands(3), st.sampled_from(["AH AH", "AH AH AH", "AH AH KH KH", "AH AH AH KH KH KH"]))
def test_three_deck_lists_match_the_reference(hand, lead):
    check(with_lists(three_decks(), *SEED_003_LISTS), lead, hand)


# --- the largest-first default against an exhaustive reference --------------------------------


def ideal_signature(ctx, rules, counter: Counter, shapes: list[tuple[int, int]]) -> tuple:
    """The best sequence of shapes any choice of cards reaches, matching the lead's units in order:
    each set by the widest set the cards still hold (the rest matched again), each tractor by a
    tractor of its length and the widest tractor width available (the rest of each set matched
    again), else set by set.  Every choice of faces and windows is tried."""
    comb = rules.combinations
    best: list[tuple] = []

    def widest_set(counter: Counter, width: int) -> int:
        return next(w for w in range(width, 0, -1) if (w == 1 or w in comb.set_widths)
                    and any(k >= w for k in counter.values()))

    def go(counter: Counter, todo: list[tuple[str, int, int]], found: tuple) -> None:
        if not todo or not counter:
            if not best or found > best[0]:
                best[:] = [found]
            return
        (kind, width, length), rest = todo[0], todo[1:]
        if kind == "set":
            w = widest_set(counter, width)
            left = [("set", width - w, 1)] if width > w else []
            for unit in candidate_units(ctx, counter, w, 1):
                go(counter - unit, left + rest, found + ((False, w, 1),))
            return
        for w in sorted(comb.tractor_widths, reverse=True):
            if w > width:
                continue
            options = candidate_units(ctx, counter, w, length)
            if options:
                left = [("set", width - w, 1)] * length if width > w else []
                for unit in options:
                    go(counter - unit, left + rest, found + ((True, w, length),))
                return
        go(counter, [("set", width, 1)] * length + rest, found)

    go(counter, [("tractor" if l > 1 else "set", w, l) for w, l in shapes], ())
    return best[0]


def check_default(rules, lead_text: str, hand_counts: dict[str, int]) -> None:
    ctx = rules.context(level="10", trump="S")
    lead = list(ctx.cards(lead_text))
    shapes = [u.shape for u in ctx.units(lead)]
    hand = [c for r, k in hand_counts.items() for c in ctx.cards(f"{r}H") * k]
    if len(hand) <= len(lead):
        return
    need = ideal_signature(ctx, rules, Counter(hand), shapes)
    for play in all_plays(hand, len(lead)):
        engine = ctx.follow_error(hand, lead, play) is None
        reference = ideal_signature(ctx, rules, Counter(play), shapes) >= need
        assert engine == reference, (
            f"hand {sorted(map(str, hand))} lead {lead_text} play {list(map(str, play))}: engine says "
            f"{ctx.follow_error(hand, lead, play)!r}")


DEFAULT_LEADS_3 = ["AH AH AH", "AH AH AH KH KH KH", "AH AH AH QH QH", "AH AH KH KH 6H", "AH AH AH QH"]
DEFAULT_LEADS_4 = ["AH AH AH AH", "AH AH AH AH KH KH KH KH", "AH AH AH AH QH QH QH", "AH AH KH KH QH QH QH"]


@settings(derandomize=True, max_examples=60, deadline=None)
@given(hands(3), st.sampled_from(DEFAULT_LEADS_3))
def test_three_deck_default_matches_the_reference(hand, lead):
    check_default(three_decks(), lead, hand)


@settings(derandomize=True, max_examples=60, deadline=None)
@given(hands(4).filter(lambda h: sum(h.values()) <= 10), st.sampled_from(DEFAULT_LEADS_4),
       st.sampled_from(["identical", "largest"]))
def test_four_deck_default_matches_the_reference(hand, lead, grouping):
    check_default(four_decks(grouping), lead, hand)
