"""The Ray backend (``--backend ray``, extra ``tractor-rules[ray]``): the games of a run played as
Ray tasks, on a cluster (``--address``) or on a local Ray instance started for the run and stopped
after it.  The tasks are the local workers' (``parallel.play_games_task``), so a run on Ray gives
the same hands as a serial run; ``--workers`` bounds the tasks in flight."""

from __future__ import annotations

import importlib
import os
import signal
import socket
import threading
import time
from typing import Any

from ..engine.records.simulate import HandResult
from .parallel import Backend, GameJob, play_games_task
from .runs import whole

__all__ = ["RayBackend", "open_ray"]


#: seconds a cluster's address has to answer as a Ray cluster does before the run gives up on it:
#: Ray itself retries an address for minutes, whether nothing listens there or something that is
#: not Ray (it waits for an answer that never comes)
CONNECT_SECONDS = 5.0

#: the call the check makes: the first one a Ray driver makes of a cluster's head (its GCS),
#: which asks for nothing (an empty request) and answers with the cluster's id
_CLUSTER_ID_CALL = "/ray.rpc.NodeInfoGcsService/GetClusterId"


class _NotRay(Exception):
    """The address answered, but not as a Ray cluster does: why, in words."""


def _token_fields() -> list[tuple[str, str]]:
    """The authentication a Ray driver sends with its calls (a cluster may require it: recent
    Ray starts its clusters with token authentication), when Ray has a token for this machine."""
    try:
        raylet: Any = importlib.import_module("ray._raylet")
    except ImportError:
        return []
    tokens = getattr(raylet, "AuthenticationTokenLoader", None)  # recent Ray only
    if tokens is None:
        return []
    loader = tokens.instance()
    if not loader.has_token():
        return []
    # gRPC's metadata keys are lower case (an HTTP header's "Authorization" is refused as is)
    return [(str(name).lower(), str(value)) for name, value in loader.get_token_for_http_header().items()]


def _grpc() -> Any:
    """The gRPC library, imported here rather than with the module: only a run that joins a
    cluster needs it, and the command line starts without it."""
    try:
        import grpc
    except ImportError:
        raise ImportError("the ray backend needs grpcio to check a cluster's address: "
                          "pip install 'tractor-rules[ray]'") from None
    return grpc


def _ask_cluster_id(grpc: Any, target: str, client: bool, seconds: float) -> None:
    """Make ``_CLUSTER_ID_CALL`` at ``target`` ("host:port") over gRPC, within ``seconds``:
    return once it is answered as a Ray cluster's head answers it (with a reply), or for a Ray
    Client server (``client``) as a gRPC server answers any call (a reply or a status of its
    own); raise ``_NotRay`` when it is answered otherwise, TimeoutError when it is not answered
    in time."""
    # as a Ray driver does: not through an HTTP proxy (gRPC's default, from http_proxy) unless
    # RAY_grpc_enable_http_proxy asks for one
    proxy = int(os.environ.get("RAY_grpc_enable_http_proxy", "0").lower() in ("1", "true"))
    with grpc.insecure_channel(target, options=[("grpc.enable_http_proxy", proxy)]) as channel:
        call = channel.unary_unary(_CLUSTER_ID_CALL, request_serializer=None, response_deserializer=None)
        try:
            call(b"", timeout=seconds, metadata=_token_fields())  # bytes as they are: an empty request
        except grpc.RpcError as exc:
            code = exc.code() if isinstance(exc, grpc.Call) else grpc.StatusCode.UNKNOWN
            if code == grpc.StatusCode.DEADLINE_EXCEEDED:
                raise TimeoutError from None
            # the connection was made (check_reachable made it first): a channel that is not
            # available is one whose other end does not speak HTTP/2 as gRPC does
            if code == grpc.StatusCode.UNAVAILABLE:
                raise _NotRay("it does not speak gRPC, as a Ray cluster does") from None
            if not client:  # a status of the server's own (UNIMPLEMENTED, UNAUTHENTICATED, ...)
                raise _NotRay(f"it speaks gRPC but answered the call a Ray driver makes first with an error, "
                              f"{code.name} (another service than a Ray cluster's head, or a cluster whose "
                              "authentication token this machine does not have: see RAY_AUTH_TOKEN)") from None


