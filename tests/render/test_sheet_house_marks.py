"""A sheet marks "house rule" only the sentences whose meaning the house file changes: a sentence
that reads a changed value but says word for word what the parent's sheet says is not marked."""

from __future__ import annotations

from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.render.parent import parent_of
from tractor_rules.render.sheet import build, build_sheet

ROOT = Path(__file__).resolve().parents[2]
GALLERY = sorted((ROOT / "examples" / "house-rules").glob("*.tractor"))
HOUSES = [name for name in tr.builtin_names() if len(tr.load(name).files) > 1] + [str(p) for p in GALLERY]


def words(item) -> tuple:
    return item.text, item.points, item.table


def shipped_parent(rules: tr.Rules) -> tr.Rules:
    """The parent as the test reads it: every parent here is a shipped ruleset."""
    return tr.load(Path(rules.files[1]).stem)


@pytest.mark.parametrize("name", HOUSES, ids=lambda n: Path(n).stem)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_marked_sentence_says_something_its_parent_does_not(name, lang):
    rules = tr.load(name)
    before = {item.key: words(item) for item in build_sheet(shipped_parent(rules), lang).items()}
    restated = [item.key for item in build_sheet(rules, lang).items()
                if item.house and before.get(item.key) == words(item)]
    assert not restated, f"marked, though the parent's sheet says the same: {restated}"


@pytest.mark.parametrize("name", HOUSES, ids=lambda n: Path(n).stem)
def test_the_marks_are_the_same_in_every_language(name):
    rules = tr.load(name)
    marked = {lang: [item.key for item in build_sheet(rules, lang).items() if item.house] for lang in ("en", "zh")}
    assert marked["en"] == marked["zh"]


def test_a_bigger_kitty_marks_the_deal_but_not_the_sentences_it_leaves_as_they_were():
    rules = tr.load(str(ROOT / "examples" / "house-rules" / "FF06-solo-banker-table.tractor"))
    items = {item.key: item for item in build_sheet(rules).items()}
    assert items["table.deal"].house and "7 cards are set aside" in items["table.deal"].text
    # these read the kitty's size (to say there is a kitty), which changed from 6 to 7
    assert not items["declaring.overturn_after_kitty"].house
    assert not items["kitty.shown"].house
    # measured by the changed values alone, they were marked
    unmeasured = {item.key: item for item in build(rules, against_parent=False).sheet.items()}
    assert unmeasured["declaring.overturn_after_kitty"].house and unmeasured["kitty.shown"].house


def test_the_parent_is_read_back_by_the_name_the_rules_keep(tmp_path):
    (tmp_path / "base.tractor").write_text('extends: "two-decks"\nruleset: "Base"\ntable\n  deal: 25 each, kitty 8\n',
                                           encoding="utf-8")
    (tmp_path / "house.tractor").write_text('extends: "base.tractor"\nruleset: "House"\ntable\n  deal: 24 each, '
                                            'kitty 12\n', encoding="utf-8")
    rules = tr.load(tmp_path / "house.tractor")
    assert parent_of(rules) == tr.load(tmp_path / "base.tractor")
    assert parent_of(tr.load("two-decks-constant-twos")) == tr.load("two-decks")
    assert parent_of(tr.load("two-decks")) is None


def test_without_its_parent_a_sheet_marks_every_sentence_of_a_changed_value(tmp_path):
    base = tmp_path / "base.tractor"
    base_text = 'extends: "two-decks"\nruleset: "Base"\ndescription: "Ours"\ntable\n  deal: 25 each, kitty 8\n'
    base.write_text(base_text, encoding="utf-8")
    (tmp_path / "house.tractor").write_text('extends: "base.tractor"\nruleset: "House"\ntable\n  deal: 24 each, '
                                            'kitty 12\n', encoding="utf-8")
    rules = tr.load(tmp_path / "house.tractor")
    marked = {item.key for item in build_sheet(rules).items() if item.house}
    assert "table.deal" in marked and "declaring.overturn_after_kitty" not in marked
    # the parent changed since, a value the house inherits moved or changed: it is not the parent
    # the rules were compiled over, and is not used
    for changed in ("\n" + base_text, base_text.replace("Ours", "Mine")):
        base.write_text(changed, encoding="utf-8")
        assert parent_of(rules) is None
        marked = {item.key for item in build_sheet(rules).items() if item.house}
        assert {"table.deal", "declaring.overturn_after_kitty"} <= marked
    base.unlink()
    assert parent_of(rules) is None
    assert marked == {item.key for item in build_sheet(rules).items() if item.house}
