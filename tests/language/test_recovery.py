"""The parser goes on after a syntax error: every syntax error of a file is reported, a half-typed
line hides nothing after it, and the lines that parse are in the document."""

from __future__ import annotations

import pytest

import tractor_rules as tr
from tractor_rules.language.parser import MAX_NESTING, parse_document


def problems(text: str) -> list[tuple[int, int, str]]:
    return [(d.line, d.column, d.code) for d in parse_document(text, "house.tractor").diagnostics]


def test_every_bad_line_is_reported_once_and_the_rest_parses():
    text = (
        'extends: "two-decks"\n'
        "table\n"
        "  decks: two\n"          # a word where a number goes
        "  players: 4\n"
        "  deal: 25 each\n"       # the line ends too early
        "  points: 5 = 5;\n"      # a character of no token
        "lead\n"
        "  throws: alowed\n"      # did you mean
        '  failed throw: smallest beaten part\n'
    )
    assert problems(text) == [(3, 10, "E003"), (5, 16, "E004"), (6, 16, "E006"), (8, 11, "E001")]
    document = parse_document(text, "house.tractor")
    assert [(st.section, st.kind) for st in document.tree.statements] == [
        ("", "extends"), ("table", "players"), ("lead", "failed_throw")]


def test_check_reports_all_of_them_at_once():
    with pytest.raises(tr.RulesetSyntaxError) as info:
        tr.loads('table\n  decks: two\n  players: x\n  jokers: maybe\n')
    assert [d.line for d in info.value.diagnostics] == [2, 3, 4]


def test_a_half_typed_last_line_and_an_unterminated_string():
    assert problems('ruleset: "Ours\ntable\n  decks: 2\n  play') == [(1, 10, "E007"), (4, 7, "E004")]


def test_a_misspelt_header_does_not_flood_the_report_with_its_statements():
    text = "tabel\n  decks: 2\n  players: 4\nlevels\n  range: 2 to A\n  mandatry: A\n"
    assert problems(text) == [(1, 1, "E001"), (6, 3, "E001")]


def test_bad_values_are_collected_with_the_syntax_errors():
    text = (
        "table\n  decks: 1234567\n"
        'ruleset: "x"\n'
        "kitty\n  multiplier: " + "(" * (MAX_NESTING + 1) + "size" + ")" * (MAX_NESTING + 1) + "\n"
        "  shown: never\n"
    )
    assert problems(text) == [(2, 10, "E010"), (3, 1, "E002"), (5, 31, "E011")]


def test_comments_survive_and_come_from_the_newlines():
    document = parse_document('# top\ntable  # header\n  decks: 2 # "quoted" #twice\n  # own line\n')
    assert [(c.line, c.column, c.text) for c in document.comments] == [
        (1, 1, "# top"), (2, 8, "# header"), (3, 12, '# "quoted" #twice'), (4, 3, "# own line")]
