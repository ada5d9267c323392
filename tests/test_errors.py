"""Bad input: the error corpus in tests/bad/, the bounds of the parser, and the command line on bad
files.

Each file of the corpus starts with one ``# expect:`` line per diagnostic, in the order the error
reports them::

    # expect: LINE:COL: CODE: message                 a diagnostic in the file itself
    # expect: OTHER-FILE:LINE:COL: CODE: message      a diagnostic in another file (a parent)

``CODE`` is the diagnostic's code (``E001``; see tractor_rules/codes.py).

``OTHER-FILE`` is a path relative to the corpus file's folder, or the name of a shipped ruleset
("two-decks.tractor").  ``{dir}`` in a message stands for the corpus file's folder.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules import cli
from tractor_rules.errors import (
    RulesetError,
    RulesetResolutionError,
    RulesetSemanticError,
    RulesetSyntaxError,
)
from tractor_rules.language.parser import MAX_BYTES, MAX_DIGITS, MAX_NESTING
from tractor_rules.language.resolve import MAX_DEPTH
from tractor_rules.rules import MAX_FORMULA_OPERATORS
from tractor_rules.resources import builtin_path

BAD = Path(__file__).resolve().parent / "bad"
CORPUS = sorted(BAD.rglob("*.tractor"))
EXPECT = re.compile(r"^# expect: (?:(?P<file>[^:]+):)?(?P<line>\d+):(?P<col>\d+): (?P<code>[EW]\d{3}): (?P<message>.*)$")

#: the error class of each corpus file that is not a semantic error
KINDS: dict[str, type[RulesetError]] = {
    "unknown-keyword": RulesetSyntaxError,
    "wrong-section": RulesetSyntaxError,
    "wrong-card": RulesetSyntaxError,
    "unknown-statement": RulesetSyntaxError,
    "missing-colon": RulesetSyntaxError,
    "line-ends-early": RulesetSyntaxError,
    "unterminated-string": RulesetSyntaxError,
    "bad-escape": RulesetSyntaxError,
    "unexpected-character": RulesetSyntaxError,
    "number-too-large": RulesetSyntaxError,
    "lone-surrogate": RulesetSyntaxError,
    "formula-too-long": RulesetSyntaxError,
    "nested-too-deep": RulesetSyntaxError,
    "condition-where-a-number-goes": RulesetSyntaxError,
    "condition-words-where-a-number-goes": RulesetSyntaxError,
    "player-where-a-number-goes": RulesetSyntaxError,
    "player-where-a-card-goes": RulesetSyntaxError,
    "effect-where-a-condition-goes": RulesetSyntaxError,
    "effect-where-end-early-asks": RulesetSyntaxError,
    "extends-unknown-name": RulesetResolutionError,
    "extends-missing-path": RulesetResolutionError,
    "extends-outside-folder": RulesetResolutionError,
    "extends-not-a-ruleset-file": RulesetResolutionError,
    "extends-twice": RulesetResolutionError,
    "cycle/a": RulesetResolutionError,
    "cycle/b": RulesetResolutionError,
}


def corpus_id(path: Path) -> str:
    return path.relative_to(BAD).with_suffix("").as_posix()


def expectations(path: Path) -> list[tuple[str, int, int, str, str]]:
    """(file, line, column, code, message) of every ``# expect:`` line; file is the path as loaded."""
    out = []
    for text in path.read_text(encoding="utf-8").splitlines():
        if not text.startswith("# expect:"):
            continue
        match = EXPECT.match(text)
        assert match, f"{path.name}: malformed expect line: {text!r}"
        file = match["file"]
        if file is None:
            shown = str(path)
        elif (path.parent / file).exists():
            shown = str(path.parent / file)
        else:
            shown = file
        message = match["message"].replace("{dir}", str(path.parent))
        out.append((shown, int(match["line"]), int(match["col"]), match["code"], message))
    return out


def line_of(text: str, line: int) -> str:
    """A line as the lexer counts lines (only "\\n" ends one)."""
    lines = text.split("\n")
    return lines[line - 1].rstrip("\r") if 0 < line <= len(lines) else ""


def load_error(path: Path | str) -> RulesetError:
    with pytest.raises(RulesetError) as info:
        tr.load(str(path))
    return info.value


# --- the corpus ------------------------------------------------------------------------------------


