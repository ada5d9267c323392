"""The oracle's ``rules.overturns``: the declarations with which a player may overturn the standing
one during the deal, asked of that player as the deal asks it (``overturn:`` and its condition on
who they are beside the standing declarer and whoever declared before), beside
``rules.reinforcements``; and every overturn of played hands is one it offered."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.kinds import make_players
from tractor_rules.errors import CardNotationError
from tractor_rules.rules import Rules

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
D52 = GALLERY / "D52-declaring-side-reinforces.tractor"


def declaring(*lines: str, base: str = "two-decks") -> Rules:
    body = "".join(f"  {line}\n" for line in lines)
    return tr.loads(f'extends: "{base}"\ndeclare\n{body}', origin="house.tractor")


def shown(offers) -> list[str]:
    return sorted(" ".join(str(card) for card in offer.cards) for offer in offers)


def test_an_opponent_of_the_declarer_may_overturn_and_a_partner_may_not():
    rules = tr.load(str(D52))  # overturn: when the declarer's opponent
    assert shown(rules.overturns("2H", "2S 2S 5D", "2", seat=1, declarer=0)) == ["2S 2S"]
    assert shown(rules.overturns("2H", "2S 2S 5D", "2", seat=3, declarer=0)) == ["2S 2S"]
    assert rules.overturns("2H", "2S 2S 5D", "2", seat=2, declarer=0) == []
    # the partner's pair of the declared card reinforces it: one of reinforcements, no overturn
    assert rules.overturns("2H", "2H 5D", "2", seat=2, declarer=0) == []
    assert [offer.whole for offer in rules.reinforcements("2H", "2H 5D", "2", seat=2, declarer=0)] != []


def test_only_stronger_declarations_overturn():
    rules = tr.load("two-decks")
    assert shown(rules.overturns("2H 2H", "2S 2S 2D BJ BJ", "2", seat=1, declarer=0)) == ["BJ BJ"] or \
        shown(rules.overturns("2H 2H", "2S 2S 2D BJ BJ", "2", seat=1, declarer=0)) == ["2S 2S", "BJ BJ"]
    assert rules.overturns("2H 2H", "2D 5D", "2", seat=1, declarer=0) == []  # a single is weaker
    assert rules.overturns("2H 2H", "2H 2H", "2", seat=0, declarer=0) == []  # nothing to add


def test_whoever_declared_before_is_asked_about():
    rules = declaring("overturn: when not the previous declarer")  # no overturning back
    history = [(0, "2H"), (1, "2S 2S")]
    back = rules.overturns("2S 2S", "BJ BJ", "2", seat=0, declarer=1, declarations=history)
    assert back == []
    assert shown(rules.overturns("2S 2S", "BJ BJ", "2", seat=2, declarer=1, declarations=history)) == ["BJ BJ"]
    # before anyone was overturned, nobody is the previous declarer
    assert shown(rules.overturns("2H", "2S 2S", "2", seat=1, declarer=0)) == ["2S 2S"]


def test_where_nothing_overturns_the_list_is_empty():
    rules = declaring("overturn: no")
    assert rules.overturns("2H", "BJ BJ 2S 2S", "2", seat=1, declarer=0) == []
    assert not rules.may_overturn_in_deal(False, "2")


def test_cards_not_of_the_pack_are_refused_in_words():
    with pytest.raises(CardNotationError, match="unknown card 'XX'"):
        tr.load("two-decks").overturns("2H", "XX", "2", seat=1, declarer=0)


@pytest.mark.parametrize("rules", [
    tr.load(str(D52)),
    declaring("overturn: when not the previous declarer"),
    declaring("overturn: when nobody was overturned or an attacker"),
], ids=["D52", "no-overturning-back", "attackers-after-the-first"])
def test_every_overturn_of_played_hands_is_one_the_oracle_offered(rules):
    overturned = 0
    for seed in range(40):
        record = play_hand(rules, make_players("heuristic", 4, random.Random(seed)), random.Random(seed),
                           level="2", banker=None if seed % 2 else seed % 4)
        deal = record.deal_declaring
        if deal is None:
            continue
        joined = {index for index, _ in deal.reinforced_by}
        made = deal.declarations
        for i in range(1, len(made)):
            (seat, cards), (declarer, standing) = made[i], made[i - 1]
            if seat == declarer or i in joined or i - 1 in joined:
                continue  # a reinforcement, or the standing one's cards are shared
            offered = rules.overturns(standing, cards, deal.level, seat=seat, declarer=declarer,
                                      declarations=made[:i], first_hand=deal.first_hand, banker=deal.banker)
            assert tuple(cards) in [tuple(offer.cards) for offer in offered], (seed, i)
            overturned += 1
    assert overturned > 0
