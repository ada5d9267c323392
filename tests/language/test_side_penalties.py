"""``throw penalty: bankers PENALTY, attackers PENALTY``: each side's own cost of a failed throw, from
the statement to the compiled rules, the sheet in both languages and the errors."""

from __future__ import annotations

import pytest

import tractor_rules as tr
from tractor_rules.render import render_sheet
from tractor_rules.rules import Penalty

HEADER = 'extends: "two-decks"\nlead\n'


def lead(statement: str, parent: str = "two-decks") -> tr.Rules:
    return tr.loads(f'extends: "{parent}"\nlead\n  {statement}\n', "x.tractor")


@pytest.mark.parametrize(("statement", "bankers", "attackers"), [
    ("throw penalty: bankers 10 per attempt, attackers 20 per attempt",
     Penalty("per-attempt", 10), Penalty("per-attempt", 20)),
    ("throw penalty: attackers hand lost, bankers none", Penalty(), Penalty("hand-lost", 0)),
    ("throw penalty: bankers 5 per card taken back, attackers 10 per attempt",
     Penalty("per-card", 5), Penalty("per-attempt", 10)),
])
def test_each_side_gets_its_own_cost_in_either_order(statement, bankers, attackers):
    rules = lead(statement)
    assert rules.leading.throw_penalty == bankers
    assert rules.leading.attackers_throw_penalty == attackers
    assert rules.leading.throw_penalty_of(True) == bankers
    assert rules.leading.throw_penalty_of(False) == attackers


def test_the_same_cost_on_both_sides_is_the_one_cost_form():
    both = lead("throw penalty: bankers 10 per attempt, attackers 10 per attempt")
    assert both == lead("throw penalty: 10 per attempt")
    assert both.leading.attackers_throw_penalty is None


def test_a_child_with_one_cost_replaces_both_of_a_parents_costs(tmp_path):
    (tmp_path / "parent.tractor").write_text(
        HEADER + "  throw penalty: bankers 10 per attempt, attackers 20 per attempt\n", encoding="utf-8")
    child = tmp_path / "child.tractor"
    child.write_text('extends: "parent.tractor"\nlead\n  throw penalty: 5 per attempt\n', encoding="utf-8")
    rules = tr.load(str(child))
    assert rules.leading.throw_penalty == Penalty("per-attempt", 5)
    assert rules.leading.attackers_throw_penalty is None
    assert "by an attacker" not in render_sheet(rules, "txt", "en")


def test_one_side_twice_is_e205_at_the_second():
    with pytest.raises(tr.RulesetError) as info:
        tr.loads(HEADER + "  throw penalty: attackers 10 per attempt, attackers 20 per attempt\n", "x.tractor")
    (d,) = info.value.diagnostics
    assert (d.line, d.column, d.code) == (3, 44, "E205")
    assert "stated twice" in d.message


@pytest.mark.parametrize("statement", [
    "throw penalty: bankers 10 per attempt",                          # one side only
    "throw penalty: bankers 10 per attempt, attackers 20 per attempt, bankers 5 per attempt",
    "throw penalty: bankers, attackers 20 per attempt",
])
def test_other_shapes_are_syntax_errors(statement):
    with pytest.raises(tr.RulesetError) as info:
        tr.loads(HEADER + f"  {statement}\n", "x.tractor")
    assert info.value.diagnostics[0].line == 3


def test_a_side_penalty_out_of_bounds_is_reported_where_written():
    with pytest.raises(tr.RulesetError) as info:
        tr.loads(HEADER + "  throw penalty: bankers 10 per attempt, attackers 0 per attempt\n", "x.tractor")
    (d,) = info.value.diagnostics
    assert (d.line, d.column) == (3, 52)


@pytest.mark.parametrize(("lang", "sentence"), [
    ("en", "A failed throw by a player of the banker team costs 10 points; by an attacker, it costs 20 points for "
           "each card taken back."),
    ("zh", "庄家一方的玩家甩牌失败，罚10分；闲家甩牌失败，每收回一张牌罚20分。"),
])
def test_the_sheet_says_each_sides_cost(lang, sentence):
    rules = lead("throw penalty: bankers 10 per attempt, attackers 20 per card taken back")
    text = " ".join(render_sheet(rules, "txt", lang).split()) if lang == "en" else \
        "".join(render_sheet(rules, "txt", lang).split())
    assert sentence in text
    assert "[house rule]" in render_sheet(rules, "txt", "en")
