"""The Ray backend (sim/ray_backend.py) on a local Ray instance, one for the whole module (the
command lines run in a child process join it by its address): the same hands as a serial run,
from Python and from the command line; a dead address, or one where nothing Ray answers, refused
within seconds; and a run stopped by a signal, which keeps its report and log as a local run
does."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from concurrent import futures
from dataclasses import replace

import grpc
import pytest

import tractor_rules as tr
from tractor_rules.cli import main
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.sim import ray_backend as ray_module
from tractor_rules.sim.parallel import GameJob, InlineBackend, run_hands
from tractor_rules.sim.runs import held_for_run
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


def test_the_command_runs_on_ray(ray_backend, capsys, unsettled):
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


@pytest.fixture(scope="module")
def cluster(ray_backend):
    """The address of the module's Ray instance (its head, the GCS), for a command line to join."""
    return ray_backend.ray.get_runtime_context().gcs_address


def test_the_address_of_a_ray_cluster_is_accepted_at_once(cluster):
    started = time.monotonic()
    check_reachable(cluster)
    check_reachable("127.0.0.1:" + cluster.rpartition(":")[2])
    assert time.monotonic() - started < 2


class _Listener:
    """A local TCP port that accepts connections and answers them with ``reply`` (nothing: it
    reads and says nothing), as a port of something that is not Ray does."""

    def __init__(self, reply: bytes = b""):
        self.reply = reply
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.held: list[socket.socket] = []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self):
        while True:
            try:
                conn, _ = self.server.accept()
            except OSError:
                return
            self.held.append(conn)
            if self.reply:
                conn.sendall(self.reply)

    def close(self):
        self.server.close()
        for conn in self.held:
            conn.close()


@pytest.fixture
def silent_port():
    listener = _Listener()
    yield listener.port
    listener.close()


def test_an_address_that_accepts_but_is_not_ray_is_refused_within_the_time(monkeypatch, silent_port):
    monkeypatch.setattr(ray_module, "CONNECT_SECONDS", 1.0)
    started = time.monotonic()
    with pytest.raises(ValueError, match=r"did not answer as a Ray cluster does within 1 seconds"):
        check_reachable(f"127.0.0.1:{silent_port}")
    assert time.monotonic() - started < 2


@pytest.mark.parametrize("reply", [b"HTTP/1.1 400 Bad Request\r\n\r\n", b"SSH-2.0-OpenSSH_9.2\r\n"])
def test_an_address_that_speaks_another_protocol_is_refused_at_once(reply):
    listener = _Listener(reply)
    try:
        started = time.monotonic()
        with pytest.raises(ValueError, match="is not a Ray cluster: it does not speak gRPC"):
            check_reachable(f"127.0.0.1:{listener.port}")
        assert time.monotonic() - started < 2
    finally:
        listener.close()


def test_a_port_of_the_cluster_other_than_its_head_is_refused(ray_backend):
    raylet = ray_backend.ray.nodes()[0]["NodeManagerPort"]  # a gRPC server of Ray, not the head's
    with pytest.raises(ValueError, match="answered the call a Ray driver makes first with an error"):
        check_reachable(f"127.0.0.1:{raylet}")


class _Grpc:
    """A local gRPC server (grpcio's) whose every call ends as ``answer`` says: a reply (bytes),
    or a status of its own (a ``grpc.StatusCode``)."""

    def __init__(self, answer):
        self.server = grpc.server(futures.ThreadPoolExecutor(max_workers=2))

        def behaviour(request, context):
            if isinstance(answer, bytes):
                return answer
            context.abort(answer, "refused")

        class Handler(grpc.GenericRpcHandler):
            def service(self, details):
                return grpc.unary_unary_rpc_method_handler(behaviour)

        self.server.add_generic_rpc_handlers((Handler(),))
        self.port = self.server.add_insecure_port("127.0.0.1:0")
        self.server.start()

    def close(self):
        self.server.stop(None)


