"""Conformance vectors: ``tractor-rules vectors`` writes schema-valid cases that reach the rules'
corners, and ``tractor-rules verify`` passes the package's own vectors and reports tampered ones by
their line."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

import tractor_rules as tr
from tractor_rules.cli import main
from tractor_rules.interop.vectors import dumps_lines, generate, schema, verify
from tractor_rules.rules import RANKS

VALIDATOR = jsonschema.Draft202012Validator(schema())
#: one validator per line kind: the same definitions as the whole schema's "oneOf", without trying
#: every branch for every line
BY_KIND = {kind: jsonschema.Draft202012Validator({**schema(), "oneOf": [{"$ref": f"#/$defs/{kind}"}]})
           for kind in schema()["$defs"]}


def validate(lines: list[dict]) -> None:
    VALIDATOR.validate(lines[0])
    for line in lines[1:]:
        BY_KIND[line["kind"]].validate(line)
    for line in lines[1:200]:  # the whole schema too, on a sample
        VALIDATOR.validate(line)


#: the module's vectors are made once, on the worker that runs the module
pytestmark = pytest.mark.xdist_group("interop-vectors")


@pytest.fixture(scope="module")
def two_decks() -> tr.Rules:
    return tr.load("two-decks")


@pytest.fixture(scope="module")
def lines(two_decks) -> list[dict]:
    return generate(two_decks, "two-decks", 5000, 0)


def cases_of(lines: list[dict], kind: str) -> list[dict]:
    return [c for c in lines[1:] if c["kind"] == kind]


def test_the_schema_is_a_valid_json_schema():
    jsonschema.Draft202012Validator.check_schema(schema())


def test_five_thousand_schema_valid_cases_that_the_package_passes(two_decks, lines):
    assert lines[0]["count"] == 5000 == len(lines) - 1
    assert [c["id"] for c in lines[1:]] == list(range(1, 5001))
    validate(lines)
    verdict = verify(two_decks, dumps_lines(lines).splitlines())
    assert (verdict.checked, verdict.failures) == (5000, [])


def test_every_kind_is_drawn(lines):
    assert set(lines[0]["kinds"]) == {"card_order", "units", "follow_error", "winner", "throw_outcome",
                                      "kitty_multiplier", "level_change", "next_banker"}
    assert sum(lines[0]["kinds"].values()) == 5000


def test_the_cases_reach_the_corners(two_decks, lines):
    follows = cases_of(lines, "follow_error")
    reasons = {c["expect"]["reason"] for c in follows}
    assert {None, "all-of-suit", "suit-only", "shape"} <= reasons
    assert any(c["params"]["trump"] is None for c in follows)  # no-trump hands
    throws = cases_of(lines, "throw_outcome")
    assert {c["expect"]["stands"] for c in throws} == {True, False}
    # ruffs: a side-suit lead won by a follow of trumps
    ruffs = 0
    for case in cases_of(lines, "winner"):
        p = case["params"]
        ctx = two_decks.context(p["level"], p["trump"])
        won = case["expect"]["winner"]
        if won and not ctx.is_trump(ctx.cards(p["lead"])[0]) and ctx.is_trump(ctx.cards(p["follows"][won - 1])[0]):
            ruffs += 1
    assert ruffs >= 5
    # tractors across the level gap: pairs of the ranks on both sides of the level in a side suit
    gap = 0
    for case in cases_of(lines, "units"):
        p = case["params"]
        for unit in case["expect"]["units"]:
            ranks = {card[:-1] for card in unit["cards"].split()}
            if unit["length"] > 1 and p["level"] not in ranks and "J" not in unit["cards"][-1:] and \
                    any(RANKS.index(r) + 2 == RANKS.index(s) and RANKS[RANKS.index(r) + 1] == p["level"]
                        for r in ranks for s in ranks):
                gap += 1
    assert gap >= 1
    # every score of the upgrade table, every seat
    assert [c["params"]["points"] for c in cases_of(lines, "level_change")] == list(range(0, 201, 5))
    assert len(cases_of(lines, "next_banker")) == 8


@pytest.mark.parametrize("name", tr.builtin_names())
def test_every_shipped_ruleset_passes_its_own_vectors(name):
    rules = tr.load(name)
    lines = generate(rules, name, 400, 1)
    validate(lines)
    verdict = verify(rules, dumps_lines(lines).splitlines())
    assert (verdict.checked, verdict.failures) == (400, [])


def test_the_same_seed_writes_the_same_file(tmp_path, capsys):
    first, second, other = (tmp_path / f"{n}.jsonl" for n in ("a", "b", "c"))
    assert main(["vectors", "one-deck", "--count", "300", "-o", str(first)]) == 0
    assert main(["vectors", "one-deck", "--count", "300", "-o", str(second)]) == 0
    assert main(["vectors", "one-deck", "--count", "300", "--seed", "1", "-o", str(other)]) == 0
    assert first.read_bytes() == second.read_bytes() != other.read_bytes()


@pytest.fixture()
def written(tmp_path) -> Path:
    path = tmp_path / "two.jsonl"
    assert main(["vectors", "two-decks", "--count", "400", "-o", str(path)]) == 0
    return path


def test_verify_passes_on_the_packages_own_vectors(written, capsys):
    assert main(["verify", str(written)]) == 0
    assert capsys.readouterr().out == f"{written}: 400 cases, all pass (Tractor (two decks))\n"


def tamper(path: Path, kind: str, change) -> int:
    """Change the expectation of the first case of ``kind``; its line number."""
    lines = path.read_text(encoding="utf-8").splitlines()
    number = next(i for i, line in enumerate(lines) if json.loads(line).get("kind") == kind)
    case = json.loads(lines[number])
    change(case["expect"])
    lines[number] = json.dumps(case)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return number + 1


@pytest.mark.parametrize("kind, change, expected", [
    ("winner", lambda e: e.update(winner=e["winner"] + 1), "expected winner"),
    ("follow_error", lambda e: e.update(legal=not e["legal"]), "expected legal"),
    ("units", lambda e: e.update(is_tractor=not e["is_tractor"]), "expected is_tractor"),
    ("level_change", lambda e: e.update(levels=e["levels"] + 1), "expected levels"),
])
def test_a_tampered_vector_is_reported_with_its_line(written, capsys, kind, change, expected):
    line = tamper(written, kind, change)
    assert main(["verify", str(written)]) == 1
    out, err = capsys.readouterr()
    assert out.startswith(f"{written}:{line}: case ")
    assert expected in out and out.count("\n") == 1
    assert err == f"{written}: 400 cases, 1 fail\n"


def test_a_vector_file_for_other_rules_is_refused(written, capsys):
    assert main(["verify", str(written), "--ruleset", "one-deck"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{written}: line 1: these vectors were written for other rules ('two-decks'")
    # rules that play alike under another name share the digest
    house = written.parent / "renamed.tractor"
    house.write_text('ruleset: "Renamed"\nextends: "two-decks"\n', encoding="utf-8")
    assert main(["verify", str(written), "--ruleset", str(house)]) == 0


@pytest.mark.parametrize("line, message", [
    ("not json", "not JSON: Expecting value (column 1)"),
    ('{"id": 1, "kind": "shuffle", "params": {}, "expect": {}}', "case 1 (shuffle): unknown kind"),
    ('[1, 2]', 'a case is an object with "id", "kind", "params" and "expect"'),
    ('{"id": 2, "kind": "winner", "params": {"level": "10", "trump": "S", "lead": "ZZ", "follows": []}, '
     '"expect": {"winner": 0}}', "case 2 (winner): unknown card 'ZZ'"),
    ('{"id": 3, "kind": "winner", "params": {"level": "10", "trump": "S", "lead": "5S"}, '
     '"expect": {"winner": 0}}', "case 3 (winner): the parameter 'follows' is missing"),
    ('{"id": 4, "kind": "winner", "params": {"level": "1", "trump": "S", "lead": "5S", "follows": []}, '
     '"expect": {"winner": 0}}', "case 4 (winner): 'level' '1' is not a rank of this deck"),
    ('{"id": 5, "kind": "units", "params": {"level": "10", "trump": "S", "cards": "5S"}, '
     '"expect": {"winner": 0}}', "case 5 (units): \"expect\" has 'winner', which units does not answer"),
])
def test_bad_lines_are_reported_with_their_line(written, capsys, line, message):
    with written.open("a", encoding="utf-8") as handle:
        handle.write(line + "\n")
    assert main(["verify", str(written)]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"{written}:402: {message}"), out


@pytest.mark.parametrize("content, message", [
    ("", "the file is empty: a vector file starts with a header line"),
    ('{"format": "other"}\n', 'line 1: not a vector file'),
    ('{"format": "tractor-rules-vectors", "version": 9}\n', "line 1: vector format version 9"),
    (b"\xff\xfe", "cannot read: not UTF-8 text"),
])
def test_files_that_are_no_vector_files(tmp_path, capsys, content, message):
    path = tmp_path / "x.jsonl"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    assert main(["verify", str(path)]) == 1
    assert capsys.readouterr().err.startswith(f"{path}: {message}")


def test_usage_errors(capsys, tmp_path):
    assert main(["vectors", "--count", "0"]) == 2
    assert "--count is from 1 to 1,000,000, not 0" in capsys.readouterr().err
    assert main(["verify", str(tmp_path)]) == 1
    assert capsys.readouterr().err == f"{tmp_path}: cannot read: it is a folder\n"


def test_the_schema_command_prints_the_schema(capsys):
    assert main(["vectors", "--schema"]) == 0
    assert json.loads(capsys.readouterr().out) == schema()
