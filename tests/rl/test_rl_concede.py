"""The reinforcement-learning environment with a player's concession (gallery P10): the choice is
offered as actions (play on, concede) to each agent the rule holds of after a trick, the
observation says it is asked; random agents play whole hands, some conceded, each replaying clean."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from episodes import play_random_hands

import tractor_rules
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.rl import raw_env
from tractor_rules.rl.env import DONE, choice_options
from tractor_rules.rl.observation import DECIDING, deciding_kinds

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules" / "P10-finish-game-button.tractor"


def test_the_choice_is_offered_only_where_the_rules_have_it():
    rules = tractor_rules.load(str(GALLERY))
    assert choice_options(rules)["concede"] == (False, True)
    assert "concede" not in choice_options(tractor_rules.load("two-decks"))
    assert deciding_kinds((), concede=True) == (*DECIDING, "concede")
    assert raw_env(rules).decisions == (*DECIDING, "concede")
    assert raw_env(tractor_rules.load("two-decks")).decisions == DECIDING


def test_random_agents_concede_and_the_hands_replay_clean():
    rules = tractor_rules.load(str(GALLERY))
    records = play_random_hands(raw_env(rules), 10, seed=5)
    conceded = [r for r in records if r.ended_early is not None]
    assert conceded
    for record in records:
        assert replay_hand(json.dumps(record.to_log()), rules) == []
    assert all(r.ended_early.conceded in range(4) for r in conceded)


def test_an_agent_asked_sees_the_options_and_may_play_on():
    rules = tractor_rules.load(str(GALLERY))
    env = raw_env(rules)
    at = DONE + 1
    asked = 0
    for seed in range(20):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            mask = observation["action_mask"]
            if mask[at] and mask[at + 1]:  # asked whether to concede: both options, no card
                assert not mask[:DONE + 1].any()
                deciding = observation["observation"][env.fields["deciding"]]
                assert deciding[env.decisions.index("concede")] == 1
                asked += 1
                env.step(at)  # play on
                continue
            env.step(int(np.flatnonzero(mask)[0]))
        record = env.record
        assert record is not None and record.ended_early is None  # nobody conceded: played out
        assert replay_hand(json.dumps(record.to_log()), rules) == []
        if asked:
            return
    raise AssertionError("no agent was asked whether to concede")
