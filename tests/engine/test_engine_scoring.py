"""RULES.md §9 (kitty multiplier), §10 (thresholds, next banker) and §14 (mandatory levels)."""

from dataclasses import replace

import pytest
from engine_variants import constant_twos, three_decks

import tractor_rules as tr
from tractor_rules.engine import EngineError
from tractor_rules.rules import Levels, Multiplier, MultiplierRow, Rotation, Rules, Table, ThresholdRow

# --- §10 thresholds --------------------------------------------------------------------------


@pytest.mark.parametrize("points, outcome", [
    (0, ("banker", 3)), (5, ("banker", 2)), (35, ("banker", 2)), (40, ("banker", 1)), (75, ("banker", 1)),
    (80, ("attackers", 0)), (115, ("attackers", 0)), (120, ("attackers", 1)), (155, ("attackers", 1)),
    (160, ("attackers", 2)), (195, ("attackers", 2)), (200, ("attackers", 3)), (240, ("attackers", 4)),
])
def test_two_deck_thresholds(points, outcome):
    assert Rules().level_change(points) == outcome
    assert tr.load("two-decks").level_change(points) == outcome


def test_one_deck_same_shape_steps_of_20():
    rows = (
        ThresholdRow(0, 0, "banker", 3), ThresholdRow(5, 15, "banker", 2), ThresholdRow(20, 35, "banker", 1),
        ThresholdRow(40, 55, "attackers", 0), ThresholdRow(60, 75, "attackers", 1),
        ThresholdRow(80, -1, "attackers", 2, every=20),
    )
    rules = replace(Rules(), thresholds=rows)
    assert [rules.level_change(p) for p in (0, 10, 20, 40, 60, 80, 100)] == [
        ("banker", 3), ("banker", 2), ("banker", 1), ("attackers", 0), ("attackers", 1), ("attackers", 2),
        ("attackers", 3),
    ]


def test_three_decks_each_60_above_120_adds_a_level():
    rows = (
        ThresholdRow(0, 0, "banker", 3), ThresholdRow(5, 55, "banker", 2), ThresholdRow(60, 115, "banker", 1),
        ThresholdRow(120, 175, "attackers", 0), ThresholdRow(180, -1, "attackers", 1, every=60),
    )
    rules = replace(Rules(), thresholds=rows)
    assert rules.level_change(0) == ("banker", 3)
    assert rules.level_change(55) == ("banker", 2)
    assert rules.level_change(120) == ("attackers", 0)
    assert rules.level_change(180) == ("attackers", 1)
    assert rules.level_change(240) == ("attackers", 2)
    assert rules.level_change(300) == ("attackers", 3)


def test_four_decks_capped_at_four():
    rows = (
        ThresholdRow(0, 0, "banker", 3), ThresholdRow(5, 75, "banker", 2), ThresholdRow(80, 155, "banker", 1),
        ThresholdRow(160, 235, "attackers", 0), ThresholdRow(240, -1, "attackers", 1, every=80, at_most=4),
    )
    rules = replace(Rules(), thresholds=rows)
    assert [rules.level_change(p)[1] for p in (240, 319, 320, 400, 480, 560, 800)] == [1, 1, 2, 3, 4, 4, 4]


def test_uncovered_score_is_an_error():
    with pytest.raises(EngineError):
        replace(Rules(), thresholds=(ThresholdRow(0, 0, "banker", 3),)).level_change(50)


# --- §14 mandatory levels --------------------------------------------------------------------


def climb(rules, start="2", steps=2):
    out, level = [], start
    while True:
        level = rules.advance(level, steps)
        if level is None:
            return out
        out.append(level)
        if level == rules.levels.last:
            return out


def test_mandatory_ace_only():
    assert climb(Rules()) == ["4", "6", "8", "10", "Q", "A"]


def test_mandatory_5_10_k_a():
    rules = replace(Rules(), levels=Levels(mandatory=("5", "10", "K", "A")))
    assert climb(rules) == ["4", "5", "7", "9", "10", "Q", "K", "A"]


def test_advance_details():
    rules = Rules()
    assert rules.advance("K", 3) == "A"
    assert rules.advance("A", 1) is None
    assert rules.advance("5", 0) == "5"
    assert replace(rules, levels=Levels(mandatory=())).advance("K", 2) is None
    assert constant_twos().advance("A", 0) == "A"
    assert constant_twos().advance("3", 1) == "4"
    with pytest.raises(EngineError):
        constant_twos().advance("2", 1)  # 2 is a constant trump, never a level


def test_advance_skips_removed_ranks():
    rules = replace(Rules(), table=Table(removed_ranks=("2", "3", "4")), levels=Levels(first="5"))
    assert rules.advance("5", 1) == "6"


