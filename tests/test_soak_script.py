"""scripts/soak.py, the soak run: it plays the hands ``simulate`` plays, replays every one through
the independent checker, counts them in its JSON report, and names the hand of every problem
with exit status 1.  (The soak's own figures, 200 hands of every file by each kind of player, are
in docs/contributing.md, "Soak runs": the suite cannot afford them.)"""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tractor_rules import cli
from tractor_rules.sim import parallel

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "scripts"
ONE_DECK = str(ROOT / "rulesets" / "one-deck.tractor")
BOMBS = str(ROOT / "examples" / "house-rules" / "C09-forty-points-bombs.tractor")
#: a few hands: enough for a game of each file to start and for a problem to be the third hand
HANDS = 5


def _soak() -> Any:
    spec = importlib.util.spec_from_file_location("soak", SCRIPTS / "soak.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


soak = _soak()


#: the soak's runs, and the simulate it is checked against, in this process without settling it
#: (``unsettled``, tests/conftest.py); worker processes still settle their own heaps
pytestmark = pytest.mark.usefixtures("unsettled")


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any]]:
    status = soak.main([*args, "--quiet"])
    return status, json.loads(capsys.readouterr().out)


def test_a_soak_counts_every_hand_of_every_file_and_kind_and_finds_them_clean(capsys):
    status, report = _run(capsys, ONE_DECK, BOMBS, "--hands", str(HANDS), "--players", "random", "greedy",
                          "--workers", "1")
    assert status == 0
    assert report["problems"] == 0
    assert [(run["file"], run["players"]) for run in report["runs"]] == [
        (ONE_DECK, "random"), (BOMBS, "random"), (ONE_DECK, "greedy"), (BOMBS, "greedy")]
    for run in report["runs"]:
        assert run["hands"] == HANDS and run["problems"] == []
        assert run["games_started"] >= 1 and run["cpu_seconds"] >= 0
    for kind in ("random", "greedy"):
        assert report["summary"][kind] | {"cpu_seconds": 0} == {
            "files": 2, "hands": 2 * HANDS, "games_finished": 0, "files_with_problems": 0, "problems": 0,
            "cpu_seconds": 0}


def test_a_soak_replays_the_hands_simulate_logs(capsys, monkeypatch, tmp_path: Path):
    """The hands checked are ``simulate``'s with the same file, seed and players, line for line."""
    checked: list[str] = []
    replay = sys.modules["tractor_rules.engine.records.replay"]
    real = replay.replay_hand

    def keeping(line: str, rules: Any) -> list[str]:
        checked.append(line)
        return real(line, rules)

    monkeypatch.setattr(replay, "replay_hand", keeping)
    status, _ = _run(capsys, ONE_DECK, "--hands", str(HANDS), "--players", "greedy,random", "--seed", "3",
                     "--workers", "1")
    assert status == 0
    log = tmp_path / "hands.jsonl"
    assert cli.main(["simulate", ONE_DECK, "--hands", str(HANDS), "--seed", "3", "--players", "greedy,random",
                     "--workers", "1", "--log", str(log), "--json"]) == 0
    capsys.readouterr()
    assert checked == log.read_text(encoding="utf-8").splitlines()


def _third_hand_changed(change: Any) -> Any:
    """``run_hands`` with the third hand's log line changed by ``change(entry)`` (as if the engine
    had recorded it wrong)."""
    real = parallel.run_hands

    def run_hands(*args: Any, **kwargs: Any) -> Iterator[Any]:
        for number, result in enumerate(real(*args, **kwargs), start=1):
            if number == 3:
                entry = json.loads(result.log_line)
                change(entry)
                result = dataclasses.replace(result, log_line=json.dumps(entry))
            yield result

    return run_hands


def _wrong_winner(entry: dict[str, Any]) -> None:
    trick = entry["tricks"][0]
    trick["winner"] = (trick["winner"] + 1) % len(entry["hands"])


def test_a_hand_the_checker_refuses_is_named_and_fails_the_soak(capsys, monkeypatch):
    monkeypatch.setattr(parallel, "run_hands", _third_hand_changed(_wrong_winner))
    status, report = _run(capsys, ONE_DECK, "--hands", str(HANDS), "--players", "random", "--workers", "1")
    assert status == 1
    assert report["problems"] == 1 and report["summary"]["random"]["files_with_problems"] == 1
    (run,) = report["runs"]
    assert run["hands"] == HANDS
    (problem,) = run["problems"]
    assert (problem["hand"], problem["game"], problem["hand_in_game"]) == (3, 0, 2)
    assert any("trick 1" in words and "winner" in words for words in problem["problems"]), problem


def test_an_error_that_stops_the_play_is_named_by_its_hand(capsys, monkeypatch):
    real = parallel.run_hands

    def breaking(*args: Any, **kwargs: Any) -> Iterator[Any]:
        for number, result in enumerate(real(*args, **kwargs), start=1):
            if number == 4:
                raise RuntimeError("a player offered a card it does not hold")
            yield result

    monkeypatch.setattr(parallel, "run_hands", breaking)
    status, report = _run(capsys, ONE_DECK, "--hands", str(HANDS), "--players", "greedy", "--workers", "1")
    assert status == 1
    (run,) = report["runs"]
    assert run["hands"] == 3
    assert run["problems"] == [{"hand": 4, "problems": [
        "the play stopped: RuntimeError: a player offered a card it does not hold"],
        "after_game": 0, "after_hand_in_game": 2}]


def test_an_interrupted_soak_reports_the_runs_it_finished(capsys, monkeypatch):
    real = parallel.run_hands

    def interrupted(job: Any, *args: Any, **kwargs: Any) -> Iterator[Any]:
        if job.kinds[0] == "greedy":
            raise KeyboardInterrupt
        yield from real(job, *args, **kwargs)

    monkeypatch.setattr(parallel, "run_hands", interrupted)
    status, report = _run(capsys, ONE_DECK, "--hands", "2", "--players", "random", "greedy", "--workers", "1")
    assert status == 130
    assert (report["interrupted"], report["runs_finished"], report["runs_asked"]) == (True, 1, 2)
    assert [(run["players"], run["hands"], run["problems"]) for run in report["runs"]] == [("random", 2, [])]


def test_worker_processes_give_the_report_one_process_gives(capsys, monkeypatch):
    monkeypatch.syspath_prepend(str(SCRIPTS))  # the workers import the script by its name
    monkeypatch.setitem(sys.modules, "soak", soak)
    args = (ONE_DECK, BOMBS, "--hands", "3", "--players", "heuristic", "search:2,random")
    _, alone = _run(capsys, *args, "--workers", "1")
    status, pooled = _run(capsys, *args, "--workers", "2")
    assert status == 0 and pooled["workers"] == 2

    def without_times(report: dict[str, Any]) -> Any:
        return [{k: v for k, v in run.items() if k != "cpu_seconds"} for run in report["runs"]]

    assert without_times(pooled) == without_times(alone)
    assert pooled["summary"]["search:2,random"]["hands"] == 6


def test_a_spec_that_names_no_kind_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as stop:
        soak.main([ONE_DECK, "--players", "random", "serch"])
    assert stop.value.code == 2
    assert "--players 'serch': unknown player 'serch'" in capsys.readouterr().err
