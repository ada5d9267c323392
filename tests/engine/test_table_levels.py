"""A team's and a player's level where the upgrade table is read (issue #25): ``counted:`` may read
``the level of the bankers``, ``the level of the attackers`` and the level of the banker, the
banker's partner and the next seat.  The compiler's trees and its errors (E364, E365, the JSON
form's too), the engine's number on hands built to order and whole matches replayed (the log's
positions, a tampered one reported), the hand ended early where the outcome is decided, the rules
oracle's ``levels``, the sheet (en, zh) and the language server's completion."""

from __future__ import annotations

import json
import random

import pytest

import tractor_rules as tr
from tractor_rules import facade
from tractor_rules.engine.errors import EngineError
from tractor_rules.engine.records.replay import replay_log
from tractor_rules.engine.records.simulate import simulate
from tractor_rules.engine.rulings.scoring import table_levels
from tractor_rules.errors import ExportError

from sheet_words import sheet_text

#: bankers high on the ladder defend more easily: each level climbed counts 5 points against the attackers
HIGH = 'extends: "two-decks"\nupgrade\n  counted: points - 5 * (the level of the bankers - 1)\n'
BANKERS = ("var", "team-level", "bankers")


def rules_of(text: str) -> tr.Rules:
    return tr.loads(text, origin="house.tractor")


def errors(text: str) -> list[tuple[str, str]]:
    return [(d["code"], d["message"]) for d in facade.check(text, "house.tractor")["diagnostics"]
            if d["severity"] == "error"]


# --- the language ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("written", "tree"), [
    ("the level of the bankers", BANKERS),
    ("the level of attackers", ("var", "team-level", "attackers")),
    ("the level of the banker", ("var", "player-level", "banker")),
    ("the level of the banker's partner", ("var", "player-level", "partner")),
    ("the level of the next seat", ("var", "player-level", "next-seat")),
])
def test_counted_reads_the_levels_known_there(written, tree):
    rules = rules_of(f'extends: "two-decks"\nupgrade\n  counted: points + {written}\n')
    assert rules.counted == ("add", ("var", "points"), tree)
    assert tr.Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


@pytest.mark.parametrize(("written", "code"), [
    ("the level of the winners", "E364"), ("the level of losers", "E364"),
    ("the level of the winner of the last trick", "E365"), ("the level of the declarer", "E365"),
    ("the level of the first of the winners after the banker", "E365"), ("the level of the holder of AS", "E365"),
])
def test_what_the_table_cannot_know_is_refused(written, code):
    assert [c for c, _ in errors(f'extends: "two-decks"\nupgrade\n  counted: points + {written}\n')] == [code]


def test_a_row_reads_no_level():
    found = errors('extends: "two-decks"\nupgrade\n  0-75: banker + the level of the bankers\n  80-115: swap\n'
                   "  120+: attackers +1, +1 every 40\n")
    assert [c for c, _ in found] == ["E321"]


@pytest.mark.parametrize(("team", "code"), [("winners", "E364"), ("last-trick-winner", "E365")])
def test_the_json_form_refuses_them_too(team, code):
    data = rules_of(HIGH).to_dict()
    data["counted"] = (["var", "team-level", team] if code == "E364" else ["var", "player-level", team])
    with pytest.raises(ExportError) as caught:
        tr.Rules.from_dict(data)
    assert code in str(caught.value)


# --- the engine ------------------------------------------------------------------------------------


def test_the_levels_the_table_reads():
    rules = rules_of(HIGH)
    # four seats at 9, 4, 9, 4 (the bankers 0 and 2 at 10, the 9th level): 40 points less
    levels = table_levels(rules, (9, 4, 9, 4), 0, frozenset({0, 2}))
    assert levels == {"bankers": 9, "attackers": 4, "banker": 9, "partner": 9, "next-seat": 4}
    assert rules.table_score(120, levels=levels) == 80
    assert rules.level_change(rules.table_score(120, levels=levels)) == ("attackers", 0)
    assert rules.level_change(rules.table_score(120, levels=table_levels(rules, (1, 1, 1, 1), 0,
                                                                         frozenset({0, 2})))) == ("attackers", 1)
    assert table_levels(rules, (), 0, frozenset({0, 2})) is None
    with pytest.raises(EngineError, match="the level of|team-level"):
        rules.table_score(120)
    # with called partners the banker has no seated partner: the attackers' level is the highest of theirs
    friends = rules_of(HIGH.replace("two-decks", "house-finding-friends"))
    assert table_levels(friends, (3, 7, 2, 5, 1, 4), 0, frozenset({0, 2})) == {
        "bankers": 3, "attackers": 7, "banker": 3, "next-seat": 7}


def test_whole_matches_read_the_bankers_level_and_replay_clean():
    rules = rules_of(HIGH)
    lines = [r.log_line for r in simulate(rules, 30, seed=5, players="random,greedy", log=True)]
    assert replay_log(lines, rules) == {}
    seen = set()
    for line in lines:
        entry = json.loads(line)
        level = entry["positions"][entry["banker"]]
        counted = max(0, entry["attacker_points"] - 5 * (level - 1))
        assert [*rules.level_change(counted)] == entry["level_change"]
        seen.add(level)
    assert len(seen) > 2  # the bankers climbed, and the table read it


def test_a_tampered_position_is_reported():
    rules = rules_of(HIGH)
    lines = [r.log_line for r in simulate(rules, 12, seed=5, players="random", log=True)]
    entries = [json.loads(line) for line in lines]
    at = next(i for i, e in enumerate(entries) if e["positions"][e["banker"]] > 3 and e["attacker_points"] >= 80)
    tampered = dict(entries[at], positions=[1] * len(entries[at]["positions"]))
    lines[at] = json.dumps(tampered)
    assert replay_log(lines, rules) != {}


def test_the_outcome_decided_reads_the_levels():
    """A hand ends once its outcome is decided: with the bankers high, fewer points left decide it;
    whole hands end early and replay clean, so the engine and the replay read the same levels."""
    rules = rules_of(HIGH + "levels\n  end early: when the outcome is decided\n")
    records = list(simulate(rules, 16, seed=2, players="greedy", log=True))
    lines = [r.log_line for r in records]
    assert replay_log(lines, rules) == {}
    assert any(json.loads(line).get("ended_early") for line in lines)


# --- the sheet and the language server ------------------------------------------------------------


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "The upgrade table reads the attackers' score minus (5 times (the banker's level (counted from 1 at "
           "the first level) minus 1)), not the attackers' score."),
    ("zh", "庄家的级"),
])
def test_the_sheet_says_it(lang, words):
    assert words in sheet_text(rules_of(HIGH), lang)


@pytest.mark.parametrize(("written", "role"), [
    ("the first of the winners after the banker", "first-winner"),
    ("the first of the bankers after the declarer", ("first-of", "bankers", "declarer")),
])
def test_the_level_of_the_first_of_a_team_compiles_after_a_hand(written, role):
    # (the compiler once stopped with a KeyError on these, which completion offers)
    rules = rules_of(f'extends: "two-decks"\nlevels\n  when the level of {written} > 3: bankers +1 level\n')
    assert rules.levels.after_hand[0].condition == ("compare", ">", ("var", "player-level", role), ("num", 3))
    found = errors('extends: "two-decks"\nlevels\n  when the level of the first of the bankers after the first of '
                   "the winners after the banker > 3: bankers +1 level\n")
    assert [c for c, _ in found] == ["E356"]
