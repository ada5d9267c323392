"""The house rules after each hand (``levels.after_hand``) in the engine: each fact's truth on hands
built to order, each effect on a match (after the hand's own level change, in the order written),
the hand log's "trump_by" and "after_hand" keys, and the replay that checks them."""

from __future__ import annotations

import json
import random

import pytest

import tractor_rules as tr
from tractor_rules.engine.deck.cards import parse_token
from tractor_rules.engine.flow import match as match_module
from tractor_rules.engine.flow.after_hand import facts_of, fired, holds, number
from tractor_rules.engine.flow.match import Match
from tractor_rules.engine.flow.record import HandRecord, TrickRecord
from tractor_rules.engine.players.basic import RandomPlayer
from tractor_rules.engine.records.replay import replay_hand, replay_log
from tractor_rules.engine.records.simulate import simulate

HEADER = 'extends: "two-decks"\n'
PLAIN = tr.load("two-decks")


def cards(text: str) -> tuple:
    return tuple(parse_token(t) for t in text.split())


def trick(leader: int, plays: str, winner: int) -> TrickRecord:
    """A trick of 4 plays ("5H|6H|KH|2C", from the leader)."""
    return TrickRecord(leader, [cards(p) for p in plays.split("|")], None, winner, 0)


def record(rules: tr.Rules, tricks: list[TrickRecord], *, side: str = "banker", steps: int = 1,
           level: str = "2", trump: str | None = "S", trump_by: str = "declared", points: int = 40,
           kitty_points: int = 10) -> HandRecord:
    """A hand of four players, seats 0 and 2 banking, built to order."""
    rec = HandRecord(
        rules=rules, level=level, trump=trump, banker=0, hands=[() for _ in range(4)], kitty=(),
        tricks=tricks, attacker_points=points, kitty_points=kitty_points, kitty_multiplier=0,
        level_change=(side, steps), next_banker=2 if side == "banker" else 1, banker_team=frozenset({0, 2}),
        declarations=[], declarer=0, trump_by=trump_by)
    if rules.levels.after_hand:
        rec.after_hand = fired(rules, facts_of(rec))
    return rec


def truth(condition: tuple, rec: HandRecord) -> bool:
    return holds(condition, facts_of(rec))


# --- facts ---------------------------------------------------------------------------------------

# seat 1 (an attacker) plays 5H to a trick the bankers' seat 0 wins; seat 0 plays KS to a trick
# seat 3 (an attacker) wins, the last trick, led by seat 3 with a pair
TRICKS = [
    trick(0, "AH|5H|3H|4H", 0),
    trick(3, "9D 9D|KS 2D|8D 7D|6D 3D", 3),
]


@pytest.mark.parametrize(("condition", "expected"), [
    (("fact", "took", "bankers", "5H"), True),
    (("fact", "took", "attackers", "5H"), False),
    (("fact", "lost", "attackers", "5H"), True),   # seat 1 played it, seat 0 won the trick
    (("fact", "lost", "bankers", "5H"), False),
    (("fact", "took", "attackers", "KS"), True),
    (("fact", "lost", "bankers", "KS"), True),     # seat 0 played it to seat 3's trick
    (("fact", "took", "bankers", "KS"), False),
    (("fact", "lost", "attackers", "KS"), False),
    (("fact", "took", "bankers", "AH"), True),     # a card of the winner's own play
    (("fact", "lost", "bankers", "AH"), False),
    (("fact", "took", "winners", "5H"), True),     # the bankers held
    (("fact", "lost", "losers", "5H"), True),
    (("fact", "took", "bankers", "QC"), False),    # nobody played it
    (("fact", "lost", "attackers", "QC"), False),
    (("fact", "played", "attackers", "5H"), True),  # to a trick the bankers won
    (("fact", "played", "bankers", "5H"), False),
    (("fact", "played", "bankers", "KS"), True),    # to a trick the attackers won
    (("fact", "played", "bankers", "AH"), True),    # to the team's own trick
    (("fact", "played", "attackers", "AH"), False),
    (("fact", "played", "attackers", "9D"), True),  # a card of the last trick's winning pair
    (("fact", "played", "losers", "5H"), True),
    (("fact", "played", "winners", "QC"), False),   # nobody played it
    (("fact", "played", "losers", "QC"), False),
    (("fact", "wins", "bankers"), True),
    (("fact", "wins", "winners"), True),
    (("fact", "wins", "attackers"), False),
    (("fact", "loses", "attackers"), True),
    (("fact", "loses", "losers"), True),
    (("fact", "loses", "bankers"), False),
    (("fact", "last-trick", "attackers"), True),
    (("fact", "last-trick", "losers"), True),
    (("fact", "last-trick", "bankers"), False),
    (("fact", "last-trick-card", "attackers", "9D"), True),
    (("fact", "last-trick-card", "attackers", "KS"), False),  # in the trick, not in the winning play
    (("fact", "last-trick-single", "attackers", "9"), False),  # a pair, not a single
    (("fact", "last-trick-trumps", "attackers"), False),
    (("fact", "level-is", "2"), True),
    (("fact", "level-is", "3"), False),
    (("fact", "no-trump"), False),
    (("fact", "nobody-declared"), False),
    (("compare", "=", ("var", "size"), ("num", 2)), True),    # the last lead's largest unit: a pair
    (("compare", "=", ("var", "cards"), ("num", 2)), True),
    (("compare", "=", ("var", "points"), ("num", 40)), True),
    (("compare", "=", ("var", "kitty-points"), ("num", 10)), True),
    (("compare", "=", ("var", "levels"), ("num", 1)), True),
    (("compare", "=", ("var", "decks"), ("num", 2)), True),
    (("compare", "=", ("var", "players"), ("num", 4)), True),
    (("all", ("fact", "took", "bankers", "5H"), ("fact", "lost", "bankers", "KS")), True),
    (("any", ("fact", "no-trump"), ("fact", "level-is", "3")), False),
    (("not", ("fact", "no-trump")), True),
])
def test_each_fact_on_a_hand_built_to_order(condition, expected):
    assert truth(condition, record(PLAIN, TRICKS)) is expected