def check_reachable(address: str) -> None:
    """ValueError unless ``address`` ("host:port", or "ray://host:port") answers as a Ray cluster
    does within ``CONNECT_SECONDS``: Ray itself retries an address for minutes, whether nothing
    listens there or something that is not Ray.  A cluster's head ("host:port", its GCS) is asked
    the call a Ray driver makes first; a Ray Client server ("ray://") must answer it as a gRPC
    server does (the Ray Client then gives its own errors, within its own timeouts)."""
    if address == "auto":
        return
    client = address.startswith("ray://")
    where = address.removeprefix("ray://")
    host, _, port = where.rpartition(":")
    if not host or not port.isdigit():
        raise ValueError(f"the Ray address {address!r} is not HOST:PORT (or ray://HOST:PORT, or auto)")
    grpc = _grpc()  # before the connection: a missing library is said whatever the address
    deadline = time.monotonic() + CONNECT_SECONDS
    # the connection alone first: the system's own words for an address where nothing listens or
    # a name that does not resolve, and all that is checked of a cluster that speaks TLS
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_SECONDS).close()
    except OSError as exc:
        raise ValueError(f"cannot reach the Ray cluster at {address!r}: {exc.strerror or exc}") from None
    if os.environ.get("RAY_USE_TLS", "0").lower() in ("1", "true"):
        return  # a cluster that speaks TLS: Ray's own handshake checks it
    try:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        _ask_cluster_id(grpc, where, client, left)
    except TimeoutError:
        raise ValueError(f"{address!r} did not answer as a Ray cluster does within {CONNECT_SECONDS:g} seconds "
                         "(is it the address of a Ray cluster's head?)") from None
    except _NotRay as exc:
        raise ValueError(f"{address!r} is not a Ray cluster: {exc}") from None


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ImportError("the ray backend needs Ray: pip install 'tractor-rules[ray]'") from None
    return ray


#: the signals that stop a run (``runs.py``), whose handlers ``ray.init`` must leave as they were
_STOPPING = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))

#: seconds a wait for a game's hands lasts before the signals that came meanwhile are acted on
WAIT_SECONDS = 0.2


def _init(ray: Any, options: dict[str, Any]) -> None:
    """``ray.init(**options)``, leaving the stopping signals to the run.

    ``ray.init`` sets its own handler of SIGTERM, which exits at once with status 15: a run on Ray
    stopped by SIGTERM lost its report and the log of the hands it had played.  The handlers are
    given back as they were; a SIGTERM that Ray's handler took while Ray was starting is given to
    the handler given back (as the command line's, it stops the run as it stops a local one)."""
    here = threading.current_thread() is threading.main_thread()  # handlers are set there only
    handlers = {sig: signal.getsignal(sig) for sig in _STOPPING} if here else {}

    def give_back() -> None:
        for sig, handler in handlers.items():
            if handler is not None:  # None: a handler not set from Python, which cannot be set again
                signal.signal(sig, handler)

    try:
        ray.init(**options)
    except SystemExit as exc:
        if exc.code != signal.SIGTERM or not handlers:
            raise
        give_back()
        if ray.is_initialized():
            ray.shutdown()
        signal.raise_signal(signal.SIGTERM)  # the handler given back acts on it now
        raise  # an ignored SIGTERM: Ray's start was stopped all the same
    finally:
        give_back()


class _RayPending:
    __slots__ = ("ray", "ref")

    def __init__(self, ray: Any, ref: Any):
        self.ray = ray
        self.ref = ref

    def result(self) -> list[HandResult]:
        """The game's hands, waited for in short turns, each a ``whole()`` section: a stopping
        signal's handler (the command line's raises ``Terminated``) must not run inside Ray's
        wait, which loses what the handler raises (all but Ctrl-C's KeyboardInterrupt) and goes on
        waiting; held back, the signal is acted on between two turns, in Python."""
        while True:
            with whole():
                ready, _ = self.ray.wait([self.ref], timeout=WAIT_SECONDS)
                if ready:
                    return list(self.ray.get(self.ref))

    def cancel(self) -> None:
        self.ray.cancel(self.ref, force=True)


class RayBackend:
    """Games as Ray tasks."""

    name = "ray"
    inline = False

    def __init__(self, workers: int, address: str | None = None):
        ray = self.ray = _ray()
        self.workers = workers
        self.started = not ray.is_initialized()
        if self.started:
            if address is not None:
                check_reachable(address)
            options: dict[str, Any] = {"address": address, "include_dashboard": False, "log_to_driver": False,
                                       "configure_logging": False}
            if address is None:  # a local instance of the size asked for
                options["num_cpus"] = workers
            try:
                _init(ray, options)
            except (ConnectionError, ValueError, RuntimeError) as exc:
                raise ValueError(f"cannot reach the Ray cluster at {address!r}: {exc}") from None
        self.task = ray.remote(play_games_task)

    def submit(self, job: GameJob, game: int, limit: int) -> _RayPending:
        with whole():  # a signal's handler not run inside Ray (see _RayPending.result)
            return _RayPending(self.ray, self.task.remote(job, game, limit))

    def close(self) -> None:
        if self.started and self.ray.is_initialized():
            self.ray.shutdown()


def open_ray(workers: int, address: str | None) -> Backend:
    return RayBackend(workers, address)
