"""The hostile suite's broad net: 10,000 mutated rulesets (mutants.py), each compiled in a child
process under the harness's ceilings, giving rules or a RulesetError with positions and a bounded
report; every distinct ruleset that compiles plays a hand.  And a property test: every ruleset that
compiles from the families of hostile statements plays 20 hands with random and with greedy play."""

from __future__ import annotations

import os

from harness import run_cases
from hypothesis import given, settings
from hypothesis import strategies as st

import tractor_rules as tr
from tractor_rules.engine.records.simulate import run_simulation

MUTANTS = 10_000
#: the CI machine has 2 cores
WORKERS = min(2, os.cpu_count() or 1)


def test_ten_thousand_mutants_give_rules_or_positioned_errors_and_play():
    cases = [{"start": seed, "stop": seed + 1} for seed in range(MUTANTS)]
    results = run_cases("mutants:check_mutants", cases, memory_mb=1024, case_seconds=10, workers=WORKERS)
    broken = [r for r in results if "ok" not in r]
    assert not broken, broken[:5]  # a case past the ceilings, or a crash of the checker itself
    problems = [p for r in results for p in r["ok"][1:]]
    assert not problems, problems[:10]
    totals = {key: sum(r["ok"][0]["stats"][key] for r in results) for key in ("compiled", "errors", "played")}
    # the net catches both kinds: a good share of the mutants compile, a good share do not
    assert totals["compiled"] > MUTANTS // 5 and totals["errors"] > MUTANTS // 5, totals


# --- the families as hypothesis strategies ----------------------------------------------------------

PARENTS = ["two-decks", "one-deck", "three-decks", "four-decks", "house-finding-friends"]

statements = st.one_of(
    st.builds("lead\n  throws: allowed\n  throw penalty: {} per card taken back".format, st.integers(1, 40)),
    st.builds("lead\n  throws: allowed\n  throw penalty: {} per attempt".format, st.integers(1, 40)),
    st.builds("kitty\n  multiplier: {}^size, at most {}".format, st.integers(0, 9), st.integers(1, 10**9)),
    st.builds("kitty\n  multiplier: ((size^{})^{}), at most {}".format, st.integers(0, 4096),
              st.integers(0, 4096), st.integers(1, 64)),
    st.builds("kitty\n  multiplier: size * {} + cards".format, st.integers(1, 50)),
    st.builds("levels\n  mandatory: {}".format, st.lists(st.sampled_from(["5", "10", "K", "A"]), min_size=1,
                                                           max_size=4, unique=True).map(", ".join)),
    st.builds("combinations\n  tractors: {}+ adjacent pairs".format, st.integers(2, 60)),
    st.builds("upgrade\n  0: banker +{}\n  5-75: banker +1\n  80+: attackers +{}, +1 every {}".format,
              st.integers(0, 5), st.integers(0, 5), st.integers(1, 200)),
)


@st.composite
def house_rules(draw) -> str:
    parent = draw(st.sampled_from(PARENTS))
    body = draw(st.lists(statements, min_size=1, max_size=3))
    return f'extends: "{parent}"\n' + "\n".join(body) + "\n"


@settings(max_examples=10)
@given(house_rules())
def test_every_house_rule_that_compiles_plays_twenty_hands(text: str):
    try:
        rules = tr.loads(text, origin="house.tractor")
    except tr.RulesetError as error:
        assert error.line >= 1
        return
    for players in ("random", "greedy"):
        report = run_simulation(rules, 20, 7, players=players)
        assert report.to_dict()
