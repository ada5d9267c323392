"""scripts/test, the one test command, sets a machine up as the README promises: it installs the
Debian packages the suite needs only when they are missing (through sudo when not root), installs
the package with its test extras, and hands its arguments to pytest, which it runs in parallel
(pytest-xdist) unless they turn xdist off.

The script runs for real, from a copy in a checkout of its own, with every outside command it
calls replaced by a stub that writes its command line to a log, on a PATH that holds nothing else."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SCRIPT = REPO / "scripts" / "test"
# The real tools the script needs besides the stubs.
TOOLS = ("bash", "dirname", "env", "grep", "touch")


def stub_machine(where: Path, *, present: set[str], uid: int, editable: bool, apt: bool = True,
                 current: bool = False) -> Path:
    """A bin folder: logging stubs for the commands in `present` (plus python and the package
    managers), real coreutils, and nothing else.  `current`: the install stamp says the package
    installed is the checkout's as it is (scripts/install_stamp.py check)."""
    bin_dir = where / "bin"
    bin_dir.mkdir()
    log = where / "log"
    for tool in TOOLS:
        (bin_dir / tool).symlink_to(shutil.which(tool))

    def stub(name: str, body: str = "") -> None:
        path = bin_dir / name
        # One line per call, even for a multi-line `python -c` program.
        path.write_text(f'#!/bin/bash\nline="$*"\necho "{name} ${{line//$\'\\n\'/ }}" >> {log}\n{body}\n', encoding="utf-8")
        path.chmod(0o755)

    stub("id", f"echo {uid}")
    stub("sudo", '"$@"')
    if apt:
        stub("apt-get")
    # python -c answers the script's two questions (in a virtual environment? editable install?),
    # scripts/install_stamp.py check the third (installed and current?).
    stub("python3", "exit 0")
    stub("python", f'[ "$1" = -c ] && exit {0 if editable else 1}\n'
                   f'[ "$1 $2" = "scripts/install_stamp.py check" ] && exit {0 if current else 1}\nexit 0')
    for name in present:
        stub(name, "echo 'Noto Sans CJK SC:style=Regular'" if name == "fc-list" else "")
    return bin_dir


def checkout(where: Path) -> Path:
    """A checkout holding the script and nothing else (a test adds the files it is about), so that
    what the script finds does not depend on what this repository's checkout has installed."""
    repo = where / "repo"
    (repo / "scripts").mkdir(parents=True, exist_ok=True)
    shutil.copy2(SCRIPT, repo / "scripts" / "test")
    return repo


def run(bin_dir: Path, *args: str, **env_vars: str) -> tuple[subprocess.CompletedProcess, list[str]]:
    env = {"PATH": str(bin_dir), "VIRTUAL_ENV": "/somewhere/venv", "HOME": str(bin_dir.parent), **env_vars}
    script = checkout(bin_dir.parent) / "scripts" / "test"
    done = subprocess.run(
        [shutil.which("bash"), str(script), *args], env=env, capture_output=True, text=True, timeout=60
    )
    log = bin_dir.parent / "log"
    lines = log.read_text(encoding="utf-8").splitlines() if log.exists() else []
    # The stubs of the commands the checks look for write nothing worth comparing.
    return done, [line for line in lines if not line.startswith(("id ", "fc-list ", "python -c", "python3 -c",
                                                                 "python scripts/install_stamp.py check"))]


EVERYTHING = {"chromium", "fc-list", "node", "npm"}
#: pytest as the script runs it: in parallel, one pytest-xdist worker per core
PYTEST = "python -m pytest -q -n auto --dist loadgroup"
#: the install stamp written after an install (editable or wheel)
STAMP = "python scripts/install_stamp.py write {}"


def test_a_ready_machine_installs_the_package_and_runs_pytest_with_the_arguments(tmp_path):
    bin_dir = stub_machine(tmp_path, present=EVERYTHING, uid=1000, editable=False)
    done, log = run(bin_dir, "tests/render", "-x", "-k", "zh and not print")
    assert done.returncode == 0, done.stderr
    pip = "python -m pip install --quiet .[test]"
    npm = [line for line in log if line.startswith("npm ")]
    assert log == [pip, STAMP.format("wheel"), *npm, f"{PYTEST} tests/render -x -k zh and not print"]
    assert not any(line.startswith(("apt-get", "sudo")) for line in log)


