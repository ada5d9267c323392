"""Ending a hand early (``end early: when CONDITION`` in ``levels``): the condition asked after
every trick while cards are left, with the points so far, the points and cards left and the fact
'the outcome is decided' (rbtying/shengji#277, #284, #285, #301).  The compiler's words, the
oracle's judgement, whole hands by every kind of player and their logs, the replay's checks, the
sheet's sentence (en, zh), the JSON form, E329 and W120."""

from __future__ import annotations

import json
import random

import pytest

import tractor_rules as tr
from tractor_rules import facade
from tractor_rules.engine.errors import EngineError
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.kinds import make_players
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.rules import Rules

from json_forms import assert_a_field_of_version_4
from player_kinds import EVERY_KIND, hands_that_replay_clean
from sheet_words import sheet_text

DECIDED = "the outcome is decided"


def ending(condition: str, base: str = "two-decks", more: str = "") -> Rules:
    return tr.loads(f'extends: "{base}"\nlevels\n  end early: when {condition}\n{more}', origin="house.tractor")


def problems_of(text: str) -> list[tuple[str, str]]:
    return [(d["code"], d["message"]) for d in facade.check(text, "house.tractor")["diagnostics"]
            if d["severity"] == "error"]


# --- the compiler ---------------------------------------------------------------------------------


def test_the_condition_is_compiled_at_the_moment_after_a_trick():
    rules = ending(f"{DECIDED} or points left = 0 and cards left < 3")
    assert rules.levels.end_early == (
        "any", ("fact", "outcome-decided"),
        ("all", ("compare", "=", ("var", "points-left"), ("num", 0)),
         ("compare", "<", ("var", "cards-left"), ("num", 3))))
    assert tr.load("two-decks").levels.end_early == ()
    never = tr.loads('extends: "two-decks"\nlevels\n  end early: never\n', origin="house.tractor")
    assert never.levels.end_early == ()


def test_unset_takes_a_parents_rule_back(tmp_path):
    parent = tmp_path / "parent.tractor"
    parent.write_text(f'ruleset: "Early"\nextends: "two-decks"\nlevels\n  end early: when {DECIDED}\n')
    child = tr.loads(f'extends: "{parent}"\nlevels\n  unset: end early\n', origin=str(tmp_path / "c.tractor"))
    assert child.levels.end_early == ()


@pytest.mark.parametrize("condition, message", [
    ("kitty points = 0", "'kitty points' (the points of the cards in the kitty) is not known after a trick"),
    ("the attackers win", "is not known after a trick"),
    ("points held < 5", "'points held'"),
])
def test_words_not_known_after_a_trick_are_refused(condition, message):
    found = problems_of(f'extends: "two-decks"\nlevels\n  end early: when {condition}\n')
    assert found and found[0][0] == "E212" and message in found[0][1]


def test_the_new_words_are_refused_elsewhere():
    found = problems_of('extends: "two-decks"\nlevels\n  when points left = 0: attackers +1 level\n')
    assert found and found[0][0] == "E212"
    found = problems_of('extends: "two-decks"\nkitty\n  dug when: the outcome is decided\n')
    assert found and found[0][0] == "E212"


@pytest.mark.parametrize("more, words", [
    ("levels\n  banker goes up: only with the last trick\n", "the bankers go up only with the last trick"),
    ("levels\n  knock back: J to 2\n", "knocking back from J reads the last trick"),
    ("levels\n  when the attackers took 5H: attackers +1 level\n", "reads the last trick or the cards each team"),
    ("levels\n  when size >= 4: attackers +1 level\n", "reads the last trick or the cards each team"),
    ("levels\n  when points >= 200: attackers +1 level\n", "reads the hand's points, which the cards left"),
    ("stakes\n  game points: banker +1 or more = points / 10, attackers +0 or more = 1\n",
     "these game points read the hand's points"),
])
def test_rules_that_read_the_tricks_not_played_are_refused(more, words):
    found = problems_of(f'extends: "two-decks"\nlevels\n  end early: when {DECIDED}\n{more}')
    assert ("E329", ) == tuple({code for code, _ in found}) and any(words in m for _, m in found), found


def test_a_rule_that_reads_the_points_goes_with_another_condition():
    assert problems_of('extends: "two-decks"\nlevels\n  end early: when points left = 0\n'
                       '  when points >= 200: attackers +1 level\n  knock back: J to 2 on any loss\n') == []


# --- the oracle -------------------------------------------------------------------------------------


