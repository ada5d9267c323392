"""The facts of how the bank was decided, known after a hand (issue #25): ``TEAM declared`` (a player
of the team made the declaration that stood), ``the banker declared`` (the banker made it) and ``the
bank was overturned after the kitty`` (the round of overturning after the kitty, 炒地皮, passed the
standing declaration to another player).  The compiler's trees and its words where they are not
known, the engine's facts from whole hands, the log's keys and the replay (a tampered round
reported), the sheet's sentences (en, zh), lint and the JSON form."""

from __future__ import annotations

import json
import random

import pytest

import tractor_rules as tr
from tractor_rules import facade
from tractor_rules.codec import rules_to_dict_as, schema
from tractor_rules.engine.flow.after_hand import facts_of, holds, overturned_after_kitty
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.basic import GreedyPlayer, RandomPlayer
from tractor_rules.engine.records.replay import replay_hand

from sheet_words import sheet_text

OVERTURNED = ("fact", "overturned-after-kitty")
BANKER = ("fact", "banker-declared")

# 炒地皮: the attackers who overturn after the kitty and take the bank's trump are rewarded, a
# banker who declared their own trump and kept it too
CHAO = """extends: "two-decks"
declare
  overturn after kitty: yes
levels
  when the bank was overturned after the kitty: attackers +1 level
  when the banker declared: bankers +1 level
  when the banker's friends declared: bankers +2 levels
  when the attackers declared: attackers +2 levels
"""


def rules_of(text: str) -> tr.Rules:
    return tr.loads(text, origin="house.tractor")


def hand(rules: tr.Rules, seed: int, banker: int | None = None):
    banker = seed % 4 if banker is None else banker
    players = [RandomPlayer(seed * 7 + s) if (seed + s) % 2 else GreedyPlayer() for s in range(4)]
    record = play_hand(rules, players, random.Random(seed), level="5", banker=banker)
    assert replay_hand(json.dumps(record.to_log()), rules) == [], f"seed {seed}"
    return record


# --- the language ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("written", "tree"), [
    ("the attackers declared", ("fact", "declared", "attackers")),
    ("bankers declared", ("fact", "declared", "bankers")),
    ("the banker's friends declared", ("fact", "declared", "friends")),
    ("the winners declared", ("fact", "declared", "winners")),
    ("the banker declared", BANKER),
    ("the bank was overturned after the kitty", OVERTURNED),
    ("not the bank was overturned after the kitty and the banker declared", ("all", ("not", OVERTURNED), BANKER)),
])
def test_the_facts_compile_to_their_trees(written, tree):
    rules = rules_of(f'extends: "two-decks"\ndeclare\n  overturn after kitty: yes\nlevels\n'
                     f'  when {written}: bankers +1 level\n')
    assert rules.levels.after_hand[0].condition == tree


@pytest.mark.parametrize("statement", [
    "levels\n  end early: when the attackers declared\n",
    "levels\n  concede: when the banker declared\n",
    "declare\n  overturn after kitty: when the bank was overturned after the kitty\n",
    "kitty\n  dug when: the bank was overturned after the kitty\n",
])
def test_they_are_known_only_after_a_hand(statement):
    found = [(d["code"], d["message"]) for d in facade.check(f'extends: "two-decks"\n{statement}',
                                                             "house.tractor")["diagnostics"]
             if d["severity"] == "error"]
    assert len(found) == 1 and found[0][0] == "E212"
    assert "is not known" in found[0][1]


def test_the_json_form_round_trips_and_version_3_cannot_say_them():
    rules = rules_of(CHAO)
    data = rules.to_dict()
    assert [t["condition"] for t in data["levels"]["after_hand"]] == [
        ["fact", "overturned-after-kitty"], ["fact", "banker-declared"], ["fact", "declared", "friends"],
        ["fact", "declared", "attackers"]]
    assert tr.Rules.from_dict(json.loads(json.dumps(data))) == rules
    assert rules_to_dict_as(rules, 3) is None
    published = json.dumps(schema())
    for name in ("declared", "banker-declared", "overturned-after-kitty"):
        assert '{"const": "%s"}' % name in published


# --- the engine ------------------------------------------------------------------------------------


def test_overturned_after_kitty_counts_as_overturns_counts():
    assert overturned_after_kitty(0, [1]) and overturned_after_kitty(0, [0, 2])
    assert not overturned_after_kitty(0, []) and not overturned_after_kitty(0, [0])
    # a declaration where none stood overturns nobody; a second one by another player does
    assert not overturned_after_kitty(None, [3]) and overturned_after_kitty(None, [3, 1])


