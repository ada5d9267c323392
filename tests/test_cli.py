"""The command line, run in-process and, for the installed entry point, as a real process."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import jsonschema
import pytest

import tractor_rules as tr
from tractor_rules.cli import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_list_names_every_shipped_ruleset(capsys):
    code, out, _ = run(capsys, "list")
    assert code == 0
    listed = [line.split()[0] for line in out.splitlines()]
    assert listed == tr.builtin_names()
    assert "Tractor (two decks)" in out


def test_check_passes_every_shipped_ruleset(capsys):
    code, out, err = run(capsys, "check", *tr.builtin_names())
    assert code == 0, err
    assert out.count(": ok") == len(tr.builtin_names())


def test_check_without_arguments_checks_the_default(capsys):
    code, out, _ = run(capsys, "check")
    assert (code, out) == (0, "two-decks: ok (Tractor (two decks))\n")


def test_compile_output_validates_against_the_schema_command(capsys):
    code, schema_text, _ = run(capsys, "schema")
    assert code == 0
    code, compiled, _ = run(capsys, "compile", "two-decks")
    assert code == 0
    schema = json.loads(schema_text)
    jsonschema.Draft202012Validator.check_schema(schema)
    data = json.loads(compiled)
    jsonschema.validate(data, schema)
    assert tr.Rules.from_dict(data) == tr.load("two-decks")


def test_compile_to_a_file(tmp_path, capsys):
    out = tmp_path / "rules.json"
    code, stdout, _ = run(capsys, "compile", "four-decks", "-o", str(out), "--compact")
    assert (code, stdout) == (0, "")
    assert json.loads(out.read_text(encoding="utf-8"))["table"]["decks"] == 4
    assert [p.name for p in tmp_path.iterdir()] == ["rules.json"]  # no temporary file left behind


def test_broken_input_exits_1_and_writes_no_output_file(tmp_path, capsys):
    bad = tmp_path / "bad.tractor"
    bad.write_text("table\n  decks: 9\n", encoding="utf-8")
    out = tmp_path / "out.json"
    code, stdout, err = run(capsys, "compile", str(bad), "-o", str(out))
    assert code == 1 and stdout == ""
    assert f"{bad}:2:10: error[E201]: the number of decks must be from 1 to 8, not 9" in err
    assert "      decks: 9\n" in err and "             ^" in err
    assert not out.exists()


def test_fmt_check_accepts_every_shipped_ruleset(capsys):
    code, _, err = run(capsys, "fmt", "--check", *tr.builtin_names())
    assert code == 0, err


def test_fmt_check_and_write(tmp_path, capsys):
    messy = tmp_path / "messy.tractor"
    messy.write_text("table\nplayers:4\n\n\n\nlevels\n    range :  3 to   A\n", encoding="utf-8")
    code, _, err = run(capsys, "fmt", "--check", str(messy))
    assert code == 1 and "would be reformatted" in err
    code, out, _ = run(capsys, "fmt", str(messy))
    assert code == 0 and out == "table\n  players: 4\n\nlevels\n  range: 3 to A\n"
    assert messy.read_text(encoding="utf-8").startswith("table\nplayers:4")  # printing changes nothing
    code, _, _ = run(capsys, "fmt", "--write", str(messy))
    assert code == 0 and messy.read_text(encoding="utf-8") == out
    assert run(capsys, "fmt", "--check", str(messy))[0] == 0


@pytest.mark.parametrize("argv", [["bogus"], ["compile", "a", "b"], ["fmt", "--check", "--write"], ["check", "--nope"]])
def test_usage_errors_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    assert "usage:" in capsys.readouterr().err


@pytest.mark.parametrize("argv, usage, said", [
    (["simulate", "--hnads", "3"], "usage: tractor-rules simulate ",
     "tractor-rules simulate: error: unknown option '--hnads': did you mean '--hands'?"),
    (["render", "two-decks", "--lnag=zh"], "usage: tractor-rules render ",
     "tractor-rules render: error: unknown option '--lnag': did you mean '--lang'?"),
    (["check", "--allow-rot", "rules"], "usage: tractor-rules check ",
     "tractor-rules check: error: unknown option '--allow-rot': did you mean '--allow-root'?"),
    (["--verison"], "usage: tractor-rules [-h]",
     "tractor-rules: error: unknown option '--verison': did you mean '--version'?"),
    (["check", "--zzzz"], "usage: tractor-rules check ", "tractor-rules check: error: unknown option '--zzzz'"),
    (["list", "extra"], "usage: tractor-rules list ", "tractor-rules list: error: unrecognized arguments: extra"),
])
def test_a_misspelt_option_gets_its_commands_usage_and_a_did_you_mean(argv, usage, said, capsys):
    """`simulate --hnads 3` printed the main usage ("tractor-rules [-h] [--version] COMMAND ...") and
    "unrecognized arguments: --hnads": neither the command's options nor the one meant."""
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(usage)
    assert err.splitlines()[-1] == said


