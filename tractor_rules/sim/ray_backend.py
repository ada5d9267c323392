"""The Ray backend (``--backend ray``, extra ``tractor-rules[ray]``): the games of a run played as
Ray tasks, on a cluster (``--address``) or on a local Ray instance started for the run and stopped
after it.  The tasks are the local workers' (``parallel.play_games_task``), so a run on Ray gives
the same hands as a serial run; ``--workers`` bounds the tasks in flight."""

from __future__ import annotations

import socket
from typing import Any

from ..engine.records.simulate import HandResult
from .parallel import Backend, GameJob, play_games_task

__all__ = ["RayBackend", "open_ray"]


#: seconds to wait for a cluster's address to answer before giving up on it
CONNECT_SECONDS = 5.0


def check_reachable(address: str) -> None:
    """ValueError unless ``address`` ("host:port", or "ray://host:port") accepts a connection
    within ``CONNECT_SECONDS``: Ray itself retries a dead address for minutes."""
    if address == "auto":
        return
    where = address.removeprefix("ray://")
    host, _, port = where.rpartition(":")
    if not host or not port.isdigit():
        raise ValueError(f"the Ray address {address!r} is not HOST:PORT (or ray://HOST:PORT, or auto)")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_SECONDS).close()
    except OSError as exc:
        raise ValueError(f"cannot reach the Ray cluster at {address!r}: {exc.strerror or exc}") from None


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ImportError("the ray backend needs Ray: pip install 'tractor-rules[ray]'") from None
    return ray


class _RayPending:
    __slots__ = ("ray", "ref")

    def __init__(self, ray: Any, ref: Any):
        self.ray = ray
        self.ref = ref

    def result(self) -> list[HandResult]:
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
                ray.init(**options)
            except (ConnectionError, ValueError, RuntimeError) as exc:
                raise ValueError(f"cannot reach the Ray cluster at {address!r}: {exc}") from None
        self.task = ray.remote(play_games_task)

    def submit(self, job: GameJob, game: int, limit: int) -> _RayPending:
        return _RayPending(self.ray, self.task.remote(job, game, limit))

    def close(self) -> None:
        if self.started and self.ray.is_initialized():
            self.ray.shutdown()


def open_ray(workers: int, address: str | None) -> Backend:
    return RayBackend(workers, address)
