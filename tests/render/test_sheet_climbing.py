"""The sheet states the climbing rules in words, in English and Chinese: levels that must be
defended, the game won on reaching the last level, and the extra level with no level rank."""

from __future__ import annotations

from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.render.sheet import build_sheet

GALLERY = Path(__file__).resolve().parent.parent.parent / "examples" / "house-rules"


def house(levels: str, parent: str = "two-decks") -> tr.Rules:
    return tr.loads(f'extends: "{parent}"\nruleset: "house"\n\nlevels\n{levels}\n')


def text(rules: tr.Rules, key: str, lang: str = "en") -> str:
    found = {item.key: item for item in build_sheet(rules, lang).items()}[key]
    return found.text


def test_no_defended_level():
    rules = tr.load("two-decks")
    assert text(rules, "levels.defended") == (
        "No level must be defended: attackers go up past any level just as bankers do.")
    assert text(rules, "levels.defended", "zh") == "没有必须坐庄打过的级：闲家升级和庄家一样，可以越过任何一级。"


def test_defended_levels_are_stated_and_marked():
    rules = tr.load(str(GALLERY / "L02-defend-levels.tractor"))
    assert text(rules, "levels.defended") == (
        "Levels 5, 10, K and A must be defended: a team going up stops at each of them it reaches, as bankers or "
        "as attackers, and goes past one only by holding the bank while playing it; attackers winning at one stay "
        "at it.")
    assert text(rules, "levels.defended", "zh").startswith("5、10、K和A必须坐庄打过：")
    marked = {item.key for item in build_sheet(rules).items() if item.house}
    assert marked == {"levels.defended"}


def test_one_defended_level():
    assert text(house("  defend: A"), "levels.defended").startswith(
        "Level A must be defended: a team going up stops there, as bankers or as attackers")


def test_game_won_on_reaching_the_last_level():
    rules = tr.load(str(GALLERY / "L14-first-to-reach-wins.tractor"))
    assert text(rules, "levels.game_end") == (
        "The game is won by the first team whose level reaches A, as the banker team or as attackers: it does not "
        "have to play level A.")
    assert text(rules, "levels.game_end", "zh") == "先升到A的一方赢得全局，无论是作为庄家还是作为闲家升到的：不必再打A。"


@pytest.mark.parametrize("parent, constant", [("two-decks", False), ("two-decks-constant-twos", True)])
def test_extra_level_with_jokers_only(parent, constant):
    rules = house("  game end: beyond the last level, jokers only", parent)
    en, zh = text(rules, "levels.game_end"), text(rules, "levels.game_end", "zh")
    assert en.startswith("After level A, one more level is played with no level rank at all: only the jokers ")
    assert "the As are plain cards of their suits" in en
    assert ("constant trumps" in en) == constant
    assert zh.startswith("打过A后，再加打一级，这一级没有级牌：")
    assert ("常主" in zh) == constant


def test_extra_level_in_plain_no_trump_is_worded_as_before():
    rules = house("  game end: beyond the last level")
    assert text(rules, "levels.game_end") == (
        "After level A, one more level is played in no-trump; the team that wins it as the banker team wins the "
        "game.")


@pytest.mark.parametrize("name", ["L02-defend-levels", "L14-first-to-reach-wins", "T05-no-trump-beyond-a",
                                  "L30-ten-points-a-level", "D36-declaring-failed"])
def test_every_value_of_the_gallery_files_is_stated(name):
    from test_sheet_coverage import check_every_value_is_stated

    check_every_value_is_stated(tr.load(str(GALLERY / f"{name}.tractor")))
