"""Issue #25's effects after a hand on one player's level (``ROLE + N levels``, ``- N``, ``to``,
``back to``, ``knocked back to``) and on what a hand is worth at the table (``the hand is worth N
game points``, ``... N more game points``): the match moves the one player the role names (nobody:
nobody moves; fallbacks tried in turn), the stakes move what the house rules make the hand worth;
each checked against the rules' own oracles (``rules.advance``, the rows of ``game points``), the
log replayed clean and a tampered one reported, the oracle's answers (``rules.level_effects``,
``rules.game_points``) the engine's, and the sheet's sentences in English and Chinese."""

from __future__ import annotations

import json
import random

import pytest

import tractor_rules as tr
from tractor_rules.engine.errors import EngineError
from tractor_rules.errors import ExportError
from tractor_rules.engine.flow.after_hand import facts_of, named_seat
from tractor_rules.engine.flow.match import Match
from tractor_rules.engine.players.basic import RandomPlayer
from tractor_rules.engine.records.replay import replay_hand, replay_log
from tractor_rules.engine.records.simulate import simulate
from tractor_rules.engine.rulings.stakes import table_points_change
from tractor_rules.render.i18n import language
from tractor_rules.render.sections.expressions import effect_words
from tractor_rules.rules import expressions as ex

FRIENDS = 'extends: "house-finding-friends"\n'


def rules_with(*lines: str, stakes: str = "") -> tr.Rules:
    text = FRIENDS + "\nlevels\n" + "".join(f"  {line}\n" for line in lines)
    return tr.loads(text + (f"\nstakes\n  {stakes}\n" if stakes else ""), origin="house.tractor")


def _advance(rules: tr.Rules, level: str, steps: int, as_banker: bool) -> str:
    """A level ``steps`` up by the rules' oracle (the last level where the climb goes past it)."""
    if steps <= 0:
        return level
    return rules.advance(level, steps, as_banker) or rules.levels.last


def _matched_hands(rules: tr.Rules, hands: int, seed: int):
    """Each hand of a match: (the record, each seat's level before it, each seat's level after)."""
    match = Match(rules, [RandomPlayer(seed * 10 + s) for s in range(rules.table.players)], random.Random(seed))
    for _ in range(hands):
        if match.done:
            return
        before = [match.level_at(at) for at in match.levels]
        record = match.step()
        yield record, before, [match.level_at(at) for at in match.levels], match


# --- one player's level ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2])
def test_the_winner_of_the_last_trick_goes_up_one_level_after_the_hands_own_change(seed):
    rules = rules_with("when a hand ends: the winner of the last trick + 1 level")
    played = 0
    for record, before, after, match in _matched_hands(rules, 6, seed):
        side, steps = record.level_change
        won = record.banker_team if side == "banker" else frozenset(range(6)) - record.banker_team
        winner = record.tricks[-1].winner
        for seat in range(6):
            level = _advance(rules, before[seat], steps, side == "banker") if seat in won else before[seat]
            if seat == winner:
                level = _advance(rules, level, 1, seat in record.banker_team)
            if match.status == "playing":
                assert after[seat] == level, (seat, before, after, record.level_change, winner)
        assert rules.level_effects(record.to_log()) == (("player-up", (winner,)),)
        played += 1
    assert played >= 3


def test_a_role_that_names_nobody_moves_nobody_and_a_fallback_is_tried():
    # the banker's friends are nobody when the banker's calls found nobody (a banker alone)
    role = ("first-of", "friends", "banker")
    rules = rules_with("when a hand ends: the first of the banker's friends after the banker - 1 level, "
                       "otherwise the banker")
    nobody = rules_with("when a hand ends: the first of the banker's friends after the banker + 3 levels")
    seen = set()
    for record, before, after, match in _matched_hands(rules, 8, 8):
        side, steps = record.level_change
        won = record.banker_team if side == "banker" else frozenset(range(6)) - record.banker_team
        friend = named_seat(role, facts_of(record))
        named = record.banker if friend is None else friend
        seen.add(friend is None)
        ladder = match.ranks
        for seat in range(6):
            level = _advance(rules, before[seat], steps, side == "banker") if seat in won else before[seat]
            if seat == named:
                level = ladder[max(ladder.index(level) - 1, 0)]
            if match.status == "playing":
                assert after[seat] == level
        assert rules.level_effects(record.to_log()) == (("player-down", (named,)),)
    assert seen == {True, False}  # the fallback named the banker where nobody joined
    for record, before, after, match in _matched_hands(nobody, 8, 8):
        if named_seat(role, facts_of(record)) is None and match.status == "playing":
            side, steps = record.level_change
            won = record.banker_team if side == "banker" else frozenset(range(6)) - record.banker_team
            assert after == [_advance(nobody, before[s], steps, side == "banker") if s in won else before[s]
                             for s in range(6)]
            assert nobody.level_effects(record.to_log()) == (("player-up", ()),)