def test_corpus_covers_every_error_kind():
    required = {
        "unknown-keyword", "wrong-section", "missing-colon", "line-ends-early", "unterminated-string",
        "condition-where-a-number-goes", "player-where-a-number-goes", "player-where-a-card-goes",
        "effect-where-a-condition-goes",
        "bad-escape", "unexpected-character", "number-too-large", "nested-too-deep", "not-a-rank",
        "levels-backwards", "deal-arithmetic", "partners-players", "triple-two-decks",
        "tractor-of-triples-two-decks", "ladder-needs-more-decks", "ladder-duplicate-step",
        "jokers-in-order-without-jokers", "trump-suit-not-last", "links-out-of-order",
        "links-not-in-order", "no-trump-links-jokers-only", "fallback-beyond-kitty",
        "follow-entry-wrong-size", "follow-entry-unreachable", "follow-any-cards-not-last",
        "follow-lead-not-a-combination", "kitty-table-missing-width", "formula-without-cap",
        "thresholds-gap", "thresholds-overlap", "thresholds-not-from-zero", "thresholds-not-open",
        "steps-and-rows", "constant-trump-is-level", "mandatory-outside-range", "knock-back-upwards",
        "duplicate-statement", "duplicate-follow-list", "extends-unknown-name", "extends-missing-path",
        "duplicate-steps", "cycle/a", "cycle/b", "several-errors", "wrong-card", "unknown-statement",
    }
    assert required <= {corpus_id(p) for p in CORPUS}


@pytest.mark.parametrize("path", CORPUS, ids=corpus_id)
def test_corpus(path: Path):
    expected = expectations(path)
    assert expected, f"{path.name} has no '# expect:' line"
    error = load_error(path)
    assert isinstance(error, KINDS.get(corpus_id(path), RulesetSemanticError))

    # The diagnostics, in the order the error gives them.
    got = [(d.file, d.line, d.column, d.code, d.message) for d in error.diagnostics]
    assert got == expected

    # The error's own position is its first diagnostic's.
    first = error.diagnostics[0]
    assert (error.file, error.line, error.column, error.message) == (first.file, first.line, first.column, first.message)

    # str(error): for each diagnostic "file:line:col: error[CODE]: message", the source line, and a
    # caret line.
    report = str(error).split("\n")
    headers = [i for i, text in enumerate(report) if not text.startswith("    ")]
    assert [report[i] for i in headers] == [f"{f}:{l}:{c}: error[{code}]: {m}" for f, l, c, code, m in expected]
    for index, (file, line, column, _, _) in zip(headers, expected):
        shown = Path(file) if os.path.isabs(file) else builtin_path(Path(file).stem)
        assert shown is not None, file
        source = shown.read_text(encoding="utf-8")
        assert report[index + 1] == "    " + line_of(source, line).expandtabs(1)
        caret = report[index + 2]
        assert caret.startswith("    " + " " * (column - 1) + "^"), caret
        assert set(caret.strip()) == {"^"}


def test_several_errors_are_all_reported_sorted_by_line():
    error = load_error(BAD / "several-errors.tractor")
    lines = [(d.line, d.column) for d in error.diagnostics]
    assert len(lines) >= 6
    assert lines == sorted(lines)
    messages = " | ".join(d.message for d in error.diagnostics)
    # errors of single statements and of the checks across statements come in one report
    assert "players" in messages and "decks" in messages and "rank" in messages
    assert "entry 2 holds 3 cards" in messages


def test_errors_of_several_statements_are_sorted_even_when_written_out_of_order():
    text = (
        'extends: "two-decks"\n'
        "follow\n"
        "  pair: pair > 3 singles\n"   # a check across statements, line 3
        "levels\n"
        "  range: 1 to A\n"           # a statement's own error, line 5
        "table\n"
        "  players: 99\n"             # line 7
    )
    with pytest.raises(RulesetSemanticError) as info:
        tr.loads(text, origin="house.tractor")
    assert [d.line for d in info.value.diagnostics] == [3, 5, 7]


def test_rendered_error_exactly():
    path = BAD / "unknown-keyword.tractor"
    error = load_error(path)
    assert str(error) == (
        f"{path}:5:3: error[E001]: unknown word 'plyers': did you mean 'players'?\n"
        "      plyers: 4\n"
        "      ^^^^^^"
    )


# --- bounds ----------------------------------------------------------------------------------------


