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
     "一方打J时输掉一副牌，且最后一墩由单张J赢得，则退回到2"),
    ("J to 2 on any loss",
     "a team that loses a hand while playing level J goes back to level 2, whatever the last trick",
     "一方打J时输掉一副牌，不论最后一墩如何，都退回到2"),
    ("Q to 6 when the attackers win the last trick with a single 2",
     "when the banker team plays level Q and an attacker wins the last trick with a single 2, the banker team "
     "goes back to level 6, whatever the outcome",
     "庄家打Q时，若闲家用单张2赢得最后一墩，不论输赢，庄家一方都退回到6"),
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
