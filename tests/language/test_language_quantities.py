"""The quantities of a team, a player and a card (``the number of TEAM``, ``the level of TEAM``,
``the level of ROLE``, ``copies of CARD TEAM took``/``held``) and ``overturns`` after a hand, in the
language: what they compile to, where they are known, their errors (E351, E352, E329, E212), the
JSON form and its versions, the ranges lint reads (W107) and the warning of a quantity every hand
gives the same value (W135)."""

from __future__ import annotations

import json

import pytest

import tractor_rules as tr
from tractor_rules import facade
from tractor_rules.errors import ExportError
from tractor_rules.rules import expressions as ex

from refusals import error_of

HEADER = 'extends: "two-decks"\n'
FRIENDS = 'extends: "house-finding-friends"\n'


def after_hand(lines: str, header: str = HEADER) -> tuple:
    return tr.loads(header + "levels\n" + lines, "house.tractor").levels.after_hand


def codes_of(text: str) -> list[str]:
    return [d["code"] for d in facade.lint(text, "house.tractor")["diagnostics"]]


@pytest.mark.parametrize(("written", "tree"), [
    ("the number of bankers", ("var", "team-size", "bankers")),
    ("the number of the attackers", ("var", "team-size", "attackers")),
    ("the level of winners", ("var", "team-level", "winners")),
    ("the level of the banker", ("var", "player-level", "banker")),
    ("the level of the winner of the last trick", ("var", "player-level", "last-trick-winner")),
    ("the level of the holder of AS after the kitty", ("var", "player-level", ("holder-after-kitty", "AS"))),
    ("copies of 5H the attackers took", ("var", "copies-took", "attackers", "5H")),
    ("copies of 10S bankers held", ("var", "copies-held", "bankers", "10S")),
    ("copies of KD the losers held after the kitty", ("var", "copies-held-after-kitty", "losers", "KD")),
    ("overturns", ("var", "overturns")),
])
def test_each_quantity_compiles_to_its_tree(written, tree):
    (rule,) = after_hand(f"  when {written} >= 1: bankers + {written} levels\n")
    assert rule.condition == ("compare", ">=", tree, ("num", 1))
    assert rule.effects == (("up", "bankers", tree),)


def test_the_team_words_stay_a_team_where_a_condition_reads_one():
    (rule,) = after_hand("  when the bankers win and the number of bankers = 2: bankers +1 level\n")
    assert rule.condition == ("all", ("fact", "wins", "bankers"),
                              ("compare", "=", ("var", "team-size", "bankers"), ("num", 2)))


@pytest.mark.parametrize(("text", "where"), [
    ("kitty\n  multiplier: the number of bankers\n", "when the kitty is counted"),
    ("kitty\n  dug when: copies of 5H the attackers took > 0\n", "when the kitty is counted"),
    ("upgrade\n  counted: points + overturns\n", "where the upgrade table is read"),
    ("stakes\n  game points: banker +1 or more = copies of 5H the attackers took, swap = 1, attackers +1 or more = 1\n",
     "where the stakes of a hand are counted"),
    ("declare\n  overturn: when the level of the bankers > 3\n", "when a player may overturn or reinforce"),
])
def test_a_quantity_read_where_it_is_not_known_is_e212(text, where):
    found = error_of(HEADER + text)
    assert found.diagnostics[0].code == "E212", found
    assert where in found.diagnostics[0].message


def test_known_where_the_stakes_are_counted():
    rules = tr.loads(HEADER + "stakes\n  game points: banker +1 or more = 2 ^ overturns * the level of the bankers, "
                              "swap = the number of attackers, attackers +1 or more = the level of the banker\n")
    assert rules.stakes.game_points[0].formula == (
        "mul", ("pow", ("num", 2), ("var", "overturns")), ("var", "team-level", "bankers"))


def test_e351_a_card_the_pack_does_not_have():
    text = HEADER + "table\n  remove: 3\n  deal: 23 each, kitty 8\nlevels\n"
    found = error_of(text + "  when copies of 3H the attackers held = 2: attackers +1 level\n")
    assert [d.code for d in found.diagnostics] == ["E351"]
    assert "the pack has no 3H" in found.diagnostics[0].message
    found = error_of(text + "  when the level of the holder of 3S > 2: attackers +1 level\n")
    assert [d.code for d in found.diagnostics] == ["E351"]
    assert "its holder's level is always 0" in found.diagnostics[0].message


