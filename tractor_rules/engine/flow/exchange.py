"""The exchange with the declarer (粘牌, Shandong; ``declaring.exchange_with_declarer``): once the
deal is over, where the standing declaration is three cards (a joker with a pair of level cards),
the other players are asked in turn after the declarer; the first who shows a joker with a tractor
and will exchange takes those three cards, giving the declarer one trump above the aces and two
side cards of their own.  Trump and the declarer stay; it happens once a hand at most.

What counts is the oracle's (``Context.exchange_show_error``, ``Context.give_back_error``,
``Context.above_aces``), which the replay of a log asks too."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..deck.cards import Card
from ..deck.order import TRUMP
from ..deck.units import decompose_suit
from .record import Exchange
from .views import PlayerView

__all__ = ["TAKEN", "Exchange", "exchange_show", "give_back_options", "holds", "weakest_give_back"]

#: cards the standing declaration must have for the exchange: a joker with a pair of level cards
TAKEN = 3


def exchange_show(view: PlayerView) -> tuple[Card, ...] | None:
    """A joker with a tractor of pairs from the view's hand (the joker first), or None: the first
    found, trumps first."""
    ctx = view.ctx
    order = ctx.order
    hand = list(view.hand)
    for joker in dict.fromkeys(c for c in hand if c.is_joker):
        rest = list(hand)
        rest.remove(joker)
        for suit in (TRUMP, 0, 1, 2, 3):
            cards = tuple(c for c in rest if order.suit_of[c] == suit)
            for unit in decompose_suit(order, cards, suit) if len(cards) >= 4 else ():
                if not unit.is_tractor or unit.width < 2:
                    continue
                pairs = tuple(c for face in dict.fromkeys(unit.cards) for c in (face, face))
                shown = (joker, *pairs)
                if ctx.exchange_show_error(shown) is None:
                    return shown
    return None


def give_back_options(view: PlayerView) -> tuple[list[Card], list[Card]]:
    """The view's cards the exchange may give back: its trumps above the aces and its side cards,
    weakest first."""
    ctx = view.ctx
    order = ctx.order
    weakest = sorted(view.hand, key=lambda c: (order.strength[c], int(c)))
    above = [c for c in weakest if ctx.above_aces((c,))]
    side = [c for c in weakest if order.suit_of[c] != TRUMP]
    return above, side


def weakest_give_back(view: PlayerView) -> tuple[Card, ...] | None:
    """The weakest trump above the aces and the two weakest side cards of the view's hand, or None
    when it lacks them."""
    above, side = give_back_options(view)
    if not above or len(side) < 2:
        return None
    return (above[0], side[0], side[1])


def holds(hand: Sequence[Card], cards: Sequence[Card]) -> bool:
    """Whether ``hand`` holds every one of ``cards`` (as many copies as named)."""
    return not Counter(cards) - Counter(hand)
