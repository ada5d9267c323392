"""Output files (``-o``, ``fmt --write``, ``simulate --log``): only regular files are replaced, a
symbolic link is followed (its target written, the link kept), the target's mode is kept (a new file
gets the umask's), and every failure is one line and exit status 1, with no traceback and no file
left behind.  Before: a temporary file was renamed over whatever the name held (a device, a link),
every output came out mode 0600, and a folder or a missing folder gave a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
import stat
from pathlib import Path

import pytest

from tractor_rules import cli

UNFORMATTED = 'extends:"two-decks"\nlead\n    throws:   allowed\n'
FORMATTED = 'extends: "two-decks"\n\nlead\n  throws: allowed\n'


def _run(argv: list[str], capsys) -> tuple[int, str]:
    status = cli.main(argv)
    return status, capsys.readouterr().err


@pytest.fixture
def umask_022():
    old = os.umask(0o022)
    yield
    os.umask(old)


def test_a_new_file_gets_the_umasks_mode(tmp_path: Path, capsys, umask_022):
    out = tmp_path / "schema.json"
    assert _run(["schema", "-o", str(out)], capsys)[0] == 0
    assert stat.S_IMODE(out.stat().st_mode) == 0o644
    assert [p.name for p in tmp_path.iterdir()] == ["schema.json"]


def test_a_replaced_file_keeps_its_mode(tmp_path: Path, capsys, umask_022):
    out = tmp_path / "rules.json"
    out.write_text("old", encoding="utf-8")
    out.chmod(0o640)
    assert _run(["compile", "-o", str(out)], capsys)[0] == 0
    assert stat.S_IMODE(out.stat().st_mode) == 0o640
    assert out.read_text(encoding="utf-8").startswith("{")


def test_a_symbolic_link_is_followed_and_kept(tmp_path: Path, capsys):
    real = tmp_path / "real.json"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    assert _run(["schema", "-o", str(link)], capsys)[0] == 0
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text(encoding="utf-8").startswith("{")


def test_fmt_write_follows_a_link(tmp_path: Path, capsys):
    real = tmp_path / "real.tractor"
    real.write_text(UNFORMATTED, encoding="utf-8")
    real.chmod(0o664)
    link = tmp_path / "house.tractor"
    link.symlink_to(real)
    assert _run(["fmt", "--write", str(link)], capsys)[0] == 0
    assert link.is_symlink()
    assert real.read_text(encoding="utf-8") == FORMATTED
    assert stat.S_IMODE(real.stat().st_mode) == 0o664


def test_a_pipe_or_a_device_is_never_replaced(tmp_path: Path, capsys):
    """As root, ``-o /dev/null`` replaced /dev/null with a regular file; a pipe here stands in for
    any node that is not a regular file (and a link to one)."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    link = tmp_path / "link"
    link.symlink_to(fifo)
    for target in (fifo, link):
        status, err = _run(["schema", "-o", str(target)], capsys)
        assert status == 1
        assert "not a regular file" in err and len(err.strip().splitlines()) == 1
        assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert link.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link", "pipe"]


@pytest.mark.parametrize("where", ["folder", "missing", "empty", "read-only", "long"])
@pytest.mark.parametrize("how", ["-o", "--log"])
def test_every_failure_is_one_line_and_status_1(tmp_path: Path, capsys, where: str, how: str, unsettled):
    targets = {
        "folder": str(tmp_path),
        "missing": str(tmp_path / "no" / "such" / "folder.json"),
        "empty": "",
        "read-only": "/proc/tractor-rules-output.json",  # a read-only place even for root
        "long": str(tmp_path / ("n" * 300 + ".json")),
    }
    before = sorted(tmp_path.iterdir())
    if how == "-o":
        argv = ["compile", "-o", targets[where]]
    else:
        argv = ["simulate", "--hands", "1", "--log", targets[where]]
    status, err = _run(argv, capsys)
    assert status == 1, err
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err and err.startswith("tractor-rules ") and "cannot write to" in err
    assert sorted(tmp_path.iterdir()) == before


def test_fmt_reads_only_regular_files(tmp_path: Path, capsys):
    fifo = tmp_path / "pipe.tractor"
    os.mkfifo(fifo)
    status, err = _run(["fmt", str(fifo)], capsys)
    assert status == 1 and "not a regular file" in err


# --- standard output that cannot be written ---------------------------------------------------------

REQUEST = b'{"jsonrpc": "2.0", "id": 1, "method": "rulesets"}\n'


@pytest.mark.parametrize("argv, prog", [
    (["list"], "tractor-rules list"),
    (["compile", "two-decks"], "tractor-rules compile"),
    (["schema"], "tractor-rules schema"),
    (["render", "one-deck"], "tractor-rules render"),
    (["players"], "tractor-rules players"),
    (["simulate", "one-deck", "--hands", "2"], "tractor-rules simulate"),
    (["vectors", "--count", "5"], "tractor-rules vectors"),
    (["export", "--to", "shengji"], "tractor-rules export"),
    (["serve"], "tractor-rules serve"),
    (["--help"], "tractor-rules"),
    (["check", "--help"], "tractor-rules"),
    (["--version"], "tractor-rules"),
])
def test_standard_output_that_cannot_be_written_is_one_line_and_status_1(argv, prog):
    """``tractor-rules list > /dev/full`` was a traceback, in every command."""
    with open("/dev/full", "wb") as full:
        done = subprocess.run([sys.executable, "-m", "tractor_rules.cli", *argv], stdout=full, stderr=subprocess.PIPE,
                              input=REQUEST, timeout=120)
    assert done.returncode == 1, done.stderr
    assert done.stderr.decode() == f"{prog}: cannot write to standard output: No space left on device\n"


def test_the_language_server_stops_at_its_first_answer_that_cannot_be_written():
    """``tractor-rules lsp > /dev/full`` logged every lost answer and died at exit with status 120;
    no editor can hear such a server, so it stops at once, even while its input stays open."""
    body = b'{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}'
    with open("/dev/full", "wb") as full:
        child = subprocess.Popen([sys.executable, "-m", "tractor_rules.cli", "lsp"], stdin=subprocess.PIPE,
                                 stdout=full, stderr=subprocess.PIPE)
        assert child.stdin is not None and child.stderr is not None
        child.stdin.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        child.stdin.flush()
        try:
            status = child.wait(timeout=60)
        finally:
            child.kill()
            child.stdin.close()
        err = child.stderr.read().decode()
        child.stderr.close()
    assert status == 1, err
    assert err == "tractor-rules lsp: cannot write to standard output: No space left on device\n"


def test_a_closed_pipe_is_still_no_error():
    """``tractor-rules list | head -1``: the reader stops reading, which is no error of the command."""
    child = subprocess.Popen([sys.executable, "-m", "tractor_rules.cli", "schema"], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
    assert child.stdout is not None and child.stdout.read(10)
    child.stdout.close()
    _, err = child.communicate(timeout=120)
    assert child.returncode == 0 and err == b""


def test_a_read_error_is_not_called_a_write_error(tmp_path: Path, capsys):
    """Only standard output's own failures are called so: verify's reading keeps its message."""
    os.mkfifo(tmp_path / "pipe")
    assert cli.main(["verify", str(tmp_path / "pipe")]) == 1
    assert capsys.readouterr().err == f"{tmp_path / 'pipe'}: cannot read: not a regular file (a pipe, a device or a socket)\n"
