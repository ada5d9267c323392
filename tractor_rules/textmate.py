"""The TextMate grammar of ruleset files (``editors/tractor.tmLanguage.json``), generated from the
Lark grammar's own keywords, section names and statement keys, so that editors highlight exactly
the words the parser knows.

``python -m tractor_rules.textmate`` prints the grammar; ``tests/test_textmate.py`` checks that
the file in ``editors/`` is what this module generates and that its patterns classify every token
of every shipped ruleset.  The patterns use only the regular-expression syntax that Oniguruma (the
engine of TextMate, VS Code, Sublime Text and Shiki) and Python share, so the test can run them.
"""

from __future__ import annotations

import json
import re
import sys
from functools import cache

from .language.parser import SECTIONS, function_words, grammar_operators, lark_parser, statement_kinds, word_operators

SCOPE = "source.tractor"
#: the header of the table of a banker nobody joined: a section of several words
SOLO_UPGRADE_HEADER = "upgrade for a solo banker"
#: ranks and suits are values (constants), not keywords
_VALUE_LETTERS = frozenset("JQKATSHDC")


@cache
def keywords() -> tuple[str, ...]:
    """Every word the Lark grammar spells as a keyword, longest first (so "pairs" wins over
    "pair" in an alternation)."""
    found = {
        terminal.pattern.value
        for terminal in lark_parser().terminals
        if terminal.pattern.type == "str" and terminal.pattern.value[:1].isalpha()
    }
    return tuple(sorted(found - _VALUE_LETTERS, key=lambda w: (-len(w), w)))


def section_headers() -> tuple[str, ...]:
    return (SOLO_UPGRADE_HEADER, *SECTIONS)


def statement_keys() -> tuple[str, ...]:
    """Every fixed statement key ("knock back"), longest first, the preamble's included."""
    keys = {key for _, key in statement_kinds()} | {"ruleset", "description", "extends"}
    return tuple(sorted(keys, key=lambda k: (-len(k), k)))


def _alternation(words: tuple[str, ...]) -> str:
    # a space in a key stands for any run of blanks, as the lexer skips them
    return "|".join(re.escape(w).replace(r"\ ", "[ \\t]+") for w in words)


#: a word starts and ends where the lexer's WORD does: an apostrophe or a hyphen joins letters only
#: ("no-trump", "banker's"; "n-1" is the word "n", a minus and a number)
_WORD_START = r"(?<![A-Za-z])(?<![A-Za-z]['-])"
_WORD_END = r"(?!['-]?[A-Za-z])"


def patterns() -> list[dict]:
    """The grammar's patterns in the order they are tried."""
    return [
        {"name": "comment.line.number-sign.tractor", "match": r"#.*$"},
        {
            "name": "string.quoted.double.tractor",
            "match": r'"(?:[^"\\]|\\.)*"',
        },
        {
            "name": "invalid.illegal.unterminated-string.tractor",
            "match": r'"(?:[^"\\]|\\.)*$',
        },
        {
            # a section header: its words alone on their line (a comment may follow)
            "match": rf"^[ \t]*({_alternation(section_headers())})[ \t]*(?=#|$)",
            "captures": {"1": {"name": "entity.name.section.tractor"}},
        },
        {
            # the name or description in another language: `ruleset in zh:`
            "match": r"^[ \t]*(ruleset|description)[ \t]+(in)[ \t]+([A-Za-z]+(?:-[A-Za-z0-9]+)*)[ \t]*(:)",
            "captures": {
                "1": {"name": "variable.other.key.tractor"},
                "2": {"name": "keyword.other.tractor"},
                "3": {"name": "constant.language.tag.tractor"},
                "4": {"name": "punctuation.separator.key-value.tractor"},
            },
        },
        {
            # a statement key: its words at the start of a line, before the colon
            "match": rf"^[ \t]*({_alternation(statement_keys())})[ \t]*(:)",
            "captures": {
                "1": {"name": "variable.other.key.tractor"},
                "2": {"name": "punctuation.separator.key-value.tractor"},
            },
        },
        {"name": "constant.other.card.tractor", "match": r"(?:10|[2-9JQKAT])[SHDC♠♥♦♣](?![A-Za-z0-9])"},
        {"name": "constant.numeric.integer.tractor", "match": r"[0-9]+"},
        {"name": "constant.other.suit.tractor", "match": r"[♠♥♦♣]"},
        {"name": "constant.other.rank.tractor", "match": rf"{_WORD_START}[JQKATSHDC](?![0-9]){_WORD_END}"},
        # the words of rule expressions, before the other keywords (a tie goes to the earlier pattern)
        {
            "name": "keyword.operator.word.tractor",
            "match": rf"{_WORD_START}(?:{_alternation(word_operators())}){_WORD_END}",
        },
        {
            "name": "support.function.tractor",
            "match": rf"{_WORD_START}(?:{_alternation(function_words())}){_WORD_END}",
        },
        {
            "name": "keyword.other.tractor",
            "match": rf"{_WORD_START}(?:{_alternation(keywords())}){_WORD_END}",
        },
        {"name": "keyword.operator.tractor", "match": _alternation(grammar_operators())},
        {"name": "punctuation.separator.tractor", "match": r"[:,()]"},
        {"name": "invalid.illegal.unknown-word.tractor", "match": r"[A-Za-z][A-Za-z]*(?:['-][A-Za-z]+)*"},
    ]


def grammar() -> dict:
    """The TextMate grammar as a JSON-able dict."""
    return {
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
        "name": "Tractor ruleset",
        "scopeName": SCOPE,
        "fileTypes": ["tractor"],
        "comment": "Generated by `python -m tractor_rules.textmate` from the ruleset grammar; do not edit.",
        "patterns": patterns(),
    }


def grammar_text() -> str:
    return json.dumps(grammar(), indent=2, ensure_ascii=False) + "\n"


def main() -> int:
    sys.stdout.write(grammar_text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