RULESET_WORDS = "A RULESET is the name of a shipped ruleset"


@pytest.mark.parametrize("name, takes", [("import", False), ("serve", False), ("list", False), ("players", False),
                                         ("schema", False), ("lsp", False), ("check", True), ("verify", True),
                                         ("balance", True), ("diff", True)])
def test_a_commands_help_explains_ruleset_only_when_it_takes_one(name, takes, capsys):
    """`import --help` and `serve --help` explained RULESET arguments they do not take."""
    with pytest.raises(SystemExit):
        main([name, "--help"])
    out = capsys.readouterr().out
    assert (RULESET_WORDS in out) is takes
    assert ("RULESET" in out) is takes
    assert "exit status:" in out


def test_serve_help_lists_the_methods_the_server_answers(capsys):
    """`serve --help` named no method; it lists those of the server's own table, each of which the
    server answers (the list is no copy that could fall behind it)."""
    from tractor_rules.interop.server import Dispatcher, METHOD_NOT_FOUND, methods

    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    out = capsys.readouterr().out
    listed = re.findall(r"^  (\w+) +\S", out.split("\nmethods:\n", 1)[1].split("\n\n", 1)[0], re.M)
    assert listed == list(methods())
    assert {"load", "rulesets", "questions", "winner", "level_change"} <= set(listed)
    dispatcher = Dispatcher()
    for name in listed:
        answer = dispatcher.handle_message({"jsonrpc": "2.0", "id": 1, "method": name, "params": {}})
        assert answer.get("error", {}).get("code") != METHOD_NOT_FOUND, name
    missing = dispatcher.handle_message({"jsonrpc": "2.0", "id": 1, "method": "nope", "params": {}})
    assert missing["error"]["message"] == f"no method 'nope'; the methods are {', '.join(listed)}"


