"""Bombs of mixed sizes (``bombs: N+ identical cards, may join adjacent sets``): rbtying/shengji
issue 262, through the public oracle."""

from __future__ import annotations

from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.render.sheet import build_sheet

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules" / "C06-mixed-bombs.tractor"


def rules(bombs: str) -> tr.Rules:
    return tr.loads(f'extends: "four-decks"\ncombinations\n  bombs: {bombs}\n', origin="house.tractor")


@pytest.fixture(scope="module")
def mixed():
    return tr.load(str(GALLERY)).context(level="2", trump="S")


def test_four_of_a_kind_beats_a_tractor_of_two_pairs():
    for text in ("4+ identical cards", "4+ identical cards, may join adjacent sets"):
        ctx = rules(text).context(level="2", trump="S")
        assert ctx.winner("AH AH KH KH", ["3H 3H 3H 3H"]) == 1
        assert ctx.winner("AH AH KH KH", ["3H 3H 3H 3H", "6H 6H 6H 6H"]) == 2
    assert tr.load("four-decks").context(level="2", trump="S").winner("AH AH KH KH", ["3H 3H 3H 3H"]) == 0


def test_a_bomb_joined_with_an_adjacent_pair_beats_a_tractor_of_three_pairs(mixed):
    assert mixed.winner("AH AH KH KH QH QH", ["3H 3H 3H 3H 4H 4H"]) == 1
    # without the clause, or with a pair that does not touch the bomb, it is no bomb
    plain = rules("4+ identical cards").context(level="2", trump="S")
    assert plain.winner("AH AH KH KH QH QH", ["3H 3H 3H 3H 4H 4H"]) == 0
    assert mixed.winner("AH AH KH KH QH QH", ["3H 3H 3H 3H 9H 9H"]) == 0
    # a single beside the four is no set: no bomb
    assert mixed.winner("AH AH KH KH QH 6H", ["3H 3H 3H 3H 4H 5H"]) == 0


def test_bombs_compare_by_their_largest_set_then_trumps_then_the_card(mixed):
    assert mixed.winner("AH AH KH KH QH QH", ["3H 3H 3H 3H 4H 4H", "5H 5H 6H 6H 6H 6H"]) == 2
    assert mixed.winner("AH AH KH KH QH QH", ["7H 7H 7H 7H 8H 8H", "5H 5H 5H 6H 6H 6H"]) == 1
    # a trump bomb from a player void in hearts beats a heart bomb of the same size
    assert mixed.winner("AH AH KH KH QH QH", ["7H 7H 7H 7H 8H 8H", "3S 3S 3S 3S 4S 4S"]) == 2
    # equal bombs: the earlier stands
    assert mixed.winner("AH AH KH KH QH QH", ["7H 7H 7H 7H 8H 8H", "7H 7H 7H 7H 8H 8H"]) == 1


def test_a_led_bomb_is_beaten_only_by_a_stronger_bomb(mixed):
    assert mixed.winner("3H 3H 3H 3H 4H 4H", ["AH AH KH KH QH QH"]) == 0
    assert mixed.winner("3H 3H 3H 3H 4H 4H", ["9H 9H 9H 9H 10H 10H"]) == 1


def test_the_sheet_states_the_joined_bombs():
    r = tr.load(str(GALLERY))
    en = {i.key: i for i in build_sheet(r, "en").items()}
    zh = {i.key: i for i in build_sheet(r, "zh").items()}
    assert "3333 44 is a bomb of six cards" in str(en["combinations.bomb_width"].text)
    assert "3333 44是六张的炸弹" in str(zh["combinations.bomb_width"].text)
