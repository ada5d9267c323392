"""Hostile input to the readers beside the ruleset loader: vector files (``verify``), another
engine's settings (``import``) and requests to the oracle server.  A vector file's header named any
file of the machine as its ruleset, which ``verify`` parsed and quoted; JSON nested thousands deep or
with a number of thousands of digits gave tracebacks; a FIFO hung both commands for ever; escape
sequences in a header reached the terminal.  Cases that could hang or exhaust memory run in the
harness's child process, under its ceilings."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from harness import run_case, run_cases

import tractor_rules as tr
from tractor_rules.cli import main
from tractor_rules.interop.vectors import dumps_lines, generate

SECRET = "sesame-open-4711"
HOUSE = 'ruleset: "House"\nextends: "two-decks"\n'


@pytest.fixture(scope="module")
def lines() -> list[dict]:
    """A header and 30 cases of the two-deck game (a house rule that only renames it plays alike)."""
    return generate(tr.load("two-decks"), "two-decks", 30, 1)


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """``tmp_path/home`` for the vector files, beside a folder of secrets that look like rulesets."""
    (tmp_path / "home").mkdir()
    (tmp_path / "secret").mkdir()
    (tmp_path / "secret" / "key.tractor").write_text(f"# {SECRET}\n{HOUSE}", encoding="utf-8")
    (tmp_path / "secret" / "passwd").write_text(f"{SECRET}\n", encoding="utf-8")
    return tmp_path


def vector_file(folder: Path, lines: list[dict], **header) -> Path:
    path = folder / "vectors.jsonl"
    path.write_text(dumps_lines([{**lines[0], **header}, *lines[1:]]), encoding="utf-8")
    return path


def verify(capsys, *argv: str) -> tuple[int, str]:
    status = main(["verify", *argv])
    captured = capsys.readouterr()
    return status, captured.out + captured.err


# --- vector files: the ruleset the header names --------------------------------------------------


@pytest.mark.parametrize("ref", ["/etc/passwd", "/proc/self/environ", "../../../../../../etc/passwd",
                                 "{root}/secret/passwd", "{root}/secret/key.tractor", "../secret/key.tractor",
                                 "../secret/../secret/key.tractor", "/dev/zero", "/etc/passwd.tractor"])
def test_verify_never_reads_a_ruleset_outside_the_vector_files_folder(outside, lines, capsys, ref):
    """``verify`` parsed the file the header named and echoed up to 50 of its lines."""
    path = vector_file(outside / "home", lines, ruleset=ref.format(root=outside))
    status, printed = verify(capsys, str(path))
    assert status == 1
    assert SECRET not in printed and "root:" not in printed and "PATH=" not in printed
    assert printed.startswith(f"{path}: line 1: the header names the ruleset '")
    assert printed.rstrip().endswith("name the rules with --ruleset RULESET") and printed.count("\n") == 1


def test_a_link_out_of_the_folder_is_refused(outside, lines, capsys):
    (outside / "home" / "club.tractor").symlink_to(outside / "secret" / "key.tractor")
    status, printed = verify(capsys, str(vector_file(outside / "home", lines, ruleset="club.tractor")))
    assert status == 1 and SECRET not in printed and "outside the vector file's folder" in printed


def test_a_refused_ruleset_gives_the_same_error_whether_it_exists_or_not(outside, lines, capsys):
    path = vector_file(outside / "home", lines, ruleset="../secret/key.tractor")
    there = verify(capsys, str(path))
    path = vector_file(outside / "home", lines, ruleset="../secret/nothing.tractor")
    nowhere = verify(capsys, str(path))
    assert there == (nowhere[0], nowhere[1].replace("nothing", "key"))


def test_rulesets_in_the_folder_and_below_or_under_an_allowed_root_are_read(outside, lines, capsys):
    home = outside / "home"
    (home / "club").mkdir()
    (home / "club" / "house.tractor").write_text(HOUSE, encoding="utf-8")
    assert verify(capsys, str(vector_file(home, lines, ruleset="club/house.tractor"))) == (
        0, f"{home / 'vectors.jsonl'}: 30 cases, all pass (House)\n")
    assert verify(capsys, str(vector_file(home, lines, ruleset="two-decks")))[0] == 0  # a shipped name
    path = vector_file(home, lines, ruleset="../secret/key.tractor")
    assert verify(capsys, str(path), "--allow-root", str(outside / "secret"))[0] == 0
    assert verify(capsys, str(path), "--ruleset", "two-decks")[0] == 0


def test_the_header_names_a_ruleset_file_from_the_vector_files_folder(outside, capsys, monkeypatch):
    """``vectors -o`` writes the path that ``verify`` will look for, from whatever folder it runs."""
    home = outside / "home"
    (home / "house.tractor").write_text(HOUSE, encoding="utf-8")
    (home / "out").mkdir()
    monkeypatch.chdir(home)
    assert main(["vectors", "house.tractor", "--count", "20", "-o", "out/v.jsonl"]) == 0
    assert json.loads((home / "out" / "v.jsonl").read_text(encoding="utf-8").splitlines()[0])["ruleset"] == \
        "../house.tractor"
    # verify will not read a ruleset above the vector file's folder by itself: vectors says so, and how
    assert capsys.readouterr().err == (
        "tractor-rules vectors: the header names the ruleset '../house.tractor', outside the folder of 'out/v.jsonl': "
        f"verify reads it only when told, with --allow-root '{home}' or --ruleset RULESET (or keep the ruleset in "
        "the vector file's folder or below it)\n")
    assert main(["vectors", "house.tractor", "--count", "20", "-o", "v.jsonl"]) == 0
    assert capsys.readouterr().err == ""
    monkeypatch.chdir(outside)
    assert verify(capsys, str(home / "v.jsonl")) == (0, f"{home / 'v.jsonl'}: 20 cases, all pass (House)\n")
    # out/ is below the ruleset's folder, not above it: verify needs to be told
    status, printed = verify(capsys, str(home / "out" / "v.jsonl"))
    assert status == 1 and "outside the vector file's folder" in printed
    assert verify(capsys, str(home / "out" / "v.jsonl"), "--allow-root", str(home))[0] == 0


def test_vectors_written_to_standard_output_name_the_ruleset_from_the_files_folder(outside, capsys):
    """`vectors house.tractor > ../v.jsonl` named the ruleset as given, from the current folder, so
    verify (which starts from the vector file's folder) did not find it; standard output's file is
    now looked up, as -o FILE's is.  Where it cannot be (a pipe), vectors says how verify will read
    the name."""
    import subprocess
    import sys

    rules = outside / "home" / "rules"
    rules.mkdir()
    (rules / "house.tractor").write_text(HOUSE, encoding="utf-8")
    command = [sys.executable, "-m", "tractor_rules.cli", "vectors", "house.tractor", "--count", "20"]
    with open(outside / "home" / "v.jsonl", "w", encoding="utf-8") as out:
        done = subprocess.run(command, cwd=rules, stdout=out, stderr=subprocess.PIPE, text=True, timeout=120)
    assert (done.returncode, done.stderr) == (0, "")
    header = json.loads((outside / "home" / "v.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert header["ruleset"] == "rules/house.tractor"
    assert verify(capsys, str(outside / "home" / "v.jsonl")) == (
        0, f"{outside / 'home' / 'v.jsonl'}: 20 cases, all pass (House)\n")
    piped = subprocess.run(command, cwd=rules, capture_output=True, text=True, timeout=120)
    assert piped.returncode == 0 and json.loads(piped.stdout.splitlines()[0])["ruleset"] == "house.tractor"
    assert piped.stderr == ("tractor-rules vectors: the header names the ruleset as 'house.tractor', from the current "
                            "folder: verify finds it only when the vector file is in this folder (write the file "
                            "with -o FILE to name the ruleset from the file's folder)\n")


def test_escape_sequences_in_a_vector_file_never_reach_the_terminal(outside, lines, capsys):
    home = outside / "home"
    for header in ({"ruleset": "\x1b]0;pwned\x07x.tractor"}, {"ruleset": "\x1b[2J"},
                   {"name": "\x1b[31mred\x1b[0m", "rules_digest": "sha256:other"}):
        status, printed = verify(capsys, str(vector_file(home, lines, **header)))
        assert status == 1 and "\x1b" not in printed and "\x07" not in printed, printed
    bad = lines[1] | {"id": "\x1b[2J", "kind": "\x1b[31mwinner"}
    (home / "cases.jsonl").write_text(dumps_lines([lines[0], bad]), encoding="utf-8")
    status, printed = verify(capsys, str(home / "cases.jsonl"))
    assert status == 1 and "\x1b" not in printed and "\\x1b" in printed


# --- JSON nobody should send: vector files and settings --------------------------------------------


DEEP = "[" * 100_000 + "]" * 100_000
HUGE = "9" * 5000
NASTY_JSON = {
    "nested too deep": (DEEP, "arrays or objects nested too deep"),
    "a huge number": ('{"num_decks": ' + HUGE + "}", "a number of more than 4,300 digits"),
    "a lone surrogate": ('{"game_mode": "\\ud800"}', "a lone surrogate (\\ud800)"),
    "NaN": ('{"num_decks": NaN}', "NaN is not a JSON number"),
    "nested values": ('{"kitty_penalty": ' + "[" * 900 + "]" * 900 + "}", "kitty_penalty: [[[["),
}


@pytest.mark.parametrize("name", sorted(NASTY_JSON))
def test_import_answers_nasty_json_in_one_line(tmp_path, capsys, name):
    text, message = NASTY_JSON[name]
    path = tmp_path / "settings.json"
    path.write_text(text, encoding="utf-8")
    assert main(["import", "--from", "shengji", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and len(err) < 300, err


@pytest.mark.parametrize("name", sorted(set(NASTY_JSON) - {"nested values"}))
def test_verify_answers_nasty_json_in_headers_and_cases(tmp_path, lines, capsys, name):
    text, message = NASTY_JSON[name]
    path = tmp_path / "v.jsonl"
    path.write_text(text + "\n", encoding="utf-8")
    status, printed = verify(capsys, str(path))
    assert status == 1 and printed == f"{path}: line 1: the header is not JSON: {message}" + (
        "\n" if name != "a lone surrogate" else " is not a character: the text is not Unicode\n")
    path.write_text(dumps_lines(lines[:2]) + text + "\n", encoding="utf-8")
    status, printed = verify(capsys, str(path))
    assert status == 1 and f"{path}:3: not JSON: {message}" in printed


def test_a_case_nested_deep_is_a_failing_case(tmp_path, lines, capsys):
    deep = "[" * 900 + "]" * 900
    path = tmp_path / "v.jsonl"
    path.write_text(dumps_lines(lines[:1]) + f'{{"id": {deep}, "kind": "winner", "params": {deep}, '
                    f'"expect": {{"winner": {deep}}}}}\n', encoding="utf-8")
    status, printed = verify(capsys, str(path))
    assert status == 1 and f"{path}:2: case [[[[" in printed and len(printed) < 500


def test_fifos_and_devices_are_refused_before_reading(tmp_path):
    """A FIFO hung ``import`` and ``verify`` for ever (opening it waits for a writer); now both are
    refused at once, as the ruleset loader refuses them.  Run under the harness's ceilings."""
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "zero.json").symlink_to("/dev/zero")
    cases = [{"argv": argv, "cwd": str(tmp_path)} for argv in (
        ["import", "--from", "shengji", "pipe"], ["verify", "pipe"],
        ["import", "--from", "shengji", "zero.json"], ["verify", "zero.json"],
        ["import", "--from", "shengji", "."], ["verify", "."])]
    results = run_cases("cases:cli_output", cases, memory_mb=512, case_seconds=10)
    for case, result in zip(cases, results):
        assert "ok" in result, (case, result)
        name = case["argv"][-1]
        expected = "it is a folder" if name == "." else "not a regular file (a pipe, a device or a socket)"
        assert result["ok"] == {"status": 1, "out": "", "err": f"{name}: cannot read: {expected}\n"}, result


