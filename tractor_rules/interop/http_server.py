"""The JSON-RPC server over HTTP (``tractor-rules serve --http PORT``): the same ``Dispatcher`` as
over standard input, behind uvicorn (an ASGI server) and a small Starlette application.  Both are
the ``[serve]`` extra; this module imports them, so it is imported only when ``--http`` is asked for.

The server listens on 127.0.0.1 only, and guards what a program on this machine can do through
it: a web page in a browser must not make it answer (a form posts as ``text/plain``; a page's
script sends its ``Origin``), nor a name of the page's own that resolves to 127.0.0.1 (DNS
rebinding: the browser then sends that name as ``Host``).  So a request is answered only when

- it is a POST with ``Content-Type: application/json`` (415 otherwise),
- its ``Host`` names this machine by loopback: ``127.0.0.1``, ``localhost`` or ``[::1]`` (403),
- it has no ``Origin``, or the server's own (``http://127.0.0.1:PORT``, ``http://localhost:PORT``,
  ``http://[::1]:PORT``) (403).

And no client can hold it: at most ``MAX_CONNECTIONS`` connections are open (a connection past
them is answered 503 at once and closed); a request is whole within ``REQUEST_SECONDS`` of its
first byte (of the connection's start, for the first) or its connection is closed (408), so a
client that sends a byte now and then holds nothing for long; a kept-alive connection that sends
nothing for ``IDLE_SECONDS`` is closed; headers are at most ``MAX_HEADER`` bytes and a body at most
``server.MAX_REQUEST`` (413, before it is read); and at most ``THREADS`` requests are answered at
once, each in a thread of its own, the others waiting their turn without holding the server's loop.
"""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import anyio
import h11
import uvicorn
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from uvicorn.protocols.http.h11_impl import H11Protocol

from .. import __version__
from .server import INVALID_REQUEST, MAX_REQUEST, Dispatcher, dumps, error_response

__all__ = ["IDLE_SECONDS", "MAX_CONNECTIONS", "MAX_HEADER", "REQUEST_SECONDS", "THREADS", "HttpOracle",
           "bind", "make_server", "serve"]

#: open connections at most; one more is answered 503 and closed
MAX_CONNECTIONS = 256
#: seconds a client has to send a whole request (headers and body)
REQUEST_SECONDS = 10.0
#: seconds a kept-alive connection may wait for its next request
IDLE_SECONDS = 5
#: the largest request line and headers, in bytes
MAX_HEADER = 16 * 1024
#: requests answered at once (the others wait for a thread)
THREADS = 8
#: the names of this machine a Host header may give (the port aside)
LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]


def _canned(status: int, reason: str, message: str) -> bytes:
    """A whole HTTP response with a JSON-RPC error, written before any request was read."""
    body = json.dumps(error_response(None, INVALID_REQUEST, message)).encode()
    return (f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\ncontent-length: {len(body)}\r\n"
            f"connection: close\r\n\r\n").encode() + body




class _GuardedProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 connection, with a cap on open connections and a deadline on reading
    each request (uvicorn times out only an idle kept-alive connection)."""

    _refused = False
    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        if len(self.connections) >= MAX_CONNECTIONS:
            self._refused = True
            transport.write(_canned(503, "Service Unavailable",
                                    f"the server has {MAX_CONNECTIONS} connections open: try again"))
            transport.close()
            return
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if not self._refused:
            super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._deadline is None and self.conn.their_state is h11.IDLE:
            self._arm()  # the first bytes of a next request on a kept-alive connection
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE and self.conn.their_state is not h11.SEND_BODY:
            self._disarm()  # the request is whole (or the connection is done): the answer is not timed

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(REQUEST_SECONDS, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            if self.conn.our_state is h11.IDLE:  # no answer started: say why the connection closes
                self.transport.write(_canned(408, "Request Timeout",
                                             f"the request was not whole within {REQUEST_SECONDS:g} seconds"))
            self.transport.close()


def _host_name(host: str) -> str:
    """The name part of a Host header (``[::1]:8080`` → ``[::1]``), lowercase."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[: host.find("]") + 1] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


