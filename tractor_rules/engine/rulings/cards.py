"""Conditions on a card: which cards the banker may call (``table.call_condition``) and which a
player may bury (``kitty_exchange.buried_when``).

A condition on a card is a condition of the rule expressions whose card facts ("a trump", "a point
card", "a K", "a heart", "a level card", "a joker", "the highest card of its suit", "shown in
declaring") are asked of the card being judged, at the hand's level and trump (its card order),
beside the facts of the hand known by then (the level, no-trump) and the table's numbers (decks,
players).  "Shown in declaring" is asked of the card's face: whether a card of that face was among
the cards of a declaration of this hand (an overturn included) before the moment it is judged at.

A player who holds fewer cards that may be buried than the kitty takes buries every one of them
and makes up the rest with cards of their choice: a refused card may be buried only while the hand
keeps none that may be.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from collections.abc import Set as AbstractSet

from ...rules import expressions
from ..deck.cards import Card
from ..deck.order import TRUMP, Order
from ..errors import EngineError

#: what a card fact says of the card, and what its negation says ("is a trump", "is not a trump")
_CLAUSES = {
    "card-trump": ("is a trump", "is not a trump"),
    "card-points": ("scores points", "scores no points"),
    "card-level": ("is a level card", "is not a level card"),
    "card-joker": ("is a joker", "is not a joker"),
    "card-highest": ("is the highest card of its suit", "is not the highest card of its suit"),
    "card-shown": ("was shown in declaring", "was not shown in declaring"),
}
_SUIT_NAMES = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
#: the reasons the three limits of ``called cards: not ...`` have always given
_REFUSED = {
    "card-trump": "{card} is a trump, and trumps may not be {verb}",
    "card-points": "{card} scores points, and point cards may not be {verb}",
    "card-highest": "{card} is the highest card of its suit, which may not be {verb}",
}


def shown_in_declaring(declarations: Iterable[tuple[int, Sequence[Card]]]) -> frozenset[Card]:
    """The faces shown in ``declarations`` (each a seat and the cards it showed)."""
    return frozenset(card for _, cards in declarations for card in cards)


def card_holds(condition: tuple, order: Order, card: Card, shown: AbstractSet[Card] = frozenset()) -> bool:
    """Whether ``condition`` holds of ``card`` in the hand ``order`` is of (the empty condition
    always does); ``shown``: the faces shown in declaring so far."""
    return expressions.condition_holds(condition, lambda name, args: _fact(name, args, order, card, shown),
                                       _Table(order))


class _Table:
    """The quantities known when a card is judged: the table's."""

    __slots__ = ("order",)

    def __init__(self, order: Order):
        self.order = order

    def __getitem__(self, name: str) -> int:
        table = self.order.rules.table
        if name == "decks":
            return table.decks
        if name == "players":
            return table.players
        raise EngineError(f"'{name}' is not known when a card is judged")


def _fact(name: str, args: tuple, order: Order, card: Card, shown: AbstractSet[Card]) -> bool:
    if name == "card-trump":
        return order.suit_of[card] == TRUMP
    if name == "card-points":
        return card.rank in dict(order.rules.table.points)
    if name == "card-rank":
        return not card.is_joker and card.rank == args[0]
    if name == "card-suit":
        return not card.is_joker and card.suit == args[0]
    if name == "card-level":
        return not card.is_joker and order.level is not None and card.rank == order.level
    if name == "card-joker":
        return card.is_joker
    if name == "card-highest":
        suit = order.suit_of[card]
        return order.strength[card] == order.strength[order.bands[suit][0][0]]
    if name == "card-shown":
        return card in shown
    if name == "level-is":
        return order.level == args[0]
    if name == "no-trump":
        return order.trump is None
    raise EngineError(f"'{name}' is not known when a card is judged")


def refusal(condition: tuple, order: Order, card: Card, shown: AbstractSet[Card], verb: str) -> str:
    """Why ``card`` may not be ``verb`` (called, buried): the first part of ``condition`` it fails,
    in words (the condition does not hold of the card)."""
    if condition[0] == "all":
        failed = next(part for part in condition[1:] if not card_holds(part, order, card, shown))
        return refusal(failed, order, card, shown, verb)
    if condition[0] == "not" and condition[1][0] == "fact":
        name, args = condition[1][1], condition[1][2:]
        if name in _REFUSED:
            return _REFUSED[name].format(card=card, verb=verb)
        return f"{card} may not be {verb}: {_why(name, args, True)}"
    if condition[0] == "fact":
        return f"{card} may not be {verb}: {_why(condition[1], condition[2:], False)}"
    return f"{card} does not meet the rule for the cards that may be {verb}"


def _why(name: str, args: tuple, holds: bool) -> str:
    """What a fact says, or its negation, as the reason of a refusal."""
    if name in _CLAUSES:
        return "it " + _CLAUSES[name][0 if holds else 1]
    negation = "" if holds else "not "
    if name == "card-rank":
        return f"it is {negation}a {args[0]}"
    if name == "card-suit":
        return f"it is {negation}a {_SUIT_NAMES[args[0]]}"
    if name == "level-is":
        return f"the hand is {negation}played at level {args[0]}"
    if name == "no-trump":
        return f"the hand is {negation}played in no-trump"
    raise EngineError(f"'{name}' is not known when a card is judged")


def call_error(order: Order, card: Card, shown: AbstractSet[Card] = frozenset()) -> str | None:
    """None if the banker may call ``card`` in this hand, else the reason in words."""
    condition = order.rules.table.call_condition
    if card_holds(condition, order, card, shown):
        return None
    return refusal(condition, order, card, shown, "called")


def bury_error(order: Order, card: Card, shown: AbstractSet[Card] = frozenset()) -> str | None:
    """None if ``card`` may be buried in this hand whatever else the hand holds, else the reason
    in words (it may still be buried by a player who keeps no card that may be)."""
    condition = order.rules.kitty_exchange.buried_when
    if card_holds(condition, order, card, shown):
        return None
    return refusal(condition, order, card, shown, "buried")


def burial_error(order: Order, hand: Sequence[Card], buried: Sequence[Card],
                 shown: AbstractSet[Card] = frozenset()) -> str | None:
    """None if a player holding ``hand`` (the kitty taken in) may bury ``buried``, else the reason:
    a card that may not be buried, while the hand keeps one that may."""
    condition = order.rules.kitty_exchange.buried_when
    if not condition:
        return None
    refused = next((c for c in buried if not card_holds(condition, order, c, shown)), None)
    if refused is None:
        return None
    kept = Counter(hand) - Counter(buried)
    allowed = next((c for c in sorted(kept) if card_holds(condition, order, c, shown)), None)
    if allowed is None:
        return None  # none left that may be buried: the rest is the player's choice
    return f"{refusal(condition, order, refused, shown, 'buried')}, while the hand keeps {allowed}, which may be"
