"""``tractor-rules serve`` under attack and under load: requests that broke it (numbers of thousands
of digits, lone surrogates), a huge ruleset's diagnostics and its compile holding up everyone else,
web pages making the HTTP side answer (wrong Content-Type, Host, Origin), and clients that hold
connections (slow senders, too many connections, huge headers and bodies).

The HTTP server runs in this process, in a thread, with its limits made small, so that a timeout is
a second, not ten."""

from __future__ import annotations

import http.client
import io
import json
import socket
import sys
import threading
import time
from collections.abc import Iterator

import pytest

from tractor_rules.cli import main
from tractor_rules.commands.interop import SERVE_EXTRA
from tractor_rules.errors import MAX_REPORTED
from tractor_rules.interop import http_server, server
from tractor_rules.interop.server import Dispatcher, RulesetStore, serve_stdio


def answer(dispatcher: Dispatcher, raw: bytes) -> dict:
    out = dispatcher.handle_bytes(raw)
    assert out is not None
    return json.loads(out)


HUGE_INT = b"1" * 5000
REQUESTS_THAT_BROKE_IT = {
    "a huge integer in the params": b'{"jsonrpc": "2.0", "id": 1, "method": "level_change", "params": '
                                    b'{"ruleset": "two-decks", "points": ' + HUGE_INT + b'}}',
    "a huge integer as the id": b'{"jsonrpc": "2.0", "id": ' + HUGE_INT + b', "method": "rulesets"}',
    "a huge negative integer": b'{"jsonrpc": "2.0", "id": 1, "method": "rulesets", "params": {"x": -' + HUGE_INT + b'}}',
    "a lone surrogate as the id": b'{"jsonrpc": "2.0", "id": "\\ud800", "method": "rulesets"}',
    "a lone surrogate in a key": b'{"jsonrpc": "2.0", "id": 1, "method": "rulesets", "params": {"\\udfff": 1}}',
    "a lone surrogate in ruleset text": b'{"jsonrpc": "2.0", "id": 1, "method": "load", "params": '
                                        b'{"text": "ruleset: \\"\\ud800\\"\\n"}}',
    "a lone surrogate in a batch": b'[{"jsonrpc": "2.0", "id": 1, "method": "rulesets"}, '
                                   b'{"jsonrpc": "2.0", "id": "\\udc00x", "method": "rulesets"}]',
    "NaN": b'{"jsonrpc": "2.0", "id": 1, "method": "level_change", "params": {"ruleset": "two-decks", "points": NaN}}',
}


@pytest.mark.parametrize("name", sorted(REQUESTS_THAT_BROKE_IT))
def test_requests_that_broke_the_server_are_parse_errors(name):
    got = answer(Dispatcher(), REQUESTS_THAT_BROKE_IT[name])
    assert got["id"] is None
    assert got["error"]["code"] == -32700
    assert got["error"]["message"].startswith("the request is not JSON: "), got


def test_a_surrogate_pair_is_a_character_not_an_error():
    got = answer(Dispatcher(), b'{"jsonrpc": "2.0", "id": "\\ud83d\\ude00", "method": "rulesets"}')
    assert got["id"] == "\N{GRINNING FACE}" and "two-decks" in got["result"]["rulesets"]


