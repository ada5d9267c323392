"""Wording that players found wrong or clumsy on the sheets, the card and the tracker, in English
and Chinese: numbers agree with their nouns, a multiplied kitty is not "doubled", and a sheet says
nothing of what the game does not have."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.render import render_diff, render_sheet
from tractor_rules.render.card import build_card
from tractor_rules.render.sheet import build_sheet

ROOT = Path(__file__).resolve().parents[2]
GALLERY = ROOT / "examples" / "house-rules"
#: a number one followed by a plural noun: "1 cards", "1 hands", "1 sentences or items added"
ONE_PLURAL = re.compile(r"(?<![\d.,–-])\b1 (cards|hands|levels|sentences|items|players|decks|points|jokers|pairs)\b")


def text_of(rules: tr.Rules, lang: str = "en") -> str:
    """Everything a sheet says, its lists and tables included."""
    sheet = build_sheet(rules, lang)
    parts = [*sheet.intro]
    for item in sheet.items():
        parts += [item.text, *item.points]
        if item.table:
            parts += [cell for row in (item.table.header, *item.table.rows) for cell in row]
    return "\n".join(parts)


def item(rules: tr.Rules, key: str, lang: str = "en"):
    return next(it for it in build_sheet(rules, lang).items() if it.key == key)


def house(text: str, parent: str = "two-decks") -> tr.Rules:
    return tr.loads(f'extends: "{parent}"\nruleset: "House"\ndescription: "d"\n{text}', "house.tractor")


# --- one of a thing ------------------------------------------------------------------------------

#: rulesets where a count is one: one called card, a one-card kitty, a one-hand match, at most one
#: level from the open row of the upgrade table
ONES = {
    "one called card": str(GALLERY / "FF06-solo-banker-table.tractor"),
    "a kitty of one card": "table\n  deal: 43 each, kitty 1\n  decks: 4\n  players: 5\n  partners: by calling 1 card\n"
                           "declare\n  nobody declares: redeal\n",
    "a match of one hand": "levels\n  game end: after 1 hands\n",
    "at most one level": "upgrade\n  0: banker +3\n  5-35: banker +2\n  40-75: banker +1\n  80-115: attackers +0\n"
                         "  120+: attackers +1, +1 every 40, at most +1\n",
}


def ones(name: str) -> tr.Rules:
    made = ONES[name]
    return tr.load(made) if made.endswith(".tractor") else house(made)


@pytest.mark.parametrize("name", ONES)
def test_one_of_a_thing_is_singular_on_every_kind(name):
    rules = ones(name)
    printed = [text_of(rules), render_sheet(rules, "txt"), render_sheet(rules, "txt", kind="card"),
               render_sheet(rules, "html", kind="tracker")]
    for text in printed:
        found = ONE_PLURAL.findall(" ".join(text.split()))
        assert not found, f"{name}: {found}"


def test_the_singular_sentences_read_as_english():
    ff06 = ones("one called card")
    steps = item(ff06, "overview.hand").points
    assert "The banker calls 1 card: whoever plays it becomes the banker's friend." in steps
    assert "1 card is set aside face down as the kitty" in item(ones("a kitty of one card"), "table.deal").text
    assert "after 1 hand the highest level wins" in item(ones("a match of one hand"), "overview.object").text
    assert "up to 1 level." in item(ones("at most one level"), "thresholds.open").text


def test_a_diff_of_one_change_counts_it_in_the_singular():
    out = " ".join(render_diff(tr.load("two-decks"), tr.load("house-strict-throws")).split())
    assert "1 rule (Leading and throws): 1 sentence or item added, 1 removed, 0 reworded." in out
    assert not ONE_PLURAL.search(out)
    zh = "".join(render_diff(tr.load("two-decks"), tr.load("house-strict-throws"), lang="zh").split())
    assert "其中增加1处、删去1处、改写0处。" in zh


# --- Finding Friends -----------------------------------------------------------------------------


def test_the_game_in_short_says_who_plays_with_the_banker_in_plain_words():
    six = item(tr.load("house-finding-friends"), "overview.object")
    assert six.text.startswith("In every hand the banker plays with the friends the called cards find, against all "
                               "the others.")
    one = item(ones("one called card"), "overview.object")
    assert one.text.startswith("In every hand the banker plays with the friend the called card finds")
    assert "calls reveal" not in text_of(tr.load("house-finding-friends"))
    assert item(tr.load("house-finding-friends"), "overview.object", "zh").text.startswith(
        "每局庄家与叫牌找到的朋友同为一方，对抗其余所有人。")


def test_beside_a_solo_bankers_table_the_bonus_sentence_does_not_deny_its_levels():
    rules = ones("one called card")
    assert item(rules, "solo_thresholds").table.rows[0] == ("0", "banker team up 9 levels")
    bonus = item(rules, "levels.short_team_bonus")
    assert bonus.text == "A banker whom nobody joined gains the levels of their own table, and no extra level."
    assert item(rules, "levels.short_team_bonus", "zh").text == "没有朋友加入的庄家按自己的那张升级表升级，不额外升级。"
    six = item(tr.load("house-finding-friends"), "levels.short_team_bonus")
    assert six.text == ("A banker team with fewer players than usual (fewer than 3) gains the levels of the upgrade "
                        "table, and no extra level.")


# --- the kitty -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", tr.builtin_names())
def test_a_multiplied_kitty_is_never_said_to_be_doubled_in_chinese(name):
    # 翻倍 is "doubled"; the multiplier can be ×16 or ×64 (the ruleset's own name is its own text)
    assert "翻倍" not in text_of(tr.load(name), "zh")


def test_a_game_without_a_kitty_says_nothing_of_multiplying_it():
    rules = house("table\n  deal: 27 each, kitty 0\ndeclare\n  nobody declares: redeal\n")
    sheet = build_sheet(rules)
    assert "kitty" not in {section.key for section in sheet.sections}
    text = text_of(rules)
    assert not re.search(r"multipl", text), text
    assert "no kitty" in text
    assert "kitty" not in {section.key for section in build_sheet(rules, "zh").sections}
    assert "kitty.multiplier" not in {it.key for section in build_card(rules).sections for it in section.items}


# --- what the game does not have -----------------------------------------------------------------


@pytest.mark.parametrize("name", tr.builtin_names())
def test_a_sheet_says_nothing_of_rainbows_or_bombs_the_game_does_not_have(name):
    rules = tr.load(name)
    text = text_of(rules)
    assert "rainbow" not in text.lower() and "There are no bombs" not in text
    assert "彩虹" not in text_of(rules, "zh")


def test_a_game_with_rainbows_states_them():
    rules = tr.load(str(GALLERY / "C07-rainbows.tractor"))
    assert item(rules, "combinations.rainbow_min").text.startswith("Rainbows: 5 or more cards of one rank")


def test_one_deck_does_not_say_cards_are_played_one_by_one_beside_its_throws():
    rules = tr.load("one-deck")
    assert rules.leading.throws
    sets = item(rules, "combinations.sets")
    assert sets.text == ("There are no pairs or other sets: every combination is a single card, and a throw is made "
                         "of singles.")
    assert "one by one" not in text_of(rules)
    assert item(rules, "combinations.sets", "zh").text == "没有对子或其他同张组合：每个牌型都是单张，甩牌也由单张组成。"
    no_throws = house("lead\n  throws: not allowed\n", "one-deck")
    assert item(no_throws, "combinations.sets").text.startswith("Cards are played one by one, as singles")


def test_without_mandatory_levels_the_defended_ones_still_stop_a_team():
    rules = house("levels\n  mandatory: none\n  defend: 5, 10\n")
    mandatory = item(rules, "levels.mandatory")
    assert "any of them" not in mandatory.text
    assert mandatory.text == ("No level must be played: a team going up several levels may jump over any level other "
                              "than the defended ones below.")
    assert item(rules, "levels.defended").text.startswith("Levels 5 and 10 must be defended")
    assert item(rules, "levels.mandatory", "zh").text == (
        "没有必打的级：一次升多级时，除了下面所说必须坐庄打过的级，其他级都可以跳过。")
    plain = item(house("levels\n  mandatory: none\n"), "levels.mandatory")
    assert plain.text == "No level must be played: a team going up several levels may jump over any of them."
