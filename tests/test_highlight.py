"""The Pygments lexer: registered under 'tractor', and every token of every shipped file is
classified (nothing falls through to the catch-all)."""

from __future__ import annotations

import pytest
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Comment, Error, Keyword, Name, Number, Operator, String, Text

import tractor_rules as tr
from tractor_rules.highlight import TractorLexer
from tractor_rules.resources import builtin_path


def test_registered_by_entry_point():
    assert isinstance(get_lexer_by_name("tractor"), TractorLexer)
    assert isinstance(get_lexer_for_filename("house.tractor"), TractorLexer)


@pytest.mark.parametrize("name", tr.builtin_names())
def test_every_shipped_file_is_fully_classified(name):
    text = builtin_path(name).read_text(encoding="utf-8")
    tokens = list(TractorLexer().get_tokens(text))
    assert "".join(value for _, value in tokens) == (text if text.endswith("\n") else text + "\n")
    stray = [value for kind, value in tokens if kind in (Text, Error) and value.strip()]
    assert stray == []


def test_kinds_of_tokens():
    kinds = {value: kind for kind, value in TractorLexer().get_tokens(
        'ruleset: "X"  # note\ntrumps\n  order: 5H > big joker > trump suit\n  no-trump: jokers only\n'
    )}
    assert kinds["trumps"] is Keyword.Namespace
    assert kinds['"X"'] is String.Double
    assert kinds["# note"] is Comment.Single
    assert kinds["5H"] is Name.Constant
    assert kinds["order"] is Keyword and kinds["no-trump"] is Keyword and kinds["jokers"] is Keyword
    kinds = {value: kind for kind, value in TractorLexer().get_tokens("upgrade\n  160+: attackers +2\n")}
    assert kinds["160"] is Number.Integer


def test_rule_expressions():
    text = ("levels\n  when points >= 200 and not (kitty points ≠ 0 or no-trump): bankers -1 level\n"
            "kitty\n  multiplier: min(2 ^ (size - 1), 64) ÷ 2 / 1, at most 64\n")
    tokens = [(kind, value) for kind, value in TractorLexer().get_tokens(text) if value.strip()]
    assert [value for kind, value in tokens if kind is Operator.Word] == ["and", "not", "or"]
    assert [value for kind, value in tokens if kind is Name.Builtin] == ["min"]
    assert [value for kind, value in tokens if kind is Operator] == [">=", "≠", "-", "^", "-", "÷", "/"]
    kinds = dict((value, kind) for kind, value in tokens)
    assert kinds["when"] is Keyword and kinds["no-trump"] is Keyword and kinds["points"] is Keyword
    assert [value for kind, value in tokens if kind in (Text, Error)] == []
