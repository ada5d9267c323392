"""The rules oracle as a JSON-RPC 2.0 server, for programs in any language.

``Dispatcher`` turns one request (bytes) into one response (bytes, or None for a notification) and
never raises: malformed JSON, a wrong request, a ruleset that does not compile, bad cards, a
question the rules cannot answer, each is a JSON-RPC error.  ``serve_stdio`` reads one request per
line and writes one response per line; ``serve_http`` answers POST requests on 127.0.0.1, each in
its own thread.

Methods: ``load`` (a ruleset from text or a shipped name: its handle), ``rulesets`` (the shipped
names), ``questions`` (the questions and their parameters), and each question of
``questions.QUESTIONS``, whose ``ruleset`` parameter is a handle from ``load`` or a shipped name.
Handles are digests of the text, so any connection may use any handle it was given, and compiled
rules are kept in one bounded store shared by the threads, changed under a lock.
"""

from __future__ import annotations

import hashlib
import json
import sys
import threading
from collections import OrderedDict
from collections.abc import Iterable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import IO, Any

from .. import __version__
from ..api import load
from ..errors import Diagnostic, RulesetError
from ..facade import analyse
from ..resources import builtin_names
from ..rules import Rules
from .questions import QUESTIONS, QuestionError, ask

#: the largest request (one line over stdio, one body over HTTP), in bytes
MAX_REQUEST = 4 << 20
#: the most requests of one batch
MAX_BATCH = 1000
#: the most compiled rulesets kept; the least recently used is dropped first
MAX_RULESETS = 64

# JSON-RPC 2.0 error codes; -32000 and below are this server's own
PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS, INTERNAL_ERROR = -32700, -32600, -32601, -32602, -32603
RULESET_ERROR = -32000  # the ruleset text does not compile: data.diagnostics says where
UNKNOWN_RULESET = -32001  # a handle this server does not hold (never loaded, or dropped)
CANNOT_ANSWER = -32002  # bad cards, or a question these rules cannot answer


