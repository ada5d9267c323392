"""Giving up the bank (弃庄, ``declaring.give_up_bank``): once the deal is over, a banker against
whom another team's declaration stands may give the bank to that declarer (``Rules.bank_given_up_to``);
the hand is played at the level it was dealt at."""

from __future__ import annotations

from ..deck.order import TRUMP
from ..deck.cards import pack_copies
from .views import PlayerView


def weak_for_the_bank(view: PlayerView) -> bool:
    """Whether the hand the view shows holds less than half its fair share of the trumps: the part
    of its cards that are trumps below half the part of the pack that is."""
    return short_of_trumps(view, 2)


def short_of_trumps(view: PlayerView, divisor: int) -> bool:
    """Whether the part of the view's hand that is trumps is below the part of the pack that is,
    divided by ``divisor`` (1: less than a fair share; 2: less than half of one)."""
    suit_of = view.ctx.order.suit_of
    copies = pack_copies(view.rules.table)
    pack = sum(copies)
    pack_trumps = sum(n for c, n in enumerate(copies) if suit_of[c] == TRUMP)
    held = sum(1 for c in view.hand if suit_of[c] == TRUMP)
    if not view.hand or not pack:
        return False
    return held / len(view.hand) < pack_trumps / pack / divisor
