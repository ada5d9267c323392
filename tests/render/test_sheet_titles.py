"""The title a sheet prints is in the sheet's language: the shipped rulesets name themselves in
English and Chinese, a sheet says which text it shows in another language, and a house rule that
changes the table under its parent's title says so under the title."""

from __future__ import annotations

import re

import pytest

import tractor_rules as tr
from tractor_rules.render import render_sheet
from tractor_rules.render.sheet import build, build_sheet

HAN = re.compile(r"[\u4e00-\u9fff]")
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


@pytest.mark.parametrize("name", tr.builtin_names())
def test_a_chinese_sheet_of_a_shipped_ruleset_has_a_chinese_title(name):
    rules = tr.load(name)
    (zh,) = [t for t in rules.translations if t.language == "zh"]
    sheet = build_sheet(rules, "zh")
    assert (sheet.title, sheet.description) == (zh.name, zh.description)
    assert HAN.search(sheet.title) and not LATIN_WORD.search(sheet.title), sheet.title
    assert not LATIN_WORD.search(sheet.description), sheet.description
    html = render_sheet(rules, "html", "zh")
    assert f"<title>{zh.name}</title>" in html
    assert f"<h1>{zh.name}</h1>" in html
    assert rules.name not in html  # the English name appears nowhere on the Chinese sheet
    english = build_sheet(rules, "en")
    assert (english.title, english.description) == (rules.name, rules.description)


def test_the_chinese_sheet_states_the_chinese_title_and_the_english_one_the_english():
    rules = tr.load("two-decks")
    assert {"translations[0].name", "translations[0].description"} <= build(rules, "zh").stated_paths()
    assert not any(p.startswith("translations") for p in build(rules, "en").stated_paths())


def test_a_ruleset_named_only_in_english_says_so_on_its_chinese_sheet():
    rules = tr.loads('ruleset: "Our table"\ndescription: "Two decks, our way."\n')
    sheet = build_sheet(rules, "zh")
    assert (sheet.title, sheet.description) == ("Our table", "Two decks, our way.")
    assert sheet.intro[0] == "这套规则没有中文名称和说明，上面照原文列出。"
    assert not any("没有中文" in line for line in build_sheet(tr.load("two-decks"), "zh").intro)


def test_a_ruleset_named_only_in_chinese_shows_that_name_on_its_english_sheet():
    rules = tr.loads('ruleset in zh: "我们的打法"\n', origin="ours.tractor")
    assert rules.name == "ours"  # no English name: the file's
    sheet = build_sheet(rules, "en")
    assert sheet.title == "我们的打法"
    assert sheet.intro[0] == "This ruleset gives its name only in another language: it is shown as written."
    assert build_sheet(rules, "zh").title == "我们的打法"


def test_a_description_missing_in_one_language_is_named_alone():
    rules = tr.loads('ruleset: "Ours"\nruleset in zh: "我们的"\ndescription: "Two decks."\n')
    sheet = build_sheet(rules, "zh")
    assert (sheet.title, sheet.description) == ("我们的", "Two decks.")
    assert sheet.intro[0] == "这套规则没有中文说明，上面照原文列出。"


def test_a_traditional_chinese_title_serves_the_chinese_sheet_when_there_is_no_other():
    rules = tr.loads('ruleset: "Ours"\nruleset in zh-Hant: "我們的"\n')
    assert build_sheet(rules, "zh").title == "我們的"


def test_a_ruleset_without_any_title_has_no_note():
    rules = tr.loads("", origin="plain.tractor")
    for lang in ("en", "zh"):
        sheet = build_sheet(rules, lang)
        assert (sheet.title, sheet.description) == ("plain", "")
        assert not any("another language" in line or "没有中文" in line for line in sheet.intro)


HOUSE = ('extends: "two-decks"\n\ntable\n  players: 6\n  partners: alternate\n  decks: 3\n'
         "  deal: 26 each, kitty 6\n\ndeclare\n  nobody declares: kitty card 3, otherwise no-trump\n")


@pytest.mark.parametrize("fmt", ["md", "html", "txt"])
def test_a_house_rule_that_changes_the_table_under_its_parents_title_says_so(fmt):
    rules = tr.loads(HOUSE, origin="house.tractor")
    english = render_sheet(rules, fmt, "en")
    assert "those of two-decks.tractor, although this house rule changes the table: 3 decks and 6" in \
        " ".join(english.split())
    chinese = render_sheet(rules, fmt, "zh")
    assert "上面的名称和说明沿用自two-decks.tractor，但这条家规改了牌桌：3副牌和6人。" in "".join(chinese.split())


def test_a_house_rule_with_its_own_title_has_no_such_note():
    rules = tr.loads('ruleset: "Six of us"\ndescription: "Three decks, six players."\n' + HOUSE,
                     origin="house.tractor")
    assert not any("changes the table" in line for line in build_sheet(rules, "en").intro)
