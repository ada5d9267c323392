"""The shipped rulesets' syntax trees, saved and read back (what the playground ships so that the
browser's first answer parses no shipped ruleset), stand for the trees the parser would make: a text
extending one compiles to the same rules without that ruleset being parsed."""

from __future__ import annotations

import pytest

import tractor_rules as tr
from tractor_rules import memo
from tractor_rules.language import resolve
from tractor_rules.resources import builtin_names

CHILD = 'ruleset: "Child"\nextends: "two-decks"\n\nlevels\n  defend: 5, 10, K\n'


@pytest.fixture
def saved_trees():
    saved = resolve.saved_shipped_trees()
    yield saved
    resolve._saved_trees.clear()
    memo.forget_all()


def test_a_text_extending_a_shipped_ruleset_compiles_the_same_from_its_saved_tree(saved_trees, monkeypatch):
    expected = tr.loads(CHILD, "child.tractor").to_dict()
    assert resolve.use_saved_shipped_trees(saved_trees) == len(builtin_names())
    memo.forget_all()  # the rules compiled above, kept by their text, would be answered without a tree
    parsed = []
    real_parse = resolve.parse
    monkeypatch.setattr(resolve, "parse", lambda text, file: parsed.append(file) or real_parse(text, file))
    assert tr.loads(CHILD, "child.tractor").to_dict() == expected
    assert "two-decks.tractor" not in parsed


def test_a_tree_saved_for_another_text_is_not_taken(saved_trees, monkeypatch):
    resolve.use_saved_shipped_trees(saved_trees)
    source = resolve.builtin_source("two-decks")
    assert source is not None
    parsed = []
    real_parse = resolve.parse
    monkeypatch.setattr(resolve, "parse", lambda text, file: parsed.append(file) or real_parse(text, file))
    resolve._parse_once(source.text + "\n", source.file)  # the text changed since it was saved
    assert parsed == ["two-decks.tractor"]
