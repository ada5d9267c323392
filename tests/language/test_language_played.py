"""Who played a card, `TEAM played CARD`, and the player who took a card, in the language: its
tree, where it is known (after a hand and when the kitty is counted, as `took` and `lost`), the JSON
form and its version, its words on the sheet, and what lint says of conditions on it that can never
hold (W107)."""

from __future__ import annotations

import json

import pytest

import tractor_rules as tr
from tractor_rules import codes, facade
from tractor_rules.errors import RulesetError
from tractor_rules.render import render_sheet
from tractor_rules.rules import expressions as ex

HEADER = 'extends: "two-decks"\n'


def warnings(text: str) -> list[str]:
    return [d["code"] for d in facade.lint(text, "house.tractor")["diagnostics"]]


def test_the_fact_compiles_to_its_tree_beside_took_and_lost():
    (rule,) = tr.loads(HEADER + "levels\n  when the losers played 5H and not the losers lost 5H: "
                                "losers -1 level\n").levels.after_hand
    assert rule.condition == ("all", ("fact", "played", "losers", "5H"),
                              ("not", ("fact", "lost", "losers", "5H")))


def test_it_is_known_when_the_kitty_is_counted():
    rules = tr.loads(HEADER + "kitty\n  dug when: the attackers played 5H\n")
    assert rules.kitty_exchange.dug_when == ("fact", "played", "attackers", "5H")


@pytest.mark.parametrize(("text", "where"), [
    ("declare\n  redeal: when the bankers played 5H\n", "is not known when a player may ask for a redeal"),
    ("levels\n  end early: when the bankers played KS\n", "is not known after a trick"),
])
def test_it_is_not_known_before_the_hand_is_played_e212(text, where):
    with pytest.raises(RulesetError) as caught:
        tr.loads(HEADER + text, "house.tractor")
    (found,) = caught.value.diagnostics
    assert found.code == codes.NOT_KNOWN_HERE and where in found.message


def test_a_joker_is_no_card_of_the_fact():
    with pytest.raises(RulesetError, match="expected a card such as 5H, found 'BJ'"):
        tr.loads(HEADER + "levels\n  when the bankers played BJ: bankers -1 level\n")


def test_the_json_form_round_trips_and_version_3_has_no_word_for_it():
    jsonschema = pytest.importorskip("jsonschema")
    rules = tr.loads(HEADER + "levels\n  when the bankers played KH: attackers +1 level\n")
    data = json.loads(json.dumps(rules.to_dict()))
    assert data["levels"]["after_hand"][-1]["condition"] == ["fact", "played", "bankers", "KH"]
    assert tr.Rules.from_dict(data) == rules
    jsonschema.validate(data, tr.schema())
    assert ex.words_after(("fact", "played", "bankers", "KH"), 3) == {"played"}
    assert ex.words_after(("fact", "played", "bankers", "KH"), 4) == set()


@pytest.mark.parametrize(("lang", "said", "negated"), [
    ("en", "the bankers play ♥5 to a trick (whoever wins it)", "the attackers do not play ♠K to a trick"),
    ("zh", "庄家在某一轮中出了♥5（无论哪方赢得这一轮）", "闲家没有在任何一轮中出♠K"),
])
def test_the_sheet_says_it_in_words(lang, said, negated):
    rules = tr.loads(HEADER + "levels\n  when the bankers played 5H: bankers -1 level\n"
                              "  when not the attackers played KS: attackers +1 level\n")
    sheet = render_sheet(rules, "md", lang)
    assert said in sheet and negated in sheet


def test_lint_knows_a_card_of_one_deck_is_played_by_one_side_only():
    text = 'extends: "one-deck"\nlevels\n  when the bankers played AH and the attackers played AH: bankers + 1 level\n'
    assert warnings(text) == [codes.NEVER_HOLDS]
    text = HEADER + "levels\n  when the bankers played AH and the attackers played AH: bankers + 1 level\n"
    assert codes.NEVER_HOLDS not in warnings(text)
    text = HEADER + ("table\n  remove: 3\n  deal: 23 each, kitty 8\n"
                     "levels\n  when the bankers played 3H: bankers + 1 level\n")
    assert warnings(text) == [codes.NEVER_HOLDS]


def test_the_player_who_took_a_card_compiles_to_its_role_and_round_trips():
    jsonschema = pytest.importorskip("jsonschema")
    rules = tr.loads(HEADER + "levels\n  when the bankers lose: the next banker is the player who took 5H\n")
    assert rules.levels.after_hand[0].effects == (("next-banker", ("taker", "5H")),)
    data = json.loads(json.dumps(rules.to_dict()))
    assert data["levels"]["after_hand"][-1]["effects"] == [["next-banker", ["taker", "5H"]]]
    assert tr.Rules.from_dict(data) == rules
    jsonschema.validate(data, tr.schema())
    assert ex.words_after(("next-banker", ("taker", "5H")), 3) == {"taker"}
