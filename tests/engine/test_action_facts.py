"""The facts of the players' actions, known after a hand (issue #26): ``TEAM conceded`` (a player of
the team ended the hand by conceding it, ``concede: when``), ``the hand ended early`` (by ``end
early: when`` or a concession) and ``the bank was given up`` (``give up the bank: yes``).  The
compiler's trees and its words where they are not known, the engine's facts from whole hands with
the effects applied to a match, the replay of their logs, the sheet's sentences (en, zh), lint
and the JSON form."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

import tractor_rules as tr
from tractor_rules import facade
from tractor_rules.engine.flow import match as match_module
from tractor_rules.engine.flow.after_hand import facts_of, holds
from tractor_rules.engine.flow.match import Match
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.basic import GreedyPlayer
from tractor_rules.engine.records.replay import house_rules_set_off, replay_hand
from tractor_rules.codec import rules_to_dict_as, schema

from sheet_words import sheet_text

CONCEDED = ("fact", "conceded", "attackers")
ENDED = ("fact", "ended-early")
GIVEN_UP = ("fact", "bank-given-up")

# every hand is conceded: once fewer than 20 cards are left in each hand, the first player asked agrees
CONCEDING = """extends: "two-decks"
levels
  concede: when cards left < 20
  when the attackers conceded: bankers +1 level
  when the bankers conceded: attackers +1 level
  when the hand ended early: attackers +2 levels
"""
GIVING_UP = """extends: "two-decks"
declare
  give up the bank: yes
levels
  when the bank was given up: bankers -1 level
"""


def rules_of(text: str) -> tr.Rules:
    return tr.loads(text, origin="house.tractor")


class Conceding(GreedyPlayer):
    """Concedes whenever asked (``concede``), and gives up the bank whenever asked."""

    def concede(self, view):
        return True

    def give_up_bank(self, view):
        return True


class Playing(GreedyPlayer):
    """Never concedes and never gives up the bank."""

    def concede(self, view):
        return False

    def give_up_bank(self, view):
        return False


def hand(rules: tr.Rules, kind: type, seed: int, banker: int = 0):
    record = play_hand(rules, [kind() for _ in range(4)], random.Random(seed), level="5", banker=banker)
    assert replay_hand(json.dumps(record.to_log()), rules) == [], f"seed {seed}"
    return record


# --- the language ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("written", "tree"), [
    ("the attackers conceded", ("fact", "conceded", "attackers")),
    ("bankers conceded", ("fact", "conceded", "bankers")),
    ("the losers conceded", ("fact", "conceded", "losers")),
    ("the hand ended early", ENDED),
    ("the bank was given up", GIVEN_UP),
    ("not the bank was given up and the hand ended early", ("all", ("not", GIVEN_UP), ENDED)),
])
def test_the_facts_compile_to_their_trees(written, tree):
    rules = rules_of(f'extends: "two-decks"\nlevels\n  when {written}: bankers +1 level\n')
    assert rules.levels.after_hand[0].condition == tree


@pytest.mark.parametrize("statement", [
    "levels\n  end early: when the attackers conceded\n",
    "levels\n  concede: when the hand ended early\n",
    "kitty\n  dug when: the bank was given up\n",
])
def test_they_are_known_only_after_a_hand(statement):
    found = [(d["code"], d["message"]) for d in facade.check(f'extends: "two-decks"\n{statement}',
                                                             "house.tractor")["diagnostics"]
             if d["severity"] == "error"]
    assert len(found) == 1 and found[0][0] == "E212"
    assert "is not known" in found[0][1]


def test_the_json_form_round_trips_and_version_3_cannot_say_them():
    rules = rules_of(CONCEDING)
    data = rules.to_dict()
    assert data["levels"]["after_hand"][0]["condition"] == ["fact", "conceded", "attackers"]
    assert data["levels"]["after_hand"][2]["condition"] == ["fact", "ended-early"]
    assert tr.Rules.from_dict(json.loads(json.dumps(data))) == rules
    given_up = rules_of(GIVING_UP)
    assert tr.Rules.from_dict(given_up.to_dict()) == given_up
    assert rules_to_dict_as(rules_of('extends: "two-decks"\nlevels\n  when the hand ended early: bankers '
                                        '+1 level\n'), 3) is None
    published = json.dumps(schema())
    assert '{"const": "conceded"}' in published and '{"const": "bank-given-up"}' in published


# --- the engine ------------------------------------------------------------------------------------


def test_a_concession_sets_off_its_rules_and_the_replay_agrees():
    rules = rules_of(CONCEDING)
    seen = set()
    for seed in range(6):
        record = hand(rules, Conceding, seed, banker=seed % 4)
        conceded = record.ended_early.conceded
        side = "bankers" if conceded in record.banker_team else "attackers"
        facts = facts_of(record)
        assert holds(("fact", "conceded", side), facts)
        assert not holds(("fact", "conceded", "bankers" if side == "attackers" else "attackers"), facts)
        assert holds(ENDED, facts)
        expected = (0 if side == "attackers" else 1, 2)
        assert record.after_hand == expected
        assert house_rules_set_off(record.to_log(), rules) == expected
        seen.add(side)
    assert seen == {"bankers", "attackers"}  # both teams conceded in some hand


def test_a_hand_played_out_sets_off_none_of_them():
    rules = rules_of(CONCEDING)
    for seed in range(3):
        record = hand(rules, Playing, seed)
        assert record.ended_early is None
        facts = facts_of(record)
        assert not any(holds(f, facts) for f in (("fact", "conceded", "bankers"), CONCEDED, ENDED))
        assert record.after_hand == ()


def test_a_hand_ended_by_the_rule_for_ending_early_is_ended_early_but_not_conceded():
    rules = rules_of('extends: "two-decks"\nlevels\n  end early: when the outcome is decided\n'
                     "  when the hand ended early and not the attackers conceded: bankers +1 level\n")
    records = [hand(rules, Playing, seed) for seed in range(8)]
    ended = [r for r in records if r.ended_early is not None]
    assert ended and all(r.after_hand == (0,) for r in ended)
    assert all(r.after_hand == () for r in records if r.ended_early is None)


def test_the_bank_given_up_sets_off_its_rule_and_the_replay_agrees():
    rules = rules_of(GIVING_UP)
    given = kept = 0
    for seed in range(12):
        record = hand(rules, Conceding, seed)
        assert record.after_hand == ((0,) if record.gave_up is not None else ())
        assert holds(GIVEN_UP, facts_of(record)) is (record.gave_up is not None)
        given += record.gave_up is not None
        kept += record.gave_up is None
        refused = hand(rules, Playing, seed)
        assert refused.gave_up is None and refused.after_hand == ()
    assert given and kept


def test_a_tampered_log_is_reported():
    rules = rules_of(CONCEDING)
    log = hand(rules, Conceding, 0).to_log()
    problems = replay_hand(json.dumps(dict(log, after_hand=[])), rules)
    assert any("the house rules after the hand set off are" in p for p in problems)


def levels_after(rules: tr.Rules, record, monkeypatch) -> list[int]:
    """Each seat's level (a ladder index) after a match of ``rules`` plays ``record`` from level 2."""
    monkeypatch.setattr(match_module, "play_hand", lambda *args, **kwargs: record)
    m = Match(rules, [GreedyPlayer() for _ in range(4)], random.Random(0))
    m.levels = [0, 0, 0, 0]
    m.banker = record.banker
    m.step()
    return list(m.levels)


