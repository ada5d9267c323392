"""Who held a card after the kitty, the holder of a card after the kitty, and the standing
declarer's partner and opponent after the kitty, in the language: what they compile to, where they
are known, their errors (E212, E328, E331), the JSON form and its versions, and what lint says of
conditions on them that can never hold (W107, W127)."""

from __future__ import annotations

import json

import pytest

import tractor_rules as tr
from tractor_rules import codes, facade
from tractor_rules.rules import expressions as ex

from refusals import error_of

HEADER = 'extends: "two-decks"\n'
FRIENDS = 'extends: "house-finding-friends"\n'


def warnings(text: str) -> list[str]:
    return [d["code"] for d in facade.lint(text, "house.tractor")["diagnostics"]]


def test_the_fact_and_the_role_compile_to_their_trees():
    (rule,) = tr.loads(HEADER + "levels\n  when the losers held 5H after the kitty and not the losers held 5H: "
                                "the next banker is the holder of 5H after the kitty\n").levels.after_hand
    assert rule.condition == ("all", ("fact", "held-after-kitty", "losers", "5H"),
                              ("not", ("fact", "held", "losers", "5H")))
    assert rule.effects == (("next-banker", ("holder-after-kitty", "5H")),)


def test_the_declarers_partner_and_opponent_compile_after_the_kitty():
    rules = tr.loads(HEADER + "declare\n  overturn after kitty: when the declarer's opponent or "
                              "not the declarer's partner and overturns = 0\n")
    assert rules.declaring.overturn_when == (
        "any", ("fact", "declarer-opponent"),
        ("all", ("not", ("fact", "declarer-partner")), ("compare", "=", ("var", "overturns"), ("num", 0))))


@pytest.mark.parametrize(("text", "where"), [
    ("kitty\n  dug when: the bankers held 3H after the kitty\n", "is not known when the kitty is counted"),
    ("declare\n  overturn after kitty: when the attackers held 3H after the kitty\n",
     "is not known when a player may overturn after the kitty"),
    ("declare\n  redeal: when the declarer's partner\n",
     "known only in 'overturn: when ...', 'reinforce: when ...' and 'overturn after kitty: when ...'"),
    ("kitty\n  buried cards: when the declarer's opponent\n",
     "known only in 'overturn: when ...', 'reinforce: when ...' and 'overturn after kitty: when ...'"),
])
def test_each_is_known_where_it_is_known_only(text, where):
    error = error_of(HEADER + text)
    assert [d.code for d in error.diagnostics] == [codes.NOT_KNOWN_HERE]
    assert where in error.diagnostics[0].message


def test_the_declarers_partner_after_the_kitty_needs_fixed_teams_e328():
    error = error_of(FRIENDS + "declare\n  overturn after kitty: when not the declarer's partner\n")
    (found,) = error.diagnostics
    assert found.code == codes.DECLARER_RELATION and (found.line, found.column) == (3, 3)
    assert "need fixed teams" in found.message


def test_the_holder_after_the_kitty_of_a_card_the_pack_lacks_is_e331():
    error = error_of(HEADER + "table\n  remove: 3\n  deal: 23 each, kitty 8\nlevels\n"
                              "  when a hand ends: the next banker is the holder of 3H after the kitty\n")
    assert [d.code for d in error.diagnostics] == [codes.HOLDER_NOT_IN_PACK]


def test_the_json_form_round_trips_and_the_schema_takes_it():
    jsonschema = pytest.importorskip("jsonschema")
    rules = tr.loads(HEADER + "declare\n  overturn after kitty: when the declarer's opponent\n"
                              "levels\n  when the bankers held KH after the kitty: "
                              "the next banker is the holder of AH after the kitty\n")
    data = json.loads(json.dumps(rules.to_dict()))
    assert data["levels"]["after_hand"][-1] == {
        "condition": ["fact", "held-after-kitty", "bankers", "KH"],
        "effects": [["next-banker", ["holder-after-kitty", "AH"]]],
    }
    assert data["declaring"]["overturn_when"] == ["fact", "declarer-opponent"]
    assert tr.Rules.from_dict(data) == rules
    jsonschema.validate(data, tr.schema())
    wrong = json.loads(json.dumps(data))
    wrong["levels"]["after_hand"][-1]["effects"] = [["next-banker", ["holder-before-kitty", "AH"]]]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(wrong, tr.schema())
    # from_dict checks the teams as the compiler does
    friends = tr.load("house-finding-friends").to_dict()
    friends["declaring"]["overturn_after_kitty"] = True
    friends["declaring"]["overturn_when"] = ["fact", "declarer-partner"]
    with pytest.raises(tr.ExportError, match="E328"):
        tr.Rules.from_dict(friends)


def test_an_earlier_version_has_no_words_for_them():
    assert ex.words_after(("next-banker", ("holder-after-kitty", "AH")), 3) == {"holder-after-kitty"}
    assert ex.words_after(("fact", "held-after-kitty", "bankers", "AH"), 3) == {"held-after-kitty"}
    assert ex.words_after(("fact", "held-after-kitty", "bankers", "AH"), 4) == set()


def test_lint_knows_a_card_of_one_deck_is_held_after_the_kitty_by_one_side_only():
    text = ('extends: "one-deck"\nlevels\n'
            "  when the bankers held AH after the kitty and the attackers held AH after the kitty: bankers + 1 level\n")
    assert warnings(text) == [codes.NEVER_HOLDS]
    text = HEADER + ("levels\n  when the bankers held AH after the kitty and the attackers held AH after the kitty: "
                     "bankers + 1 level\n")
    assert codes.NEVER_HOLDS not in warnings(text)


@pytest.mark.parametrize(("condition", "never"), [
    ("the declarer's partner and the declarer's opponent", True),
    ("an attacker and a banker", True),
    ("overturns < 0", True),
    ("the declarer's opponent", False),
    ("not the declarer's partner and overturns = 0", False),
])
def test_lint_w127_a_turn_to_overturn_after_the_kitty_no_player_can_have(condition, never):
    text = HEADER + f"declare\n  overturn after kitty: when {condition}\n"
    assert (codes.OVERTURN_AFTER_KITTY_NEVER in warnings(text)) is never
