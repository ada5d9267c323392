"""Declarations of a joker with level cards of its colour (``... + N level cards of the same colour``
on the ladder): the big joker, the red one, declares only with hearts or diamonds, the small,
black one only with spades or clubs.  The compiler's words, the oracle, the declarations the
engine offers and plays, the sheet and the JSON form."""

from __future__ import annotations

import random

import pytest

import tractor_rules as tr
from tractor_rules.codec import rules_to_dict_as
from tractor_rules.engine.deck.cards import BIG_JOKER
from tractor_rules.engine.flow.deal import declare_table
from tractor_rules.engine.game import Match
from tractor_rules.engine.players.basic import make_players
from tractor_rules.render.sheet import build_sheet
from tractor_rules.rules import DeclareStep, Rules

LADDER = "1 joker + 1 level card of the same colour < 1 joker + 2 level cards of the same colour < 2 jokers"


def ladder(text: str) -> Rules:
    return tr.loads(f'extends: "two-decks"\ndeclare\n  ladder: {text}\n', origin="house.tractor")


COLOUR = ladder(LADDER)


def test_the_words_compile_to_steps_of_one_colour():
    assert COLOUR.declaring.ladder == (DeclareStep(1, "joker", 1, same_colour=True),
                                       DeclareStep(1, "joker", 2, same_colour=True), DeclareStep(2, "joker"))


def test_the_same_step_with_and_without_colour_is_one_rung_written_twice():
    with pytest.raises(tr.RulesetError) as info:
        ladder("1 joker + 1 level card < 1 joker + 1 level card of the same colour")
    (d,) = info.value.diagnostics
    assert d.code == "E205" and "is on the ladder already" in d.message


@pytest.mark.parametrize("cards, trump", [
    ("BJ 2H", "H"), ("BJ 2D", "D"), ("SJ 2S", "S"), ("SJ 2C", "C"),
    ("BJ 2S", None), ("BJ 2C", None), ("SJ 2H", None), ("SJ 2D", None),
    ("BJ 2H 2H", "H"), ("SJ 2H 2H", None),
])
def test_the_oracle_takes_only_a_joker_of_the_suits_colour(cards, trump):
    made = COLOUR.declaration(cards, "2")
    assert (made is None) is (trump is None)
    if made is not None:
        assert made.trump == trump
    # without the colour rule every one of them declares
    assert ladder(LADDER.replace(" of the same colour", "")).declaration(cards, "2") is not None


def test_the_engine_offers_no_declaration_of_another_colour():
    table = declare_table(COLOUR, "7")
    mixed = [show for show in table.shows if show.extra is not None]
    assert mixed
    for show in mixed:
        joker = show.extra[0]
        assert (joker == BIG_JOKER) == (show.face.suit in ("H", "D"))


@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_players_declare_only_with_a_joker_of_the_colour(kind):
    declared = 0
    for seed in range(6):
        match = Match(COLOUR, make_players(kind, 4, random.Random(seed)), random.Random(seed), max_hands=3)
        for hand in match.play().hands:
            for _, cards in hand.declarations:
                plain = [c for c in cards if not c.is_joker]
                jokers = [c for c in cards if c.is_joker]
                assert jokers, "level cards alone never declare on this ladder"
                if plain:
                    declared += 1
                    assert (jokers[0] == BIG_JOKER) == (plain[0].suit in ("H", "D"))
    assert declared


def test_the_sheet_names_the_colours():
    items = {i.key: i for i in build_sheet(COLOUR, "en").items()}
    assert "of the joker's colour" in str(items["declaring.ladder"].table)
    items = {key: item.text for key, item in items.items()}
    assert items["declaring.ladder.same_colour"].startswith("A joker declares with level cards only of its colour")
    assert "declaring.ladder.same_colour" not in {i.key for i in build_sheet(tr.load("two-decks"), "en").items()
                                                  if i.text}
    zh = {i.key: i.text for i in build_sheet(COLOUR, "zh").items()}
    assert "大王" in zh["declaring.ladder.same_colour"]


def test_the_json_form_keeps_the_colour_and_version_3_refuses_it():
    data = COLOUR.to_dict()
    assert data["declaring"]["ladder"][0]["same_colour"] is True
    assert tr.Rules.from_dict(data) == COLOUR
    assert rules_to_dict_as(COLOUR, 3) is None


def test_a_json_step_of_one_kind_of_card_cannot_match_colours():
    data = COLOUR.to_dict()
    data["declaring"]["ladder"][2]["same_colour"] = True  # 2 jokers: no level card to match
    with pytest.raises(tr.errors.ExportError) as info:
        tr.Rules.from_dict(data)
    assert any("pairs jokers with level cards" in d.message for d in info.value.diagnostics)
