"""Who held a card after the kitty, the holder of a card after the kitty, and the standing
declarer's partner and opponent in the round of overturning after the kitty, in the engine: each
fact on hands built to order, the holder from the banker in turn order, whole hands played, logged
and replayed (the hands as the tricks begin are the log's own "hands"), tampered logs reported, the
oracle reading a logged hand, and every overturn after the kitty made by a player the rule allows."""

from __future__ import annotations

import json

import pytest

import tractor_rules as tr
from tractor_rules.engine.deck.cards import parse_token
from tractor_rules.engine.errors import EngineError
from tractor_rules.engine.flow.after_hand import facts_of, holds, next_banker_after, role_seat
from tractor_rules.engine.flow.record import HandRecord, reads_dealt
from tractor_rules.engine.records.replay import replay_hand, replay_log
from tractor_rules.engine.records.simulate import simulate
from tractor_rules.engine.rulings.declaring import declarer_relation, may_overturn, overturn_turn

HEADER = 'extends: "two-decks"\n'
PLAIN = tr.load("two-decks")


def cards(text: str) -> tuple:
    return tuple(parse_token(t) for t in text.split())


#: as dealt: seat 0 (the banker) was dealt 5H and AS; as the tricks begin it has buried 5H and taken
#: up KS from the kitty; seat 1 holds AH throughout; seats 2 and 3 a 3H each
DEALT = (cards("5H AS"), cards("AH 9C"), cards("3H 4D"), cards("3H QC"))
KEPT = (cards("KS AS"), cards("AH 9C"), cards("3H 4D"), cards("3H QC"))


def record(rules: tr.Rules, *, hands=KEPT, dealt=DEALT, banker: int = 0, side: str = "banker") -> HandRecord:
    team = frozenset({banker, (banker + 2) % 4})
    return HandRecord(
        rules=rules, level="2", trump="S", banker=banker, hands=list(hands), kitty=cards("5H 2C"), tricks=[],
        attacker_points=40, kitty_points=5, kitty_multiplier=0, level_change=(side, 1), next_banker=2,
        banker_team=team, declarations=[], declarer=banker, buried_by=banker, dealt=dealt)


@pytest.mark.parametrize(("condition", "expected"), [
    (("fact", "held-after-kitty", "bankers", "KS"), True),     # taken up from the kitty
    (("fact", "held", "bankers", "KS"), False),                # not dealt to anyone
    (("fact", "held-after-kitty", "bankers", "5H"), False),    # buried
    (("fact", "held", "bankers", "5H"), True),                 # but dealt
    (("fact", "held-after-kitty", "attackers", "AH"), True),
    (("fact", "held-after-kitty", "bankers", "AH"), False),
    (("fact", "held-after-kitty", "attackers", "3H"), True),
    (("fact", "held-after-kitty", "bankers", "3H"), True),     # the banker's partner, seat 2
    (("fact", "held-after-kitty", "winners", "KS"), True),     # the bankers held the bank
    (("fact", "held-after-kitty", "losers", "KS"), False),
    (("not", ("fact", "held-after-kitty", "attackers", "2C")), True),
])
def test_held_after_the_kitty_on_a_hand_built_to_order(condition, expected):
    assert holds(condition, facts_of(record(PLAIN))) is expected


def test_the_holder_after_the_kitty_is_the_first_seat_after_the_banker_holding_it():
    facts = facts_of(record(PLAIN))
    assert role_seat(("holder-after-kitty", "KS"), facts) == 0    # the banker, who took it up
    assert role_seat(("holder", "KS"), facts) is None            # nobody was dealt it
    assert role_seat(("holder-after-kitty", "5H"), facts) is None  # buried
    assert role_seat(("holder", "5H"), facts) == 0
    # two copies of 3H, seats 2 and 3: from the banker (seat 0) in turn order, seat 2 comes first
    assert role_seat(("holder-after-kitty", "3H"), facts) == 2
    assert role_seat(("holder-after-kitty", "3H"), facts_of(record(PLAIN, banker=2))) == 3


def test_a_holder_after_the_kitty_nobody_is_leaves_the_next_banker_as_the_rules_say():
    rules = tr.loads(HEADER + "levels\n  when a hand ends: the next banker is the holder of 5H after the kitty\n")
    assert next_banker_after(rules, facts_of(record(rules)), (0,), 2) == 2  # 5H was buried
    rules = tr.loads(HEADER + "levels\n  when a hand ends: the next banker is the holder of AH after the kitty\n")
    assert next_banker_after(rules, facts_of(record(rules)), (0,), 2) == 1


def test_without_the_hands_the_facts_that_read_them_say_so():
    facts = facts_of(record(PLAIN, hands=()))
    with pytest.raises(EngineError, match="as the tricks began"):
        holds(("fact", "held-after-kitty", "bankers", "AH"), facts)
    with pytest.raises(EngineError, match="as the tricks began"):
        role_seat(("holder-after-kitty", "AH"), facts)


# --- in play, in the log and in replay -------------------------------------------------------------

HOUSE = tr.loads(HEADER + "levels\n"
                          "  when the bankers lose and the bankers held 5H after the kitty: bankers - 1 level\n"
                          "  when the attackers held AS after the kitty and not the attackers held AS: "
                          "attackers + 1 level\n"
                          "  when a hand ends: the next banker is the holder of 3H after the kitty\n")


