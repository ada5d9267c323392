"""The language server, driven over standard input and output by a real LSP client (conftest.py):
diagnostics as the text changes, hover, completion, go to definition, formatting, symbols."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from lsprotocol import types

from tractor_rules.language.format import format_text
from tractor_rules.lsp.server import language_of
from tractor_rules.resources import builtin_path

HOUSE = """\
ruleset: "Our table"
extends: "two-decks"

levels
  range: 3 to A
  knock back: J to 3 on any loss

table
  play: clockwise
"""


#: the language server of the run (tests/lsp/conftest.py), on the one worker of the group
pytestmark = pytest.mark.xdist_group("lsp")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    made = tmp_path_factory.mktemp("rulesets")
    (made / "house.tractor").write_text(HOUSE, encoding="utf-8")
    return made


def line_of(text: str, needle: str) -> int:
    """The 0-based line of the first line holding ``needle``."""
    return next(i for i, line in enumerate(text.splitlines()) if needle in line)


def test_the_server_says_what_it_can_do(session):
    capabilities = session.initialize_result.capabilities
    assert capabilities.hover_provider and capabilities.definition_provider
    assert capabilities.document_formatting_provider and capabilities.document_symbol_provider
    assert capabilities.completion_provider is not None and capabilities.code_action_provider
    assert session.initialize_result.server_info.name == "tractor-rules"


def test_an_error_is_reported_at_its_range_in_utf16_and_cleared_when_fixed(session, folder):
    # the string holds a character outside the Basic Multilingual Plane: two UTF-16 units, one
    # code point; the error's column must count it as the editor does
    text = 'ruleset: "🂡 table"\n\ntable\n  players: 4\n  decks: 99\n'
    uri, found = session.open(folder / "broken.tractor", text)
    assert len(found) == 1
    error = found[0]
    assert error.severity == types.DiagnosticSeverity.Error
    assert "decks" in error.message
    assert error.range.start == types.Position(line=4, character=9)
    assert error.range.end == types.Position(line=4, character=11)
    # a syntax error after the astral character on line 1
    found = session.change(uri, 'ruleset: "🂡" oops\n')
    assert len(found) == 1
    assert found[0].range.start == types.Position(line=0, character=14)  # 13 code points, 14 units
    assert session.change(uri, 'ruleset: "🂡 table"\n\ntable\n  players: 4\n') == []


def test_an_error_in_a_parent_is_shown_on_the_extends_line(session, folder):
    (folder / "parent-broken.tractor").write_text("table\n  decks: 99\n", encoding="utf-8")
    uri, found = session.open(folder / "child.tractor", 'extends: "parent-broken.tractor"\n')
    assert len(found) == 1
    assert found[0].range.start.line == 0
    assert "parent-broken.tractor:2:10" in found[0].message


def test_hover_gives_the_sheet_sentence_the_default_and_what_it_overrides(session, folder):
    uri, found = session.open(folder / "house.tractor", HOUSE)
    assert found == []
    line = line_of(HOUSE, "range: 3 to A")
    hover = session.hover(uri, line, 4)
    assert hover is not None and hover.contents.kind == types.MarkupKind.Markdown
    text = hover.contents.value
    parent_text = builtin_path("two-decks").read_text(encoding="utf-8")
    parent_line = line_of(parent_text, "range: 2 to A") + 1
    assert "3" in text.split("Default")[0]  # the sheet sentence of this file's value
    assert "Default" in text
    assert f"Set here, line {line + 1}" in text
    assert f"overrides two-decks.tractor, line {parent_line}: `range: 2 to A`" in text
    assert hover.range.start == types.Position(line=line, character=2)


def test_hover_on_a_section_lists_where_each_value_comes_from(session, folder):
    uri, _ = session.open(folder / "house.tractor", HOUSE)
    hover = session.hover(uri, line_of(HOUSE, "levels"), 1)
    text = hover.contents.value
    assert f"`range: 3 to A`: this file, line {line_of(HOUSE, 'range: 3 to A') + 1}" in text
    assert "`game end: at the last level`: two-decks.tractor, line" in text


def test_hover_on_extends_names_the_parent(session, folder):
    uri, _ = session.open(folder / "house.tractor", HOUSE)
    text = session.hover(uri, 1, 3).contents.value
    assert "Tractor (two decks)" in text and "two-decks.tractor" in text
    text = session.hover(uri, 0, 3).contents.value
    assert "On the rule sheet:* Our table" in text and "overrides two-decks.tractor, line" in text


def test_hover_speaks_the_language_the_editor_asks_for(session, folder):
    uri, _ = session.open(folder / "house.tractor", HOUSE)
    session.configure({"tractor-rules": {"language": "zh"}})
    try:
        text = session.hover(uri, line_of(HOUSE, "range: 3 to A"), 4).contents.value
    finally:
        session.configure({"tractor-rules": {"language": "en"}})
    assert "默认" in text and "覆盖 two-decks.tractor" in text
    assert "级" in text  # the sheet's own Chinese sentence
    assert "Default" in session.hover(uri, line_of(HOUSE, "range: 3 to A"), 4).contents.value


@pytest.mark.parametrize(("locale", "options", "expected"), [
    ("zh-CN", {}, "zh"), ("zh_TW", None, "zh"), ("fr", {}, "en"), (None, {"language": "zh"}, "zh"),
    ("zh-CN", {"language": "en"}, "en"), ("en-US", {"language": "klingon"}, "en"),
])
def test_the_language_of_hovers_follows_the_option_then_the_locale(locale, options, expected):
    assert language_of(locale, options) == expected


def test_completion_of_sections_keys_and_values(session, folder):
    text = "table\n  \n  partners: \nlevels\n  range: 2 to \n  knock \n"
    uri, _ = session.open(folder / "typing.tractor", text)
    labels = {item.label: item for item in session.complete(uri, 1, 2)}
    assert labels["players"].insert_text == "players: "
    assert labels["players"].kind == types.CompletionItemKind.Property
    assert "knock back" not in labels  # a statement of 'levels', not of 'table'
    assert labels["levels"].kind == types.CompletionItemKind.Module
    assert {item.label for item in session.complete(uri, 2, 12)} == {"opposite", "alternate", "by", "banker"}
    ranks = {item.label for item in session.complete(uri, 4, 14)}
    assert {"2", "10", "J", "Q", "K", "A"} <= ranks
    assert {item.label for item in session.complete(uri, 5, 8)} == {"back"}
    assert {item.label for item in session.complete(uri, 5, 5)} >= {"knock back", "next banker"}


def test_completion_of_the_parent_name(session, folder):
    uri, _ = session.open(folder / "typing2.tractor", 'extends: "tw"\n')
    labels = {item.label for item in session.complete(uri, 0, 12)}
    assert "two-decks" in labels and "house.tractor" in labels and "typing2.tractor" not in labels


def test_go_to_definition_from_extends_and_from_an_overriding_statement(session, folder):
    uri, _ = session.open(folder / "house.tractor", HOUSE)
    parent = builtin_path("two-decks")
    location = session.definition(uri, 1, 12)
    assert location.uri == parent.resolve().as_uri()
    assert location.range.start.line == 0
    location = session.definition(uri, line_of(HOUSE, "range: 3 to A"), 4)
    assert location.uri == parent.resolve().as_uri()
    assert location.range.start.line == line_of(parent.read_text(encoding="utf-8"), "range: 2 to A")
    # a statement no parent sets has nowhere to go
    own = folder / "own.tractor"
    own.write_text("table\n  players: 4\n", encoding="utf-8")
    uri, _ = session.open(own)
    assert session.definition(uri, 1, 4) is None


def test_formatting_goes_through_fmt(session, folder):
    text = 'ruleset:   "Messy"\ntable\n    players:4\n'
    uri, _ = session.open(folder / "messy.tractor", text)
    edits = session.format(uri)
    assert len(edits) == 1
    assert edits[0].range.start == types.Position(line=0, character=0)
    assert edits[0].new_text == format_text(text, "messy.tractor")
    formatted = edits[0].new_text
    session.change(uri, formatted)
    assert list(session.format(uri)) == []
    session.change(uri, "table\n  players: \n")
    assert session.format(uri) is None  # a text that does not parse is left alone


def test_document_symbols_are_sections_with_their_statements(session, folder):
    uri, _ = session.open(folder / "house.tractor", HOUSE)
    found = session.symbols(uri)
    assert [s.name for s in found] == ["ruleset", "extends", "levels", "table"]
    levels = found[2]
    assert levels.kind == types.SymbolKind.Namespace
    assert [(c.name, c.detail) for c in levels.children] == [("range", "3 to A"), ("knock back", "J to 3 on any loss")]
    assert levels.range.start.line == line_of(HOUSE, "levels")
    assert levels.range.end.line == line_of(HOUSE, "knock back")


def test_a_document_never_opened_gets_no_answer_rather_than_an_error(session, folder):
    missing = (folder / "never-opened.tractor").as_uri()
    assert session.hover(missing, 0, 0) is None
    assert session.symbols(missing) == []


def test_a_broken_message_is_one_line_on_standard_error_and_the_server_goes_on():
    body = b'{"jsonrpc": "2.0", "id": 1, "method": "shutdown"}'
    exit_ = b'{"jsonrpc": "2.0", "method": "exit"}'
    messages = b"".join(b"Content-Length: %d\r\n\r\n%s" % (len(m), m) for m in (b"{bad}", body, exit_))
    done = subprocess.run([sys.executable, "-m", "tractor_rules.cli", "lsp"], input=messages,
                          capture_output=True, timeout=120)
    assert done.returncode == 0
    errors = done.stderr.decode("utf-8").splitlines()
    assert errors == ["tractor-rules lsp: Unable to handle message: Expecting property name enclosed in double "
                      "quotes: line 1 column 2 (char 1)"]
    assert b'"id": 1' in done.stdout and b'"result": null' in done.stdout  # the shutdown was answered


def test_hover_on_a_row_of_a_table_shows_the_table(session, folder):
    text = 'extends: "two-decks"\n\nupgrade\n  0: banker +3\n  5-35: banker +2\n  40-75: banker +1\n' \
           "  80-115: swap\n  120+: attackers +1, +1 every 40\n"
    uri, found = session.open(folder / "rows.tractor", text)
    assert found == []
    hover = session.hover(uri, 4, 3).contents.value
    assert "| 5–35 | banker team up 2 levels |" in hover
    assert "From 120 points on" in hover.split("Default")[0] and "From 160 points on" in hover.split("Default")[1]


def test_lint_warnings_with_their_code_link_and_quick_fix(session, folder):
    text = 'extends: "two-decks"\n\ntable\n  players: 4\n  decks: 2\n'
    uri, found = session.open(folder / "restates.tractor", text)
    assert [(d.code, d.severity, d.range.start.line) for d in found] == [
        ("W102", types.DiagnosticSeverity.Warning, 3), ("W102", types.DiagnosticSeverity.Warning, 4)]
    assert found[0].code_description.href.endswith("/lint/#w102")
    (action,) = session.code_actions(uri, found[:1])
    assert action.kind == types.CodeActionKind.QuickFix and action.title == "remove the line"
    (edit,) = action.edit.changes[uri]
    assert (edit.range.start.line, edit.range.end.line, edit.new_text) == (3, 4, "")


def test_did_you_mean_is_a_quick_fix(session, folder):
    text = 'ruleset: "🂡"\ntable\n  partners: oposite\n'
    uri, found = session.open(folder / "typo.tractor", text)
    (error,) = found
    assert error.code == "E001" and error.severity == types.DiagnosticSeverity.Error
    assert error.code_description.href.endswith("/errors/#e001")
    (action,) = session.code_actions(uri, found)
    (edit,) = action.edit.changes[uri]
    assert edit.new_text == "opposite" and "opposite" in action.title
    assert (edit.range.start, edit.range.end) == (types.Position(line=2, character=12),
                                                  types.Position(line=2, character=19))


def test_an_inherited_statement_the_file_no_longer_fits_comes_with_its_quick_fix(session, folder):
    """Constant aces over two-decks: its 'mandatory: A' names a level no longer played.  The error
    is on the file's order line, names two-decks' line, and its fix adds the list without A."""
    text = ('extends: "two-decks"\n\ntrumps\n  order: big joker > small joker > level in trump suit > '
            "level in other suits > A in trump suit > A in other suits > trump suit\n")
    uri, found = session.open(folder / "aces.tractor", text)
    (error,) = found
    assert error.code == "E302" and error.range.start.line == 3
    assert "; it conflicts with 'mandatory: A', inherited from two-decks.tractor, line " in error.message
    (action,) = session.code_actions(uri, found)
    assert action.kind == types.CodeActionKind.QuickFix and action.title == "add 'mandatory: none' to this file"
    (edit,) = action.edit.changes[uri]
    assert (edit.range.start, edit.range.end) == (types.Position(line=4, character=0),) * 2
    assert edit.new_text == "\nlevels\n  mandatory: none\n"
    assert session.change(uri, text + edit.new_text) == []


def test_a_half_typed_line_hides_neither_the_other_errors_nor_hover_and_completion(session, folder):
    text = 'extends: "two-decks"\n\nlevels\n  range: 3 to\n  knock back: J to 3 on any loss\n' \
           "  mandatory: zz\n\ntable\n  partners: \n  play: clockwise\n"
    uri, found = session.open(folder / "typing3.tractor", text)
    assert sorted(d.range.start.line for d in found) == [3, 5, 8]
    hover = session.hover(uri, line_of(text, "knock back"), 4).contents.value
    assert "overrides two-decks.tractor" in hover
    assert {item.label for item in session.complete(uri, line_of(text, "partners"), 12)} == {
        "opposite", "alternate", "by", "banker"}
    assert [s.name for s in session.symbols(uri)[1].children] == ["knock back"]


def test_a_byte_order_mark_and_crlf_line_ends_keep_positions_right(session, folder):
    text = '\ufeffruleset: "x" oops\r\ntable\r\n  players: 4\r\n'
    uri, found = session.open(folder / "bom.tractor", text)
    (error,) = found
    # the editor counts the mark as a character of the first line; the parser does not
    assert error.range.start == types.Position(line=0, character=14)
    fixed = '\ufeffruleset: "x"\r\ntable\r\n  players: 4\r\n'
    assert session.change(uri, fixed) == []
    symbols = session.symbols(uri)
    assert symbols[0].name == "ruleset" and symbols[0].range.start == types.Position(line=0, character=1)
    assert session.hover(uri, 2, 4).range.start == types.Position(line=2, character=2)


def test_completion_after_unset_offers_the_sections_own_keys(session, folder):
    uri, _ = session.open(folder / "unset.tractor", 'extends: "two-decks"\nlevels\n  unset: \n')
    labels = {item.label for item in session.complete(uri, 2, 9)}
    assert "knock back" in labels and "range" in labels
    assert "players" not in labels and "unset" not in labels


def test_typing_fast_ends_with_the_diagnostics_of_the_last_text(session, folder):
    uri, _ = session.open(folder / "fast.tractor", "table\n")
    typed = "table\n  players: 4"
    for end in range(len("table\n  pl"), len(typed)):  # one change per keystroke
        session.send_change(uri, typed[:end])
    version = session.send_change(uri, typed + "0\n")
    (error,) = session.wait_diagnostics(uri, version)
    assert "40" in error.message and error.range.start == types.Position(line=1, character=11)
    # a hover between keystrokes reads the newest text, checked or not
    session.send_change(uri, "table\n  players: 4\n")
    assert "4 players" in session.hover(uri, 1, 4).contents.value


#: a parent whose name and description try every way Markdown has to show more than text
HOSTILE_PARENT = ('ruleset: "<img src=x onerror=alert(1)> [win](https://evil.invalid) *bold* `code`"\n'
                  'description: "![pixel](https://evil.invalid/p.png) <script>alert(1)</script> see '
                  'https://evil.invalid, www.evil.invalid or me@evil.invalid <https://evil.invalid> '
                  '[x]: https://evil.invalid # heading"\n'
                  'extends: "two-decks"\n\ntable\n  play: clockwise   # `` ` <b>bold</b> [a](https://evil.invalid)\n')


def _as_editors_show(markdown: str) -> str:
    """The HTML of a hover as an editor shows it: CommonMark with raw HTML allowed and bare URLs
    made links (the most any editor does)."""
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": True, "linkify": True}).enable(["linkify", "table"]).render(markdown)


def test_names_and_descriptions_reach_a_hover_as_text_never_as_html_links_or_images(session, folder):
    (folder / "hostile-parent.tractor").write_text(HOSTILE_PARENT, encoding="utf-8")
    text = 'extends: "hostile-parent.tractor"\n\ntable\n  play: counterclockwise\n'
    uri, _ = session.open(folder / "hostile-child.tractor", text)
    shown = [session.hover(uri, 0, 3).contents.value,  # extends: the parent's name and description
             session.hover(uri, 2, 1).contents.value,  # the section: the parent's lines in force
             session.hover(uri, 3, 4).contents.value]  # the statement: the line it overrides
    parent_uri, _ = session.open(folder / "hostile-parent.tractor", HOSTILE_PARENT)
    shown += [session.hover(parent_uri, 0, 3).contents.value, session.hover(parent_uri, 1, 3).contents.value]
    for markdown in shown:
        html = _as_editors_show(markdown)
        for made in ("<img", "<a ", "<script", "<b>", "<em>bold", "<code>code", "<h1", "<h2"):
            assert made not in html, (made, markdown, html)
    names = _as_editors_show(shown[0])
    # the text itself is all there, as text
    assert "&lt;img src=x onerror=alert(1)&gt; [win](https://evil.invalid) *bold* `code`" in names
    assert "www.evil.invalid or me@evil.invalid" in names
    assert "<code>play: clockwise # `` ` &lt;b&gt;bold&lt;/b&gt; [a](https://evil.invalid)</code>" in \
        _as_editors_show(shown[2])


def test_a_document_of_thousands_of_mistakes_gets_the_first_fifty_and_a_note(session, folder):
    text = "trumps\norder: " + " > ".join(["big joker"] * 2700) + "\n"
    uri, found = session.open(folder / "thousands.tractor", text)
    assert len(found) == 51
    assert found[-1].severity == types.DiagnosticSeverity.Information and "more problems" in found[-1].message
    assert session.change(uri, "table\n  players: 4\n") == []
