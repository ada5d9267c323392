"""What the tests that drive the reinforcement-learning environment share (a helper module): hands
played by random agents, each checked whole, and the rewards a hand's record gives."""

from __future__ import annotations

import numpy as np

from tractor_rules.engine.deck.cards import pack_copies
from tractor_rules.engine.game import point_table
from tractor_rules.rl import TractorEnv


def play_random_hands(environment: TractorEnv, hands: int, seed: int) -> list:
    """Random legal actions (from the mask) until ``hands`` hands are over; every hand's record,
    checked against the rewards the agents got."""
    rng = np.random.default_rng(seed)
    records = []
    for hand in range(hands):
        environment.reset(seed=seed * 100_000 + hand)
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
        assert record is not None
        assert rewards == expected_rewards(environment, record)
        records.append(record)
    return records


def expected_rewards(environment: TractorEnv, record) -> dict[str, float]:
    """What each agent gets for the hand of ``record``: the levels its team went up (less those
    the other team went up), and the attackers' points as a share of the deck's, for the attackers
    and against the bankers."""
    rules = environment.rules
    deck = sum(p * k for p, k in zip(point_table(rules), pack_copies(rules.table)))
    side, levels = record.level_change
    out = {}
    for seat, agent in enumerate(environment.possible_agents):
        banker_side = seat in record.banker_team
        sign = 1 if (side == "banker") == banker_side else -1
        out[agent] = float(sign * levels + (-1 if banker_side else 1) * record.attacker_points / deck)
    return out
