"""The quantities of the hand just played (``the number of TEAM``, ``the level of TEAM``, ``the level
of ROLE``, ``overturns``, ``copies of CARD TEAM took``/``held``) in the engine: each value on hands
built to order, the seats' levels the match gives each hand, the overturns counted from the hand's
declarations, the stakes that read them, the log keys written only where a rule reads them, and
the replay that checks them."""

from __future__ import annotations

import json
import random

import pytest

import tractor_rules as tr
from tractor_rules.engine.deck.cards import parse_token
from tractor_rules.engine.errors import EngineError
from tractor_rules.engine.flow.after_hand import facts_of, hand_quantities, holds, overturns_of
from tractor_rules.engine.flow.match import Match
from tractor_rules.engine.flow.record import HandRecord, TrickRecord, reads_levels, reads_overturns
from tractor_rules.engine.players.basic import RandomPlayer
from tractor_rules.engine.records.replay import replay_hand, replay_log
from tractor_rules.engine.records.simulate import simulate

HEADER = 'ruleset: "Quantities"\nextends: "two-decks"\n'
FRIENDS_HEADER = 'ruleset: "Quantities"\nextends: "house-finding-friends"\n'


def cards(text: str) -> tuple:
    return tuple(parse_token(t) for t in text.split())


def load(text: str) -> tr.Rules:
    return tr.loads(text, origin="quantities.tractor")


RULES = load(HEADER + "levels\n  when the level of the attackers > the level of the bankers and overturns > 1 "
                      "and copies of 5H the attackers took = 2: attackers +1 level\n")
FRIENDS = load(FRIENDS_HEADER + "levels\n  when the number of bankers = 1: bankers +1 level\n")


def record(rules: tr.Rules, *, banker: int = 0, team: frozenset[int] = frozenset({0, 2}), side: str = "banker",
           positions: tuple[int, ...] = (5, 9, 5, 9), declarations=(), tricks=(), dealt=(),
           hands=None) -> HandRecord:
    n = rules.table.players
    return HandRecord(
        rules=rules, level="6", trump="S", banker=banker, hands=list(hands or [() for _ in range(n)]), kitty=(),
        tricks=list(tricks), attacker_points=40, kitty_points=0, kitty_multiplier=0, level_change=(side, 1),
        next_banker=2, banker_team=team, declarations=list(declarations), declarer=banker, dealt=dealt,
        positions=positions)


def value(key, rec: HandRecord) -> int:
    return hand_quantities(facts_of(rec))[key]


# --- overturns ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("seats", "expected"), [
    ((), 0),                      # nobody declared
    ((1,), 0),                    # one declaration overturns nobody
    ((1, 1), 0),                  # a reinforcement (or a declarer overturning their own) is none
    ((1, 2), 1),
    ((1, 2, 1), 2),               # taken back: the declaration passed twice
    ((1, 1, 3, 3, 0), 2),
])
def test_overturns_count_each_declaration_by_another_seat(seats, expected):
    declarations = [(seat, cards("6S")) for seat in seats]
    assert overturns_of(declarations) == expected
    assert value("overturns", record(RULES, declarations=declarations)) == expected


# --- a team's size and level, a player's level ----------------------------------------------------


def test_the_number_of_a_team_with_called_partners():
    alone = record(FRIENDS, team=frozenset({0}), positions=())
    assert value(("team-size", "bankers"), alone) == 1
    assert value(("team-size", "attackers"), alone) == 5
    assert value(("team-size", "winners"), alone) == 1      # the bankers held
    assert value(("team-size", "losers"), record(FRIENDS, team=frozenset({0, 3}), positions=())) == 4
    assert holds(FRIENDS.levels.after_hand[0].condition, facts_of(alone))
    assert not holds(FRIENDS.levels.after_hand[0].condition, facts_of(record(FRIENDS, team=frozenset({0, 4}),
                                                                             positions=())))


def test_the_level_of_a_team_is_the_bankers_own_and_the_highest_attackers():
    rec = record(FRIENDS, team=frozenset({2, 4}), banker=2, positions=(3, 8, 1, 12, 7, 2))
    assert value(("team-level", "bankers"), rec) == 1        # the banker's own, not the friend's 7
    assert value(("team-level", "attackers"), rec) == 12     # the highest of seats 0, 1, 3, 5
    assert value(("team-level", "winners"), rec) == 1
    assert value(("team-level", "losers"), record(FRIENDS, team=frozenset({2, 4}), banker=2, side="attackers",
                                                  positions=(3, 8, 1, 12, 7, 2))) == 1
    assert value(("player-level", "next-seat"), rec) == 12
    assert value(("player-level", "banker"), rec) == 1


def test_a_players_level_names_nobody_as_0_and_needs_the_seats_levels():
    kitty_card = record(RULES, dealt=(cards("6S"), cards("7S"), cards("8S"), cards("9S")))
    assert value(("player-level", ("holder", "AH")), kitty_card) == 0   # nobody was dealt it
    assert value(("player-level", ("holder", "8S")), kitty_card) == 5   # seat 2, at position 5
    with pytest.raises(EngineError, match="each seat's level"):
        value(("team-level", "bankers"), record(RULES, positions=()))


# --- copies of a card ------------------------------------------------------------------------------


