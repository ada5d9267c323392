"""The engine's own hand loop, paused at every lead and follow for an outside decision.

``Hand.play()`` asks its players for their choices (callbacks); an environment is asked for the
next decision instead (``step``).  ``HandDriver`` turns one into the other: the hand runs in a
greenlet (a coroutine with a stack of its own, in the caller's thread) whose players, at a lead or a
follow, switch back to the caller with the decision and resume with the answer.  A switch costs
about a microsecond and never waits for the operating system's scheduler (a thread would, at every
decision); exactly one side runs at any time, so a seed fixes the whole hand.  An auction's bids
and the naming of trump (by an auction's banker, by the player the rules let name it when nobody
declares, or by the winner of the contest for the first trump) and a player's conceding the hand
after a trick (``levels.concede``) are choices among a few options, paused for in the same way.  Declaring,
asking for a redeal, the exchange with the declarer and burying the kitty are paused for where the
driver is asked to (``agent_choices``); those and every other decision (Finding Friends' calls, the
part of a failed throw) are otherwise the engine's ``GreedyPlayer``'s.

Nothing of the rules is decided here: the engine deals, checks every play, plays the tricks and
scores the hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import greenlet

from ..engine.deck.cards import Card
from ..engine.game import Hand, HandRecord
from ..engine.flow.exchange import weakest_give_back
from ..engine.flow.views import Offer, PlayerView
from ..engine.players.basic import GreedyPlayer
from ..rules import SUITS, Rules

#: the kinds of decision an outside player makes: plays, built card by card; cards picked one at a
#: time (the kitty buried, the cards given back in the exchange with the declarer, a declaration's
#: cards); and choices among the options a decision lists
PLAY_KINDS = ("lead", "follow")
PICK_KINDS = ("bury", "give-back", "declare")
CHOICE_KINDS = ("bid", "name-trump", "give-up", "exchange", "redeal", "concede")

#: the decisions that are the greedy player's unless the driver is asked to pause for them:
#: burying the kitty, the exchange with the declarer, asking for a redeal, declaring
AGENT_CHOICES = ("bury", "exchange", "redeal", "declare")


class _Abandoned(BaseException):
    """Raised in the hand's greenlet when the environment drops the hand (reset or close); a
    BaseException so that no handler of the engine's catches it."""


@dataclass(slots=True)
class Decision:
    """A decision the hand waits for: a play (``PLAY_KINDS``), cards picked (``PICK_KINDS``) or a
    choice (``CHOICE_KINDS``)."""

    seat: int
    kind: str  # one of PLAY_KINDS, PICK_KINDS or CHOICE_KINDS
    view: PlayerView
    #: a choice's options, the answers the engine accepts: a bid's None (a pass) and the bids on
    #: offer, in the order they get better; naming trump's suits (and None, no-trump, where the
    #: rules allow it); giving up the bank's False (keep it) and True; the exchange's False
    #: (decline) and True (take); the redeal's False (play on) and True (ask); a concession's False
    #: (play on) and True (concede); for a declaration,
    #: the declarations on offer (``Offer``: its cards and what it declares)
    options: tuple[Any, ...] = ()
    #: the cards a pick takes (the kitty's size; the three cards given back; the most a declaration
    #: on offer shows)
    count: int = 0


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

    def bid(self, view: PlayerView, offers: list[int]) -> int | None:
        return self.driver.ask(Decision(self.seat, "bid", view, (None, *offers)))

    def name_trump(self, view: PlayerView) -> str | None:
        # an auction's banker must name a suit; the player who names trump when nobody declared
        # may name none (no-trump)
        options: tuple[str | None, ...] = SUITS if view.rules.auction.on else (*SUITS, None)
        return self.driver.ask(Decision(self.seat, "name-trump", view, options))

    def name_held_trump(self, view: PlayerView, suits: Sequence[str]) -> str:
        # the contest's winner names a suit of a level card it holds: those suits only
        return self.driver.ask(Decision(self.seat, "name-trump", view, tuple(suits)))

    def give_up_bank(self, view: PlayerView) -> bool:
        return self.driver.ask(Decision(self.seat, "give-up", view, (False, True)))

    def concede(self, view: PlayerView) -> bool:
        return self.driver.ask(Decision(self.seat, "concede", view, (False, True)))

    def bury(self, view: PlayerView, count: int) -> Sequence[Card]:
        if "bury" not in self.driver.agent_choices:
            return super().bury(view, count)
        return self.driver.ask(Decision(self.seat, "bury", view, count=count))

    def exchange_with_declarer(self, view: PlayerView, declarer: int,
                               took: tuple[Card, ...]) -> Sequence[Card] | None:
        if "exchange" not in self.driver.agent_choices:
            return super().exchange_with_declarer(view, declarer, took)
        if weakest_give_back(view) is None:
            return None  # nothing the exchange may give back: the hand cannot take
        if not self.driver.ask(Decision(self.seat, "exchange", view, (False, True))):
            return None
        # one trump above the aces and two side cards
        return self.driver.ask(Decision(self.seat, "give-back", view, count=3))

    def redeal(self, view: PlayerView) -> bool:
        if "redeal" not in self.driver.agent_choices:
            return super().redeal(view)
        return self.driver.ask(Decision(self.seat, "redeal", view, (False, True)))

    def declare(self, view: PlayerView, offers: list[Offer]) -> Offer | None:
        if "declare" not in self.driver.agent_choices:
            return super().declare(view, offers)
        # the declaration's cards, picked one at a time; none is a pass
        cards = self.driver.ask(Decision(self.seat, "declare", view, tuple(offers),
                                         count=max(len(offer.cards) for offer in offers)))
        if not cards:
            return None
        shown = sorted(cards)
        return next(offer for offer in offers if sorted(offer.cards) == shown)


class HandDriver:
    """One hand played by the engine in a greenlet, one decision at a time."""

    def __init__(self, rules: Rules, rng: random.Random, *, level: str | None, banker: int | None,
                 agent_choices: Sequence[str] = ()):
        self.pending: Decision | None = None
        #: the decisions of ``AGENT_CHOICES`` paused for (the others are the greedy player's)
        self.agent_choices = frozenset(agent_choices)
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
        """Answer the pending play and run the hand up to the next decision (or its end)."""
        self.answer(tuple(cards))

    def answer(self, answer: Any) -> None:
        """Answer the pending decision (a play's cards, or one of a choice's options) and run the
        hand up to the next one (or its end)."""
        if self.pending is None:
            raise RuntimeError("no decision is pending")
        self.pending = None
        self._switch(answer)

    def abandon(self) -> None:
        """Stop the hand where it is (its greenlet ends)."""
        if self._engine and not self._engine.dead:
            self._engine.throw(_Abandoned)

    def _switch(self, answer: Any) -> None:
        self._caller = greenlet.getcurrent()
        self._engine.switch(answer)

    # --- the hand's greenlet ------------------------------------------------------------------

    def ask(self, decision: Decision) -> Any:
        self.pending = decision
        return self._caller.switch()

    def _run(self, _: tuple[Card, ...]) -> None:
        try:
            self.record = self._hand.play()
        except _Abandoned:
            pass
