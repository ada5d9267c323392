"""The title check: a house rule that changes the table (decks, players) but keeps its parent's
name or description is found, with what it changes, what it keeps and where to warn; a house rule
with a title of its own, or one that leaves the table alone, is not."""

from __future__ import annotations

from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.rules import Source
from tractor_rules.titles import inherited_title

ROOT = Path(__file__).resolve().parent.parent
THREE_DECKS_DEAL = "  decks: 3\n  deal: 39 each, kitty 6\n"
# Two decks' fallback reads kitty card 7, which a 6-card kitty does not have.
FALLBACK = "\ndeclare\n  nobody declares: kitty card 3, otherwise no-trump\n"


def house(text: str, parent: str = "two-decks") -> tr.Rules:
    return tr.loads(f'extends: "{parent}"\n{text}', origin="house.tractor")


def test_more_decks_under_the_parents_name_and_description():
    rules = house("\ntable\n" + THREE_DECKS_DEAL + FALLBACK)
    found = inherited_title(rules)
    assert found is not None
    assert found.texts == ("name", "description")
    assert found.changes == ("table.decks",)
    assert found.origins == ("two-decks.tractor", "two-decks.tractor")
    assert found.where == Source("house.tractor", 4, 3)  # the 'decks: 3' line
    assert found.message(rules) == (
        'this file changes the table (decks: 3) but keeps the name "Tractor (two decks)" and the '
        "description of two-decks.tractor: give it a 'ruleset' and a 'description' of its own")


def test_more_players_with_an_own_name_but_the_parents_description():
    rules = house('ruleset: "Six at the table"\n\ntable\n  players: 6\n  partners: alternate\n'
                  "  deal: 26 each, kitty 6\n", parent="three-decks")
    found = inherited_title(rules)
    assert found is not None
    assert found.texts == ("description",)
    assert found.changes == ("table.players",)
    assert found.where.line == 5  # line 1 extends, line 2 names it
    assert found.message(rules).endswith(
        "keeps the description of three-decks.tractor: give it a 'description' of its own")


def test_decks_and_players_both_changed_are_both_named():
    rules = house("\ntable\n  players: 6\n  partners: alternate\n  decks: 3\n  deal: 26 each, kitty 6\n"
                  + FALLBACK)
    found = inherited_title(rules)
    assert found is not None
    assert found.changes == ("table.decks", "table.players")
    assert found.where.line == 4  # the first change in the file: 'players: 6'
    assert "(decks: 3, players: 6)" in found.message(rules)


@pytest.mark.parametrize("text", [
    # a title of its own
    'ruleset: "Three decks at home"\ndescription: "Ours."\n\ntable\n' + THREE_DECKS_DEAL + FALLBACK,
    # the table unchanged: the parent's title still fits
    "\nlead\n  throws: not allowed\n",
    # the decks restated with the parent's own value change nothing
    "\ntable\n  decks: 2\n",
])
def test_no_warning_when_the_title_fits(text):
    assert inherited_title(house(text)) is None


def test_a_ruleset_without_a_parent_owns_its_title():
    rules = tr.loads("table\n  decks: 3\n  deal: 39 each, kitty 6\n" + FALLBACK, origin="mine.tractor")
    assert inherited_title(rules) is None


def test_a_parent_without_a_description_leaves_only_the_name_inherited(tmp_path):
    (tmp_path / "base.tractor").write_text('extends: "two-decks"\ndescription: ""\n', encoding="utf-8")
    (tmp_path / "house.tractor").write_text(
        'extends: "base.tractor"\n\ntable\n' + THREE_DECKS_DEAL + FALLBACK, encoding="utf-8")
    rules = tr.load(tmp_path / "house.tractor")
    found = inherited_title(rules)
    assert found is not None
    assert found.texts == ("name",)  # an empty description says nothing false
    assert found.origins == ("two-decks.tractor",)


@pytest.mark.parametrize("name", tr.builtin_names())
def test_shipped_rulesets_have_titles_of_their_own(name):
    assert inherited_title(tr.load(name)) is None


@pytest.mark.parametrize("path", sorted((ROOT / "examples" / "house-rules").glob("*.tractor")),
                         ids=lambda p: p.stem)
def test_gallery_house_rules_have_titles_of_their_own(path):
    assert inherited_title(tr.load(path)) is None


