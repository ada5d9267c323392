"""Runs split over workers (sim/parallel.py): the same hands as a serial run, errors that cross
from a worker to the parent, the player-kind registry, and the simulate command's workers, log and
Ctrl-C."""

from __future__ import annotations

import json
import pickle
import signal
import subprocess
import sys
import time
from dataclasses import fields, replace

import pytest

import tractor_rules as tr
from tractor_rules.cli import main
from tractor_rules.engine.flow.choices import IllegalPlay
from tractor_rules.engine.errors import EngineError, NoTrumpFromKitty, PlayError
from tractor_rules.engine.players.kinds import parse_players, player_kind, player_kinds
from tractor_rules.engine.players.basic import RandomPlayer
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.errors import CardNotationError, ExportError, RulesetError
from tractor_rules.sim.parallel import GameJob, InlineBackend, ProcessBackend, open_backend, run_hands


#: one pool of worker processes for the module, on one worker
pytestmark = pytest.mark.xdist_group("process-pool")


@pytest.fixture(scope="module")
def pool():
    backend = ProcessBackend(2)
    yield backend
    backend.close()


def _timeless(results):
    return [replace(r, seconds=0.0) for r in results]


def test_two_workers_play_the_same_hands_as_one(pool):
    rules = tr.load("two-decks")
    job = GameJob(rules, ("greedy", "random", "greedy", "random"), 11, log=True)
    serial = _timeless(run_hands(job, 45, InlineBackend()))
    parallel = _timeless(run_hands(job, 45, pool))
    assert len(serial) == 45 and serial == parallel
    # the hands run over several games, and each log line replays
    assert len({r.game for r in serial}) > 1
    assert all(replay_hand(r.log, rules) == [] for r in serial[:5])


def test_a_run_starts_at_any_game(pool):
    rules = tr.load("one-deck")
    job = GameJob(rules, ("random",) * 4, 3)
    whole = _timeless(run_hands(job, 40, InlineBackend()))
    later = [r for r in whole if r.game >= 1]
    assert _timeless(run_hands(job, len(later), pool, first_game=1)) == later


def test_an_error_in_a_worker_reaches_the_parent_whole(pool):
    job = GameJob(tr.load("two-decks"), ("random",) * 3, 0)
    with pytest.raises(EngineError, match="seat 4 players, not 3"):
        list(run_hands(job, 5, pool))


def test_an_error_that_cannot_be_pickled_reaches_the_parent_in_words():
    from tractor_rules.sim.parallel import _portable

    class Local(Exception):  # a class pickle cannot find by name
        pass

    error = _portable(Local("the disk is full"))
    assert type(error) is RuntimeError and str(error) == "Local: the disk is full"
    assert pickle.loads(pickle.dumps(error)).args == error.args
    kept = EngineError("trump is not known yet")
    assert _portable(kept) is kept


def test_games_left_over_from_a_run_do_not_reach_the_next(pool):
    """A run stops reading once it has its hands; the games it sent beyond them are dropped when
    they come back, and the next run on the same workers (another job) gets only its own."""
    first = GameJob(tr.load("two-decks"), ("random",) * 4, 21)
    assert len(list(run_hands(first, 3, pool))) == 3
    assert any(worker.sent for worker in pool._workers)  # games of the first run still in play
    second = GameJob(tr.load("one-deck"), ("greedy",) * 4, 22)
    assert _timeless(run_hands(second, 30, pool)) == _timeless(run_hands(second, 30, InlineBackend()))
    again = _timeless(run_hands(first, 10, pool))
    assert again == _timeless(run_hands(first, 10, InlineBackend()))


def test_draining_waits_for_the_games_a_run_left_over(pool):
    job = GameJob(tr.load("two-decks"), ("random",) * 4, 23)
    assert len(list(run_hands(job, 2, pool))) == 2
    assert any(worker.sent for worker in pool._workers)  # left over, still in play
    pool.drain()
    assert not any(worker.sent for worker in pool._workers) and not pool._waiting
    assert _timeless(run_hands(job, 5, pool)) == _timeless(run_hands(job, 5, InlineBackend()))