def test_a_grpc_service_is_judged_by_its_answer_to_the_call_ray_makes_first():
    """A reply is a head's answer; a status of the service's own is another service's, or the
    answer of a cluster that wants a token this machine does not have, said with the status."""
    head = _Grpc(b"\x12\x04abcd")  # as Ray's GCS answers: a cluster id
    try:
        check_reachable(f"127.0.0.1:{head.port}")
    finally:
        head.close()
    for status in (grpc.StatusCode.UNAUTHENTICATED, grpc.StatusCode.UNIMPLEMENTED):
        other = _Grpc(status)
        try:
            with pytest.raises(ValueError, match=f"is not a Ray cluster: it speaks gRPC but answered the call a Ray "
                                                 f"driver makes first with an error, {status.name} .*RAY_AUTH_TOKEN"):
                check_reachable(f"127.0.0.1:{other.port}")
        finally:
            other.close()


def test_the_call_goes_through_a_proxy_only_when_ray_would(monkeypatch):
    """As a Ray driver's calls, the check's go to the cluster directly whatever ``grpc_proxy`` (or
    ``http_proxy``) says, unless RAY_grpc_enable_http_proxy asks for the proxy."""
    monkeypatch.setenv("grpc_proxy", "http://127.0.0.1:1")  # a proxy that is not there
    head = _Grpc(b"\x12\x04abcd")
    try:
        check_reachable(f"127.0.0.1:{head.port}")
        monkeypatch.setenv("RAY_grpc_enable_http_proxy", "1")
        with pytest.raises(ValueError, match="is not a Ray cluster"):  # the proxy's connection refused
            check_reachable(f"127.0.0.1:{head.port}")
    finally:
        head.close()


def test_a_ray_client_address_must_answer_as_a_grpc_server_does(monkeypatch, cluster, silent_port):
    """ray://HOST:PORT: any answer of a gRPC server (the Ray Client then speaks for itself); another
    protocol, or nothing in time, is refused."""
    monkeypatch.setattr(ray_module, "CONNECT_SECONDS", 1.0)
    check_reachable("ray://" + cluster)  # a gRPC server of Ray's: its status is an answer
    service = _Grpc(grpc.StatusCode.UNIMPLEMENTED)
    try:
        check_reachable(f"ray://127.0.0.1:{service.port}")
    finally:
        service.close()
    listener = _Listener(b"HTTP/1.1 400 Bad Request\r\n\r\n")
    try:
        with pytest.raises(ValueError, match="is not a Ray cluster: it does not speak gRPC"):
            check_reachable(f"ray://127.0.0.1:{listener.port}")
    finally:
        listener.close()
    with pytest.raises(ValueError, match="did not answer as a Ray cluster does within 1 seconds"):
        check_reachable(f"ray://127.0.0.1:{silent_port}")


def test_without_grpcio_the_check_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "grpc", None)  # as if grpcio were not installed
    with pytest.raises(ImportError, match=r"needs grpcio .*pip install 'tractor-rules\[ray\]'"):
        check_reachable("127.0.0.1:1")


