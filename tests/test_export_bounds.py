"""``Rules.from_dict`` takes what the compiler could have made, no more: every number within the
bounds a ruleset has (one table of bounds, on the rules' fields, read by the compiler, by
``from_dict`` and by the JSON Schema).  An export of a million players passed the schema and made
``simulate`` exhaust the memory."""

from __future__ import annotations

import copy
import pathlib

import jsonschema
import pytest

import tractor_rules as tr
from tractor_rules.rules import Combinations, Count, DeclareStep, Levels, Penalty, Table, limits

BASE = tr.load("two-decks").to_dict()


def with_value(path: str, value: object) -> dict:
    """The two-deck export with ``value`` put at the dotted ``path`` (a number: an index in a list)."""
    data = copy.deepcopy(BASE)
    *parents, last = path.split(".")
    node: object = data
    for part in parents:
        node = node[int(part) if part.isdigit() else part]  # type: ignore[index]
    node[int(last) if last.isdigit() else last] = value  # type: ignore[index]
    return data


#: (where in the export, the class and field whose bounds apply, a ruleset line the compiler
#: reads against the same bounds).  (A cap or a factor past its bound has more than the six digits
#: a ruleset's number may have: the compiler stops it earlier, at the number.)
CASES = [
    ("table.players", Table, "players", "table\n  players: {}\n"),
    ("table.decks", Table, "decks", "table\n  decks: {}\n"),
    ("table.hand_size", Table, "hand_size", "table\n  deal: {} each, kitty 8\n"),
    ("table.points.0.1", Table, "points", "table\n  points: 5 = {}\n"),
    ("levels.end_hands", Levels, "end_hands", "levels\n  game end: after {} hands\n"),
    ("combinations.tractor_min_length", Combinations, "tractor_min_length",
     "combinations\n  tractors: {}+ adjacent pairs\n"),
    ("leading.throw_penalty.points", Penalty, "points", "lead\n  throw penalty: {} per attempt\n"),
    ("declaring.ladder.0.count", DeclareStep, "count", "declare\n  ladder: {} level cards\n"),
]


@pytest.mark.parametrize("path, cls, name, line", CASES, ids=[c[0] for c in CASES])
def test_a_number_past_the_bounds_is_refused_by_from_dict_as_by_the_compiler(path, cls, name, line):
    low, high = limits(cls, name)
    data = with_value(path, high + 1)
    with pytest.raises(tr.RulesetError) as info:
        tr.Rules.from_dict(data)
    assert info.value.code == "E402" and f"from {low} to {high}" in info.value.message
    with pytest.raises(tr.RulesetError) as compiled:
        tr.loads('extends: "two-decks"\n' + line.format(high + 1))
    assert f"from {low} to {high}" in str(compiled.value)
    errors = list(jsonschema.Draft202012Validator(tr.schema()).iter_errors(data))
    assert errors, "the schema states the bound too"


def test_a_million_players_is_refused_before_anything_is_played():
    with pytest.raises(tr.RulesetError, match=r"table.players: 1000000 is out of bounds: from 2 to 12"):
        tr.Rules.from_dict(with_value("table.players", 10**6))


def test_numbers_deep_in_the_follow_lists_are_bounded_too():
    data = copy.deepcopy(BASE)
    entry = data["following"]["lists"][0]["entries"][0]["terms"][0]
    entry["count"]["plus"] = 10**9
    with pytest.raises(tr.RulesetError, match=r"out of bounds: from -1000 to 1000"):
        tr.Rules.from_dict(data)
    assert limits(Count, "plus") == (-1000, 1000)


def test_the_none_value_of_a_bounded_field_is_accepted():
    """0 is "no cap", "no end", "no upper bound": within what a ruleset means, though not a number
    it writes."""
    rules = tr.load("two-decks")
    assert rules.kitty.cap == 0 and rules.combinations.tractor_max_length == 0
    assert tr.Rules.from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize("name", tr.builtin_names())
def test_every_shipped_ruleset_is_within_the_bounds(name: str):
    rules = tr.load(name)
    assert tr.Rules.from_dict(rules.to_dict()) == rules
    assert not list(jsonschema.Draft202012Validator(tr.schema()).iter_errors(rules.to_dict()))


GALLERY = sorted((pathlib.Path(__file__).parent.parent / "examples" / "house-rules").glob("*.tractor"))


@pytest.mark.parametrize("path", GALLERY, ids=lambda p: p.stem)
def test_every_gallery_file_is_within_the_bounds(path: pathlib.Path):
    """Values the compiler makes for real house rules (a 'nobody declares' that turns no kitty card
    has card 0) read back from their JSON form."""
    rules = tr.load(str(path))
    assert tr.Rules.from_dict(rules.to_dict()) == rules
    assert not list(jsonschema.Draft202012Validator(tr.schema()).iter_errors(rules.to_dict()))


def test_what_the_compiler_makes_at_its_own_bounds_round_trips():
    """The bounds are those of what the compiler can make, not only of what a ruleset writes: a step
    per deck of 10000 points with eight decks makes rows of 80000 points per level."""
    text = ('extends: "two-decks"\ntable\n  decks: 8\n  deal: 100 each, kitty 32\n'
            "  points: 5 = 10000, 10 = 10000, K = 10000\nupgrade\n  steps: 10000 per deck\n")
    rules = tr.loads(text)
    assert max(row.every for row in rules.thresholds) == 80_000
    assert tr.Rules.from_dict(rules.to_dict()) == rules
    assert not list(jsonschema.Draft202012Validator(tr.schema()).iter_errors(rules.to_dict()))
