"""The PettingZoo AEC environment: one hand of any ruleset, every seat an agent.

An episode is one hand.  The agents ("player_0" .. "player_{n-1}", the engine's seats) take turns
as the engine asks them: a lead or a follow is built card by card (``plays``), so one play takes
several steps of the same agent.  Action ``c`` (0..53) adds one copy of card code ``c`` to the play
being built; action ``DONE`` (54) plays the chosen cards.  The action mask offers the cards that can
still be part of a legal play and ``DONE`` once the chosen cards are one.

A hand that asks a seat to choose (an auction's bids; naming trump, by an auction's banker, by
the player who names it when nobody declares, or by the winner of the contest for the first trump,
among the suits of its level cards; the banker's giving up the bank; a player's conceding the hand
after a trick, where the rules let them) offers the options as further actions: action
``DONE + 1 + i`` answers with the i-th option of that kind of choice (``choice_options``), the mask
offering those the engine accepts now.  Burying the kitty, the exchange with the declarer,
asking for a redeal and declaring are the agents' decisions too when the environment is made with
them (``agent_choices``): the kitty is buried card by card as a play is built (the mask offering the
cards the rules let be buried, ``DONE`` at the kitty's size); the exchange is a choice (decline or
take), then the three cards given back picked card by card; a redeal is a choice (play on or ask);
a declaration's cards are picked card by card, ``DONE`` with none passing (the mask offering the
cards of the declarations on offer).  Finding Friends' calls, the part of a failed throw, and those
of the four not asked for are the engine's ``GreedyPlayer``'s decisions (``driver``).
The rewards come at the end of the hand: the
levels the agent's team went up (negative: the levels the other team went up), plus
``point_weight`` times the attackers' points as a fraction of the deck's points (positive for the
attackers, negative for the banker's team).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..engine.deck.cards import CARDS, N_CODES, pack_copies
from ..engine.rulings.follow import FollowContext
from ..engine.deck.order import TRUMP
from ..engine.flow.exchange import give_back_options
from ..engine.flow.views import PlayerView
from ..engine.game import HandRecord, point_table
from ..engine.players.basic import buryable
from ..rules import SUITS, Rules
from .driver import AGENT_CHOICES, CHOICE_KINDS, PLAY_KINDS, Decision, HandDriver
from .observation import Bidding, deciding_kinds, layout, observe, size
from .plays import DeclareBuilder, FollowBuilder, LeadBuilder, PickBuilder, PlayBuilder

#: what an agent builds card by card: a play, or cards picked
Builder = PlayBuilder | PickBuilder | DeclareBuilder

#: the action that plays the cards chosen so far
DONE = N_CODES


class IllegalAction(ValueError):
    """An action the mask does not offer."""


def agent_choices_of(rules: Rules) -> tuple[str, ...]:
    """Those of ``AGENT_CHOICES`` a hand of ``rules`` can ask: burying the kitty (a kitty to bury),
    the exchange with the declarer (its phase, or during the deal), asking for a redeal (a weak hand its holder may have
    redealt), declaring (trump found by declarations, not by an auction)."""
    asked = {
        "bury": rules.table.kitty_size > 0,
        "exchange": rules.declaring.exchange_with_declarer and not rules.auction.on,  # after the deal, or during it
        "redeal": bool(rules.declaring.redeal_hands) and rules.declaring.redeal_by == "holder",
        "declare": "auction" not in rules.phases(),
    }
    return tuple(choice for choice in AGENT_CHOICES if asked[choice])


def choice_options(rules: Rules, agent_choices: Sequence[str] = ()) -> dict[str, tuple[Any, ...]]:
    """The choices a hand of ``rules`` can ask of a seat, each with its options in the order of
    its actions (``DONE + 1 + i`` is option i): a bid's pass (None) and every bid of the auction's
    grid, in the order they get better; naming trump's suits and no-trump (None); giving up the
    bank's keeping it (False) and giving it up (True); conceding a hand's playing on (False) and
    conceding (True); with ``agent_choices`` holding them, the
    exchange with the declarer's declining (False) and taking (True), and a redeal's playing on
    (False) and asking (True).  Empty when the hand asks none."""
    phases = rules.phases()
    options: dict[str, tuple[Any, ...]] = {}
    if "auction" in phases:
        options["bid"] = (None, *rules.auction.bids())
    d = rules.declaring
    if "name-trump" in phases or "contest" in phases \
            or any(way.kind == "partner-names" for way in (d.fallback, *d.fallback_then)):
        options["name-trump"] = (*SUITS, None)
    if "give-up" in phases:
        options["give-up"] = (False, True)
    if rules.levels.concede:
        options["concede"] = (False, True)
    asked = agent_choices_of(rules)
    for choice in ("exchange", "redeal"):
        if choice in agent_choices and choice in asked:
            options[choice] = (False, True)
    return options


class TractorEnv(AECEnv):
    """One hand of ``rules`` (see the module's docstring).  ``level``: the hand's level rank (the
    first level by default); ``banker``: the banker's seat, or None for a first hand, where the
    declarations find the banker; ``point_weight``: the weight of the attackers' points in the
    rewards; ``agent_choices``: those of ``AGENT_CHOICES`` ("bury", "exchange", "redeal", "declare") the
    agents decide instead of the engine's greedy player (none by default: the actions and the
    observation stay those of the choices the rules make the agents'; where the rules have them,
    the decisions asked for add their entries to the observation's ``deciding``)."""

    RENDER_MODES = ("ansi",)
    metadata = {"name": "tractor_v0", "render_modes": list(RENDER_MODES), "is_parallelizable": False}

    def __init__(self, rules: Rules, *, level: str | None = None, banker: int | None = None,
                 point_weight: float = 1.0, render_mode: str | None = None, agent_choices: Sequence[str] = ()):
        super().__init__()
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a compiled Rules object (tractor_rules.load), not {type(rules).__name__}")
        n = rules.table.players
        if banker is not None and not 0 <= banker < n:
            raise ValueError(f"banker must be one of seats 0..{n - 1}, not {banker}")
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(self.RENDER_MODES)}, not {render_mode!r}")
        if isinstance(agent_choices, str):
            agent_choices = (agent_choices,)
        unknown = [choice for choice in agent_choices if choice not in AGENT_CHOICES]
        if unknown:
            raise ValueError(f"agent_choices are among {', '.join(AGENT_CHOICES)}, not {', '.join(map(repr, unknown))}")
        self.rules = rules
        #: the decisions of ``AGENT_CHOICES`` the agents make: those asked for that the rules have
        self.agent_choices = tuple(choice for choice in agent_choices_of(rules) if choice in agent_choices)
        self.level = level
        self.banker = banker
        self.point_weight = point_weight
        self.render_mode = render_mode
        self.choices = choice_options(rules, self.agent_choices)
        #: the entries of the observation's one-hot ``deciding`` (where it has one)
        concede = bool(rules.levels.concede)
        self.decisions = deciding_kinds(self.agent_choices, concede)
        self.fields = layout(n, choices=bool(self.choices), agent_choices=self.agent_choices, concede=concede)
        copies = pack_copies(rules.table)
        self.deck_points = sum(p * k for p, k in zip(point_table(rules), copies))
        self.possible_agents = [f"player_{seat}" for seat in range(n)]
        bids = self.choices.get("bid", (None,))[1:]
        # a bid may promise more than the deck's points (the kitty's multiplied points count)
        high = float(max(max(copies), 1, *(bid / self.deck_points for bid in bids if self.deck_points)))
        self.actions = N_CODES + 1 + max(map(len, self.choices.values()), default=0)
        self.observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(0.0, high, shape=(size(self.fields),), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(self.actions,), dtype=np.int8),
            })
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(self.actions) for agent in self.possible_agents}
        self._driver: HandDriver | None = None
        self._builder: Builder | None = None
        self._bidding = Bidding()
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
        self._bidding = Bidding()
        self._hands = [()] * len(self.possible_agents)
        hand_rng = random.Random(self._rng.getrandbits(64))
        self._driver = HandDriver(self.rules, hand_rng, level=self.level, banker=self.banker,
                                  agent_choices=self.agent_choices)
        self._next()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        builder, driver = self._builder, self._driver
        assert driver is not None and driver.pending is not None
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        decision = driver.pending
        if decision.kind in CHOICE_KINDS:
            option = self._checked_choice(action, decision)
            if decision.kind == "bid":
                self._bidding.note(decision.seat, option)
            driver.answer(option)
            self._next()
            self._accumulate_rewards()
            return
        assert builder is not None
        action = self._checked(action, builder, decision.kind)
        if action == DONE:
            play = tuple(builder.chosen)
            if decision.kind != "declare":  # a declaration is shown, not given up
                self._hands[decision.seat] = _without(decision.view.hand, play)
            driver.play(play)
            self._next()
        else:
            builder.add(CARDS[action])
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.actions, dtype=np.int8)
        pending = self._driver.pending if self._driver is not None else None
        chosen: tuple[Any, ...] = ()
        deciding: str | None = None
        if pending is not None and pending.seat == seat:
            deciding = "play" if pending.kind in PLAY_KINDS else pending.kind
            if pending.kind in CHOICE_KINDS:
                for i, option in enumerate(self.choices[pending.kind]):
                    mask[DONE + 1 + i] = option in pending.options
            elif self._builder is not None:
                builder = self._builder
                for card in builder.allowed():
                    mask[card] = 1
                mask[DONE] = int(builder.done())
                chosen = tuple(builder.chosen)
        view = self._views.get(seat)
        if view is None:
            observation = np.zeros(size(self.fields), dtype=np.float32)
        else:
            observation = observe(view, self._hands[seat], chosen, self.deck_points, self.fields, deciding,
                                  self._bidding, self.decisions)
        return {"observation": observation, "action_mask": mask}

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        pending = self._driver.pending if self._driver is not None else None
        if pending is None:
            return "the hand is over" if self.record is not None else "no hand is being played"
        view = pending.view
        lines = [f"seat {pending.seat} to {pending.kind}; trump {view.trump or 'none'}, level {view.level or 'none'}"]
        if pending.kind in CHOICE_KINDS:
            offered = ", ".join(_option(pending.kind, option) for option in pending.options)
            lines.append(f"  options: {offered}")
        elif pending.kind == "declare":
            offered = ", ".join(_cards(offer.cards) for offer in pending.options)
            lines.append(f"  on offer: {offered} (or pass)")
        for i, play in enumerate(view.public.plays):
            lines.append(f"  seat {(view.public.leader + i) % view.public.players}: {_cards(play)}")
        # before trump is known (bidding) the hand is in card order
        hand = view.ctx.sort(view.hand) if view.public.ctx is not None else sorted(view.hand)
        lines.append(f"  hand: {_cards(hand)}")
        if self._builder is not None and self._builder.chosen:
            lines.append(f"  chosen: {_cards(self._builder.chosen)}")
        return "\n".join(lines)

    def close(self) -> None:
        if self._driver is not None:
            self._driver.abandon()
            self._driver = None
        self._builder = None

    # --- inside -------------------------------------------------------------------------------

    def _checked(self, action: int | None, builder: Builder, kind: str) -> int:
        if action is None or isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise IllegalAction(f"an action is a card code 0..{N_CODES - 1} or {DONE} (done), not {action!r}")
        action = int(action)
        if action == DONE:
            if not builder.done():
                chosen = _cards(builder.chosen) or "no cards"
                if kind == "bury":
                    why = f"the kitty is {builder.max_size()} cards"
                    raise IllegalAction(f"{chosen} is not the kitty to bury yet ({why}): the mask does not offer 'done'")
                if kind == "give-back":
                    raise IllegalAction(f"{chosen} is not what the exchange gives back yet (one trump above the aces "
                                        "and two side cards): the mask does not offer 'done'")
                if kind == "declare":
                    raise IllegalAction(f"{chosen} is not a declaration on offer yet (nothing, to pass, or all the "
                                        "cards of one): the mask does not offer 'done'")
                raise IllegalAction(f"{chosen} is not a legal play yet: the mask does not offer 'done'")
            return action
        if not 0 <= action < N_CODES:
            raise IllegalAction(f"an action is a card code 0..{N_CODES - 1} or {DONE} (done), not {action}")
        if CARDS[action] not in builder.allowed():
            what = {"bury": "be buried", "give-back": "be given back", "declare": "be declared"}.get(kind, "join the play")
            raise IllegalAction(f"{CARDS[action]} cannot {what} now: the mask does not offer it")
        return action

    def _checked_choice(self, action: int | None, decision: Decision) -> Any:
        """The option that ``action`` chooses for ``decision``, if the mask offers it."""
        options = self.choices[decision.kind]
        what = {"bid": "bid", "name-trump": "trump to name", "give-up": "choice to give up the bank",
                "exchange": "choice to take the declaration's cards", "redeal": "choice to ask for a redeal",
                "concede": "choice to concede the hand"}[decision.kind]
        if action is None or isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise IllegalAction(f"the {what} is an action {DONE + 1}..{DONE + len(options)}, not {action!r}")
        index = int(action) - DONE - 1
        if not 0 <= index < len(options):
            raise IllegalAction(f"the {what} is an action {DONE + 1}..{DONE + len(options)}, not {int(action)}: "
                                "no card may be played now")
        option = options[index]
        if option not in decision.options:
            raise IllegalAction(f"{_option(decision.kind, option)} is not on offer now: the mask does not offer it")
        return option

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
        if decision.kind == "bid" and decision.seat in self._bidding.passed:
            self._bidding = Bidding()  # everyone passed, the cards were dealt again: a new auction
        self._builder = None if decision.kind in CHOICE_KINDS else self._builder_for(decision)
        self.agent_selection = self.possible_agents[decision.seat]

    def _builder_for(self, decision: Decision) -> Builder:
        view = decision.view
        if decision.kind == "bury":
            return _burying(view, decision.count)
        if decision.kind == "give-back":
            return _giving_back(view, decision.count)
        if decision.kind == "declare":
            return DeclareBuilder(view.hand, decision.options)
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


