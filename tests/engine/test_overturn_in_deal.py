"""Whether a declaration overturns another during the deal (``overturn: yes``, ``no`` or ``when
CONDITION`` in ``declare``): the condition is asked of the hand once, with the facts known while
declaring (the game's first hand, the level, the table); where it fails the first declaration
stands, its declarer may still reinforce it.  The compiler's words, the ruling, the engine's offers
(players are never offered what the rule forbids), the sheet's sentence and the JSON form."""

from __future__ import annotations

import random

import pytest

import tractor_rules as tr
from tractor_rules.codec import rules_to_dict_as
from tractor_rules.engine.deck.cards import read_cards
from tractor_rules.engine.flow.deal import DeclarationOffers, Standing, face_of
from tractor_rules.engine.game import Match, play_hand
from tractor_rules.engine.players.basic import make_players
from tractor_rules.engine.rulings.declaring import may_overturn_in_deal
from tractor_rules.errors import ExportError
from tractor_rules.render.sheet import build_sheet
from tractor_rules.rules import Rules


def declaring(value: str, base: str = "two-decks") -> Rules:
    return tr.loads(f'extends: "{base}"\ndeclare\n  overturn: {value}\n', origin="house.tractor")


FIRST_STANDS = declaring("when not the first hand")


# --- the compiler and the ruling --------------------------------------------------------------------


def test_the_statement_compiles_to_a_switch_and_a_condition():
    assert FIRST_STANDS.declaring.overturn_in_deal
    assert FIRST_STANDS.declaring.overturn_in_deal_when == ("not", ("fact", "first-hand"))
    assert not declaring("no").declaring.overturn_in_deal
    assert declaring("yes").declaring == tr.load("two-decks").declaring


def test_yes_or_no_takes_back_a_parents_condition(tmp_path):
    (tmp_path / "parent.tractor").write_text('extends: "two-decks"\ndeclare\n  overturn: when not the first hand\n')
    (tmp_path / "child.tractor").write_text('extends: "parent.tractor"\ndeclare\n  overturn: no\n')
    rules = tr.load(tmp_path / "child.tractor")
    assert not rules.declaring.overturn_in_deal and rules.declaring.overturn_in_deal_when == ()


@pytest.mark.parametrize("condition, message", [
    # the player's words ('an attacker', 'overturns') are known there: tests/engine/test_declare_over.py
    ("a trump", "'a trump' is a fact of a card, known only where a card is judged"),
    ("points > 40", "'points' (the attackers' score for the hand, the kitty's included) is not known when a "
                    "player may overturn or reinforce during the deal"),
    ("no-trump", "'no-trump'"),
    ("points held = 0", "'points held'"),
])
def test_what_is_not_known_while_declaring_is_refused_where_it_is_written(condition, message):
    with pytest.raises(tr.RulesetError) as info:
        declaring(f"when {condition}")
    (d,) = info.value.diagnostics
    assert (d.code, d.line) == ("E212", 3)
    assert message in d.message


@pytest.mark.parametrize("value, first_hand, level, allowed", [
    ("when not the first hand", True, "2", False),
    ("when not the first hand", False, "2", True),
    ("when the first hand", True, "2", True),
    ("when the level is A", False, "A", True),
    ("when the level is A", False, "K", False),
    ("when decks = 2", True, "2", True),
    ("no", False, "2", False),
    ("yes", True, "2", True),
])
def test_the_hand_is_judged_by_its_facts(value, first_hand, level, allowed):
    rules = declaring(value)
    assert may_overturn_in_deal(rules, first_hand, level) is allowed
    assert rules.may_overturn_in_deal(first_hand, level) is allowed  # the rules oracle


# --- the engine's offers ---------------------------------------------------------------------------


def offers(rules: Rules, overturn: bool, seat: int, hand: str, standing: tuple[int, str]) -> list[str]:
    table = DeclarationOffers(rules, make_players("random", 4, random.Random(0)), "2", overturn)
    who, shown = standing
    cards = read_cards(shown)
    got = table.offers(seat, read_cards(hand), Standing(who, face_of(cards), rules.declaration(cards, "2")),
                       [(who, cards)])
    return sorted(" ".join(str(c) for c in o.cards) for o in got)


def test_where_nothing_overturns_only_the_standing_declarer_reinforces():
    rules = tr.load("two-decks")
    assert offers(rules, True, 1, "2S 2S", (0, "2H")) == ["2S 2S"]
    assert offers(rules, False, 1, "2S 2S", (0, "2H")) == []
    assert offers(rules, False, 0, "2H 2H", (0, "2H")) == ["2H 2H"]  # reinforcing is no overturn


@pytest.mark.parametrize("kind", ["random", "greedy", "heuristic"])
def test_in_the_first_hand_one_player_declares_and_later_hands_may_overturn(kind):
    overturned_later = False
    for seed in range(12):
        match = Match(FIRST_STANDS, make_players(kind, 4, random.Random(seed)), random.Random(seed), max_hands=5)
        hands = match.play().hands
        assert len({seat for seat, _ in hands[0].declarations}) <= 1
        overturned_later |= any(len({seat for seat, _ in h.declarations}) > 1 for h in hands[1:])
    assert overturned_later


def test_without_the_rule_the_first_hand_is_overturned_somewhere():
    rules = tr.load("two-decks")
    seen = [play_hand(rules, make_players("random", 4, random.Random(s)), random.Random(s), level="2", banker=None)
            for s in range(12)]
    assert any(len({seat for seat, _ in h.declarations}) > 1 for h in seen)


# --- the sheet and the JSON form -------------------------------------------------------------------


def sentence(rules: Rules, lang: str) -> str | None:
    return {i.key: i.text for i in build_sheet(rules, lang).items()}.get("declaring.overturn_in_deal")


def test_the_sheet_says_when_a_declaration_overturns():
    assert sentence(FIRST_STANDS, "en") == (
        "During the deal a stronger declaration overturns the standing one only when the hand is not the game's "
        "first; otherwise the first declaration stands.")
    assert sentence(declaring("no"), "en") == (
        "Nothing overturns a declaration during the deal: the first declaration stands.")
    assert "第一" in sentence(FIRST_STANDS, "zh")
    assert not sentence(tr.load("two-decks"), "en")


def test_the_condition_goes_through_json_and_version_3_refuses_it():
    data = FIRST_STANDS.to_dict()
    assert data["declaring"]["overturn_in_deal_when"] == ["not", ["fact", "first-hand"]]
    assert tr.Rules.from_dict(data) == FIRST_STANDS
    assert rules_to_dict_as(FIRST_STANDS, 3) is None
    assert rules_to_dict_as(declaring("no"), 3) is None
    data["declaring"]["overturn_in_deal"] = False
    with pytest.raises(ExportError) as info:
        tr.Rules.from_dict(data)
    assert any("nothing overturns then" in d.message for d in info.value.diagnostics)