def test_the_oracle_judges_the_outcome_decided():
    rules = tr.load("two-decks")  # 40-75: the bankers +1; 80: a swap; kitty: a single 2, a pair 4, tractors 8 up
    assert rules.outcome_decided(40, 30, 4)            # 70 at most
    assert not rules.outcome_decided(40, 40, 4)        # 80 possible: a swap
    assert not rules.outcome_decided(40, 30, 4, kitty_points=25)   # a tractor of two pairs: 8 x 25
    assert rules.outcome_decided(40, 0, 1, kitty_points=15)        # one card left: a single's 2 x 15 = 70
    assert not rules.outcome_decided(40, 0, 2, kitty_points=15)    # a pair's 4 x 15 = 100
    assert not rules.outcome_decided(0, 5, 3)          # 0 (the bankers +3) or 5 (+2)
    assert rules.outcome_decided(200, 0, 3)            # 200 and no more: the attackers +3
    assert rules.outcome_decided(0, 100, 10, forfeit="banker")     # a failed throw lost the hand


def test_the_kitty_counts_at_its_largest_multiplier_rbtying_301():
    """rbtying/shengji#301: the attackers 70, nothing left in the hands but a kitty of 10 with a pair
    to lead: the kitty may still be dug at 4 times and swap the bank."""
    rules = tr.load("two-decks")
    assert not rules.outcome_decided(70, 0, 2, kitty_points=10)
    assert rules.outcome_decided(70, 0, 2, kitty_points=0)


def test_penalties_the_tricks_left_can_bring_count():
    rules = tr.loads('extends: "two-decks"\nlead\n  throw penalty: 10 per card taken back\n', origin="house.tractor")
    assert tr.load("two-decks").outcome_decided(40, 0, 3)
    assert not rules.outcome_decided(40, 0, 3)   # a banker's failed throw adds to the attackers
    assert rules.outcome_decided(40, 0, 1)       # one card: no throw left


def test_the_oracle_refuses_numbers_that_cannot_be():
    rules = tr.load("two-decks")
    with pytest.raises(EngineError):
        rules.outcome_decided(-5, 0, 3)
    with pytest.raises(EngineError):
        rules.outcome_decided(40, 0, 3, forfeit="nobody")
    with pytest.raises(EngineError):
        rules.outcome_decided(40, 0, 3, team_size=4)


# --- whole hands --------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", EVERY_KIND)
def test_every_kind_of_player_plays_hands_that_end_early_and_replay_clean(kind):
    rules = ending(DECIDED)
    hands = 3 if kind.startswith("search") else 12
    records = list(hands_that_replay_clean(rules, kind, hands))
    ended = [r for r in records if r.ended_early is not None]
    assert ended, "no hand ended early"
    for record in ended:
        early = record.ended_early
        assert early.after == len(record.tricks) and early.decided is True
        assert record.kitty_multiplier == 0
        assert all(len(cards) == early.cards_left for cards in early.unplayed)
        played = [c for t in record.tricks for play in t.plays for c in play]
        assert sorted(played + [c for cards in early.unplayed for c in cards]) == \
            sorted(c for hand in record.hands for c in hand)


def test_an_early_end_gives_the_outcome_the_hand_played_out_gives():
    """The same deal and the same players with and without the rule: every hand that ended early has
    the level change the hand played out has (the condition draws no random number, so the tricks
    before the end are the same)."""
    early, full = ending(DECIDED), tr.load("two-decks")
    compared = 0
    for seed in range(30):
        records = []
        for rules in (early, full):
            players = make_players("heuristic", 4, random.Random(seed))
            records.append(play_hand(rules, players, random.Random(seed), level="5", banker=seed % 4))
        short, long = records
        if short.ended_early is None:
            assert short.level_change == long.level_change and len(short.tricks) == len(long.tricks)
            continue
        compared += 1
        assert [t.plays for t in short.tricks] == [t.plays for t in long.tricks[:len(short.tricks)]]
        assert short.level_change == long.level_change, f"seed {seed}"
        assert short.next_banker == long.next_banker
    assert compared >= 5


def test_a_team_concedes_once_no_point_is_left():
    rules = ending("points left = 0")
    for record in hands_that_replay_clean(rules, "greedy", 10):
        early = record.ended_early
        if early is None:  # played out: the last point was taken in the last trick
            continue
        assert early.points_left == 0 and early.decided is None and record.kitty_multiplier == 0
        # every point but the kitty's was taken in the tricks played
        assert sum(t.points for t in record.tricks) + record.kitty_points == rules.table.total_points


