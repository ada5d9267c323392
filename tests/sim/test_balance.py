"""Balance reports (sim/balance.py, sim/plots.py): the same deals under each ruleset, the same seed
giving the same report, intervals and tests that mean what they say, and the command's text, JSON
and HTML page with plots."""

from __future__ import annotations

import json
import math
from collections import Counter

import pytest

import tractor_rules as tr
from tractor_rules.cli import main
from tractor_rules.engine.players.kinds import seat_kinds
from tractor_rules.sim.balance import METRICS, play_balance
from tractor_rules.sim.parallel import InlineBackend
from tractor_rules.sim.stats import Tally, mean_difference_p, proportion_difference_p, wilson


def _kinds(rules):
    return tuple(seat_kinds("random", rules.table.players))


@pytest.fixture(scope="module")
def report():
    """Random players, who bury points and throw badly, so that the kitty rules matter."""
    rulesets = [("two-decks", tr.load("two-decks")), ("power", tr.load("two-decks-power-kitty"))]
    return play_balance(rulesets, _kinds, "random", 40, 6, InlineBackend())


def test_the_same_seed_gives_the_same_report(report):
    again = play_balance([("two-decks", tr.load("two-decks")), ("power", tr.load("two-decks-power-kitty"))],
                         _kinds, "random", 40, 6, InlineBackend())
    first, second = report.to_dict(), again.to_dict()
    for data in (first, second):
        for ruleset in data["rulesets"]:
            for key in ("seconds", "hands_per_second"):  # the time it took is not part of the games
                ruleset["simulation"].pop(key)
    assert first == second


def test_the_report_holds_every_metric_with_its_interval(report):
    (_, base), (_, power) = report.runs
    assert base.hands == power.hands == 40
    # the multipliers are those the rules allow: the table's rows, and powers of two up to 64
    assert set(base.multipliers) <= {2, 4, 8, 16, 32} and set(power.multipliers) <= {2, 4, 8, 16, 32, 64}
    data = report.to_dict()
    names = [r["name"] for r in data["rulesets"]]
    assert names == ["two-decks", "power"]
    metrics = data["rulesets"][0]["metrics"]
    assert set(metrics) == {m.key for m in METRICS} | {"level_changes"}
    for value in metrics.values():
        if "value" in value:
            assert value["low"] <= value["value"] <= value["high"]
    assert len(data["differences"]) == len(METRICS)
    assert "significant differences against two-decks" in report.to_text()


def test_wilson_interval_and_tests():
    interval = wilson(30, 40)
    assert interval.value == 0.75 and 0.59 < interval.low < 0.60 and 0.85 < interval.high < 0.87
    assert wilson(0, 10).low == 0.0 and wilson(10, 10).high == 1.0
    assert wilson(0, 0) == wilson(0, 0) and wilson(0, 0).high == 1.0
    # the same rates are no difference; far apart rates are
    assert proportion_difference_p(50, 100, 50, 100) == 1.0
    assert proportion_difference_p(80, 100, 20, 100) < 1e-6
    a = Tally.of(Counter({0: 50, 10: 50}))
    assert a.mean == 5 and math.isclose(a.variance, 25.0 * 100 / 99)
    assert mean_difference_p(a, Tally.of(Counter({0: 50, 10: 50}))) == 1.0
    assert mean_difference_p(a, Tally.of(Counter({20: 50, 30: 50}))) < 1e-6


def test_the_command_writes_text_json_and_an_html_page_with_plots(tmp_path, capsys, unsettled):
    page = tmp_path / "balance.html"
    argv = ["balance", "one-deck", "house-strict-throws", "--hands", "8", "--players", "greedy", "--seed", "2"]
    assert main([*argv, "--html", str(page)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Balance: 8 hands a ruleset on the same deals, seed 2, players greedy")
    assert "banker holds" in text and "house-strict-throws" in text
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and html.count("<svg") == 5
    assert "Level changes" in html and "Attackers&#39; points" in html
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [r["name"] for r in data["rulesets"]] == ["one-deck", "house-strict-throws"]


def test_the_command_refuses_bad_input_before_playing(tmp_path, capsys):
    assert main(["balance", "two-decks", "--hands", "2", "--html", str(tmp_path / "no" / "page.html")]) == 1
    err = capsys.readouterr().err
    assert "there is no folder" in err and err.count("\n") == 1
    assert main(["balance", "two-decks", str(tmp_path / "missing.tractor"), "--hands", "2"]) == 1
    assert "missing.tractor" in capsys.readouterr().err
    assert main(["balance", "two-decks", "--hands", "-1"]) == 2
