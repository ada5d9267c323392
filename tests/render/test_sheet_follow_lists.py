"""Every follow list a sheet prints is the order the engine enforces.

For each entry of each printed list (leads of a fixed length, entries of fixed counts), a hand is
built that makes that entry and no earlier one; every play of the lead's size from the hand's cards
of the suit is then judged twice: by a brute-force reading of the printed entries (the first entry
a play makes), and by the oracle (``follow_error``).  A play is legal exactly when it makes the
entry the hand can make first.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import combinations

import pytest

import tractor_rules as tr
from tractor_rules.render.sheet import build_sheet
from tractor_rules.render.words import pattern_phrase

#: the side suit's faces at level 10, highest first (the 10 is a trump)
FACES = ["A", "K", "Q", "J", "9", "8", "7", "6", "5", "4", "3", "2"]
#: cards of another side suit, so that the hand holds more than the suit
OFF_SUIT = ["5C", "3C"]


def fixed_lists(rules):
    """The lists whose lead has a fixed length and whose entries have fixed counts."""
    for fl in rules.following.lists:
        if fl.lead.length == 0 or any(p.step_down for p in fl.entries):
            continue
        if any(t.count.greedy or t.length.greedy for p in fl.entries for t in p.terms):
            continue
        yield fl


def units_of(entry, n: int) -> list[tuple[int, int]]:
    """The entry's units other than singles, largest first: (width, length)."""
    units = [(t.width, max(t.length.value(n), 1)) for t in entry.terms for _ in range(t.count.value(n))]
    return sorted((u for u in units if u != (1, 1)), key=lambda u: (u[1] > 1, u[0], u[1]), reverse=True)


def makes(ctx, faces: Counter, units: list[tuple[int, int]]) -> bool:
    """Whether disjoint units of these shapes are found among the faces (heart faces → copies)."""
    if not units:
        return True
    (width, length), rest = units[0], units[1:]
    held = [f for f in FACES if faces[f] >= width]
    for run in combinations(held, length):
        if length > 1 and not ctx.is_tractor(" ".join(f"{f}H" for f in run for _ in range(width))):
            continue
        left = faces.copy()
        for f in run:
            left[f] -= width
        if makes(ctx, left, rest):
            return True
    return False


def first_entry(ctx, fl, cards: tuple[str, ...]) -> int:
    n = fl.lead.length
    faces = Counter(c[:-1] for c in cards)
    return next((i for i, entry in enumerate(fl.entries) if makes(ctx, faces, units_of(entry, n))), len(fl.entries))


def hand_for(entry, n: int, lead_faces: set[str], size: int, copies: int) -> list[str] | None:
    """Hearts making the entry's units, each apart from the others, then single cards up to two
    more than the lead; None if the suit has not faces enough."""
    free = [f for f in FACES if f not in lead_faces]
    cards: list[str] = []
    used: set[str] = set()
    at = 0
    for width, length in units_of(entry, n):
        run = free[at:at + length]
        if len(run) < length or width > copies:
            return None
        cards += [f"{f}H" for f in run for _ in range(width)]
        used |= set(run)
        at += length + 1  # a face left out: units never join
    for f in free:
        if len(cards) >= size + 2:
            break
        if f not in used:
            cards.append(f"{f}H")
            used.add(f)
    return cards if len(cards) >= size + 2 else None


@pytest.mark.parametrize("name", tr.builtin_names())
def test_each_printed_entry_is_the_one_the_engine_demands(name):
    rules = tr.load(name)
    ctx = rules.context("10", "S")
    printed = {it.key: it for it in build_sheet(rules).items()}
    skipped = []
    for fl in fixed_lists(rules):
        n, width = fl.lead.length, fl.lead.width
        item = printed[f"following.lists.{width}x{n}"]
        assert item.points == tuple(pattern_phrase(e) for e in fl.entries), "the sheet prints the list in order"
        lead_faces = FACES[:n]
        lead = tuple(f"{f}H" for f in lead_faces for _ in range(width))
        size = len(lead)
        for i, entry in enumerate(fl.entries):
            suit = hand_for(entry, n, set(lead_faces), size, rules.table.decks)
            if suit is None:
                skipped.append((fl.lead.label, i + 1))
                continue
            assert first_entry(ctx, fl, tuple(suit)) == i, f"the hand for entry {i + 1} makes no earlier entry"
            hand = " ".join(suit + OFF_SUIT)
            for play in set(combinations(sorted(suit), size)):
                legal = ctx.follow_error(hand, " ".join(lead), " ".join(play)) is None
                assert legal == (first_entry(ctx, fl, play) == i), (fl.lead.label, i + 1, play)
    if name == "four-decks":
        assert {"following.lists.3x1", "following.lists.3x2"} <= printed.keys()
        assert printed["following.lists.3x1"].points == ("a triple", "a pair + a single", "3 singles")
        assert skipped == [], "every entry of the four-deck lists is tried"


def test_the_four_deck_lists_for_triples_keep_the_game_as_it_played():
    """The lists for a triple and for two consecutive triples state what the default ("largest
    units first") asked of these leads: the verdicts without them are the same, play for play."""
    rules = tr.load("four-decks")
    written = [fl for fl in rules.following.lists if fl.lead.width == 3]
    assert [fl.lead.label for fl in written] == ["triple", "tractor of 2 triples"]
    default = replace(rules, following=replace(rules.following, lists=tuple(
        fl for fl in rules.following.lists if fl.lead.width != 3)))
    with_lists, without = rules.context("10", "S"), default.context("10", "S")
    hands = [hand_for(entry, fl.lead.length, set(FACES[:fl.lead.length]), 3 * fl.lead.length, 4)
             for fl in written for entry in fl.entries]
    hands += [["QH"] * 3 + ["JH"] * 2 + ["9H"] * 2 + ["7H", "5H"],  # a triple beside a tractor of pairs
              ["QH"] * 2 + ["JH"] * 2 + ["9H"] * 3 + ["8H"] * 3 + ["2H"],  # triples and pairs, both in tractors
              ["QH"] * 3 + ["JH"] * 2 + ["9H"] * 3 + ["5H"],  # two triples apart, and a tractor of pairs
              ["QH"] * 4 + ["JH"] * 3 + ["8H"] * 2 + ["6H"]]  # a quad to split
    compared = 0
    for suit in hands:
        assert suit is not None
        hand = " ".join(suit + OFF_SUIT)
        for lead in ("AH AH AH", "AH AH AH KH KH KH"):
            size = len(lead.split())
            for play in set(combinations(sorted(suit), size)):
                play_text = " ".join(play)
                assert (with_lists.follow_error(hand, lead, play_text) is None) == \
                    (without.follow_error(hand, lead, play_text) is None), (lead, suit, play)
                compared += 1
    assert compared > 500
