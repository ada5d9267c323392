"""What the four-deck sheet states, checked against the engine: the upgrade bands past the deck's
points, the order of the kinds of combination, the source's 98888444 throw, and the house mark of
the levels sentence."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

import tractor_rules as tr
from tractor_rules.render.sheet import build_sheet
from tractor_rules.rules import Multiplier


def item(rules, key: str, lang: str = "en"):
    return next(it for it in build_sheet(rules, lang).items() if it.key == key)


# --- upgrade bands -------------------------------------------------------------------------------


def test_the_four_deck_table_ends_in_bands_as_the_source_writes_them():
    rules = tr.load("four-decks")
    en, zh = item(rules, "thresholds"), item(rules, "thresholds", "zh")
    assert en.table.rows[-2:] == (("400–475", "attackers take the bank and go up 3 levels"),
                                  ("480 or more", "attackers take the bank and go up 4 levels"))
    assert zh.table.rows[-2:] == (("400–475", "闲家上台并升3级"), ("480及以上", "闲家上台并升4级"))
    assert "from 0 to" not in en.text and "a multiplied kitty can take them past the deck's 400 points" in en.text
    assert "超过全部牌的总分400分" in zh.text


def test_a_table_without_limit_closes_the_band_of_the_total_and_ends_open():
    rows = item(tr.load("two-decks"), "thresholds").table.rows
    assert rows[-2:] == (("200–235", "attackers take the bank and go up 3 levels"),
                         ("240 or more", "attackers take the bank and go up 4 levels or more"))


def test_a_game_whose_points_cannot_pass_the_total_keeps_its_closed_range():
    rules = replace(tr.load("four-decks"), kitty=Multiplier(kind="none"))
    en = item(rules, "thresholds")
    assert en.text == "After each hand the attackers' points decide the outcome (from 0 to 400 points):"
    assert en.table.rows[-1] == ("400", "attackers take the bank and go up 3 levels")
    assert all("or more" not in score for score, _outcome in en.table.rows)


# --- the order of the kinds of combination -------------------------------------------------------


KINDS_EN = {"tractors of quads": (4, 2), "tractors of triples": (3, 2), "tractors of pairs": (2, 2),
            "quads": (4, 1), "triples": (3, 1), "pairs": (2, 1), "singles": (1, 1)}
FACES = ["A", "K", "Q", "J", "9", "8", "7", "6", "5", "4", "3", "2"]


@pytest.mark.parametrize("name", ["four-decks", "three-decks", "two-decks"])
def test_the_kinds_are_listed_in_the_order_the_engine_finds_a_plays_largest(name):
    """One play holding a combination of every listed kind: the engine's units come out in the
    sheet's order, the largest first."""
    rules = tr.load(name)
    text = item(rules, "combinations.largest").text
    listed = re.split(r"[;.] ", text.split("from the largest: ")[1])[0].split(", ")
    shapes = [KINDS_EN[kind] for kind in listed]
    assert len(listed) == len({*rules.combinations.set_widths, 1}) + len(rules.combinations.tractor_widths)
    faces = iter(FACES)
    groups = []
    for width, length in reversed(shapes):  # lowest kind on the highest faces: no help from the ranks
        run = [next(faces) for _ in range(length)]
        groups += [f"{face}H " * width for face in run]
        if rules.combinations.grouping != "identical":  # sets may be split to join a neighbour: keep apart
            next(faces)
    ctx = rules.context("10", "S")
    units = ctx.units(" ".join(groups))
    assert [(u.width, u.length) for u in units] == shapes


def test_the_order_is_in_chinese_and_absent_where_nothing_is_judged_by_it():
    zh = item(tr.load("four-decks"), "combinations.largest", "zh").text
    assert "由四张组成的拖拉机、由三张组成的拖拉机、连对、四张、三张、对子、单张" in zh
    en = item(tr.load("four-decks"), "combinations.largest").text
    assert "which decides the kitty multiplier and the winner of a trick (ruffs included)" in en
    one = tr.load("one-deck")
    plain = replace(one, ruffing=replace(one.ruffing, compare="highest-card"), kitty=Multiplier(kind="none"),
                    leading=replace(one.leading, throw_check="every-part"))
    assert "combinations.largest" not in {it.key for it in build_sheet(plain).items()}
    two = tr.load("two-decks")
    throws = replace(two, ruffing=replace(two.ruffing, compare="highest-card"), kitty=Multiplier(kind="none"),
                     leading=replace(two.leading, throw_check="largest-part"))
    assert "which decides whether a throw stands," in item(throws, "combinations.largest").text
    assert "它决定甩牌是否成立。" in item(throws, "combinations.largest", "zh").text