def test_a_hand_without_the_rule_is_logged_as_before():
    record = next(hands_that_replay_clean(tr.load("two-decks"), "random", 1))
    assert "ended_early" not in record.to_log() and record.ended_early is None


# --- the replay -----------------------------------------------------------------------------------------


def _an_early_hand(rules: Rules) -> dict:
    for seed in range(40):
        players = make_players("heuristic", 4, random.Random(seed))
        record = play_hand(rules, players, random.Random(seed), level="5", banker=0)
        if record.ended_early is not None:
            return record.to_log()
    raise AssertionError("no hand ended early")


def test_the_replay_checks_what_the_rule_read_and_the_cards_shown():
    rules = ending(DECIDED)
    log = _an_early_hand(rules)
    assert replay_hand(json.dumps(log), rules) == []
    wrong = json.loads(json.dumps(log))
    wrong["ended_early"]["points_left"] += 5
    assert any("points left" in p for p in replay_hand(json.dumps(wrong), rules))
    wrong = json.loads(json.dumps(log))
    wrong["ended_early"]["unplayed"][0], wrong["ended_early"]["unplayed"][1] = \
        wrong["ended_early"]["unplayed"][1], wrong["ended_early"]["unplayed"][0]
    assert any("was left with" in p for p in replay_hand(json.dumps(wrong), rules))
    wrong = json.loads(json.dumps(log))
    wrong["ended_early"] = None
    assert any("cards left unplayed" in p for p in replay_hand(json.dumps(wrong), rules))
    wrong = json.loads(json.dumps(log))
    del wrong["ended_early"]
    assert any("ended_early: needed" in p for p in replay_hand(json.dumps(wrong), rules))
    assert any("never ends a hand early" in p for p in replay_hand(json.dumps(log), tr.load("two-decks")))


def test_the_replay_refuses_a_hand_that_went_on_past_its_end():
    """A hand that ended early, logged under a rule that would have ended it after an earlier trick
    (every trick with cards left: 'cards left > 0')."""
    rules = ending(DECIDED)
    log = _an_early_hand(rules)
    always = ending("cards left > 0")
    found = replay_hand(json.dumps(log), always)
    assert any("ends early after it" in p for p in found), found
    assert found[0].startswith("trick 1:")


def test_the_replay_refuses_an_end_the_rule_does_not_give():
    rules = ending(DECIDED)
    log = _an_early_hand(rules)
    never_yet = ending("points left > 1000")  # never holds: the hand should have been played out
    found = replay_hand(json.dumps(log), never_yet)
    assert any("does not hold after the last trick" in p for p in found), found


# --- the sheet, the JSON form, the lint -------------------------------------------------------------------


def test_the_sheet_says_it_in_english_and_chinese():
    rules = ending(DECIDED)
    assert ("A hand ends as soon as no cards left can change its outcome: the cards left are shown and the kitty "
            "is not dug.") in sheet_text(rules, "en")
    assert "剩下的牌已无法改变结果就提前结束" in sheet_text(rules, "zh")
    other = sheet_text(ending("points left = 0"), "en")
    assert ("A hand ends early, after the first trick at whose end the points still in the players' hands is "
            "exactly 0") in other
    assert "ends early" not in sheet_text(tr.load("two-decks"), "en")


def test_the_json_form_keeps_it_and_version_3_refuses_it():
    rules = ending(f"{DECIDED} or cards left <= 2")
    value = ["any", ["fact", "outcome-decided"], ["compare", "<=", ["var", "cards-left"], ["num", 2]]]
    assert_a_field_of_version_4(rules, "levels", "end_early", value)


def test_lint_warns_of_a_condition_no_trick_can_meet():
    found = [d["code"] for d in facade.lint('extends: "two-decks"\nlevels\n  end early: when cards left = 0\n',
                                            "house.tractor")["diagnostics"]]
    assert found == ["W120"]
    assert facade.lint(f'extends: "two-decks"\nlevels\n  end early: when {DECIDED}\n',
                       "house.tractor")["diagnostics"] == []


def test_the_rbtying_export_says_it_has_no_setting_for_it():
    from tractor_rules.interop.shengji import export

    lost = export(ending(DECIDED), lambda text: tr.loads(text)).lost
    early = [line for line in lost if line.startswith("levels.end_early")]
    assert len(early) == 1 and "rbtying/shengji has no setting for ending a hand early" in early[0]
    assert not [line for line in export(tr.load("two-decks"), lambda text: tr.loads(text)).lost
                if "end_early" in line]
