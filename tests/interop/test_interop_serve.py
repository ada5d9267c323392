"""``tractor-rules serve`` driven from Node (tests/interop/rpc_client.mjs) over stdio and HTTP: the
same answers as the Python API, JSON-RPC errors for bad input, many requests in flight; and the
dispatcher's error handling, request by request."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.interop.questions import QuestionError, ask
from tractor_rules.interop.server import MAX_REQUEST, Dispatcher, RulesetStore, serve_stdio
from tractor_rules.interop.vectors import generate

CLIENT = Path(__file__).with_name("rpc_client.mjs")
HOUSE = 'ruleset: "House"\nextends: "two-decks"\n\nkitty\n  multiplier: 2 × size\n'
BROKEN = 'ruleset: "Broken"\nextends: "two-decks"\n\ntable\n  playrs: 4\n'


#: the node client runs the requests once, on the worker that runs the module
pytestmark = pytest.mark.xdist_group("interop-serve")


@pytest.fixture(scope="module")
def two_decks() -> tr.Rules:
    return tr.load("two-decks")


@pytest.fixture(scope="module")
def calls(two_decks) -> list[dict]:
    """Requests: loading, 150 vector cases asked of the shipped ruleset, questions of a loaded house
    rule, and bad ones."""
    out: list[dict] = [{"id": "load-name", "method": "load", "params": {"name": "two-decks"}},
                       {"id": "load-text", "method": "load", "params": {"text": HOUSE, "origin": "house.tractor"}},
                       {"id": "load-broken", "method": "load", "params": {"text": BROKEN, "origin": "broken.tractor"}}]
    for case in generate(two_decks, "two-decks", 150, 3)[1:]:
        out.append({"id": case["id"], "method": case["kind"], "params": {"ruleset": "two-decks", **case["params"]}})
    handle = tr.loads(HOUSE, "house.tractor")
    assert handle.kitty != two_decks.kitty
    out += [
        {"id": "house-kitty", "method": "kitty_multiplier",
         "params": {"ruleset": "HANDLE", "level": "10", "trump": "H", "last_lead": "5S 5S 6S 6S"}},
        {"id": "legal-follow", "method": "legal_follow",
         "params": {"ruleset": "two-decks", "level": "10", "trump": "H", "hand": "KS KS 9S 7S 3C", "lead": "AS AS"}},
        {"id": "declaration", "method": "declaration", "params": {"ruleset": "two-decks", "level": "10", "cards": "10H 10H"}},
        {"id": "fallback", "method": "fallback_trump",
         "params": {"ruleset": "two-decks", "level": "2", "kitty": "7D 5S 5H 3C 4C 8D 9D JC"}},
        {"id": "bad-cards", "method": "winner",
         "params": {"ruleset": "two-decks", "level": "10", "trump": "H", "lead": "ZZ", "follows": []}},
        {"id": "bad-param", "method": "winner", "params": {"ruleset": "two-decks", "level": "10", "trump": "X",
                                                           "lead": "AS", "follows": ["KS"]}},
        {"id": "no-method", "method": "shuffle", "params": {}},
        {"id": "no-ruleset", "method": "winner", "params": {"ruleset": "sha256:00"}},
    ]
    return out


@pytest.fixture(scope="module")
def node_run(calls, tmp_path_factory) -> dict:
    node = shutil.which("node")
    assert node is not None, "node is needed (scripts/test installs nodejs)"
    # the house rule's handle: loaded first over both transports, then used by later requests
    handle = Dispatcher().call("load", {"text": HOUSE, "origin": "house.tractor"})["ruleset"]
    for call in calls:
        if call["params"].get("ruleset") == "HANDLE":
            call["params"]["ruleset"] = handle
    path = tmp_path_factory.mktemp("rpc") / "calls.json"
    path.write_text(json.dumps({"calls": calls}), encoding="utf-8")
    done = subprocess.run([node, str(CLIENT), sys.executable, str(path)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_every_answer_is_the_python_apis(node_run, calls, two_decks, transport):
    answers = node_run[transport]
    assert len(answers) == len(calls)
    for call in calls:
        if isinstance(call["id"], int):
            assert answers[str(call["id"])]["result"] == ask(two_decks, call["method"], call["params"]), call
    ctx = two_decks.context("10", "H")
    assert answers["legal-follow"]["result"] == {"play": " ".join(map(str, ctx.legal_follow("KS KS 9S 7S 3C", "AS AS")))}
    assert answers["declaration"]["result"]["declaration"]["trump"] == two_decks.declaration("10H 10H", "10").trump
    assert answers["fallback"]["result"] == {"trump": two_decks.fallback_trump("7D 5S 5H 3C 4C 8D 9D JC", "2")}
    house = tr.loads(HOUSE, "house.tractor").context("10", "H")
    assert answers["house-kitty"]["result"] == {"multiplier": house.kitty_multiplier("5S 5S 6S 6S")} == {"multiplier": 8}


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_direct_calls_agree(node_run, calls, two_decks, transport):
    """A sample checked against the oracle's own methods, not through the question registry."""
    answers = node_run[transport]
    checked = 0
    for call in calls:
        p = call["params"]
        got = answers[str(call["id"])].get("result")
        if call["method"] == "winner" and isinstance(call["id"], int):
            assert got == {"winner": two_decks.context(p["level"], p["trump"]).winner(p["lead"], p["follows"])}
            checked += 1
        elif call["method"] == "level_change":
            assert tuple(got.values()) == two_decks.level_change(p["points"])
            checked += 1
    assert checked > 10


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_errors_are_json_rpc_errors(node_run, transport):
    answers = node_run[transport]
    assert answers["load-name"]["result"]["ruleset"] == "two-decks"
    assert answers["load-text"]["result"]["name"] == "House"
    broken = answers["load-broken"]["error"]
    assert broken["code"] == -32000
    assert broken["message"].startswith("broken.tractor:5:3: unknown word 'playrs'")
    first = broken["data"]["diagnostics"][0]
    assert {k: first[k] for k in ("file", "line", "column", "end_line", "end_column", "severity")} == {
        "file": "broken.tractor", "line": 5, "column": 3, "end_line": 5, "end_column": 9, "severity": "error"}
    assert first["code"].startswith("E")
    assert first["fixes"][0]["replacement"] == "players"  # the did-you-mean
    assert answers["bad-cards"]["error"]["code"] == -32002
    assert answers["bad-cards"]["error"]["message"].startswith("unknown card 'ZZ'")
    assert answers["bad-param"]["error"] == {
        "code": -32602, "message": "'trump' is one of \"S\", \"H\", \"D\", \"C\", or null for no-trump, not 'X'"}
    assert answers["no-method"]["error"]["code"] == -32601
    assert answers["no-ruleset"]["error"]["code"] == -32001