def test_stdio_answers_each_bad_line_and_goes_on():
    lines = b"".join(REQUESTS_THAT_BROKE_IT[name] + b"\n" for name in sorted(REQUESTS_THAT_BROKE_IT))
    lines += b'{"jsonrpc": "2.0", "id": "last", "method": "rulesets"}\n'
    out = io.BytesIO()
    serve_stdio(Dispatcher(), io.BytesIO(lines), out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [a["error"]["code"] for a in answers[:-1]] == [-32700] * len(REQUESTS_THAT_BROKE_IT)
    assert answers[-1]["id"] == "last" and "result" in answers[-1]


def test_whatever_goes_wrong_is_answered(monkeypatch, capsys):
    """Even a bug outside any method (here: in reading the request) is an answer, not a traceback."""
    dispatcher = Dispatcher()

    def broken(raw):
        raise OverflowError("oops")

    monkeypatch.setattr(dispatcher, "handle_text", broken)
    got = answer(dispatcher, b"{}")
    assert got == {"jsonrpc": "2.0", "id": None, "error": {"code": -32603, "message": "internal error: OverflowError"}}
    assert "internal error in a request" in capsys.readouterr().err


# --- a huge ruleset: its diagnostics, its compile -------------------------------------------------


def test_a_load_error_carries_the_first_diagnostics_as_the_command_line_shows_them():
    text = "table\n" + "  playrs: 4\n" * 300
    request = {"jsonrpc": "2.0", "id": 1, "method": "load", "params": {"text": text}}
    raw = json.dumps(request).encode()
    out = Dispatcher().handle_bytes(raw)
    assert out is not None and len(out) < 50_000  # every diagnostic made 130 KB
    error = json.loads(out)["error"]
    assert error["code"] == -32000
    assert len(error["data"]["diagnostics"]) == MAX_REPORTED
    assert error["data"]["diagnostic_count"] == 300
    assert error["data"]["diagnostics"][0]["line"] == 2


def test_the_warnings_of_a_load_are_counted():
    got = answer(Dispatcher(), json.dumps({"jsonrpc": "2.0", "id": 1, "method": "load",
                                           "params": {"name": "two-decks"}}).encode())
    assert got["result"]["diagnostics"] == [] and got["result"]["diagnostic_count"] == 0


def test_a_long_compile_holds_up_no_other_request(monkeypatch):
    """One client's compile (held here until the test lets it go) and another's: the other is
    answered meanwhile.  Compiles ran one at a time, behind a lock."""
    release = threading.Event()
    started = threading.Event()
    real = server.analyse

    def analyse(text, origin, **kwargs):
        if "Slow" in text:
            started.set()
            assert release.wait(60)
        return real(text, origin, **kwargs)

    monkeypatch.setattr(server, "analyse", analyse)
    dispatcher = Dispatcher(RulesetStore())
    results: dict[str, dict] = {}

    def load(name: str) -> None:
        request = {"jsonrpc": "2.0", "id": name, "method": "load",
                   "params": {"text": f'ruleset: "{name}"\nextends: "two-decks"\n'}}
        results[name] = answer(dispatcher, json.dumps(request).encode())

    slow = threading.Thread(target=load, args=("Slow",))
    slow.start()
    try:
        assert started.wait(60)
        quick = threading.Thread(target=load, args=("Quick",))
        quick.start()
        quick.join(30)
        assert not quick.is_alive(), "the quick load waited for the slow one"
        assert results["Quick"]["result"]["name"] == "Quick"
        assert "Slow" not in results
    finally:
        release.set()
        slow.join(60)
    assert results["Slow"]["result"]["name"] == "Slow"


# --- the HTTP side ---------------------------------------------------------------------------------


RUNNING: dict[int, object] = {}  # port -> the uvicorn server on it


def connections(port: int) -> int:
    return len(RUNNING[port].server_state.connections)  # type: ignore[attr-defined]


def wait_for_connections(port: int, count: int) -> None:
    """Until the server has taken ``count`` connections (a loaded machine may take a while)."""
    deadline = time.monotonic() + 30
    while connections(port) < count:
        assert time.monotonic() < deadline, f"the server took {connections(port)} connections of {count}"
        time.sleep(0.02)


@pytest.fixture
def port(monkeypatch) -> Iterator[int]:
    """An HTTP server in a thread, with small limits: its port."""
    monkeypatch.setattr(http_server, "REQUEST_SECONDS", 1.0)
    monkeypatch.setattr(http_server, "MAX_CONNECTIONS", 8)
    sock = http_server.bind(0)
    uv = http_server.make_server(Dispatcher(), sock)
    thread = threading.Thread(target=uv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not uv.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.01)
    RUNNING[sock.getsockname()[1]] = uv
    try:
        yield sock.getsockname()[1]
    finally:
        RUNNING.pop(sock.getsockname()[1], None)
        uv.should_exit = True
        thread.join(30)
        sock.close()


RULESETS = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "rulesets"})


