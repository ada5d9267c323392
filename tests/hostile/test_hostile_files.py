"""Hostile files: what ``extends`` may read (the trust model of docs/security.md), input read with
its size bounded before reading, and names that the operating system refuses.  Cases that could
hang or exhaust memory before the fix run in the harness's child process, under its ceilings."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from harness import run_case

import tractor_rules as tr
from tractor_rules.errors import RulesetError, RulesetResolutionError, RulesetSyntaxError
from tractor_rules.language.parser import MAX_BYTES

SECRET = "sesame-open-4711"


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A folder with a ruleset-looking secret file beside the user's folder ``tmp_path/home``."""
    (tmp_path / "home").mkdir()
    (tmp_path / "secret").mkdir()
    (tmp_path / "secret" / "key.tractor").write_text(f"{SECRET}\n", encoding="utf-8")
    (tmp_path / "secret" / "passwd").write_text(f"{SECRET}\n", encoding="utf-8")
    return tmp_path


def _house(folder: Path, extends: str) -> Path:
    path = folder / "house.tractor"
    path.write_text(f'extends: "{extends}"\n', encoding="utf-8")
    return path


def _refused(path: Path, **options) -> RulesetError:
    with pytest.raises(RulesetResolutionError) as info:
        tr.load(path, **options)
    error = info.value
    assert SECRET not in str(error)
    # only the including file's own line is shown
    assert [d.file for d in error.diagnostics] == [str(path)]
    assert (error.line, error.column) == (1, 10)
    return error


# --- extends: the trust model ---------------------------------------------------------------------


@pytest.mark.parametrize("ref", ["{root}/secret/key.tractor", "../secret/key.tractor", "{root}/secret/passwd",
                                 "/etc/passwd", "/proc/self/environ", "../secret/../secret/key.tractor"])
def test_extends_never_reads_outside_the_folder_nor_quotes_the_file(outside: Path, ref: str):
    """``extends: "/etc/shadow"`` printed the first line of the file; ``/proc/self/environ`` the
    environment.  A parent file lies in the including file's folder (or below) and ends in .tractor."""
    error = _refused(_house(outside / "home", ref.format(root=outside)))
    assert "outside" in error.message or "only .tractor files" in error.message


def test_a_symbolic_link_out_of_the_folder_is_refused(outside: Path):
    home = outside / "home"
    (home / "club.tractor").symlink_to(outside / "secret" / "key.tractor")
    error = _refused(_house(home, "club.tractor"))
    assert "outside" in error.message


def test_a_refused_parent_gives_the_same_error_whether_it_exists_or_not(outside: Path):
    there = _refused(_house(outside / "home", "../secret/key.tractor")).message
    nowhere = _refused(_house(outside / "home", "../secret/none.tractor")).message.replace("none", "key")
    assert there == nowhere


def test_parents_in_the_folder_and_below_are_read(tmp_path: Path):
    (tmp_path / "club").mkdir()
    (tmp_path / "club" / "base.tractor").write_text('extends: "one-deck"\n', encoding="utf-8")
    (tmp_path / "link.tractor").symlink_to(tmp_path / "club" / "base.tractor")
    assert tr.load(_house(tmp_path, "club/base.tractor")).table.decks == 1
    assert tr.load(_house(tmp_path, "link.tractor")).table.decks == 1


def test_allowed_roots_name_the_folders_parents_may_come_from(outside: Path):
    home = outside / "home"
    path = _house(home, "../secret/key.tractor")
    (outside / "secret" / "key.tractor").write_text('extends: "one-deck"\n', encoding="utf-8")
    assert tr.load(path, allowed_roots=[outside / "secret"]).table.decks == 1
    (home / "sibling.tractor").write_text('extends: "one-deck"\n', encoding="utf-8")
    sibling = _house(home, "sibling.tractor")
    error = _refused(sibling, allowed_roots=[])
    assert error.message == "only shipped rulesets may be extended here, not the file 'sibling.tractor'"
    assert "folders rulesets may be read from" in _refused(sibling, allowed_roots=[outside / "secret"]).message
    assert tr.load(sibling, allowed_roots=[home]).table.decks == 1
    assert tr.loads('extends: "two-decks"\n', allowed_roots=()).table.decks == 2