@pytest.mark.parametrize("off", [["-p", "no:xdist"], ["-pno:xdist"]], ids=["-p no:xdist", "-pno:xdist"])
def test_without_xdist_pytest_runs_in_one_process(tmp_path, off):
    bin_dir = stub_machine(tmp_path, present=EVERYTHING, uid=1000, editable=False)
    done, log = run(bin_dir, *off, "tests/render")
    assert done.returncode == 0, done.stderr
    assert log[-1] == " ".join(["python -m pytest -q", *off, "tests/render"])


@pytest.mark.parametrize(("given", "prefix"), [
    ({"PYTHONDONTWRITEBYTECODE": "1"}, "{home}/.cache/tractor-rules/pycache"),
    ({"PYTHONDONTWRITEBYTECODE": "1", "XDG_CACHE_HOME": "/cache"}, "/cache/tractor-rules/pycache"),
    ({"PYTHONDONTWRITEBYTECODE": "1", "PYTHONPYCACHEPREFIX": "/mine"}, "/mine"),
    ({}, ""),
], ids=["no-bytecode", "no-bytecode-xdg", "no-bytecode-own-prefix", "bytecode"])
def test_where_python_may_not_write_bytecode_the_suite_writes_it_outside_the_tree(tmp_path, given, prefix):
    """Without bytecode every process compiles every module it imports from source, and each
    xdist worker rewrites every test module again (collecting the suite took 13 CPU seconds a
    worker, 7 with the bytecode cached): the suite writes its bytecode to a cache folder instead
    of not at all."""
    bin_dir = stub_machine(tmp_path, present=EVERYTHING, uid=1000, editable=False, current=True)
    seen = tmp_path / "pytest-env"
    python = bin_dir / "python"
    python.write_text(python.read_text(encoding="utf-8").replace(
        "\nexit 0", f'\n[ "$1 $2" = "-m pytest" ] && echo "${{PYTHONPYCACHEPREFIX-}}|${{PYTHONDONTWRITEBYTECODE-}}" > {seen}'
                     "\nexit 0"), encoding="utf-8")
    done, log = run(bin_dir, **given)
    assert done.returncode == 0, done.stderr
    assert log[-1] == PYTEST
    # pytest runs with the cache folder and without PYTHONDONTWRITEBYTECODE
    assert seen.read_text(encoding="utf-8") == f"{prefix.format(home=tmp_path)}|\n"


def test_an_editable_install_stays_editable(tmp_path):
    bin_dir = stub_machine(tmp_path, present=EVERYTHING, uid=1000, editable=True)
    done, log = run(bin_dir)
    assert done.returncode == 0, done.stderr
    assert log[:2] == ["python -m pip install --quiet -e .[test]", STAMP.format("editable")]
    assert log[-1] == PYTEST


@pytest.mark.parametrize("editable", [False, True], ids=["wheel", "editable"])
def test_an_install_that_is_current_is_not_made_again(tmp_path, editable):
    bin_dir = stub_machine(tmp_path, present=EVERYTHING, uid=1000, editable=editable, current=True)
    done, log = run(bin_dir, "tests/render")
    assert done.returncode == 0, done.stderr
    assert not any(line.startswith(("python -m pip", "python scripts/install_stamp.py")) for line in log), log
    assert log[-1] == f"{PYTEST} tests/render"


@pytest.mark.parametrize("uid, via_sudo", [(1000, True), (0, False)], ids=["user", "root"])
def test_missing_debian_packages_are_installed_first(tmp_path, uid, via_sudo):
    bin_dir = stub_machine(tmp_path, present={"node"}, uid=uid, editable=False)
    done, log = run(bin_dir)
    assert done.returncode == 0, done.stderr
    install = "apt-get install -y -q --no-install-recommends chromium fonts-noto-cjk fontconfig npm"
    if via_sudo:
        expected = ["sudo apt-get update -q", "apt-get update -q", "sudo env DEBIAN_FRONTEND=noninteractive " + install]
    else:
        expected = ["apt-get update -q"]
    assert log[: len(expected) + 1] == [*expected, install]
    assert "installing chromium fonts-noto-cjk fontconfig npm" in done.stderr
    assert log[-1] == PYTEST


