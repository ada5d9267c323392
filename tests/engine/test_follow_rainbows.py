"""Follow lists whose lead is a rainbow among trumps (Shandong 闪/震, "领出闪/震/顺子：对应牌型 > 最大单张
> 垫牌"; gallery F10): `rainbow of n cards: rainbow of n cards > highest single + singles`, compiled,
read by the one follow check and the engine's own follow, the players (the learning
environment's mask: tests/rl/test_rl_rainbow_lists.py), the JSON form (a word of version 4) and the sheet."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from player_kinds import EVERY_KIND, SEARCH

import tractor_rules as tr
from tractor_rules.codec import rules_to_dict_as
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.kinds import make_player
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.engine.rulings.follow import FollowContext, ListDuty, SuitDuty
from tractor_rules.render.sheet import build_sheet
from tractor_rules.rules import Count, LeadShape, Pattern, Term

F10 = Path(__file__).resolve().parents[2] / "examples" / "house-rules" / \
    "F10-flashes-followed-by-the-highest-single.tractor"
FLASHES = tr.load(str(F10))
PLAIN = tr.loads('extends: "two-decks-constant-twos"\ncombinations\n  rainbows: 4+ trumps of one rank in four suits\n')


def test_the_lead_and_its_first_entry_compile_to_the_rainbow():
    (fl,) = [fl for fl in FLASHES.following.lists if fl.lead.rainbow]
    assert fl.lead == LeadShape(1, 0, rainbow=True) and fl.lead.label == "rainbow of n cards"
    assert not fl.lead.straight
    assert LeadShape.from_label("rainbow of 5 cards") == LeadShape(1, 5, rainbow=True)
    assert fl.entries == (
        Pattern((Term(Count(0, 1), 1, Count(1, 0), rainbow=True),)),
        Pattern((Term(Count(0, 1), 1, highest=True), Term(Count(0, 0, greedy=True), 1))),
    )
    # a rainbow list is no straight's: a straight lead finds no list in it
    from tractor_rules.engine.rulings.follow import find_list, find_rainbow_list
    assert find_list(FLASHES.following, 1, 5) is None
    assert find_rainbow_list(FLASHES.following, 4) is fl
    assert [k.demand for k in FLASHES.kinds() if k.name == "rainbow"] == ["list"]
    assert [k.demand for k in PLAIN.kinds() if k.name == "rainbow"] == ["ranks"]


@pytest.mark.parametrize(("body", "code"), [
    ("combinations\n  rainbows: 4+ cards of one rank in four suits\nfollow\n"
     "  rainbow of n cards: rainbow of n cards > singles\n", "E368"),
    ("combinations\n  rainbows: 4+ trumps of one rank in four suits\nfollow\n"
     "  rainbow of n cards: highest single + singles\n", "E369"),
    ("combinations\n  rainbows: 4+ trumps of one rank in four suits\nfollow\n  pair: rainbow of 2 cards\n", "E369"),
    ("combinations\n  rainbows: 4+ trumps of one rank in four suits\nfollow\n"
     "  rainbow of n cards: rainbow of n cards > rainbow of n cards\n", "E369"),
    ("combinations\n  rainbows: 4+ trumps of one rank in four suits\nfollow\n"
     "  rainbow of n cards: rainbow of n cards > broken down step by step\n", "E309"),
    ("combinations\n  rainbows: 5+ trumps of one rank in four suits\nfollow\n"
     "  rainbow of 4 cards: rainbow of 4 cards > singles\n", "E308"),
    ("combinations\n  rainbows: 4+ trumps of one rank in four suits\nfollow\n"
     "  rainbow of n cards: rainbow of n cards > pair\n", "E309"),
    ("follow\n  rainbow of n cards: rainbow of n cards > singles\n", "E308"),
])
def test_a_list_for_rainbows_is_checked(body, code):
    with pytest.raises(tr.RulesetError, match=code):
        tr.loads('extends: "two-decks-constant-twos"\n' + body)


def test_to_a_flash_its_ranks_else_the_highest_trump():
    c = FLASHES.context(level="10", trump="H")
    lead = "10S 10H 10C 10D"
    # a flash of 2s held: it must come
    hand = "2S 2H 2C 2D AH KH 3S"
    assert c.follow_error(hand, lead, "2S 2H 2C 2D") is None
    assert c.follow_refusal(hand, lead, "AH KH 2S 2H").code == "rainbow"
    # no flash, more trumps than the lead: the highest trump and three more trumps
    hand = "BJ 2S 2H AH KH 7H 3S"
    assert c.follow_error(hand, lead, "BJ AH KH 7H") is None
    refusal = c.follow_refusal(hand, lead, "2S AH KH 7H")
    assert refusal.code == "shape" and "the highest single (BJ)" in refusal.message
    # trumps still: a side card is refused while trumps are held
    assert c.follow_error(hand, lead, "BJ AH KH 3S") is not None
    # no more trumps than the lead: all of them, and anything
    assert c.follow_error("2S AH 7H 3S 4C", lead, "2S AH 7H 3S") is None
    # without the list any trumps will do
    assert PLAIN.context(level="10", trump="H").follow_error(hand, lead, "2S AH KH 7H") is None


def test_the_engines_own_follow_meets_the_list():
    c = FLASHES.context(level="10", trump="H")
    lead = "10S 10H 10C 10D"
    for hand in ("BJ 2S 2H AH KH 7H 3S", "2S 2H 2C 2D AH KH 3S", "2S AH 7H 3S 4C"):
        play = c.legal_follow(hand, lead)
        assert c.follow_error(hand, lead, play) is None
    assert "BJ" in map(str, c.legal_follow("BJ 2S 2H AH KH 7H 3S", lead))
    fc = FollowContext(c.order, tuple(c.cards(lead)))
    assert isinstance(fc.duty, ListDuty)
    assert isinstance(FollowContext(PLAIN.context(level="10", trump="H").order, tuple(c.cards(lead))).duty, SuitDuty)


#: hands each kind plays at F10's table, two seats of the kind between two random players: only
#: the random player leads a rainbow (in 12 of 200 hands), so the kind follows one only where a
#: random player leads it; the greedy and the heuristic player first follow one at the 31st
#: hand, again at the 53rd, and 60 hands hold both.  The search player, at a quarter of a CPU
#: second a hand, plays 10, to show that its play replays clean under the list.
HANDS = {"random": 60, "greedy": 60, "heuristic": 60, SEARCH: 10}


@pytest.mark.parametrize("kind", EVERY_KIND)
def test_f10_plays_and_replays_clean_with_every_kind(kind):
    """Two seats of each kind of player with two random players, every follow checked by the
    replay; where a rainbow is led the list's duty is the follow's, and the kind follows some."""
    followed = 0
    for seed in range(HANDS[kind]):
        players = [make_player(kind if seat % 2 else "random", seed * 10 + seat) for seat in range(4)]
        record = play_hand(FLASHES, players, random.Random(seed), level="2", banker=seed % 4)
        assert replay_hand(json.dumps(record.to_log()), FLASHES) == [], f"seed {seed}"
        ctx = FLASHES.context(record.level, record.trump)
        for trick in record.tricks:
            fc = FollowContext(ctx.order, trick.plays[0])
            if fc.rainbow is not None:
                assert isinstance(fc.duty, ListDuty)
                followed += 1  # of the three seats that follow it, one or two are the kind's
    if kind != SEARCH:
        assert followed > 0


def test_the_rainbow_list_is_a_word_of_version_4():
    data = FLASHES.to_dict()
    assert {"width": 1, "length": 0, "rainbow": True} in [fl["lead"] for fl in data["following"]["lists"]]
    assert tr.Rules.from_dict(data) == FLASHES
    assert rules_to_dict_as(FLASHES, 3) is None


def test_the_sheet_says_the_list_with_an_example():
    en = {i.key: i for i in build_sheet(FLASHES, "en").items()}
    zh = {i.key: i for i in build_sheet(FLASHES, "zh").items()}
    assert en["following.lists.rainbow1xn"].text == "To a rainbow of n trumps, in order of priority:"
    assert en["following.lists.rainbow1xn"].points[1] == \
        "the highest single of the suit + as many singles as the hand allows"
    assert zh["following.lists.rainbow1xn"].text.startswith("跟n张主牌的彩虹")
    (line,) = en["following.lists.rainbow1xn.example"].points
    assert line.startswith("lead ♠10 ♥10 ♣10 ♦10, hand BJ") and "is a legal reply" in line and line.endswith("is not")
    assert "as the follow list for rainbows says" in en["combinations.rainbow_min"].text
    assert "按“跟牌”一节中彩虹的跟牌顺序出主牌" in zh["combinations.rainbow_min"].text
    plain = {i.key: i.text for i in build_sheet(PLAIN, "en").items()}
    assert "otherwise trumps, as many as the lead or all they hold" in plain["combinations.rainbow_min"]


@pytest.mark.parametrize("width, length, said", [
    (2, 0, "a list for 'rainbow of n cards' of sets of 2: a rainbow is of single cards"),
    (1, 1, "a list for 'rainbow of 1 cards', but rainbows are 4 or more cards"),
])
def test_a_document_with_a_rainbow_lead_the_language_cannot_write_is_refused(width, length, said):
    data = FLASHES.to_dict()
    lead = next(fl["lead"] for fl in data["following"]["lists"] if fl["lead"]["rainbow"])
    lead.update(width=width, length=length)
    with pytest.raises(tr.RulesetError) as info:
        tr.Rules.from_dict(data)
    (diagnostic,) = info.value.diagnostics
    assert diagnostic.code == "E308" and said in diagnostic.message
