"""The reinforcement-learning environment with hands that end early (gallery P09): random agents
play hands of which some end once their outcome is decided; every hand ends for every agent, its
rewards are the outcome's, and its record replays clean."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

import tractor_rules
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.rl import raw_env

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules" / "P09-end-once-decided.tractor"


def test_random_agents_play_hands_that_end_early():
    rules = tractor_rules.load(str(GALLERY))
    environment = raw_env(rules)
    rng = np.random.default_rng(3)
    ended = 0
    for hand in range(8):
        environment.reset(seed=hand)
        rewards = dict.fromkeys(environment.possible_agents, 0.0)
        for agent in environment.agent_iter():
            observation, reward, terminated, truncated, _ = environment.last()
            rewards[agent] += reward
            if terminated or truncated:
                environment.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            assert legal.size, f"hand {hand}: no legal action for {agent}"
            environment.step(int(rng.choice(legal)))
        record = environment.record
        assert record is not None and replay_hand(json.dumps(record.to_log()), rules) == []
        side, levels = record.level_change
        winners = [a for a, seat in zip(environment.possible_agents, range(4))
                   if (seat in record.banker_team) == (side == "banker")]
        assert all(rewards[a] > rewards[b] for a in winners
                   for b in environment.possible_agents if b not in winners) or levels == 0
        if record.ended_early is not None:
            ended += 1
            assert all(len(cards) == record.ended_early.cards_left for cards in record.ended_early.unplayed)
    assert ended >= 1
