"""House rules of a hand's outcome and of the levels between hands: knocking back (the Jack rule
and its variants), through ``Match`` with scripted hands and with played matches; the level change
that needs the last trick, the bonus for a smaller banker team and a solo banker's own table, through
the oracle and played hands (which must replay clean, and a tampered level change be caught)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.engine import EngineError
from tractor_rules.engine.flow import match as match_module
from tractor_rules.engine.game import Match, play_hand
from tractor_rules.engine.players.basic import RandomPlayer, make_players
from tractor_rules.engine.flow.record import HandRecord, TrickRecord
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.engine.rulings.scoring import row_change
from tractor_rules.rules import Rules
from player_kinds import first_hand


def house(text: str, parent: str = "two-decks") -> Rules:
    return tr.loads(f'extends: "{parent}"\n{text}', origin="house.tractor")


def scripted(rules: Rules, *, level: str, banker: int, team: set[int], change: tuple[str, int],
             last_winner: int, last_play: str) -> HandRecord:
    """A hand record whose last trick ``last_winner`` won with ``last_play`` (the other seats
    played low clubs); only what the match reads is filled in."""
    ctx = rules.context(level, "S")
    n = rules.table.players
    plays = [ctx.cards(last_play) if seat == last_winner else ctx.cards(" ".join(["3C"] * len(last_play.split())))
             for seat in range(n)]
    trick = TrickRecord(leader=last_winner, plays=plays[last_winner:] + plays[:last_winner], attempt=None,
                        winner=last_winner, points=0)
    return HandRecord(rules=rules, level=level, trump="S", banker=banker, hands=[() for _ in range(n)], kitty=(),
                      tricks=[trick], attacker_points=0, kitty_points=0, kitty_multiplier=0, level_change=change,
                      next_banker=banker, banker_team=frozenset(team), declarations=[], declarer=None)


def after_one_hand(rules: Rules, monkeypatch, levels: dict[int, str], record: HandRecord) -> Match:
    """A match whose seats stand at ``levels``, after playing ``record`` as its next hand."""
    match = Match(rules, make_players("random", rules.table.players, random.Random(0)), random.Random(0))
    match.levels = [match.ladder.index(levels[s]) for s in range(rules.table.players)]
    match.banker = record.banker
    monkeypatch.setattr(match_module, "play_hand", lambda *args, **kwargs: record)
    match.step()
    return match


def seat_levels(match: Match) -> list[str]:
    return [match.ladder[i] for i in match.levels]


# --- knock back ------------------------------------------------------------------------------------

SINGLE_JACK = "levels\n  knock back: J to 2 when the attackers win the last trick with a single J\n"
ANY_LOSS = "levels\n  knock back: J to 2 on any loss\n"
CLASSIC = "levels\n  knock back: J to 2\n"
AT_J = {0: "J", 1: "9", 2: "J", 3: "9"}


def test_single_jack_sends_a_holding_banker_team_to_2_then_up(monkeypatch):
    # rbtying/shengji PR 466: bankers at J hold (+2), an attacker's single J wins the last trick:
    # back to 2, then up 2 to 4
    rules = house(SINGLE_JACK)
    record = scripted(rules, level="J", banker=0, team={0, 2}, change=("banker", 2), last_winner=1, last_play="JH")
    assert seat_levels(after_one_hand(rules, monkeypatch, AT_J, record)) == ["4", "9", "4", "9"]
    # the classic rule knocks back only a lost hand: the same hand takes the bankers from J to K
    classic = house(CLASSIC)
    record = scripted(classic, level="J", banker=0, team={0, 2}, change=("banker", 2), last_winner=1, last_play="JH")
    assert seat_levels(after_one_hand(classic, monkeypatch, AT_J, record)) == ["K", "9", "K", "9"]


def test_single_jack_on_a_loss_and_the_attackers_still_go_up(monkeypatch):
    rules = house(SINGLE_JACK)
    record = scripted(rules, level="J", banker=0, team={0, 2}, change=("attackers", 2), last_winner=3,
                      last_play="JS")
    assert seat_levels(after_one_hand(rules, monkeypatch, AT_J, record)) == ["2", "J", "2", "J"]


@pytest.mark.parametrize("winner, play", [
    (2, "JH"),      # the banker's partner wins the last trick with a single J
    (1, "JH JH"),   # an attacker wins it with a pair of Js
    (1, "BJ"),      # an attacker wins it with a single joker
])
def test_single_jack_needs_an_attackers_single_j(monkeypatch, winner, play):
    rules = house(SINGLE_JACK)
    record = scripted(rules, level="J", banker=0, team={0, 2}, change=("banker", 1), last_winner=winner,
                      last_play=play)
    assert seat_levels(after_one_hand(rules, monkeypatch, AT_J, record)) == ["Q", "9", "Q", "9"]


def test_single_jack_only_at_its_level(monkeypatch):
    rules = house(SINGLE_JACK)
    levels = {0: "10", 1: "9", 2: "10", 3: "9"}
    record = scripted(rules, level="10", banker=0, team={0, 2}, change=("banker", 1), last_winner=1, last_play="JH")
    assert seat_levels(after_one_hand(rules, monkeypatch, levels, record)) == ["J", "9", "J", "9"]


def test_a_knock_back_at_the_last_level_stops_the_win(monkeypatch):
    rules = house("levels\n  knock back: A to 2 when the attackers win the last trick with a single A\n")
    levels = {0: "A", 1: "9", 2: "A", 3: "9"}
    record = scripted(rules, level="A", banker=0, team={0, 2}, change=("banker", 1), last_winner=1, last_play="AH")
    match = after_one_hand(rules, monkeypatch, levels, record)
    assert not match.done and match.winners is None
    assert seat_levels(match) == ["3", "9", "3", "9"]


def test_any_loss_at_j_knocks_back_whatever_the_last_trick(monkeypatch):
    # hzoo/shengji issue 9: the bankers lose at J; the last trick went to the banker with a pair of As
    rules = house(ANY_LOSS)
    record = scripted(rules, level="J", banker=0, team={0, 2}, change=("attackers", 1), last_winner=0,
                      last_play="AS AS")
    assert seat_levels(after_one_hand(rules, monkeypatch, AT_J, record)) == ["2", "10", "2", "10"]
    # a swap is a loss too
    record = scripted(rules, level="J", banker=0, team={0, 2}, change=("attackers", 0), last_winner=1, last_play="3S")
    assert seat_levels(after_one_hand(rules, monkeypatch, AT_J, record)) == ["2", "9", "2", "9"]
    # the classic rule waits for a single J in the last trick
    classic = house(CLASSIC)
    record = scripted(classic, level="J", banker=0, team={0, 2}, change=("attackers", 1), last_winner=0,
                      last_play="AS AS")
    assert seat_levels(after_one_hand(classic, monkeypatch, AT_J, record)) == ["J", "10", "J", "10"]


def test_any_loss_spares_a_hold(monkeypatch):
    rules = house(ANY_LOSS)
    record = scripted(rules, level="J", banker=0, team={0, 2}, change=("banker", 1), last_winner=1, last_play="JH")
    assert seat_levels(after_one_hand(rules, monkeypatch, AT_J, record)) == ["Q", "9", "Q", "9"]


def test_knock_back_with_called_partners_moves_the_whole_banker_team_down_only(monkeypatch):
    rules = house("levels\n  knock back: Q to 6 on any loss\n", parent="house-finding-friends")
    levels = {0: "Q", 1: "4", 2: "K", 3: "9", 4: "2", 5: "7"}
    record = scripted(rules, level="Q", banker=0, team={0, 1, 2}, change=("attackers", 0), last_winner=3,
                      last_play="3S")
    # seat 1 (a friend at 4) stays at 4; the banker and the friend at K go to 6
    assert seat_levels(after_one_hand(rules, monkeypatch, levels, record))[:3] == ["6", "4", "6"]


def _independent_levels(rules: Rules, seed: int, hands: int) -> int:
    """Play a match and follow its levels by hand, knock back included; how often it knocked."""
    kb = rules.levels.knock_back[0]
    match = Match(rules, make_players("random", 4, random.Random(seed)), random.Random(seed), max_hands=hands)
    levels = {0: rules.levels.first, 1: rules.levels.first}
    knocked = 0
    while not match.done:
        record = match.step()
        assert replay_hand(record.to_log(), rules) == []
        side, steps = record.level_change
        team = record.banker % 2
        assert record.level == levels[team]
        last = record.tricks[-1]
        play = last.winning_play
        single = len(play) == 1 and play[0].rank == kb.single_rank
        if record.level == kb.level:
            if kb.when == "any-loss":
                hit = side == "attackers"
            else:
                hit = single and last.winner % 2 != team
            if hit:
                levels[team] = kb.to
                knocked += 1
        winners = team if side == "banker" else 1 - team
        if steps:
            levels[winners] = rules.advance(levels[winners], steps) or rules.levels.last
        assert seat_levels(match) == [levels[s % 2] for s in range(4)]
    return knocked


@pytest.mark.parametrize("rule, seed", [
    ("J to 9 when the attackers win the last trick with a single J", 3),
    ("J to 9 on any loss", 3),
])
def test_played_matches_follow_the_knock_back(rule, seed):
    rules = house(f"levels\n  range: 9 to A\n  knock back: {rule}\n")
    assert _independent_levels(rules, seed, 150) >= 1


# --- the level change: the last trick, a smaller team, a solo banker's table -----------------------

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
LAST_TRICK = "levels\n  banker goes up: only with the last trick\n"
CALLED = "table\n  partners: by calling 1 card\nlevels\n  next banker: same banker after a hold, next of winners after a loss\n"


def gallery(name: str) -> Rules:
    return tr.load(str(GALLERY / f"{name}.tractor"))


def test_a_hold_without_the_last_trick_gains_no_level():
    rules = house(LAST_TRICK)
    assert rules.level_change(45, last_trick="banker") == ("banker", 1)
    assert rules.level_change(45, last_trick="attackers") == ("banker", 0)
    assert rules.level_change(0, last_trick="attackers") == ("banker", 0)
    assert rules.level_change(45) == ("banker", 1)  # the last trick not given: taken as the bankers'
    # the attackers' gains do not depend on it
    assert rules.level_change(130, last_trick="attackers") == ("attackers", 1)
    assert rules.level_change(130, last_trick="banker") == ("attackers", 1)
    # without the rule the last trick changes nothing
    assert tr.load("two-decks").level_change(45, last_trick="attackers") == ("banker", 1)


def test_a_smaller_banker_team_that_holds_gains_the_bonus():
    rules = house(CALLED + "  bonus for a smaller banker team: +1\n")
    assert rules.level_change(45, team_size=1) == ("banker", 2)
    assert rules.level_change(0, team_size=1) == ("banker", 4)
    assert rules.level_change(45, team_size=2) == ("banker", 1)
    assert rules.level_change(45) == ("banker", 1)
    assert rules.level_change(130, team_size=1) == ("attackers", 1)  # no bonus for losing
    # the bonus counts before the last-trick rule, which takes every level away
    both = house(CALLED + "  bonus for a smaller banker team: +2\n  banker goes up: only with the last trick\n")
    assert both.level_change(45, team_size=1, last_trick="banker") == ("banker", 3)
    assert both.level_change(45, team_size=1, last_trick="attackers") == ("banker", 0)


def test_a_smaller_team_is_smaller_than_the_banker_and_a_friend_per_called_card():
    rules = gallery("FF06-solo-banker-table")  # five players, one called card
    friends = tr.load("house-finding-friends")  # six players, two calls
    six = replace(friends, levels=replace(friends.levels, short_team_bonus=1))
    assert six.level_change(60, team_size=3) == ("banker", 1)
    assert six.level_change(60, team_size=2) == ("banker", 2)
    assert rules.level_change(60, team_size=2) == ("banker", 1)


def test_a_solo_banker_is_scored_by_their_own_table():
    rules = gallery("FF06-solo-banker-table")
    assert [rules.level_change(p, team_size=1) for p in (0, 5, 55, 60, 115, 120, 175, 180, 300)] == [
        ("banker", 9), ("banker", 6), ("banker", 6), ("banker", 3), ("banker", 3),
        ("attackers", 1), ("attackers", 1), ("attackers", 2), ("attackers", 2)]
    assert [rules.level_change(p, team_size=2) for p in (0, 5, 60, 120, 180, 240, 300, 400)] == [
        ("banker", 3), ("banker", 2), ("banker", 1), ("attackers", 1), ("attackers", 2), ("attackers", 3),
        ("attackers", 4), ("attackers", 4)]
    assert rules.level_change(0) == ("banker", 3)  # the usual size by default


@pytest.mark.parametrize("kwargs", [{"last_trick": "bankers"}, {"team_size": 0}, {"team_size": 6}])
def test_the_oracle_refuses_a_wrong_last_trick_or_team(kwargs):
    with pytest.raises(EngineError):
        gallery("FF06-solo-banker-table").level_change(60, **kwargs)


def hands_until(rules: Rules, players, found, seeds: range = range(200)) -> HandRecord:
    """The first hand (seed by seed, the banker going round) for which ``found(record)`` holds."""
    return first_hand(rules, players, lambda record, _: found(record), seeds=seeds, level="2")[0]


def replays_and_catches_a_tampered_change(rules: Rules, record: HandRecord, wrong: list) -> None:
    log = record.to_log()
    assert replay_hand(log, rules) == []
    log["level_change"] = wrong
    problems = replay_hand(log, rules)
    assert any(p.startswith("the level change is") for p in problems), problems


def test_a_played_hold_without_the_last_trick_gains_nothing():
    rules = gallery("L12-hold-needs-last-trick")
    parent = tr.load("two-decks")

    def held_without_last(record: HandRecord) -> bool:
        return record.level_change[0] == "banker" and record.tricks[-1].winner not in record.banker_team

    record = hands_until(rules, lambda s: make_players("greedy,random", 4, random.Random(s)), held_without_last)
    assert record.level_change == ("banker", 0)
    # the same points would have given the bankers a level without the rule
    side, levels = parent.level_change(record.attacker_points)
    assert side == "banker" and levels >= 1
    replays_and_catches_a_tampered_change(rules, record, ["banker", levels])


class SelfCaller(RandomPlayer):
    """Calls the first copy of a card of its own hand: the banker often stays alone."""

    def call(self, view, count):
        return [(view.hand[0], 1)] * count


def test_a_played_hold_by_a_banker_alone_gains_the_bonus():
    rules = gallery("L11-smaller-team-bonus")
    parent = tr.load("two-decks")

    def alone_and_held(record: HandRecord) -> bool:
        return len(record.banker_team) == 1 and record.level_change[0] == "banker"

    record = hands_until(rules, lambda s: [SelfCaller(s * 4 + k) for k in range(4)], alone_and_held)
    side, levels = parent.level_change(record.attacker_points)
    assert record.level_change == ("banker", levels + 1)
    replays_and_catches_a_tampered_change(rules, record, ["banker", levels])


def test_a_played_hand_of_a_solo_banker_uses_their_table():
    rules = gallery("FF06-solo-banker-table")
    record = hands_until(rules, lambda s: [SelfCaller(s * 5 + k) for k in range(5)],
                         lambda r: len(r.banker_team) == 1, range(60))
    assert record.level_change == row_change(rules.solo_thresholds, record.attacker_points)
    usual = row_change(rules.thresholds, record.attacker_points)
    assert usual != record.level_change  # the two tables differ at every score below 180
    replays_and_catches_a_tampered_change(rules, record, list(usual))
    # a banker with a friend is scored by the usual table
    record = hands_until(rules, lambda s: make_players("random", 5, random.Random(s)),
                         lambda r: len(r.banker_team) == 2, range(60))
    assert record.level_change == row_change(rules.thresholds, record.attacker_points)
    assert replay_hand(record.to_log(), rules) == []
