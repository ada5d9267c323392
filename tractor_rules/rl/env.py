"""The PettingZoo AEC environment: one hand of any ruleset, every seat an agent.

An episode is one hand.  The agents ("player_0" .. "player_{n-1}", the engine's seats) take turns
as the engine asks them: a lead or a follow is built card by card (``plays``), so one play takes
several steps of the same agent.  Action ``c`` (0..53) adds one copy of card code ``c`` to the play
being built; action ``DONE`` (54) plays the chosen cards.  The action mask offers the cards that can
still be part of a legal play and ``DONE`` once the chosen cards are one.

Declaring, redeals, an auction's bids and the banker's naming of trump, burying the kitty, Finding
Friends' calls and the part of a failed throw are the engine's ``GreedyPlayer``'s decisions
(``driver``): the agent is never offered a bid, so none of its actions can be an illegal one.  The rewards come at the end of the hand: the
levels the agent's team went up (negative: the levels the other team went up), plus
``point_weight`` times the attackers' points as a fraction of the deck's points (positive for the
attackers, negative for the banker's team).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..engine.deck.cards import CARDS, N_CODES, pack_copies
from ..engine.rulings.follow import FollowContext
from ..engine.game import HandRecord, point_table
from ..rules import Rules
from .driver import Decision, HandDriver
from .observation import layout, observe
from .plays import FollowBuilder, LeadBuilder, PlayBuilder

#: the action that plays the cards chosen so far
DONE = N_CODES


class IllegalAction(ValueError):
    """An action the mask does not offer."""


class TractorEnv(AECEnv):
    """One hand of ``rules`` (see the module's docstring).  ``level``: the hand's level rank (the
    first level by default); ``banker``: the banker's seat, or None for a first hand, where the
    declarations find the banker; ``point_weight``: the weight of the attackers' points in the
    rewards."""

    RENDER_MODES = ("ansi",)
    metadata = {"name": "tractor_v0", "render_modes": list(RENDER_MODES), "is_parallelizable": False}

    def __init__(self, rules: Rules, *, level: str | None = None, banker: int | None = None,
                 point_weight: float = 1.0, render_mode: str | None = None):
        super().__init__()
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a compiled Rules object (tractor_rules.load), not {type(rules).__name__}")
        n = rules.table.players
        if banker is not None and not 0 <= banker < n:
            raise ValueError(f"banker must be one of seats 0..{n - 1}, not {banker}")
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(self.RENDER_MODES)}, not {render_mode!r}")
        self.rules = rules
        self.level = level
        self.banker = banker
        self.point_weight = point_weight
        self.render_mode = render_mode
        self.fields = layout(n)
        copies = pack_copies(rules.table)
        self.deck_points = sum(p * k for p, k in zip(point_table(rules), copies))
        self.possible_agents = [f"player_{seat}" for seat in range(n)]
        high = float(max(max(copies), 1))
        size = self.fields["to_lead"].stop
        self.observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(0.0, high, shape=(size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(N_CODES + 1,), dtype=np.int8),
            })
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(N_CODES + 1) for agent in self.possible_agents}
        self._driver: HandDriver | None = None
        self._builder: PlayBuilder | None = None
        self._hands: list[tuple[Any, ...]] = [()] * n
        self._views: dict[int, Any] = {}
        self._rng = random.Random()
        self.record: HandRecord | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # --- the episode --------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.close()
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.record = None
        self._views = {}
        self._hands = [()] * len(self.possible_agents)
        hand_rng = random.Random(self._rng.getrandbits(64))
        self._driver = HandDriver(self.rules, hand_rng, level=self.level, banker=self.banker)
        self._next()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        builder, driver = self._builder, self._driver
        assert builder is not None and driver is not None and driver.pending is not None
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        action = self._checked(action, builder)
        if action == DONE:
            seat = driver.pending.seat
            play = tuple(builder.chosen)
            self._hands[seat] = _without(driver.pending.view.hand, play)
            driver.play(play)
            self._next()
        else:
            builder.add(CARDS[action])
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        mask = np.zeros(N_CODES + 1, dtype=np.int8)
        pending = self._driver.pending if self._driver is not None else None
        chosen: tuple[Any, ...] = ()
        if pending is not None and pending.seat == seat and self._builder is not None:
            builder = self._builder
            for card in builder.allowed():
                mask[card] = 1
            mask[DONE] = int(builder.done())
            chosen = tuple(builder.chosen)
        view = self._views.get(seat)
        if view is None:
            observation = np.zeros(self.fields["to_lead"].stop, dtype=np.float32)
        else:
            observation = observe(view, self._hands[seat], chosen, self.deck_points, self.fields)
        return {"observation": observation, "action_mask": mask}

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        pending = self._driver.pending if self._driver is not None else None
        if pending is None:
            return "the hand is over" if self.record is not None else "no hand is being played"
        view = pending.view
        lines = [f"seat {pending.seat} to {pending.kind}; trump {view.trump or 'none'}, level {view.level or 'none'}"]
        for i, play in enumerate(view.public.plays):
            lines.append(f"  seat {(view.public.leader + i) % view.public.players}: {_cards(play)}")
        lines.append(f"  hand: {_cards(view.ctx.sort(view.hand))}")
        if self._builder is not None and self._builder.chosen:
            lines.append(f"  chosen: {_cards(self._builder.chosen)}")
        return "\n".join(lines)

    def close(self) -> None:
        if self._driver is not None:
            self._driver.abandon()
            self._driver = None
        self._builder = None

    # --- inside -------------------------------------------------------------------------------

    def _checked(self, action: int | None, builder: PlayBuilder) -> int:
        if action is None or isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise IllegalAction(f"an action is a card code 0..{N_CODES - 1} or {DONE} (done), not {action!r}")
        action = int(action)
        if action == DONE:
            if not builder.done():
                chosen = _cards(builder.chosen) or "no cards"
                raise IllegalAction(f"{chosen} is not a legal play yet: the mask does not offer 'done'")
            return action
        if not 0 <= action < N_CODES:
            raise IllegalAction(f"an action is a card code 0..{N_CODES - 1} or {DONE} (done), not {action}")
        if CARDS[action] not in builder.allowed():
            raise IllegalAction(f"{CARDS[action]} cannot join the play now: the mask does not offer it")
        return action

    def _next(self) -> None:
        """Select the agent the hand waits for, or end the episode."""
        driver = self._driver
        assert driver is not None
        decision = driver.pending
        if decision is None:
            self._end(driver)
            return
        self._views[decision.seat] = decision.view
        self._hands[decision.seat] = decision.view.hand
        self._builder = self._builder_for(decision)
        self.agent_selection = self.possible_agents[decision.seat]

    def _builder_for(self, decision: Decision) -> PlayBuilder:
        view = decision.view
        if decision.kind == "lead":
            return LeadBuilder(view.ctx.order, view.hand)
        fc = view.public.lead_context
        assert isinstance(fc, FollowContext)
        return FollowBuilder(fc, view.hand)

    def _end(self, driver: HandDriver) -> None:
        record = driver.record
        assert record is not None
        self.record = record
        self._builder = None
        side, levels = record.level_change
        share = record.attacker_points / self.deck_points if self.deck_points else 0.0
        for seat, agent in enumerate(self.possible_agents):
            on_bank = seat in record.banker_team
            level_reward = levels if (side == "banker") == on_bank else -levels
            point_reward = -share if on_bank else share
            self.rewards[agent] = float(level_reward + self.point_weight * point_reward)
            self.terminations[agent] = True
            self.infos[agent] = {"record": record}
            self._hands[seat] = ()


def _without(hand: tuple[Any, ...], play: tuple[Any, ...]) -> tuple[Any, ...]:
    rest = list(hand)
    for c in play:
        rest.remove(c)
    return tuple(rest)


def _cards(cards: Any) -> str:
    return " ".join(str(CARDS[c]) for c in cards)
