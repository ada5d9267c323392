"""`other leads: as many sets as the lead`: to a lead without a follow list of its own, and to a
throw, the lead's sets are matched largest first, its tractors counted as the sets they are made
of and no tractor asked (ChannonTian/80fen, docs/RULES.md §C: "领出的是甩牌里含拖拉机的,只按第 3
条数对子数"; gallery F5).  The compiled value, the oracle's verdicts beside the other values, whole
hands by every kind of player, the sheet (en, zh), the JSON form and its versions."""

from __future__ import annotations

from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.codec import rules_to_dict_as
from tractor_rules.errors import ExportError
from tractor_rules.rules.kinds import rule_kinds

from player_kinds import EVERY_KIND, hands_that_replay_clean
from sheet_words import sheet_text

ROOT = Path(__file__).resolve().parents[2]
F5 = ROOT / "examples" / "house-rules" / "F5-follow-duties-add-up.tractor"
#: a throw of a tractor of two pairs and a single, ♠ (level 2, ♥ trump): it stands when no one
#: can beat any part of it
THROW = "AS AS KS KS 9S"


def other_leads(value: str) -> tr.Rules:
    return tr.loads(f'extends: "two-decks"\nfollow\n  other leads: {value}\n', origin="house.tractor")


def error(rules: tr.Rules, hand: str, play: str, lead: str = THROW) -> str | None:
    return rules.context("2", "H").follow_error(hand, lead, play)


def test_the_value_compiles_and_reads_back():
    rules = other_leads("as many sets as the lead")
    assert rules.following.default == "sets"
    assert tr.Rules.from_dict(rules.to_dict()) == rules
    assert tr.load(str(F5)).following.default == "sets"


def test_a_throws_tractor_asks_only_its_pairs():
    counted, largest = other_leads("as many sets as the lead"), other_leads("largest units first")
    hand = "QS QS JS JS 7S 7S 3S 4C"
    # two pairs and a card: any two pairs, the tractor not asked
    assert error(counted, hand, "QS QS 7S 7S 3S") is None
    assert error(counted, hand, "QS QS JS JS 3S") is None
    assert error(largest, hand, "QS QS 7S 7S 3S") is not None  # the tractor is asked there
    assert error(largest, hand, "QS QS JS JS 3S") is None
    # fewer pairs than the hand holds up to the lead's: refused
    assert error(counted, hand, "QS QS JS 7S 3S") is not None


def test_as_many_pairs_as_the_hand_holds_up_to_the_leads():
    counted = other_leads("as many sets as the lead")
    hand = "QS QS JS 7S 5S 3S 4C"  # one pair of spades
    assert error(counted, hand, "QS QS JS 7S 5S") is None
    assert "pair" in error(counted, hand, "JS 7S 5S 3S QS")  # the pair broken: refused, saying so
    # a throw of two single cards and a pair asks the pair and the suit
    assert error(counted, hand, "QS QS 3S", lead="AS KS KS") is None
    assert error(counted, hand, "QS JS 3S", lead="AS KS KS") is not None


def test_a_lead_of_one_tractor_with_a_list_keeps_its_list():
    # F5 writes a list for every tractor of pairs: a tractor led still asks the longest tractor
    f5 = tr.load(str(F5))
    hand = "QS QS JS JS 7S 7S 3S 4C"
    assert error(f5, hand, "QS QS 7S 7S", lead="AS AS KS KS") is not None
    assert error(f5, hand, "QS QS JS JS", lead="AS AS KS KS") is None
    # two-decks with the value and without lists: a tractor led asks two pairs, not the tractor
    bare = tr.loads('extends: "two-decks"\nfollow\n  other leads: as many sets as the lead\n  unset: tractor of n '
                    'pairs\n', origin="house.tractor")
    assert error(bare, hand, "QS QS 7S 7S", lead="AS AS KS KS") is None


def test_the_kinds_say_what_a_tractor_asks():
    kinds = {(k.name, k.width): k.demand for k in rule_kinds(other_leads("as many sets as the lead"))}
    assert kinds[("tractor", 2)] == "list"  # two-decks' own list for tractors of pairs
    bare = tr.loads('extends: "two-decks"\nfollow\n  other leads: as many sets as the lead\n  unset: tractor of n '
                    'pairs\n', origin="house.tractor")
    assert {(k.name, k.width): k.demand for k in rule_kinds(bare)}[("tractor", 2)] == "sets"


@pytest.mark.parametrize("kind", EVERY_KIND)
def test_every_kind_of_player_follows_it(kind):
    rules = tr.load(str(F5))
    hands = 12 if kind in ("random", "greedy") else 3
    assert len(list(hands_that_replay_clean(rules, kind, hands))) == hands


def test_the_sheet_says_it():
    rules = other_leads("as many sets as the lead")
    assert "its tractors counted as the sets they are made of" in sheet_text(rules, "en")
    assert "连对有几个对子就跟几个对子" in sheet_text(rules, "zh")


def test_it_is_a_value_of_version_4():
    rules = other_leads("as many sets as the lead")
    assert rules_to_dict_as(rules, 3) is None  # version 3 cannot say it
    assert rules_to_dict_as(other_leads("largest units first"), 3) is not None
    data = rules.to_dict()
    data["schema_version"] = 3
    with pytest.raises(ExportError, match="following.default 'sets'"):
        tr.Rules.from_dict(data)