def test_the_playgrounds_npm_packages_are_installed_when_their_lock_changed(tmp_path):
    bin_dir = stub_machine(tmp_path, present=EVERYTHING, uid=1000, editable=False)
    # npm ci makes node_modules, as the real one does
    (bin_dir / "npm").write_text(f'#!/bin/bash\necho "npm $*" >> {tmp_path / "log"}\n{shutil.which("mkdir")} -p node_modules\n',
                                 encoding="utf-8")
    playground = checkout(tmp_path) / "playground"
    playground.mkdir()
    for name in ("package.json", "package-lock.json"):
        (playground / name).write_text("{}", encoding="utf-8")
    done, log = run(bin_dir)
    assert done.returncode == 0, done.stderr
    assert log[2:] == ["npm ci --no-audit --no-fund --loglevel=error", PYTEST]
    assert (playground / "node_modules").is_dir()
    (tmp_path / "log").unlink()
    done, log = run(bin_dir)  # installed and unchanged since: nothing to do
    assert done.returncode == 0, done.stderr
    assert log[2:] == [PYTEST]


def test_without_apt_it_names_what_is_missing_and_stops(tmp_path):
    bin_dir = stub_machine(tmp_path, present={"fc-list", "node", "npm"}, uid=0, editable=False, apt=False)
    done, log = run(bin_dir)
    assert done.returncode == 1
    assert done.stderr.strip() == (
        "scripts/test: missing chromium and this is not a Debian-like system (no apt-get): "
        "install them with your package manager, then run scripts/test again"
    )
    assert log == []


def test_the_readme_and_ci_use_it():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "scripts/test" in readme
    assert "python -m pytest" not in readme
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert "scripts/test" in ci
    assert os.access(SCRIPT, os.X_OK)


# --- .ci/run: the docs after the tests, with the environment the tests ran in ----------------------


def test_ci_installs_the_docs_extras_requirements_without_installing_the_package_again(tmp_path):
    """`.ci/run` installed the docs with `TRACTOR_RULES_PURE=1 pip install '.[docs]'`, which built the
    package again, pure, over the compiled one the tests had run with.  It now installs the docs
    extra's requirements by name, as pyproject.toml lists them, and nothing else.  Run for real, in
    a checkout of its own, where python3 -m venv makes a stub environment: its python is this one
    but for `-m pip`, and its pip and mkdocs write their command lines to a log (pip also the
    requirements it is given, and whether a pure build is asked for)."""
    import sys
    import tomllib

    repo = tmp_path / "repo"
    (repo / ".ci").mkdir(parents=True)
    (repo / "scripts").mkdir()
    shutil.copy2(REPO / ".ci" / "run", repo / ".ci" / "run")
    shutil.copy2(REPO / "pyproject.toml", repo / "pyproject.toml")
    log, venv, template, bin_dir = (tmp_path / name for name in ("log", "venv", "template", "bin"))

    def script(path: Path, body: str) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"#!/bin/bash\n{body}\n", encoding="utf-8")
        path.chmod(0o755)

    script(repo / "scripts" / "test", f'echo "scripts/test $*" >> {log}')
    (template / "bin").mkdir(parents=True)
    (template / "bin" / "activate").write_text(f'PATH="{venv}/bin:$PATH"\n', encoding="utf-8")
    script(template / "bin" / "python", f'[ "$1 $2" = "-m pip" ] && {{ shift 2; exec {venv}/bin/pip "$@"; }}\n'
                                        f'exec {sys.executable} "$@"')
    script(template / "bin" / "pip", f'echo "pip $* TRACTOR_RULES_PURE=${{TRACTOR_RULES_PURE:-}}" >> {log}\n'
                                     f'for a in "$@"; do [ "$prev" = -r ] && cat "$a" >> {log}; prev=$a; done')
    script(template / "bin" / "mkdocs", f'echo "mkdocs $*" >> {log}')
    bin_dir.mkdir()
    for tool in ("bash", "dirname", "mkdir", "cp", "cat"):
        (bin_dir / tool).symlink_to(shutil.which(tool))
    script(bin_dir / "python3", f'echo "python3 $*" >> {log}\n[ "$1 $2 $3" = "-m venv {venv}" ] || exit 1\n'
                                f'mkdir -p {venv} && cp -R {template}/. {venv}/')
    done = subprocess.run([shutil.which("bash"), str(repo / ".ci" / "run")], capture_output=True, text=True,
                          timeout=60, cwd=tmp_path,
                          env={"PATH": str(bin_dir), "HOME": str(tmp_path), "TRACTOR_RULES_CI_VENV": str(venv)})
    assert done.returncode == 0, done.stderr
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    docs = project["optional-dependencies"]["docs"]
    assert log.read_text(encoding="utf-8").splitlines() == [
        f"python3 -m venv {venv}",
        "scripts/test ",
        f"pip install --quiet -r {venv}/docs-requirements.txt TRACTOR_RULES_PURE=",
        *docs,
        "mkdocs build --strict --site-dir /tmp/tractor-rules-site",
    ]