def test_whole_hands_set_off_their_rules_as_the_record_says_and_the_replay_agrees():
    rules = rules_of(CHAO)
    seen = {"overturned": 0, "kept": 0, "banker": 0, "friends": 0, "attackers": 0, "nobody": 0}
    for seed in range(40, 100):  # about one hand in twenty is overturned after the kitty
        record = hand(rules, seed, banker=seed % 4)
        facts = facts_of(record)
        round_ = record.overturn_round
        passed = (round_ is not None and round_.standing is not None
                  and any(seat != round_.standing[0] for seat, _ in round_.made))
        assert holds(OVERTURNED, facts) is passed
        declarer = record.declarer
        assert holds(BANKER, facts) is (declarer == record.banker)
        friends = declarer is not None and declarer in record.banker_team and declarer != record.banker
        attackers = declarer is not None and declarer not in record.banker_team
        assert holds(("fact", "declared", "friends"), facts) is friends
        assert holds(("fact", "declared", "attackers"), facts) is attackers
        assert holds(("fact", "declared", "bankers"), facts) is (declarer in record.banker_team)
        expected = tuple(at for at, on in enumerate((passed, declarer == record.banker, friends, attackers)) if on)
        assert record.after_hand == expected
        seen["overturned" if passed else "kept"] += 1
        seen["banker" if declarer == record.banker else "friends" if friends else "attackers" if attackers
             else "nobody"] += 1
    # the hands go every way but nobody declaring (a level card or a joker pair is dealt to someone)
    assert seen["overturned"] and seen["kept"] and seen["banker"] and seen["friends"] and seen["attackers"]


def test_the_log_writes_what_the_facts_are_read_from():
    record = hand(rules_of(CHAO), 1)
    log = record.to_log()
    assert "overturn_round" in log and "declarer" in log and "previous_declarer" in log
    # a ruleset that asks neither logs neither (the log of every earlier file stays as it was)
    plain = hand(rules_of('extends: "two-decks"\ndeclare\n  overturn after kitty: yes\n'), 1).to_log()
    assert "overturn_round" not in plain and "previous_declarer" not in plain
    only_round = hand(rules_of('extends: "two-decks"\ndeclare\n  overturn after kitty: yes\nlevels\n'
                               '  when the bank was overturned after the kitty: attackers +1 level\n'), 1).to_log()
    assert "overturn_round" in only_round and "previous_declarer" not in only_round


def test_a_tampered_round_is_reported():
    rules = rules_of(CHAO)
    for seed in range(40, 60):
        record = hand(rules, seed)
        log = record.to_log()
        if log["overturn_round"]["overturns"] and log["overturn_round"]["standing"] is not None:
            break
    else:
        raise AssertionError("no hand was overturned after the kitty")
    tampered = dict(log, overturn_round=dict(log["overturn_round"], overturns=[]))
    problems = replay_hand(json.dumps(tampered), rules)
    assert problems  # the hand's trump is then the standing one's, and the rules set off differ
    assert any("house rules after the hand" in p or "trump" in p for p in problems)
    missing = {k: v for k, v in log.items() if k != "overturn_round"}
    assert any("overturn_round" in p for p in replay_hand(json.dumps(missing), rules))


# --- the sheet and lint ------------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["If the declaration is overturned after the kitty (by another player): the attackers go up 1 level",
            "If the banker makes the declaration that stands: the bankers go up 1 level",
            "If the banker's friends make the declaration that stands: the bankers go up 2 levels"]),
    ("zh", ["如果扣好底牌之后有别的玩家反主（炒底成功）：闲家升1级", "如果最后定主的亮主是庄家自己亮的：庄家升1级",
            "如果最后定主的亮主是闲家亮的：闲家升2级"]),
])
def test_the_sheet_says_them(lang, words):
    text = sheet_text(rules_of(CHAO), lang)
    for phrase in words:
        assert phrase in text


def warned(text: str) -> list[tuple[str, int]]:
    return [(d["code"], d["line"]) for d in facade.lint(text, "house.tractor", ["W107"])["diagnostics"]]


def test_lint_warns_where_no_hand_can_meet_them():
    assert warned('extends: "two-decks"\nlevels\n  when the bank was overturned after the kitty: bankers +1 level\n'
                  "  when the bankers declared and the attackers declared: bankers +1 level\n"
                  "  when the banker declared and the banker's friends declared: bankers +1 level\n"
                  "  when the banker declared and not the bankers declared: bankers +1 level\n"
                  "  when the banker declared or the attackers declared: bankers +1 level\n"
                  ) == [("W107", 3), ("W107", 4), ("W107", 5), ("W107", 6)]


def test_lint_warns_where_nobody_declares():
    auction = ('extends: "two-decks"\nauction\n  bids: 80 down to 5 by 5\nupgrade\n  counted: points - bid + 80\n'
               "levels\n  when the banker declared: bankers +1 level\n  when the attackers declared: bankers +1 level\n"
               "  when not the banker declared: bankers +1 level\n")
    assert warned(auction) == [("W107", 7), ("W107", 8)]


def test_lint_says_nothing_where_they_may_hold():
    assert warned(CHAO) == []
