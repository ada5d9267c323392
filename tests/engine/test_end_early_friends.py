"""Ending a hand early with called partners (Finding Friends, rbtying/shengji's own game, where
its "end game early" was asked for: #277, #284): the rule is asked after a trick only once every
call is answered and both teams are known, by the engine, the replay and every kind of player."""

from __future__ import annotations

import json

import pytest

import tractor_rules as tr
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.rules import Rules

from player_kinds import EVERY_KIND, hands_that_replay_clean
from sheet_words import sheet_text

EARLY = 'extends: "house-finding-friends"\nlevels\n  end early: when {}\n'


def friends_rules(condition: str = "the outcome is decided") -> Rules:
    return tr.loads(EARLY.format(condition), origin="house.tractor")


def answered_by(record, trick_count: int) -> bool:
    """Whether every call of ``record`` is answered within its first ``trick_count`` tricks: the
    answering copy of each called card played by then (the banker's own copies not counted where
    the rules say so), as the friends the log names show."""
    rules = record.rules
    seen = {card: 0 for card, _ in record.called}
    answered = {card: False for card, _ in record.called}
    team = {record.banker}
    for trick in record.tricks[:trick_count]:
        for offset, play in enumerate(trick.plays):
            seat = (trick.leader + offset) % rules.table.players
            if seat == record.banker and not rules.table.count_banker_copies:
                continue
            for card, ordinal in record.called:
                if answered[card] or card not in play:
                    continue
                seen[card] += play.count(card)
                if seen[card] >= ordinal and (seat not in team or rules.table.join_twice):
                    answered[card] = True
                    team.add(seat)
    return all(answered.values())


def test_called_partners_may_end_a_hand_early():
    rules = friends_rules()
    assert rules.table.partnership == "called" and rules.levels.end_early == ("fact", "outcome-decided")


@pytest.mark.parametrize("kind", EVERY_KIND)
def test_a_rule_that_always_holds_ends_the_hand_at_the_trick_that_answers_the_last_call(kind):
    rules = friends_rules("cards left < 100")  # holds after every trick with cards left
    hands = 30 if kind in ("random", "greedy") else 6
    ended = 0
    for record in hands_that_replay_clean(rules, kind, hands):
        played = len(record.tricks)
        first = next((t for t in range(1, played + 1) if answered_by(record, t)), None)
        if record.ended_early is None:
            # played out: the last call was answered by the last trick, or never
            assert first is None or first == played
        else:
            assert record.ended_early.after == first == played
            ended += 1
    assert ended, f"no hand of {hands} ended early"


@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_hands_end_once_their_outcome_is_decided_and_the_teams_known(kind):
    ended = [r for r in hands_that_replay_clean(friends_rules(), kind, 30) if r.ended_early is not None]
    assert ended
    for record in ended:
        assert answered_by(record, record.ended_early.after)
        assert record.ended_early.decided is True


def test_the_replay_refuses_a_hand_ended_before_the_calls_were_answered():
    rules = friends_rules("cards left < 0")  # never ends a hand: the log below claims it did
    late = next(r for r in hands_that_replay_clean(rules, "random", 60) if not answered_by(r, 3))
    log = late.to_log()
    wrong = dict(log, tricks=log["tricks"][:3], ended_early={
        "after_trick": 3, "points": 0, "points_left": 0, "cards_left": 0, "decided": None, "unplayed": []})
    problems = replay_hand(json.dumps(wrong), rules)
    assert any("a call was still unanswered after the last trick" in p for p in problems), problems


def test_the_sheet_says_when_it_is_asked():
    rules = friends_rules()
    assert "asked only once every call is answered and both teams are known" in sheet_text(rules, "en")
    zh = sheet_text(rules, "zh")
    assert "所有叫牌都已应答" in zh, zh
    assert "once every call is answered" not in sheet_text(tr.loads(
        'extends: "two-decks"\nlevels\n  end early: when the outcome is decided\n', origin="h.tractor"), "en")
