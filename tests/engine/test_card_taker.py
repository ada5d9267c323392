"""The player who took a card (`the player who took CARD`), a seat named by a card at the end of the
hand: the winner of the first trick that held it, found on tricks built to order (several decks: the
first trick; nobody when no copy was played), as the next banker in whole hands logged and replayed
(a tampered next banker reported), and refused with a hand that may end early (E329)."""

from __future__ import annotations

import json

import pytest

import tractor_rules as tr
from tractor_rules import codes
from tractor_rules.engine.deck.cards import parse_token
from tractor_rules.engine.flow.after_hand import facts_of, next_banker_after, role_seat
from tractor_rules.engine.flow.record import HandRecord, TrickRecord
from tractor_rules.engine.records.replay import replay_hand, replay_log
from tractor_rules.engine.records.simulate import simulate
from tractor_rules.errors import RulesetError

HEADER = 'extends: "two-decks"\n'
TAKER = tr.loads(HEADER + "levels\n  when a hand ends: the next banker is the player who took 5H\n")


def cards(text: str) -> tuple:
    return tuple(parse_token(t) for t in text.split())


def trick(leader: int, plays: str, winner: int) -> TrickRecord:
    return TrickRecord(leader, [cards(p) for p in plays.split("|")], None, winner, 0)


#: a 5H goes to seat 1's trick first, the other copy to seat 3's later; KS to seat 3's trick
TRICKS = [
    trick(0, "QH|AH|5H|4H", 1),
    trick(1, "KS|9D|8D|9D", 1),
    trick(1, "2C|3C|5H|4C", 3),
]


def record(rules: tr.Rules, tricks: list[TrickRecord]) -> HandRecord:
    return HandRecord(
        rules=rules, level="2", trump="S", banker=0, hands=[() for _ in range(4)], kitty=(), tricks=tricks,
        attacker_points=40, kitty_points=0, kitty_multiplier=0, level_change=("banker", 1), next_banker=2,
        banker_team=frozenset({0, 2}), declarations=[], declarer=0)


def test_the_taker_is_the_winner_of_the_first_trick_that_held_the_card():
    facts = facts_of(record(TAKER, TRICKS))
    assert role_seat(("taker", "5H"), facts) == 1   # the first trick holding a 5H; the second copy went to 3
    assert role_seat(("taker", "KS"), facts) == 1   # played by seat 1 to its own trick
    assert role_seat(("taker", "2C"), facts) == 3
    assert role_seat(("taker", "JC"), facts) is None  # nobody played it


def test_a_taker_nobody_is_leaves_the_next_banker_as_the_rules_say():
    assert next_banker_after(TAKER, facts_of(record(TAKER, TRICKS)), (0,), 2) == 1
    assert next_banker_after(TAKER, facts_of(record(TAKER, TRICKS[1:2])), (0,), 2) == 2


def test_whole_hands_bank_with_the_taker_and_replay_clean():
    lines = [r.log_line for r in simulate(TAKER, 40, seed=5, players="random,greedy", log=True)]
    assert replay_log(lines, TAKER) == {}
    changed = 0
    for line in lines:
        e = json.loads(line)
        first = next((t["winner"] for t in e["tricks"] if "5H" in " ".join(t["plays"]).split()), None)
        if first is not None:
            assert e["next_banker"] == first, e
            changed += 1
    assert changed >= 30  # most hands play a 5H: the rule is tested where it names a seat
    entry = json.loads(lines[0])
    other = (entry["next_banker"] + 1) % 4
    assert any("next banker" in p for p in replay_hand({**entry, "next_banker": other}, TAKER))


def test_with_a_hand_that_may_end_early_it_is_e329():
    with pytest.raises(RulesetError) as caught:
        tr.loads(HEADER + "levels\n  end early: when points left = 0\n"
                          "  when a hand ends: the next banker is the player who took 5H\n", "house.tractor")
    assert [d.code for d in caught.value.diagnostics] == [codes.END_EARLY]


def test_a_card_the_pack_lacks_is_e331():
    with pytest.raises(RulesetError) as caught:
        tr.loads(HEADER + "table\n  remove: 3\n  deal: 23 each, kitty 8\nlevels\n"
                          "  when a hand ends: the next banker is the player who took 3H\n", "house.tractor")
    assert [d.code for d in caught.value.diagnostics] == [codes.HOLDER_NOT_IN_PACK]