def test_games_are_handed_out_ahead_of_the_one_being_read_and_the_unread_ones_cancelled():
    """While a run waits for its first game, the next ones are already out (a worker that has
    played its games takes more while a long game holds up the reading); the games submitted
    beyond the hands asked for are cancelled."""
    from tractor_rules.sim import parallel

    events = []

    class Pending:
        def __init__(self, game):
            self.game = game

        def result(self):
            events.append(("read", self.game))
            return [replace(r, seconds=0.0) for r in parallel.play_games_task(job, self.game, 1)]

        def cancel(self):
            events.append(("cancel", self.game))

    class Backend:
        name, inline, workers = "fake", False, 3

        def submit(self, job, game, limit):
            events.append(("submit", game))
            return Pending(game)

        def close(self):
            pass

    job = GameJob(tr.load("two-decks"), ("random",) * 4, seed=8)
    assert len(list(run_hands(job, 5, Backend()))) == 5  # a hand from each of five games
    ahead = parallel.GAMES_AHEAD * Backend.workers
    first_read = events.index(("read", 0))
    assert events[:first_read] == [("submit", game) for game in range(ahead)]
    submitted = [game for kind, game in events if kind == "submit"]
    assert submitted == list(range(5 + ahead - 1))  # one more each time a game is read
    assert [game for kind, game in events if kind == "read"] == [0, 1, 2, 3, 4]
    assert [game for kind, game in events if kind == "cancel"] == list(range(5, 5 + ahead - 1))


def test_a_worker_that_dies_stops_the_run_with_an_error_not_a_wait():
    import os

    from tractor_rules.sim.backends import WorkerLost

    backend = ProcessBackend(2)
    workers = list(backend._workers)
    try:
        victim = workers[0].process
        os.kill(victim.pid, signal.SIGKILL)
        victim.join(10)
        job = GameJob(tr.load("two-decks"), ("random",) * 4, 1)
        with pytest.raises(WorkerLost, match=r"^a worker process stopped \(killed by SIGKILL\)$"):
            list(run_hands(job, 50, backend))
    finally:
        backend.close()
    assert not any(worker.process.is_alive() for worker in workers)
    with pytest.raises(RuntimeError, match="this backend was closed"):
        backend.submit(GameJob(tr.load("two-decks"), ("random",) * 4, 1), 0, 1)


def test_a_command_whose_worker_dies_says_so_and_leaves_no_output(tmp_path, capsys, monkeypatch, unsettled):
    from tractor_rules.sim import parallel
    from tractor_rules.sim.backends import WorkerLost

    def lost(self, job, game, limit):
        raise WorkerLost("a worker process stopped (killed by SIGKILL)")

    monkeypatch.setattr(parallel.ProcessBackend, "submit", lost)
    log = tmp_path / "hands.jsonl"
    for command in (["simulate", "--log", str(log)], ["tournament", "two-decks", "--players", "random,greedy"],
                    ["balance", "two-decks"]):
        assert main([*command, "--hands", "200", "--workers", "2"]) == 1
        out, err = capsys.readouterr()
        assert out == ""
        assert err == (f"tractor-rules {command[0]}: a worker process stopped (killed by SIGKILL); "
                       "the run is abandoned\n")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("error", [
    NoTrumpFromKitty("redeal", "the rules redeal"),
    IllegalPlay(2, "played 5S, which is not in the hand"),
    PlayError("a lead of several suits"),
    EngineError("trump is not known yet"),
    CardNotationError("bad card 'XQ'"),
    ExportError("'table' is missing"),
])
def test_every_error_survives_pickling(error):
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is type(error) and str(back) == str(error)
    assert back.__dict__ == error.__dict__


def test_a_ruleset_error_with_positions_survives_pickling():
    with pytest.raises(RulesetError) as caught:
        tr.loads("table\n  players: x\n  decks: 2\nlevels\n  nonsense here\n", origin="house.tractor")
    back = pickle.loads(pickle.dumps(caught.value))
    assert (back.file, back.line, back.column) == (caught.value.file, caught.value.line, caught.value.column)
    assert back.diagnostics == caught.value.diagnostics and str(back) == str(caught.value)