def test_building_the_parser_loads_no_engine():
    """The serve help's methods come from the server, loaded only when that help is printed."""
    code = ("import sys; from tractor_rules.cli import build_parser; build_parser(); "
            "print(sorted(m for m in sys.modules if m.startswith(('tractor_rules.interop.server', "
            "'tractor_rules.engine'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_version_says_whether_the_engine_is_compiled(capsys):
    """`--version` printed the version alone: nothing told a compiled install from a pure one."""
    import platform

    from tractor_rules.resources import build_description, compiled_modules

    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert out == f"tractor-rules {tr.__version__} ({build_description()})\n"
    compiled = compiled_modules()
    engine = f"engine compiled ({len(compiled)} modules)" if compiled else "engine in pure Python"
    assert out.startswith(f"tractor-rules {tr.__version__} ({engine}, {platform.python_implementation()} ")


def test_the_engine_is_compiled_where_extension_modules_are_beside_the_sources(tmp_path):
    import importlib.machinery

    from tractor_rules.resources import build_description, compiled_modules

    package = tmp_path / "tractor_rules"
    for source in ("engine/deck/cards.py", "engine/oracle.py", "cli.py"):
        (package / source).parent.mkdir(parents=True, exist_ok=True)
        (package / source).write_text("", encoding="utf-8")
    assert compiled_modules(package) == [] and build_description(package).startswith("engine in pure Python, ")
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    (package / "engine" / "deck" / f"cards{suffix}").write_bytes(b"")
    (package / "engine" / f"oracle{suffix}").write_bytes(b"")
    (package / "engine" / "deck" / "cards.cpython-2-other-abi.so.txt").write_bytes(b"")  # not this Python's
    assert compiled_modules(package) == ["tractor_rules.engine.deck.cards", "tractor_rules.engine.oracle"]
    assert build_description(package).startswith("engine compiled (2 modules), ")


def test_no_command_prints_help_and_exits_2(capsys):
    code, _, err = run(capsys)
    assert code == 2 and "check" in err


def test_help_documents_the_exit_codes(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    for line in ("0  success", "1  the input is wrong", "2  the command is wrong"):
        assert line in out


def test_the_module_runs_as_a_process_without_a_traceback(tmp_path):
    bad = tmp_path / "bad.tractor"
    bad.write_text('ruleset: "x"\ntabel\n', encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "tractor_rules.cli", "check", str(bad)],
                            capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert f"{bad}:2:1: error[E001]: unknown word 'tabel': did you mean 'table'?" in result.stderr


def test_render_every_format_and_language(tmp_path, capsys):
    code, out, _ = run(capsys, "render", "two-decks", "--format", "md")
    assert code == 0 and out.startswith("# Tractor (two decks)")
    code, out, _ = run(capsys, "render", "--lang", "zh", "--format", "txt")
    assert code == 0 and "牌桌与发牌" in out
    page = tmp_path / "sheet.html"
    code, _, _ = run(capsys, "render", "four-decks", "--format", "html", "-o", str(page))
    html = page.read_text(encoding="utf-8")
    assert code == 0 and html.startswith("<!DOCTYPE html>") and "Upgrade (four decks)" in html


def test_render_of_a_broken_ruleset_exits_1_without_output(tmp_path, capsys):
    bad = tmp_path / "bad.tractor"
    bad.write_text("table\n  players: 3\n", encoding="utf-8")
    out = tmp_path / "sheet.md"
    code, stdout, err = run(capsys, "render", str(bad), "-o", str(out))
    assert (code, stdout) == (1, "") and f"{bad}:2:3:" in err and not out.exists()


def test_diff_of_constant_twos_lists_exactly_its_changes(capsys):
    code, out, _ = run(capsys, "diff", "two-decks", "two-decks-constant-twos")
    assert code == 0
    assert "~ Both teams start at level [-2-][+3+]" in out
    assert "the 2 of the trump suit" in out
    assert "kitty" not in out.lower() and "ruff" not in out.lower()


def test_simulate_prints_statistics_and_writes_a_whole_log(tmp_path, capsys, unsettled):
    log = tmp_path / "hands.jsonl"
    code, out, _ = run(capsys, "simulate", "two-decks", "--hands", "5", "--seed", "7", "--log", str(log), "--json")
    assert code == 0
    report = json.loads(out)
    assert report["hands"] == 5 and report["seed"] == 7
    lines = log.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 5 and json.loads(lines[0])["ruleset"] == "Tractor (two decks)"
    assert [p.name for p in tmp_path.iterdir()] == ["hands.jsonl"]
    # the same seed plays the same game
    again = tmp_path / "again.jsonl"
    run(capsys, "simulate", "two-decks", "--hands", "5", "--seed", "7", "--log", str(again), "--json")
    assert again.read_text(encoding="utf-8") == log.read_text(encoding="utf-8")


@pytest.mark.parametrize("command", [["simulate"], ["tournament"], ["balance", "two-decks"]])
def test_a_run_of_no_hands_is_refused(command, capsys):
    """`simulate --hands 0` printed a report of nothing: zeros, and rates of 0 hands."""
    code, out, err = run(capsys, *command, "--hands", "0")
    assert (code, out) == (2, "")
    assert err == f"tractor-rules {command[0]}: --hands is at least 1, not 0\n"


@pytest.mark.parametrize("name", ["simulate", "tournament", "balance", "vectors"])
def test_the_help_states_the_default_seed(name, capsys):
    import argparse

    from tractor_rules.commands import COMMANDS

    own = argparse.ArgumentParser(prog=name, add_help=False)
    next(c for c in COMMANDS if c.name == name).add_arguments(own)
    (seed,) = [a for a in own._actions if "--seed" in a.option_strings]
    with pytest.raises(SystemExit):
        main([name, "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert f"--seed S random seed (default {seed.default}); the same seed" in out


@pytest.mark.parametrize("command, header", [
    (["simulate"], "Tractor (two decks): 2 hands, seed 7, players random"),
    (["tournament", "--players", "random,greedy"], "Tournament: Tractor (two decks), 2 hands a pairing (duplicate "
                                                   "deals), seed 7"),
    (["balance", "two-decks"], "Balance: 2 hands a ruleset on the same deals, seed 7, players heuristic"),
])
def test_every_report_states_the_seed_that_repeats_it(command, header, capsys, unsettled):
    argv = [*command, "--hands", "2", "--seed", "7", "--workers", "1"]
    code, out, _ = run(capsys, *argv)
    assert code == 0 and out.splitlines()[0] == header
    code, out, _ = run(capsys, *argv, "--json")
    assert code == 0 and json.loads(out)["seed"] == 7


def test_simulate_rejects_an_unknown_player_kind_as_usage(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "--players", "clever", "--hands", "1"])
    assert exit_info.value.code == 2
    assert "clever" in capsys.readouterr().err


def test_the_help_lists_every_command_in_order(capsys):
    from tractor_rules.commands import COMMANDS

    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    places = [re.search(rf"\n    {command.name}\s", out).start() for command in COMMANDS]
    assert places == sorted(places)


@pytest.mark.parametrize("name", ["list", "players", "check", "compile", "schema", "render", "diff", "simulate",
                                  "tournament", "balance", "lint", "vectors", "verify", "serve", "export", "import",
                                  "fmt", "lsp"])
def test_each_commands_help_lists_its_options(name, capsys):
    import argparse

    from tractor_rules.commands import COMMANDS

    command = next(c for c in COMMANDS if c.name == name)
    with pytest.raises(SystemExit) as exit_info:
        main([name, "--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: tractor-rules {name} ") and command.help in " ".join(out.split())
    own = argparse.ArgumentParser(prog=name, add_help=False)
    command.add_arguments(own)
    for action in own._actions:
        for option in action.option_strings or [action.metavar or action.dest]:
            assert option in out, option
        if action.help:
            assert " ".join(action.help.split()) in " ".join(out.split()), action.help
    assert "exit status:" in out  # the epilog


# --- the README and the getting-started page (issue 29, item 17) ---------------------------------

REPO = __import__("pathlib").Path(__file__).resolve().parent.parent


def test_the_readme_and_getting_started_list_every_command():
    """Neither named lint, vectors, verify, serve, export, import or lsp."""
    from tractor_rules.commands import COMMANDS

    readme = (REPO / "README.md").read_text(encoding="utf-8")
    table = readme.split("The command line (run `tractor-rules --help`", 1)[1].split("\n\n", 2)[1]
    in_readme = {name for row in table.splitlines()[2:] for name in re.findall(r"`(\w+)`", row.split("|")[1])}
    started = (REPO / "docs" / "getting-started.md").read_text(encoding="utf-8")
    commands = started.split("## The commands", 1)[1].split("\n## ", 1)[0]
    in_started = set(re.findall(r"^\| `tractor-rules (\w+)", commands, re.M))
    names = {command.name for command in COMMANDS}
    assert in_readme == names
    assert in_started == names


def test_the_readmes_example_names_its_own_ruleset():
    """The README's constant-2s house rule had no `ruleset:` line: its sheet was titled "Tractor (two
    decks)", its parent's name, for a game that is not the parent's."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    example = readme.split("```\n", 2)[1]
    rules = tr.loads(example, origin="club.tractor")
    assert rules.name == "Tractor at our club (constant 2s)" and rules.name != tr.load("two-decks").name
    assert "2" in rules.trumps.constant_ranks  # it is the constant-2s game