def post(port: int, body: str | bytes = RULESETS, headers: dict[str, str] | None = None,
         method: str = "POST") -> tuple[int, dict | None, dict[str, str]]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request(method, "/", body=body, headers={"Content-Type": "application/json", **(headers or {})})
        response = connection.getresponse()
        data = response.read()
        return response.status, json.loads(data) if data else None, {k.lower(): v for k, v in response.getheaders()}
    finally:
        connection.close()


def test_http_answers_json_from_this_machine(port):
    status, body, headers = post(port)
    assert status == 200 and "two-decks" in body["result"]["rulesets"]
    assert headers["content-type"] == "application/json"
    assert post(port, headers={"Content-Type": "application/json; charset=utf-8"})[0] == 200
    for origin in (f"http://127.0.0.1:{port}", f"http://localhost:{port}"):
        assert post(port, headers={"Origin": origin})[0] == 200
    for host in (f"localhost:{port}", "127.0.0.1", f"[::1]:{port}"):
        assert post(port, headers={"Host": host})[0] == 200


@pytest.mark.parametrize("headers, status, message", [
    # a web page's form posts text/plain (or a form's encoding) with no preflight: CSRF
    ({"Content-Type": "text/plain"}, 415, "send the request as Content-Type: application/json"),
    ({"Content-Type": "application/x-www-form-urlencoded"}, 415, "send the request as Content-Type"),
    ({"Content-Type": "multipart/form-data; boundary=x"}, 415, "send the request as Content-Type"),
    ({"Content-Type": "application/json; charset=latin-1"}, 415, "send the request as Content-Type"),
    ({"Content-Type": ""}, 415, "send the request as Content-Type"),
    # a page's script on another origin
    ({"Origin": "http://evil.example"}, 403, "requests from web pages of other origins are refused"),
    ({"Origin": "null"}, 403, "requests from web pages of other origins are refused"),
    ({"Origin": "http://127.0.0.1:1"}, 403, "requests from web pages of other origins are refused"),
    # DNS rebinding: the page's own name, resolved to 127.0.0.1
    ({"Host": "evil.example"}, 403, "the Host header must name this machine"),
    ({"Host": "evil.example:80"}, 403, "the Host header must name this machine"),
    ({"Host": "127.0.0.1.evil.example"}, 403, "the Host header must name this machine"),
])
def test_http_refuses_what_a_web_page_could_send(port, headers, status, message):
    got, body, _ = post(port, headers=headers)
    assert got == status
    assert body["error"]["code"] == -32600 and body["error"]["message"].startswith(message)


def test_http_methods_and_sizes(port, monkeypatch):
    status, body, headers = post(port, method="GET", body=b"")
    assert (status, headers["allow"]) == (405, "POST")
    assert post(port, body='{"jsonrpc": "2.0", "method": "rulesets"}')[:2] == (204, None)
    monkeypatch.setattr(http_server, "MAX_REQUEST", 1000)
    status, body, _ = post(port, body=json.dumps({"jsonrpc": "2.0", "id": 1, "method": "rulesets", "pad": "x" * 2000}))
    assert status == 413 and body["error"]["message"] == "the request is larger than 1,000 bytes"


def test_http_reads_a_chunked_body_up_to_the_limit(port, monkeypatch):
    monkeypatch.setattr(http_server, "MAX_REQUEST", 1000)

    def chunked(body: bytes) -> tuple[int, dict]:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            connection.request("POST", "/", body=iter([body[:10], body[10:]]),
                               headers={"Content-Type": "application/json", "Transfer-Encoding": "chunked"},
                               encode_chunked=True)
            response = connection.getresponse()
            return response.status, json.loads(response.read())
        finally:
            connection.close()

    status, body = chunked(RULESETS.encode())
    assert status == 200 and "two-decks" in body["result"]["rulesets"]
    status, body = chunked(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "rulesets", "pad": "x" * 2000}).encode())
    assert status == 413