@pytest.mark.parametrize(("name", "params", "message"), [
    ("next_banker", {"banker": 0}, "the parameter 'winner' is missing"),
    ("next_banker", {"banker": 0, "winner": "nobody"}, "'winner' is \"banker\" or \"attackers\", not 'nobody'"),
    ("level_change", {"points": 80, "last_trick": "nobody"},
     "'last_trick' is \"banker\" or \"attackers\", not 'nobody'"),
    ("card_order", {"level": "2", "trump": "X", "suit": "S"},
     "'trump' is one of \"S\", \"H\", \"D\", \"C\", or null for no-trump, not 'X'"),
])
def test_a_question_refuses_a_missing_or_wrong_parameter_in_words(two_decks, name, params, message):
    """Refusals that only the vector-file mutant net met before (tests/hostile/test_hostile_reader_mutants.py),
    each at some seed past its 600th: here whatever sample the net plays."""
    with pytest.raises(QuestionError) as refused:
        ask(two_decks, name, params)
    assert str(refused.value) == message


def test_stdio_answers_malformed_json_and_not_notifications(node_run):
    assert node_run["stdio_extra"] == [{"jsonrpc": "2.0", "id": None, "error": {
        "code": -32700, "message": "the request is not JSON: Expecting property name enclosed in double quotes "
                                   "(line 1, column 2)"}}]
    assert node_run["exit"]["stdio"] == 0