def test_text_without_an_origin_extends_shipped_rulesets_only(tmp_path: Path, monkeypatch):
    """What a server gets by default: a pasted text reaches no file at all."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "club.tractor").write_text('extends: "one-deck"\n', encoding="utf-8")
    with pytest.raises(RulesetResolutionError, match="only shipped rulesets"):
        tr.loads('extends: "club.tractor"\n')
    assert tr.loads('extends: "club.tractor"\n', allowed_roots=[tmp_path]).table.decks == 1


def test_a_shipped_ruleset_reaches_only_shipped_rulesets():
    from tractor_rules.language.resolve import Trust, builtin_source, resolve

    source = builtin_source("two-decks")
    assert source is not None
    evil = type(source)('extends: "../../../etc/passwd.tractor"\n', source.file, source.folder, source.key)
    with pytest.raises(RulesetResolutionError, match="outside"):
        resolve(evil, Trust())


# --- reading: bounded before reading ----------------------------------------------------------------


def test_devices_pipes_and_huge_files_are_refused_before_reading(tmp_path: Path):
    """A symlink to /dev/zero, or a huge sparse file, ate memory until MemoryError; a FIFO hung for
    ever.  Now each is refused at once; run under the harness's ceilings all the same."""
    (tmp_path / "zero.tractor").symlink_to("/dev/zero")
    os.mkfifo(tmp_path / "pipe.tractor")
    with open(tmp_path / "sparse.tractor", "wb") as handle:
        handle.truncate(8 * 1024**3)
    for name, expected in (("zero.tractor", "is not a regular file"), ("pipe.tractor", "is not a regular file"),
                           ("sparse.tractor", f"the file is {8 * 1024**3} bytes; a ruleset may be at most {MAX_BYTES}")):
        result = run_case("cases:load", {"path": str(tmp_path / name)}, memory_mb=512, case_seconds=10)
        assert "ok" in result, result
        assert expected in result["ok"]["message"], result
    # and as a parent: refused at the child's line, naming no content
    home = tmp_path / "home"
    home.mkdir()
    (home / "p.tractor").symlink_to(tmp_path / "pipe.tractor")
    os.rename(tmp_path / "pipe.tractor", home / "fifo.tractor")
    result = run_case("cases:load", {"path": str(_house(home, "fifo.tractor"))}, memory_mb=512, case_seconds=10)
    assert result["ok"]["message"].startswith("cannot read 'fifo.tractor': is not a regular file"), result


def test_a_file_that_grows_past_the_limit_is_read_only_to_the_limit(tmp_path: Path, monkeypatch):
    path = tmp_path / "growing.tractor"
    path.write_text("# small\n", encoding="utf-8")
    real_fstat = os.fstat

    class Shrunk:  # the size the file had when it was looked at; it grows before it is read
        def __init__(self, info):
            self.st_mode, self.st_size = info.st_mode, 8

    monkeypatch.setattr(os, "fstat", lambda fd: Shrunk(real_fstat(fd)))
    with open(path, "a", encoding="utf-8") as handle:
        handle.write("#" * (MAX_BYTES * 2) + "\n")
    reads: list[int] = []
    real_read = os.read
    monkeypatch.setattr(os, "read", lambda fd, n: (reads.append(n), real_read(fd, n))[1])
    with pytest.raises(RulesetSyntaxError, match=f"more than {MAX_BYTES} bytes"):
        tr.load(path)
    assert sum(reads) <= MAX_BYTES + 1 + 8192


@pytest.mark.parametrize("name", ["a" * 300, "a" * 300 + ".tractor", "a\x00b", "x/" + "b" * 300 + ".tractor"])
def test_names_the_system_refuses_are_errors_not_tracebacks(name: str):
    with pytest.raises(RulesetResolutionError):
        tr.load(name)


@pytest.mark.parametrize("ref", ["b" * 300 + ".tractor", "d/" * 3000 + "x.tractor"])
def test_extends_names_the_system_refuses_are_errors_at_the_line(tmp_path: Path, ref: str):
    path = _house(tmp_path, ref)
    with pytest.raises(RulesetResolutionError) as info:
        tr.load(path)
    assert (info.value.line, info.value.column) == (1, 10)


def test_origin_none_and_odd_origins():
    assert tr.loads('extends: "one-deck"\n', origin=None).table.decks == 1
    assert tr.loads('extends: "one-deck"\n', origin="a\x00b.tractor").table.decks == 1
    with pytest.raises(RulesetResolutionError, match="origin"):
        tr.loads('extends: "one-deck"\n', origin=3)  # type: ignore[arg-type]


# --- the byte-order mark ----------------------------------------------------------------------------


def test_a_byte_order_mark_at_the_start_is_accepted(tmp_path: Path):
    path = tmp_path / "bom.tractor"
    path.write_bytes(b"\xef\xbb\xbf" + 'extends: "one-deck"\nruleset: "BOM"\n'.encode())
    assert tr.load(path).name == "BOM"
    assert tr.loads('\ufeffextends: "one-deck"\n').table.decks == 1
    from tractor_rules.language.format import format_text

    assert format_text('\ufeffextends: "one-deck"\n') == 'extends: "one-deck"\n'
    # columns count from after the mark, as an editor shows them
    path.write_bytes(b"\xef\xbb\xbf" + b'extends: "one-deck"\ntable\n  players: 99\n')
    with pytest.raises(tr.RulesetSemanticError) as info:
        tr.load(path)
    assert (info.value.line, info.value.column) == (3, 12)


def test_a_second_extends_is_an_error():
    with pytest.raises(RulesetResolutionError) as info:
        tr.loads('extends: "two-decks"\nruleset: "x"\nextends: "one-deck"\n')
    assert (info.value.line, info.value.column, info.value.message) == \
        (3, 1, "'extends' is already set on line 1: a ruleset has one parent")


def test_regular_file_check_uses_the_file_not_the_name(tmp_path: Path):
    folder = tmp_path / "dir.tractor"
    folder.mkdir()
    with pytest.raises(RulesetResolutionError, match="folder"):
        tr.load(folder)
    assert stat.S_ISDIR(folder.stat().st_mode)


def test_the_command_line_names_more_folders_with_allow_root(outside: Path, capsys):
    from tractor_rules import cli

    (outside / "secret" / "key.tractor").write_text('extends: "one-deck"\n', encoding="utf-8")
    path = _house(outside / "home", "../secret/key.tractor")
    assert cli.main(["check", str(path)]) == 1
    assert "outside the folder of this ruleset" in capsys.readouterr().err
    assert cli.main(["check", "--allow-root", str(outside / "secret"), str(path)]) == 0
