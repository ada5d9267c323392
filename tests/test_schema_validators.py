"""The two validators of tests/schemas.py give the same verdict: the fast one may stand for the
reference in the nets that check thousands of documents."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

import tractor_rules as tr
from json_forms import json_paths
from schemas import fast, reference, schema_errors

REPO = Path(__file__).resolve().parent.parent
GALLERY = sorted((REPO / "examples" / "house-rules").glob("*.tractor"))
#: values of every JSON type, and numbers at the edges the schema draws
ODD_VALUES = [True, False, 1.0, 2.5, -1, 0, 7, "", "x", None, [], {}, [1], {"a": 1}, ["num", 1], 10**30]


def _wrong_documents(data: dict):
    """Documents made from ``data`` one change each: the value at every 13th path replaced by a
    third of the odd values (a different third at each), a surplus key in every 9th object,
    every 19th path dropped.  The steps keep the count to about three hundred documents for
    two-decks while every section, list and kind of leaf is reached: the reference takes a
    hundredth of a second for each."""
    paths = [p for p in json_paths(data) if p]
    for i, path in enumerate(paths):
        parent = data
        for part in path[:-1]:
            parent = parent[part]
        if i % 13 == 0:
            for j, value in enumerate(ODD_VALUES):
                if (i // 13 + j) % 3 == 0:
                    changed = copy.deepcopy(data)
                    _at(changed, path[:-1])[path[-1]] = value
                    yield changed
        if i % 9 == 0 and isinstance(parent[path[-1]], dict):
            changed = copy.deepcopy(data)
            _at(changed, path)["surplus"] = 1
            yield changed
        if i % 19 == 0:
            changed = copy.deepcopy(data)
            del _at(changed, path[:-1])[path[-1]]
            yield changed


def _at(data, path):
    for part in path:
        data = data[part]
    return data


def test_both_accept_every_shipped_and_gallery_document():
    documents = [tr.load(name).to_dict() for name in tr.builtin_names()]
    documents += [tr.load(str(path)).to_dict() for path in GALLERY]
    assert len(documents) > 100
    for data in documents:
        assert reference().is_valid(data)
        assert fast().is_valid(data)
        assert schema_errors(data) == []


@pytest.mark.parametrize("name", ["two-decks", "house-finding-friends"])
def test_both_give_the_same_verdict_on_documents_made_wrong(name):
    verdicts = {True: 0, False: 0}
    for data in _wrong_documents(tr.load(name).to_dict()):
        expected = reference().is_valid(data)
        assert fast().is_valid(data) == expected, data
        assert bool(schema_errors(data)) == (not expected)
        verdicts[expected] += 1
    # the changes reach both verdicts: many documents stay valid (a number for a number), more break
    assert verdicts[True] > 10 and verdicts[False] > 100, verdicts
