"""The engine's own hand loop, paused at every lead and follow for an outside decision.

``Hand.play()`` asks its players for their choices (callbacks); an environment is asked for the
next decision instead (``step``).  ``HandDriver`` turns one into the other: the hand runs in a
greenlet (a coroutine with a stack of its own, in the caller's thread) whose players, at a lead or a
follow, switch back to the caller with the decision and resume with the answer.  A switch costs
about a microsecond and never waits for the operating system's scheduler (a thread would, at every
decision); exactly one side runs at any time, so a seed fixes the whole hand.  Every
other decision (declaring, asking for a redeal, an auction's bids and naming trump, burying the
kitty, Finding Friends' calls, the part of a failed throw) is the engine's ``GreedyPlayer``'s.

Nothing of the rules is decided here: the engine deals, checks every play, plays the tricks and
scores the hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import greenlet

from ..engine.deck.cards import Card
from ..engine.game import Hand, HandRecord
from ..engine.players.basic import GreedyPlayer
from ..engine.flow.views import PlayerView
from ..rules import Rules


class _Abandoned(BaseException):
    """Raised in the hand's greenlet when the environment drops the hand (reset or close); a
    BaseException so that no handler of the engine's catches it."""


@dataclass(slots=True)
class Decision:
    """A lead or a follow the hand waits for."""

    seat: int
    kind: str  # "lead" or "follow"
    view: PlayerView


class _Seat(GreedyPlayer):
    """One seat: the engine's greedy player, except that leads and follows come from outside."""

    def __init__(self, driver: HandDriver, seat: int):
        super().__init__()
        self.driver = driver
        self.seat = seat

    def lead(self, view: PlayerView) -> Sequence[Card]:
        return self.driver.ask(Decision(self.seat, "lead", view))

    def follow(self, view: PlayerView) -> Sequence[Card]:
        return self.driver.ask(Decision(self.seat, "follow", view))


class HandDriver:
    """One hand played by the engine in a greenlet, one decision at a time."""

    def __init__(self, rules: Rules, rng: random.Random, *, level: str | None, banker: int | None):
        self.pending: Decision | None = None
        self.record: HandRecord | None = None
        players = [_Seat(self, seat) for seat in range(rules.table.players)]
        if level is None:
            level = rules.levels.first
        self._hand = Hand(rules, players, rng, level=level, banker=banker)
        self._caller = greenlet.getcurrent()
        self._engine = greenlet.greenlet(self._run)
        self._switch(())

    @property
    def finished(self) -> bool:
        return self.record is not None

    def play(self, cards: Sequence[Card]) -> None:
        """Answer the pending decision and run the hand up to the next one (or its end)."""
        if self.pending is None:
            raise RuntimeError("no decision is pending")
        self.pending = None
        self._switch(tuple(cards))

    def abandon(self) -> None:
        """Stop the hand where it is (its greenlet ends)."""
        if self._engine and not self._engine.dead:
            self._engine.throw(_Abandoned)

    def _switch(self, answer: tuple[Card, ...]) -> None:
        self._caller = greenlet.getcurrent()
        self._engine.switch(answer)

    # --- the hand's greenlet ------------------------------------------------------------------

    def ask(self, decision: Decision) -> tuple[Card, ...]:
        self.pending = decision
        return self._caller.switch()

    def _run(self, _: tuple[Card, ...]) -> None:
        try:
            self.record = self._hand.play()
        except _Abandoned:
            pass