# --- requests to the server ------------------------------------------------------------------------


REQUESTS = {
    "nested 2 MB deep": {"head": "", "repeat": "[", "count": 2_000_000, "tail": ""},
    "an id of a million digits": {"head": '{"jsonrpc": "2.0", "id": ', "repeat": "7", "count": 1_000_000,
                                  "tail": ', "method": "rulesets"}'},
    "a points of 4 MB of digits": {"head": '{"jsonrpc": "2.0", "id": 1, "method": "level_change", "params": '
                                           '{"ruleset": "two-decks", "points": ', "repeat": "7",
                                   "count": 4_000_000, "tail": "}}"},
    "a thousand lone surrogates": {"head": '{"jsonrpc": "2.0", "id": 1, "method": "load", "params": {"text": "',
                                   "repeat": "\\udfff", "count": 1000, "tail": '"}}'},
    "a batch of a thousand huge ids": {"head": "[", "repeat": '{"jsonrpc": "2.0", "id": ' + "1" * 4000
                                       + ', "method": "rulesets"},', "count": 999,
                                       "tail": '{"jsonrpc": "2.0", "id": ' + "1" * 4400 + ', "method": "rulesets"}]'},
}


def test_requests_nobody_should_send_are_answered_within_the_ceilings():
    results = run_cases("cases:rpc", list(REQUESTS.values()), memory_mb=1024, case_seconds=20)
    for name, result in zip(REQUESTS, results):
        assert "ok" in result, (name, result)
        answer = result["ok"]["answer"]
        assert answer["error"]["code"] == -32700, (name, answer)
        assert result["ok"]["bytes"] < 1000, name


