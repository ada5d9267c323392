"""The package installs into a fresh virtual environment, as a wheel and editable, and then works
from any directory: the grammar and the shipped rulesets travel with it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

import tractor_rules as tr

REPO = Path(__file__).resolve().parent.parent


def _fresh_env(where: Path) -> Path:
    # without a pip of its own: installing pip into it (ensurepip) cost 5 of the test's 20 CPU
    # seconds, and the test's pip installs into it as well (``pip --python``, below)
    venv.EnvBuilder(with_pip=False, clear=True).create(where)
    return where / "bin"


def _run(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    # the fresh environment's own package, not one a PYTHONPATH of the test run points at (a
    # checkout run with PYTHONPATH set to it made the wheel's commands import the checkout)
    env = {key: value for key, value in (os.environ if env is None else env).items() if key != "PYTHONPATH"}
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=600, env=env)


@pytest.mark.slow
@pytest.mark.parametrize("editable", [False, True], ids=["wheel", "editable"])
def test_install_then_run_from_another_directory(tmp_path, editable):
    bin_dir = _fresh_env(tmp_path / "env")
    target = ["-e", str(REPO)] if editable else [str(REPO)]
    # pure Python: compiling the engine would take minutes here; the compiled wheel is the one the
    # test command installed, and tests/test_compiled.py checks it
    install = _run([sys.executable, "-m", "pip", "--python", str(bin_dir / "python"), "install", "--quiet", *target],
                   cwd=tmp_path, env={**os.environ, "TRACTOR_RULES_PURE": "1"})
    assert install.returncode == 0, install.stderr[-3000:]

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    cli = str(bin_dir / "tractor-rules")
    listed = _run([cli, "list"], cwd=elsewhere)
    assert listed.returncode == 0, listed.stderr
    assert [line.split()[0] for line in listed.stdout.splitlines()] == tr.builtin_names()

    checked = _run([cli, "check", *tr.builtin_names()], cwd=elsewhere)
    assert checked.returncode == 0, checked.stderr

    compiled = _run([cli, "compile", "two-decks"], cwd=elsewhere)
    assert compiled.returncode == 0, compiled.stderr
    assert json.loads(compiled.stdout) == tr.load("two-decks").to_dict()

    where = _run([str(bin_dir / "python"), "-c", "import tractor_rules; print(tractor_rules.__file__)"], cwd=elsewhere)
    installed_at = Path(where.stdout.strip()).resolve()
    if editable:
        assert installed_at.is_relative_to(REPO)
    else:
        assert not installed_at.is_relative_to(REPO)
        data = installed_at.parent / "_data"
        assert (data / "grammar" / "ruleset.lark").is_file()
        assert {p.stem for p in (data / "rulesets").glob("*.tractor")} == set(tr.builtin_names())

    # without the [serve] extra, HTTP says which extra to install, in one line
    served = _run([cli, "serve", "--http", "0"], cwd=elsewhere)
    assert (served.returncode, served.stderr) == (
        1, "tractor-rules serve: --http needs the serve extra: pip install 'tractor-rules[serve]'\n")

    broken = elsewhere / "broken.tractor"
    broken.write_text("table\n  players: 5\n", encoding="utf-8")
    bad = _run([cli, "check", "broken.tractor"], cwd=elsewhere)
    assert bad.returncode == 1
    assert "broken.tractor:2:3: " in bad.stderr and "Traceback" not in bad.stderr