def test_http_probes(node_run):
    probes = node_run["probes"]
    assert len(probes["batch"]) == 5
    assert probes["malformed"]["status"] == 200
    assert probes["malformed"]["body"]["error"]["code"] == -32700
    assert probes["notification"] == {"status": 204, "body": None}
    assert probes["too_large"]["status"] == 413
    assert probes["too_large"]["body"]["error"]["message"] == f"the request is larger than {MAX_REQUEST:,} bytes"
    assert probes["get"] == {"status": 405, "allow": "POST"}
    assert [a["error"]["code"] for a in probes["not_a_request"]["body"]] == [-32600, -32600]
    assert node_run["exit"]["http"] == 143  # SIGTERM: a clean exit with 128 + 15


# --- the dispatcher, request by request ------------------------------------------------------------


def answer(dispatcher: Dispatcher, request: object) -> object:
    raw = request if isinstance(request, bytes) else json.dumps(request).encode()
    out = dispatcher.handle_bytes(raw)
    return None if out is None else json.loads(out)


@pytest.mark.parametrize("request_, code, message", [
    (b"\xff\xfe", -32700, "the request is not UTF-8 (byte 0)"),
    (b"[" * 100_000, -32700, "the request is not JSON"),
    ([], -32600, "an empty batch"),
    ([{"jsonrpc": "2.0", "id": i, "method": "rulesets"} for i in range(1001)], -32600, "a batch of more than 1000"),
    ({"jsonrpc": "1.0", "id": 1, "method": "rulesets"}, -32600, "a request has \"jsonrpc\": \"2.0\""),
    ({"jsonrpc": "2.0", "id": [1], "method": "rulesets"}, -32600, "'id' is a string, a whole number or null"),
    ({"jsonrpc": "2.0", "id": 1, "method": "winner", "params": [1, 2]}, -32602, "the parameters are an object"),
    ({"jsonrpc": "2.0", "id": 1, "method": "load", "params": {}}, -32602, "load takes either \"text\""),
    ({"jsonrpc": "2.0", "id": 1, "method": "load", "params": {"name": "two-deck"}}, -32602, "no shipped ruleset 'two-deck'"),
    ({"jsonrpc": "2.0", "id": 1, "method": "load", "params": {"text": 5}}, -32602, "\"text\" and \"origin\" are strings"),
    ({"jsonrpc": "2.0", "id": 1, "method": "load", "params": {"text": 'extends: "/etc/passwd"\n'}}, -32000, "<string>:1:10"),
    ({"jsonrpc": "2.0", "id": 1, "method": "units", "params": {"ruleset": "two-decks", "level": "10", "trump": "H",
                                                               "cards": "5S", "extra": 1}}, -32602, "units has no parameter 'extra'"),
    ({"jsonrpc": "2.0", "id": 1, "method": "next_banker", "params": {"ruleset": "two-decks", "banker": 9,
                                                                     "winner": "banker"}}, -32002, "seat 9 is not one of seats 0..3"),
])
def test_bad_requests(request_, code, message):
    got = answer(Dispatcher(), request_)
    assert isinstance(got, dict)
    assert got["error"]["code"] == code
    assert got["error"]["message"].startswith(message), got