def test_the_winners_and_losers_follow_the_hands_outcome():
    lost = record(PLAIN, TRICKS, side="attackers", steps=2)
    assert truth(("fact", "wins", "attackers"), lost) and truth(("fact", "wins", "winners"), lost)
    assert truth(("fact", "took", "losers", "5H"), lost)       # the bankers, now the losers
    assert truth(("fact", "last-trick", "winners"), lost)      # the attackers won it
    assert number(("var", "levels"), facts_of(lost)) == 2


@pytest.mark.parametrize(("last", "condition", "expected"), [
    (trick(1, "JH|2H|3H|4H", 1), ("fact", "last-trick-single", "attackers", "J"), True),
    (trick(1, "JH|2H|3H|4H", 1), ("fact", "last-trick-single", "attackers", "Q"), False),
    (trick(1, "JH|2H|3H|4H", 1), ("fact", "last-trick-single", "bankers", "J"), False),
    (trick(1, "JH|2H|3H|4H", 1), ("fact", "last-trick-card", "attackers", "JH"), True),
    (trick(1, "3H|2S|4H|5H", 2), ("fact", "last-trick-trumps", "bankers"), True),   # spades are trump
    (trick(1, "3H|2S|4H|5H", 2), ("fact", "last-trick-single", "bankers", "2"), True),
    (trick(1, "3H|2S|4H|5H", 2), ("fact", "last-trick-trumps", "attackers"), False),
    (trick(1, "3H|2S|4H|5H", 2), ("fact", "last-trick-card", "bankers", "2S"), True),
    (trick(0, "BJ|3H|4H|5H", 0), ("fact", "last-trick-single", "bankers", "J"), False),  # a joker has no rank
    (trick(0, "BJ|3H|4H|5H", 0), ("fact", "last-trick-trumps", "bankers"), True),
])
def test_how_the_last_trick_was_won(last, condition, expected):
    assert truth(condition, record(PLAIN, [TRICKS[0], last])) is expected


def test_no_trump_and_nobody_declared():
    assert truth(("fact", "no-trump"), record(PLAIN, TRICKS, trump=None))
    for how, nobody in [("declared", False), ("fallback", True), ("named", True), ("no-trump", True)]:
        assert truth(("fact", "nobody-declared"), record(PLAIN, TRICKS, trump_by=how)) is nobody


def test_a_hand_without_tricks_has_no_last_trick_and_no_lead():
    empty = record(PLAIN, [])
    assert not truth(("fact", "last-trick", "bankers"), empty)
    assert not truth(("fact", "last-trick", "attackers"), empty)
    assert number(("var", "size"), facts_of(empty)) == 0


# --- effects on a match ---------------------------------------------------------------------------