@pytest.fixture(scope="module")
def log_lines() -> list[str]:
    return [r.log_line for r in simulate(HOUSE, 200, seed=11, players="random,greedy", log=True)]


def test_the_hands_after_the_kitty_add_nothing_to_the_log():
    rules = tr.loads(HEADER + "levels\n  when the bankers held 5H after the kitty: the next banker is the holder of "
                              "3H after the kitty\n")
    assert not reads_dealt(rules)
    (line,) = [r.log_line for r in simulate(rules, 1, seed=2, players="random", log=True)]
    assert "dealt" not in json.loads(line)
    assert replay_log([line], rules) == {}
    assert reads_dealt(HOUSE)  # its second rule reads who was dealt AS as well


def test_200_hands_replay_clean_and_each_rule_fires_exactly_where_its_facts_hold(log_lines):
    assert replay_log(log_lines, HOUSE) == {}
    fired: set[int] = set()
    named = 0
    for line in log_lines:
        e = json.loads(line)
        hands = [set(h.split()) for h in e["hands"]]
        team = {e["banker"], (e["banker"] + 2) % 4}
        expected = []
        if e["level_change"][0] == "attackers" and any("5H" in hands[s] for s in team):
            expected.append(0)
        # the attackers never take the kitty here: what they hold after it they were dealt (never 1)
        expected.append(2)
        assert e["after_hand"] == expected, e
        fired |= set(e["after_hand"])
        holder = next((s for s in ((e["banker"] + k) % 4 for k in range(1, 5)) if "3H" in hands[s]), None)
        if holder is not None:
            assert e["next_banker"] == holder
            named += 1
    assert fired == {0, 2} and named > 150


def test_a_tampered_outcome_is_reported(log_lines):
    entry = json.loads(next(line for line in log_lines if 0 in json.loads(line)["after_hand"]))
    problems = replay_hand({**entry, "after_hand": [2]}, HOUSE)
    assert any("the house rules after the hand set off are" in p for p in problems), problems


def test_the_oracle_reads_the_facts_from_a_logged_hand(log_lines):
    for line in log_lines[:60]:
        entry = json.loads(line)
        assert HOUSE.house_rules_set_off(line) == tuple(entry["after_hand"])
        assert HOUSE.house_rules_set_off({**entry, "after_hand": []}) == tuple(entry["after_hand"])


def test_with_overturns_after_the_kitty_the_hands_after_the_last_burial_count():
    rules = tr.loads(HEADER + "declare\n  overturn after kitty: yes\n"
                              "levels\n  when the attackers held 5H after the kitty: attackers + 1 level\n")
    lines = [r.log_line for r in simulate(rules, 120, seed=3, players="random,greedy", log=True)]
    assert replay_log(lines, rules) == {}
    for line in lines:
        e = json.loads(line)
        team = {e["banker"], (e["banker"] + 2) % 4}
        held = any("5H" in e["hands"][s].split() for s in range(4) if s not in team)
        assert (0 in e["after_hand"]) == held


# --- the declarer's partner and opponent after the kitty -------------------------------------------


def test_the_declarer_relation_and_the_banker_standing_for_nobody():
    assert declarer_relation(PLAIN, 2, 0) == (True, False)
    assert declarer_relation(PLAIN, 1, 0) == (False, True)
    assert declarer_relation(PLAIN, 0, 0) == (False, False)
    assert declarer_relation(tr.load("house-finding-friends"), 2, 0) == (False, False)
    rules = tr.loads(HEADER + "declare\n  overturn after kitty: when the declarer's opponent\n")
    bankers = frozenset({1, 3})
    # nobody declared: the banker (seat 1) stands for the declarer
    assert may_overturn(overturn_turn(rules, 2, bankers, False, 0, None, 1, "2", "S"))
    assert not may_overturn(overturn_turn(rules, 3, bankers, False, 0, None, 1, "2", "S"))
    standing = (0, rules.declaration("2H", "2"))  # an attacker's declaration stands
    assert may_overturn(overturn_turn(rules, 1, bankers, False, 0, standing, 1, "2", "H"))
    assert not may_overturn(overturn_turn(rules, 2, bankers, False, 0, standing, 1, "2", "H"))


OPPONENTS = tr.loads(HEADER + "declare\n  overturn after kitty: when the declarer's opponent\n")


def test_every_overturn_after_the_kitty_is_an_opponents_and_replays_clean():
    lines = [r.log_line for r in simulate(OPPONENTS, 300, seed=5, players="random,greedy", log=True)]
    assert replay_log(lines, OPPONENTS) == {}
    made = 0
    for line in lines:
        e = json.loads(line)
        round_ = e["overturn_round"]
        declarer = round_["standing"][0] if round_["standing"] else e["banker"]
        for seat, _ in round_["overturns"]:
            assert seat % 2 != declarer % 2
            declarer = seat
            made += 1
    assert made  # some hands were overturned after the kitty
    entry = json.loads(next(line for line in lines if json.loads(line)["overturn_round"]["overturns"]))
    round_ = entry["overturn_round"]
    declarer = round_["standing"][0] if round_["standing"] else entry["banker"]
    partner = (declarer + 2) % 4
    tampered = {**round_, "overturns": [[partner, round_["overturns"][0][1]]] + round_["overturns"][1:]}
    problems = replay_hand({**entry, "overturn_round": tampered}, OPPONENTS)
    assert any(f"seat {partner} overturned" in p and "does not hold of their turn" in p for p in problems), problems
