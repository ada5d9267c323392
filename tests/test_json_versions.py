"""Reading exports of an earlier schema version.

``tests/golden/json/*.v1.json`` are exports written by version 1 of the format (before the fields
of version 2 existed).  A version-1 document must still load, every field it lacks taking the
default that keeps its version-1 meaning, so that it equals today's compile of the same ruleset.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.codec import READABLE_VERSIONS
from tractor_rules.rules import SCHEMA_VERSION

V1 = sorted((Path(__file__).parent / "golden" / "json").glob("*.v1.json"))


def test_there_are_version_1_documents():
    assert len(V1) >= 3


@pytest.mark.parametrize("path", V1, ids=lambda p: p.name)
def test_a_version_1_export_loads_as_todays_rules(path: Path):
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["schema_version"] == 1
    name = path.name.removesuffix(".v1.json")
    assert tr.Rules.from_dict(data) == _without_translations(tr.load(name))


def _without_translations(rules: tr.Rules) -> tr.Rules:
    """The rules as version 1 could write them: with no name or description in other languages
    (``translations``, added in version 2) nor where those texts were written."""
    sources = tuple((path, src) for path, src in rules.sources if not path.startswith("translations."))
    changes = tuple(path for path in rules.house_changes if not path.startswith("translations."))
    return dataclasses.replace(rules, translations=(), sources=sources, house_changes=changes)


def test_exports_are_written_in_the_current_version_and_read_back():
    data = tr.load("two-decks").to_dict()
    assert data["schema_version"] == SCHEMA_VERSION == 2
    assert tr.Rules.from_dict(data) == tr.load("two-decks")
    assert READABLE_VERSIONS == (1, 2)


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


@pytest.mark.parametrize("version", [0, 3, "2", None])
def test_other_versions_are_refused(version):
    data = tr.load("two-decks").to_dict()
    data["schema_version"] = version
    with pytest.raises(tr.RulesetError, match=r"schema_version: expected 1 or 2"):
        tr.Rules.from_dict(data)


def _dataclasses() -> list[type]:
    import dataclasses

    from tractor_rules import rules as model

    return [v for v in vars(model).values() if isinstance(v, type) and dataclasses.is_dataclass(v)]


def test_every_field_is_in_version_1_or_marked_with_the_version_that_added_it():
    """A field missing from the version-1 schema must say ``since(2)``: version-1 documents lack it
    and can only be read if its default keeps their meaning.  A field of version 1 must not claim a
    later version (version-1 documents always have it)."""
    import dataclasses

    v1 = json.loads((Path(__file__).parent / "golden" / "json" / "v1-schema.json").read_text(encoding="utf-8"))
    v1_fields = {name: set(d.get("properties", {})) for name, d in v1["$defs"].items()}
    v1_fields["Rules"] = set(v1["properties"]) - {"schema_version"}
    for cls in _dataclasses():
        known = v1_fields.get(cls.__name__, set())
        for f in dataclasses.fields(cls):
            since = f.metadata.get("since", 1)
            if f.name in known:
                assert since == 1, f"{cls.__name__}.{f.name} was in version 1"
            else:
                assert since == 2, f"{cls.__name__}.{f.name} is new: declare it with rules.since(2, default=...)"