def test_to_and_back_to_set_one_players_level_and_knocked_back_comes_before_the_hands_change():
    rules = rules_with("when a hand ends: the banker to 5", "when points >= 0: the next seat back to 3")
    for record, before, after, match in _matched_hands(rules, 4, 6):
        if match.status != "playing":
            break
        nxt = (record.banker + 1) % 6
        assert after[record.banker] == "5"
        side, steps = record.level_change
        won = record.banker_team if side == "banker" else frozenset(range(6)) - record.banker_team
        climbed = _advance(rules, before[nxt], steps, side == "banker") if nxt in won else before[nxt]
        if nxt != record.banker:
            order = match.ranks
            assert after[nxt] == (climbed if order.index(climbed) <= order.index("3") else "3")
    knocked = rules_with("when the bankers win: the banker knocked back to 2")
    for record, before, after, match in _matched_hands(knocked, 5, 8):
        side, steps = record.level_change
        if side == "banker" and match.status == "playing":
            # back to 2 first, then the hand's own change climbs from there
            assert after[record.banker] == _advance(knocked, "2", steps, True)


def test_whole_games_log_what_the_roles_read_and_replay_clean_and_tampering_is_reported():
    rules = rules_with("when the bankers win: the declarer + 1 level",
                       "when the bankers lose: the holder of 3H - 1 level, otherwise the banker",
                       "when the attackers win: the player who took AS back to 5")
    lines = [r.log_line for r in simulate(rules, 30, seed=3, players="random,greedy", log=True)]
    assert replay_log(lines, rules) == {}
    entries = [json.loads(line) for line in lines]
    assert all("declarer" in e and "dealt" in e for e in entries)  # the declarer and the cards dealt
    for e in entries:
        for name, seats in rules.level_effects(e):
            assert len(seats) <= 1 and name.startswith("player-")
    # the player each effect moved is logged and worked out again; none where no rule moves one
    for e in entries:
        assert e["player_levels"] == [seats[0] if seats else None for _, seats in rules.level_effects(e)]
    moved = next(e for e in entries if any(p is not None for p in e["player_levels"]))
    wrong = [None if p is not None else 0 for p in moved["player_levels"]]
    assert any(p.startswith("player_levels: ") for p in replay_hand({**moved, "player_levels": wrong}, rules))
    plain = [r.log_line for r in simulate(rules_with("when the bankers win: bankers + 1 level"), 3, seed=3, log=True)]
    assert not any("player_levels" in json.loads(line) for line in plain)
    assert any("player_levels: logged" in p for p in replay_hand({**json.loads(plain[0]), "player_levels": []},
                                                                   rules_with("when the bankers win: bankers + 1 level")))
    # what the roles read is logged where a rule reads it, and checked: a hand dealt otherwise is refused
    entry = next(e for e in entries if e["after_hand"])
    dealt = list(entry["dealt"])
    dealt[0], dealt[1] = dealt[1], dealt[0]
    assert replay_hand({**entry, "dealt": dealt}, rules)


# --- what a hand is worth -------------------------------------------------------------------------


def _row(rules: tr.Rules, side: str, levels: int) -> int:
    """The game points of the outcome's row, read from the rows as written."""
    rows = [r for r in rules.stakes.game_points if r.side == side]
    exact = [r for r in rows if r.levels == levels]
    return (exact or [max((r for r in rows if r.or_more and r.levels <= levels), key=lambda r: r.levels)])[0].points


def _factor(rules: tr.Rules, before: list[int]) -> int:
    return max([1] + [step.factor for step in rules.stakes.multipliers if min(before) > step.above])


