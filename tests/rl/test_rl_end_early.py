"""The reinforcement-learning environment with hands that end early (gallery P09): random agents
play hands of which some end once their outcome is decided; every hand ends for every agent, its
rewards are the outcome's, and its record replays clean."""

from __future__ import annotations

import json
from pathlib import Path

from episodes import play_random_hands

import tractor_rules
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.rl import raw_env

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules" / "P09-end-once-decided.tractor"


def test_random_agents_play_hands_that_end_early():
    rules = tractor_rules.load(str(GALLERY))
    # each hand whole: a legal action at every turn, the rewards the outcome's
    records = play_random_hands(raw_env(rules), 8, seed=3)
    ended = [record for record in records if record.ended_early is not None]
    assert ended
    for record in records:
        assert replay_hand(json.dumps(record.to_log()), rules) == []
    for record in ended:
        assert all(len(cards) == record.ended_early.cards_left for cards in record.ended_early.unplayed)
