"""The engine's compiled modules play exactly as their Python sources.

A wheel built where a C compiler is found carries the engine's hot modules compiled by Cython
(hatch_build.py; the modules are listed in pyproject.toml).  The test suite itself imports the
sources of this checkout; these tests look at the *installed* package, the one a user runs: from a
directory outside the checkout, it must play every shipped ruleset and gallery file hand for hand
as the sources do, and answer the oracle alike, right and wrong calls.  An editable install runs
the sources themselves, and must (a compiled module would hide every edit).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import tomllib
from importlib.metadata import distribution
from pathlib import Path
from urllib.parse import urlparse
from urllib.request import url2pathname

import pytest

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # hatch_build.py, to test its switches without building

import hatch_build  # noqa: E402

PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
COMPILED = PYPROJECT["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]["modules"]

#: played by the installed package and by the sources: every ruleset and gallery file, hands by
#: three kinds of players, then an oracle battery; prints one JSON line per result
PROBE = r"""
import json, random, sys
from pathlib import Path
import tractor_rules as tr
from tractor_rules.engine.oracle import make_context
from tractor_rules.engine.records.simulate import simulate

hands = int(sys.argv[1])
files = [*tr.builtin_names(), *sys.argv[2:]]
for name in files:
    rules = tr.load(name)
    for players in ("random", "greedy", "heuristic"):
        for result in simulate(rules, hands, 11, players, log=True):
            print(json.dumps([Path(name).name, players, result.log], sort_keys=True))

rules = tr.load("two-decks")
rng = random.Random(5)
for hand in range(12):
    ctx = make_context(rules, level=rng.choice(rules.table.ranks), trump=rng.choice("SHDC"))
    deck = [c for c in range(54) for _ in range(rules.table.decks)]
    rng.shuffle(deck)
    hands_ = [tuple(deck[i * 25:(i + 1) * 25]) for i in range(4)]
    for lead_len in (1, 2, 3, 4):
        lead = tuple(hands_[0][:lead_len])
        for follower in hands_[1:]:
            for start in range(0, 25 - lead_len, 3):
                play = follower[start:start + lead_len]
                try:
                    answer = ctx.follow_error(follower, lead, play)
                except Exception as error:
                    answer = f"{type(error).__name__}: {error}"
                print(json.dumps(["follow", lead, play, answer]))
        plays = [lead, *(h[:lead_len] for h in hands_[1:])]
        try:
            answer = ctx.winner(plays[0], plays[1:])
        except Exception as error:
            answer = f"{type(error).__name__}: {error}"
        print(json.dumps(["winner", plays, answer]))
for bad in ((), (54,), (-1,), ("AS",), (1.5,)):
    try:
        answer = ctx.follow_error((3, 4), (3,), bad)
    except Exception as error:
        answer = f"{type(error).__name__}: {error}"
    print(json.dumps(["bad", repr(bad), answer]))

# the check of cards against the pack (typed where compiled), on every table: as dealt, with a
# card's copies added (beyond what the pack holds, often), with a code no card has
from tractor_rules.engine.deck.cards import Card, PackCheck, pack
for name in files:
    table = tr.load(name).table
    check = PackCheck.of(table)
    deck = pack(table)
    rng = random.Random(name)
    for _ in range(200):
        cards = tuple(rng.sample(deck, rng.randint(1, min(30, len(deck)))))
        more = cards + (cards[0],) * rng.randint(1, 3)
        print(json.dumps(["holds", Path(name).name, [int(c) for c in more],
                          [check.holds(cards), check.holds(more), check.holds(cards + (Card(60),))]]))
