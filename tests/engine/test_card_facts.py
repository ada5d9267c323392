"""Who held, buried and called a card, and the holder of a card as the next banker, in the engine:
each fact's truth on hands built to order, the holder found from the banker in turn order with
several decks (nobody when every copy lay in the kitty), the cards as dealt kept and logged only
where a rule reads them, the replay that checks them, and the oracle that reads them from a log."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import tractor_rules as tr
from tractor_rules.engine.deck.cards import parse_token
from tractor_rules.engine.errors import EngineError
from tractor_rules.engine.flow.after_hand import facts_of, holds, next_banker_after, role_seat
from tractor_rules.engine.flow.record import HandRecord, reads_burial, reads_dealt
from tractor_rules.engine.records.replay import replay_hand, replay_log
from tractor_rules.engine.records.simulate import simulate

HEADER = 'extends: "two-decks"\n'
PLAIN = tr.load("two-decks")


def cards(text: str) -> tuple:
    return tuple(parse_token(t) for t in text.split())


#: seat 1 (an attacker) was dealt AH, seats 0 and 3 a 3H each; seat 0 (the banker) buried KS
DEALT = (cards("3H 5S"), cards("AH 9C"), cards("4D 4D"), cards("3H QC"))


def record(rules: tr.Rules, *, dealt=DEALT, kitty: str = "KS 2C", buried_by: int | None = 0, called=(),
           banker: int = 0, side: str = "banker") -> HandRecord:
    """A hand of four players, seats 0 and 2 banking (with called partners, seat 0 alone)."""
    team = frozenset({banker, (banker + 2) % 4}) if rules.table.seated else frozenset({banker})
    return HandRecord(
        rules=rules, level="2", trump="S", banker=banker, hands=[() for _ in range(4)], kitty=cards(kitty),
        tricks=[], attacker_points=40, kitty_points=0, kitty_multiplier=0, level_change=(side, 1),
        next_banker=2, banker_team=team, declarations=[], declarer=banker,
        called=tuple((parse_token(c), 1) for c in called), buried_by=buried_by, dealt=dealt)


@pytest.mark.parametrize(("condition", "expected"), [
    (("fact", "held", "attackers", "AH"), True),
    (("fact", "held", "bankers", "AH"), False),
    (("fact", "held", "bankers", "3H"), True),     # seat 0 holds one copy, seat 3 the other
    (("fact", "held", "attackers", "3H"), True),
    (("fact", "held", "bankers", "4D"), True),     # the banker's partner, seat 2
    (("fact", "held", "winners", "4D"), True),     # the bankers held
    (("fact", "held", "losers", "AH"), True),
    (("fact", "held", "bankers", "KS"), False),    # in the kitty as dealt: nobody held it
    (("fact", "held", "attackers", "KS"), False),
    (("fact", "buried", "bankers", "KS"), True),
    (("fact", "buried", "attackers", "KS"), False),
    (("fact", "buried", "bankers", "5S"), False),  # held, not buried
    (("not", ("fact", "buried", "bankers", "2C")), False),
])
def test_held_and_buried_on_a_hand_built_to_order(condition, expected):
    assert holds(condition, facts_of(record(PLAIN))) is expected


def test_an_attacker_who_buried_last_buried_for_the_attackers():
    rec = record(PLAIN, buried_by=1)  # an attacker overturned after the kitty and buried last
    assert holds(("fact", "buried", "attackers", "KS"), facts_of(rec))
    assert not holds(("fact", "buried", "bankers", "KS"), facts_of(rec))


FRIENDS = tr.load("house-finding-friends")


def test_the_card_the_banker_called():
    rec = record(FRIENDS, dealt=DEALT + ((), ()), called=("AH", "AC"))
    facts = facts_of(rec)
    assert holds(("fact", "called", "AH"), facts) and holds(("fact", "called", "AC"), facts)
    assert not holds(("fact", "called", "AS"), facts)
    assert not holds(("fact", "called", "AH"), facts_of(record(FRIENDS, dealt=DEALT + ((), ()), called=("AS",))))


def test_the_holder_is_the_first_seat_after_the_banker_dealt_the_card():
    facts = facts_of(record(PLAIN))
    assert role_seat(("holder", "AH"), facts) == 1
    # two copies of 3H, seats 0 and 3: from the banker (seat 0) in turn order, seat 3 comes first
    assert role_seat(("holder", "3H"), facts) == 3
    assert role_seat(("holder", "3H"), facts_of(record(PLAIN, banker=3))) == 0
    assert role_seat(("holder", "5S"), facts) == 0  # the banker last, but the only one dealt it
    assert role_seat(("holder", "KS"), facts) is None  # it lay in the kitty


def test_a_holder_nobody_is_leaves_the_next_banker_as_the_rules_say():
    rules = tr.loads(HEADER + "levels\n  when a hand ends: the next banker is the holder of KS\n")
    facts = facts_of(record(rules))
    assert next_banker_after(rules, facts, (0,), 2) == 2  # KS lay in the kitty
    rules = tr.loads(HEADER + "levels\n  when a hand ends: the next banker is the holder of AH\n")
    assert next_banker_after(rules, facts_of(record(rules)), (0,), 2) == 1


def test_without_the_cards_as_dealt_the_facts_that_read_them_say_so():
    facts = facts_of(record(PLAIN, dealt=()))
    with pytest.raises(EngineError, match="dealt"):
        holds(("fact", "held", "bankers", "AH"), facts)
    with pytest.raises(EngineError, match="dealt"):
        role_seat(("holder", "AH"), facts)


# --- in play, in the log and in replay -------------------------------------------------------------

HOUSE = tr.loads(HEADER + "levels\n"
                          "  when the bankers lose and the bankers held AS: bankers - 1 level\n"
                          "  when the attackers held AH and the bankers buried 10S: attackers + 1 level\n"
                          "  when the bankers buried KH or the bankers buried KS: the next banker is the holder of 3H\n")


def test_only_rules_that_read_them_keep_the_cards_as_dealt():
    assert not reads_dealt(PLAIN) and not reads_burial(PLAIN)
    assert reads_dealt(HOUSE) and reads_burial(HOUSE)
    took = tr.loads(HEADER + "levels\n  when the bankers took AH: bankers + 1 level\n")
    assert not reads_dealt(took) and not reads_burial(took)
    buried = tr.loads(HEADER + "levels\n  when the bankers buried AH: bankers + 1 level\n")
    assert reads_burial(buried) and not reads_dealt(buried)
    holder = tr.loads(HEADER + "levels\n  when a hand ends: the next banker is the holder of AH\n")
    assert reads_dealt(holder) and not reads_burial(holder)


@pytest.fixture(scope="module")
def log_lines() -> list[str]:
    return [r.log_line for r in simulate(HOUSE, 200, seed=11, players="random,greedy", log=True)]


def test_200_hands_log_the_cards_as_dealt_and_replay_clean(log_lines):
    assert replay_log(log_lines, HOUSE) == {}
    entries = [json.loads(line) for line in log_lines]
    for e in entries:
        dealt = [Counter(h.split()) for h in e["dealt"]]
        hands = [Counter(h.split()) for h in e["hands"]]
        assert all(sum(h.values()) == 25 for h in dealt)
        # the seats that never took the kitty hold as the tricks begin what they were dealt; the
        # banker's dealt cards and the kitty as dealt are its cards and the kitty as buried
        for seat in range(4):
            if seat != e["banker"]:
                assert dealt[seat] == hands[seat]
        assert e["buried_by"] == e["banker"]
        assert sum(dealt, Counter()) + Counter() <= sum(hands, Counter()) + Counter(e["kitty"].split())
    assert {at for e in entries for at in e["after_hand"]} == {0, 1, 2}


def test_each_rule_fires_exactly_where_its_facts_hold(log_lines):
    for line in log_lines:
        e = json.loads(line)
        dealt = [set(h.split()) for h in e["dealt"]]
        team = {e["banker"], (e["banker"] + 2) % 4}
        bankers_held = lambda card: any(card in dealt[s] for s in team)  # noqa: E731
        attackers_held = lambda card: any(card in dealt[s] for s in range(4) if s not in team)  # noqa: E731
        kitty = set(e["kitty"].split())
        expected = []
        if e["level_change"][0] == "attackers" and bankers_held("AS"):
            expected.append(0)
        if attackers_held("AH") and "10S" in kitty:
            expected.append(1)
        if "KH" in kitty or "KS" in kitty:
            expected.append(2)
            holder = next((s for s in ((e["banker"] + k) % 4 for k in range(1, 5)) if "3H" in dealt[s]), None)
            if holder is not None:
                assert e["next_banker"] == holder
        assert e["after_hand"] == expected, e


def test_a_tampered_dealt_or_burier_is_reported(log_lines):
    entry = json.loads(next(line for line in log_lines if 2 in json.loads(line)["after_hand"]))
    banker = entry["banker"]
    other = (banker + 1) % 4
    swapped = list(entry["dealt"])
    swapped[other], swapped[(other + 1) % 4] = swapped[(other + 1) % 4], swapped[other]
    assert any("was dealt other cards" in p for p in replay_hand({**entry, "dealt": swapped}, HOUSE))
    short = list(entry["dealt"])
    short[other] = " ".join(short[other].split()[1:])
    assert any("was dealt 24 cards" in p for p in replay_hand({**entry, "dealt": short}, HOUSE))
    missing = {k: v for k, v in entry.items() if k != "dealt"}
    assert any(p.startswith("dealt: missing") for p in replay_hand(missing, HOUSE))
    assert any(p.startswith("dealt: logged") for p in replay_hand(entry, tr.loads(
        HEADER + "levels\n  when the bankers buried KH: bankers + 1 level\n")))
    # another burier: the house rules set off change, and so does the next banker
    problems = replay_hand({**entry, "buried_by": other}, HOUSE)
    assert any("the house rules after the hand set off are" in p for p in problems), problems


def test_the_oracle_reads_the_facts_from_a_logged_hand(log_lines):
    for line in log_lines[:60]:
        entry = json.loads(line)
        assert HOUSE.house_rules_set_off(line) == tuple(entry["after_hand"])
        assert HOUSE.house_rules_set_off({**entry, "after_hand": []}) == tuple(entry["after_hand"])
    entry = json.loads(log_lines[0])
    with pytest.raises(EngineError, match="dealt"):
        HOUSE.house_rules_set_off({k: v for k, v in entry.items() if k != "dealt"})


FRIENDS_HOUSE = tr.loads('extends: "house-finding-friends"\nlevels\n'
                         "  when the banker called AH and the bankers held AH: bankers + 1 level\n"
                         "  when the banker called AS: the next banker is the holder of AS\n")


def test_finding_friends_the_called_card_in_play_and_replay():
    lines = [r.log_line for r in simulate(FRIENDS_HOUSE, 60, seed=5, players="greedy", log=True)]
    assert replay_log(lines, FRIENDS_HOUSE) == {}
    fired_any = set()
    for line in lines:
        e = json.loads(line)
        faces = {card for card, _ in e["called"]}
        fired_any |= set(e["after_hand"])
        assert (1 in e["after_hand"]) == ("AS" in faces)
        if 0 in e["after_hand"]:
            assert "AH" in faces
    assert fired_any == {0, 1}


OVERTURNS = tr.loads(HEADER + "declare\n  overturn after kitty: when overturns < 3\n"
                              "levels\n  when the attackers buried KS or the attackers buried KH: attackers + 1 level\n"
                              "  when a hand ends: the next banker is the holder of AS\n")


def test_with_overturns_after_the_kitty_the_last_to_bury_buried():
    lines = [r.log_line for r in simulate(OVERTURNS, 120, seed=3, players="random,greedy", log=True)]
    assert replay_log(lines, OVERTURNS) == {}
    overturned = 0
    for line in lines:
        e = json.loads(line)
        made = e["overturn_round"]["overturns"] if e.get("overturn_round") else []
        last = made[-1][0] if made else e["banker"]
        assert e["buried_by"] == last
        overturned += bool(made)
        team = {e["banker"], (e["banker"] + 2) % 4}
        kitty = set(e["kitty"].split())
        assert (0 in e["after_hand"]) == (last not in team and bool(kitty & {"KS", "KH"}))
        # the seats that overturned took the kitty: the others hold what they were dealt
        takers = {e["banker"]} | {seat for seat, _ in made}
        for seat in set(range(4)) - takers:
            assert Counter(e["dealt"][seat].split()) == Counter(e["hands"][seat].split())
    assert overturned  # some hand was overturned after the kitty


def test_overturns_not_logged_leave_every_seat_a_taker_and_replay_clean():
    rules = tr.loads(HEADER + "declare\n  overturn after kitty: yes\n"
                              "levels\n  when the bankers held AS and the attackers buried AS: bankers + 1 level\n")
    lines = [r.log_line for r in simulate(rules, 80, seed=3, players="random,greedy", log=True)]
    assert replay_log(lines, rules) == {}
    entries = [json.loads(line) for line in lines]
    assert any(e["buried_by"] != e["banker"] for e in entries)  # an overturner buried last
    assert all("overturn_round" not in e for e in entries)
