"""Rainbows among trumps (``rainbows: N+ trumps of one rank in four suits``): Shandong's flash and
quake (闪/震), four or more trumps of one rank in the four suits, through the public oracle and the
game (gallery C10)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.engine.records.simulate import simulate
from tractor_rules.render.sheet import build_sheet

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
C10 = GALLERY / "C10-shandong-flash.tractor"


@pytest.fixture(scope="module")
def rules():
    return tr.load(str(C10))


@pytest.fixture(scope="module")
def ctx(rules):
    return rules.context(level="7", trump="H")


def test_the_statement_compiles_to_the_field_and_the_kind(rules):
    assert rules.combinations.rainbow_min == 4 and rules.combinations.rainbow_trumps
    assert not rules.combinations.rainbow_bombs
    rainbow = next(k for k in rules.kinds() if k.name == "rainbow")
    assert (rainbow.among, rainbow.compares, rainbow.demand) == ("trumps", "within-kind", "ranks")
    plain = tr.load(str(GALLERY / "C07-rainbows.tractor"))
    assert next(k for k in plain.kinds() if k.name == "rainbow").among == "cards"


def test_a_flash_is_four_trumps_of_one_rank_in_four_suits(ctx):
    assert ctx.rainbow_parts("7S 7H 7D 7C") == [tuple(ctx.cards("7S 7H 7D 7C"))]  # the level rank
    assert ctx.rainbow_parts("2S 2H 2D 2C 2C") is not None  # a quake: a constant rank, five cards
    assert ctx.rainbow_parts("8S 8H 8D 8C") is None  # only ♥8 is a trump
    assert ctx.rainbow_parts("7S 7H 7D 7D") is None  # three suits
    assert ctx.rainbow_parts("3S 3H 3D 3C") is None  # 3 is no constant trump here: only ♥3 is a trump
    assert ctx.rainbow_parts("2S 2H 2D 2C 7S 7H 7D 7C") is not None  # a throw of two flashes
    # without the scope, trumps are one suit and the level rank never makes a rainbow
    scoped = tr.load(str(C10))
    plain = replace(scoped, combinations=replace(scoped.combinations, rainbow_trumps=False))
    assert plain.context(level="7", trump="H").rainbow_parts("7S 7H 7D 7C") is None


def test_ranks_compare_by_the_trump_order(ctx):
    # the level rank above the constant 2s, though 7 is below 2 in the natural order
    assert ctx.winner("2S 2H 2D 2C", ["3S 3H 3D 3C", "7S 7H 7D 7C", "2S 2H 2D 2C"]) == 2
    assert ctx.winner("7S 7H 7D 7C", ["2S 2H 2D 2C", "AH KH QH JH"]) == 0
    # among Shandong's constant trumps (T06) the ranks follow the trump order: 5 above 3 above 2
    t06 = tr.loads(str((GALLERY / "T06-constant-levels.tractor").read_text(encoding="utf-8"))
                   + "\ncombinations\n  rainbows: 4+ trumps of one rank in four suits\n")
    shandong = t06.context(level="7", trump="H")
    assert shandong.winner("2S 2H 2D 2C", ["3S 3H 3D 3C", "7S 7H 7D 7C", "5S 5H 5D 5C"]) == 2
    assert shandong.winner("3S 3H 3D 3C", ["2S 2H 2D 2C", "5S 5H 5D 5C"]) == 2


def test_the_follower_answers_with_a_flash_or_with_trumps(ctx):
    lead = "2S 2H 2D 2C"
    hand = "7S 7H 7D 7C AH 4S"
    assert ctx.follow_error(hand, lead, "AH 7S 7H 7D") is not None  # holds the flash 7777
    assert ctx.follow_error(hand, lead, "7S 7H 7D 7C") is None
    short = "7S 7H 7D AH KH 4S"  # five trumps, no flash
    assert ctx.follow_error(short, lead, "AH 7S 4S 7D") is not None
    assert ctx.follow_error(short, lead, "AH 7S 7H 7D") is None
    assert ctx.follow_error("AH 4S 4C 6D 9C", lead, "AH 4S 4C 6D") is None  # one trump, played
    follow = ctx.legal_follow(short, lead)
    assert ctx.follow_error(short, lead, " ".join(map(str, follow))) is None


def test_a_throw_of_flashes_fails_against_a_higher_one(ctx):
    level8 = tr.load(str(C10)).context(level="8", trump="H")
    throw = "2S 2H 2D 2C 8S 8H 8D 8C"
    # another player's flash of 8s (the level rank) beats the flash of 2s; three suits of 8 do not
    assert level8.throw_options(throw, ["8S 8H 8D 8C 4S", "4S"]) == [tuple(level8.cards("2S 2H 2D 2C"))]
    assert level8.throw_options(throw, ["8S 8H 8D 4C", "4S"]) == []
    # a quake of five 2s is beaten only by five cards of a higher rank
    assert level8.throw_options("2S 2H 2D 2C 2C 8S 8H 8D 8C", ["8S 8H 8D 8C"]) == []


def test_every_player_kind_plays_flashes_and_the_replay_checks_them(rules):
    led = 0
    for kind in ("random", "greedy", "heuristic"):
        for result in simulate(rules, 30, 5, kind, log=True):
            entry = result.log
            assert replay_hand(entry, rules) == []
            ctx = rules.context(entry["level"], entry["trump"])
            led += sum(1 for t in entry["tricks"] if ctx.rainbow_parts(t["plays"][0]) is not None)
    assert led > 0


def test_the_replay_refuses_a_wrong_winner_of_a_flash(rules):
    for result in simulate(rules, 40, 3, "random", log=True):
        entry = result.log
        ctx = rules.context(entry["level"], entry["trump"])
        for t in entry["tricks"]:
            if ctx.rainbow_parts(t["plays"][0]) is None:
                continue
            other = next(s for s in range(len(entry["hands"])) if s != t["winner"])
            changed = dict(entry, tricks=[dict(x, winner=other) if x is t else x for x in entry["tricks"]])
            assert any("the winner is seat" in p for p in replay_hand(changed, rules))
            return
    pytest.fail("no flash was led")


def test_the_sheet_states_rainbows_among_trumps(rules):
    en = {i.key: i for i in build_sheet(rules, "en").items()}
    zh = {i.key: i for i in build_sheet(rules, "zh").items()}
    assert str(en["combinations.rainbow_min"].text).startswith("Rainbows among trumps: 4 or more trumps")
    assert "主牌中的彩虹" in str(zh["combinations.rainbow_min"].text)
    kinds = " ".join(map(str, en["combinations.kinds"].points))
    assert "a rainbow among trumps: 4 or more trumps of one rank in four suits" in kinds


def test_a_flash_that_digs_the_bottom_multiplies_the_kitty_by_its_row(rules, ctx):
    assert ctx.kitty_multiplier("7S 7H 7D 7C") == 4  # the row 'rainbow of 4 cards = 4'
    assert ctx.kitty_multiplier("2S 2H 2D 2C 2C") == 4  # a quake: the longest row up to five cards
    assert ctx.kitty_multiplier("2S 2H 2D 2C 7S 7H 7D 7C") == 4  # a throw of flashes
    assert ctx.kitty_multiplier("AH") == 2 and ctx.kitty_multiplier("2S 2S") == 4
    assert next(k for k in rules.kinds() if k.name == "rainbow").kitty == 4
    # without the row a rainbow counts by its largest set, as any lead
    plain = tr.load(str(GALLERY / "C07-rainbows.tractor")).context(level="10", trump="S")
    assert plain.kitty_multiplier("7S 7H 7H 7D 7C") == 4

