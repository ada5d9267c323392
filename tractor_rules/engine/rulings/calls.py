"""Which cards the banker may call in Finding Friends (``table.call_limits``).

Trumps depend on the hand's level and trump suit, which are known when the banker calls, so a
call is judged against the hand's card order: a trump, the highest card of its effective suit (a
side suit's ace, or its king when aces are trumps; the big joker among trumps), a card that scores.
"""

from __future__ import annotations

from ..deck.cards import Card
from ..deck.order import TRUMP, Order


def call_error(order: Order, card: Card) -> str | None:
    """None if the banker may call ``card`` in this hand, else the reason in words."""
    limits = order.rules.table.call_limits
    if not limits:
        return None
    suit = order.suit_of[card]
    if "trumps" in limits and suit == TRUMP:
        return f"{card} is a trump, and trumps may not be called"
    if "highest" in limits and order.strength[card] == order.strength[order.bands[suit][0][0]]:
        return f"{card} is the highest card of its suit, which may not be called"
    if "points" in limits and card.rank in dict(order.rules.table.points):
        return f"{card} scores points, and point cards may not be called"
    return None
