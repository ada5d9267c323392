"""Simulations (engine/simulate.py), the game log, and the replay checker (engine/replay.py)."""

from __future__ import annotations

import copy
import io
import json
import os
import subprocess
import sys
from collections import Counter

import pytest

import tractor_rules as tr
from tractor_rules.engine.players import parse_players
from tractor_rules.engine.replay import FIELDS, replay_hand, replay_log
from tractor_rules.engine.simulate import SimulationReport, run_simulation

NAMES = tr.builtin_names()


@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    """20 hands of every shipped ruleset, logged: name → (rules, report, log lines)."""
    out = {}
    folder = tmp_path_factory.mktemp("logs")
    for i, name in enumerate(NAMES):
        rules = tr.load(name)
        path = folder / f"{name}.jsonl"
        players = ("random", "greedy", "greedy,random")[i % 3]
        report = run_simulation(rules, hands=20, seed=i, players=players, log_path=str(path))
        out[name] = (rules, report, path.read_text(encoding="utf-8").splitlines())
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


def test_same_seed_same_games(tmp_path):
    rules = tr.load("two-decks")
    a, b, c = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl"
    run_simulation(rules, 8, 42, log_path=str(a))
    run_simulation(rules, 8, 42, log_path=str(b))
    run_simulation(rules, 8, 43, log_path=str(c))
    assert a.read_text() == b.read_text() != c.read_text()


def test_same_seed_same_games_across_processes(tmp_path):
    """String hashing differs between processes; the games must not."""
    code = ("import hashlib, json, sys, tractor_rules as tr\n"
            "from tractor_rules.engine.simulate import run_simulation\n"
            "r = tr.load('house-finding-friends')\n"
            "run_simulation(r, 3, 5, players='greedy,random', log_path=sys.argv[1])\n"
            "print(hashlib.sha256(open(sys.argv[1], 'rb').read()).hexdigest())\n")
    digests = set()
    for hashseed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hashseed)
        out = subprocess.run([sys.executable, "-c", code, str(tmp_path / f"{hashseed}.jsonl")],
                             capture_output=True, text=True, env=env, check=True)
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


def test_zero_hands_and_no_log(tmp_path):
    report = run_simulation(tr.load("one-deck"), 0, 1)
    assert report.hands == 0 and report.to_dict()["hands_per_second"] == 0.0
    assert "0 hands" in report.to_text()


def test_progress_stays_quiet_off_a_terminal(capsys):
    run_simulation(tr.load("one-deck"), 5, 1, progress=True)
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
    path = tmp_path_factory.mktemp("valid") / "two-decks.jsonl"
    run_simulation(rules, hands=20, seed=0, players="random", log_path=str(path))
    return rules, [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


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


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal(monkeypatch):
    rules = tr.load("one-deck")
    screen = _Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    run_simulation(rules, 5, 1, progress=True)
    assert "simulating:" in screen.getvalue() and "/5 [" in screen.getvalue()
    quiet = _Terminal()
    monkeypatch.setattr(sys, "stderr", quiet)
    run_simulation(rules, 5, 1, progress=False)
    assert quiet.getvalue() == ""
    pipe = io.StringIO()  # not a terminal: no bar even when asked
    monkeypatch.setattr(sys, "stderr", pipe)
    run_simulation(rules, 5, 1, progress=True)
    assert pipe.getvalue() == ""
