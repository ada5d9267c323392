"""Reading exports of an earlier schema version.

``tests/golden/json/*.v1.json`` are exports written by version 1 of the format (before the fields
of version 2 existed), ``*.v2.json`` by version 2 (before the rule expressions of version 3),
``*.v3.json`` by version 3 (before the words and fields of version 4).  An
earlier document must still load, every field it lacks taking the default that keeps its meaning,
so that it equals today's compile of the same ruleset.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.codec import READABLE_VERSIONS
from tractor_rules.rules import SCHEMA_VERSION

GOLDEN = Path(__file__).parent / "golden" / "json"
V1 = sorted(GOLDEN.glob("*.v1.json"))
V2 = sorted(GOLDEN.glob("*.v2.json"))
V3 = sorted(GOLDEN.glob("*.v3.json"))
GALLERY = Path(__file__).parent.parent / "examples" / "house-rules"


def _ruleset(path: Path, version: int) -> tr.Rules:
    """Today's compile of the ruleset a golden document was exported from: a shipped ruleset by its
    name, a gallery file by its path (as the document's sources name it)."""
    name = path.name.removesuffix(f".v{version}.json")
    in_gallery = GALLERY / f"{name}.tractor"
    return tr.load(str(in_gallery.relative_to(GALLERY.parent.parent))) if in_gallery.exists() else tr.load(name)


def test_there_are_version_1_documents():
    assert len(V1) >= 3


@pytest.mark.parametrize("path", V1, ids=lambda p: p.name)
def test_a_version_1_export_loads_as_todays_rules(path: Path):
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["schema_version"] == 1
    name = path.name.removesuffix(".v1.json")
    assert tr.Rules.from_dict(data) == _without_translations(tr.load(name))


def test_there_are_version_2_documents():
    assert len(V2) >= 3


@pytest.mark.parametrize("path", V2, ids=lambda p: p.name)
def test_a_version_2_export_loads_as_todays_rules(path: Path):
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["schema_version"] == 2
    assert "after_hand" not in data["levels"]
    name = path.name.removesuffix(".v2.json")
    assert tr.Rules.from_dict(data) == tr.load(name)


def test_a_version_2_document_must_have_every_field_version_2_had():
    data = json.loads(V2[0].read_text(encoding="utf-8"))
    del data["levels"]["defended"]  # added in version 2: a version-2 document always has it
    with pytest.raises(tr.RulesetError, match="missing field 'defended'"):
        tr.Rules.from_dict(data)


def test_a_version_2_document_cannot_hold_house_rules_after_a_hand():
    data = json.loads(V2[0].read_text(encoding="utf-8"))
    data["levels"]["after_hand"] = []
    assert tr.Rules.from_dict(data) == tr.load(V2[0].name.removesuffix(".v2.json"))


def _without_translations(rules: tr.Rules) -> tr.Rules:
    """The rules as version 1 could write them: with no name or description in other languages
    (``translations``, added in version 2) nor where those texts were written."""
    sources = tuple((path, src) for path, src in rules.sources if not path.startswith("translations."))
    changes = tuple(path for path in rules.house_changes if not path.startswith("translations."))
    return dataclasses.replace(rules, translations=(), sources=sources, house_changes=changes)


def test_there_are_version_3_documents_with_rule_expressions():
    assert len(V3) >= 4
    assert any(json.loads(p.read_text(encoding="utf-8"))["levels"]["after_hand"] for p in V3)


@pytest.mark.parametrize("path", V3, ids=lambda p: p.name)
def test_a_version_3_export_loads_as_todays_rules(path: Path, monkeypatch):
    monkeypatch.chdir(GALLERY.parent.parent)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["schema_version"] == 3
    assert tr.Rules.from_dict(data) == _ruleset(path, 3)


@pytest.mark.parametrize("path", V3, ids=lambda p: p.name)
def test_rules_that_use_nothing_of_version_4_are_what_version_3_wrote(path: Path, monkeypatch):
    from tractor_rules.codec import rules_to_dict_as

    monkeypatch.chdir(GALLERY.parent.parent)
    assert rules_to_dict_as(_ruleset(path, 3), 3) == json.loads(path.read_text(encoding="utf-8"))


def test_a_version_3_document_cannot_use_the_words_of_version_4():
    from tractor_rules.codec import rules_to_dict_as

    rules = tr.loads('extends: "two-decks"\nlead\n  throw penalty: 10 per attempt\n'
                     "levels\n  when raw points < 0: bankers +1 level\n")
    assert rules_to_dict_as(rules, 3) is None
    data = rules.to_dict()
    data["schema_version"] = 3
    with pytest.raises(tr.RulesetError, match="version 3 has no 'raw-points'"):
        tr.Rules.from_dict(data)


def test_a_version_3_document_cannot_set_a_field_of_version_4():
    data = json.loads((GOLDEN / "two-decks.v3.json").read_text(encoding="utf-8"))
    data["leading"]["attackers_throw_penalty"] = None  # the default: it says nothing more
    assert tr.Rules.from_dict(data) == tr.load("two-decks")
    data["leading"]["attackers_throw_penalty"] = {"kind": "per-attempt", "points": 5}
    with pytest.raises(tr.RulesetError, match="leading.attackers_throw_penalty: version 3 has no field"):
        tr.Rules.from_dict(data)


def test_exports_are_written_in_the_current_version_and_read_back():
    data = tr.load("two-decks").to_dict()
    assert data["schema_version"] == SCHEMA_VERSION == 4
    assert data["levels"]["after_hand"] == []
    assert tr.Rules.from_dict(data) == tr.load("two-decks")
    assert READABLE_VERSIONS == (1, 2, 3, 4)


def test_a_current_document_must_have_every_field():
    data = tr.load("two-decks").to_dict()
    del data["table"]["players"]
    with pytest.raises(tr.RulesetError, match="missing field 'players'"):
        tr.Rules.from_dict(data)


def test_a_version_1_document_must_have_every_field_version_1_had():
    data = json.loads(V1[0].read_text(encoding="utf-8"))
    del data["table"]["players"]  # a default exists, but version 1 always wrote it
    with pytest.raises(tr.RulesetError, match="missing field 'players'"):
        tr.Rules.from_dict(data)


@pytest.mark.parametrize("version", [0, 5, "2", None, True, 3.0])
def test_other_versions_are_refused(version):
    data = tr.load("two-decks").to_dict()
    data["schema_version"] = version
    with pytest.raises(tr.RulesetError, match=r"schema_version: expected 1 or 2 or 3 or 4,"):
        tr.Rules.from_dict(data)


def _dataclasses() -> list[type]:
    import dataclasses

    from tractor_rules import rules as model

    return [v for v in vars(model).values() if isinstance(v, type) and dataclasses.is_dataclass(v)]


def _schema_fields(version: int) -> dict[str, set[str]]:
    schema = json.loads((GOLDEN / f"v{version}-schema.json").read_text(encoding="utf-8"))
    fields = {name: set(d.get("properties", {})) for name, d in schema["$defs"].items()}
    fields["Rules"] = set(schema["properties"]) - {"schema_version"}
    return fields


def test_every_field_is_marked_with_the_version_that_added_it():
    """A field missing from an earlier version's schema must say ``since(N)``, N the first version
    that has it: earlier documents lack it and can only be read if its default keeps their meaning.
    A field an earlier version had must not claim a later version (its documents always have it)."""
    import dataclasses

    earlier = {v: _schema_fields(v) for v in range(1, SCHEMA_VERSION)}
    for cls in _dataclasses():
        for f in dataclasses.fields(cls):
            if not f.metadata.get("exported", True):  # not in the JSON form (Rules.written)
                continue
            since = f.metadata.get("since", 1)
            first = next((v for v in range(1, SCHEMA_VERSION) if f.name in earlier[v].get(cls.__name__, set())), SCHEMA_VERSION)
            assert since == first, f"{cls.__name__}.{f.name} first appears in version {first}: declare it so"


@pytest.mark.parametrize("path", V2, ids=lambda p: p.name)
def test_rules_that_use_nothing_of_version_3_are_what_version_2_wrote(path: Path):
    """``rules_to_dict_as(rules, 2)``, over which the vector files' rules digest is taken, gives the
    very document version 2 wrote: the digest of such rules did not change with version 3."""
    from tractor_rules.codec import rules_to_dict_as

    name = path.name.removesuffix(".v2.json")
    assert rules_to_dict_as(tr.load(name), 2) == json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("house", [
    "levels\n  when a hand ends: the next banker is the next seat\n",
    "levels\n  range: 2, 5, 10, K, A\n",
    "levels\n  game end: past the last level\n",
    "kitty\n  dug when: the attackers win the last trick with trumps\n",
    "kitty\n  multiplier: 2 ^ (size - 1)\n",
    "kitty\n  multiplier: decks * size\n",
])
def test_rules_that_use_version_3_have_no_version_2_document(house):
    from tractor_rules.codec import rules_to_dict_as
    from tractor_rules.interop.vectors import rules_digest

    rules = tr.loads('extends: "two-decks"\n\n' + house)
    assert rules_to_dict_as(rules, 2) is None
    version_3 = rules_to_dict_as(rules, 3)
    assert version_3 is not None and version_3["schema_version"] == 3
    assert tr.Rules.from_dict(version_3) == rules
    assert rules_digest(rules) != rules_digest(tr.load("two-decks"))


# --- the rules on cards (version 4) and the called cards' limits of versions 2 and 3 ---------------


def test_a_version_3_documents_limits_read_as_the_condition_they_stand_for():
    """``called cards: not trumps, not the highest card`` compiles to a condition on a card in
    ``table.called_when``; version 3 wrote it as limits in ``table.call_limits``, keyed so in its
    sources and house changes.  Read, it is the same condition under the same key."""
    data = json.loads((GOLDEN / "FF07-no-highest-card-call.v3.json").read_text(encoding="utf-8"))
    assert data["table"]["call_limits"] == ["trumps", "highest"]
    assert "table.call_limits" in data["sources"] and "table.call_limits" in data["house_changes"]
    rules = tr.Rules.from_dict(data)
    assert rules.table.call_limits == ()
    assert rules.table.called_when == ("all", ("not", ("fact", "card-trump")), ("not", ("fact", "card-highest")))
    assert "table.called_when" in dict(rules.sources) and "table.call_limits" not in dict(rules.sources)
    assert "table.called_when" in rules.house_changes and "table.call_limits" not in rules.house_changes


@pytest.mark.parametrize("called", ["not trumps, not point cards", "when not a trump and not a point card"])
def test_limits_written_either_way_go_to_version_2_as_limits(called):
    """Either spelling of the same condition is what version 2 wrote for the limits, so the vector
    files' digest of such rules (over the version-2 document) did not change with version 4."""
    from tractor_rules.codec import rules_to_dict_as

    rules = tr.loads(f'extends: "house-finding-friends"\n\ntable\n  called cards: {called}\n')
    for version in (2, 3):
        document = rules_to_dict_as(rules, version)
        assert document is not None and document["table"]["call_limits"] == ["trumps", "points"]
        assert "called_when" not in document["table"] and "table.call_limits" in document["sources"]
        assert tr.Rules.from_dict(document) == rules


@pytest.mark.parametrize("house", [
    "table\n  called cards: when not a trump and (not a point card or a K and the level is A)\n",
    "table\n  called cards: when not shown in declaring\n",
    "table\n  called cards: not point cards, not trumps, not the highest card\n  join twice: no\n",
    "kitty\n  buried cards: when not a point card\n",
])
def test_rules_on_cards_beyond_the_limits_have_no_version_3_document(house):
    from tractor_rules.codec import rules_to_dict_as

    rules = tr.loads('extends: "house-finding-friends"\n\n' + house)
    assert rules_to_dict_as(rules, 3) is None and rules_to_dict_as(rules, 2) is None
    assert tr.Rules.from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize("section, field, value", [
    ("table", "called_when", ["not", ["fact", "card-shown"]]),
    ("table", "join_twice", False),
    ("kitty_exchange", "buried_when", ["not", ["fact", "card-points"]]),
])
def test_a_version_3_document_cannot_set_the_rules_on_cards(section, field, value):
    data = json.loads((GOLDEN / "house-finding-friends.v3.json").read_text(encoding="utf-8"))
    data[section][field] = value
    with pytest.raises(tr.RulesetError, match=f"{section}.{field}: version 3 has no field {field!r}"):
        tr.Rules.from_dict(data)


def test_a_version_3_document_cannot_say_who_may_overturn_after_the_kitty():
    data = json.loads((GOLDEN / "two-decks.v3.json").read_text(encoding="utf-8"))
    data["declaring"]["overturn_after_kitty"] = True
    assert tr.Rules.from_dict(data).declaring.overturn_after_kitty  # as version 3 could say
    data["declaring"]["overturn_when"] = ["fact", "player-attacker"]
    with pytest.raises(tr.RulesetError, match="declaring.overturn_when: version 3 has no field 'overturn_when'"):
        tr.Rules.from_dict(data)


def test_a_version_3_document_cannot_name_a_fact_of_a_card():
    data = json.loads((GOLDEN / "two-decks.v3.json").read_text(encoding="utf-8"))
    data["kitty_exchange"]["dug_when"] = ["fact", "card-trump"]
    with pytest.raises(tr.RulesetError, match="version 3 has no 'card-trump'"):
        tr.Rules.from_dict(data)


def test_the_highest_single_is_a_word_of_version_4():
    from tractor_rules.codec import rules_to_dict_as

    rules = tr.load(str(GALLERY / "F6-highest-single.tractor"))
    data = rules.to_dict()
    assert tr.Rules.from_dict(data) == rules
    pair_list = next(fl for fl in data["following"]["lists"] if fl["lead"] == {"width": 2, "length": 1, "rainbow": False})
    assert [term["highest"] for term in pair_list["entries"][1]["terms"]] == [True, False]
    assert rules_to_dict_as(rules, 3) is None
    data["schema_version"] = 3
    with pytest.raises(tr.RulesetError, match="version 3 has no field"):
        tr.Rules.from_dict(data)


def test_constant_trumps_that_are_levels_are_a_word_of_version_4():
    from tractor_rules.codec import rules_to_dict_as

    rules = tr.load(str(GALLERY / "T06-constant-levels.tractor"))
    data = rules.to_dict()
    assert data["trumps"]["constant_levels"] is True
    assert tr.Rules.from_dict(data) == rules
    assert rules_to_dict_as(rules, 3) is None
    data["schema_version"] = 3
    with pytest.raises(tr.RulesetError, match="version 3 has no field"):
        tr.Rules.from_dict(data)


def test_rainbows_as_bombs_are_a_word_of_version_4():
    from tractor_rules.codec import rules_to_dict_as

    rules = tr.load(str(GALLERY / "C09-forty-points-bombs.tractor"))
    data = rules.to_dict()
    assert data["combinations"]["rainbow_bombs"] is True
    assert tr.Rules.from_dict(data) == rules
    assert rules_to_dict_as(rules, 3) is None
    data["schema_version"] = 3
    with pytest.raises(tr.RulesetError, match="version 3 has no field"):
        tr.Rules.from_dict(data)


def test_rainbows_among_trumps_are_a_word_of_version_4():
    from tractor_rules.codec import rules_to_dict_as

    rules = tr.load(str(GALLERY / "C10-shandong-flash.tractor"))
    data = rules.to_dict()
    assert data["combinations"]["rainbow_trumps"] is True
    assert tr.Rules.from_dict(data) == rules
    assert rules_to_dict_as(rules, 3) is None
