"""Mutated input for the readers that take untrusted input besides rulesets: vector files
(``verify``), rbtying/shengji settings (``import --from shengji``) and JSON-RPC requests (the
server's dispatcher).  Each starts from real input (files written by ``vectors`` and ``export``,
the requests the interop tests send) and mutates it the way a fuzzer or an attacker does: bytes
flipped, cut short, spans deleted or repeated, invalid UTF-8; and, where the text is still JSON,
values swapped for huge integers, deep nesting, lone surrogates, NaN, very long strings, values of
the wrong type, keys removed, renamed or repeated.  ``*_mutant(seed)`` is deterministic: a failing
seed reproduces on every machine.

The ``check_*`` functions are case functions of the harness (harness.py): each runs a range of
seeds through its reader and returns the seeds that broke a promise, with what they did, after a
first entry of counts."""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import tractor_rules as tr

#: a report may be long, but never grow with the input past this
MAX_OUTPUT_CHARS = 64 * 1024
#: the longest line a command may print about one problem
MAX_LINE_CHARS = 4000
#: the longest one-line error message of ``import``
MAX_ERROR_CHARS = 1000

# --- raw JSON values nobody should send ------------------------------------------------------------

HUGE_INT = "9" * 5000  # past Python's 4,300-digit limit on int()
NASTY_VALUES = [
    HUGE_INT, "-" + HUGE_INT, "1" + "0" * 400, "1e999999", "-1e999999", "1e-999999", "NaN", "Infinity", "-Infinity",
    '"\\ud800"', '"x\\udfffy"', '"\\udc00\\ud800"', '"\\u0000"', '"\\u001b[2J\\u001b]0;pwned\\u0007"', '"\\u202e"',
    '"' + "x" * 1_000_000 + '"', '"' + "牌" * 100_000 + '"', "[" * 5000 + "]" * 5000, "[" * 100_000 + "]" * 100_000,
    '{"a":' * 3000 + "0" + "}" * 3000, "null", "true", "false", "0", "-1", "2.5", "-0", "1e308", "1E2",
    "18446744073709551617", "-9223372036854775809", "[]", "{}", '""', '" "', "[null]", '[1, "2", [3]]',
    '{"": null}', '"two-decks"', '"../../../etc/passwd"', '"/dev/zero"', '"sha256:00"', '"A"', '"BJ"', '"10H 10H"',
]
KEY_RENAMES = ["", " ", "__proto__", "constructor", "\u0000", "\\ud800", "KIND", "id ", "params", "expect",
               "ruleset", "a" * 10_000]