@pytest.mark.parametrize("seed", [0, 1])
def test_the_effects_are_applied_to_the_match(seed, monkeypatch):
    """The same hand with and without the house rules it set off: the team that did not concede
    goes up 1 more, and the attackers 2 more (the hand ended early)."""
    rules = rules_of(CONCEDING)
    record = hand(rules, Conceding, seed, banker=seed)
    with_rules = levels_after(rules, record, monkeypatch)
    without = levels_after(rules, dataclasses.replace(record, after_hand=()), monkeypatch)
    bankers = record.banker_team
    conceded_by_bankers = record.ended_early.conceded in bankers
    more = [(1 if (s in bankers) != conceded_by_bankers else 0) + (0 if s in bankers else 2) for s in range(4)]
    assert [a - b for a, b in zip(with_rules, without)] == more


# --- the sheet and lint ------------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["If the attackers concede the hand (a player of theirs ends it early): the bankers go up 1 level",
            "If the hand ends before its last trick (ended early, or conceded): the attackers go up 2 levels"]),
    ("zh", ["如果闲家认输（其中一人提前结束这一局）：庄家升1级", "如果这一局没打到最后一轮就结束（提前结束，或有人认输）：闲家升2级"]),
])
def test_the_sheet_says_them(lang, words):
    text = sheet_text(rules_of(CONCEDING), lang)
    for phrase in words:
        assert phrase in text


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "If the banker gives up the bank (the declarer banks instead): the bankers go down 1 level"),
    ("zh", "如果原来的庄家弃庄（由亮主者做庄）：庄家降1级"),
])
def test_the_sheet_says_the_bank_given_up(lang, words):
    assert words in sheet_text(rules_of(GIVING_UP), lang)


def warned(text: str) -> list[tuple[str, int]]:
    return [(d["code"], d["line"]) for d in facade.lint(text, "house.tractor", ["W107"])["diagnostics"]]


def test_lint_warns_where_the_rules_allow_no_such_action():
    assert warned('extends: "two-decks"\nlevels\n  when the attackers conceded: bankers +1 level\n'
                  "  when the hand ended early: bankers +1 level\n  when the bank was given up: bankers +1 level\n"
                  ) == [("W107", 3), ("W107", 4), ("W107", 5)]


def test_lint_knows_one_seat_concedes_and_a_conceded_hand_ended_early():
    assert warned('extends: "two-decks"\nlevels\n  concede: when the outcome is decided\n'
                  "  when the attackers conceded and the bankers conceded: bankers +1 level\n"
                  "  when the winners conceded and not the hand ended early: bankers +1 level\n"
                  "  when the losers conceded or the hand ended early: bankers +1 level\n"
                  "  when not the bankers conceded: bankers +1 level\n") == [("W107", 4), ("W107", 5)]


def test_lint_says_nothing_where_the_action_may_happen():
    assert warned(CONCEDING) == []
    assert warned(GIVING_UP) == []
