"""The facade every front end shares: plain JSON data in the declared shape, never an exception for
bad ruleset text, and the same answers as the compiler and the formatter."""

from __future__ import annotations

import json

import pytest

import tractor_rules as tr
from tractor_rules import facade
from tractor_rules.resources import builtin_path

DIAGNOSTIC_KEYS = {"file", "line", "column", "end_line", "end_column", "severity", "code", "message", "fixes"}
FIX_KEYS = {"title", "line", "column", "end_line", "end_column", "replacement"}

HOUSE = 'ruleset: "Ours"\nextends: "two-decks"\n\nlead\n  throws: not allowed\n'
TWO_MISTAKES = 'extends: "two-decks"\n\ntable\n  decks: two\n\nlead\n  throws: alowed\n'


def assert_shape(result: dict) -> None:
    json.dumps(result)  # plain data all the way down
    for d in result["diagnostics"]:
        assert set(d) == DIAGNOSTIC_KEYS
        assert d["severity"] in ("error", "warning") and d["code"][0] == d["severity"][0].upper()
        assert (d["end_line"], d["end_column"]) > (d["line"], d["column"])
        for fix in d["fixes"]:
            assert set(fix) == FIX_KEYS


def test_check_reports_every_syntax_error_with_its_range_and_fix():
    result = facade.check(TWO_MISTAKES, "house.tractor")
    assert_shape(result)
    got = [(d["line"], d["column"], d["end_column"], d["code"]) for d in result["diagnostics"]]
    assert got == [(4, 10, 13, "E003"), (7, 11, 17, "E001")]
    fix = result["diagnostics"][1]["fixes"][0]
    assert (fix["line"], fix["column"], fix["end_column"], fix["replacement"]) == (7, 11, 17, "allowed")


def test_check_of_good_text_is_quiet_and_compile_matches_loads():
    assert facade.check(HOUSE, "house.tractor") == {"diagnostics": []}
    result = facade.compile(HOUSE, "house.tractor")
    assert_shape(result)
    assert result["rules"] == tr.loads(HOUSE, "house.tractor").to_dict()


def test_compile_reports_semantic_errors_and_no_rules():
    result = facade.compile('extends: "two-decks"\ntable\n  decks: 9\n', "house.tractor")
    assert_shape(result)
    assert result["rules"] is None
    [d] = result["diagnostics"]
    assert (d["line"], d["column"], d["code"], d["severity"]) == (3, 10, "E201", "error")


def test_check_gives_the_compile_time_warning():
    text = 'extends: "two-decks"\ntable\n  decks: 3\n  deal: 38 each, kitty 10\n'
    [d] = facade.check(text, "house.tractor")["diagnostics"]
    assert (d["code"], d["severity"], d["line"]) == ("W101", "warning", 3)


def test_format_gives_the_canonical_text_or_the_syntax_errors():
    assert facade.format("table\n    decks:   2\n") == {"text": "table\n  decks: 2\n", "diagnostics": []}
    result = facade.format(TWO_MISTAKES)
    assert result["text"] is None and len(result["diagnostics"]) == 2


def test_render_gives_a_sheet_or_diagnostics():
    result = facade.render(HOUSE, "house.tractor", lang="zh", fmt="md")
    assert result["diagnostics"] == [] and "Ours" in result["output"]
    bad = facade.render(TWO_MISTAKES, "house.tractor")
    assert bad["output"] is None and len(bad["diagnostics"]) == 2
    with pytest.raises(ValueError):
        facade.render(HOUSE, fmt="pdf")


def test_parse_keeps_the_lines_that_parse():
    result = facade.parse(TWO_MISTAKES, "house.tractor")
    assert_shape(result)
    statements = result["tree"]["statements"]
    assert [(s["section"], s["kind"], s["line"]) for s in statements] == [("", "extends", 1)]
    assert [s["name"] for s in result["tree"]["sections"]] == ["table", "lead"]