def played(text: str, rec_args: dict, levels: list[int], monkeypatch: pytest.MonkeyPatch,
           banker: int | None = 0) -> Match:
    """A match of ``text``'s rules whose next hand is the one built by ``record(**rec_args)``,
    the seats at ``levels`` (ladder indexes) before it, played."""
    rules = tr.loads(HEADER + text)
    rec = record(rules, rec_args.pop("tricks", TRICKS), **rec_args)
    monkeypatch.setattr(match_module, "play_hand", lambda *args, **kwargs: rec)
    m = Match(rules, [RandomPlayer(seed) for seed in range(4)], random.Random(0))
    m.levels = list(levels)
    m.banker = banker
    m.step()
    return m


def ranks(m: Match) -> list[str]:
    return [m.ladder[i] for i in m.levels]


def test_up_stops_at_a_mandatory_level_as_a_climb_does(monkeypatch):
    m = played("levels\n  mandatory: 5, A\n  when the bankers win: bankers +3 levels\n",
               {"side": "banker", "steps": 1}, [0, 0, 0, 0], monkeypatch)
    assert ranks(m) == ["5", "2", "5", "2"]  # 2 → 3 by the hand, then 3 → 5, where it stops
    m = played("levels\n  when the bankers win: attackers + points levels\n",
               {"side": "banker", "steps": 1, "points": 10 ** 6}, [0, 0, 0, 0], monkeypatch)
    assert ranks(m) == ["3", "A", "3", "A"]  # a huge amount stops at the mandatory A


def test_down_never_goes_below_the_first_level(monkeypatch):
    m = played("levels\n  when the bankers win: attackers -5 levels, bankers - 1 level\n",
               {"side": "banker", "steps": 1}, [0, 2, 0, 2], monkeypatch)
    assert ranks(m) == ["2", "2", "2", "2"]  # bankers 2 → 3 → 2; attackers 4 → 2 at most


def test_back_to_never_raises_and_to_sets(monkeypatch):
    m = played("levels\n  when the bankers win: bankers back to 9, attackers back to 9\n",
               {"side": "banker", "steps": 1}, [0, 10, 0, 10], monkeypatch)
    assert ranks(m) == ["3", "9", "3", "9"]
    m = played("levels\n  when the bankers win: bankers to 9, attackers to 2\n",
               {"side": "banker", "steps": 1}, [0, 10, 0, 10], monkeypatch)
    assert ranks(m) == ["9", "2", "9", "2"]


def test_wins_game_ends_the_match_with_those_winners(monkeypatch):
    m = played("levels\n  when the bankers lost 5H: losers win the game\n",
               {"side": "attackers", "steps": 1, "tricks": [trick(0, "5H|2H|3H|AH", 3)]}, [0, 0, 0, 0], monkeypatch)
    assert m.status == "won" and m.winners == frozenset({0, 2})
    m = played("levels\n  when the bankers lost 5H: losers win the game\n",
               {"side": "attackers", "steps": 1}, [0, 0, 0, 0], monkeypatch)
    assert m.status == "playing" and m.winners is None


def test_effects_come_after_the_hands_own_change_in_the_order_written(monkeypatch):
    # the hand takes the bankers from 5 to 6; "back to 5" then "+1" gives 6, the other order 5
    m = played("levels\n  when the bankers win: bankers back to 5, bankers +1 level\n",
               {"side": "banker", "steps": 1, "level": "5"}, [3, 0, 3, 0], monkeypatch)
    assert ranks(m) == ["6", "2", "6", "2"]
    m = played("levels\n  when the bankers win: bankers +1 level, bankers back to 5\n",
               {"side": "banker", "steps": 1, "level": "5"}, [3, 0, 3, 0], monkeypatch)
    assert ranks(m) == ["5", "2", "5", "2"]
    # two rules, in the order written
    m = played("levels\n  when no-trump: bankers to 9\n  when the bankers win: bankers back to 7\n",
               {"side": "banker", "steps": 1, "trump": None}, [0, 0, 0, 0], monkeypatch)
    assert ranks(m) == ["7", "2", "7", "2"]


def test_a_rule_that_does_not_hold_changes_nothing(monkeypatch):
    m = played("levels\n  when the attackers win: bankers to K\n", {"side": "banker", "steps": 2},
               [0, 0, 0, 0], monkeypatch)
    assert ranks(m) == ["4", "2", "4", "2"]


# --- the hand log, and its replay -------------------------------------------------------------------

HOUSE = tr.loads(HEADER + "levels\n"
                 "  when the bankers lost 5H: bankers -1 level\n"
                 "  when nobody declared or points >= 120: attackers +1 level\n"
                 "  when the attackers win the last trick with trumps and not no-trump: losers back to 2\n"
                 "  when the bankers took KS: winners +1 level\n")


