"""Climbing the levels and the end of a match: levels that must be defended (``defend``), the game
won on reaching the last level (``game end: on reaching the last level``) and the extra level
beyond the last played with no level rank (``game end: beyond the last level, jokers only``),
through the oracle (``rules.advance``, ``rules.context(level=None, ...)``), the match loop
(engine/flow/match.py) and the replay checker."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

import tractor_rules as tr
from tractor_rules.engine.flow import match as match_module
from tractor_rules.engine.game import Match
from tractor_rules.engine.players.basic import make_players
from tractor_rules.engine.flow.record import HandRecord
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.engine.flow.seats import others
from tractor_rules.rules import Levels, Rules


def house(levels: str, parent: str = "two-decks") -> Rules:
    return tr.loads(f'extends: "{parent}"\nruleset: "house"\n\nlevels\n{levels}\n')


DEFEND = house("  defend: 5, 10, K, A")


# --- defended levels through the oracle -----------------------------------------------------------


def test_a_defended_level_stops_a_jump_on_either_side():
    assert DEFEND.advance("2", 4, as_banker=False) == "5"
    assert DEFEND.advance("2", 4) == "5"
    assert DEFEND.advance("8", 3, as_banker=False) == "10"


def test_attackers_winning_at_a_defended_level_stay_there():
    assert DEFEND.advance("5", 1, as_banker=False) == "5"
    assert DEFEND.advance("5", 3, as_banker=False) == "5"
    assert DEFEND.advance("A", 2, as_banker=False) == "A"


def test_holding_the_bank_at_a_defended_level_passes_it_and_goes_on_as_usual():
    assert DEFEND.advance("5", 1) == "6"
    assert DEFEND.advance("5", 3) == "8"
    assert DEFEND.advance("5", 9) == "10"  # and stops at the next one
    assert DEFEND.advance("A", 1) is None  # holding at the last level: past the end


def test_without_defended_levels_the_side_changes_nothing():
    rules = tr.load("house-mandatory-levels")
    for level in ("2", "5", "9", "K"):
        for steps in range(4):
            assert rules.advance(level, steps, as_banker=False) == rules.advance(level, steps)
    assert rules.advance("5", 1, as_banker=False) == "6"  # a mandatory level is no defended level


def test_a_level_both_mandatory_and_defended_is_defended():
    both = house("  mandatory: 5, A\n  defend: 5")
    assert both.levels.mandatory == ("5", "A") and both.levels.defended == ("5",)
    assert both.advance("3", 4, as_banker=False) == "5"
    assert both.advance("5", 2, as_banker=False) == "5"
    assert both.advance("5", 2) == "7"


def test_bankers_climbing_two_a_hand_play_every_defended_level():
    level, played = "2", []
    while level is not None and level != "A":
        level = DEFEND.advance(level, 2)
        played.append(level)
    assert played == ["4", "5", "7", "9", "10", "Q", "K", "A"]


# --- scripted matches: the match loop applies the rules to given outcomes --------------------------


class Script:
    """Stands in for ``play_hand``: each hand's banker team and outcome come from a list, and the
    level each hand is played at is kept, so that a test can follow the climb hand by hand."""

    def __init__(self, rules: Rules, outcomes: list[tuple[int, str, int]]):
        self.rules = rules
        self.outcomes = list(outcomes)  # (banker, side, steps) per hand
        self.levels: list[str | None] = []

    def __call__(self, rules, players, rng, *, level, banker, beyond):
        seat, side, steps = self.outcomes.pop(0)
        assert banker in (None, seat)
        self.levels.append(level)
        n = rules.table.players
        team = frozenset(range(seat % 2, n, 2))
        return HandRecord(
            rules=rules, level=level, trump=None, banker=seat, hands=[], kitty=(), tricks=[],
            attacker_points=0, kitty_points=0, kitty_multiplier=0, level_change=(side, steps),
            next_banker=rules.next_banker(seat, side), banker_team=team, declarations=[],
            declarer=None, beyond=beyond,
        )


def scripted(monkeypatch, rules: Rules, outcomes: list[tuple[int, str, int]]) -> tuple[Match, Script]:
    script = Script(rules, outcomes)
    monkeypatch.setattr(match_module, "play_hand", script)
    return Match(rules, make_players("random", 4, random.Random(0)), random.Random(0)), script


def team_levels(match: Match) -> tuple[str, str]:
    """(seats 0 and 2, seats 1 and 3)."""
    return match.ladder[match.levels[0]], match.ladder[match.levels[1]]


def test_match_attackers_stop_at_5_stay_there_then_pass_it_by_holding(monkeypatch):
    match, script = scripted(monkeypatch, DEFEND, [
        (0, "attackers", 4),  # seats 1 and 3 win 4 levels attacking: they stop at 5
        (1, "attackers", 1),  # they lose the bank at 5: the others go up to 3
        (2, "attackers", 2),  # they win attacking again: still 5
        (3, "banker", 2),     # they hold the bank at 5: 7
    ])
    seen = []
    for _ in range(4):
        match.step()
        seen.append(team_levels(match))
    assert seen == [("2", "5"), ("3", "5"), ("3", "5"), ("3", "7")]
    assert script.levels == ["2", "5", "3", "5"]


def test_match_without_defended_levels_lets_attackers_jump(monkeypatch):
    match, _ = scripted(monkeypatch, tr.load("two-decks"), [(0, "attackers", 4)])
    match.step()
    assert team_levels(match) == ("2", "6")


def test_match_defended_last_level_keeps_attackers_from_the_extra_level(monkeypatch):
    rules = house("  range: K to A\n  defend: A\n  game end: beyond the last level")
    match, script = scripted(monkeypatch, rules, [
        (0, "banker", 1),     # seats 0 and 2 reach A
        (2, "attackers", 1),  # seats 1 and 3 win at K: A
        (3, "attackers", 3),  # seats 0 and 2 win attacking at A: they stay at A
        (0, "banker", 1),     # and hold the bank at A: the extra level
    ])
    seen = []
    for _ in range(4):
        match.step()
        seen.append(team_levels(match))
    assert seen == [("A", "K"), ("A", "A"), ("A", "A"), ("beyond", "A")]
    assert not match.done


def test_match_on_reaching_the_last_level_attackers_win_at_once(monkeypatch):
    rules = house("  range: Q to A\n  game end: on reaching the last level")
    match, script = scripted(monkeypatch, rules, [(0, "attackers", 2), (1, "banker", 1)])
    result = match.play()
    assert result.status == "won" and result.winners == frozenset({1, 3})
    assert len(result.hands) == 1 and result.levels == ["Q", "A", "Q", "A"]
    assert "A" not in script.levels  # nobody played the last level


def test_match_on_reaching_the_last_level_bankers_win_without_playing_it(monkeypatch):
    rules = house("  range: Q to A\n  mandatory: none\n  game end: on reaching the last level")
    match, script = scripted(monkeypatch, rules, [(0, "banker", 1), (2, "banker", 3), (0, "banker", 1)])
    result = match.play()
    assert result.status == "won" and result.winners == frozenset({0, 2})
    assert script.levels == ["Q", "K"] and result.levels == ["A", "Q", "A", "Q"]


def test_match_at_the_last_level_plays_it(monkeypatch):
    rules = house("  range: Q to A\n  game end: at the last level")
    match, script = scripted(monkeypatch, rules, [(0, "attackers", 2), (1, "banker", 1)])
    result = match.play()
    assert script.levels == ["Q", "A"] and result.winners == frozenset({1, 3})


# --- real matches ---------------------------------------------------------------------------------


def test_match_climbs_with_defended_levels():
    rules = house("  defend: 5, 10, K, A\n  mandatory: none", "house-mandatory-levels")
    match = Match(rules, make_players("random", 4, random.Random(3)), random.Random(3), max_hands=400)
    levels = {0: "2", 1: "2"}  # by team parity
    stayed = 0
    while not match.done:
        record = match.step()
        side, steps = record.level_change
        team = record.banker % 2
        assert record.level == levels[team]
        winners = team if side == "banker" else 1 - team
        before = levels[winners]
        if steps:
            levels[winners] = rules.advance(before, steps, as_banker=side == "banker") or "A"
            stayed += side == "attackers" and before in rules.levels.defended
        if side == "attackers" and record.level == "J" and record.tricks:
            play = record.tricks[-1].winning_play
            if len(play) == 1 and play[0].rank == "J":
                levels[team] = "2"
        assert [match.ladder[i] for i in match.levels] == [levels[s % 2] for s in range(4)]
    assert stayed >= 1  # this seed has attackers winning at a level they must defend
    assert match.status == "won"


def test_real_match_ends_when_a_team_reaches_the_last_level():
    rules = house("  range: 10 to A\n  game end: on reaching the last level")
    result = Match(rules, make_players("greedy,random", 4, random.Random(2)), random.Random(2)).play()
    assert result.status == "won"
    assert all(record.level != "A" for record in result.hands)
    last = result.hands[-1]
    side, steps = last.level_change
    assert steps > 0
    winners = last.banker_team if side == "banker" else others(last.banker_team, 4)
    assert result.winners == winners and all(result.levels[s] == "A" for s in winners)


# --- the extra level with no level rank ----------------------------------------------------------


JOKERS_ONLY = house("  range: Q to A\n  game end: beyond the last level, jokers only")


def test_beyond_trumps_compile(tmp_path):
    assert JOKERS_ONLY.levels.game_end == "beyond-last"
    assert JOKERS_ONLY.levels.beyond_trumps == "jokers-only"
    assert house("  game end: beyond the last level").levels.beyond_trumps == "no-trump"
    # a house file of it that ends the game otherwise leaves no extra level's trumps behind
    parent = tmp_path / "parent.tractor"
    parent.write_text('extends: "two-decks"\nlevels\n  game end: beyond the last level, jokers only\n')
    child = tr.loads('extends: "parent.tractor"\nlevels\n  game end: at the last level\n',
                     origin=str(tmp_path / "child.tractor"))
    assert child.levels == tr.load("two-decks").levels


def test_a_hand_with_no_level_rank_has_only_jokers_as_trumps():
    ctx = JOKERS_ONLY.context(level=None, trump=None)
    assert ctx.ranking("trump") == [ctx.cards("BJ"), ctx.cards("SJ")]
    assert [band[0] for band in ctx.ranking("S")[:3]] == list(ctx.cards("AS KS QS"))
    assert ctx.suit_of("AH") == "H" and ctx.suit_of("2C") == "C"
    assert ctx.is_tractor("AS AS KS KS")
    assert ctx.winner("KH", ["AH", "2H", "SJ"]) == 3
    assert ctx.winner("KH", ["AH", "2H", "3H"]) == 1
    # the no-trump hand at level A of the same rules keeps the As as trumps
    at_a = JOKERS_ONLY.context(level="A", trump=None)
    assert at_a.is_trump("AH") and not at_a.is_tractor("AS AS KS KS")
    assert repr(ctx).endswith("level none trump none>")


def test_no_level_rank_keeps_constant_trumps_and_joins_a_suit():
    twos = tr.load("two-decks-constant-twos")
    ctx = twos.context(level=None, trump=None)
    assert ctx.is_trump("2S") and not ctx.is_trump("AS")
    suited = twos.context(level=None, trump="H")
    assert suited.is_trump("3H") and not suited.is_trump("3S")
    assert suited.is_tractor("AH AH KH KH")


def test_no_level_rank_declares_with_jokers_only():
    rules = tr.load("two-decks")
    assert rules.declaration("2S 2S", None) is None
    assert rules.declaration("BJ BJ", None).trump is None


def test_match_reaches_the_extra_level_with_no_level_rank():
    result = Match(JOKERS_ONLY, make_players("greedy,random", 4, random.Random(5)), random.Random(5)).play()
    assert result.status == "won"
    extra = [record for record in result.hands if record.beyond]
    assert extra and all(record.level is None and record.trump is None for record in extra)
    assert result.hands[-1].beyond and result.hands[-1].level_change[0] == "banker"
    for record in result.hands:
        log = record.to_log()
        assert replay_hand(log, JOKERS_ONLY) == []
    assert json.loads(json.dumps(extra[0].to_log()))["level"] is None


def test_extra_level_of_a_plain_no_trump_game_end_keeps_the_level_rank():
    rules = house("  range: Q to A\n  game end: beyond the last level")
    result = Match(rules, make_players("greedy,random", 4, random.Random(5)), random.Random(5)).play()
    extra = [record for record in result.hands if record.beyond]
    assert extra and all(record.level == "A" and record.trump is None for record in extra)


def test_replay_catches_a_level_rank_dropped_where_the_rules_have_none():
    result = Match(JOKERS_ONLY, make_players("greedy,random", 4, random.Random(5)), random.Random(5)).play()
    ordinary = next(record for record in result.hands if not record.beyond).to_log()
    rules_without = house("  range: Q to A\n  game end: beyond the last level")
    extra = next(record for record in result.hands if record.beyond).to_log()
    assert "level null: these rules play every hand at a level rank" in replay_hand(
        {**extra, "ruleset": "house"}, rules_without)
    tampered = {**extra, "trump": "S"}
    assert any("played in no-trump" in problem for problem in replay_hand(tampered, JOKERS_ONLY))
    assert replay_hand({**ordinary, "level": None}, JOKERS_ONLY) != []


def test_levels_default_is_unchanged():
    assert Levels().defended == () and Levels().beyond_trumps == "no-trump"
    assert Rules().levels == tr.load("two-decks").levels