#: bytes that break text in many ways: invalid UTF-8, control characters, a byte-order mark
JUNK_BYTES = [b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00", b"\r", b"\n", b"\n\n", b"\xef\xbb\xbf", b"\x1b[2J",
              b"\\", b'"', b"{", b"}", b"[", b"]", b",", b":", b"\\u", b"\\ud800", b"NaN", b"9" * 4400]

MARK = "@@mutant-value@@"


def _paths(value: Any, here: tuple = ()) -> list[tuple]:
    """The paths of every value inside ``value`` (itself included), as tuples of keys and indexes."""
    out = [here]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, here + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += _paths(item, here + (index,))
    return out


def _get(value: Any, path: tuple) -> Any:
    for step in path:
        value = value[step]
    return value


def _set(value: Any, path: tuple, new: Any) -> Any:
    if not path:
        return new
    _get(value, path[:-1])[path[-1]] = new
    return value


def _wrong_type(rng: random.Random, old: Any) -> Any:
    """A value of another type than ``old``, made from it where it can be."""
    choices: list[Any] = [None, True, 0, -7, 3.5, "", [old], {"value": old}, json.dumps(old)[:200]]
    if isinstance(old, str):
        choices += [len(old), old.split(), old * 2, old.upper(), old[: len(old) // 2]]
    if isinstance(old, bool):
        choices += [int(old), str(old).lower()]
    elif isinstance(old, int):
        choices += [float(old) if abs(old) < 2**1000 else 0.5, str(old)[:200], old + 1, -old, old * 1000, 2**63, 2**64 + 1, old != 0]
    if isinstance(old, list):
        choices += [old[:1], old[1:], old[::-1], old * rng.choice([2, 50, 1000]), {str(i): v for i, v in enumerate(old)}]
    if isinstance(old, dict):
        choices += [list(old.values()), list(old), {}]
    return rng.choice(choices)


def mutate_json(rng: random.Random, value: Any) -> str | None:
    """One JSON-aware mutation of ``value`` (a parsed JSON document), written back as text; None
    when the mutation does not apply to the value drawn."""
    paths = _paths(value)
    path = rng.choice(paths)
    family = rng.randrange(6)
    if family == 0:  # a value swapped for raw JSON nobody should send
        raw = rng.choice(NASTY_VALUES)
        return json.dumps(_set(value, path, MARK), ensure_ascii=False).replace(json.dumps(MARK), raw, 1)
    if family == 1:  # a value of the wrong type
        return json.dumps(_set(value, path, _wrong_type(rng, _get(value, path))), ensure_ascii=False)
    if not path:
        return None
    parent = _get(value, path[:-1])
    if family == 2:  # a key or an element removed
        del parent[path[-1]]
        return json.dumps(value, ensure_ascii=False)
    if not isinstance(parent, dict):
        return None
    key = path[-1]
    if family == 3:  # a key renamed: another case, a near miss, an empty or a hostile name
        new = rng.choice([key.upper(), key + "s", key[:-1], key.replace("_", "-"), *KEY_RENAMES])
        parent[new] = parent.pop(key)
        return json.dumps(value, ensure_ascii=False)
    if family == 4:  # a key repeated with another value (the last one wins in most readers)
        original = json.dumps(parent[key], ensure_ascii=False)
        other = json.dumps(_wrong_type(rng, parent[key]), ensure_ascii=False)
        parent[key] = MARK
        text = json.dumps(value, ensure_ascii=False)
        return text.replace(json.dumps(MARK), f"{original}, {json.dumps(key, ensure_ascii=False)}: {other}", 1)
    # a string value made very long, or a number nudged past its bounds
    old = parent[key]
    if isinstance(old, str):
        parent[key] = old * rng.choice([2, 1000, 100_000 // max(1, len(old))])
    elif isinstance(old, int) and not isinstance(old, bool):
        parent[key] = rng.choice([old + 1, old - 1, -old, 0, old * 10**6, 2**31, 2**53 + 1, 10**4000])
    else:
        return None
    return json.dumps(value, ensure_ascii=False)


def mutate_bytes(rng: random.Random, data: bytes) -> bytes:
    """One mutation of the bytes, blind to what they say."""
    if not data:
        return rng.choice(JUNK_BYTES)
    family = rng.randrange(7)
    i = rng.randrange(len(data))
    j = min(len(data), i + rng.choice([1, 2, 8, 64, 4096]))
    if family == 0:  # a bit flipped
        return data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1:]
    if family == 1:  # a byte replaced
        return data[:i] + bytes([rng.randrange(256)]) + data[i + 1:]
    if family == 2:  # cut short
        return data[:i]
    if family == 3:  # a span deleted
        return data[:i] + data[j:]
    if family == 4:  # a span repeated
        return data[:j] + data[i:j] * rng.choice([1, 2, 30, 1000]) + data[j:]
    if family == 5:  # junk inserted
        return data[:i] + rng.choice(JUNK_BYTES) + data[i:]
    lines = data.split(b"\n")  # two lines swapped
    a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[a], lines[b] = lines[b], lines[a]
    return b"\n".join(lines)


def mutate_document(rng: random.Random, data: bytes) -> bytes:
    """A JSON-aware mutation when ``data`` is still JSON (two times in three), else a blind one."""
    if rng.randrange(3):
        try:
            value = json.loads(data.decode("utf-8"))
        except (ValueError, RecursionError):
            value = None
        if value is not None:
            text = mutate_json(rng, value)
            if text is not None:
                return text.encode("utf-8", "surrogatepass")
    return mutate_bytes(rng, data)


def _rounds(rng: random.Random) -> int:
    return rng.choice([1, 1, 1, 2, 3])


# --- vector files ------------------------------------------------------------------------------------

#: the shipped rulesets whose vector files are mutated, each with the number of cases (enough for
#: every kind of question) and a seed
VECTOR_SOURCES = [("two-decks", 80, 0), ("one-deck", 60, 1), ("four-decks", 60, 2), ("house-finding-friends", 60, 3),
                  ("two-decks-power-kitty", 60, 4)]


def _run_cli(argv: list[str]) -> tuple[int, str, str]:
    from tractor_rules import cli as command

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = command.main(argv)
    return status, out.getvalue(), err.getvalue()


@cache
def vector_files() -> list[bytes]:
    """The vector files ``tractor-rules vectors <ruleset> --count N --seed S`` writes."""
    out = []
    with tempfile.TemporaryDirectory(prefix="hostile-vectors-") as folder:
        for name, count, seed in VECTOR_SOURCES:
            path = os.path.join(folder, f"{name}.jsonl")
            status, _, err = _run_cli(["vectors", name, "--count", str(count), "--seed", str(seed), "-o", path])
            assert status == 0, err
            out.append(Path(path).read_bytes())
    return out


def vector_mutant(seed: int) -> bytes:
    rng = random.Random(seed)
    files = vector_files()
    data = files[seed % len(files)]
    for _ in range(_rounds(rng)):
        lines = data.split(b"\n")
        family = rng.randrange(4)
        if family == 0:  # one line (the header one time in three) mutated as JSON or as bytes
            k = 0 if rng.randrange(3) == 0 else rng.randrange(len(lines))
            lines[k] = mutate_document(rng, lines[k]).replace(b"\n", b" ")
        elif family == 1:  # lines deleted, repeated, blank
            k = rng.randrange(len(lines))
            choice = rng.randrange(3)
            if choice == 0:
                del lines[k]
            elif choice == 1:
                lines[k:k] = [lines[k]] * rng.choice([2, 20, 500])
            else:
                lines.insert(k, rng.choice([b"", b"   ", b"\r", b"\x00"]))
        else:
            data = mutate_bytes(rng, data)
            continue
        data = b"\n".join(lines)
    return data


def _output_problem(out: str, err: str) -> str | None:
    printed = out + err
    if "Traceback" in printed:
        return "a traceback: " + printed[-500:]
    if len(printed) > MAX_OUTPUT_CHARS:
        return f"{len(printed)} characters printed"
    if any(len(line) > MAX_LINE_CHARS for line in printed.split("\n")):
        return f"a line of more than {MAX_LINE_CHARS} characters"
    if "\x1b" in printed or "\x07" in printed or "\u202e" in printed:
        return "output that would act on the terminal"
    return None


def check_verify(case: dict) -> list[dict]:
    """``tractor-rules verify`` on the vector mutants ``case["start"]`` to ``case["stop"]``: an exit
    status of 0, 1 or 2, no traceback, a bounded report whose every line says where (the file, or
    the count of failing cases the file has)."""
    bad: list[dict] = []
    stats = {"pass": 0, "fail": 0}
    with tempfile.TemporaryDirectory(prefix="hostile-verify-") as folder:
        path = os.path.join(folder, "vectors.jsonl")
        for seed in range(case["start"], case["stop"]):
            Path(path).write_bytes(vector_mutant(seed))
            try:
                status, out, err = _run_cli(["verify", path])
            except Exception as exc:
                bad.append({"seed": seed, "problem": f"raised {type(exc).__name__}: {exc}"[:500]})
                continue
            problem = _output_problem(out, err)
            if problem is None and status not in (0, 1, 2):
                problem = f"exit status {status}"
            if problem is None and status != 0 and not err.strip():
                problem = "a failure that says nothing on standard error"
            if problem is None:
                located = ("vectors.jsonl", "... and ", "  ", "error", "warning")
                stray = [line for line in (out + err).splitlines() if not any(m in line for m in located)]
                if stray:
                    problem = f"a line that does not say where: {stray[0][:300]!r}"
            if problem:
                bad.append({"seed": seed, "problem": problem})
            stats["pass" if status == 0 else "fail"] += 1
    return [{"stats": stats}] + bad


# --- rbtying/shengji settings -----------------------------------------------------------------------


#: gallery rulesets whose settings are mutated too: rbtying's two bomb policies, which no shipped
#: ruleset exports (four decks, 'bombs: 4+ identical cards', with and without free bombs)
SETTINGS_GALLERY = ("F7-free-bombs", "C06-mixed-bombs")


@cache
def settings_files() -> list[bytes]:
    """The settings ``tractor-rules export <ruleset> --to shengji`` writes for every shipped ruleset,
    and for the gallery's ``SETTINGS_GALLERY``."""
    out = []
    gallery = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
    with tempfile.TemporaryDirectory(prefix="hostile-settings-") as folder:
        for name in [*tr.builtin_names(), *(str(gallery / f"{file}.tractor") for file in SETTINGS_GALLERY)]:
            path = os.path.join(folder, f"{Path(name).stem}.json")
            status, _, err = _run_cli(["export", name, "--to", "shengji", "-o", path])
            assert status == 0, err
            out.append(Path(path).read_bytes())
    return out


def settings_mutant(seed: int) -> bytes:
    rng = random.Random(seed)
    files = settings_files()
    data = files[seed % len(files)]
    for _ in range(_rounds(rng)):
        data = mutate_document(rng, data)
    return data


def check_import(case: dict) -> list[dict]:
    """``tractor-rules import --from shengji`` on the settings mutants ``case["start"]`` to
    ``case["stop"]``, written with ``-o``: exit status 0 with a ruleset that compiles, or 1 or 2
    with one bounded line on standard error and no output file (not even a partial one)."""
    bad: list[dict] = []
    stats = {"imported": 0, "refused": 0}
    with tempfile.TemporaryDirectory(prefix="hostile-import-") as folder:
        settings = os.path.join(folder, "settings.json")
        output = os.path.join(folder, "house.tractor")
        for seed in range(case["start"], case["stop"]):
            Path(settings).write_bytes(settings_mutant(seed))
            if os.path.exists(output):
                os.remove(output)
            try:
                status, out, err = _run_cli(["import", "--from", "shengji", settings, "-o", output])
            except Exception as exc:
                bad.append({"seed": seed, "problem": f"raised {type(exc).__name__}: {exc}"[:500]})
                continue
            problem = _output_problem(out, err)
            if problem is None and status == 0:
                stats["imported"] += 1
                try:
                    tr.load(output)
                except tr.RulesetError as error:
                    problem = f"the imported ruleset does not compile: {str(error)[:300]}"
                except OSError as exc:
                    problem = f"no output file: {exc}"
            elif problem is None:
                stats["refused"] += 1
                if status not in (1, 2):
                    problem = f"exit status {status}"
                elif err.count("\n") != 1 or not err.endswith("\n") or len(err) > MAX_ERROR_CHARS:
                    problem = f"not one bounded line: {err[:300]!r}"
                elif out:
                    problem = f"printed on standard output: {out[:200]!r}"
                elif os.listdir(folder) != ["settings.json"]:
                    problem = f"left files behind: {sorted(os.listdir(folder))}"
            if problem:
                bad.append({"seed": seed, "problem": problem})
    return [{"stats": stats}] + bad


# --- JSON-RPC requests ------------------------------------------------------------------------------

HOUSE = 'ruleset: "House"\nextends: "two-decks"\n\nkitty\n  multiplier: 2 × size\n'
BROKEN = 'ruleset: "Broken"\nextends: "two-decks"\n\ntable\n  playrs: 4\n'


@cache
def requests() -> list[bytes]:
    """Valid requests, as tests/interop/test_interop_serve.py sends them: loading by name and by
    text, a question of every kind vector files ask (of two shipped rulesets), the other methods,
    and a batch."""
    from tractor_rules.interop.vectors import generate

    calls: list[dict] = [{"method": "load", "params": {"name": "two-decks"}},
                         {"method": "load", "params": {"text": HOUSE, "origin": "house.tractor"}},
                         {"method": "load", "params": {"text": BROKEN, "origin": "broken.tractor"}},
                         {"method": "rulesets"}, {"method": "questions", "params": {}}]
    for name, count in (("two-decks", 80), ("one-deck", 60)):
        seen: set[str] = set()
        for case in generate(tr.load(name), name, count, 5)[1:]:
            if case["kind"] not in seen or len(seen) > 6:
                seen.add(case["kind"])
                calls.append({"method": case["kind"], "params": {"ruleset": name, **case["params"]}})
    out = [json.dumps({"jsonrpc": "2.0", "id": i, **call}, ensure_ascii=False).encode() for i, call in enumerate(calls)]
    batch = [{"jsonrpc": "2.0", "id": f"b{i}", **call} for i, call in enumerate(calls[::7])]
    return out + [json.dumps(batch, ensure_ascii=False).encode()]


def request_mutant(seed: int) -> bytes:
    rng = random.Random(seed)
    pool = requests()
    data = pool[seed % len(pool)]
    for _ in range(_rounds(rng)):
        data = mutate_document(rng, data)
    return data


#: the error codes a request may get: every one but -32603 (internal error, a bug)
EXPECTED_CODES = {-32700, -32600, -32601, -32602, -32000, -32001, -32002}

_DISPATCHER: list = []


def check_rpc(case: dict) -> list[dict]:
    """The server's dispatcher on the request mutants ``case["start"]`` to ``case["stop"]`` (one
    dispatcher for the batch, as one server answers many requests): nothing, or JSON-RPC responses,
    each a result or an error object of a code the server documents, never -32603 (an internal
    error), and no bug reported on standard error."""
    from tractor_rules.interop.server import Dispatcher

    if not _DISPATCHER:
        _DISPATCHER.append(Dispatcher())
    dispatcher = _DISPATCHER[0]
    bad: list[dict] = []
    stats = {"results": 0, "errors": 0}
    for seed in range(case["start"], case["stop"]):
        raw = request_mutant(seed)
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            out = dispatcher.handle_bytes(raw)
        problem = None
        if err.getvalue():
            problem = f"reported on standard error: {err.getvalue()[:300]!r}"
        elif out is not None:
            try:
                answer = json.loads(out)
            except ValueError as exc:
                answer, problem = None, f"the answer is not JSON: {exc}"
            answers = answer if isinstance(answer, list) else [answer]
            for one in answers if problem is None else []:
                if not isinstance(one, dict) or one.get("jsonrpc") != "2.0" or ("result" in one) == ("error" in one):
                    problem = f"not a JSON-RPC response: {json.dumps(one)[:300]}"
                elif "error" in one:
                    stats["errors"] += 1
                    error = one["error"]
                    if error.get("code") not in EXPECTED_CODES or not isinstance(error.get("message"), str):
                        problem = f"an error of code {error.get('code')!r}: {json.dumps(error)[:300]}"
                    elif "\n" in error["message"] or len(error["message"]) > MAX_ERROR_CHARS:
                        problem = f"an error message of several lines or too long: {error['message'][:300]!r}"
                else:
                    stats["results"] += 1
                if problem:
                    break
            if problem is None and len(out) > 1 << 20:
                problem = f"an answer of {len(out)} bytes"
        if problem:
            bad.append({"seed": seed, "problem": problem})
    return [{"stats": stats}] + bad
