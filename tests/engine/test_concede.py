"""A player's concession (``concede: when CONDITION`` in ``levels``): after every trick while cards
are left, once ``end early`` has not ended the hand, each player the condition holds of is asked in
turn from the trick's winner, and the first who agrees ends the hand (rbtying/shengji#277, #284,
#285).  The compiler's words, the oracle, whole hands by every kind of player and their logs, the
order of the two rules, the replay's checks, the sheet's sentence (en, zh), the JSON form, E346,
W130 and the rbtying export."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules import facade
from tractor_rules.engine.flow.early import Concession, trick_facts
from tractor_rules.engine.flow.outcome import point_table
from tractor_rules.engine.flow.views import Player
from tractor_rules.engine.game import play_hand
from tractor_rules.engine.players.basic import GreedyPlayer, RandomPlayer
from tractor_rules.engine.players.kinds import make_players
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.rules import Rules

from json_forms import assert_a_field_of_version_4
from player_kinds import EVERY_KIND, hands_that_replay_clean
from sheet_words import sheet_text

DECIDED = "the outcome is decided"
GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules" / "P10-finish-game-button.tractor"


def conceding(condition: str, more: str = "") -> Rules:
    return tr.loads(f'extends: "two-decks"\nlevels\n  concede: when {condition}\n{more}', origin="house.tractor")


def problems_of(text: str) -> list[tuple[str, str]]:
    return [(d["code"], d["message"]) for d in facade.check(text, "house.tractor")["diagnostics"]
            if d["severity"] == "error"]


class _Never(GreedyPlayer):
    """A greedy player that never concedes."""

    def concede(self, view):
        return False


class _Always(GreedyPlayer):
    """A greedy player that concedes whenever asked, and counts the times it was asked."""

    def __init__(self, seed=None):
        super().__init__(seed)
        self.asked = 0

    def concede(self, view):
        self.asked += 1
        return True


# --- the compiler ---------------------------------------------------------------------------------


def test_the_condition_is_compiled_with_the_players_side():
    rules = conceding(f"an attacker and ({DECIDED} or points left < 20)")
    assert rules.levels.concede == (
        "all", ("fact", "player-attacker"),
        ("any", ("fact", "outcome-decided"), ("compare", "<", ("var", "points-left"), ("num", 20))))
    assert rules.levels.end_early == ()
    assert tr.load("two-decks").levels.concede == ()
    never = tr.loads('extends: "two-decks"\nlevels\n  concede: never\n', origin="house.tractor")
    assert never.levels.concede == ()


def test_unset_takes_a_parents_rule_back(tmp_path):
    parent = tmp_path / "parent.tractor"
    parent.write_text(f'ruleset: "Concede"\nextends: "two-decks"\nlevels\n  concede: when {DECIDED}\n')
    child = tr.loads(f'extends: "{parent}"\nlevels\n  unset: concede\n', origin=str(tmp_path / "c.tractor"))
    assert child.levels.concede == ()


@pytest.mark.parametrize("condition, message", [
    ("kitty points = 0", "'kitty points' (the points of the cards in the kitty) is not known after a trick, asked"),
    ("points held < 5", "'points held'"),
    ("the thrower's partner", "a fact of the player who could stop a throw"),
    ("the attackers win", "is not known after a trick, asked of each player"),
])
def test_words_not_known_then_are_refused(condition, message):
    found = problems_of(f'extends: "two-decks"\nlevels\n  concede: when {condition}\n')
    assert found and found[0][0] == "E212" and message in found[0][1], found


def test_the_players_side_is_refused_where_no_player_is_asked():
    found = problems_of('extends: "two-decks"\nlevels\n  end early: when an attacker\n')
    assert found and found[0][0] == "E212" and "'concede: when ...'" in found[0][1]


@pytest.mark.parametrize("more, words", [
    ("levels\n  banker goes up: only with the last trick\n", "which a conceded hand does not play"),
    ("levels\n  knock back: J to 2\n", "knocking back from J reads the last trick"),
    ("levels\n  when the attackers took 5H: attackers +1 level\n", "reads the last trick or the cards each team"),
])
def test_rules_that_read_the_tricks_not_played_are_refused(more, words):
    found = problems_of(f'extends: "two-decks"\nlevels\n  concede: when points left < 10\n{more}')
    assert [code for code, _ in found] == ["E346"] and words in found[0][1], found


def test_a_rule_that_reads_the_points_goes_with_another_condition():
    stakes = "stakes\n  game points: banker +0 or more = points / 10, swap = 2, attackers +1 or more = 3\n"
    found = problems_of(f'extends: "two-decks"\nlevels\n  concede: when {DECIDED}\n{stakes}')
    assert [code for code, _ in found] == ["E346"] and "let players concede by another condition" in found[0][1]
    assert problems_of(f'extends: "two-decks"\nlevels\n  concede: when points left = 0\n{stakes}') == []


# --- the oracle -----------------------------------------------------------------------------------


def test_the_oracle_asks_the_condition_of_a_players_side():
    attackers = conceding(f"an attacker and {DECIDED}")
    assert attackers.may_concede(True, 40, 30, 4) is True
    assert attackers.may_concede(False, 40, 30, 4) is False
    assert attackers.may_concede(True, 40, 30, 4, kitty_points=25) is False  # the kitty could still turn it
    assert tr.load(str(GALLERY)).may_concede(False, 40, 30, 4) is True
    assert tr.load("two-decks").may_concede(True, 40, 30, 4) is False
    level = conceding("the level is 10")
    assert level.may_concede(True, 0, 100, 10, level="10") and not level.may_concede(True, 0, 100, 10, level="9")


# --- whole hands ----------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", EVERY_KIND)
def test_every_kind_of_player_concedes_and_the_hands_replay_clean(kind):
    rules = tr.load(str(GALLERY))
    hands = 3 if kind.startswith("search") else 12
    records = list(hands_that_replay_clean(rules, kind, hands))
    conceded = [r for r in records if r.ended_early is not None]
    if not kind.startswith("search"):
        assert conceded, "nobody conceded"
    for record in conceded:
        early = record.ended_early
        assert early.conceded in range(4) and early.decided is True and record.kitty_multiplier == 0
        assert early.after == len(record.tricks)
        assert record.to_log()["ended_early"]["conceded"] == early.conceded


def test_the_first_player_asked_is_the_tricks_winner():
    rules = conceding("cards left > 0")  # every player may concede after every trick
    players = [_Always() for _ in range(4)]
    record = play_hand(rules, players, random.Random(3), level="5", banker=1)
    assert len(record.tricks) == 1 and record.ended_early.conceded == record.tricks[0].winner
    assert sum(p.asked for p in players) == 1
    assert replay_hand(json.dumps(record.to_log()), rules) == []


def test_only_the_players_the_condition_holds_of_are_asked():
    rules = conceding("a banker and cards left > 0")
    players = [_Always() for _ in range(4)]
    record = play_hand(rules, players, random.Random(5), level="5", banker=0)
    assert record.ended_early.conceded in record.banker_team
    assert all(players[s].asked == 0 for s in range(4) if s not in record.banker_team)
    assert replay_hand(json.dumps(record.to_log()), rules) == []


def test_nobody_conceding_plays_the_hand_out_as_without_the_rule():
    rules, plain = conceding("cards left > 0"), tr.load("two-decks")
    for seed in range(3):
        records = [play_hand(r, [_Never(seed * 4 + s) for s in range(4)], random.Random(seed), level="5", banker=0)
                   for r in (rules, plain)]
        assert records[0].ended_early is None
        assert [t.plays for t in records[0].tricks] == [t.plays for t in records[1].tricks]
        assert records[0].to_log()["ended_early"] is None and "ended_early" not in records[1].to_log()


def test_the_rule_for_ending_early_is_asked_first():
    rules = conceding("cards left > 0", "  end early: when points left = 0\n")
    ended = conceded = 0
    for seed in range(20):
        players = [_Always() if s == 0 else _Never() for s in range(4)]
        record = play_hand(rules, players, random.Random(seed), level="5", banker=seed % 4)
        assert replay_hand(json.dumps(record.to_log()), rules) == []
        early = record.ended_early
        assert early is not None
        if early.conceded is None:
            ended += 1
            assert early.points_left == 0
        else:
            conceded += 1
            assert early.conceded == 0
    assert conceded


def test_a_random_players_concessions_leave_its_plays_as_they_were():
    """The random player draws its concessions from a second stream: the tricks of a hand it
    concedes are those of the same seed without the rule, up to the concession, and since it may
    concede only once the outcome is decided, the level change is the same."""
    rules, plain = tr.load(str(GALLERY)), tr.load("two-decks")
    compared = 0
    for seed in range(20):
        records = [play_hand(r, make_players("random", 4, random.Random(seed)), random.Random(seed), level="5",
                             banker=seed % 4) for r in (rules, plain)]
        short, long = records
        if short.ended_early is None:
            assert [t.plays for t in short.tricks] == [t.plays for t in long.tricks]
            continue
        compared += 1
        assert [t.plays for t in short.tricks] == [t.plays for t in long.tricks[:len(short.tricks)]]
        assert short.level_change == long.level_change and short.next_banker == long.next_banker
    assert compared >= 3


def test_the_players_decide_by_what_their_seat_can_tell():
    assert Player.concede is not RandomPlayer.concede
    assert GreedyPlayer.concede is Player.concede  # the greedy, heuristic and search players: the base's


# --- the replay ---------------------------------------------------------------------------------------


def _a_conceded_hand(rules: Rules, kind: str = "heuristic") -> dict:
    for seed in range(40):
        record = play_hand(rules, make_players(kind, 4, random.Random(seed)), random.Random(seed), level="5",
                           banker=0)
        if record.ended_early is not None and record.ended_early.conceded is not None:
            return record.to_log()
    raise AssertionError("nobody conceded")


def test_the_replay_checks_the_seat_that_conceded():
    rules = conceding(f"an attacker and {DECIDED}")
    log = _a_conceded_hand(rules)
    assert replay_hand(json.dumps(log), rules) == []
    wrong = json.loads(json.dumps(log))
    wrong["ended_early"]["conceded"] = log["banker"]
    assert any(f"seat {log['banker']} may not concede" in p for p in replay_hand(json.dumps(wrong), rules))
    wrong["ended_early"]["conceded"] = 7
    assert any("not a seat" in p for p in replay_hand(json.dumps(wrong), rules))
    wrong["ended_early"]["conceded"] = None
    assert any("nobody conceded" in p for p in replay_hand(json.dumps(wrong), rules))
    del wrong["ended_early"]["conceded"]
    assert any("ended_early: null, or an object of" in p for p in replay_hand(json.dumps(wrong), rules))


def test_the_replay_refuses_a_concession_where_the_rule_ended_the_hand():
    rules = conceding(f"an attacker and {DECIDED}")
    log = _a_conceded_hand(rules)
    both = conceding(f"an attacker and {DECIDED}", f"  end early: when {DECIDED}\n")
    found = replay_hand(json.dumps(log), both)
    assert any("so the hand ended by it" in p for p in found), found


def test_the_concession_is_judged_on_the_hand_so_far():
    rules = conceding(f"an attacker and {DECIDED}")
    record = play_hand(rules, make_players("heuristic", 4, random.Random(1)), random.Random(1), level="5", banker=0)
    facts = trick_facts(rules, "5", record.trump, 0, (), record.tricks[:1], [0, 0, 0, 0], record.hands,
                        record.kitty, point_table(rules))
    asked = Concession(facts)
    assert asked.holds(1) is False and asked.holds(0) is False  # after one trick nothing is decided


# --- the sheet, the JSON form, the lint, the export ---------------------------------------------------


def test_the_sheet_says_it_in_english_and_chinese():
    rules = tr.load(str(GALLERY))
    assert ("After each trick, once no cards left can change the hand's outcome, any player may end the hand: "
            "each is asked in turn from the trick's winner, and the first who agrees ends it.") in sheet_text(rules, "en")
    assert "任何玩家都可以提前结束这一局" in sheet_text(rules, "zh")
    other = sheet_text(conceding("an attacker and points left < 20", "  end early: when points left = 0\n"), "en")
    assert "After each trick, a player may end the hand when the player is an attacker and" in other
    assert "The players are asked only where the rule for ending a hand early has not ended it" in other
    assert "may end the hand" not in sheet_text(tr.load("two-decks"), "en")


def test_the_json_form_keeps_it_and_version_3_refuses_it():
    rules = conceding(f"an attacker and {DECIDED}")
    value = ["all", ["fact", "player-attacker"], ["fact", "outcome-decided"]]
    assert_a_field_of_version_4(rules, "levels", "concede", value)


def test_lint_warns_of_a_concession_nobody_is_asked():
    def codes(text: str) -> list[str]:
        return [d["code"] for d in facade.lint(f'extends: "two-decks"\nlevels\n{text}', "house.tractor")["diagnostics"]]

    assert codes("  concede: when a banker and an attacker\n") == ["W130"]
    assert codes("  concede: when cards left = 0\n") == ["W130"]
    assert codes(f"  end early: when {DECIDED}\n  concede: when an attacker and {DECIDED}\n") == ["W130"]
    assert codes(f"  end early: when {DECIDED}\n  concede: when an attacker and points left < 20\n") == []
    assert codes(f"  concede: when {DECIDED}\n") == []


def test_the_rbtying_export_maps_the_button_but_for_the_kitty():
    from tractor_rules.interop.shengji import export

    def lost(rules: Rules) -> list[str]:
        return [line for line in export(rules, lambda text: tr.loads(text)).lost if line.startswith("levels.concede")]

    button = lost(tr.load(str(GALLERY)))
    assert len(button) == 1 and "leaves out the kitty's multiplier" in button[0]
    other = lost(conceding("an attacker"))
    assert len(other) == 1 and "has no setting for who may end a hand" in other[0]
    assert lost(tr.load("two-decks")) == []


# --- the gallery's rule, game after game ------------------------------------------------------------


@pytest.mark.parametrize("kind, hands", [("random", 40), ("greedy", 40), ("heuristic", 40), ("search:4", 10)])
def test_the_gallery_rule_s_hands_replay_clean(kind, hands):
    """P10 played game after game by each kind of player (as the log holds them): every hand
    replays clean, and hands are conceded, each by a seat the condition held of.  Of 200 hands
    (seed 11), 46 to 129 are conceded by each kind, the first by the 2nd hand (the search player's
    by the 4th): 40 hands hold several, 10 the search player's.  The 200 hands by every kind are
    the soak run's (docs/contributing.md, "Soak runs")."""
    from tractor_rules.engine.records.replay import replay_log
    from tractor_rules.engine.records.simulate import simulate

    rules = tr.load(str(GALLERY))
    lines = [r.log_line for r in simulate(rules, hands, seed=11, players=kind, log=True)]
    assert len(lines) == hands and replay_log(lines, rules) == {}
    ended = [json.loads(line)["ended_early"] for line in lines]
    conceded = [e for e in ended if e is not None]
    assert conceded and all(e["conceded"] in range(4) and e["decided"] is True for e in conceded)