def test_file_over_the_size_limit(tmp_path: Path):
    text = 'extends: "two-decks"\n' + "# padding padding padding padding padding padding padding\n" * (MAX_BYTES // 50)
    assert len(text.encode()) > MAX_BYTES
    path = tmp_path / "huge.tractor"
    path.write_text(text, encoding="utf-8")
    error = load_error(path)
    assert isinstance(error, RulesetSyntaxError)
    assert [(d.file, d.line, d.column) for d in error.diagnostics] == [(str(path), 1, 1)]
    assert error.message == f"the file is {len(text.encode())} bytes; a ruleset may be at most {MAX_BYTES}"
    with pytest.raises(RulesetSyntaxError):
        tr.loads(text)


def test_file_at_the_size_limit_is_read(tmp_path: Path):
    head = 'extends: "two-decks"\n'
    text = head + "#" * (MAX_BYTES - len(head) - 1) + "\n"
    assert len(text.encode()) == MAX_BYTES
    assert tr.loads(text).name == "Tractor (two decks)"


def test_size_limit_counts_bytes_not_characters():
    head = 'extends: "two-decks"\n# '
    text = head + "牌" * ((MAX_BYTES - len(head)) // 3 + 1) + "\n"  # 3 bytes a character
    assert len(text) < MAX_BYTES < len(text.encode())
    with pytest.raises(RulesetSyntaxError, match="bytes"):
        tr.loads(text)


def test_nesting_at_the_limit_is_accepted():
    expr = "(" * MAX_NESTING + "2" + ")" * MAX_NESTING
    rules = tr.loads(f'extends: "two-decks"\nkitty\n  multiplier: {expr}\n')
    assert rules.kitty.kind == "formula"


def test_parentheses_in_strings_and_comments_do_not_count():
    deep = "(" * (MAX_NESTING * 2)
    text = f'ruleset: "{deep}"\nextends: "two-decks"\n# {deep}\n'
    assert tr.loads(text).name == deep


@pytest.mark.parametrize("digits", [MAX_DIGITS + 1, 40, 5000])
def test_numbers_too_large(digits: int):
    with pytest.raises(RulesetSyntaxError) as info:
        tr.loads(f'extends: "two-decks"\ntable\n  players: {"9" * digits}\n')
    assert (info.value.line, info.value.column) == (3, 12)
    assert info.value.message.startswith(f"number {'9' * digits} is too large")


def test_leading_zeros_do_not_make_a_number_large():
    rules = tr.loads('extends: "two-decks"\ntable\n  players: 00000000004\n')
    assert rules.table.players == 4


def test_not_utf8(tmp_path: Path):
    path = tmp_path / "latin1.tractor"
    path.write_bytes('extends: "two-decks"\n# café au lait\n'.encode("latin-1"))
    error = load_error(path)
    assert isinstance(error, RulesetSyntaxError)
    assert "UTF-8" in error.message
    assert error.file == str(path)
    assert error.line >= 1 and error.column >= 1


def test_not_utf8_points_at_the_bad_byte(tmp_path: Path):
    """A file saved in Latin-1 with an accent in a comment on line 3: the error should say where
    the bad byte is (line 3, column 6), not 1:1 with a byte offset the user must count out."""
    path = tmp_path / "latin1.tractor"
    path.write_bytes('extends: "two-decks"\n\n# café au lait\n'.encode("latin-1"))
    error = load_error(path)
    assert (error.line, error.column) == (3, 6)


def test_empty_extends():
    with pytest.raises(RulesetResolutionError) as info:
        tr.loads('extends: ""\n', origin="house.tractor")
    assert (info.value.line, info.value.column) == (1, 10)
    assert "extends needs the name of a shipped ruleset" in info.value.message


def test_unknown_name_given_to_load():
    with pytest.raises(RulesetResolutionError) as info:
        tr.load("two-deck")
    assert info.value.message == (
        "no shipped ruleset or file of that name (did you mean 'two-decks'?)"
    )


def test_missing_file_given_to_load(tmp_path: Path):
    path = tmp_path / "nothing.tractor"
    with pytest.raises(RulesetResolutionError) as info:
        tr.load(str(path))
    assert (info.value.file, info.value.line, info.value.message) == (str(path), 0, "no such file")


def test_folder_given_to_load(tmp_path: Path):
    with pytest.raises(RulesetResolutionError, match="folder"):
        tr.load(str(tmp_path))


def _chain(tmp_path: Path, length: int) -> Path:
    """f0 extends f1 extends ... f{length}, which extends two-decks; a comment heads each file."""
    for i in range(length):
        (tmp_path / f"f{i}.tractor").write_text(f'# link {i}\nextends: "f{i + 1}.tractor"\n', encoding="utf-8")
    (tmp_path / f"f{length}.tractor").write_text('# the end\nextends: "two-decks"\n', encoding="utf-8")
    return tmp_path / "f0.tractor"


def test_extends_chain_within_the_limit(tmp_path: Path):
    assert tr.load(str(_chain(tmp_path, MAX_DEPTH - 2))).name == "Tractor (two decks)"


def test_extends_chain_too_deep(tmp_path: Path):
    error = load_error(_chain(tmp_path, MAX_DEPTH + 4))
    assert isinstance(error, RulesetResolutionError)
    assert error.message == f"more than {MAX_DEPTH} levels of extends"


def test_cycle_of_one_file(tmp_path: Path):
    path = tmp_path / "self.tractor"
    path.write_text('extends: "self.tractor"\n', encoding="utf-8")
    error = load_error(path)
    assert isinstance(error, RulesetResolutionError)
    assert (error.line, error.column) == (1, 10)
    assert error.message.startswith("extends goes round in a circle")


# --- errors of house rules point into the house rule -----------------------------------------------


def test_house_rule_errors_point_into_the_house_file():
    """A house rule changes one value and so breaks a value its parent sets: the parent's deal no
    longer adds up once the 3s are removed; the parent's mandatory A is outside 3 to K.  The user can
    only edit their own file: the error should point at the statement they wrote (line 4), not into
    the shipped two-decks.tractor (first seen as two-decks.tractor:9:3 'players: 4' and
    two-decks.tractor:25:3 'mandatory: A').  Likewise new card points that make scores come in
    steps of 1 leave holes in the parent's upgrade table (1 to 4): the error belongs at 'points:'
    (today two-decks.tractor:99:3, the parent's '5-35' row)."""
    wrong = []
    for section, statement in (("table", "remove: 3"), ("levels", "range: 3 to K"),
                               ("table", "points: 5 = 3, 10 = 7, K = 10")):
        text = f'extends: "two-decks"\n\n{section}\n  {statement}\n'
        with pytest.raises(RulesetSemanticError) as info:
            tr.loads(text, origin="house.tractor")
        where = [(d.file, d.line) for d in info.value.diagnostics]
        if where != [("house.tractor", 4)]:
            wrong.append((statement, [f"{d.file}:{d.line}:{d.column}: {d.message}" for d in info.value.diagnostics]))
    assert not wrong


def test_duplicate_statements_are_named_as_written():
    """"'X' is already set on line N" should quote the statement's keyword as the user wrote it;
    several quoted the grammar's internal rule name instead ('level range' for 'range',
    'direction' for 'play', 'no trump' for 'no-trump', ...)."""
    cases = [
        ("", 'ruleset: "House"', "ruleset"),
        ("levels", "range: 2 to A", "range"),
        ("table", "play: clockwise", "play"),
        ("trumps", "no-trump: jokers and level cards", "no-trump"),
        ("combinations", "no-trump links: none", "no-trump links"),
        ("declare", "first hand nobody declares: redeal", "first hand nobody declares"),
        ("follow", "protect longer sets: no", "protect longer sets"),
        ("stakes", "multiplier: 2 above 80", "multiplier"),
        ("table", "partners: opposite", "partners"),
    ]
    wrong = []
    for section, statement, keyword in cases:
        header = f"{section}\n" if section else ""
        text = f'extends: "two-decks"\n{header}  {statement}\n  {statement}\n'
        with pytest.raises(RulesetSemanticError) as info:
            tr.loads(text, origin="house.tractor")
        first = info.value.diagnostics[0]
        line = 3 if section else 2
        expected = f"'{keyword}' is already set on line {line}"
        if first.message != expected:
            wrong.append(f"{statement!r}: {first.message!r}, wanted {expected!r}")
    assert not wrong, "\n".join(wrong)


def test_preamble_statement_after_a_section_says_where_it_goes():
    """'extends' written under a section: the message should say it goes at the top of the file,
    before the first section.  It said: "'extends' is a statement of the 'preamble' section, not of
    this one", and the language has no 'preamble' section a user could look for."""
    text = 'table\n  players: 4\nextends: "two-decks"\n'
    with pytest.raises(RulesetSyntaxError) as info:
        tr.loads(text, origin="house.tractor")
    error = info.value
    assert (error.line, error.column) == (3, 1)
    assert "preamble" not in error.message
    assert "top of the file" in error.message or "before the first section" in error.message


def test_wrong_section_names_the_statement_and_its_section():
    """A statement under the wrong header: the message should quote the statement's whole key and
    name the section it belongs to.  Today the advice is keyed on the first word only, so
    'game points:' (stakes) is sent to 'levels' (because of 'game end:'), 'no-trump links:'
    (combinations) to 'trumps' (because of 'no-trump:'), and the stakes' 'multiplier:' to
    'kitty' only; 'throw check:' is quoted as 'throw'."""
    cases = [
        ("table", "game points: swap = 2", "'game points'", "'stakes'"),
        ("levels", "no-trump links: none", "'no-trump links'", "'combinations'"),
        ("table", "multiplier: 2 above 80", "'multiplier'", "'stakes'"),
        ("table", "throw check: every part", "'throw check'", "'lead'"),
    ]
    wrong = []
    for section, statement, key, home in cases:
        text = f'extends: "two-decks"\n{section}\n  {statement}\n'
        with pytest.raises(RulesetSyntaxError) as info:
            tr.loads(text, origin="house.tractor")
        error = info.value
        if (error.line, error.column) != (3, 3) or key not in error.message or home not in error.message:
            wrong.append(f"{statement!r} under {section!r}: {error.line}:{error.column}: {error.message}")
    assert not wrong, "\n".join(wrong)


# --- found by the fuzz tests ----------------------------------------------------------------------


def test_crash_when_every_set_size_is_bad_and_the_multiplier_is_a_formula():
    """Found by the fuzz tests: ValueError "max() arg is an empty sequence" from checks._check_kitty: the bad
    'set of 9' is reported, but the sets are still set (to nothing), and the formula check takes
    the max() of them.  Any input must end in a RulesetError."""
    text = 'extends: "two-decks"\n\ncombinations\n  sets: set of 9\n\nkitty\n  multiplier: 2\n'
    with pytest.raises(RulesetSemanticError) as info:
        tr.loads(text, origin="house.tractor")
    first = info.value.diagnostics[0]
    assert (first.line, first.column, first.message) == (4, 16, "a set's size must be from 1 to 8, not 9")


def test_messages_stay_on_one_line():
    """A name quoted in a message must not break the report's one-line-per-error layout:
    'extends: "two\\ndecks"' gave "no shipped ruleset is called 'two" and "decks' (did you
    mean ...)" on two lines (found by the fuzz tests).  Names with control characters are quoted
    escaped."""
    for text in ('extends: "two\\ndecks"\n', 'extends: "a\\nb.tractor"\n'):
        with pytest.raises(RulesetResolutionError) as info:
            tr.loads(text, origin="house.tractor")
        assert "\n" not in info.value.message, info.value.message


def test_a_bad_value_is_reported_once_not_as_a_cascade():
    """One mistake, one error.  Today a statement with one bad element still sets its field (to
    the elements that were fine), and the checks then report the consequences too, in the parent
    file or at 1:1:

    * 'tractors: 2+ adjacent sets of 1' also gives two-decks.tractor:83:3 "a list for 'tractor of n
      pairs', but there are no tractors of pairs" and two errors at two-decks.tractor:94:3;
    * 'steps: 1' that fails its check leaves the default upgrade table in force, reported at 1:1
      ("no row covers 1 to 4") on the 'extends' line."""
    cases = [
        ('extends: "two-decks"\ncombinations\n  tractors: 2+ adjacent sets of 1\n', [(3, 33)]),
        ('extends: "two-decks"\ntable\n  points: 5 = 3, 10 = 7\nupgrade\n  steps: 1\n', [(5, 3)]),
    ]
    wrong = []
    for text, expected in cases:
        with pytest.raises(RulesetSemanticError) as info:
            tr.loads(text, origin="house.tractor")
        got = [(d.line, d.column) for d in info.value.diagnostics if d.file == "house.tractor"]
        if got != expected or len(info.value.diagnostics) != len(expected):
            wrong.append((text, [f"{d.file}:{d.line}:{d.column}: {d.message}" for d in info.value.diagnostics]))
    assert not wrong


def test_sets_of_zero_in_a_follow_lead_is_a_bad_size():
    """'tractor of n sets of 0' is checked as a size everywhere but in a follow list's lead, where
    today it reads "a list for 'tractor of n sets of 0', but there are no tractors of sets of 0".
    The error should be the usual one about the size, at the 0."""
    text = 'extends: "two-decks"\nfollow\n  tractor of n sets of 0: single\n'
    with pytest.raises(RulesetSemanticError) as info:
        tr.loads(text, origin="house.tractor")
    first = info.value.diagnostics[0]
    assert (first.line, first.column) == (3, 24)
    assert "must be from 2 to" in first.message


# --- the command line ------------------------------------------------------------------------------


def test_cli_check_reports_a_bad_file(capsys):
    path = BAD / "unknown-keyword.tractor"
    assert cli.main(["check", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == [
        f"{path}:5:3: error[E001]: unknown word 'plyers': did you mean 'players'?",
        "      plyers: 4",
        "      ^^^^^^",
    ]
    assert "Traceback" not in err


@pytest.mark.parametrize("path", CORPUS, ids=corpus_id)
def test_cli_check_every_corpus_file(path: Path, capsys):
    assert cli.main(["check", str(path)]) == 1
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "Traceback" not in out
    # The command prints what the error renders (the corpus test checks the diagnostics).
    rendered = str(load_error(path))
    assert err.startswith(rendered + "\n")


def test_cli_check_counts_several_errors(capsys):
    path = BAD / "several-errors.tractor"
    assert cli.main(["check", str(path)]) == 1
    err = capsys.readouterr().err
    count = len(expectations(path))
    assert err.splitlines()[-1] == f"{count} errors"
    assert sum(1 for line in err.splitlines() if line.startswith(str(path) + ":")) == count


def test_cli_check_goes_on_after_a_bad_file(capsys):
    bad = BAD / "deal-arithmetic.tractor"
    assert cli.main(["check", str(bad), "two-decks"]) == 1
    out, err = capsys.readouterr()
    assert "two-decks: ok" in out
    assert f"{bad}:5:3: error[E301]: the deal does not add up" in err


def test_cli_check_missing_file(tmp_path: Path, capsys):
    path = tmp_path / "nothing.tractor"
    assert cli.main(["check", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.strip() == f"{path}: error[E111]: no such file"


def test_cli_check_not_utf8(tmp_path: Path, capsys):
    path = tmp_path / "latin1.tractor"
    path.write_bytes('extends: "two-decks"\n# café\n'.encode("latin-1"))
    assert cli.main(["check", str(path)]) == 1
    err = capsys.readouterr().err
    assert "UTF-8" in err and "Traceback" not in err


def test_cli_compile_bad_file(capsys):
    path = BAD / "levels-backwards.tractor"
    assert cli.main(["compile", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert f"{path}:5:3: error[E206]: levels run upwards: A comes after 2" in err


@pytest.mark.parametrize(
    "argv",
    [["check", "--no-such-option"], ["no-such-command"], ["compile", "a", "b"], ["fmt", "--check", "--write"], ["--bogus"]],
    ids=["unknown-option", "unknown-command", "extra-argument", "exclusive-options", "unknown-global-option"],
)
def test_cli_usage_errors_exit_2(argv: list[str], capsys):
    with pytest.raises(SystemExit) as info:
        cli.main(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "usage:" in err and "Traceback" not in err


def test_cli_without_a_command_exits_2(capsys):
    assert cli.main([]) == 2
    assert "usage:" in capsys.readouterr().err


@pytest.mark.parametrize("statement, column, suggestion", [
    ("levels\n  range: 2 to k", 15, "'K'"),
    ("levels\n  mandatory: Ace", 14, "'A'"),
    ("declare\n  suit order: d < C < H < S", 15, "'D'"),
    ("declare\n  suit order: diamonds < C < H < S", 15, "'D'"),
    ("levels\n  mandatory: queen", 14, "'Q'"),
])
def test_misspelt_ranks_and_suits_get_did_you_mean(statement, column, suggestion):
    with pytest.raises(RulesetSyntaxError) as info:
        tr.loads(statement + "\n", origin="house.tractor")
    assert (info.value.line, info.value.column) == (2, column)
    assert info.value.message.endswith(f"did you mean {suggestion}?")


@pytest.mark.parametrize("statement, column, suggestion", [
    ("levels\n  when the bankers tookk 5H: bankers -1 level", 20, "'took'"),
    ("levels\n  when the attackers plaied 5H: bankers -1 level", 22, "'played'"),
    ("levels\n  when poinst >= 100: attackers +1 level", 8, "'points'"),
    ("kitty\n  multiplier: 2 * sise", 19, "'size'"),
])
def test_misspelt_words_of_the_rule_expressions_get_did_you_mean(statement, column, suggestion):
    with pytest.raises(RulesetSyntaxError) as info:
        tr.loads('extends: "two-decks"\n' + statement + "\n", origin="house.tractor")
    assert (info.value.line, info.value.column) == (3, column)
    assert info.value.message.endswith(f"did you mean {suggestion}?")


def test_a_multiplier_copied_from_the_sheet_comes_with_its_fix():
    from tractor_rules import facade

    text = 'extends: "two-decks"\nkitty\n  multiplier: single = ×2, pair = 4, tractor of 2 pairs = ×8, longer tractors double\n'
    found = facade.check(text, "house.tractor")["diagnostics"]
    assert [(d["code"], d["column"], d["end_column"]) for d in found] == [("E311", 24, 26), ("E311", 59, 61)]
    fixed = text
    for d in reversed(found):
        (fix,) = d["fixes"]
        line = fixed.split("\n")[fix["line"] - 1]
        fixed = fixed.replace(line, line[: fix["column"] - 1] + fix["replacement"] + line[fix["end_column"] - 1 :])
    assert facade.check(fixed, "house.tractor")["diagnostics"] == []


# --- characters no text may hold: half a surrogate pair, a lone carriage return -----------------


@pytest.mark.parametrize("command", [
    ["check"], ["compile"], ["render"], ["render", "--format", "html"], ["vectors"], ["lint"],
    ["simulate", "--hands", "1"], ["diff", "two-decks"],
])
def test_an_escaped_half_surrogate_is_refused_before_any_command_writes_it(command, tmp_path: Path, capsys):
    """A name escaped as half a surrogate pair passed ``check`` and crashed every command that wrote
    it out (UnicodeEncodeError); now the file does not compile."""
    path = tmp_path / "house.tractor"
    path.write_text('extends: "two-decks"\nruleset: "A\\ud800B"\n', encoding="utf-8")
    argv = [command[0], str(path), *command[1:]] if command[0] != "diff" else ["diff", "two-decks", str(path)]
    assert cli.main(argv) == 1
    out = capsys.readouterr()
    err = out.err + out.out  # lint reports on standard output
    assert f"{path}:2:12: error[E015]: '\\ud800' is half of a surrogate pair" in err
    assert "Traceback" not in err and "UnicodeEncodeError" not in err


@pytest.mark.parametrize("text, line, column", [
    ('ruleset: "A\ud800B"\n', 1, 12),  # given as a Python string (the API, the servers)
    ('ruleset: "x"\n# a note \udfff\n', 2, 10),  # even in a comment
])
def test_a_half_surrogate_given_as_a_character_is_refused_where_it_is(text, line, column):
    with pytest.raises(RulesetSyntaxError) as info:
        tr.loads(text)
    assert (info.value.code, info.value.line, info.value.column) == ("E015", line, column)
    assert str(info.value).encode("utf-8")  # the report itself can be written out


def test_a_surrogate_pair_escaped_whole_is_one_character():
    assert tr.loads('ruleset: "\\ud83c\\udca1 \\\\ud800"\n').name == "\U0001f0a1 \\ud800"


def test_a_lone_carriage_return_is_refused_even_in_a_comment_and_crlf_still_reads():
    """A lone CR in a comment compiled, then broke the code block of the gallery page (what followed
    it, a <script>, came out as HTML).  CRLF files compile as before."""
    text = 'extends: "two-decks"\n# note\r```\n# <script>alert(1)</script>\r\ntable\n  players: 4\r\n'
    with pytest.raises(RulesetSyntaxError) as info:
        tr.loads(text, origin="house.tractor")
    assert [(d.code, d.line, d.column) for d in info.value.diagnostics] == [("E016", 2, 7)]
    assert "end lines with LF or CRLF" in info.value.message
    crlf = 'extends: "two-decks"\r\n# note\r\ntable\r\n  players: 4\r\n'
    assert tr.loads(crlf).table.players == 4


def test_lone_carriage_returns_get_one_error_with_their_count_and_the_other_errors_still_show():
    error = load_error_of('ruleset: "x"\rtable\r  players: 4\r')
    first = error.diagnostics[0]
    assert (first.code, first.line, first.column) == ("E016", 1, 13)
    assert first.message.endswith("(2 more in this file)")
    assert [d.code for d in error.diagnostics].count("E016") == 1
    assert len(error.diagnostics) > 1  # the parser read on, a stand-in in place of each CR


def load_error_of(text: str) -> RulesetError:
    with pytest.raises(RulesetError) as info:
        tr.loads(text)
    return info.value


# --- one limit on a kitty formula's operators, everywhere ----------------------------------------


def _formula(operators: int, op: str = "+") -> str:
    return f" {op} ".join(["size"] * (operators + 1))


@pytest.mark.parametrize("op", ["+", "*", "×", "^"])
def test_a_formula_of_a_thousand_operators_is_a_positioned_error_not_a_recursion_error(op):
    """1,000 terms made RecursionError tracebacks (the language server then showed nothing, the
    JSON-RPC server answered "internal error")."""
    from tractor_rules import facade

    text = f"kitty\n  multiplier: {_formula(1000, op)}, at most 100\n"
    with pytest.raises(RulesetSyntaxError) as info:
        tr.loads(text)
    column = len("  multiplier: ") + len(_formula(MAX_FORMULA_OPERATORS, op)) + 2
    assert (info.value.code, info.value.line, info.value.column) == ("E017", 2, column)
    (found,) = facade.check(text)["diagnostics"]
    assert found["code"] == "E017"


def test_a_formula_at_the_limit_compiles_and_round_trips_through_json():
    """70 terms compiled, but ``from_dict(to_dict())`` refused them (it allowed 64 levels of nesting):
    now both take exactly the same formulas."""
    rules = tr.loads(f"kitty\n  multiplier: {_formula(MAX_FORMULA_OPERATORS)}, at most 100\n")
    assert tr.Rules.from_dict(rules.to_dict()) == rules
    data = rules.to_dict()
    data["kitty"]["formula"] = ["add", data["kitty"]["formula"], ["num", 1]]
    with pytest.raises(tr.RulesetError, match=f"at most {MAX_FORMULA_OPERATORS} operators"):
        tr.Rules.from_dict(data)
    assert f"At most {MAX_FORMULA_OPERATORS} operators" in tr.schema()["$defs"]["Formula"]["description"]


def test_a_formula_as_long_as_the_file_allows_stops_the_parser_at_the_limit():
    """256 KiB of formula took seconds to fail: the parser now stops reading the line at the first
    operator past the limit (counted in tokens read, not in time)."""
    from tractor_rules.language.parser import parse_document

    terms = (MAX_BYTES - 100) // len("size + ")
    document = parse_document(f"kitty\n  multiplier: {_formula(terms)}, at most 100\n")
    assert [d.code for d in document.diagnostics] == ["E017"]
    assert len(document.tokens) < 3 * MAX_FORMULA_OPERATORS


# --- cards written wrong, and statements a section does not have (issue 29, item 10) -------------

NOTATION = "a card is a rank (2 to 10, J, Q, K or A) then a suit (S, H, D or C, or ♠ ♥ ♦ ♣), with no space"


@pytest.mark.parametrize("written, problem, fixed", [
    ("2X", "'X' is not a suit", None),
    ("11H", "there is no rank 11", None),
    ("1S", "there is no rank 1 (an ace is A)", "AS"),
    ("5h", "a suit is a capital letter (H)", "5H"),
    ("ZH", "'Z' is not a rank", None),
    ("1X", "there is no rank 1 (an ace is A) and 'X' is not a suit", None),
])
def test_a_wrong_card_is_reported_as_a_wrong_card_with_the_notation(written, problem, fixed):
    """`remove: 2X` said "expected one of ',', 'big', 'small', a card such as 5H, the end of the line,
    found 'X'": the parser's list of what may follow the number 2.  Now the whole word is named as
    a card that is not one, with what is wrong with it and how cards are written, and a quick fix
    where the card meant is plain."""
    from tractor_rules.language.parser import parse_document

    text = f"table\n  remove: 2S, {written}\n"
    (diagnostic,) = parse_document(text, "house.tractor").diagnostics
    assert (diagnostic.line, diagnostic.column, diagnostic.width, diagnostic.code) == (2, 15, len(written), "E003")
    assert diagnostic.message.startswith(f"'{written}' is not a card: {problem}; {NOTATION}")
    assert "expected" not in diagnostic.message
    assert [f.replacement for f in diagnostic.fixes] == ([fixed] if fixed else [])


def test_a_wrong_card_in_the_trump_order_is_a_wrong_card_too():
    with pytest.raises(RulesetSyntaxError) as info:
        tr.loads("trumps\n  order: big joker > small joker > 11H > level in trump suit > level in other suits > "
                 "trump suit\n")
    assert (info.value.line, info.value.column) == (2, 36)
    assert info.value.message.startswith("'11H' is not a card: there is no rank 11")


@pytest.mark.parametrize("text, message", [
    # no card may be written there: the parser's own message stays
    ("levels\n  range: 2X to A\n", "expected one of ',', 'to', found 'X'"),
    # a word that looks like no card
    ("table\n  remove: NO\n", "expected one of 'A', 'J', 'K', 'Q', 'T', 'big', 'none', 'small', a card such as 5H, "
                              "a number, found 'NO'"),
    # a right card in the wrong place is no wrong card
    ("table\n  remove: 2S 3S\n", "expected one of ',', the end of the line, found '3S'"),
])
def test_only_a_word_meant_as_a_card_where_a_card_goes_is_called_a_wrong_card(text, message):
    with pytest.raises(RulesetSyntaxError) as info:
        tr.loads(text)
    assert info.value.message == message


def test_a_statement_the_section_does_not_have_is_unknown_there_not_misplaced():
    """`protect tractors: yes` under `follow` said "'tractors' is a statement of the 'combinations'
    section, not of this one", about the key's last word.  It is an unknown statement of 'follow',
    with the statement it is closest to and its quick fix."""
    text = 'extends: "two-decks"\n\nfollow\n  protect tractors: yes\n'
    with pytest.raises(RulesetSyntaxError) as info:
        tr.loads(text, origin="house.tractor")
    (diagnostic,) = info.value.diagnostics
    assert (diagnostic.line, diagnostic.column, diagnostic.width, diagnostic.code) == (4, 3, 16, "E001")
    assert diagnostic.message == ("'protect tractors' is not a statement of the 'follow' section: did you mean "
                                  "'protect longer sets'?")
    assert [(f.column, f.end_column, f.replacement) for f in diagnostic.fixes] == [(3, 19, "protect longer sets")]
    fixed = text.replace("protect tractors", diagnostic.fixes[0].replacement)
    assert tr.loads(fixed).following.protect_longer_sets is True


def test_a_whole_key_of_another_section_is_placed_by_the_whole_key():
    """`game points` under `levels` was taken for `points` (a statement of `table`), the word the
    parser stopped at; the whole key says where it belongs."""
    with pytest.raises(RulesetSyntaxError) as info:
        tr.loads("levels\n  game points: 3\n")
    assert (info.value.line, info.value.column) == (2, 3)
    assert info.value.message == "'game points' is a statement of the 'stakes' section, not of this one"
