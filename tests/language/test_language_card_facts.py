"""Who held, buried and called a card, and the holder of a card, in the language: what they compile
to, where they are known (after a hand only), the errors of the holder of a card the pack lacks
(E331) and of the card the banker called where nobody calls (E332), the JSON form and its versions,
and what lint says of conditions on them that can never hold."""

from __future__ import annotations

import json

import pytest

import tractor_rules as tr
from tractor_rules import codes, facade
from tractor_rules.errors import ExportError
from tractor_rules.rules import expressions as ex

from refusals import error_of

HEADER = 'extends: "two-decks"\n'
FRIENDS = 'extends: "house-finding-friends"\n'


def warnings(text: str) -> list[str]:
    return [d["code"] for d in facade.lint(text, "house.tractor")["diagnostics"]]


def after_hand(lines: str, header: str = HEADER) -> tuple:
    return tr.loads(header + "levels\n" + lines, "house.tractor").levels.after_hand


def test_the_facts_and_the_role_compile_to_their_trees():
    (rule,) = after_hand("  when the bankers held 3H and not the attackers buried 5S: "
                         "the next banker is the holder of 3H\n")
    assert rule.condition == ("all", ("fact", "held", "bankers", "3H"),
                              ("not", ("fact", "buried", "attackers", "5S")))
    assert rule.effects == (("next-banker", ("holder", "3H")),)
    (rule,) = after_hand("  when the banker called AH or the losers held AH: losers - 1 level\n", FRIENDS)
    assert rule.condition == ("any", ("fact", "called", "AH"), ("fact", "held", "losers", "AH"))


@pytest.mark.parametrize("written", ["the bankers held 3H", "the attackers buried 5S"])
def test_the_facts_are_known_after_a_hand_only(written):
    error = error_of(HEADER + f"kitty\n  dug when: {written}\n")
    assert error.diagnostics[0].code == codes.NOT_KNOWN_HERE
    assert "is not known when the kitty is counted" in error.diagnostics[0].message


def test_a_joker_is_no_card_of_these_facts():
    error = error_of(HEADER + "levels\n  when the bankers held BJ: bankers + 1 level\n")
    assert "expected a card such as 5H, found 'BJ'" in str(error)


def test_the_holder_of_a_card_the_pack_lacks_is_e331_at_the_effect():
    text = HEADER + "table\n  remove: 3\n  deal: 23 each, kitty 8\nlevels\n  when a hand ends: the next banker is the holder of 3H\n"
    error = error_of(text)
    (found,) = [d for d in error.diagnostics if d.code == codes.HOLDER_NOT_IN_PACK]
    assert (found.line, found.column) == (6, 21)
    assert found.message == "the pack has no 3H (the rules take it out), so nobody holds it: name a card of the pack"
    # one copy of two taken out: the other is still held by someone
    tr.loads(HEADER + "table\n  remove: 1 3H\n  deal: 25 each, kitty 7\n"
             "levels\n  when a hand ends: the next banker is the holder of 3H\n")


def test_the_card_the_banker_called_in_a_game_of_fixed_teams_is_e332_at_the_condition():
    error = error_of(HEADER + "levels\n  when the bankers win and the banker called AH: bankers + 1 level\n")
    (found,) = error.diagnostics
    assert found.code == codes.CALLED_WITHOUT_CALLS and (found.line, found.column) == (3, 8)
    assert "the banker calls no card in this game (its teams are fixed)" in found.message


def test_the_json_form_round_trips_and_the_schema_takes_it():
    jsonschema = pytest.importorskip("jsonschema")
    rules = tr.loads(FRIENDS + "levels\n  when the banker called AH and the bankers buried KH: "
                               "the next banker is the holder of AH\n")
    data = json.loads(json.dumps(rules.to_dict()))
    assert data["levels"]["after_hand"][-1] == {
        "condition": ["all", ["fact", "called", "AH"], ["fact", "buried", "bankers", "KH"]],
        "effects": [["next-banker", ["holder", "AH"]]],
    }
    assert tr.Rules.from_dict(data) == rules
    jsonschema.validate(data, tr.schema())
    wrong = json.loads(json.dumps(data))
    wrong["levels"]["after_hand"][-1]["effects"] = [["next-banker", ["holder", "1H"]]]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(wrong, tr.schema())
    with pytest.raises(ExportError, match="'next-banker' takes a role here"):
        tr.Rules.from_dict(wrong)


def test_from_dict_refuses_what_the_compiler_refuses():
    data = tr.loads(HEADER + "levels\n  when the bankers held AH: bankers + 1 level\n").to_dict()
    data["levels"]["after_hand"][-1]["condition"] = ["fact", "called", "AH"]
    with pytest.raises(ExportError) as caught:
        tr.Rules.from_dict(data)
    assert "E332" in str(caught.value)


def test_an_earlier_version_has_no_words_for_them():
    rules = tr.loads(HEADER + "levels\n  when a hand ends: the next banker is the holder of AH\n")
    assert ex.words_after(rules.levels.after_hand[0].effects[0], 3) == {"holder"}
    assert ex.words_after(("fact", "held", "bankers", "AH"), 3) == {"held"}
    assert ex.words_after(("fact", "held", "bankers", "AH"), 4) == set()


@pytest.mark.parametrize(("condition", "never"), [
    ("the attackers buried AH", True),             # only the banker's team buries without overturns
    ("the bankers buried AH", False),
    ("the bankers held 3H", True),                 # 3s taken out of the pack
])
def test_lint_warns_of_a_fact_that_can_never_hold(condition, never):
    text = HEADER + "table\n  remove: 3\n  deal: 23 each, kitty 8\nlevels\n" + f"  when {condition}: bankers + 1 level\n"
    assert (codes.NEVER_HOLDS in warnings(text)) is never


def test_lint_knows_a_card_of_one_deck_is_held_by_one_side_only():
    text = 'extends: "one-deck"\nlevels\n  when the bankers held AH and the attackers held AH: bankers + 1 level\n'
    assert warnings(text) == [codes.NEVER_HOLDS]
    text = HEADER + "levels\n  when the bankers held AH and the attackers held AH: bankers + 1 level\n"
    assert codes.NEVER_HOLDS not in warnings(text)
    text = 'extends: "one-deck"\nlevels\n  when the bankers held AH and not the attackers held AH: bankers + 1 level\n'
    assert codes.NEVER_HOLDS not in warnings(text)
    # overturning after the kitty, an attacker may bury
    text = HEADER + "declare\n  overturn after kitty: yes\nlevels\n  when the attackers buried AH: bankers + 1 level\n"
    assert codes.NEVER_HOLDS not in warnings(text)