def test_the_command_line_starts_without_grpc():
    """gRPC is imported when a run joins a cluster, not when the command line (or the module of
    the Ray backend) is imported."""
    code = ("import sys, tractor_rules.cli, tractor_rules.sim.ray_backend\n"
            "assert tractor_rules.cli.main(['simulate', 'one-deck', '--hands', '2', '--json']) == 0\n"
            "print('grpc' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "False"


def test_the_command_gives_up_on_a_silent_address_in_the_documented_time(silent_port):
    """The whole command, as a user runs it: one line on standard error, within the 5 seconds the
    docs promise (Ray alone waited for minutes)."""
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "tractor_rules.cli", "simulate", "one-deck", "--hands", "5",
                           "--backend", "ray", "--address", f"127.0.0.1:{silent_port}"],
                          capture_output=True, text=True, timeout=120)
    took = time.monotonic() - started
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (f"tractor-rules simulate: '127.0.0.1:{silent_port}' did not answer as a Ray cluster "
                           "does within 5 seconds (is it the address of a Ray cluster's head?)\n")
    assert 5 <= took < 5 + 10  # the wait, and the start of Python with its imports on a busy machine


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_stops_a_ray_run_as_it_stops_a_local_one(tmp_path, cluster, stop):
    """SIGTERM or Ctrl-C in a run on Ray: the report of the hands played, marked interrupted, the
    log of exactly those hands, and the exit status 128 + the signal, as a run on local workers
    (test_parallel.py).  Ray's own handler of SIGTERM, which ``ray.init`` installs, exited 15 and
    took the log with it."""
    log = tmp_path / "hands.jsonl"
    child = subprocess.Popen([sys.executable, "-m", "tractor_rules.cli", "simulate", "one-deck", "--hands", "100000",
                              "--workers", "2", "--json", "--log", str(log), "--backend", "ray", "--address", cluster],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(2400):  # until the log being written holds a few hands
            hidden = [p for p in tmp_path.iterdir() if p.name.startswith(".")]
            if hidden and hidden[0].stat().st_size > 10_000 or child.poll() is not None:
                break
            time.sleep(0.05)
        child.send_signal(stop)
        out, err = child.communicate(timeout=120)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == 128 + stop, err
    report = json.loads(out)
    assert report["interrupted"] is True and 0 < report["hands"] < 100000
    assert report["requested"] == 100000 and report["log"] == str(log)
    lines = log.read_text(encoding="utf-8").splitlines()
    assert len(lines) == report["hands"]
    assert replay_hand(json.loads(lines[-1]), tr.load("one-deck")) == []
    assert [p.name for p in tmp_path.iterdir()] == ["hands.jsonl"]


class _Stop(BaseException):
    pass


def _stop(signum, frame):
    raise _Stop(signum)


class _StartingRay:
    """What ``ray.init`` does with signals: it sets its own handler of SIGTERM, which exits with
    status 15; ``sigterm`` sends one while it starts."""

    def __init__(self, sigterm: bool):
        self.sigterm, self.initialized = sigterm, False

    def init(self, **options):
        signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(signum))
        self.initialized = True
        if self.sigterm:
            os.kill(os.getpid(), signal.SIGTERM)

    def is_initialized(self):
        return self.initialized

    def shutdown(self):
        self.initialized = False


@pytest.mark.parametrize("sigterm", [False, True])
def test_starting_ray_leaves_the_stopping_signals_to_the_run(sigterm):
    previous = signal.signal(signal.SIGTERM, _stop)
    try:
        ray = _StartingRay(sigterm)
        if sigterm:  # the run's handler acts on it, not Ray's, and Ray is stopped
            with pytest.raises(_Stop):
                ray_module._init(ray, {})
            assert not ray.is_initialized()
        else:
            ray_module._init(ray, {})
            assert ray.is_initialized()
        assert signal.getsignal(signal.SIGTERM) is _stop
    finally:
        signal.signal(signal.SIGTERM, previous)


def test_a_signal_that_comes_while_waiting_on_ray_is_acted_on_at_once(ray_backend):
    """A stopping signal that comes while the run waits for a game's hands stops the wait at once,
    its handler's exception whole: run inside Ray's wait, the exception was lost (a SystemError
    when the game ended) and the run went on waiting."""
    ray = ray_backend.ray
    slow = ray.remote(lambda: time.sleep(30) or [])  # a lambda: sent whole, the workers cannot import tests
    pending = ray_module._RayPending(ray, slow.remote())
    previous = signal.signal(signal.SIGTERM, _stop)
    timer = threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGTERM))
    try:
        with held_for_run():
            started = time.monotonic()
            timer.start()
            with pytest.raises(_Stop):
                pending.result()
            assert time.monotonic() - started < 5
    finally:
        timer.cancel()
        pending.cancel()
        signal.signal(signal.SIGTERM, previous)
