"""The linter: each warning code has a fixture under tests/lint/ that gives exactly the warnings its
``# expect:`` lines list, a section in docs/lint.md and a docstring; the counts over the shipped
rulesets and the gallery are pinned; the command line's statuses and JSON."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tractor_rules import cli, codes, facade
from tractor_rules.language.lint import LINTERS, selection
from tractor_rules.resources import builtin_names, builtin_path

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "lint"
GALLERY = sorted((ROOT / "examples" / "house-rules").glob("*.tractor"))
EXPECT = re.compile(r"^# expect: (\d+):(\d+): (W\d{3}): (.*)$")

#: warnings the shipped rulesets and the gallery give on purpose: P04 restates its parent's
#: 'failed throw' so that the rule reads whole on its own page
INTENDED = {"P04-only-opponents-stop-throws.tractor": ["W102"]}


def expected(path: Path) -> list[tuple[int, int, str, str]]:
    found = [EXPECT.match(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return [(int(m[1]), int(m[2]), m[3], m[4]) for m in found if m]


@pytest.mark.parametrize("code", list(LINTERS))
def test_each_code_has_a_fixture_that_gives_exactly_its_warnings(code):
    path = FIXTURES / f"{code}.tractor"
    want = expected(path)
    assert want and all(w[2] == code for w in want), f"{path.name} must expect {code}"
    got = facade.lint(path.read_text(encoding="utf-8"), str(path))["diagnostics"]
    assert [(d["line"], d["column"], d["code"], d["message"]) for d in got] == want


def test_every_warning_code_has_a_linter_a_docs_section_and_a_docstring():
    warnings = [c for c, entry in codes.CODES.items() if entry.severity == "warning"]
    assert list(LINTERS) == warnings
    page = (ROOT / "docs" / "lint.md").read_text(encoding="utf-8")
    for code, cls in LINTERS.items():
        assert f"### {code} {codes.CODES[code].name} {{ #{code.lower()} }}" in page, code
        doc = cls.__doc__ or ""
        for part in ("What it does:", "Why is this bad?", "Example:", "Use instead:"):
            assert part in doc, (code, part)


def test_lint_counts_over_the_shipped_rulesets_and_the_gallery():
    counts = {}
    for name in builtin_names():
        path = builtin_path(name)
        assert path is not None
        counts[path.name] = [d["code"] for d in facade.lint(path.read_text(encoding="utf-8"), str(path))["diagnostics"]]
    for path in GALLERY:
        counts[path.name] = [d["code"] for d in facade.lint(path.read_text(encoding="utf-8"), str(path))["diagnostics"]]
    assert len(counts) == len(builtin_names()) + len(GALLERY) > 20
    assert {name: found for name, found in counts.items() if found} == INTENDED


def test_a_suppression_comment_silences_its_line_or_the_next():
    text = ('ruleset: "Ours"\nextends: "two-decks"\ntable\n  decks: 2  # lint: ignore\n'
            "  # lint: ignore W103, W102\n  players: 4\n  jokers: yes  # lint: ignore W104\n")
    assert [(d["line"], d["code"]) for d in facade.lint(text, "house.tractor")["diagnostics"]] == [(7, "W102")]


def test_select_and_ignore_take_codes_and_prefixes():
    assert selection(["W1"]) == tuple(LINTERS)
    assert selection(["W102,W103"], ["W103"]) == ("W102",)
    assert selection(None, ["W10"]) == ("W110", "W111", "W112", "W113", "W114", "W115", "W116", "W117", "W118",
                                         "W119", "W120", "W121", "W123", "W124", "W125", "W126", "W127", "W129",
                                         "W130", "W131", "W133", "W134", "W135", "W136", "W137", "W138", "W139",
                                         "W141", "W142", "W143", "W145", "W146", "W147")
    assert selection(None, ["W10", "W11"]) == ("W120", "W121", "W123", "W124", "W125", "W126", "W127", "W129",
                                               "W130", "W131", "W133", "W134", "W135", "W136", "W137", "W138", "W139",
                                               "W141", "W142", "W143", "W145", "W146", "W147")
    assert selection(None, ["W10", "W11", "W12"]) == ("W130", "W131", "W133", "W134", "W135", "W136", "W137", "W138",
                                                      "W139", "W141", "W142", "W143", "W145", "W146", "W147")
    assert selection(None, ["W10", "W11", "W12", "W13"]) == ("W141", "W142", "W143", "W145", "W146", "W147")
    assert selection(None, ["W10", "W11", "W12", "W13", "W14"]) == ()
    assert selection(None, ["W1"]) == ()
    with pytest.raises(ValueError, match="unknown lint code 'E001'"):
        selection(["E001"])
    path = FIXTURES / "W102.tractor"
    found = facade.lint(path.read_text(encoding="utf-8"), str(path), ignore=["W102"])["diagnostics"]
    assert found == []


def test_the_command_exits_1_when_it_warns_0_when_quiet_2_for_a_bad_code(capsys):
    path = str(FIXTURES / "W104.tractor")
    assert cli.main(["lint", path]) == 1
    out, err = capsys.readouterr()
    assert f"{path}:7:3: warning[W104]: 'pair': entry 3" in out and err == "1 file, 1 warning\n"
    # a clean report says so; it said nothing at all
    assert cli.main(["lint", path, "--ignore", "W104"]) == 0
    assert capsys.readouterr() == ("", "1 file, no warnings\n")
    assert cli.main(["lint", "two-decks", "one-deck", "four-decks"]) == 0
    assert capsys.readouterr() == ("", "3 files, no warnings\n")
    with pytest.raises(SystemExit) as info:
        cli.main(["lint", "--select", "W999", path])
    assert info.value.code == 2
    assert "unknown lint code 'W999'" in capsys.readouterr().err


def test_the_command_prints_json_for_editors(capsys):
    path = str(FIXTURES / "W102.tractor")
    assert cli.main(["lint", "--format", "json", path]) == 1
    data = json.loads(capsys.readouterr().out)
    assert [d["code"] for d in data["diagnostics"]] == ["W102"] * 3
    fix = data["diagnostics"][0]["fixes"][0]
    assert (fix["line"], fix["column"], fix["end_line"], fix["end_column"], fix["replacement"]) == (10, 1, 11, 1, "")


def test_a_ruleset_that_does_not_compile_gets_its_errors(tmp_path, capsys):
    bad = tmp_path / "bad.tractor"
    bad.write_text('extends: "two-decks"\ntable\n  decks: 9\n', encoding="utf-8")
    assert cli.main(["lint", str(bad)]) == 1
    out, err = capsys.readouterr()
    assert f"{bad}:3:10: error[E201]:" in out and err == "1 file, 1 error\n"


def test_check_prints_the_compile_time_warning_and_still_succeeds(capsys):
    path = str(FIXTURES / "W101.tractor")
    assert cli.main(["check", path]) == 0
    out, err = capsys.readouterr()
    assert f"{path}:9:3: warning[W101]: this file changes the table (decks: 3)" in err
    assert out.startswith(f"{path}: ok")


# --- W134: effects that never change anything (each case warned is in tests/lint/W134.tractor; the
# engine's proof that they change nothing, and that the effects beside them do, in
# tests/engine/test_effect_never_fires.py) -------------------------------------------------------------


def w134(text: str) -> list[tuple[int, int, str]]:
    found = facade.lint(text, "house.tractor")["diagnostics"]
    assert all(d["severity"] == "warning" for d in found), found  # it compiles
    return [(d["line"], d["column"], d["message"]) for d in found if d["code"] == "W134"]


@pytest.mark.parametrize(("parent", "lines"), [
    # called partners: a friend of the banker may stand at another level than the hand's
    ("house-finding-friends", "levels\n  when the level is 2 and the bankers lose: bankers back to 2\n"),
    ("house-finding-friends", "levels\n  when the level is 7 and the attackers win: bankers to 7\n"),
    # a bank given up: the hand is played at the level of the team that gave it up
    ("two-decks", "declare\n  give up the bank: yes\nlevels\n  when the level is 2 and the bankers lose: bankers back to 2\n"),
    # the extra level beyond the last is played at the last level's rank: bankers there go back to A
    ("two-decks", "levels\n  game end: beyond the last level\n  when the level is A and the bankers lose: bankers back to A\n"),
    # a ladder that goes round: a climb or a fall may cross into another round, which 'to' stays in
    ("two-decks", "levels\n  rounds: 2\n  when the bankers win: bankers +1 level, bankers to 5\n"),
    ("two-decks", "levels\n  rounds: 2\n  when the bankers lose: bankers -1 level, bankers to 5\n"),
    # a climb past the last level wins the game there, whatever 'to' says after it
    ("two-decks", "levels\n  game end: past the last level\n  when the bankers win: bankers +1 level, bankers to 5\n"),
    # 'back to' after a change that may raise the bankers
    ("two-decks", "levels\n  when the bankers lose: bankers +2 levels\n  when the level is 2 and the bankers lose: bankers back to 2\n"),
    # 'to' after a knock back that may send the bankers lower
    ("two-decks", "levels\n  knock back: 7 to 2 on any loss\n  when the level is 7 and the bankers lose: bankers to 7\n"),
    # the declarer banks next: the rules' own next banker is not the partner
    ("two-decks", "levels\n  next banker: trump maker\n  when the bankers win: the next banker is the banker's partner\n"),
    # the winners may be either team
    ("two-decks", "levels\n  when a hand ends: winners +1 level, bankers to 5\n"),
    # the next banker named later may name nobody (every KS in the kitty)
    ("two-decks", "levels\n  when a hand ends: the next banker is the banker, the next banker is the holder of KS\n"),
    # the game ends past the last level only after the effects
    ("two-decks", "levels\n  game end: past the last level\n  when the level is A and the bankers win: bankers win the game\n"),
])
def test_w134_leaves_alone_an_effect_the_rules_leave_room_for(parent, lines):
    assert w134(f'ruleset: "House"\nextends: "{parent}"\n{lines}') == []


def test_w134_points_at_the_effect_and_names_the_one_that_undoes_it_in_a_parent(tmp_path):
    (tmp_path / "parent.tractor").write_text(
        'ruleset: "Parent"\nextends: "two-decks"\nlevels\n  when a hand ends: bankers to 5\n', encoding="utf-8")
    text = 'ruleset: "Child"\nextends: "parent.tractor"\nlevels\n  when the bankers win: bankers +1 level\n'
    path = tmp_path / "child.tractor"
    path.write_text(text, encoding="utf-8")
    found = [(d["line"], d["column"], d["end_column"], d["message"])
             for d in facade.lint(text, str(path))["diagnostics"]]
    # the parent's rule comes first: the child's change comes after its 'to', and is not undone
    assert found == []
    (tmp_path / "parent.tractor").write_text(
        'ruleset: "Parent"\nextends: "two-decks"\nlevels\n  when the bankers win: bankers +1 level\n', encoding="utf-8")
    text = 'ruleset: "Child"\nextends: "parent.tractor"\nlevels\n  when a hand ends: bankers to 5\n'
    found = [(d["file"].rsplit("/", 1)[-1], d["line"], d["column"], d["end_column"], d["message"])
             for d in facade.lint(text, str(path))["diagnostics"]]
    assert found == [("parent.tractor", 4, 25, 41, "this effect never changes anything: 'bankers to 5' "
                      f"({path}, line 4) always comes after it and sets the bankers' level; leave it out, or "
                      "write it after that one")]


def test_w134_says_nothing_once_its_work_for_a_ruleset_is_spent(monkeypatch):
    from tractor_rules.language import lint as lint_module
    from tractor_rules.language.satisfiable import can_hold

    text = (FIXTURES / "W134.tractor").read_text(encoding="utf-8")
    assert len(w134(text)) == 12
    monkeypatch.setattr(lint_module, "_EFFECT_ANSWERS", 40)
    assert 0 < len(w134(text)) < 12
    monkeypatch.setattr(lint_module, "_EFFECT_ANSWERS", 0)
    # left: the effects undone within their own rule, and the number always 0, which ask no question
    assert [line for line, _, _ in w134(text)] == [33, 39, 41]
    # the budget is shared by the calls that pass it, and spent answer by answer
    import tractor_rules as tr

    two = tr.load("two-decks")
    both = ("all", ("fact", "level-is", "2"), ("fact", "level-is", "3"))
    assert can_hold(both, two, {}, ("2", "3")) is False
    budget = [3]
    assert can_hold(both, two, {}, ("2", "3"), budget) is None and budget == [0]
    assert can_hold(("fact", "no-trump"), two, {}, ("2",), budget) is None
