"""Conditions on a card, as a ruleset writes them: ``called cards: when ...`` (Finding Friends) and
``buried cards: when ...`` (the kitty).  Each fact of a card compiles where a card is judged and
is E212 anywhere else; the facts of a hand's play are E212 in them; the limits of ``called cards:
not ...`` compile to the very condition they stand for; a rule that leaves nothing to call is E213;
a rule a player may be unable to keep is W108; and each compiles through its JSON form and the
schema."""

from __future__ import annotations

import itertools
import json

import jsonschema
import pytest

import tractor_rules as tr
from tractor_rules import facade
from tractor_rules.rules import expressions as ex

FRIENDS = 'ruleset: "House"\nextends: "house-finding-friends"\n\n'
TWO_DECKS = 'ruleset: "House"\nextends: "two-decks"\n\n'


def called(condition: str) -> tuple:
    return tr.loads(FRIENDS + f"table\n  called cards: {condition}\n", "x.tractor").table.called_when


def buried(condition: str, header: str = TWO_DECKS) -> tuple:
    return tr.loads(header + f"kitty\n  buried cards: {condition}\n", "x.tractor").kitty_exchange.buried_when


def errors(text: str) -> list[tuple[int, int, str, str]]:
    with pytest.raises(tr.RulesetError) as info:
        tr.loads(text, "x.tractor")
    return [(d.line, d.column, d.code, d.message) for d in info.value.diagnostics]


#: each fact of a card, as written, and its tree
CARD_FACTS = {
    "card-trump": ("a trump", ("fact", "card-trump")),
    "card-points": ("a point card", ("fact", "card-points")),
    "card-rank": ("an A", ("fact", "card-rank", "A")),
    "card-suit": ("a club", ("fact", "card-suit", "C")),
    "card-level": ("a level card", ("fact", "card-level")),
    "card-joker": ("a joker", ("fact", "card-joker")),
    "card-highest": ("the highest card of its suit", ("fact", "card-highest")),
    "card-shown": ("shown in declaring", ("fact", "card-shown")),
}


def test_every_fact_of_a_card_has_a_case():
    assert set(CARD_FACTS) == ex.CARD_FACTS
    assert all(ex.FACTS[name].moments == ex.CARD_MOMENTS for name in CARD_FACTS)


@pytest.mark.parametrize("name", list(CARD_FACTS))
def test_each_fact_of_a_card_compiles_where_a_card_is_judged(name):
    written, tree = CARD_FACTS[name]
    assert called(f"when not {written}") == ("not", tree)
    assert buried(f"when {written} or a joker") == (("any", tree, ("fact", "card-joker")))


@pytest.mark.parametrize("name", list(CARD_FACTS))
def test_a_fact_of_a_card_anywhere_else_is_e212(name):
    written, _ = CARD_FACTS[name]
    (error,) = errors(TWO_DECKS + f"levels\n  when {written}: bankers +1 level\n")
    assert error[:3] == (5, 8, "E212") and "is a fact of a card" in error[3]
    (error,) = errors(TWO_DECKS + f"kitty\n  dug when: {written}\n")
    assert error[:3] == (5, 13, "E212")


@pytest.mark.parametrize("written", ["a 10", "a T", "an 8", "a K", "an A", "a J"])
def test_ranks_are_written_with_a_or_an(written):
    rank = written.split()[1]
    assert called(f"when {written}") == ("fact", "card-rank", "10" if rank == "T" else rank)


@pytest.mark.parametrize("word, letter", [("spade", "S"), ("heart", "H"), ("diamond", "D"), ("club", "C")])
def test_suits_are_written_as_words(word, letter):
    assert buried(f"when a {word}") == ("fact", "card-suit", letter)


def test_the_facts_known_by_then_combine_with_those_of_the_card():
    assert called("when not a trump and (not a point card or a K and the level is A)") == (
        "all", ("not", ("fact", "card-trump")),
        ("any", ("not", ("fact", "card-points")), ("all", ("fact", "card-rank", "K"), ("fact", "level-is", "A"))))
    assert buried("when no-trump or decks >= 3 and not a trump") == (
        "any", ("fact", "no-trump"), ("all", ("compare", ">=", ("var", "decks"), ("num", 3)),
                                      ("not", ("fact", "card-trump"))))