def test_tokens_cover_keywords_values_and_comments():
    found = facade.tokens('table\n  decks: 2  # two\n  remove: 2S\n')
    assert [(t["type"], t["text"]) for t in found] == [
        ("keyword", "table"), ("keyword", "decks"), ("punctuation", ":"), ("number", "2"), ("comment", "# two"),
        ("keyword", "remove"), ("punctuation", ":"), ("card", "2S"),
    ]
    comment = found[4]
    assert (comment["line"], comment["column"], comment["end_column"]) == (2, 13, 18)


def test_bad_arguments_come_back_as_diagnostics_or_value_errors():
    [d] = facade.check(b"table\n", "x")["diagnostics"]  # type: ignore[arg-type]
    assert d["code"] == "E014"
    with pytest.raises(ValueError, match="unknown lint code"):
        facade.lint(HOUSE, select=["W999"])


def test_a_shipped_ruleset_round_trips_through_the_facade():
    text = builtin_path("two-decks").read_text(encoding="utf-8")
    assert facade.format(text, "two-decks.tractor")["text"] == text
    assert facade.check(text, "two-decks.tractor") == {"diagnostics": []}


#: house rules after each hand and a kitty formula (rule expressions), as the playground gets them
EXPRESSIONS = ('ruleset: "Expressions"\nextends: "two-decks"\n\nlevels\n'
               "  when the bankers lost 5H:bankers - 1 level\n"
               "  when (points >= 200 or the attackers win the last trick with a single J) and not no-trump: "
               "attackers +1 level, bankers back to 2\n"
               "  when the level is 2 and the bankers win and the attackers win: bankers +1 level\n"
               "\nkitty\n  multiplier: min(2 ^ (size - 1), 64), at most 64\n")


def test_rule_expressions_through_every_call_of_the_facade():
    checked = facade.check(EXPRESSIONS, "house.tractor")
    assert_shape(checked)
    assert checked["diagnostics"] == []
    compiled = facade.compile(EXPRESSIONS, "house.tractor")
    assert compiled["rules"]["levels"]["after_hand"][0] == {
        "condition": ["fact", "lost", "bankers", "5H"], "effects": [["down", "bankers", ["num", 1]]]}
    assert compiled["rules"] == tr.loads(EXPRESSIONS, origin="house.tractor").to_dict()
    formatted = facade.format(EXPRESSIONS, "house.tractor")["text"]
    assert "  when the bankers lost 5H: bankers -1 level\n" in formatted
    assert "multiplier: min(2 ^ (size - 1), 64), at most 64\n" in formatted
    assert facade.format(formatted, "house.tractor")["text"] == formatted
    for lang, sentence in (("en", "If the bankers lose <span class=\"card red\">♥5</span> to the other team"),
                           ("zh", "闲家升1级")):
        rendered = facade.render(EXPRESSIONS, "house.tractor", lang=lang, fmt="html")
        assert_shape(rendered)
        assert sentence in rendered["output"], lang
    # the third rule can never hold: the linter says so, at its line
    linted = facade.lint(EXPRESSIONS, "house.tractor")
    assert_shape(linted)
    assert [(d["code"], d["line"], d["column"]) for d in linted["diagnostics"]] == [("W107", 7, 3)]
    kinds = {t["text"]: t["type"] for t in facade.tokens(EXPRESSIONS)}
    assert kinds["when"] == kinds["min"] == kinds["not"] == kinds["points"] == "keyword"
    assert kinds[">="] == kinds["^"] == kinds["("] == "punctuation" and kinds["5H"] == "card"


def test_the_playground_answers_a_text_with_rule_expressions():
    """The playground's one call per edit (playground/app/bridge.py, run by Pyodide in the page),
    here in this Python."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "playground" / "app" / "bridge.py"
    spec = importlib.util.spec_from_file_location("playground_bridge", path)
    assert spec is not None and spec.loader is not None
    bridge = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bridge)
    answer = json.loads(bridge.update(EXPRESSIONS, "en"))
    assert "If the bankers lose <span class=\"card red\">♥5</span>" in answer["sheet"]
    assert [(d["code"], d["line"], d["docs"]) for d in answer["diagnostics"]] == [("W107", 7, "lint/#w107")]
    assert {"when", "min", ">="} <= {t["text"] for t in answer["tokens"]}