def test_e352_the_level_of_a_partner_nobody_has():
    found = error_of(FRIENDS + "levels\n  when the level of the banker's partner > 2: bankers +1 level\n")
    assert [d.code for d in found.diagnostics] == ["E352"]
    assert after_hand("  when the level of the banker's partner > 2: bankers +1 level\n")  # fixed teams: fine


@pytest.mark.parametrize("read", ["copies of 5H the attackers took = 2", "the level of the winner of the last trick > 2"])
def test_a_hand_ended_early_refuses_what_its_unplayed_tricks_would_decide(read):
    found = error_of(HEADER + f"levels\n  end early: when points left = 0\n  when {read}: bankers +1 level\n")
    assert "E329" in [d.code for d in found.diagnostics]


def test_the_json_form_round_trips_and_the_schema_takes_it():
    jsonschema = pytest.importorskip("jsonschema")
    rules = tr.loads(HEADER + "levels\n  when the number of winners = 2 and copies of 5H the attackers took = 1: "
                              "attackers + the level of the holder of AS levels\n")
    data = json.loads(json.dumps(rules.to_dict()))
    assert data["schema_version"] == 4
    assert data["levels"]["after_hand"][-1] == {
        "condition": ["all", ["compare", "=", ["var", "team-size", "winners"], ["num", 2]],
                      ["compare", "=", ["var", "copies-took", "attackers", "5H"], ["num", 1]]],
        "effects": [["up", "attackers", ["var", "player-level", ["holder", "AS"]]]],
    }
    assert tr.Rules.from_dict(data) == rules
    jsonschema.validate(data, tr.schema())
    for spoilt, message in ((["var", "team-size"], "'team-size' takes 1 arguments"),
                            (["var", "team-size", "dealers"], "'team-size' takes a team here"),
                            (["var", "copies-took", "attackers", "1H"], "'copies-took' takes a card here"),
                            (["var", "overturns", "bankers"], "'overturns' takes 0 arguments")):
        wrong = json.loads(json.dumps(data))
        wrong["levels"]["after_hand"][-1]["effects"] = [["up", "attackers", spoilt]]
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(wrong, tr.schema())
        with pytest.raises(ExportError, match=message):
            tr.Rules.from_dict(wrong)


def test_an_earlier_version_has_no_words_for_them():
    assert ex.words_after(("var", "team-size", "bankers"), 3) == {"team-size"}
    assert ex.words_after(("compare", ">", ("var", "copies-took", "attackers", "5H"), ("num", 0)), 3) == {"copies-took"}
    assert ex.words_after(("var", "player-level", "banker"), 4) == set()
    rules = tr.loads(HEADER + "levels\n  when the number of bankers = 2: bankers +1 level\n")
    data = rules.to_dict()
    data["schema_version"] = 3
    with pytest.raises(ExportError, match="version 3 has no 'team-size'"):
        tr.Rules.from_dict(data)


@pytest.mark.parametrize(("header", "condition", "never"), [
    (HEADER, "copies of 5H the attackers took >= 3", True),    # two decks: two copies
    (HEADER, "copies of 5H the attackers took >= 2", False),
    (HEADER, "the level of the bankers > 13", True),            # 2 to A: thirteen levels
    (HEADER, "the level of the attackers = 13", False),
    (FRIENDS, "the number of bankers = 4", True),               # the banker and two friends at most
    (FRIENDS, "the number of attackers = 5", False),            # the banker alone
    (HEADER, "the level of the holder of AS = 0", False),       # every AS in the kitty
])
def test_lint_reads_each_quantitys_range(header, condition, never):
    found = codes_of(header + f"levels\n  when {condition}: bankers +1 level\n")
    assert ("W107" in found) is never, found


def test_w135_a_quantity_every_hand_gives_the_same_value():
    assert "W135" in codes_of(HEADER + "levels\n  when the number of attackers = 2: bankers +1 level\n")
    assert "W135" not in codes_of(FRIENDS + "levels\n  when the number of attackers = 5: bankers +1 level\n")
    nothing_overturns = HEADER + "declare\n  overturn: no\n"
    assert "W135" in codes_of(nothing_overturns + "stakes\n  game points: banker +1 or more = 2 ^ overturns, "
                                                  "swap = 1, attackers +1 or more = 1\n")
    assert "W135" not in codes_of(HEADER + "stakes\n  game points: banker +1 or more = 2 ^ overturns, "
                                           "swap = 1, attackers +1 or more = 1\n")