class RpcError(Exception):
    def __init__(self, code: int, message: str, data: Any = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.data = data


class TextDoesNotCompile(Exception):
    """Ruleset text with errors: ``diagnostics`` holds every one (the facade's analysis)."""

    def __init__(self, diagnostics: list[Diagnostic]):
        super().__init__(diagnostics[0].message)
        self.diagnostics = diagnostics


class RulesetStore:
    """Compiled rulesets by handle, shared by every thread."""

    def __init__(self, allowed_roots: Iterable[str] = ()):
        self.allowed_roots = list(allowed_roots)
        self._rules: OrderedDict[str, Rules] = OrderedDict()
        self._lock = threading.Lock()
        # one compile at a time: compiling is quick, and the parser need not be shared between threads
        self._compiling = threading.Lock()

    def load_text(self, text: str, origin: str) -> tuple[str, Rules, list[Diagnostic]]:
        """The handle and the rules of ``text``, and the compiler's warnings about it."""
        handle = "sha256:" + hashlib.sha256(f"{origin}\0{text}".encode("utf-8", "surrogatepass")).hexdigest()
        with self._lock:
            found = self._rules.get(handle)
            if found is not None:
                self._rules.move_to_end(handle)
                return handle, found, []
        with self._compiling:
            # parents: the shipped rulesets, and the folders the server was started with
            analysis = analyse(text, origin, allowed_roots=self.allowed_roots)
        if analysis.rules is None:
            raise TextDoesNotCompile([d for d in analysis.diagnostics if d.severity == "error"] or analysis.diagnostics)
        with self._lock:
            self._rules[handle] = analysis.rules
            if len(self._rules) > MAX_RULESETS:
                self._rules.popitem(last=False)
        return handle, analysis.rules, analysis.diagnostics

    def load_name(self, name: str) -> Rules:
        with self._lock:
            found = self._rules.get(name)
            if found is not None:
                self._rules.move_to_end(name)
                return found
        with self._compiling:
            rules = load(name)
        with self._lock:
            self._rules[name] = rules
            if len(self._rules) > MAX_RULESETS:
                self._rules.popitem(last=False)
        return rules

    def get(self, ref: object) -> Rules:
        if not isinstance(ref, str):
            raise RpcError(INVALID_PARAMS, "'ruleset' is a handle from 'load' or the name of a shipped ruleset")
        if ref in builtin_names():
            return self.load_name(ref)
        with self._lock:
            found = self._rules.get(ref)
            if found is not None:
                self._rules.move_to_end(ref)
                return found
        raise RpcError(UNKNOWN_RULESET, f"no ruleset {ref[:80]!r}: load it first (handles are dropped after "
                                        f"{MAX_RULESETS} others), or name a shipped ruleset")


class Dispatcher:
    """Answers JSON-RPC requests; safe to call from several threads at once."""

    def __init__(self, store: RulesetStore | None = None):
        self.store = store or RulesetStore()

    # --- the wire -------------------------------------------------------------------------------

    def handle_bytes(self, raw: bytes) -> bytes | None:
        """The response to one request or batch (None: nothing to answer, only notifications)."""
        answer = self.handle_text(raw)
        return None if answer is None else json.dumps(answer, ensure_ascii=False).encode("utf-8")

    def handle_text(self, raw: bytes) -> Any:
        if len(raw) > MAX_REQUEST:
            return _error(None, INVALID_REQUEST, f"the request is larger than {MAX_REQUEST:,} bytes")
        try:
            message = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError as exc:
            return _error(None, PARSE_ERROR, f"the request is not UTF-8 (byte {exc.start})")
        except json.JSONDecodeError as exc:
            return _error(None, PARSE_ERROR, f"the request is not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})")
        except RecursionError:
            return _error(None, PARSE_ERROR, "the request is not JSON this server reads: nested too deep")
        if isinstance(message, list):
            if not message:
                return _error(None, INVALID_REQUEST, "an empty batch")
            if len(message) > MAX_BATCH:
                return _error(None, INVALID_REQUEST, f"a batch of more than {MAX_BATCH} requests")
            answers = [a for a in (self.handle_message(m) for m in message) if a is not None]
            return answers or None
        return self.handle_message(message)

    def handle_message(self, message: Any) -> dict | None:
        if not isinstance(message, dict):
            return _error(None, INVALID_REQUEST, "a request is a JSON object")
        ident = message.get("id")
        if isinstance(ident, (dict, list, bool)) or isinstance(ident, float):
            return _error(None, INVALID_REQUEST, "'id' is a string, a whole number or null")
        if message.get("jsonrpc") != "2.0" or not isinstance(message.get("method"), str):
            return _error(ident, INVALID_REQUEST, "a request has \"jsonrpc\": \"2.0\" and a \"method\" string")
        params = message.get("params", {})
        notification = "id" not in message
        try:
            if not isinstance(params, dict):
                raise RpcError(INVALID_PARAMS, "the parameters are an object (named parameters)")
            result = self.call(message["method"], params)
        except RpcError as error:
            return None if notification else _error(ident, error.code, error.message, error.data)
        except Exception as exc:  # a bug: answer it, and keep serving the other requests
            print(f"tractor-rules serve: internal error in {message['method']!r}: {type(exc).__name__}: {exc}",
                  file=sys.stderr)
            return None if notification else _error(ident, INTERNAL_ERROR, f"internal error: {type(exc).__name__}")
        return None if notification else {"jsonrpc": "2.0", "id": ident, "result": result}

    # --- the methods ----------------------------------------------------------------------------

    def call(self, method: str, params: dict) -> Any:
        if method == "load":
            return self._load(params)
        if method == "rulesets":
            return {"rulesets": builtin_names()}
        if method == "questions":
            return {"version": __version__, "questions": [
                {"name": q.name, "summary": q.summary, "params": {"ruleset": "a handle from 'load' or a shipped "
                                                                 "ruleset's name", **q.params}}
                for q in QUESTIONS.values()]}
        if method not in QUESTIONS:
            raise RpcError(METHOD_NOT_FOUND, f"no method {method[:80]!r}; the methods are load, rulesets, questions, "
                                             f"{', '.join(QUESTIONS)}")
        if "ruleset" not in params:
            raise RpcError(INVALID_PARAMS, "the parameter 'ruleset' is missing (a handle from 'load', or a "
                                           "shipped ruleset's name)")
        rules = self.store.get(params["ruleset"])
        try:
            return ask(rules, method, params)
        except QuestionError as error:
            raise RpcError(INVALID_PARAMS, str(error)) from None
        except RulesetError as error:  # bad cards, a seat or a level the rules do not have
            raise RpcError(CANNOT_ANSWER, error.message, {"kind": error.kind}) from None

    def _load(self, params: dict) -> dict:
        unknown = sorted(set(params) - {"text", "origin", "name"})
        if unknown:
            raise RpcError(INVALID_PARAMS, f"load has no parameter {unknown[0]!r}; give \"text\" (and \"origin\", "
                                           "a name for it in messages) or \"name\"")
        if ("text" in params) == ("name" in params):
            raise RpcError(INVALID_PARAMS, "load takes either \"text\" (a ruleset's text) or \"name\" (a shipped "
                                           "ruleset)")
        warnings: list[Diagnostic] = []
        try:
            if "name" in params:
                name = params["name"]
                if not isinstance(name, str) or name not in builtin_names():
                    shown = name[:80] if isinstance(name, str) else name
                    raise RpcError(INVALID_PARAMS, f"no shipped ruleset {shown!r}; the shipped rulesets are "
                                                   f"{', '.join(builtin_names())}")
                handle, rules = name, self.store.load_name(name)
            else:
                text, origin = params["text"], params.get("origin", "<string>")
                if not isinstance(text, str) or not isinstance(origin, str):
                    raise RpcError(INVALID_PARAMS, "\"text\" and \"origin\" are strings")
                handle, rules, warnings = self.store.load_text(text, origin)
        except (RulesetError, TextDoesNotCompile) as error:
            first = error.diagnostics[0]
            where = f"{first.file}:{first.line}:{first.column}: " if first.line else ""
            raise RpcError(RULESET_ERROR, f"{where}{first.message}",
                           {"diagnostics": [d.to_dict() for d in error.diagnostics]}) from None
        return {"ruleset": handle, "name": rules.name, "description": rules.description,
                "players": rules.table.players, "decks": rules.table.decks,
                "diagnostics": [d.to_dict() for d in warnings]}


def _error(ident: Any, code: int, message: str, data: Any = None) -> dict:
    error: dict[str, Any] = {"code": code, "message": message}
    if data is not None:
        error["data"] = data
    return {"jsonrpc": "2.0", "id": ident, "error": error}


# --- stdio ------------------------------------------------------------------------------------


def serve_stdio(dispatcher: Dispatcher, stdin: IO[bytes], stdout: IO[bytes]) -> None:
    """One request per line, one response per line, in order, until the end of input."""
    while True:
        line = stdin.readline(MAX_REQUEST + 1)
        if not line:
            return
        if len(line) > MAX_REQUEST and not line.endswith(b"\n"):
            while (rest := stdin.readline(MAX_REQUEST)) and not rest.endswith(b"\n"):
                pass  # skip the rest of the oversized line
            response: bytes | None = json.dumps(_error(None, INVALID_REQUEST, f"the request is larger than "
                                                                             f"{MAX_REQUEST:,} bytes")).encode()
        elif not line.strip():
            continue
        else:
            response = dispatcher.handle_bytes(line)
        if response is not None:
            stdout.write(response + b"\n")
            stdout.flush()


# --- HTTP -------------------------------------------------------------------------------------


class _Handler(BaseHTTPRequestHandler):
    server_version = f"tractor-rules/{__version__}"
    protocol_version = "HTTP/1.1"
    timeout = 30  # a client that stops sending mid-request frees its thread
    dispatcher: Dispatcher

    def do_POST(self) -> None:
        length = self.headers.get("Content-Length")
        if self.headers.get("Transfer-Encoding") is not None or length is None:
            self._reply(HTTPStatus.LENGTH_REQUIRED, _error(None, INVALID_REQUEST, "send the request with a Content-Length"))
            return
        try:
            size = int(length)
        except ValueError:
            size = -1
        if size < 0:
            self._reply(HTTPStatus.BAD_REQUEST, _error(None, INVALID_REQUEST, "a bad Content-Length"))
            return
        if size > MAX_REQUEST:
            self.close_connection = True  # the body is not read
            self._reply(HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                        _error(None, INVALID_REQUEST, f"the request is larger than {MAX_REQUEST:,} bytes"))
            return
        body = self.rfile.read(size)
        response = self.dispatcher.handle_bytes(body)
        if response is None:
            self.send_response(HTTPStatus.NO_CONTENT)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self._send(HTTPStatus.OK, response)

    def do_GET(self) -> None:
        self._reply(HTTPStatus.METHOD_NOT_ALLOWED, _error(None, INVALID_REQUEST, "send JSON-RPC requests with POST"),
                    {"Allow": "POST"})

    do_PUT = do_DELETE = do_PATCH = do_HEAD = do_GET

    def _reply(self, status: HTTPStatus, body: dict, headers: dict[str, str] | None = None) -> None:
        self._send(status, json.dumps(body).encode("utf-8"), headers)

    def _send(self, status: HTTPStatus, body: bytes, headers: dict[str, str] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:  # no line per request on stderr
        pass


class OracleHTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    # connections waiting to be accepted: many clients may connect at once (the default, 5, makes
    # the kernel refuse a burst)
    request_queue_size = 256


def http_server(dispatcher: Dispatcher, port: int) -> OracleHTTPServer:
    """A server bound to 127.0.0.1:``port`` (0: a free port; ``.server_address`` says which)."""
    handler = type("Handler", (_Handler,), {"dispatcher": dispatcher})
    return OracleHTTPServer(("127.0.0.1", port), handler)
