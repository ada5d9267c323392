"""The sheets state the house rules of a hand's outcome and of the levels (knock back), in English
and Chinese, marked as house rules where a file changes its parent."""

from __future__ import annotations

from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.render.sheet import build_sheet

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules"


def item(rules: tr.Rules, key: str, lang: str):
    return {i.key: i for i in build_sheet(rules, lang).items()}[key]


def house(text: str, parent: str = "two-decks") -> tr.Rules:
    return tr.loads(f'extends: "{parent}"\n{text}', origin="house.tractor")


@pytest.mark.parametrize("text, en, zh", [
    ("J to 2",
     "a team that loses a hand while playing level J, the last trick being won by a single J, goes back to level 2",
     "一方打J时输掉一局，且最后一轮由单张J赢得，则退回到2"),
    ("J to 2 on any loss",
     "a team that loses a hand while playing level J goes back to level 2, whatever the last trick",
     "一方打J时输掉一局，不论最后一轮如何，都退回到2"),
    ("Q to 6 when the attackers win the last trick with a single 2",
     "when the banker team plays level Q and an attacker wins the last trick with a single 2, the banker team "
     "goes back to level 6, whatever the outcome",
     "庄家打Q时，若闲家用单张2赢得最后一轮，不论输赢，庄家一方都退回到6"),
])
def test_knock_back_is_stated_as_compiled(text, en, zh):
    rules = house(f"levels\n  knock back: {text}\n")
    assert en in item(rules, "levels.knock_back", "en").text
    assert zh in item(rules, "levels.knock_back", "zh").text
    assert item(rules, "levels.knock_back", "en").house


@pytest.mark.parametrize("name", ["L04-single-jack", "L05-lose-at-jack"])
def test_the_gallery_knock_backs_are_marked_house_rules(name):
    rules = tr.load(str(GALLERY / f"{name}.tractor"))
    assert item(rules, "levels.knock_back", "en").house
    assert item(rules, "levels.knock_back", "zh").house


def test_the_last_trick_rule_is_stated():
    rules = tr.load(str(GALLERY / "L12-hold-needs-last-trick.tractor"))
    en, zh = (item(rules, "levels.hold_needs_last_trick", lang) for lang in ("en", "zh"))
    assert en.text == ("The banker team goes up only if it also wins the last trick: holding the bank without it, "
                       "the banker team keeps the bank but gains no level.")
    assert zh.text == "庄家一方只有同时赢得最后一轮才能升级：守住了庄但没赢最后一轮，庄家一方保庄，不升级。"
    assert en.house and zh.house
    plain = item(tr.load("two-decks"), "levels.hold_needs_last_trick", "en")
    assert plain.text == "The banker team gains its levels whoever wins the last trick." and not plain.house


def test_the_smaller_team_bonus_is_stated_only_with_called_partners():
    rules = tr.load(str(GALLERY / "L11-smaller-team-bonus.tractor"))
    en, zh = (item(rules, "levels.short_team_bonus", lang) for lang in ("en", "zh"))
    assert en.text == ("A banker team with fewer players than usual (fewer than 2, when the called cards find fewer "
                       "friends) that holds the bank goes up 1 more level.")
    assert zh.text == "庄家一方人数比平常少（少于2人，叫的牌找到的朋友较少）而守住了庄时，额外多升1级。"
    assert en.house
    none = item(tr.load("house-finding-friends"), "levels.short_team_bonus", "en")
    assert none.text == ("A banker team with fewer players than usual (fewer than 3) gains the levels of the upgrade "
                         "table, and no extra level.")
    keys = {i.key for i in build_sheet(tr.load("two-decks"), "en").items()}
    assert "levels.short_team_bonus" not in keys and "solo_thresholds" not in keys


def test_a_solo_bankers_table_is_printed_as_compiled():
    rules = tr.load(str(GALLERY / "FF06-solo-banker-table.tractor"))
    en, zh = (item(rules, "solo_thresholds", lang) for lang in ("en", "zh"))
    assert en.text.startswith("A banker whom nobody joined (playing alone against everyone) is scored by a table of "
                              "their own (a multiplied kitty can take them past the deck's 300 points)")
    assert zh.text.startswith("没有朋友加入的庄家（一人对其余所有人）按自己的升级表计算（底牌分乘以倍数后，得分可能超过全部牌的总分300分）")
    assert en.table.rows == (("0", "banker team up 9 levels"), ("5–55", "banker team up 6 levels"),
                             ("60–115", "banker team up 3 levels"),
                             ("120–175", "attackers take the bank and go up 1 level"),
                             ("180 or more", "attackers take the bank and go up 2 levels"))
    assert en.house and zh.house
    same = item(tr.load("house-finding-friends"), "solo_thresholds", "en")
    assert same.text == "A banker whom nobody joined is scored by the same table."
