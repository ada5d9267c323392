"""Checking a player's choice against their hand, and saying what was wrong with it.

Every step of a hand that asks a player something (declare, bury, call, lead, follow, choose the
part of a failed throw) checks the answer here and raises ``IllegalPlay`` naming the seat; the
engine never repairs a bad answer, so a broken player stops the game where it broke it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..deck.cards import CARD_NAMES, Card
from ..errors import PlayError


class IllegalPlay(PlayError):
    """A player chose something the rules forbid: an illegal follow, a lead of several suits,
    cards not in the hand, a declaration not offered.  ``.seat`` says who, ``.reason`` why."""

    def __init__(self, seat: int, reason: str):
        super().__init__(f"seat {seat}: {reason}")
        self.seat = seat
        self.reason = reason


def notation(cards: Sequence[Card]) -> str:
    """Cards as written in messages and in the game log: "10S 10S BJ"."""
    return " ".join([CARD_NAMES[c] for c in cards])


def holds(hand: Sequence[Card], cards: Sequence[Card]) -> bool:
    """Whether ``hand`` holds every one of ``cards`` (a card named twice needs two copies)."""
    if len(cards) == 1:
        return cards[0] in hand
    pool = list(hand)
    try:
        for c in cards:
            pool.remove(c)
    except ValueError:
        return False
    return True


def take(hand: list[Card], cards: Sequence[Card]) -> None:
    """Take ``cards`` out of ``hand`` (one copy each time a card is named)."""
    for c in cards:
        hand.remove(c)
