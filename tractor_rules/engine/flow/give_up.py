"""Giving up the bank (弃庄, ``declaring.give_up_bank``): once the deal is over, a banker against
whom another team's declaration stands may give the bank to that declarer (``Rules.bank_given_up_to``);
the hand is played at the level it was dealt at."""

from __future__ import annotations

from .views import PlayerView, short_of_trumps


def weak_for_the_bank(view: PlayerView) -> bool:
    """Whether the hand the view shows holds less than half its fair share of the trumps: the part
    of its cards that are trumps below half the part of the pack that is."""
    return short_of_trumps(view, 2)