# --- §10 next banker -------------------------------------------------------------------------


def test_next_banker_partner_after_a_hold_next_seat_after_a_loss():
    rules = Rules()
    assert rules.next_banker(0, "banker") == 2
    assert rules.next_banker(3, "banker") == 1
    assert rules.next_banker(0, "attackers") == 1
    assert rules.next_banker(3, "attackers") == 0


def test_next_banker_other_rotations():
    same = replace(Rules(), rotation=Rotation(after_hold="same"))
    assert same.next_banker(1, "banker") == 1
    six = replace(Rules(), table=Table(players=6, partnership="alternate"),
                  rotation=Rotation(after_hold="next-of-team", after_loss="next-of-team"))
    assert six.next_banker(4, "banker") == 0
    assert six.next_banker(4, "attackers") == 5
    called = replace(Rules(), table=Table(players=5, partnership="called"))
    assert called.next_banker(4, "attackers") == 0
    with pytest.raises(EngineError):
        called.next_banker(4, "banker")
    with pytest.raises(EngineError):
        Rules().next_banker(0, "nobody")


# --- §9 kitty multiplier ---------------------------------------------------------------------

POWER = Multiplier("formula", (), False, ("pow", ("num", 2), ("var", "size")), 64)
TWICE_SIZE = Multiplier("formula", (), False, ("mul", ("num", 2), ("var", "size")), 0)


def kitty(rules, multiplier):
    return replace(rules, kitty=multiplier).context(level="2", trump="H")


def test_seed_002_table_doubling():
    ctx = Rules().context(level="10", trump="H")
    assert ctx.kitty_multiplier("AS") == 2
    assert ctx.kitty_multiplier("AS AS") == 4
    assert ctx.kitty_multiplier("5S 5S 4S 4S") == 8
    assert ctx.kitty_multiplier("6S 6S 5S 5S 4S 4S") == 16
    assert ctx.kitty_multiplier("7S 7S 6S 6S 5S 5S 4S 4S") == 32
    assert ctx.kitty_multiplier("AS AS KS") == 4  # a throw counts by its largest unit
    no_doubling = replace(Rules(), kitty=replace(Rules().kitty, doubling=False)).context(level="10", trump="H")
    assert no_doubling.kitty_multiplier("7S 7S 6S 6S 5S 5S 4S 4S") == 16


def test_seed_000_power_of_size_capped_at_64():
    ctx = kitty(three_decks(), POWER)
    assert ctx.kitty_multiplier("4S 4S 4S 5S 5S 5S") == 64
    assert ctx.kitty_multiplier("4S 4S 5S 5S 6S 6S") == 64
    assert ctx.kitty_multiplier("4S 4S 5S 5S") == 16
    assert ctx.kitty_multiplier("5S 5S 5S") == 8
    assert ctx.kitty_multiplier("AS KS QS JS 10S 9S 8S 7S 7S") == 4
    assert ctx.kitty_multiplier("AS KS QS JS") == 2
    assert ctx.kitty_multiplier("AS AS JS JS") == 4  # AA and JJ do not touch


def test_section_14_kitty_of_30_points():
    points = 30
    table = Rules().context(level="2", trump="H")
    twice = kitty(Rules(), TWICE_SIZE)
    power = kitty(Rules(), POWER)
    assert points * table.kitty_multiplier("AS") == 60
    assert points * table.kitty_multiplier("AS AS") == 120
    assert points * twice.kitty_multiplier("AS AS") == 120
    assert points * table.kitty_multiplier("AS AS KS KS") == 240
    assert points * twice.kitty_multiplier("AS AS KS KS") == 240
    assert points * power.kitty_multiplier("AS AS KS KS") == 480


def test_flat_and_none_and_cards_variable():
    assert kitty(Rules(), Multiplier("formula", (), False, ("num", 2), 0)).kitty_multiplier("AS AS") == 2
    assert kitty(Rules(), Multiplier("none", (), False, (), 0)).kitty_multiplier("AS AS") == 0
    cards = Multiplier("formula", (), False, ("add", ("var", "cards"), ("num", 1)), 0)
    assert kitty(Rules(), cards).kitty_multiplier("AS AS KS") == 4


def test_table_without_a_row_for_the_shape_uses_the_largest_row_it_contains():
    rows = Multiplier("table", (MultiplierRow(1, 1, 2), MultiplierRow(2, 1, 4)), False, (), 0)
    assert kitty(three_decks(), rows).kitty_multiplier("AS AS AS") == 4
    assert kitty(three_decks(), rows).kitty_multiplier("AS AS KS KS") == 4