@pytest.mark.parametrize("written, what", [
    ("the bankers took 5H", "'the bankers took 5H' is not known when the banker calls cards"),
    ("the attackers win", "'the attackers win' is not known when the banker calls cards"),
    ("nobody declared", "'nobody declared' is not known when the banker calls cards"),
    ("a hand ends", "'a hand ends' is not known when the banker calls cards"),
    ("points > 80", "'points' (the attackers' score for the hand, the kitty's included) is not known when the "
                    "banker calls cards"),
    ("size = 2", "'size' (the cards of the last lead's largest unit (a pair: 2)) is not known when the banker "
                 "calls cards"),
])
def test_what_the_play_decides_is_not_known_as_the_banker_calls(written, what):
    (error,) = errors(FRIENDS + f"table\n  called cards: when a trump or {written}\n")
    assert error[:3] == (5, 33, "E212") and error[3] == what
    (error,) = errors(TWO_DECKS + f"kitty\n  buried cards: when a trump or {written}\n")
    assert error[2] == "E212" and error[3] == what.replace("the banker calls cards", "the kitty is buried")


# --- the limits are the condition they stand for ---------------------------------------------------

LIMITS = {"not trumps": "not a trump", "not the highest card": "not the highest card of its suit",
          "not point cards": "not a point card"}


@pytest.mark.parametrize("count", [1, 2, 3])
def test_the_limits_compile_to_the_condition_they_stand_for(count):
    for chosen in itertools.permutations(LIMITS, count):
        sugar = called(", ".join(chosen))
        assert sugar == called("when " + " and ".join(LIMITS[limit] for limit in chosen))
        rules = tr.loads(FRIENDS + "table\n  called cards: " + ", ".join(chosen) + "\n", "x.tractor")
        assert rules.table.call_limits == () and rules.table.call_condition == sugar


def test_any_is_no_condition():
    assert called("any") == ()
    assert buried("any") == ()


def test_a_limit_written_twice_is_e205():
    (error,) = errors(FRIENDS + "table\n  called cards: not trumps, not trumps\n")
    assert error[2] == "E205"


def test_a_house_file_replaces_its_parents_rule(tmp_path):
    (tmp_path / "club.tractor").write_text(FRIENDS + "table\n  called cards: not trumps\nkitty\n"
                                                     "  buried cards: when not a point card\n", encoding="utf-8")
    (tmp_path / "house.tractor").write_text(
        'ruleset: "Ours"\nextends: "club.tractor"\n\ntable\n  called cards: when not shown in declaring\n'
        "kitty\n  unset: buried cards\n", encoding="utf-8")
    rules = tr.load(str(tmp_path / "house.tractor"))
    assert rules.table.called_when == ("not", ("fact", "card-shown"))
    assert rules.kitty_exchange.buried_when == ()
    assert "table.called_when" in rules.house_changes


# --- whole-rule checks -------------------------------------------------------------------------------


def test_called_cards_need_called_partners():
    (error,) = errors(TWO_DECKS + "table\n  called cards: when not a trump\n")
    assert error[:3] == (5, 3, "E301") and "'called cards' needs called partners" in error[3]


@pytest.mark.parametrize("condition, hand", [
    ("when a trump and not a trump", "at level 2 with ♠ trump"),
    ("when a K and not the highest card of its suit", "at level A in no-trump"),
    ("when shown in declaring", "at level 2 with ♠ trump"),  # nothing need be shown: not sure to leave a card
    ("when a heart and not a trump", "at level 2 with ♥ trump"),
])
def test_a_rule_that_can_leave_nothing_to_call_is_e213(condition, hand):
    (error,) = errors(FRIENDS + f"table\n  called cards: {condition}\n")
    assert error[:3] == (5, 3, "E213")
    assert error[3] == f"'called cards' leaves no card to call {hand}: some card must always be callable"


@pytest.mark.parametrize("condition", ["when a joker", "when not shown in declaring", "when a level card or a 3",
                                       "not trumps, not the highest card, not point cards"])
def test_a_rule_that_always_leaves_a_card_compiles(condition):
    assert called(condition)


def lint_codes(text: str) -> list[tuple[int, str, str]]:
    return [(d["line"], d["code"], d["message"]) for d in facade.lint(text, "x.tractor")["diagnostics"]]