def test_the_answer_survives_the_json_form():
    rules = house("\ntable\n" + THREE_DECKS_DEAL + FALLBACK)
    assert inherited_title(tr.Rules.from_dict(rules.to_dict())) == inherited_title(rules)


# --- the name and description in other languages -------------------------------------------------

from tractor_rules.language.format import format_text  # noqa: E402
from tractor_rules.rules import Translation  # noqa: E402


def test_names_and_descriptions_in_other_languages_are_compiled_sorted_by_language():
    rules = tr.loads('ruleset: "Ours"\nruleset in zh: "我们的"\ndescription in fr: "À deux jeux."\n'
                     'description in zh-hant: "兩副牌。"\n')
    assert rules.name == "Ours"
    assert rules.translations == (Translation("fr", "", "À deux jeux."), Translation("zh", "我们的", ""),
                                  Translation("zh-Hant", "", "兩副牌。"))
    assert rules.source_of("translations.name") == Source("<string>", 2, 1)
    assert rules.source_of("translations.description") == Source("<string>", 3, 1)
    assert tr.Rules.from_dict(rules.to_dict()) == rules
    assert rules.to_dict()["translations"][1] == {"language": "zh", "name": "我们的", "description": ""}


@pytest.mark.parametrize("text, message", [
    ('ruleset in xx: "A"', "1:12: error[E210]: 'xx' is not a language code: write one such as zh, fr or zh-Hant"),
    ('ruleset in en: "A"', "1:12: error[E210]: the name and description without 'in' are the English ones"),
    ('description in en-GB: "A"', "1:16: error[E210]: the name and description without 'in' are the English ones"),
    ('ruleset in zh: "  "', "1:16: error[E208]: the ruleset's name in zh is empty"),
    ('ruleset in zh: "A"\nruleset in ZH: "B"', "2:1: error[E204]: 'ruleset in ZH' is already set on line 1"),
    ('ruleset in : "A"', "1:12: error[E003]: expected a language code such as zh, found ':'"),
    ('description in zh: "' + "长" * 4001 + '"',
     "1:20: error[E208]: the description in zh is 4001 characters long; at most 4000"),
])
def test_bad_language_statements(text, message):
    with pytest.raises(tr.RulesetError) as caught:
        tr.loads(text)
    assert f"<string>:{message}" in str(caught.value)


def test_a_house_rule_that_renames_its_game_in_english_drops_the_parents_other_names():
    rules = house('ruleset: "Three decks at home"\n\ntable\n' + THREE_DECKS_DEAL + FALLBACK)
    assert rules.name == "Three decks at home"
    # the Chinese name named the parent's game; the descriptions, untouched, are all the parent's
    assert [(t.language, t.name, t.description) for t in rules.translations] == [
        ("zh", "", "四人固定对家，两副牌，闲家抓够80分上台。")]
    found = inherited_title(rules)
    assert found is not None and found.texts == ("description",)


def test_a_house_rule_named_only_in_chinese_drops_the_parents_english_name():
    rules = house('ruleset in zh: "三副牌家规"\n\ntable\n' + THREE_DECKS_DEAL + FALLBACK)
    assert rules.name == "house"  # the file's name: no English name of its own
    assert rules.source_of("name") is None
    assert rules.translations[0].name == "三副牌家规"
    assert "translations.name" in rules.house_changes


def test_a_grandparents_names_yield_to_the_nearer_parents(tmp_path):
    (tmp_path / "base.tractor").write_text('extends: "two-decks"\nruleset: "Base"\n', encoding="utf-8")
    (tmp_path / "house.tractor").write_text('extends: "base.tractor"\n', encoding="utf-8")
    rules = tr.load(tmp_path / "house.tractor")
    assert rules.name == "Base"
    assert [t.name for t in rules.translations] == [""]  # two-decks' Chinese name is not Base's
    assert rules.translations[0].description  # the description is still two-decks' own


def test_a_house_rule_that_gives_only_a_chinese_name_changes_only_that():
    rules = house('ruleset: "Tractor (two decks)"\nruleset in zh: "我们的拖拉机"\n\nlead\n  throws: not allowed\n')
    assert "translations.name" in rules.house_changes
    assert "name" not in rules.house_changes  # restated as the parent has it


def test_the_formatter_keeps_the_language_of_each_text():
    text = 'ruleset  in   zh :"拖拉机"\ndescription in zh-Hant:  "兩副牌"\n'
    assert format_text(text) == 'ruleset in zh: "拖拉机"\ndescription in zh-Hant: "兩副牌"\n'
