"""What a rule on cards (``called cards: when ...``, ``buried cards: when ...``) allows in every hand
the rules can deal: for the check that some card is always left to call (E213, which the compiler
and ``Rules.from_dict`` both make through ``rules.checks``) and the linter's warning that a player
may hold too few cards they may bury (W108).

A hand is a level the ladder reaches (or none, in the extra level beyond the last that has no
level rank) and a trump suit or no-trump.  The four suits are alike unless something names one
(a fact of a suit, a constant card of the trump order, a card taken out of the pack): then one
trump suit stands for all four.  The one fact of a card that the rules alone do not decide is
whether its face was shown in declaring; only a level card or a joker can be (the declaring ladder
shows nothing else), so each of those is judged both ways.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache

from ...rules import SUITS, Rules, expressions
from ..deck.cards import Card, deck_cards, pack_copies
from ..deck.order import Order, build_order
from ..errors import EngineError
from .cards import bury_error, call_error
from .scoring import level_ladder

#: the verdict on one card in a hand: the hand's card order, the card, the faces shown in
#: declaring → the reason it is refused, or None (``cards.call_error``, ``cards.bury_error``)
Verdict = Callable[[Order, Card, frozenset[Card]], "str | None"]


def hands(rules: Rules, condition: tuple) -> Iterator[tuple[str | None, str | None, Order]]:
    """Every (level, trump) a hand of ``rules`` may be played at, as ``condition`` tells them
    apart (one trump suit for the four when nothing names a suit), with its card order; nothing
    when the levels are not ones the deck can play (reported by the levels' own checks)."""
    try:
        ladder = level_ladder(rules)
    except EngineError:
        return
    alike = ("card-suit" not in expressions.card_facts_of(condition) and not rules.table.removed_cards
             and not rules.trumps.constant_cards)
    trumps = (SUITS[0], None) if alike else (*SUITS, None)
    played: list[tuple[str | None, str | None]] = [(level, trump) for level in ladder for trump in trumps]
    if rules.levels.game_end == "beyond-last" and rules.levels.beyond_trumps == "jokers-only":
        played.append((None, None))
    for level, trump in played:
        try:
            # built apart from the oracle's cache of contexts, which these checks, run at every
            # compile and every document read, would fill with hands nobody plays
            order = build_order(rules, level, trump)
        except EngineError:  # a card order the engine refuses, which its own check reports
            continue
        yield level, trump, order


class _Play:
    """``rules`` as the checks below read them, equal to other rules that deal and order the cards
    alike and have the same rules on cards: the language server compiles a file at every edit, and
    an edit elsewhere leaves these answers as they were."""

    __slots__ = ("rules", "key")

    def __init__(self, rules: Rules):
        self.rules = rules
        self.key = (rules.table, rules.trumps, rules.combinations, rules.levels, rules.kitty_exchange)

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Play) and self.key == other.key


def _showable(card: Card, level: str | None) -> bool:
    return card.is_joker or (level is not None and card.rank == level)


def judged(rules: Rules, order: Order, verdict: Verdict) -> Iterator[tuple[Card, int, bool]]:
    """Each face of the pack in the hand of ``order``: its copies, and whether ``verdict`` allows it
    whatever was shown in declaring."""
    copies = pack_copies(rules.table)
    for card in deck_cards(rules.table):
        verdicts = {verdict(order, card, frozenset()) is None}
        if _showable(card, order.level):
            verdicts.add(verdict(order, card, frozenset((card,))) is None)
        yield card, copies[card], all(verdicts)


def hand_without_call(rules: Rules) -> tuple[str | None, str | None] | None:
    """A hand (level, trump) in which no card is sure to be callable, or None when every hand
    leaves one."""
    return _hand_without_call(_Play(rules))


@lru_cache(maxsize=16)
def _hand_without_call(play: _Play) -> tuple[str | None, str | None] | None:
    rules = play.rules
    for level, trump, order in hands(rules, rules.table.call_condition):
        if not any(surely for _, _, surely in judged(rules, order, call_error)):
            return level, trump
    return None


def burial_shortfall(rules: Rules) -> tuple[str | None, str | None, int] | None:
    """A hand in which more cards of the pack may be refused burial than a hand holds, so that a
    player who took the kitty may hold fewer cards they may bury than the kitty: (level, trump,
    the cards that may be refused); None when no hand can fall short."""
    return _burial_shortfall(_Play(rules))


@lru_cache(maxsize=16)
def _burial_shortfall(play: _Play) -> tuple[str | None, str | None, int] | None:
    rules = play.rules
    for level, trump, order in hands(rules, rules.kitty_exchange.buried_when):
        refused = sum(copies for _, copies, surely in judged(rules, order, bury_error) if not surely)
        if refused > rules.table.hand_size:
            return level, trump, refused
    return None