def test_http_the_bad_requests_of_stdio_are_answered(port):
    for name, raw in REQUESTS_THAT_BROKE_IT.items():
        status, body, _ = post(port, body=raw)
        assert status == 200 and body["error"]["code"] == -32700, name


def raw_connection(port: int) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=30)


def read_all(sock: socket.socket) -> bytes:
    """Everything the server sent before it closed.  A server that closes with part of the request
    unread resets the connection; the answer it wrote first is still read before the reset is
    reported, so a reset ends what was sent rather than losing it."""
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except ConnectionResetError:
        pass
    return data


def test_http_a_slow_sender_is_cut_off(port):
    """A byte every 0.3 seconds never finishes its headers: the connection is closed when the
    request's time (1 s here, 10 s for real) is up, 408.  It held a thread forever."""
    sock = raw_connection(port)
    start = time.monotonic()
    try:
        for byte in b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 100:
            try:
                sock.sendall(bytes([byte]))
            except OSError:  # closed by the server
                break
            time.sleep(0.3)
            if time.monotonic() - start > 20:
                break
        got = read_all(sock)
    finally:
        sock.close()
    assert time.monotonic() - start < 10
    assert got.startswith(b"HTTP/1.1 408 ")


def test_http_a_silent_connection_is_closed(port):
    sock = raw_connection(port)
    try:
        start = time.monotonic()
        got = read_all(sock)
        assert time.monotonic() - start < 10
        assert got.startswith(b"HTTP/1.1 408 ")
    finally:
        sock.close()


def test_http_the_answer_is_not_timed(port, monkeypatch):
    """The deadline is on reading the request, not on answering it: an answer that takes longer than
    the request's time still comes."""
    real = Dispatcher.handle_bytes

    def slow(self, raw):
        time.sleep(1.5)
        return real(self, raw)

    monkeypatch.setattr(Dispatcher, "handle_bytes", slow)
    status, body, _ = post(port)
    assert status == 200 and "two-decks" in body["result"]["rulesets"]


def test_http_too_many_connections_are_answered_503_and_the_server_goes_on(port):
    held = [raw_connection(port) for _ in range(8)]
    try:
        wait_for_connections(port, 8)
        extra = raw_connection(port)
        try:
            got = read_all(extra)
        finally:
            extra.close()
        assert got.startswith(b"HTTP/1.1 503 ")
        assert b"the server has 8 connections open" in got
    finally:
        for sock in held:
            sock.close()
    deadline = time.monotonic() + 30
    while connections(port) > 0:  # the server has seen them close
        assert time.monotonic() < deadline
        time.sleep(0.02)
    assert post(port)[0] == 200


def test_http_connections_take_no_thread_each(port):
    before = threading.active_count()
    held = [raw_connection(port) for _ in range(7)]
    try:
        for sock in held:
            sock.sendall(b"POST / HTTP/1.1\r\n")
        wait_for_connections(port, 7)
        assert threading.active_count() - before <= 1
    finally:
        for sock in held:
            sock.close()


def test_http_headers_are_bounded(port):
    sock = raw_connection(port)
    try:
        sock.sendall(b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        try:
            for _ in range(40):
                sock.sendall(b"X-Big: " + b"a" * 1000 + b"\r\n")
        except OSError:  # closed by the server
            pass
        got = read_all(sock)
    finally:
        sock.close()
    assert got.startswith(b"HTTP/1.1 400 ")


def test_http_without_the_extra_says_which_to_install(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    monkeypatch.delitem(sys.modules, "tractor_rules.interop.http_server")
    assert main(["serve", "--http", "0"]) == 1
    assert capsys.readouterr().err == SERVE_EXTRA + "\n"
