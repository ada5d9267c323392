"""The reinforcement-learning environment where the rules name who acts first: the first trick led
by the seat after the declarer (``first lead``), the round after the kitty from the banker, and
declaring in turn from the seat after the banker.  The agent asked for the first lead is that
seat's; random agents play whole hands, their rewards are the outcome's, and every record replays
clean."""

from __future__ import annotations

import json

import numpy as np
from episodes import play_random_hands

import tractor_rules
from tractor_rules.engine.flow.seats import seat_of
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.rl import raw_env

TEXT = """ruleset: "Orders"
extends: "two-decks"
declare
  overturn after kitty: yes
  first to overturn after kitty: the banker
  in turn: when not the first hand
  first to declare in turn: the seat after the banker
lead
  first lead: the seat after the declarer
"""


def test_random_agents_play_hands_whose_phases_start_where_the_rules_say():
    rules = tractor_rules.loads(TEXT, origin="orders.tractor")
    records = play_random_hands(raw_env(rules), 6, seed=5)
    for record in records:
        assert record.tricks[0].leader == seat_of("after-declarer", 4, banker=record.banker,
                                                  declarer=record.declarer)
        assert replay_hand(json.dumps(record.to_log()), rules) == []


def test_the_agent_asked_to_lead_first_is_the_seat_after_the_declarer():
    rules = tractor_rules.loads(TEXT, origin="orders.tractor")
    environment = raw_env(rules)
    rng = np.random.default_rng(1)
    for seed in range(4):
        environment.reset(seed=seed)
        first_lead = None
        for agent in environment.agent_iter():
            observation, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.step(None)
                continue
            decision = None if environment._driver is None else environment._driver.pending  # the decision asked
            if first_lead is None and decision is not None and decision.kind == "lead":
                first_lead = agent
            environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        record = environment.record
        expected = seat_of("after-declarer", 4, banker=record.banker, declarer=record.declarer)
        assert first_lead == environment.possible_agents[expected]
