"""Chosen ladders (``range: 2, 5, 10, K, A``), ``game end: past the last level``, and the house
rules' seat roles (``the next banker is ROLE``, ``when a hand ends``): compiled, checked, played,
logged, replayed and worded on the sheet."""

from __future__ import annotations

import json
import random

import pytest

import tractor_rules as tr
from tractor_rules.engine.game import Match
from tractor_rules.engine.players.basic import GreedyPlayer, RandomPlayer
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.engine.rulings.scoring import level_ladder
from tractor_rules.render.sheet import build_sheet

SPEED = 'ruleset: "Speed"\ndescription: "x"\nextends: "two-decks"\n\nlevels\n  range: 2, 5, 10, K, A\n'


def _house(levels: str, parent: str = "two-decks") -> tr.Rules:
    return tr.loads(f'ruleset: "House"\ndescription: "x"\nextends: "{parent}"\n\nlevels\n{levels}')


def _texts(rules: tr.Rules, lang: str) -> list[str]:
    return [item.text for item in build_sheet(rules, lang).items()]


def test_a_chosen_ladder_is_climbed_in_its_order():
    rules = tr.loads(SPEED)
    assert rules.levels.chosen == ("2", "5", "10", "K", "A")
    assert (rules.levels.first, rules.levels.last) == ("2", "A")
    assert level_ladder(rules) == ("2", "5", "10", "K", "A")
    assert rules.advance("2", 1) == "5"
    assert rules.advance("5", 2) == "K"
    assert rules.advance("K", 2) == "A"  # A is mandatory: a climb stops there
    assert rules.advance("A", 1) is None  # past the last
    free = tr.loads(SPEED + "  mandatory: none\n")
    assert free.advance("K", 2) is None


def test_a_range_after_a_parents_list_plays_every_rank_again(tmp_path):
    (tmp_path / "speed.tractor").write_text(SPEED, encoding="utf-8")
    child = tmp_path / "child.tractor"
    child.write_text('extends: "speed.tractor"\n\nlevels\n  range: 9 to A\n', encoding="utf-8")
    rules = tr.load(child, allowed_roots=[tmp_path])
    assert rules.levels.chosen == ()
    assert level_ladder(rules) == ("9", "10", "J", "Q", "K", "A")


@pytest.mark.parametrize(("levels", "message"), [
    ("  range: 2, 10, 5\n", "levels run upwards: 5 comes after 10"),
    ("  range: 2, 5, 5, A\n", "5 is listed twice"),
    ("  range: 2, 5, 10, K, A\n  mandatory: J\n", "mandatory level J is outside the levels 2, 5, 10, K, A"),
    ("  range: 2, 5, 10, K, A\n  defend: 3\n", "level 3 to defend is outside the levels 2, 5, 10, K, A"),
    ("  range: 2, 5, 10, K, A\n  when the bankers lose: bankers back to 3\n", "3 is not a level of this game"),
])
def test_a_chosen_ladder_is_checked(levels, message):
    with pytest.raises(tr.RulesetError, match=message):
        _house(levels)


def test_a_constant_rank_cannot_be_chosen():
    text = ('extends: "two-decks"\n\ntrumps\n  order: big joker > small joker > level in trump suit > level in other '
            'suits > 5 in trump suit > 5 in other suits > trump suit\n\nlevels\n  range: 2, 5, 10, A\n')
    with pytest.raises(tr.RulesetError, match="level 5 is a constant trump, so it cannot be a level"):
        tr.loads(text)


def test_a_match_on_a_chosen_ladder_plays_only_its_levels():
    rules = tr.loads(SPEED)
    result = Match(rules, [GreedyPlayer(s) for s in range(4)], random.Random(4)).play()
    assert result.status == "won"
    assert {h.level for h in result.hands} <= {"2", "5", "10", "K", "A"}
    assert all(replay_hand(h.to_log(), rules) == [] for h in result.hands)


def test_past_the_last_level_ends_the_game_for_attackers_too():
    rules = _house("  range: Q to A\n  mandatory: none\n  game end: past the last level\n")
    assert rules.levels.game_end == "past-last"
    by_attackers = 0
    for seed in range(12):
        match = Match(rules, [RandomPlayer(s) for s in range(4)], random.Random(seed))
        result = match.play()
        assert result.status == "won"
        last = result.hands[-1]
        side, steps = last.level_change
        winners = last.banker_team if side == "banker" else frozenset(range(4)) - last.banker_team
        assert result.winners == winners and steps > 0
        assert all(result.levels[s] == "A" for s in winners)
        by_attackers += side == "attackers"
    assert by_attackers > 0  # the rule's point: attackers going past A win as well


def test_past_the_last_level_is_worded():
    rules = _house("  game end: past the last level\n")
    assert any("first team that goes up past level A, as the banker team or as attackers" in t
               for t in _texts(rules, "en"))
    assert any("先升过A的一方赢得整场比赛" in t for t in _texts(rules, "zh"))


def test_the_bank_moves_one_seat_every_hand():
    rules = _house("  when a hand ends: the next banker is the next seat\n")
    assert rules.levels.after_hand[0].condition == ("fact", "always")
    assert rules.levels.after_hand[0].effects == (("next-banker", "next-seat"),)
    match = Match(rules, [RandomPlayer(s) for s in range(4)], random.Random(2), max_hands=12)
    hands = [match.step() for _ in range(8)]
    for before, after in zip(hands, hands[1:]):
        assert after.banker == (before.banker + 1) % 4 == before.next_banker
    for hand in hands:
        assert replay_hand(hand.to_log(), rules) == []
        tampered = hand.to_log()
        tampered["next_banker"] = (tampered["next_banker"] + 1) % 4
        assert any("the next banker is seat" in p for p in replay_hand(json.loads(json.dumps(tampered)), rules))
    assert any("After every hand: the player after the banker in turn order banks the next hand." in t
               for t in _texts(rules, "en"))


@pytest.mark.parametrize(("role", "expected"), [
    ("the banker", lambda h: h.banker),
    ("the banker's partner", lambda h: (h.banker + 2) % 4),
    ("the winner of the last trick", lambda h: h.tricks[-1].winner),
])
def test_each_role_names_its_seat(role, expected):
    rules = _house(f"  when a hand ends: the next banker is {role}\n")
    match = Match(rules, [GreedyPlayer(s) for s in range(4)], random.Random(9), max_hands=6)
    for _ in range(4):
        hand = match.step()
        assert hand.next_banker == expected(hand)
        assert replay_hand(hand.to_log(), rules) == []


def test_the_first_winner_after_the_banker():
    rules = _house("  when a hand ends: the next banker is the first of the winners after the banker\n")
    match = Match(rules, [RandomPlayer(s) for s in range(4)], random.Random(5), max_hands=10)
    for _ in range(6):
        hand = match.step()
        winners = hand.banker_team if hand.level_change[0] == "banker" else frozenset(range(4)) - hand.banker_team
        seats_after = [(hand.banker + k) % 4 for k in range(1, 5)]
        assert hand.next_banker == next(s for s in seats_after if s in winners)


def test_a_seated_partner_needs_fixed_teams():
    with pytest.raises(tr.RulesetError, match="E313|no seated partner"):
        _house("  when a hand ends: the next banker is the banker's partner\n", parent="house-finding-friends")
