"""Simulations (engine/records/simulate.py), the game log, and the replay checker (engine/records/replay.py)."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from collections import Counter

import pytest

import tractor_rules as tr
from tractor_rules.engine.players.basic import parse_players
from tractor_rules.engine.records.replay import FIELDS, replay_hand, replay_log
from tractor_rules.engine.records.simulate import SimulationReport, run_simulation, simulate

NAMES = tr.builtin_names()


def log_lines(rules, hands, seed, players="random"):
    """The game log of a run, as the command writes it: one JSON line per hand."""
    return [json.dumps(r.log, ensure_ascii=False, separators=(",", ":"))
            for r in simulate(rules, hands, seed, players, log=True)]


#: the module's logged hands are played once, on the worker that runs the module
pytestmark = pytest.mark.xdist_group("simulate-logs")


@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    """20 hands of every shipped ruleset, logged: name → (rules, report, log lines)."""
    out = {}
    for i, name in enumerate(NAMES):
        rules = tr.load(name)
        players = ("random", "greedy", "greedy,random")[i % 3]
        report = SimulationReport(rules.name, i, players)
        lines = []
        for result in simulate(rules, 20, i, players, log=True):
            report.add(result)
            # the line as a log file holds it: compact JSON, its text unescaped
            assert result.log_line == json.dumps(result.log, ensure_ascii=False, separators=(",", ":"))
            lines.append(json.dumps(result.log, ensure_ascii=False))
        out[name] = (rules, report, lines)
    return out


@pytest.mark.parametrize("name", NAMES)
def test_simulation_of_every_shipped_ruleset(name, logs):
    rules, report, lines = logs[name]
    assert report.hands == 20 == len(lines)
    assert sum(report.outcomes.values()) == 20
    assert 0 <= report.banker_holds <= 20
    assert report.throws_failed <= report.throws_tried
    data = report.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["hands"] == 20 and data["ruleset"] == rules.name
    text = report.to_text()
    for word in ("banker holds", "outcomes", "throws", "hands/s"):
        assert word in text


@pytest.mark.parametrize("name", NAMES)
def test_log_lines_have_the_fields_and_replay_clean(name, logs):
    rules, _, lines = logs[name]
    extra = {"called"} if rules.table.partnership == "called" else set()
    if rules.stakes.game_points:
        extra |= {"table_points", "table_points_change"}
    for line in lines:
        entry = json.loads(line)
        assert set(entry) == set(FIELDS) | extra
        assert entry["ruleset"] == rules.name
        assert len(entry["hands"]) == rules.table.players
        for t in entry["tricks"]:
            assert set(t) <= {"leader", "plays", "attempt", "winner", "points"}
    assert replay_log(lines, rules) == {}


def test_same_seed_same_games():
    rules = tr.load("two-decks")
    assert log_lines(rules, 8, 42) == log_lines(rules, 8, 42) != log_lines(rules, 8, 43)


def test_a_game_does_not_depend_on_where_the_run_is_cut():
    """Seeds are split per game and per hand: the first 5 hands of a 12-hand run are a 5-hand run."""
    rules = tr.load("two-decks")
    assert log_lines(rules, 12, 9, "greedy,random")[:5] == log_lines(rules, 5, 9, "greedy,random")


def test_two_rulesets_with_the_same_deck_get_the_same_deals():
    first = next(simulate(tr.load("two-decks"), 1, 4, "greedy", log=True)).log
    second = next(simulate(tr.load("two-decks-power-kitty"), 1, 4, "greedy", log=True)).log
    other = next(simulate(tr.load("two-decks"), 1, 5, "greedy", log=True)).log
    # the same shuffle, declaring and players: the same banker, and the same hands for the seats
    # that did not take the kitty
    assert first["banker"] == second["banker"]
    kept = [s for s in range(4) if s != first["banker"]]
    assert [first["hands"][s] for s in kept] == [second["hands"][s] for s in kept]
    assert [first["hands"][s] for s in kept] != [other["hands"][s] for s in kept]


def test_same_seed_same_games_across_processes(tmp_path):
    """String hashing differs between processes; the games must not."""
    code = ("import hashlib, json, tractor_rules as tr\n"
            "from tractor_rules.engine.records.simulate import simulate\n"
            "r = tr.load('house-finding-friends')\n"
            "logs = [x.log for x in simulate(r, 3, 5, players='greedy,random', log=True)]\n"
            "print(hashlib.sha256(json.dumps(logs).encode()).hexdigest())\n")
    digests = set()
    for hashseed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hashseed)
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
        digests.add(out.stdout.strip())
    assert len(digests) == 1


def test_players_option():
    rules = tr.load("one-deck")
    assert run_simulation(rules, 3, 1, players="greedy").hands == 3
    with pytest.raises(ValueError, match="unknown player"):
        run_simulation(rules, 3, 1, players="clever")
    assert parse_players("greedy, random") == ["greedy", "random"]
    with pytest.raises(ValueError, match="no players"):
        parse_players(" , ")


def test_zero_hands():
    report = run_simulation(tr.load("one-deck"), 0, 1)
    assert report.hands == 0 and report.to_dict()["hands_per_second"] == 0.0
    assert "0 hands" in report.to_text()
    with pytest.raises(ValueError, match="negative"):
        run_simulation(tr.load("one-deck"), -1, 1)


def test_the_engine_writes_and_draws_nothing(capsys):
    assert [r.log for r in simulate(tr.load("one-deck"), 3, 1)] == [None, None, None]
    captured = capsys.readouterr()
    assert captured.err == "" and captured.out == ""


def test_report_counts_a_known_run():
    report = run_simulation(tr.load("two-decks"), 30, 3, players="greedy,random")
    assert isinstance(report, SimulationReport)
    assert report.matches_started >= 1
    assert report.tricks >= 30 * 1
    assert report.banker_holds == sum(v for k, v in report.outcomes.items() if k.startswith("banker"))


# --- the replay checker catches tampering -----------------------------------------------------------


@pytest.fixture(scope="module")
def valid(tmp_path_factory):
    """20 hands of two decks by random players, who try throws that fail (greedy players do not)."""
    rules = tr.load("two-decks")
    return rules, [r.log for r in simulate(rules, 20, 0, "random", log=True)]


def _seats(entry, t):
    n = len(entry["hands"])
    return [(t["leader"] + k) % n for k in range(n)]


def _illegal_follow(rules, entry):
    """Swap a card of a follow that keeps to the led suit with a later off-suit card of the same
    player: the follow no longer plays a card of the suit it still holds."""
    ctx = rules.context(entry["level"], entry["trump"])
    tricks = entry["tricks"]
    for i, t in enumerate(tricks):
        lead = ctx.cards(t["plays"][0])
        suit = ctx.suit_of(lead[0])
        for k, seat in enumerate(_seats(entry, t)):
            if k == 0:
                continue
            play = list(ctx.cards(t["plays"][k]))
            if not all(ctx.suit_of(c) == suit for c in play):
                continue
            for later in tricks[i + 1:]:
                kk = _seats(entry, later).index(seat)
                other = list(ctx.cards(later["plays"][kk]))
                off = [c for c in other if ctx.suit_of(c) != suit]
                if off:
                    a, b = play[0], off[0]
                    play[0] = b
                    other[other.index(b)] = a
                    t["plays"][k] = " ".join(map(str, play))
                    later["plays"][kk] = " ".join(map(str, other))
                    return True
    return False


def test_replay_catches_an_illegal_follow(valid):
    rules, entries = valid
    for entry in entries:
        bad = copy.deepcopy(entry)
        if _illegal_follow(rules, bad):
            problems = replay_hand(bad, rules)
            assert any("may not follow" in p for p in problems), problems
            return
    pytest.fail("no hand to tamper with")


def test_replay_catches_a_wrong_winner(valid):
    rules, entries = valid
    bad = copy.deepcopy(entries[0])
    t = bad["tricks"][3]
    t["winner"] = (t["winner"] + 1) % 4
    assert any("trick 4: the winner is" in p for p in replay_hand(bad, rules))


def test_replay_catches_wrong_points(valid):
    rules, entries = valid
    bad = copy.deepcopy(entries[0])
    bad["tricks"][0]["points"] += 5
    assert any("trick 1: the trick holds" in p for p in replay_hand(bad, rules))
    bad = copy.deepcopy(entries[0])
    bad["attacker_points"] += 5
    assert any("the attackers have" in p for p in replay_hand(bad, rules))


def test_replay_catches_cards_not_conserved(valid):
    rules, entries = valid
    bad = copy.deepcopy(entries[0])
    first = bad["hands"][0].split()
    first[0] = "BJ" if first[0] != "BJ" else "SJ"
    bad["hands"][0] = " ".join(first)
    problems = replay_hand(bad, rules)
    assert any("the cards are not the deck" in p for p in problems)


def test_replay_catches_scoring_tampering(valid):
    rules, entries = valid
    entry = entries[0]
    for field, value, words in [
        ("kitty_multiplier", entry["kitty_multiplier"] + 2, "kitty multiplier"),
        ("kitty_points", entry["kitty_points"] + 10, "the kitty holds"),
        ("level_change", ["banker", 9], "the level change"),
        ("next_banker", (entry["next_banker"] + 1) % 4, "the next banker"),
        ("ruleset", "Something else", "ruleset is"),
    ]:
        bad = dict(entry, **{field: value})
        assert any(words in p for p in replay_hand(bad, rules)), field


def test_replay_catches_structure_problems(valid):
    rules, entries = valid
    entry = entries[0]
    assert replay_hand("not json", rules)[0].startswith("not JSON")
    assert "missing field" in replay_hand({k: v for k, v in entry.items() if k != "tricks"}, rules)[0]
    assert any("unknown field" in p for p in replay_hand(dict(entry, extra=1), rules))
    bad = copy.deepcopy(entry)
    bad["tricks"][1]["leader"] = (bad["tricks"][1]["leader"] + 1) % 4
    assert any("trick 2: led by seat" in p for p in replay_hand(bad, rules))
    bad = copy.deepcopy(entry)
    bad["tricks"].pop()
    assert any("cards left unplayed" in p for p in replay_hand(bad, rules))


def test_replay_catches_a_throw_that_should_have_failed(valid):
    rules, entries = valid
    for entry in entries:
        for i, t in enumerate(entry["tricks"]):
            if "attempt" in t:
                bad = copy.deepcopy(entry)
                # log the failed throw as if it had stood
                bad["tricks"][i]["plays"][0] = t["attempt"]
                del bad["tricks"][i]["attempt"]
                problems = replay_hand(bad, rules)
                assert any(f"trick {i + 1}: the throw" in p and "fails against the other hands" in p
                           for p in problems), problems
                bad = copy.deepcopy(entry)
                # an attempt that names a different part than the rules hold the leader to
                bad["tricks"][i]["attempt"] = t["plays"][0]
                assert any(f"trick {i + 1}:" in p for p in replay_hand(bad, rules))
                return
    pytest.fail("no failed throw in these hands")


def test_replay_of_a_called_partnership_needs_the_calls(logs):
    rules, _, lines = logs["house-finding-friends"]
    entry = json.loads(lines[0])
    assert replay_hand(entry, rules) == []
    del entry["called"]
    assert any("called" in p for p in replay_hand(entry, rules))
    entry = json.loads(lines[0])
    entry["called"] = [[c, o + 1 if o < 3 else 1] for c, o in entry["called"]]
    # other calls make other friends: the points or the next banker may differ, or not; the
    # replay never crashes on them
    assert isinstance(replay_hand(entry, rules), list)


def test_counter_of_log_outcomes_matches_report(logs):
    rules, report, lines = logs["two-decks"]
    seen = Counter(tuple(json.loads(line)["level_change"]) for line in lines)
    assert {f"{s} +{n}": v for (s, n), v in seen.items()} == dict(report.outcomes)


@pytest.mark.parametrize("name", ["two-decks", "four-decks", "two-decks-constant-twos", "house-finding-friends"])
def test_a_logged_hand_is_sorted_as_a_player_holds_it(name):
    """Trumps first, then suit by suit, strongest first, identical cards together: the order a
    log's hands are written in, for every level and trump the ruleset can play."""
    from tractor_rules.engine.deck.cards import CARD_NAMES, CARDS
    from tractor_rules.engine.flow.choices import notation
    from tractor_rules.engine.deck.order import TRUMP
    from tractor_rules.engine.flow.record import _sorter
    from tractor_rules.engine.rulings.scoring import level_ladder
    from tractor_rules.rules import SUITS

    assert list(CARD_NAMES) == [str(card) for card in CARDS]
    assert notation([CARDS[8], CARDS[8], CARDS[53], CARDS[13]]) == "10S 10S BJ 2H"
    rules = tr.load(name)
    hand = [card for card in CARDS for _ in range(2)]
    for level in level_ladder(rules):
        for trump in (*SUITS, None):
            ctx = rules.context(level, trump)
            order = ctx.order
            dealt = [card for card in hand if order.suit_of[card] != -1]
            expected = sorted(dealt, key=lambda c: (order.suit_of[c] != TRUMP, order.suit_of[c], -order.strength[c], c))
            assert _sorter(ctx)(list(reversed(dealt))) == expected
            assert order.suit_of[expected[0]] == TRUMP  # the big joker, at least, is trump