def test_the_log_has_trump_by_and_after_hand_only_when_the_ruleset_has_house_rules():
    assert "trump_by" not in record(PLAIN, TRICKS).to_log() and "after_hand" not in record(PLAIN, TRICKS).to_log()
    log = record(HOUSE, TRICKS, trump_by="fallback").to_log()
    assert log["trump_by"] == "fallback"
    assert log["after_hand"] == [1]  # nobody declared (the bankers lost KS, they did not take it)


@pytest.fixture(scope="module")
def log_lines() -> list[str]:
    """200 hands of random and greedy players, game after game, as the log holds them."""
    return [r.log_line for r in simulate(HOUSE, 200, seed=7, players="random,greedy", log=True)]


def test_200_random_and_greedy_hands_replay_clean_and_set_off_every_rule(log_lines):
    assert len(log_lines) == 200
    assert replay_log(log_lines, HOUSE) == {}
    entries = [json.loads(line) for line in log_lines]
    assert all("trump_by" in e and "after_hand" in e for e in entries)
    set_off = {at for e in entries for at in e["after_hand"]}
    assert set_off == {0, 1, 2, 3}  # each rule fired in some hand
    assert any(not e["after_hand"] for e in entries)


def test_a_tampered_after_hand_or_trump_by_is_reported(log_lines):
    entry = json.loads(next(line for line in log_lines if json.loads(line)["after_hand"]))
    fired_here = entry["after_hand"]
    for wrong in ([], [*fired_here, 9], [at for at in range(4) if at not in fired_here], None, "0"):
        problems = replay_hand({**entry, "after_hand": wrong}, HOUSE)
        assert any("the house rules after the hand set off are" in p for p in problems), (wrong, problems)
    for wrong_by in ("magic", 3, None):
        problems = replay_hand({**entry, "trump_by": wrong_by}, HOUSE)
        assert any(p.startswith("trump_by:") for p in problems), problems
    missing = {k: v for k, v in entry.items() if k != "trump_by"}
    assert any(p.startswith("trump_by:") for p in replay_hand(missing, HOUSE))
    # who declared decides rule 1 (nobody declared): saying otherwise changes what was set off
    declared = json.loads(next(line for line in log_lines if json.loads(line)["trump_by"] == "declared"
                               and json.loads(line)["attacker_points"] < 120))
    assert 1 not in declared["after_hand"]
    problems = replay_hand({**declared, "trump_by": "fallback"}, HOUSE)
    assert any("the house rules after the hand set off are" in p for p in problems), problems


def test_a_log_with_house_rule_keys_is_refused_by_a_ruleset_without_them(log_lines):
    problems = replay_hand(log_lines[0], PLAIN)
    assert "after_hand: the ruleset has no house rules after a hand" in problems


# --- raw points: the score before it is held at 0 ----------------------------------------------------

def test_raw_points_are_the_score_before_it_is_held_at_0():
    # the attackers (seats 1, 3) won a trick of 10 points, then failed throws cost them 30
    rec = record(PLAIN, [TrickRecord(3, [cards("KH"), cards("2H"), cards("3H"), cards("4H")], None, 3, 10)],
                 points=0, kitty_points=0)
    rec.penalty = -30
    facts = facts_of(rec)
    assert number(("var", "raw-points"), facts) == -20
    assert number(("var", "points"), facts) == 0
    assert holds(("compare", "<", ("var", "raw-points"), ("num", 0)), facts)
    # a banker's failed throw adds to the attackers, and the kitty counts with its multiplier
    rec.penalty, rec.kitty_points, rec.kitty_multiplier = 20, 15, 2
    assert number(("var", "raw-points"), facts_of(rec)) == 10 + 20 + 30


PENALTIES = tr.loads(HEADER + "lead\n  throw penalty: 50 per attempt\n"
                              "levels\n  when raw points < 0: bankers +1 level\n")


def test_a_score_below_zero_sets_off_its_rule_in_play_and_in_replay():
    """With 50 points per failed throw, random players' failed throws take the attackers below zero in
    some of 200 hands: the rule fires exactly there (held at 0, the score shows 0), and the replay,
    which works the raw score out again from the log, agrees hand by hand."""
    lines = [r.log_line for r in simulate(PENALTIES, 200, seed=7, players="random", log=True)]
    entries = [json.loads(line) for line in lines]
    below = [e for e in entries if e["after_hand"] == [0]]
    assert below and len(below) < len(entries)
    assert all(e["attacker_points"] == 0 for e in below)
    assert replay_log(lines, PENALTIES) == {}
    wrong = {**below[0], "after_hand": []}
    assert any("the house rules after the hand set off are" in p for p in replay_hand(wrong, PENALTIES))
