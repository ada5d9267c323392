"""The Ray backend (sim/ray_backend.py) on a local Ray instance, one for the whole module: the
same hands as a serial run, from Python and from the command line; and a dead address refused at
once."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

import tractor_rules as tr
from tractor_rules.cli import main
from tractor_rules.sim.parallel import GameJob, InlineBackend, run_hands
from tractor_rules.sim.ray_backend import RayBackend, check_reachable


#: one local Ray instance for the module, on one worker (two would start two Ray clusters)
pytestmark = pytest.mark.xdist_group("ray")


@pytest.fixture(scope="module")
def ray_backend():
    backend = RayBackend(2)
    yield backend
    backend.close()


def test_ray_plays_the_same_hands_as_a_serial_run(ray_backend):
    job = GameJob(tr.load("one-deck"), ("heuristic", "random") * 2, 8, log=True)
    serial = [replace(r, seconds=0.0) for r in run_hands(job, 25, InlineBackend())]
    on_ray = [replace(r, seconds=0.0) for r in run_hands(job, 25, ray_backend)]
    assert on_ray == serial and len({r.game for r in serial}) > 1


def test_the_command_runs_on_ray(ray_backend, capsys):
    argv = ["simulate", "one-deck", "--hands", "12", "--seed", "4", "--json", "--workers", "2"]
    assert main(argv) == 0
    local = json.loads(capsys.readouterr().out)
    assert main([*argv, "--backend", "ray"]) == 0
    on_ray = json.loads(capsys.readouterr().out)
    for data in (local, on_ray):
        for key in ("seconds", "hands_per_second"):
            data.pop(key)
    assert on_ray == local


def test_a_dead_or_malformed_address_is_refused_at_once():
    with pytest.raises(ValueError, match="cannot reach the Ray cluster at '127.0.0.1:1'"):
        check_reachable("127.0.0.1:1")
    with pytest.raises(ValueError, match="is not HOST:PORT"):
        check_reachable("nonsense")
    check_reachable("auto")  # Ray finds the cluster itself