class HttpOracle:
    """The ASGI application: checks each request, then hands its body to the dispatcher in a
    thread of its own (at most ``THREADS`` at once)."""

    def __init__(self, dispatcher: Dispatcher, port: int):
        self.dispatcher = dispatcher
        self.port = port
        self.origins = {f"http://{host}:{port}" for host in LOCAL_HOSTS}
        self._threads: anyio.CapacityLimiter | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return  # no lifespan events (uvicorn runs with lifespan "off"), no websockets
        request = Request(scope, receive)
        refused = self._refusal(request)
        if refused is not None:
            await refused(scope, receive, send)
            return
        try:
            body = await self._body(request)
        except ClientDisconnect:
            return
        if isinstance(body, Response):
            await body(scope, receive, send)
            return
        if self._threads is None:  # made in the loop that uses it
            self._threads = anyio.CapacityLimiter(THREADS)
        answer = await anyio.to_thread.run_sync(self.dispatcher.handle_bytes, body, limiter=self._threads)
        if answer is None:  # notifications only
            await Response(status_code=204)(scope, receive, send)
            return
        await Response(answer, status_code=200, media_type="application/json")(scope, receive, send)

    def _refusal(self, request: Request) -> Response | None:
        """The answer to a request that is not let in, or None."""
        if request.method != "POST":
            return _reply(405, "send JSON-RPC requests with POST", {"allow": "POST"})
        host = request.headers.get("host")
        if host is None or _host_name(host) not in LOCAL_HOSTS:
            return _reply(403, "the Host header must name this machine: 127.0.0.1, localhost or [::1]")
        origin = request.headers.get("origin")
        if origin is not None and origin.strip().lower() not in self.origins:
            return _reply(403, "requests from web pages of other origins are refused")
        media, _, parameters = request.headers.get("content-type", "").partition(";")
        charset = parameters.strip().lower()
        if media.strip().lower() != "application/json" or charset not in ("", "charset=utf-8", 'charset="utf-8"'):
            return _reply(415, "send the request as Content-Type: application/json (UTF-8)")
        length = request.headers.get("content-length")
        if length is None and "chunked" not in request.headers.get("transfer-encoding", "").lower():
            return _reply(411, "send the request with a Content-Length")
        if length is not None:
            if not length.strip().isdigit():
                return _reply(400, "a bad Content-Length")
            if int(length) > MAX_REQUEST:
                return _reply(413, f"the request is larger than {MAX_REQUEST:,} bytes")
        return None

    async def _body(self, request: Request) -> bytes | Response:
        """The body, read to its end; a response instead when it grows past the limit (a chunked
        body gives no length before it comes).  Past the limit the rest is read and dropped, within
        the request's time: a connection closed with bytes unread is reset, and the client would
        lose the answer."""
        chunks: list[bytes] = []
        size = 0
        async for chunk in request.stream():
            size += len(chunk)
            if size <= MAX_REQUEST:
                chunks.append(chunk)
            else:
                chunks.clear()
        if size > MAX_REQUEST:
            return _reply(413, f"the request is larger than {MAX_REQUEST:,} bytes")
        return b"".join(chunks)


def _reply(status: int, message: str, headers: dict[str, str] | None = None) -> Response:
    """An error answered without reading the body: the connection is closed after it."""
    return Response(dumps(error_response(None, INVALID_REQUEST, message)), status_code=status, media_type="application/json",
                    headers={**(headers or {}), "connection": "close"})


def bind(port: int) -> socket.socket:
    """A listening socket on 127.0.0.1:``port`` (0: a free port); OSError when it cannot be had."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", port))
        # connections waiting to be accepted: many clients may connect at once
        sock.listen(MAX_CONNECTIONS)
        sock.set_inheritable(True)
    except BaseException:
        sock.close()
        raise
    return sock


def serve(dispatcher: Dispatcher, sock: socket.socket) -> None:
    """Answer requests on ``sock`` (from ``bind``) until SIGINT or SIGTERM: uvicorn then stops
    taking connections, finishes the answers under way (5 seconds at most), and raises the signal
    again, for the caller's own handling of it."""
    make_server(dispatcher, sock).run(sockets=[sock])


def make_server(dispatcher: Dispatcher, sock: socket.socket) -> uvicorn.Server:
    """The uvicorn server of ``serve``, not started (``.run(sockets=[sock])`` runs it, in any
    thread; setting ``.should_exit`` stops it)."""
    port = sock.getsockname()[1]
    config = uvicorn.Config(
        HttpOracle(dispatcher, port),
        http=_GuardedProtocol,
        lifespan="off",
        ws="none",
        interface="asgi3",
        log_config=None,  # uvicorn's loggers keep Python's defaults: problems only, on standard error
        log_level="error",
        access_log=False,
        server_header=False,
        headers=[("server", f"tractor-rules/{__version__}")],
        timeout_keep_alive=IDLE_SECONDS,
        timeout_graceful_shutdown=5,
        h11_max_incomplete_event_size=MAX_HEADER,
        backlog=MAX_CONNECTIONS,
    )
    return uvicorn.Server(config)
