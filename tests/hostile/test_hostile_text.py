"""Text that would act on a terminal: escape sequences and bidirectional overrides in names passed
through to the terminal and to text sheets.  Now a string cannot hold them, and a report shows any
that sit elsewhere in a file (a comment) as a replacement character, one for one."""

from __future__ import annotations

import pytest

import tractor_rules as tr
from tractor_rules import cli
from tractor_rules.errors import Diagnostic, terminal_safe


@pytest.mark.parametrize("written", ["\\u001b[2J", "\x1b]0;title\x07", "\\u202e", "\u202e", "\u2066", "\\u0085", "\\u007f"])
def test_strings_cannot_hold_control_characters_or_overrides(written: str):
    with pytest.raises(tr.RulesetSyntaxError) as info:
        tr.loads(f'ruleset: "Tractor {written} club"\n')
    assert (info.value.line, info.value.column) == (1, 10)
    if "\x1b" not in written:  # (written raw, a control character is already not valid in a string)
        assert info.value.message.startswith("a string cannot hold the control character U+")
    report = str(info.value)
    assert "\x1b" not in report and "\u202e" not in report and "\u2066" not in report


def test_tab_newline_and_chinese_stay_allowed():
    assert tr.loads('ruleset: "升级\\t拖拉机"\n').name == "升级\t拖拉机"


def test_a_report_never_prints_what_would_act_on_the_terminal():
    text = 'extends: "two-decks"\ntable\n  players: 99 # \x1b[2J\u202e\n'
    with pytest.raises(tr.RulesetError) as info:
        tr.loads(text, origin="house\x1b[31m.tractor")
    report = str(info.value)
    assert "\x1b" not in report and "\u202e" not in report
    header, line, caret = report.split("\n")[:3]
    assert line.endswith("# \ufffd[2J\ufffd") and caret.index("^") == line.index("99")


def test_terminal_safe_escapes_and_keeps_printable_text():
    assert terminal_safe("two-decks 升级 ♠") == "two-decks 升级 ♠"
    assert terminal_safe("a\x1b[2Jb\u202ec") == "a\\x1b[2Jb\\u202ec"
    assert Diagnostic("f\x1b.tractor", 1, 1, "m\x1bm").render().startswith("f\\x1b.tractor:1:1: error: m\\x1bm")


def test_check_prints_names_escaped(tmp_path, capsys):
    path = tmp_path / "club.tractor"
    path.write_text('extends: "two-decks"\nruleset: "Club\\nTractor"\n', encoding="utf-8")
    assert cli.main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert out == f"{path}: ok (Club\\x0aTractor)\n"
