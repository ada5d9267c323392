"""What every field that version 4 of the JSON form added must do (a helper module for the tests of
the rules that use one)."""

from __future__ import annotations

from typing import Any

import tractor_rules as tr
from tractor_rules.codec import rules_to_dict_as
from tractor_rules.rules import Rules


def assert_a_field_of_version_4(rules: Rules, section: str, field: str, value: Any) -> None:
    """``rules`` hold ``value`` in ``section.field`` of their JSON form and read back as the same
    rules; a version-3 document cannot say them (``rules_to_dict_as`` gives None); and the
    shipped two-deck game's version-3 document, which lacks the field, reads back with the
    field's default."""
    data = rules.to_dict()
    assert data[section][field] == value
    assert tr.Rules.from_dict(data) == rules
    assert rules_to_dict_as(rules, 3) is None
    two_decks = tr.load("two-decks")
    old = rules_to_dict_as(two_decks, 3)
    assert old is not None and field not in old[section]
    assert getattr(getattr(tr.Rules.from_dict(old), section), field) == getattr(getattr(two_decks, section), field)


def json_paths(data, prefix=()):
    """Every path into the JSON value ``data`` (keys and list indexes), ``data`` itself first."""
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from json_paths(value, prefix + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from json_paths(value, prefix + (index,))