def test_backends_refuse_bad_requests():
    with pytest.raises(ValueError, match="at least 1"):
        open_backend("local", 0)
    with pytest.raises(ValueError, match="unknown backend 'cloud'"):
        open_backend("cloud", 1)
    with pytest.raises(ValueError, match="--address is for the ray backend"):
        open_backend("local", 1, "10.0.0.1:6379")


# --- the registry of player kinds ----------------------------------------------------------------


def test_the_registry_lists_every_kind_with_a_summary():
    kinds = player_kinds()
    assert list(kinds)[:3] == ["random", "greedy", "heuristic"]
    assert all(kind.summary for kind in kinds.values())
    assert isinstance(kinds["random"].make(1), RandomPlayer)
    with pytest.raises(ValueError, match="unknown player 'clever': use random, greedy"):
        parse_players("greedy,clever")


def test_a_kind_name_is_registered_once():
    with pytest.raises(ValueError, match="two player kinds are named 'random'"):
        player_kind("random", "another random player")(type("Other", (RandomPlayer,), {}))


def test_the_players_command_lists_the_registry(capsys):
    assert main(["players"]) == 0
    out = capsys.readouterr().out
    for name, kind in player_kinds().items():
        assert f"{name}" in out and kind.summary in out


# --- the simulate command ----------------------------------------------------------------------


def _report(capsys, *argv):
    code = main(["simulate", *argv, "--json"])
    data = json.loads(capsys.readouterr().out)
    for key in ("seconds", "hands_per_second", "workers", "log"):
        data.pop(key)
    return code, data


def test_simulate_with_workers_prints_the_serial_report(tmp_path, capsys, unsettled):
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    args = ["one-deck", "--hands", "30", "--seed", "5", "--players", "heuristic,random"]
    code1, serial = _report(capsys, *args, "--workers", "1", "--log", str(one))
    code2, parallel = _report(capsys, *args, "--workers", "2", "--log", str(two))
    assert code1 == code2 == 0 and serial == parallel and serial["hands"] == 30
    assert one.read_bytes() == two.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["one.jsonl", "two.jsonl"]


