"""The rules oracle as a JSON-RPC 2.0 server, for programs in any language.

``Dispatcher`` turns one request (bytes) into one response (bytes, or None for a notification) and
never raises: malformed JSON, JSON no program should send (numbers of thousands of digits, lone
surrogates, nesting thousands deep), a wrong request, a ruleset that does not compile, bad cards, a
question the rules cannot answer, each is a JSON-RPC error.  ``serve_stdio`` reads one request per
line and writes one response per line; the HTTP side (``interop/http.py``) serves the same
dispatcher.

Methods: ``load`` (a ruleset from text or a shipped name: its handle), ``rulesets`` (the shipped
names), ``questions`` (the questions and their parameters), and each question of
``questions.QUESTIONS``, whose ``ruleset`` parameter is a handle from ``load`` or a shipped name.
Handles are digests of the text, so any connection may use any handle it was given, and compiled
rules are kept in one bounded store shared by the threads, changed under a lock.  Compiles run in
the threads of the requests that ask for them, several at once: a long one holds up no other
request (the parser is shared read-only, docs/design.md).
"""

from __future__ import annotations

import hashlib
import json
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import IO, Any

from .. import __version__
from ..api import load
from ..errors import MAX_REPORTED, Diagnostic, RulesetError
from ..facade import analyse
from ..resources import builtin_names
from ..rules import Rules
from .jsontext import JSONTextError, loads
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

    def load_text(self, text: str, origin: str) -> tuple[str, Rules, list[Diagnostic]]:
        """The handle and the rules of ``text``, and the compiler's warnings about it."""
        handle = "sha256:" + hashlib.sha256(f"{origin}\0{text}".encode("utf-8", "surrogatepass")).hexdigest()
        with self._lock:
            found = self._rules.get(handle)
            if found is not None:
                self._rules.move_to_end(handle)
                return handle, found, []
        # parents: the shipped rulesets, and the folders the server was started with.  No lock: a
        # compile of a large text must not hold up the others' (the parser is shared read-only)
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
        """The response to one request or batch (None: nothing to answer, only notifications).
        Never raises: whatever goes wrong is a JSON-RPC error."""
        try:
            answer = self.handle_text(raw)
        except Exception as exc:  # a bug: answer it, and keep serving
            _report_bug("a request", exc)
            answer = error_response(None, INTERNAL_ERROR, f"internal error: {type(exc).__name__}")
        return None if answer is None else dumps(answer)

    def handle_text(self, raw: bytes) -> Any:
        if len(raw) > MAX_REQUEST:
            return error_response(None, INVALID_REQUEST, f"the request is larger than {MAX_REQUEST:,} bytes")
        try:
            message = loads(raw.decode("utf-8"))
        except UnicodeDecodeError as exc:
            return error_response(None, PARSE_ERROR, f"the request is not UTF-8 (byte {exc.start})")
        except JSONTextError as exc:
            return error_response(None, PARSE_ERROR, f"the request is not JSON: {exc}")
        if isinstance(message, list):
            if not message:
                return error_response(None, INVALID_REQUEST, "an empty batch")
            if len(message) > MAX_BATCH:
                return error_response(None, INVALID_REQUEST, f"a batch of more than {MAX_BATCH} requests")
            answers = [a for a in (self.handle_message(m) for m in message) if a is not None]
            return answers or None
        return self.handle_message(message)

    def handle_message(self, message: Any) -> dict | None:
        if not isinstance(message, dict):
            return error_response(None, INVALID_REQUEST, "a request is a JSON object")
        ident = message.get("id")
        if isinstance(ident, (dict, list, bool)) or isinstance(ident, float):
            return error_response(None, INVALID_REQUEST, "'id' is a string, a whole number or null")
        if message.get("jsonrpc") != "2.0" or not isinstance(message.get("method"), str):
            return error_response(ident, INVALID_REQUEST, "a request has \"jsonrpc\": \"2.0\" and a \"method\" string")
        params = message.get("params", {})
        notification = "id" not in message
        try:
            if not isinstance(params, dict):
                raise RpcError(INVALID_PARAMS, "the parameters are an object (named parameters)")
            result = self.call(message["method"], params)
        except RpcError as error:
            return None if notification else error_response(ident, error.code, error.message, error.data)
        except Exception as exc:  # a bug: answer it, and keep serving the other requests
            _report_bug(repr(message["method"][:80]), exc)
            return None if notification else error_response(ident, INTERNAL_ERROR, f"internal error: {type(exc).__name__}")
        return None if notification else {"jsonrpc": "2.0", "id": ident, "result": result}

    # --- the methods ----------------------------------------------------------------------------

    def call(self, method: str, params: dict) -> Any:
        own = OWN_METHODS.get(method)
        if own is not None:
            return own.answer(self, params)
        if method not in QUESTIONS:
            raise RpcError(METHOD_NOT_FOUND, f"no method {method[:80]!r}; the methods are {', '.join(methods())}")
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
            # the origin is the client's own text: cut, as every value of a request quoted in a message
            file = first.file if len(first.file) <= 80 else first.file[:79] + "…"
            where = f"{file}:{first.line}:{first.column}: " if first.line else ""
            raise RpcError(RULESET_ERROR, f"{where}{first.message}", _diagnostics(error.diagnostics)) from None
        return {"ruleset": handle, "name": rules.name, "description": rules.description,
                "players": rules.table.players, "decks": rules.table.decks, **_diagnostics(warnings)}


