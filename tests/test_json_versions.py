"""Reading exports of an earlier schema version.

``tests/golden/json/*.v1.json`` are exports written by version 1 of the format (before the fields
of version 2 existed), ``*.v2.json`` by version 2 (before the rule expressions of version 3),
``*.v3.json`` by the first documents of version 3 (before the fields added to it late, the rules on
called and buried cards).  An earlier document must still load, every field it lacks taking the
default that keeps its meaning, so that it equals today's compile of the same ruleset.
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
EXAMPLES = Path(__file__).parent.parent / "examples" / "house-rules"


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


@pytest.mark.parametrize("path", V3, ids=lambda p: p.name)
def test_a_first_version_3_export_loads_as_todays_rules(path: Path):
    """A version-3 document written before ``table.called_when``, ``table.join_twice`` and
    ``kitty_exchange.buried_when`` lacks them; it loads, and plays as today's compile of the same file.  (``called cards: not ...``
    was then written in ``call_limits``; today it compiles to the same condition in ``called_when``,
    and ``call_condition`` reads either.)"""
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["schema_version"] == 3
    assert not {"called_when", "join_twice"} & set(data["table"]) and "buried_when" not in data["kitty_exchange"]
    old = tr.Rules.from_dict(data)
    new = tr.load(str(EXAMPLES / path.name.replace(".v3.json", ".tractor")))
    assert old.table.call_condition == new.table.call_condition

    def played(rules: tr.Rules) -> tr.Rules:
        table = dataclasses.replace(rules.table, call_limits=(), called_when=rules.table.call_condition)
        return dataclasses.replace(rules, table=table, files=(), sources=(), house_changes=())

    assert played(old) == played(new)


def test_the_first_version_3_documents_meet_todays_schema():
    import jsonschema

    validator = jsonschema.Draft202012Validator(tr.schema())
    for path in V3:
        validator.validate(json.loads(path.read_text(encoding="utf-8")))


def test_a_version_3_document_may_lack_only_the_fields_added_late():
    data = json.loads(V3[0].read_text(encoding="utf-8"))
    del data["kitty_exchange"]["dug_when"]  # in version 3 from its first documents
    with pytest.raises(tr.RulesetError, match="missing field 'dug_when'"):
        tr.Rules.from_dict(data)


def _without_translations(rules: tr.Rules) -> tr.Rules:
    """The rules as version 1 could write them: with no name or description in other languages
    (``translations``, added in version 2) nor where those texts were written."""
    sources = tuple((path, src) for path, src in rules.sources if not path.startswith("translations."))
    changes = tuple(path for path in rules.house_changes if not path.startswith("translations."))
    return dataclasses.replace(rules, translations=(), sources=sources, house_changes=changes)


def test_exports_are_written_in_the_current_version_and_read_back():
    data = tr.load("two-decks").to_dict()
    assert data["schema_version"] == SCHEMA_VERSION == 3
    assert data["levels"]["after_hand"] == []
    assert tr.Rules.from_dict(data) == tr.load("two-decks")
    assert READABLE_VERSIONS == (1, 2, 3)


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


@pytest.mark.parametrize("version", [0, 4, "2", None, True, 3.0])
def test_other_versions_are_refused(version):
    data = tr.load("two-decks").to_dict()
    data["schema_version"] = version
    with pytest.raises(tr.RulesetError, match=r"schema_version: expected 1 or 2 or 3"):
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

    earlier = {1: _schema_fields(1), 2: _schema_fields(2), 3: _schema_fields(3)}
    for cls in _dataclasses():
        for f in dataclasses.fields(cls):
            since = f.metadata.get("since", 1)
            first = next((v for v in (1, 2) if f.name in earlier[v].get(cls.__name__, set())), SCHEMA_VERSION)
            assert since == first, f"{cls.__name__}.{f.name} first appears in version {first}: declare it so"
            # the first documents of version 3 (v3-schema.json) lack a field added to it late
            late = f.name not in earlier[3].get(cls.__name__, set())
            assert bool(f.metadata.get("late")) == late, f"{cls.__name__}.{f.name}: late={late}"


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
    # version 3 as its first documents wrote it: without the fields added to it late, at their defaults
    whole = rules.to_dict()
    del whole["table"]["called_when"], whole["table"]["join_twice"], whole["kitty_exchange"]["buried_when"]
    assert rules_to_dict_as(rules, 3) == whole
    assert rules_digest(rules) != rules_digest(tr.load("two-decks"))