def test_a_banker_alone_plays_for_twice_the_stake_and_a_clean_hand_for_one_more():
    rules = rules_with("when the banker team is smaller than usual: the hand is worth game points * 2",
                       "when points = 0: the hand is worth 1 more game points")
    doubled = plain = 0
    for result in simulate(rules, 60, seed=5, players="random,greedy", log=True):
        e = json.loads(result.log_line)
        side, levels = e["level_change"]
        worth = _row(rules, side, levels)
        if 0 in e["after_hand"]:
            worth *= 2
            doubled += 1
        else:
            plain += 1
        if 1 in e["after_hand"]:
            worth += 1
        worth *= _factor(rules, e["table_points"])
        won = {s for s in range(6) if e["table_points_change"][s] > 0}
        assert e["table_points_change"] == table_points_change(rules, worth, won)
        assert rules.game_points(e) == worth  # the oracle: the engine's answer
    assert doubled and plain
    lines = [r.log_line for r in simulate(rules, 30, seed=5, players="random", log=True)]
    assert replay_log(lines, rules) == {}
    entry = next(json.loads(line) for line in lines if json.loads(line)["after_hand"][:1] == [0])
    tampered = {**entry, "table_points_change": [p // 2 for p in entry["table_points_change"]]}
    assert any("table points change" in p for p in replay_hand(tampered, rules))


def test_the_worth_is_held_at_zero_and_the_last_effect_written_counts():
    rules = rules_with("when a hand ends: the hand is worth 5 game points",
                       "when points >= 0: the hand is worth game points - 9")
    for result in simulate(rules, 8, seed=2, players="random", log=True):
        e = json.loads(result.log_line)
        assert e["table_points_change"] == [0] * 6
        assert rules.game_points(e) == 0
    with pytest.raises(EngineError, match="no game points"):
        tr.load("two-decks").game_points(e)


# --- the sheet ------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang, effect, words", [
    ("en", ("player-up", "declarer", ("num", 1)), "the declarer goes up 1 level (if nobody, no level changes)"),
    ("zh", ("player-up", "declarer", ("num", 1)), "定主的玩家升1级（若无此人，谁的级别都不变）"),
    ("en", ("player-down", ("otherwise", ("holder", "3H"), "banker"), ("num", 2)),
     "the first player after the banker in turn order who was dealt ♥3, or if nobody, the banker goes down 2 levels"),
    ("en", ("player-to", "banker", "A"), "the banker goes to level A"),
    ("zh", ("player-to", "banker", "A"), "庄家本人的级别变为A"),
    ("en", ("hand-worth", ("mul", ("var", "game-points"), ("num", 2))),
     "the hand is worth as many game points as 2 times the game points the hand is worth so far"),
    ("zh", ("hand-more-worth", ("num", 1)), "这一局的积分再加1分"),
])
def test_the_sheet_says_each_effect_in_players_words(lang, effect, words):
    with language(lang):
        assert effect_words(effect) == words


# --- the JSON form ---------------------------------------------------------------------------------


def test_the_json_form_holds_the_effects_and_a_version_3_document_has_none_of_them():
    rules = rules_with("when the bankers win: the holder of 3H - 1 level, otherwise the banker",
                       "when points = 0: the hand is worth game points * 2")
    data = json.loads(json.dumps(rules.to_dict()))
    assert data["levels"]["after_hand"][-2]["effects"] == [
        ["player-down", ["otherwise", ["holder", "3H"], "banker"], ["num", 1]]]
    assert data["levels"]["after_hand"][-1]["effects"] == [["hand-worth", ["mul", ["var", "game-points"], ["num", 2]]]]
    assert tr.Rules.from_dict(data) == rules
    assert ex.words_after(("player-up", "declarer", ("num", 1)), 3) == {"player-up", "declarer"}
    assert ex.words_after(("hand-worth", ("var", "game-points")), 3) == {"hand-worth", "game-points"}
    assert ex.words_after(("player-to", "banker", "A"), 4) == set()
    old = {**data, "schema_version": 3}
    with pytest.raises(ExportError, match="player-down"):
        tr.Rules.from_dict(old)
    # the checks of the rules hold for a document too: one player's level where partners share one
    seated = json.loads(json.dumps(tr.load("two-decks").to_dict()))
    seated["levels"]["after_hand"] = [{"condition": ["fact", "wins", "bankers"],
                                       "effects": [["player-up", "declarer", ["num", 1]]]}]
    with pytest.raises(ExportError, match="E362|one player's level cannot change alone"):
        tr.Rules.from_dict(seated)
