"""The kinds of combination as data (``Rules.kinds()``, ``tractor_rules.rules.kinds``): derived from
the fields that always said them, and true to the engine: each kind's smallest instance is read by
the engine as that kind, and its kitty multiplier is the engine's."""

from __future__ import annotations

from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.render.examples import Kit, _kind_cards

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted(str(p) for p in (ROOT / "rulesets").glob("*.tractor")) + \
    sorted(str(p) for p in (ROOT / "examples" / "house-rules").glob("*.tractor"))


def names(rules: tr.Rules) -> list[tuple[str, int]]:
    return [(k.name, k.width) for k in rules.kinds()]


def test_the_classic_game_has_singles_pairs_and_tractors_of_pairs():
    rules = tr.load("two-decks")
    assert names(rules) == [("set", 1), ("set", 2), ("tractor", 2)]
    single, pair, tractor = rules.kinds()
    assert (tractor.shape, tractor.least, tractor.most) == ("run", 2, 0)
    assert (single.kitty, pair.kitty, tractor.kitty) == (2, 4, 8)
    assert all(k.compares == "within-kind" and k.thrown and k.along == "nothing" for k in rules.kinds())
    assert single.demand == "suit" and pair.demand == "list" and tractor.demand == "list"


def test_one_deck_has_singles_only():
    assert names(tr.load("one-deck")) == [("set", 1)]


def test_four_decks_list_every_width():
    assert names(tr.load("four-decks")) == [("set", 1), ("set", 2), ("set", 3), ("set", 4),
                                            ("tractor", 2), ("tractor", 3), ("tractor", 4)]


def test_bombs_beat_other_kinds_and_may_bring_adjacent_sets():
    bomb = [k for k in tr.load(str(ROOT / "examples/house-rules/C06-mixed-bombs.tractor")).kinds()
            if k.name == "bomb"]
    assert len(bomb) == 1
    assert (bomb[0].width, bomb[0].compares, bomb[0].along) == (4, "beats-other-kinds", "adjacent-sets")


def test_rainbows_are_one_rank_across_the_suits():
    rules = tr.load(str(ROOT / "examples/house-rules/C07-rainbows.tractor"))
    rainbow = rules.kinds()[-1]
    assert (rainbow.name, rainbow.shape, rainbow.least, rainbow.demand) == ("rainbow", "rank-across-suits", 5, "ranks")
    # five cards over four suits hold a pair: the smallest rainbow's kitty factor is a pair's
    assert rainbow.kitty == 4 == rules.context("10", "S").kitty_multiplier("7S 7H 7H 7D 7C")


def test_tractor_lengths_per_width_and_the_follow_rules_are_read():
    rules = tr.load(str(ROOT / "examples/house-rules/C03-tractor-length-per-width.tractor"))
    tractors = {k.width: (k.least, k.most) for k in rules.kinds() if k.name == "tractor"}
    assert tractors == {2: (3, 0), 3: (2, 0)}
    steps = tr.load(str(ROOT / "examples/house-rules/F1-rbtying-follow-order.tractor"))
    assert {k.demand for k in steps.kinds() if k.name != "set" or k.width > 1} <= {"list", "step-down"}
    suit_only = tr.load(str(ROOT / "examples/house-rules/F2-pairs-do-not-draw-pairs.tractor"))
    assert {k.demand for k in suit_only.kinds()} == {"suit"}


def test_a_formula_kitty_gives_no_factor():
    rules = tr.load("two-decks-power-kitty")
    assert {k.kitty for k in rules.kinds()} == {None}


def test_no_throws_are_said():
    rules = tr.load(str(ROOT / "examples/house-rules/P07-no-throws.tractor"))
    assert not any(k.thrown for k in rules.kinds())


@pytest.mark.parametrize("path", FILES, ids=lambda p: Path(p).stem)
def test_every_kind_s_smallest_instance_is_that_kind_to_the_engine(path):
    rules = tr.load(path)
    kit = Kit(rules)
    for kind in rules.kinds():
        cards = _kind_cards(kit, kind)
        if kind.width > rules.table.decks:
            assert cards is None
            continue
        assert cards is not None, kind
        units = kit.ctx.units(cards)
        if kind.name == "rainbow":
            assert kit.ctx.rainbow_parts(cards) is not None
        else:
            size = kind.least if kind.shape == "run" else 1
            assert [u.shape for u in units] == [(kind.width, size)]
        if kind.kitty is not None and rules.table.kitty_size and kind.name != "rainbow":
            assert kit.ctx.kitty_multiplier(cards) == kind.kitty