# --- the install stamp (scripts/install_stamp.py), for real -------------------------------------


def _install_stamp():
    import importlib.util

    spec = importlib.util.spec_from_file_location("install_stamp", REPO / "scripts" / "install_stamp.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _tiny_checkout(where: Path) -> Path:
    for name, text in {"pyproject.toml": "[project]\n", "hatch_build.py": "", "README.md": "", "LICENSE": "",
                       "tractor_rules/engine/a.py": "A = 1\n", "grammar/ruleset.lark": "start: x\n",
                       "rulesets/two-decks.tractor": "table\n", "docs/index.md": "# Docs\n",
                       "tractor_rules/engine/__pycache__/a.cpython-311.pyc": "x",
                       "tractor_rules/engine/a.cpython-311-x86_64-linux-gnu.so": "x"}.items():
        path = where / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return where


@pytest.mark.parametrize("changed, editable_again, wheel_again", [
    ("pyproject.toml", True, True),
    ("hatch_build.py", True, True),
    ("tractor_rules/engine/a.py", False, True),
    ("grammar/ruleset.lark", False, True),
    ("rulesets/two-decks.tractor", False, True),
    ("README.md", False, True),
    # not part of the wheel: Python's caches, a compiled module built in place, the docs
    ("tractor_rules/engine/__pycache__/a.cpython-311.pyc", False, False),
    ("tractor_rules/engine/a.cpython-311-x86_64-linux-gnu.so", False, False),
    ("docs/index.md", False, False),
])
def test_the_install_is_made_again_exactly_when_what_it_is_made_from_changed(tmp_path, changed, editable_again,
                                                                             wheel_again):
    stamps = _install_stamp()
    root = _tiny_checkout(tmp_path / "repo")
    for mode, again in (("editable", editable_again), ("wheel", wheel_again)):
        stamp = tmp_path / f"{mode}.stamp"
        assert not stamps.is_current(root, mode, stamp)  # never installed into this environment
        stamps.write(root, mode, stamp)
        assert stamps.is_current(root, mode, stamp)
        path = root / changed
        path.write_text(path.read_text(encoding="utf-8") + " ", encoding="utf-8")
        assert stamps.is_current(root, mode, stamp) is not again, (mode, changed)
        path.write_text(path.read_text(encoding="utf-8")[:-1], encoding="utf-8")
        assert stamps.is_current(root, mode, stamp)


def test_the_stamp_of_one_kind_of_install_or_checkout_does_not_stand_for_another(tmp_path, monkeypatch):
    stamps = _install_stamp()
    root = _tiny_checkout(tmp_path / "repo")
    other = _tiny_checkout(tmp_path / "other")
    stamp = tmp_path / "stamp"
    stamps.write(root, "editable", stamp)
    assert not stamps.is_current(root, "wheel", stamp)
    assert not stamps.is_current(other, "editable", stamp)  # a second checkout sharing the environment
    monkeypatch.setattr(stamps, "installed", lambda: False)  # the package was uninstalled since
    assert not stamps.is_current(root, "editable", stamp)


def test_an_environment_whose_requirements_changed_since_is_installed_again(tmp_path, monkeypatch):
    """A dependency upgraded past its bound (pytest 9.2 against 'pytest<9.2'), or removed, since the
    last install: the stamp no longer stands for the environment."""
    import importlib.metadata

    stamps = _install_stamp()
    root = _tiny_checkout(tmp_path / "repo")
    stamp = tmp_path / "stamp"
    stamps.write(root, "editable", stamp)
    assert stamps.requirements_met()  # this very environment was installed by scripts/test
    real = importlib.metadata.version

    def upgraded(name: str) -> str:
        return "9.2.0" if name.lower() == "pytest" else real(name)

    monkeypatch.setattr(importlib.metadata, "version", upgraded)
    assert not stamps.requirements_met()
    monkeypatch.setattr(stamps, "requirements_met", lambda root=None: False)
    assert not stamps.is_current(root, "editable", stamp)
    monkeypatch.undo()
    monkeypatch.setattr(importlib.metadata, "version", real)

    def removed(name: str) -> str:
        if name.lower() == "lark":
            raise importlib.metadata.PackageNotFoundError(name)
        return real(name)

    monkeypatch.setattr(importlib.metadata, "version", removed)
    assert not stamps.requirements_met()
