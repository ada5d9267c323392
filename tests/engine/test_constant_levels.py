"""Constant trumps that are levels too (``constant trumps: levels too``; Shandong, gallery T06):
at a constant rank's level its cards are the level cards, above the other constants, its own
constant tiers stand empty, and the links pass over them."""

from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.engine.rulings.scoring import level_ladder

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules" / "T06-constant-levels.tractor"
SHANDONG = tr.load(str(GALLERY))


def order(level: str, trump: str | None = "H") -> list[str]:
    ctx = SHANDONG.context(level=level, trump=trump)
    return [str(c) for c in ctx.sort(ctx.cards("4S 2S 3S 5S 10S AH 4H 2H 3H 5H 10H SJ BJ"))]


def test_the_ladder_keeps_the_constant_ranks():
    assert level_ladder(SHANDONG) == ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    assert SHANDONG.advance("2", 1) == "3"
    assert SHANDONG.advance("4", 1) == "5"


def test_at_level_10_the_constants_sit_below_the_level_cards():
    assert order("10") == ["BJ", "SJ", "10H", "10S", "5H", "5S", "3H", "3S", "2H", "2S", "AH", "4H", "4S"]


@pytest.mark.parametrize(("level", "expected"), [
    ("2", ["BJ", "SJ", "2H", "2S", "5H", "5S", "3H", "3S", "AH", "10H", "4H", "10S", "4S"]),
    ("3", ["BJ", "SJ", "3H", "3S", "5H", "5S", "2H", "2S", "AH", "10H", "4H", "10S", "4S"]),
    ("5", ["BJ", "SJ", "5H", "5S", "3H", "3S", "2H", "2S", "AH", "10H", "4H", "10S", "4S"]),
])
def test_at_a_constant_level_its_cards_are_the_level_cards(level, expected):
    assert order(level) == expected
    ctx = SHANDONG.context(level=level, trump="H")
    # the level card of the trump suit beats the other suits' level cards, which beat every constant
    strength = ctx.order.strength
    level_trump, level_other = ctx.cards(f"{level}H {level}S")
    others = [c for c in ctx.cards("5H 3H 2H") if c.rank != level]
    assert strength[level_trump] > strength[level_other] > max(strength[c] for c in others)


def test_tractors_pass_over_the_empty_constant_tiers():
    at_5 = SHANDONG.context(level="5", trump="H")
    # the other suits' level 5s, then (the 5 tiers empty) the trump 3s
    assert at_5.is_tractor(at_5.cards("5S 5S 3H 3H"))
    assert at_5.is_tractor(at_5.cards("5S 5S 5H 5H"))
    at_10 = SHANDONG.context(level="10", trump="H")
    assert at_10.is_tractor(at_10.cards("5S 5S 3H 3H"))
    assert not at_10.is_tractor(at_10.cards("10S 10S 3H 3H"))
    at_3 = SHANDONG.context(level="3", trump="H")
    assert at_3.is_tractor(at_3.cards("3S 3S 5H 5H"))
    assert not at_3.is_tractor(at_3.cards("5S 5S 3H 3H"))


def test_in_no_trump_at_a_constant_level_the_level_cards_are_equal():
    ctx = SHANDONG.context(level="3", trump=None)
    strength = ctx.order.strength
    threes = ctx.cards("3H 3S 3D 3C")
    assert len({strength[c] for c in threes}) == 1
    assert min(strength[c] for c in threes) > max(strength[c] for c in ctx.cards("5H 2S"))
    assert ctx.is_tractor(ctx.cards("3S 3S 5H 5H"))


def test_declaring_and_the_fallback_use_the_constant_level():
    declared = SHANDONG.declaration("2S 2S", "2")
    assert declared is not None and declared.trump == "S"
    assert SHANDONG.declaration("3S 3S", "2") is None
    nobody = tr.loads(GALLERY.read_text(encoding="utf-8") + "\ndeclare\n  nobody declares: first level card in kitty\n",
                      str(GALLERY))
    assert nobody.fallback_trump("4S 5D 3C 2H", "3") == "C"


def test_without_the_statement_a_constant_rank_is_still_no_level():
    text = GALLERY.read_text(encoding="utf-8").replace("  constant trumps: levels too\n", "")
    # an inherited range moves off the constant trumps by itself; one the file writes is refused
    assert level_ladder(tr.loads(text, str(GALLERY)))[0] == "4"
    with pytest.raises(tr.RulesetError, match="2 is a constant trump, so it cannot be a level") as info:
        tr.loads(text + "levels\n  range: 2 to A\n", str(GALLERY))
    assert info.value.diagnostics[0].code == "E302"
    never = tr.loads(text + "levels\n  range: 4 to A\ntrumps\n  constant trumps: never levels\n", str(GALLERY))
    assert level_ladder(never) == ("4", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    assert never.trumps.constant_levels is False


def test_an_inherited_range_keeps_constant_trumps_that_are_levels_too():
    text = ('extends: "two-decks"\ntrumps\n  order: big joker > small joker > level in trump suit > '
            "level in other suits > 2 in trump suit > 2 in other suits > trump suit\n")
    assert level_ladder(tr.loads(text))[0] == "3"  # moved off the constant 2s, as before
    assert level_ladder(tr.loads(text + "  constant trumps: levels too\n"))[0] == "2"


def test_the_constant_twos_ruleset_is_unchanged():
    rules = tr.load("two-decks-constant-twos")
    assert rules.trumps.constant_levels is False
    assert level_ladder(rules)[0] == "3"