@pytest.mark.parametrize("condition, header, warned", [
    ("when not a trump", TWO_DECKS, "at level 2 with ♠ trump, 36 cards"),
    ("when not a point card and not a trump", TWO_DECKS, "at level 2 with ♠ trump, 54 cards"),
    ("when a joker", TWO_DECKS, "at level 2 with ♠ trump, 104 cards"),
    ("when not a point card", TWO_DECKS, None),  # 24 point cards, a hand of 25
    ("when not a level card and not a joker", TWO_DECKS, None),  # 12
    ("when not shown in declaring", TWO_DECKS, None),  # at most the 8 level cards and 4 jokers
    ("when not a trump", 'ruleset: "House"\nextends: "one-deck"\n\n', "at level 2 with ♠ trump, 18 cards"),
    ("when not a point card", 'ruleset: "House"\nextends: "one-deck"\n\n', None),  # 12, a hand of 12
])
def test_w108_when_a_player_may_hold_too_few_cards_they_may_bury(condition, header, warned):
    text = header + f"kitty\n  buried cards: {condition}\n"
    found = [f for f in lint_codes(text) if f[1] == "W108"]
    if warned is None:
        assert found == []
    else:
        assert [(line, code) for line, code, _ in found] == [(5, "W108")]
        assert warned in found[0][2]
        # check reports it too, and the rules compile
        assert [d["code"] for d in facade.check(text, "x.tractor")["diagnostics"]] == ["W108"]


def test_w108_is_silenced_on_its_line():
    text = TWO_DECKS + "kitty\n  buried cards: when not a trump  # lint: ignore W108\n"
    assert lint_codes(text) == []


# --- the JSON form ----------------------------------------------------------------------------------


def test_conditions_on_a_card_read_back_from_json_and_meet_the_schema():
    rules = tr.loads(FRIENDS + "table\n  called cards: when not a trump and (not a point card or a K and the "
                               "level is A) and not shown in declaring and decks >= 2\n"
                               "kitty\n  buried cards: when not a heart and not a 5 and not a joker\n", "x.tractor")
    data = json.loads(json.dumps(rules.to_dict()))
    jsonschema.Draft202012Validator(tr.schema()).validate(data)
    assert tr.Rules.from_dict(data) == rules


@pytest.mark.parametrize("tree, message", [
    (["fact", "card-suit", "hearts"], "'card-suit' takes a suit here, not 'hearts'"),
    (["fact", "card-rank", "1"], "'card-rank' takes a rank here, not '1'"),
    (["fact", "card-trump", "H"], "'card-trump' takes 0 arguments"),
    (["fact", "card-colour"], "not a fact: 'card-colour'"),
])
def test_a_wrong_fact_of_a_card_is_refused_by_the_reader_and_the_schema(tree, message):
    data = tr.load("house-finding-friends").to_dict()
    data["table"]["called_when"] = tree
    with pytest.raises(tr.RulesetError, match=message.replace("(", r"\(").replace(")", r"\)")):
        tr.Rules.from_dict(data)
    assert not jsonschema.Draft202012Validator(tr.schema()).is_valid(data)


def test_fmt_spaces_a_condition_on_a_card_once():
    from tractor_rules.language.format import format_text, is_formatted

    canonical = FRIENDS + "table\n  called cards: when not a trump and (not a point card or a K and the level is A)\n"
    assert is_formatted(canonical)
    loose = canonical.replace("when not a trump and (", "when  not a trump and( ")
    assert format_text(loose) == canonical


def test_buried_cards_need_a_kitty():
    text = TWO_DECKS + ("table\n  deal: 27 each, kitty 0\ndeclare\n  nobody declares: no-trump\n"
                        "kitty\n  buried cards: when not a trump\n")
    (error,) = errors(text)
    assert error == (9, 3, "E311", "there is no kitty to bury")


@pytest.mark.parametrize("statement", ["table\n  called cards: when {c}", "kitty\n  buried cards: when {c}",
                                       "kitty\n  dug when: {c}"])
def test_a_rule_of_more_than_64_operators_is_e017(statement):
    long = " and ".join(["not a trump"] * 33)  # 32 'and' and 33 'not': 65 operators
    if "dug" in statement:
        long = " and ".join(["not no-trump"] * 33)
    text = FRIENDS + statement.format(c=long) + "\n"
    assert {e[2] for e in errors(text)} == {"E017"}
    fits = " and ".join(["not a trump"] * 32) if "dug" not in statement else " and ".join(["not no-trump"] * 32)
    rules = tr.loads(FRIENDS + statement.format(c=fits) + "\n", "x.tractor")
    assert tr.Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
