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