# --- found by the mutant net (test_hostile_reader_mutants.py) ----------------------------------------


def test_import_refuses_scoring_steps_without_bound(tmp_path):
    """A deadzone of 2**64 + 1 steps ran ``import`` for ever (its upgrade table lists every score up
    to the last window); now it is one line, within the harness's ceilings."""
    from tractor_rules.interop.shengji import MAX_SCORING_STEPS

    settings = {"game_scoring_parameters": {"deadzone_size": 2**64 + 1}}
    (tmp_path / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    result = run_case("cases:cli_output", {"argv": ["import", "--from", "shengji", "settings.json", "-o", "out.tractor"],
                                           "cwd": str(tmp_path)}, memory_mb=512, case_seconds=10)
    assert result["ok"] == {"status": 1, "out": "", "err": (
        "settings.json: game_scoring_parameters: num_steps_to_non_landlord_turnover and deadzone_size come to "
        f"18446744073709551619 steps; this import reads at most {MAX_SCORING_STEPS}\n")}, result
    assert not (tmp_path / "out.tractor").exists()
    # the most steps it reads still import, and compile
    settings = {"game_scoring_parameters": {"num_steps_to_non_landlord_turnover": 2,
                                            "deadzone_size": MAX_SCORING_STEPS - 2}}
    (tmp_path / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    assert main(["import", "--from", "shengji", str(tmp_path / "settings.json"), "-o", str(tmp_path / "out.tractor")]) == 0
    assert tr.load(str(tmp_path / "out.tractor")).name


def test_a_megabyte_of_bad_cards_or_parameters_is_quoted_in_a_short_line(tmp_path, lines, capsys):
    """``verify`` printed the whole of a bad card (100 KB on one line) and the server put whole
    parameters into its error messages; now each value is cut to 80 characters."""
    from tractor_rules.interop.server import Dispatcher

    case = {"id": 1, "kind": "units", "params": {"level": "10", "trump": "H", "cards": "牌" * 100_000},
            "expect": {"units": [], "is_tractor": False}}
    path = tmp_path / "v.jsonl"
    path.write_text(dumps_lines([lines[0], case]), encoding="utf-8")
    status, printed = verify(capsys, str(path))
    assert status == 1 and "unknown card '牌牌" in printed and max(map(len, printed.splitlines())) < 300, printed[:400]
    dispatcher = Dispatcher()
    for params in ({"level": "7" * 100_000, "trump": "H"}, {"level": "10", "trump": "D" * 100_000},
                   {"level": "10", "trump": "H", "cards": "Q" * 100_000}, {"level": "10", "trump": "H", "x" * 10**5: 1}):
        request = {"jsonrpc": "2.0", "id": 1, "method": "units", "params": {"ruleset": "two-decks", "cards": "AS",
                                                                           **params}}
        answer = json.loads(dispatcher.handle_bytes(json.dumps(request).encode()))
        assert answer["error"]["code"] in (-32602, -32002) and len(answer["error"]["message"]) < 300, answer["error"]["message"][:300]


def test_a_huge_deck_count_or_origin_is_quoted_in_a_short_line(tmp_path, capsys):
    """``import`` printed a ``num_decks`` of 4,000 digits whole; the server quoted a 100 KB origin
    whole in a ruleset error's message."""
    from tractor_rules.interop.server import Dispatcher

    (tmp_path / "settings.json").write_text('{"num_decks": 1' + "0" * 4000 + "}", encoding="utf-8")
    assert main(["import", "--from", "shengji", str(tmp_path / "settings.json")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "num_decks: 1000" in err and len(err) < 300, err[:300]
    for settings in ('{"kitty_size": 1' + "0" * 4000 + "}",
                     '{"game_scoring_parameters": {"step_size_per_deck": 1' + "0" * 4000 + "}}"):
        (tmp_path / "settings.json").write_text(settings, encoding="utf-8")
        assert main(["import", "--from", "shengji", str(tmp_path / "settings.json")]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "000000000" in err and len(err) < 500, err[:500]
    request = {"jsonrpc": "2.0", "id": 1, "method": "load", "params": {"text": "tabel\n", "origin": "o" * 100_000}}
    answer = json.loads(Dispatcher().handle_bytes(json.dumps(request).encode()))
    assert answer["error"]["code"] == -32000 and answer["error"]["message"].startswith("ooo")
    assert len(answer["error"]["message"]) < 300 and ":1:1: " in answer["error"]["message"]
