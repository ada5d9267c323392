"""Declaring trump during the deal, and the trump when nobody declares."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..rules import RANKS, Rules
from .cards import BIG_JOKER, SMALL_JOKER, Card, parse_cards
from .errors import EngineError, NoTrumpFromKitty


@dataclass(frozen=True, slots=True)
class Declaration:
    #: index of the step in ``rules.declaring.ladder``; a higher strength overturns a lower one
    strength: int
    #: the suit named, or None for no-trump
    trump: str | None
    count: int
    kind: str
    #: the suit's place in ``rules.declaring.suit_order`` (low to high), -1 when there is none;
    #: it breaks ties between equal steps when the rules have a suit order
    suit_rank: int = -1

    @property
    def key(self) -> tuple[int, int]:
        """Compare declarations by this: a greater key overturns."""
        return (self.strength, self.suit_rank)


def _kind_matches(step_kind: str, card: Card, level: str | None) -> bool:
    if step_kind == "level":
        return level is not None and card.rank == level
    if step_kind == "small-joker":
        return card == SMALL_JOKER
    if step_kind == "big-joker":
        return card == BIG_JOKER
    if step_kind == "joker":
        return card.is_joker
    raise EngineError(f"unknown declaration kind {step_kind!r}")


def declaration(rules: Rules, cards: str | Iterable[object], level: str | None) -> Declaration | None:
    """None unless ``cards`` are ``count`` identical cards of a ladder step's kind; else the
    strongest step they make.  Level cards name their suit; jokers name no-trump.  ``level`` None
    (a hand with no level rank): only jokers can declare."""
    shown = parse_cards(cards, rules.table)
    if not shown or len(set(shown)) != 1:
        return None
    card = shown[0]
    if level is not None and level not in RANKS:
        raise EngineError(f"level {level!r} is not a rank")
    found = None
    for i, step in enumerate(rules.declaring.ladder):
        if step.count == len(shown) and _kind_matches(step.kind, card, level):
            found = (i, step)
    if found is None:
        return None
    i, step = found
    trump = None if card.is_joker else card.suit
    order = rules.declaring.suit_order
    suit_rank = order.index(trump) if trump is not None and trump in order else -1
    return Declaration(i, trump, step.count, step.kind, suit_rank)


def fallback_trump(rules: Rules, kitty: str | Iterable[object], level: str | None) -> str | None:
    """The trump when nobody declares: a suit letter, or None for no-trump.

    "kitty-card": the suit of kitty card ``card``; a joker there moves on to the next card, up to
    ``skip_to`` (0: no skipping); jokers all the way mean ``otherwise``.  "level-card": the suit of
    the first level card in the kitty, else ``otherwise``.  "highest-card": the suit of the highest
    kitty card (level cards above aces, jokers left out; the first of equal cards), else
    ``otherwise``.  "no-trump": None.  "redeal" and "partner-names" (and ``otherwise`` "redeal")
    cannot be answered from the kitty: ``NoTrumpFromKitty`` is raised, its ``.kind`` saying which.
    """
    fb = rules.declaring.fallback
    cards = parse_cards(kitty, rules.table)

    def otherwise() -> str | None:
        if fb.otherwise == "redeal":
            raise NoTrumpFromKitty("redeal", "nobody declared and the kitty names no suit: the rules say redeal")
        return None

    if fb.kind == "no-trump":
        return None
    if fb.kind == "redeal":
        raise NoTrumpFromKitty("redeal", "nobody declared: the rules say redeal")
    if fb.kind == "partner-names":
        raise NoTrumpFromKitty("partner-names", "nobody declared: the banker's partner names the trump")
    if fb.kind == "kitty-card":
        first = fb.card
        last = max(fb.skip_to, first)
        if len(cards) < first:
            raise EngineError(f"the kitty has {len(cards)} cards; the rules turn card {first}")
        for card in cards[first - 1:last]:
            if not card.is_joker:
                return card.suit
        return otherwise()
    if fb.kind == "level-card":
        for card in cards:
            if card.rank == level:
                return card.suit
        return otherwise()
    if fb.kind == "highest-card":
        plain = [c for c in cards if not c.is_joker]
        if not plain:
            return otherwise()
        best = max(plain, key=lambda c: (c.rank == level, RANKS.index(c.rank)))
        return best.suit
    raise EngineError(f"unknown fallback {fb.kind!r}")