def test_a_bug_is_an_internal_error_and_the_server_goes_on(monkeypatch, capsys):
    dispatcher = Dispatcher()

    def broken(method, params):
        raise KeyError("oops")

    monkeypatch.setattr(dispatcher, "call", broken)
    got = answer(dispatcher, {"jsonrpc": "2.0", "id": 1, "method": "rulesets"})
    assert got == {"jsonrpc": "2.0", "id": 1, "error": {"code": -32603, "message": "internal error: KeyError"}}
    assert "internal error in 'rulesets'" in capsys.readouterr().err


def test_stdio_skips_an_oversized_line_and_answers_the_next():
    lines = b"x" * (MAX_REQUEST + 10) + b"\n" + json.dumps({"jsonrpc": "2.0", "id": 7, "method": "rulesets"}).encode() + b"\n"
    out = io.BytesIO()
    serve_stdio(Dispatcher(), io.BytesIO(lines), out)
    first, second = (json.loads(line) for line in out.getvalue().splitlines())
    assert first["error"]["code"] == -32600
    assert second["id"] == 7 and "two-decks" in second["result"]["rulesets"]


def test_threads_share_the_store_and_the_oracle_safely(two_decks):
    """Many threads ask about many contexts at once (more than the oracle's cache holds), and loads
    past the store's bound: every answer is the one a single thread gets."""
    dispatcher = Dispatcher(RulesetStore())
    cases = generate(two_decks, "two-decks", 300, 5)[1:]
    expected = [ask(two_decks, c["kind"], c["params"]) for c in cases]
    failures: list[object] = []

    def worker(offset: int) -> None:
        for i in range(offset, len(cases), 4):
            request = {"jsonrpc": "2.0", "id": i, "method": cases[i]["kind"],
                       "params": {"ruleset": "two-decks", **cases[i]["params"]}}
            got = answer(dispatcher, request)
            if not isinstance(got, dict) or got.get("result") != expected[i]:
                failures.append(got)
            text = f'ruleset: "R{offset}-{i}"\nextends: "two-decks"\n'
            loaded = answer(dispatcher, {"jsonrpc": "2.0", "id": 0, "method": "load", "params": {"text": text}})
            if not isinstance(loaded, dict) or loaded.get("result", {}).get("name") != f"R{offset}-{i}":
                failures.append(loaded)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []


@pytest.mark.parametrize("text, code", [
    ("kitty\n  multiplier: " + " + ".join(["size"] * 1000) + ", at most 100\n", "E017"),
    ('ruleset: "A\\ud800B"\n', "E015"),
])
def test_hostile_texts_are_ruleset_errors_not_internal_errors(text: str, code: str):
    """A formula of 1,000 terms was answered "internal error" (a RecursionError), and a name of half a
    surrogate pair loaded, then could not be written out; both are ruleset errors with positions."""
    request = {"jsonrpc": "2.0", "id": 1, "method": "load", "params": {"text": text, "origin": "house.tractor"}}
    answer = json.loads(Dispatcher().handle_bytes(json.dumps(request).encode("utf-8")))
    error = answer["error"]
    assert "internal error" not in error["message"]
    first = error["data"]["diagnostics"][0]
    assert first["code"] == code and first["line"] >= 1 and first["column"] >= 1


def test_half_a_surrogate_pair_in_a_request_is_refused_with_the_request():
    """Half a surrogate pair as a character of a request's text (the JSON escape \\ud800 with no
    second half) is no Unicode at all: the request is refused as not JSON, saying why, and the
    server goes on answering."""
    request = {"jsonrpc": "2.0", "id": 1, "method": "load",
               "params": {"text": 'ruleset: "A\ud800B"\n', "origin": "house.tractor"}}
    dispatcher = Dispatcher()
    answer = json.loads(dispatcher.handle_bytes(json.dumps(request).encode("utf-8")))
    assert answer["error"]["code"] == -32700
    assert "lone surrogate" in answer["error"]["message"]
    again = json.loads(dispatcher.handle_bytes(json.dumps({**request, "params": {"name": "two-decks"}}).encode()))
    assert "result" in again