def test_copies_of_a_card_taken_and_held():
    tricks = [TrickRecord(1, [cards("5H"), cards("5H"), cards("KH"), cards("2H")], None, 1, 20),
              TrickRecord(0, [cards("KH"), cards("3H"), cards("4H"), cards("6H")], None, 0, 10)]
    rec = record(RULES, tricks=tricks, dealt=(cards("5H KH"), cards("5H"), cards("KH"), cards("AS")),
                 hands=[cards("KH"), (), (), cards("5H 5H")])
    assert value(("copies-took", "attackers", "5H"), rec) == 2   # both in the trick seat 1 won
    assert value(("copies-took", "attackers", "KH"), rec) == 1
    assert value(("copies-took", "bankers", "KH"), rec) == 1
    assert value(("copies-took", "bankers", "5H"), rec) == 0
    assert value(("copies-held", "bankers", "5H"), rec) == 1
    assert value(("copies-held", "attackers", "5H"), rec) == 1
    assert value(("copies-held", "bankers", "KH"), rec) == 2
    assert value(("copies-held-after-kitty", "attackers", "5H"), rec) == 2
    assert value(("copies-held-after-kitty", "bankers", "KH"), rec) == 1


def test_a_house_rule_reads_them_together():
    tricks = [TrickRecord(1, [cards("5H"), cards("5H"), cards("KH"), cards("2H")], None, 1, 20)]
    two = [(1, cards("6S")), (0, cards("6H 6H")), (3, cards("SJ SJ"))]
    condition = RULES.levels.after_hand[0].condition
    assert holds(condition, facts_of(record(RULES, tricks=tricks, declarations=two)))
    assert not holds(condition, facts_of(record(RULES, tricks=tricks, declarations=two[:2])))  # one overturn
    assert not holds(condition, facts_of(record(RULES, tricks=tricks, declarations=two,
                                                positions=(9, 5, 9, 5))))  # the attackers below


# --- the match and the log -----------------------------------------------------------------------


def test_the_match_tells_each_hand_the_seats_levels_and_the_log_writes_them():
    assert reads_levels(RULES) and reads_overturns(RULES)
    assert not reads_levels(tr.load("two-decks")) and not reads_overturns(tr.load("two-decks"))
    players = [RandomPlayer(seed) for seed in range(4)]
    match = Match(RULES, players, random.Random(3), max_hands=12)
    for _ in range(12):
        if match.done:
            break
        before = [at + 1 for at in match.levels]
        record_ = match.step()
        assert list(record_.positions) == before
        logged = record_.to_log()
        assert logged["positions"] == before
        assert [d[0] for d in logged["declarations"]] == [seat for seat, _ in record_.declarations]
        assert replay_hand(logged, RULES) == []
    plain = Match(tr.load("two-decks"), players, random.Random(3), max_hands=1).step().to_log()
    assert "positions" not in plain and "declarations" not in plain


def test_a_hand_played_alone_has_every_seat_at_its_level():
    log = json.loads(next(iter(simulate(RULES, 1, seed=4, players="random", log=True))).log_line)
    assert log["level"] == "2" and log["positions"] == [1, 1, 1, 1]


STAKES = load(HEADER + "stakes\n  game points: banker +1 or more = levels * 2 ^ overturns, swap = 2 ^ overturns, "
                       "attackers +1 or more = (levels + 1) * 2 ^ overturns\n")


def test_the_table_points_double_with_every_overturn():
    players = [RandomPlayer(seed) for seed in range(4)]
    match = Match(STAKES, players, random.Random(5), max_hands=30)
    seen = set()
    while not match.done:
        rec = match.step()
        side, levels = rec.level_change
        base = levels if side == "banker" else levels + 1
        overturns = overturns_of(rec.declarations)
        seen.add(overturns)
        assert abs(rec.table_points_change[0]) == base * 2 ** overturns
        assert replay_hand(rec.to_log(), STAKES) == []
    assert seen - {0}, "some hand was overturned"
    assert STAKES.table_points("banker", 2, values={"overturns": 3}) == 16
    with pytest.raises(EngineError, match="overturns"):
        STAKES.table_points("banker", 2)


# --- the replay ------------------------------------------------------------------------------------


def _logs(rules: tr.Rules, hands: int = 8) -> list[dict]:
    return [json.loads(r.log_line) for r in simulate(rules, hands, seed=9, players="random", log=True)]


def test_the_replay_checks_the_positions_and_the_declarations():
    logs = _logs(RULES)
    assert replay_log((json.dumps(log) for log in logs), RULES) == {}
    log = dict(logs[0])
    assert any("positions: missing" in p for p in replay_hand({k: v for k, v in log.items() if k != "positions"},
                                                                RULES))
    assert any("positions: a whole number" in p for p in replay_hand({**log, "positions": [0, 1, 1, 1]}, RULES))
    assert any("partners, at one level" in p for p in replay_hand({**log, "positions": [1, 1, 2, 1]}, RULES))
    assert any("is level" in p for p in replay_hand({**log, "positions": [4, 4, 4, 4]}, RULES))
    assert any("declarations: missing" in p
               for p in replay_hand({k: v for k, v in log.items() if k != "declarations"}, RULES))
    assert any("is not a declaration" in p
               for p in replay_hand({**log, "declarations": [[0, "3S 7H"]]}, RULES))
    plain = _logs(tr.load("two-decks"), 1)[0]
    assert any("positions: logged, but no rule" in p
               for p in replay_hand({**plain, "positions": [1, 1, 1, 1]}, tr.load("two-decks")))


def test_a_forged_count_of_overturns_changes_the_house_rules_set_off():
    rules = load(HEADER + "levels\n  when overturns >= 1: bankers +1 level\n")
    logs = _logs(rules, 20)
    for log in logs:
        assert replay_hand(log, rules) == []
    overturned = next(log for log in logs if overturns_of([(d[0], ()) for d in log["declarations"]]) >= 1)
    # one declaration left: nobody overturned, so the rule the log says fired did not
    forged = {**overturned, "declarations": overturned["declarations"][-1:]}
    assert any("house rules after the hand" in p for p in replay_hand(forged, rules))
