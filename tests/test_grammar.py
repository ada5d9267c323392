"""The grammar itself: LALR without conflicts, terminals without collisions."""

from __future__ import annotations

import interegular  # noqa: F401  (Lark's strict mode needs it to compare terminals)
from lark import Lark

from tractor_rules.language import parser as parser_module
from tractor_rules.resources import grammar_path


def test_grammar_is_conflict_free_under_strict_mode():
    # strict=True turns shift/reduce conflicts and terminal collisions into errors.
    Lark(
        grammar_path().read_text(encoding="utf-8"),
        parser="lalr",
        lexer="contextual",
        postlex=parser_module._WordsAsKeywords(),
        strict=True,
    )


def test_every_section_of_the_parser_is_a_section_of_the_grammar():
    rule_names = {rule.origin.name for rule in parser_module.lark_parser().rules}
    for section in parser_module.SECTIONS:
        assert section in rule_names
        assert f"_{section}_statement" in rule_names


def test_statement_keys_know_their_section():
    keys = parser_module.statement_keys()
    assert keys["decks"] == ("table",)
    assert keys["ladder"] == ("declare",)
    assert keys["next banker"] == ("levels",)
    assert keys["no-trump links"] == ("combinations",)
    assert sorted(keys["multiplier"]) == ["kitty", "stakes"]


def test_the_parser_is_built_once():
    assert parser_module.lark_parser() is parser_module.lark_parser()
