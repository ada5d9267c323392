"""Tournaments (sim/tournament.py): the same seed gives the same report on any workers, the
heuristic team beats the random one by a margin its confidence interval makes safe, and the
command's refusals."""

from __future__ import annotations

import json

import pytest

import tractor_rules as tr
from tractor_rules.cli import main
from tractor_rules.sim.parallel import InlineBackend, ProcessBackend
from tractor_rules.sim.tournament import TournamentError, pairings, play_tournament


#: the module's tournaments are played once, on the worker that runs the module
pytestmark = pytest.mark.xdist_group("tournament")


@pytest.fixture(scope="module")
def reports():
    """Heuristic against random, 30 hands of two decks: in this process, and on two workers."""
    rules = tr.load("two-decks")
    serial = play_tournament(rules, ["heuristic", "random"], 30, 2, InlineBackend())
    pool = ProcessBackend(2)
    try:
        parallel = play_tournament(rules, ["heuristic", "random"], 30, 2, pool)
    finally:
        pool.close()
    return serial, parallel


def test_the_same_seed_gives_the_same_report_on_any_workers(reports):
    serial, parallel = reports
    assert serial.to_dict() == parallel.to_dict()
    (pairing,) = serial.pairings
    assert (pairing.first, pairing.second, pairing.hands) == ("heuristic", "random", 30)


def test_the_heuristic_team_beats_random_players(reports):
    (pairing,) = reports[0].pairings
    # the whole 95 % interval lies above an even game, for hands and for points
    assert pairing.hand_rate.low > 0.5
    assert pairing.points.interval().low > 0.5
    text = reports[0].to_text()
    assert "heuristic  random" in text and f"{pairing.hands_won}/30" in text


def test_pairings_and_refusals():
    assert pairings(["random", "greedy", "heuristic", "greedy"]) == [
        ("random", "greedy"), ("random", "heuristic"), ("greedy", "heuristic")]
    with pytest.raises(TournamentError, match="at least two kinds"):
        pairings(["greedy", "greedy"])
    with pytest.raises(TournamentError, match="teams change every hand"):
        play_tournament(tr.load("house-finding-friends"), ["greedy", "random"], 2, 0, InlineBackend())


def test_the_command_prints_json_and_refuses_what_it_cannot_play(capsys, unsettled):
    argv = ["tournament", "one-deck", "--players", "greedy,random", "--hands", "6", "--seed", "3", "--json"]
    assert main(argv) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out) == first
    assert first["pairings"][0]["hands"] == 6 and first["interrupted"] is False
    assert main(["tournament", "house-finding-friends", "--hands", "2"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("house-finding-friends: a tournament needs fixed partners") and err.count("\n") == 1
    assert main(["tournament", "--players", "greedy", "--hands", "2"]) == 2
    assert "at least two kinds" in capsys.readouterr().err
