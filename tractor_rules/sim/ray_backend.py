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

# HTTP/2 (RFC 9113), the protocol of gRPC, which a Ray cluster speaks: the few frames the check of
# an address sends and reads
_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
_DATA, _HEADERS, _RST_STREAM, _SETTINGS, _PING, _GOAWAY = 0x0, 0x1, 0x3, 0x4, 0x6, 0x7
_END_STREAM = _ACK = 0x1
_END_HEADERS = 0x4
#: the call the check makes: the first one a Ray driver makes of a cluster's head (its GCS),
#: which asks for nothing (an empty request) and answers with the cluster's id
_CLUSTER_ID_CALL = "/ray.rpc.NodeInfoGcsService/GetClusterId"


class _NotRay(Exception):
    """The address answered, but not as a Ray cluster does: why, in words."""


def _frame(kind: int, flags: int, stream: int, payload: bytes = b"") -> bytes:
    return len(payload).to_bytes(3, "big") + bytes((kind, flags)) + stream.to_bytes(4, "big") + payload


def _hpack_string(text: str) -> bytes:
    """A string of a header block, not Huffman-coded (RFC 7541, 5.1 and 5.2)."""
    data = text.encode("latin-1")
    length, prefix = len(data), b""
    if length < 127:
        return bytes((length,)) + data
    length -= 127
    prefix = b"\x7f"
    while length >= 128:
        prefix += bytes((length % 128 + 128,))
        length //= 128
    return prefix + bytes((length,)) + data


def _header_block(fields: list[tuple[str, str]]) -> bytes:
    """Each field as a literal that the server does not index (RFC 7541, 6.2.2)."""
    return b"".join(b"\x00" + _hpack_string(name) + _hpack_string(value) for name, value in fields)


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
    return [(str(name).lower(), str(value)) for name, value in loader.get_token_for_http_header().items()]


class _Frames:
    """The frames a server sends on a socket, read by the deadline."""

    def __init__(self, sock: socket.socket, deadline: float):
        self.sock, self.deadline, self.buffer = sock, deadline, b""

    def _read(self, count: int) -> bytes:
        while len(self.buffer) < count:
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            self.sock.settimeout(left)
            chunk = self.sock.recv(65536)
            if not chunk:
                raise _NotRay("it closed the connection without answering as a Ray cluster does")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def next(self) -> tuple[int, int, int, bytes]:
        """The next frame: its type, flags, stream and payload."""
        head = self._read(9)
        length = int.from_bytes(head[:3], "big")
        if length > 1 << 20:
            raise _NotRay("it does not speak gRPC, as a Ray cluster does")
        return head[3], head[4], int.from_bytes(head[5:], "big") & 0x7FFFFFFF, self._read(length)

    def settings(self) -> None:
        """Read the server's first frame, which an HTTP/2 server sends on its own: its settings
        (anything else, such as the first line of another protocol, is refused before the rest
        of it is waited for)."""
        head = self._read(9)
        if head[3] != _SETTINGS or head[4] & _ACK or head[5:] != bytes(4):
            raise _NotRay("it does not speak gRPC, as a Ray cluster does")
        self._read(int.from_bytes(head[:3], "big"))


def _ask_cluster_id(sock: socket.socket, authority: str, deadline: float) -> None:
    """Make ``_CLUSTER_ID_CALL`` on ``sock``: return once the server answers it as Ray's GCS
    does (with a reply), raise ``_NotRay`` when it answers otherwise, TimeoutError at the
    deadline."""
    fields = [(":method", "POST"), (":scheme", "http"), (":path", _CLUSTER_ID_CALL), (":authority", authority),
              ("content-type", "application/grpc"), ("te", "trailers"), *_token_fields()]
    sock.sendall(_PREFACE + _frame(_SETTINGS, 0, 0)
                 + _frame(_HEADERS, _END_HEADERS, 1, _header_block(fields))
                 + _frame(_DATA, _END_STREAM, 1, b"\x00\x00\x00\x00\x00"))  # an empty message
    frames = _Frames(sock, deadline)
    frames.settings()
    sock.sendall(_frame(_SETTINGS, _ACK, 0))
    while True:
        kind, flags, stream, payload = frames.next()
        if kind == _GOAWAY or (kind == _RST_STREAM and stream == 1):
            raise _NotRay("it speaks gRPC but refused the call a Ray driver makes first")
        if stream != 1:
            if kind == _PING and not flags & _ACK:
                sock.sendall(_frame(_PING, _ACK, 0, payload))
            continue
        if kind == _DATA and payload:
            return  # the cluster's id: this is a Ray cluster's head
        if kind == _HEADERS and flags & _END_STREAM:  # an error, with no reply
            raise _NotRay("it speaks gRPC but answered the call a Ray driver makes first with an error (another "
                          "service than a Ray cluster's head, or a cluster whose authentication token this "
                          "machine does not have: see RAY_AUTH_TOKEN)")


def check_reachable(address: str) -> None:
    """ValueError unless ``address`` ("host:port", or "ray://host:port") answers as a Ray cluster
    does within ``CONNECT_SECONDS``: Ray itself retries an address for minutes, whether nothing
    listens there or something that is not Ray.  A cluster's head ("host:port", its GCS) is asked
    the call a Ray driver makes first; a Ray Client server ("ray://") must answer as a gRPC
    server does (the Ray Client then gives its own errors, within its own timeouts)."""
    if address == "auto":
        return
    client = address.startswith("ray://")
    where = address.removeprefix("ray://")
    host, _, port = where.rpartition(":")
    if not host or not port.isdigit():
        raise ValueError(f"the Ray address {address!r} is not HOST:PORT (or ray://HOST:PORT, or auto)")
    deadline = time.monotonic() + CONNECT_SECONDS
    try:
        sock = socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_SECONDS)
    except OSError as exc:
        raise ValueError(f"cannot reach the Ray cluster at {address!r}: {exc.strerror or exc}") from None
    try:
        if os.environ.get("RAY_USE_TLS", "0").lower() in ("1", "true"):
            return  # a cluster that speaks TLS: Ray's own handshake checks it
        if client:
            sock.sendall(_PREFACE + _frame(_SETTINGS, 0, 0))
            _Frames(sock, deadline).settings()
        else:
            _ask_cluster_id(sock, where, deadline)
    except TimeoutError:
        raise ValueError(f"{address!r} did not answer as a Ray cluster does within {CONNECT_SECONDS:g} seconds "
                         "(is it the address of a Ray cluster's head?)") from None
    except _NotRay as exc:
        raise ValueError(f"{address!r} is not a Ray cluster: {exc}") from None
    except OSError as exc:
        raise ValueError(f"cannot reach the Ray cluster at {address!r}: {exc.strerror or exc}") from None
    finally:
        sock.close()


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