def test_workers_are_never_more_than_the_hands_nor_the_backends_maximum(capsys, monkeypatch, unsettled):
    """``--workers 40`` for 2 hands started 42 processes; ``--workers 100000`` tried to start them all."""
    from tractor_rules.sim import parallel
    from tractor_rules.sim.backends import BACKENDS, run_workers

    started: list[int] = []
    real = parallel.ProcessBackend.__init__

    def counting(self, workers):
        started.append(workers)
        real(self, workers)

    monkeypatch.setattr(parallel.ProcessBackend, "__init__", counting)
    assert main(["simulate", "one-deck", "--hands", "3", "--workers", "40", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["workers"] == 3 and report["hands"] == 3 and started == [3]
    assert main(["simulate", "one-deck", "--hands", "1", "--workers", "40", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["workers"] == 1 and started == [3]  # one worker plays inline
    assert run_workers(100_000, 10**6, "local") == BACKENDS["local"].max_workers == 64
    assert run_workers(100_000, 10**6, "ray") == BACKENDS["ray"].max_workers == 1024
    assert run_workers(None, 250, "local") >= 1 and run_workers(0, 5, "local") == 0  # refused by the backend


@pytest.mark.parametrize("argv, words", [
    (["--workers", "0"], "--workers must be at least 1"),
    (["--address", "10.0.0.1:6379"], "--address is for the ray backend"),
])
def test_simulate_refuses_bad_run_options(capsys, argv, words):
    assert main(["simulate", "--hands", "1", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err


def test_ctrl_c_keeps_a_valid_partial_report_and_log(tmp_path):
    log = tmp_path / "hands.jsonl"
    child = subprocess.Popen([sys.executable, "-m", "tractor_rules.cli", "simulate", "--hands", "100000",
                              "--workers", "2", "--json", "--log", str(log)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(2400):  # until the log being written holds a few hands
            hidden = [p for p in tmp_path.iterdir() if p.name.startswith(".")]
            if hidden and hidden[0].stat().st_size > 10_000 or child.poll() is not None:
                break
            time.sleep(0.05)
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=120)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == 130, err
    assert err == ""
    report = json.loads(out)
    assert report["interrupted"] is True and 0 < report["hands"] < 100000
    assert report["requested"] == 100000 and report["log"] == str(log)
    lines = log.read_text(encoding="utf-8").splitlines()
    assert len(lines) == report["hands"]
    rules = tr.load("two-decks")
    assert replay_hand(json.loads(lines[-1]), rules) == []
    assert [p.name for p in tmp_path.iterdir()] == ["hands.jsonl"]


def test_a_worker_keeps_playing_with_the_rules_it_already_has():
    """Each task brings a pickled copy of the rules; a worker reuses the equal rules it holds (and
    so the card orders cached for them) and takes different rules as new."""
    from tractor_rules.sim.parallel import GameJob, play_games_task, _settled

    rules = tr.load("two-decks")
    first = _settled(pickle.loads(pickle.dumps(rules)))
    again = pickle.loads(pickle.dumps(rules))
    assert again is not first and _settled(again) is first
    other = tr.load("one-deck")
    assert _settled(other) is other
    # a task's hands are the same whichever copy of the rules it is played with
    job = GameJob(rules, ("random",) * 4, seed=5)
    copy = GameJob(pickle.loads(pickle.dumps(rules)), ("random",) * 4, seed=5)
    def hands(results):
        return [replace(result, seconds=0.0) for result in results]  # all but the time taken
    assert hands(play_games_task(job, 0, 3)) == hands(play_games_task(copy, 0, 3))


def test_a_job_is_pickled_once_for_all_its_games_and_read_once_by_a_worker(monkeypatch):
    from tractor_rules.sim import parallel

    rules = tr.load("two-decks")
    job = GameJob(rules, ("random",) * 4, seed=5)
    packed = pickle.dumps(job)
    loads = []
    monkeypatch.setattr(parallel, "_unpacked", None)
    monkeypatch.setattr(parallel, "_settled_rules", None)  # as in a worker that has played nothing
    real_loads = pickle.loads
    monkeypatch.setattr(parallel.pickle, "loads", lambda data: loads.append(data) or real_loads(data))
    # a worker meeting a job builds its rules' card orders, then settles (here: only counted)
    steps = []
    monkeypatch.setattr(parallel, "prepare_rules", lambda r: steps.append(("prepare", r.name)))
    monkeypatch.setattr(parallel, "settle_heap", lambda: steps.append(("settle", None)))
    first = parallel.play_packed_task(packed, 0, 3)
    second = parallel.play_packed_task(bytes(packed), 1, 3)  # equal bytes, another object
    assert len(loads) == 1
    assert steps == [("prepare", rules.name), ("settle", None)]
    def hands(results):
        return [replace(result, seconds=0.0) for result in results]
    assert hands(first) == hands(parallel.play_games_task(job, 0, 3))
    assert hands(second) == hands(parallel.play_games_task(job, 1, 3))
    other = pickle.dumps(GameJob(tr.load("one-deck"), ("random",) * 4, seed=5))
    assert parallel.play_packed_task(other, 0, 1)[0].game == 0 and len(loads) == 2
    assert steps[2:] == [("prepare", tr.load("one-deck").name), ("settle", None)]
    # another job with rules played already: nothing to prepare
    again = pickle.dumps(GameJob(tr.load("one-deck"), ("random",) * 4, seed=6))
    assert parallel.play_packed_task(again, 0, 1)[0].game == 0 and len(loads) == 3 and len(steps) == 4

    # the backend sends a worker the job's bytes with its first game of the job, then games alone
    sent: list[tuple[int, object]] = []

    class Conn:
        def __init__(self, number):
            self.number = number

        def send(self, message):
            sent.append((self.number, message))

    monkeypatch.setattr(parallel, "GAMES_PER_WORKER", 2)
    backend = parallel.ProcessBackend.__new__(parallel.ProcessBackend)
    backend._workers = [parallel._Worker(None, Conn(n)) for n in (1, 2)]
    backend._waiting, backend._packed = parallel.deque(), None
    for game in range(4):
        backend.submit(job, game, 10)
    assert [(n, game) for n, (_, game, _) in sent] == [(1, 0), (2, 1), (1, 2), (2, 3)]
    jobs = [job_bytes for _, (job_bytes, _, _) in sent]
    assert jobs[0] is jobs[1] and jobs[2] is None and jobs[3] is None  # one pickling for every game
    assert pickle.loads(jobs[0]) == job and all(limit == 10 for _, (_, _, limit) in sent)
    backend.submit(job, 4, 10)  # both workers hold GAMES_PER_WORKER games: this one waits
    assert len(sent) == 4 and len(backend._waiting) == 1


@pytest.mark.parametrize("name", ["two-decks", "four-decks", "T05-no-trump-beyond-a"])
def test_preparing_builds_the_card_order_of_every_hand_a_game_can_play(name):
    from pathlib import Path

    from tractor_rules.engine import oracle
    from tractor_rules.engine.flow import deal
    from tractor_rules.engine.deck.cards import deck_cards
    from tractor_rules.engine.rulings.scoring import beyond_level, level_ladder
    from tractor_rules.engine.deck.units import decompose
    from tractor_rules.sim.parallel import prepare_rules

    gallery = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
    rules = tr.load(str(gallery / f"{name}.tractor") if name.startswith("T") else name)
    oracle._CONTEXTS.clear()
    deal._DECLARE_TABLES.clear()  # both caches start afresh when full: none may fill up midway
    prepare_rules(rules)
    built = set(oracle._CONTEXTS.kept_for(rules))
    wanted = {(level, trump) for level in level_ladder(rules) for trump in ("S", "H", "D", "C", None)}
    if rules.levels.game_end == "beyond-last":
        wanted.add((beyond_level(rules), None))
    assert built == wanted and len(wanted) >= 5 * len(level_ladder(rules))
    assert (rules.levels.game_end == "beyond-last") == name.startswith("T05")
    # a hand of the run finds its order built, with every set of the pack as its unit
    first = level_ladder(rules)[0]
    order = rules.context(first, "H").order
    assert rules.context(first, "H") is oracle._CONTEXTS.kept_for(rules)[(first, "H")]
    for face in deck_cards(rules.table):
        for width in order.set_widths:
            unit = order.set_units[width][face]
            assert unit is not None and unit.cards == (face,) * width and unit.suit == order.suit_of[face]
            assert decompose(order, (face,) * width) == [unit]
    # and each level's declarations worked out (the same table a deal asks for)
    levels = [*level_ladder(rules), *([beyond_level(rules)] if rules.levels.game_end == "beyond-last" else [])]
    for level in levels:
        assert (id(rules), level) in deal._DECLARE_TABLES
        assert deal.declare_table(rules, level) is deal._DECLARE_TABLES[(id(rules), level)][1]


def test_rules_the_engine_cannot_play_are_left_to_the_run_to_refuse():
    from tractor_rules.engine.errors import EngineError
    from tractor_rules.sim.parallel import prepare_rules

    rules = tr.load("two-decks")
    broken = replace(rules, levels=replace(rules.levels, first="X"))  # no rank of the deck
    prepare_rules(broken)  # no error here: the run's first hand reports it, as before
    with pytest.raises(EngineError, match="not a rank"):
        broken.context("X", "S")


@pytest.fixture
def python_thresholds():
    """The collector's thresholds as Python sets them (the test processes make full passes rarer,
    tests/conftest.py), and the test process's own given back after the test."""
    import gc

    kept = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield (700, 10, 10)
    gc.set_threshold(*kept)


def test_settling_sets_what_is_held_aside_until_unsettled(python_thresholds):
    import gc

    from tractor_rules.sim.parallel import RUN_MIDDLE_PASSES_PER_FULL, settle_heap, unsettle_heap

    held = [[object()] for _ in range(3)]  # containers the collector tracks
    assert gc.get_freeze_count() == 0
    during = (700, 10, RUN_MIDDLE_PASSES_PER_FULL)
    settle_heap()
    try:
        assert gc.get_freeze_count() > 0
        tracked = {id(o) for o in gc.get_objects()}
        assert not any(id(h) in tracked for h in held)  # a full pass no longer walks them
        assert gc.get_threshold() == during  # and full passes come more rarely
        settle_heap()  # settled again before the run ends (as the benchmark does, ruleset by ruleset)
        assert gc.get_threshold() == during
    finally:
        unsettle_heap()
    assert gc.get_freeze_count() == 0
    assert gc.get_threshold() == python_thresholds  # as before the first settling, not the second
    assert any(h is held[0] for h in gc.get_objects())
    unsettle_heap()  # once more: nothing left to give back
    assert gc.get_threshold() == python_thresholds


@pytest.mark.parametrize("command", [
    ["simulate", "two-decks", "--hands", "2", "--json"],
    ["tournament", "two-decks", "--players", "random,greedy", "--hands", "2", "--json"],
    ["balance", "two-decks", "--hands", "2", "--json"],
])
def test_a_command_settles_its_process_for_the_run_and_unsettles_it_after(command, capsys, monkeypatch,
                                                                         python_thresholds):
    import gc

    from tractor_rules.sim import parallel

    frozen_during = []
    thresholds_during = []

    def play(*args, **kwargs):
        frozen_during.append(gc.get_freeze_count())
        thresholds_during.append(gc.get_threshold())
        return real(*args, **kwargs)

    real = parallel.play_games
    monkeypatch.setattr(parallel, "play_games", play)
    assert main(command) == 0
    assert frozen_during and all(n > 0 for n in frozen_during)
    assert set(thresholds_during) == {(700, 10, parallel.RUN_MIDDLE_PASSES_PER_FULL)}
    assert gc.get_freeze_count() == 0
    assert gc.get_threshold() == python_thresholds


def test_a_hand_result_comes_back_from_a_worker_as_it_left():
    """Results are pickled as their constructor's arguments (cheaper to read back than a frozen
    dataclass's state): every field comes back equal, the game's end and the log line included."""
    from tractor_rules.engine.records.simulate import GameEnd, HandResult
    from tractor_rules.sim.parallel import play_games_task

    rules = tr.load("two-decks")
    results = play_games_task(GameJob(rules, ("random",) * 4, seed=3, log=True), 0, 500)
    assert results[-1].end is not None and results[0].log is not None  # a whole game, logged
    # the log line is encoded in the worker: the run's process only writes it
    assert all(isinstance(result.log_line, str) for result in results)
    assert results[0].log == json.loads(results[0].log_line)
    for result in results:
        back = pickle.loads(pickle.dumps(result, pickle.HIGHEST_PROTOCOL))
        assert type(back) is HandResult and back == result
        assert [getattr(back, f.name) for f in fields(HandResult)] == [getattr(result, f.name) for f in fields(HandResult)]
    assert isinstance(results[-1].end, GameEnd)


def test_the_workers_of_a_killed_run_stop_quietly(tmp_path):
    """A run killed outright (no ``close``): its workers find their pipe closed and stop, without
    a word on standard error, rather than playing on or lingering."""
    import os

    script = tmp_path / "run.py"
    script.write_text(
        "import sys, tractor_rules as tr\n"
        "from tractor_rules.sim.parallel import GameJob, ProcessBackend, run_hands\n"
        "if __name__ == '__main__':\n"
        "    backend = ProcessBackend(2)\n"
        "    print(*(w.process.pid for w in backend._workers), flush=True)\n"
        "    job = GameJob(tr.load('four-decks'), ('random',) * 4, 1)\n"
        "    for _ in run_hands(job, 100_000, backend):\n"
        "        pass\n", encoding="utf-8")
    errors = tmp_path / "stderr.txt"
    with errors.open("w") as err:
        child = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=err, text=True)
        try:
            pids = [int(pid) for pid in child.stdout.readline().split()]
            time.sleep(2.0)  # games in play
            child.kill()
            child.wait(30)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
    assert len(pids) == 2

    def alive(pid):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        with open(f"/proc/{pid}/stat") as stat:  # a zombie has stopped (its parent is gone)
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"

    for _ in range(300):
        if not any(alive(pid) for pid in pids):
            break
        time.sleep(0.1)
    assert not any(alive(pid) for pid in pids)
    assert errors.read_text() == ""