# --- the source's throw example ------------------------------------------------------------------


def test_the_98888444_throw_is_shown_with_the_engines_results():
    rows = item(tr.load("four-decks"), "leading.throw_examples").table.rows
    quads = [row for row in rows if row[0] == "♥9 ♥8 ♥8 ♥8 ♥8 ♥4 ♥4 ♥4"]
    assert quads == [("♥9 ♥8 ♥8 ♥8 ♥8 ♥4 ♥4 ♥4", "♥J", "the leader plays ♥9"),
                     ("♥9 ♥8 ♥8 ♥8 ♥8 ♥4 ♥4 ♥4", "♥Q ♥Q ♥Q ♥Q", "the leader plays ♥4 ♥4 ♥4"),
                     ("♥9 ♥8 ♥8 ♥8 ♥8 ♥4 ♥4 ♥4", "♥5 ♥5 ♥5", "the leader plays ♥4 ♥4 ♥4")]
    ctx = tr.load("four-decks").context("10", "S")
    assert ctx.throw_options("9H 8H 8H 8H 8H 4H 4H 4H", ["QH QH QH QH"], partners=()) == [ctx.cards("4H 4H 4H")]
    two = item(tr.load("two-decks"), "leading.throw_examples").table.rows
    assert all(len(throw.split()) == 5 for throw, _other, _result in two), "only games with quads show it"


# --- the levels sentence's house mark ------------------------------------------------------------

CONSTANT_FIVES = """ruleset: "Constant fives"
extends: "two-decks"
trumps
  order: big joker > small joker > level in trump suit > level in other suits > 5 in trump suit > 5 in other suits > trump suit
combinations
  links: big joker ~ small joker ~ level in trump suit ~ level in other suits ~ 5 in trump suit ~ 5 in other suits ~ top of trump suit
  no-trump links: big joker ~ small joker ~ level ~ 5
"""

NO_CONSTANT_RANKS = """ruleset: "No constant fives"
extends: "fives.tractor"
trumps
  order: big joker > small joker > level in trump suit > level in other suits > trump suit
combinations
  links: big joker ~ small joker ~ level in trump suit ~ level in other suits ~ top of trump suit
  no-trump links: big joker ~ small joker ~ level
"""

ONE_MORE_CARD = """ruleset: "Fives and the five of hearts"
extends: "fives.tractor"
trumps
  order: 5H > big joker > small joker > level in trump suit > level in other suits > 5 in trump suit > 5 in other suits > trump suit
"""


def test_the_levels_are_a_house_rule_when_the_constant_ranks_change_not_when_a_card_is_added(tmp_path):
    (tmp_path / "fives.tractor").write_text(CONSTANT_FIVES, encoding="utf-8")
    (tmp_path / "none.tractor").write_text(NO_CONSTANT_RANKS, encoding="utf-8")
    (tmp_path / "card.tractor").write_text(ONE_MORE_CARD, encoding="utf-8")
    fives = item(tr.load(str(tmp_path / "fives.tractor")), "levels.range")
    assert "4, 6" in fives.text and fives.house
    none = tr.load(str(tmp_path / "none.tractor"))
    assert "trumps.constant_ranks" in none.house_changes
    levels = item(none, "levels.range")
    assert "4, 5, 6" in levels.text and levels.house
    assert item(none, "levels.range", "zh").house
    card = tr.load(str(tmp_path / "card.tractor"))
    assert "trumps.order" in card.house_changes and "trumps.constant_ranks" not in card.house_changes
    levels = item(card, "levels.range")
    assert "4, 6" in levels.text and not levels.house
    assert item(card, "trumps.order").house