"""

WHERE = "import importlib, sys\nfor m in sys.argv[1:]:\n    print(importlib.import_module(m).__file__)"


def _editable_checkout() -> Path | None:
    """The checkout an editable install runs, or None for an installed wheel."""
    direct = json.loads(distribution("tractor-rules").read_text("direct_url.json") or "{}")
    if not direct.get("dir_info", {}).get("editable"):
        return None
    return Path(url2pathname(urlparse(direct["url"]).path)).resolve()


def _run(args: list[str], cwd: Path, pythonpath: Path | None = None) -> str:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    done = subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def _installed_files(tmp_path: Path) -> dict[str, Path]:
    """Where the installed package's engine modules load from (run outside the checkout)."""
    lines = _run(["-c", WHERE, *COMPILED], cwd=tmp_path).split()
    return {module: Path(line).resolve() for module, line in zip(COMPILED, lines, strict=True)}


def test_the_installed_engine_is_the_right_build(tmp_path):
    where = _installed_files(tmp_path)
    checkout = _editable_checkout()
    if checkout is not None:
        # the sources being edited, never a stale compiled module beside them
        for module, path in where.items():
            assert path == checkout / (module.replace(".", "/") + ".py"), module
    elif shutil.which(sysconfig.get_config_var("CC").split()[0]) and not hatch_build.wants_pure():
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        for module, path in where.items():
            assert path.name.endswith(suffix) and not path.is_relative_to(REPO), (module, path)
    else:
        for module, path in where.items():
            assert path.suffix == ".py", (module, path)


def test_the_installed_engine_plays_as_the_sources(tmp_path):
    # the sources the installed engine was built from: an editable install's own checkout, which may
    # be another than the one under test (a worktree beside it, whose gallery may use words the
    # installed engine has not got yet); else this checkout, a wheel's
    root = _editable_checkout() or REPO
    gallery = sorted(str(p) for p in (root / "examples" / "house-rules").glob("*.tractor"))
    probe = tmp_path / "probe.py"
    probe.write_text(PROBE, encoding="utf-8")
    installed = _run([str(probe), "3", *gallery], cwd=tmp_path)
    sources = _run([str(probe), "3", *gallery], cwd=tmp_path, pythonpath=root)
    lines = sources.splitlines()
    assert len(lines) > 500 and any(line.startswith('["winner"') for line in lines)
    assert installed.splitlines() == lines


@pytest.mark.parametrize(("value", "pure"), [("", False), ("0", False), ("1", True), ("yes", True)])
def test_the_pure_switch(value, pure):
    assert hatch_build.wants_pure({hatch_build.PURE_VARIABLE: value}) is pure
    assert hatch_build.wants_pure({}) is False


def _hook(tmp_path: Path, modules: list[str]) -> hatch_build.CompiledEngineHook:
    return hatch_build.CompiledEngineHook(str(tmp_path), {"modules": modules}, None, None, str(tmp_path), "wheel")


def _build_data() -> dict:
    return {"pure_python": True, "infer_tag": False, "force_include": {}}


def test_a_wheel_that_cannot_be_compiled_is_pure_with_a_warning(tmp_path, monkeypatch, capsys):
    # a module with no source (as a missing compiler or Cython would fail it): the build goes on
    monkeypatch.delenv(hatch_build.PURE_VARIABLE, raising=False)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # where the build's scratch folder goes
    data = _build_data()
    _hook(tmp_path, ["tractor_rules.engine.no_such_module"]).initialize("standard", data)
    assert data == _build_data()
    warning = capsys.readouterr().err
    assert warning.startswith("tractor-rules: the engine is not compiled (") and "the wheel is pure Python" in warning
    assert not list(tmp_path.glob("tractor-rules-build-*"))  # its scratch folder is gone


@pytest.mark.parametrize(("version", "pure"), [("editable", ""), ("standard", "1")])
def test_editable_and_pure_builds_compile_nothing(tmp_path, monkeypatch, capsys, version, pure):
    monkeypatch.setenv(hatch_build.PURE_VARIABLE, pure)
    data = _build_data()
    hook = _hook(tmp_path, COMPILED)
    hook.initialize(version, data)
    hook.finalize(version, data, str(tmp_path / "wheel.whl"))
    assert data == _build_data() and capsys.readouterr().err == ""
