"""The learning environment where the exchange with the declarer is made while the cards are dealt
(gallery D62): an agent deciding the exchange is asked during the deal, judging the cards it gives
back by the trump of the declaration it takes; its choice is the hand's."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from tractor_rules import load
from tractor_rules.engine.deck.cards import CARDS
from tractor_rules.engine.records.replay import replay_hand
from tractor_rules.rl import DONE, raw_env
from tractor_rules.rl.env import agent_choices_of, choice_options

D62 = Path(__file__).resolve().parents[2] / "examples" / "house-rules" / \
    "D62-exchange-with-the-declarer-during-the-deal.tractor"


def pending(environment):
    return environment._driver.pending


def test_the_agent_is_offered_the_exchange_during_the_deal():
    rules = load(D62)
    assert "exchange" not in rules.phases()
    assert "exchange" in agent_choices_of(rules)
    assert choice_options(rules, ("exchange",)) == {"exchange": (False, True)}


def test_an_agent_takes_the_declaration_while_the_cards_are_dealt():
    rules = load(D62)
    environment = raw_env(rules, agent_choices=("exchange",), level="5", banker=0)
    for seed in range(80):
        environment.reset(seed=seed)
        while pending(environment) is not None and pending(environment).kind not in ("lead", "exchange"):
            mask = environment.observe(environment.agent_selection)["action_mask"]
            environment.step(int(np.flatnonzero(mask)[0]))
        decision = pending(environment)
        if decision is None or decision.kind != "exchange":
            continue
        # asked during the deal: the view holds fewer cards than a whole hand, or the last round came
        view = decision.view
        ctx = view.ctx
        environment.step(DONE + 2)  # take
        gave = []
        while pending(environment) is not None and pending(environment).kind == "give-back":
            mask = environment.observe(environment.agent_selection)["action_mask"]
            if mask[DONE]:
                environment.step(DONE)
                continue
            card = CARDS[int(np.flatnonzero(mask[:DONE])[0])]
            gave.append(card)
            environment.step(int(card))
        assert ctx.give_back_error(gave) is None
        for _ in environment.agent_iter():
            observation, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.step(None)
                continue
            environment.step(int(np.flatnonzero(observation["action_mask"])[0]))
        record = environment.record
        assert record.exchange is not None and record.exchange.at is not None
        assert record.exchange.seat == decision.seat and sorted(record.exchange.gave) == sorted(gave)
        assert rules.declaration(list(record.exchange.took), record.level).trump == ctx.trump
        assert replay_hand(json.dumps(record.to_log()), rules) == []
        return
    raise AssertionError("no hand of 80 seeds asks the agent to exchange")


def test_random_agents_play_hands_that_replay_clean():
    from episodes import play_random_hands

    rules = load(D62)
    for record in play_random_hands(raw_env(rules, level="5", banker=0, agent_choices=("exchange",)), 6, seed=1):
        assert replay_hand(json.dumps(record.to_log()), rules) == []