def _burying(view: PlayerView, count: int) -> PickBuilder:
    """The kitty buried card by card: the cards the rules let be buried (``kitty_exchange.buried_when``)
    as far as they go, the others only when the hand keeps none that may be (``burial_error``)."""
    may_bury = buryable(view)
    if may_bury is None:
        return PickBuilder(view.hand, count, {c: "may" for c in view.hand}, {"may": count})
    group_of = {c: "may" if may_bury(c) else "may not" for c in view.hand}
    allowed = sum(1 for c in view.hand if group_of[c] == "may")
    return PickBuilder(view.hand, count, group_of, {"may": min(allowed, count), "may not": max(count - allowed, 0)})


def _giving_back(view: PlayerView, count: int) -> PickBuilder:
    """The exchange's cards given back, card by card: one trump above the aces and two side cards
    (``Context.give_back_error``)."""
    above, side = give_back_options(view)
    order = view.ctx.order
    group_of = {c: "above" if c in above else "side" if order.suit_of[c] != TRUMP else "other" for c in view.hand}
    return PickBuilder(view.hand, count, group_of, {"above": 1, "side": count - 1})


def _without(hand: tuple[Any, ...], play: tuple[Any, ...]) -> tuple[Any, ...]:
    rest = list(hand)
    for c in play:
        rest.remove(c)
    return tuple(rest)


def _option(kind: str, option: Any) -> str:
    """An option of a choice in words."""
    if kind == "bid":
        return "pass" if option is None else f"bid {option}"
    if kind == "give-up":
        return "give up the bank" if option else "keep the bank"
    if kind == "exchange":
        return "take the declaration's cards" if option else "decline the exchange"
    if kind == "redeal":
        return "ask for a redeal" if option else "play on"
    if kind == "concede":
        return "concede the hand" if option else "play on"
    return "no-trump" if option is None else str(option)


def _cards(cards: Any) -> str:
    return " ".join(str(CARDS[c]) for c in cards)