def _rulesets(dispatcher: Dispatcher, params: dict) -> dict:
    return {"rulesets": builtin_names()}


def _questions(dispatcher: Dispatcher, params: dict) -> dict:
    return {"version": __version__, "questions": [
        {"name": q.name, "summary": q.summary, "params": {"ruleset": QUESTION_RULESET, **q.params}}
        for q in QUESTIONS.values()]}


@dataclass(frozen=True)
class OwnMethod:
    """A method of the server that is not a question of the oracle."""

    #: what it answers, one line (``serve --help`` and the "no method" error list the methods)
    summary: str
    answer: Callable[[Dispatcher, dict], Any]


#: what the ``ruleset`` parameter of every question is
QUESTION_RULESET = "a handle from 'load' or a shipped ruleset's name"

#: the server's own methods, beside the questions (``questions.QUESTIONS``); ``call`` answers from
#: this table
OWN_METHODS: dict[str, OwnMethod] = {
    "load": OwnMethod("compile a ruleset from its text (or take a shipped one by name): its handle, name, players, "
                      "decks and warnings", Dispatcher._load),
    "rulesets": OwnMethod("the names of the shipped rulesets", _rulesets),
    "questions": OwnMethod("every question below, with its parameters, and the package's version", _questions),
}


def methods() -> dict[str, str]:
    """Every method the server answers, with its one-line summary: its own methods, then the
    oracle's questions (each takes ``ruleset``, a handle from ``load`` or a shipped name)."""
    return {**{name: own.summary for name, own in OWN_METHODS.items()},
            **{name: question.summary for name, question in QUESTIONS.items()}}


def _diagnostics(diagnostics: list[Diagnostic]) -> dict[str, Any]:
    """The first ``MAX_REPORTED`` diagnostics, as the command line reports them, and how many there
    are in all: an answer stays a few kilobytes however many problems a text has."""
    return {"diagnostics": [d.to_dict() for d in diagnostics[:MAX_REPORTED]], "diagnostic_count": len(diagnostics)}


def dumps(answer: Any) -> bytes:
    """An answer as UTF-8 JSON.  Every string of it is Unicode text (a request with a lone surrogate
    is refused before it is read), but should one slip through, it is written escaped rather than
    failing the answer."""
    try:
        return json.dumps(answer, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(answer).encode("ascii")


def _report_bug(where: str, exc: Exception) -> None:
    try:
        print(f"tractor-rules serve: internal error in {where}: {type(exc).__name__}: {str(exc)[:200]!r}",
              file=sys.stderr)
    except Exception:  # standard error is closed, or full: the answer still goes out
        pass


def error_response(ident: Any, code: int, message: str, data: Any = None) -> dict:
    """A JSON-RPC error response."""
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
            response: bytes | None = dumps(error_response(None, INVALID_REQUEST, f"the request is larger than "
                                                                      f"{MAX_REQUEST:,} bytes"))
        elif not line.strip():
            continue
        else:
            response = dispatcher.handle_bytes(line)
        if response is not None:
            stdout.write(response + b"\n")
            stdout.flush()
