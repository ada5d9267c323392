"""``compare: part by part, largest first`` (``ruffing.compare`` "part-by-part"): competing plays
compared unit by unit, the units with the most cards first, the first that differs deciding, a
throw's singles counted only when every unit is a single (rbtying/shengji's
``ThrowEvaluationPolicy::TrickUnitLength``, mechanics/src/trick.rs ``Trick::winner``)."""

from __future__ import annotations

import json

import pytest

import tractor_rules as tr
from tractor_rules.render import render_sheet

TEXT = """ruleset: "part by part"
extends: "two-decks"

ruff
  needs: the lead's shape
  compare: {how}
"""


def rules(how: str = "part by part, largest first") -> tr.Rules:
    return tr.loads(TEXT.format(how=how), origin="house.tractor")


def test_the_statement_compiles_to_part_by_part_and_round_trips():
    r = rules()
    assert r.ruffing.compare == "part-by-part"
    assert tr.Rules.from_dict(json.loads(json.dumps(r.to_dict()))) == r
    schema = json.dumps(tr.schema())
    assert '"part-by-part"' in schema


@pytest.mark.parametrize("text, message", [
    ("compare: part by part", "house.tractor:6:24: this line ends too early: expected ','"),
    ("compare: part by parts, largest first", "house.tractor:6:20: unknown word 'parts': did you mean 'part'?"),
])
def test_bad_input_is_named_with_its_place(text, message):
    source = TEXT.format(how="x").replace("compare: x", text)
    with pytest.raises(tr.RulesetError) as error:
        tr.loads(source, origin="house.tractor")
    assert str(error.value).splitlines()[0].replace("error[E004]: ", "").replace("error[E001]: ", "") == message


# (lead, follows, winner under part by part, winner under largest part of the lead); level 2,
# hearts trump
CASES = [
    # three side singles: the tens tie, 6 > 5 decides
    ("AS KS QS", ["10H 5H 3H", "10H 6H 4H", "4C 5C 6C"], 2, 1),
    # the first unit that differs decides, even when a later one is lower
    ("AS KS QS", ["10H 9H 8H", "JH 4H 3H", "4C 5C 6C"], 2, 2),
    # a throw's single is not compared when it holds a pair: 10 10 3 and 10 10 4 tie
    ("AS AS 9S", ["10H 10H 3H", "10H 10H 4H", "4C 5C 6C"], 1, 1),
    # two pairs: 10 10 tie, 9 9 > 8 8
    ("AS AS QS QS 9S", ["10H 10H 8H 8H 3H", "10H 10H 9H 9H 3H", "4C 4C 5C 6C 7C"], 2, 1),
    # a tractor and a single: the tractors tie, the single is not compared
    ("AS AS KS KS 9S", ["10H 10H 9H 9H 3H", "10H 10H 9H 9H 4H", "4C 4C 5C 6C 7C"], 1, 1),
    # one set: the higher pair, as every way compares it
    ("9S 9S", ["3H 3H", "4H 4H", "5S 6S"], 2, 2),
]


@pytest.mark.parametrize("lead, follows, part_by_part, largest", CASES)
def test_winners(lead, follows, part_by_part, largest):
    assert rules().context("2", "H").winner(lead, follows) == part_by_part
    assert rules("largest part of the lead").context("2", "H").winner(lead, follows) == largest


@pytest.mark.parametrize("lang, words", [
    ("en", "the first combination that differs decides"),
    ("zh", "第一个不同的牌型决定大小"),
])
def test_the_sheet_says_it(lang, words):
    assert words in render_sheet(rules(), "md", lang)
    assert words not in render_sheet(rules("largest part of the lead"), "md", lang)


def test_the_gallery_rule_plays_it():
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "examples" / "house-rules" / "R07-ruffs-compared-part-by-part.tractor"
    assert tr.load(str(path)).ruffing.compare == "part-by-part"
