"""A Pygments lexer for ruleset files, registered as the ``tractor`` language (entry point
``pygments.lexers``), so that documentation and HTML sheets can highlight ruleset code.

Its keywords are read from the grammar, so the highlighting can never fall behind the language.
"""

from __future__ import annotations

import re
from functools import cache

from pygments.lexer import RegexLexer, bygroups, words
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String, Text, Whitespace

from .language.parser import SECTIONS, function_words, grammar_operators, word_operators
from .resources import grammar_path

SECTION_WORDS = SECTIONS


@cache
def grammar_keywords() -> tuple[str, ...]:
    """Every word the grammar spells as a keyword, longest first (so "pairs" wins over "pair")."""
    text = grammar_path().read_text(encoding="utf-8")
    found = set(re.findall(r'"([A-Za-z][A-Za-z\'-]*)"', text))
    found -= {"J", "Q", "K", "A", "T", "S", "H", "D", "C"}  # ranks and suits are values, not keywords
    return tuple(sorted(found, key=lambda w: (-len(w), w)))


class TractorLexer(RegexLexer):
    """Ruleset files of tractor-rules."""

    name = "Tractor ruleset"
    aliases = ["tractor", "tractor-rules"]
    filenames = ["*.tractor"]
    mimetypes = ["text/x-tractor-ruleset"]
    url = "https://pypi.org/project/tractor-rules/"

    tokens = {
        "root": [
            (r"[ \t\f]+", Whitespace),
            (r"\n", Whitespace),
            (r"#.*?$", Comment.Single),
            (r'"(?:[^"\\\n]|\\.)*"', String.Double),
            # a section header: the word alone on its line
            (r"^(%s)([ \t]*)(?=\n|#|$)" % "|".join(SECTION_WORDS), bygroups(Keyword.Namespace, Whitespace)),
            (r"(?:10|[2-9JQKAT])[SHDC♠♥♦♣](?![A-Za-z0-9])", Name.Constant),
            (r"\d+", Number.Integer),
            (r"[♠♥♦♣]", Name.Constant),
            (r"\b[JQKAT]\b", Name.Constant),
            # the words of rule expressions before the other keywords: "and", "or", "not"; "min", "max"
            (words(word_operators(), prefix=r"\b", suffix=r"(?![A-Za-z'-])"), Operator.Word),
            (words(function_words(), prefix=r"\b", suffix=r"(?![A-Za-z'-])"), Name.Builtin),
            (words(grammar_keywords(), prefix=r"\b", suffix=r"(?![A-Za-z'-])"), Keyword),
            (words(grammar_operators()), Operator),
            (r"[:,()]", Punctuation),
            (r"[A-Za-z][A-Za-z'-]*", Name),
            (r".", Text),
        ]
    }
