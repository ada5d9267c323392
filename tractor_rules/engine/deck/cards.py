"""Cards as small integers, and the card notation.

A card is a ``Card``: an ``int`` from 0 to 53, so that identical cards (same rank and suit from
different decks) are equal and hash alike, and every per-card table in the engine is a plain list
indexed by the code.  Codes: ``suit * 13 + rank`` for the suits S H D C (0..3) and the ranks 2..A
(0..12); the small joker is 52 and the big joker 53.

Notation: cards separated by spaces or commas; rank then suit (``10S``, ``TS``, ``10♠``); suit then
rank is read too (``♠10``), and suit symbols may run together (``♠J♠J♠9♠9``); jokers are ``BJ`` and
``SJ``.  Bad notation raises ``CardNotationError`` naming the token.
"""

from __future__ import annotations

import operator
import re
from collections import Counter
from collections.abc import Container, Iterable
from functools import lru_cache
from typing import Any

from ...errors import CardNotationError
from ...rules import RANKS, SUITS, Table

SMALL_JOKER = 52
BIG_JOKER = 53
N_CODES = 54

SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
_PRETTY = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_RANK_ALIASES = {"T": "10"}
# a run of suit-symbol cards written without separators: "♠J♠J♠9♠9"
_SYMBOL_RUN = re.compile(r"(?=[♠♥♦♣♤♡♢♧])")


class Card(int):
    """One card face; identical cards from different decks are the same ``Card``."""

    __slots__ = ()

    @property
    def is_joker(self) -> bool:
        return self >= SMALL_JOKER

    @property
    def rank(self) -> str | None:
        """"2".."A", or None for a joker."""
        return None if self >= SMALL_JOKER else RANKS[self % 13]

    @property
    def suit(self) -> str | None:
        """"S" "H" "D" "C", or None for a joker."""
        return None if self >= SMALL_JOKER else SUITS[self // 13]

    def __str__(self) -> str:
        if self == BIG_JOKER:
            return "BJ"
        if self == SMALL_JOKER:
            return "SJ"
        return f"{self.rank}{self.suit}"

    __repr__ = __str__

    def pretty(self) -> str:
        """With a suit symbol: "♠10", "BJ"."""
        if self >= SMALL_JOKER:
            return str(self)
        return f"{_PRETTY[self.suit]}{self.rank}"  # type: ignore[index]


#: the 54 cards, indexed by code, so that making a card never allocates
CARDS: tuple[Card, ...] = tuple(Card(code) for code in range(N_CODES))
#: each card's notation, by code: what ``str`` gives, looked up rather than built (a logged hand
#: writes some two hundred cards)
CARD_NAMES: tuple[str, ...] = tuple(str(card) for card in CARDS)


def card_of(rank: str, suit: str) -> Card:
    return CARDS[SUITS.index(suit) * 13 + RANKS.index(rank)]


def parse_token(token: str) -> Card:
    """One card from one token of notation."""
    known = _WRITTEN.get(token)
    if known is not None:  # the form str(card) writes: most notation a program sends
        return known
    text = token.strip()
    upper = text.upper()
    if upper == "BJ":
        return CARDS[BIG_JOKER]
    if upper == "SJ":
        return CARDS[SMALL_JOKER]
    upper = "".join(SUIT_SYMBOLS.get(ch, ch) for ch in upper)
    if len(upper) >= 2 and upper[-1] in SUITS and upper[:-1] not in ("", "S", "H", "D", "C"):
        rank, suit = upper[:-1], upper[-1]
    elif len(upper) >= 2 and upper[0] in SUITS:
        suit, rank = upper[0], upper[1:]
    else:
        raise CardNotationError(
            f"unknown card {_said(token)}: write rank then suit, like '10S', 'QH', '2♣', or BJ / SJ for the jokers"
        )
    rank = _RANK_ALIASES.get(rank, rank)
    if rank not in RANKS:
        raise CardNotationError(f"unknown card {_said(token)}: {_said(rank)} is not a rank (2-9, 10 or T, J, Q, K, A)")
    return card_of(rank, suit)


def _said(value: object, width: int = 80) -> str:
    """Notation for a message: its ``repr``, cut to ``width`` characters (notation may come from
    anyone, a megabyte long, and the message must stay one short line)."""
    text = repr(value)
    return text if len(text) <= width else text[:width - 1] + "…"


#: each card by the notation ``str(card)`` gives it
_WRITTEN: dict[str, Card] = {str(card): card for card in CARDS}
#: the same notation read as cards: the one card, as ``read_cards`` gives it (a tuple, which no
#: caller can change).  Most plays are one card, and the replay reads every play's notation again
_WRITTEN_ONE: dict[str, tuple[Card, ...]] = {name: (card,) for name, card in _WRITTEN.items()}


def _tokens(text: str) -> list[str]:
    out: list[str] = []
    # the chunks between spaces and commas: ``str.split`` splits at the same whitespace as the
    # pattern ``[\s,]+`` does, in a third of its time (the replay reads every play's notation)
    for chunk in text.replace(",", " ").split():
        if chunk[0] in SUIT_SYMBOLS:
            out.extend(piece for piece in _SYMBOL_RUN.split(chunk) if piece)
        else:
            out.append(chunk)
    return out


def parse_cards(cards: str | Iterable[object] | int, table: Table) -> tuple[Card, ...]:
    """Cards from notation (a string), or from an iterable of cards, codes or tokens; checked against
    the deck: removed ranks, missing jokers, more copies of a card than there are decks."""
    return PackCheck.of(table).check(read_cards(cards))


def read_cards(cards: str | Iterable[object] | int) -> tuple[Card, ...]:
    """Cards from notation, codes or cards, not yet checked against any deck."""
    if type(cards) is tuple and only_cards(cards):
        return cards  # already cards: the oracle's callers mostly pass what it gave them
    if isinstance(cards, str):
        one = _WRITTEN_ONE.get(cards)
        if one is not None:
            return one
        return tuple(map(parse_token, _tokens(cards)))
    if isinstance(cards, int):
        return (_code(cards),)
    parsed = []
    for item in cards:
        if type(item) is Card:
            parsed.append(item)
        elif isinstance(item, str):
            parsed.extend(parse_token(tok) for tok in _tokens(item))
        elif isinstance(item, int):
            parsed.append(_code(item))
        else:
            raise CardNotationError(f"unknown card {_said(item)}: expected a card, a code or notation")
    return tuple(parsed)


def only_cards(cards: tuple[Any, ...]) -> bool:
    """Whether every item of ``cards`` is a ``Card`` object (not merely a number equal to one).
    A plain loop: compiled, it is a pointer comparison per card, ten times faster than a set of
    the items' types."""
    for card in cards:
        if type(card) is not Card:
            return False
    return True


def _in_pack(cards: tuple[Card, ...], faces: frozenset[Card], copies: bytearray, fewest: int) -> bool:
    """``PackCheck.holds`` for a tuple of ``Card`` objects: whether they are all ``faces``, none
    more often than ``copies`` says (no count is needed for ``fewest`` cards or fewer).  Typed
    where compiled (cards.pxd): a count of copies in a byte array, and numbers as machine integers."""
    # every card a face of the pack before any count is looked up: a ``Card`` made from any number
    # is a ``Card``
    for card in cards:
        if card not in faces:
            return False
    if len(cards) <= fewest:
        return True
    counts = bytearray(N_CODES)
    for code in cards:
        count = counts[code] + 1
        if count > copies[code]:
            return False
        counts[code] = count
    return True


class PackCheck:
    """Checks cards against one table's pack; made once per table (``of``), so checking many plays
    costs no hashing of the table."""

    __slots__ = ("table", "copies", "fewest", "faces", "even", "_limits")

    def __init__(self, table: Table):
        self.table = table
        #: per card code, how many copies the pack holds (0: not in this deck)
        self.copies = pack_copies(table)
        #: the fewest copies any card of the pack has: a play no longer than that cannot hold a
        #: card more often than the pack does
        self.fewest = min((n for n in self.copies if n), default=0)
        #: the faces the pack holds
        self.faces = frozenset(CARDS[code] for code, n in enumerate(self.copies) if n)
        #: whether the pack holds every face as many times (no card taken out of some decks only)
        self.even = len({n for n in self.copies if n}) <= 1
        # ``copies`` as a byte array (a ruleset has at most 8 decks): what the compiled count of
        # copies reads as machine integers
        self._limits = bytearray(self.copies)

    @staticmethod
    @lru_cache(maxsize=64)
    def of(table: Table) -> PackCheck:
        return PackCheck(table)

    def holds(self, cards: tuple[Any, ...], known: Container[tuple[Card, ...]] = ()) -> bool:
        """Whether the tuple ``cards`` holds only ``Card`` objects, all in the pack (as many times):
        then ``check(read_cards(cards))`` is ``cards`` itself.  False leaves reading the cards, and
        saying what is wrong with them, to those two; a play no longer than ``fewest`` needs no
        count of copies.  ``known``: tuples of cards the pack
        holds, found so already (what the pack holds depends on the cards alone, not on their
        objects, once they are all ``Card`` objects)."""
        if not only_cards(cards):
            return False
        if cards in known:
            return True
        return _in_pack(cards, self.faces, self._limits, self.fewest)

    def check(self, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        """``cards`` if the pack holds them all (as many times); else the error naming the first
        card it lacks."""
        copies = self.copies
        if not self.faces.issuperset(cards):
            card = next(c for c in cards if c not in self.faces)
            if not 0 <= card < N_CODES:  # a Card made from a number no card has
                raise CardNotationError(f"unknown card code {int(card)}: codes run from 0 to {N_CODES - 1}")
            raise CardNotationError(f"unknown card '{card}': {_missing(card, self.table)}")
        fewest = self.fewest
        if len(cards) > fewest:
            if self.even:
                # sorted, a card held more than ``fewest`` times sits ``fewest`` places from itself
                ordered = sorted(cards)
                if not any(map(operator.eq, ordered, ordered[fewest:])):
                    return cards
            for card, count in Counter(cards).items():
                if count > copies[card]:
                    raise CardNotationError(
                        f"too many '{card}': {count} given, but {_holds(card, copies[card], self.table)}")
        return cards


def _missing(card: Card, table: Table) -> str:
    """Why ``card`` is not in the pack, in the game's words."""
    if card.is_joker and not table.jokers:
        return "this deck has no jokers"
    if card.rank in table.removed_ranks:
        return f"this deck has no {card.rank}s"
    return f"every {card} is taken out of this deck"


def _holds(card: Card, copies: int, table: Table) -> str:
    if copies == table.decks:
        decks = table.decks
        return f"{decks} deck{'s' if decks != 1 else ''} hold{'' if decks != 1 else 's'} only {decks}"
    return f"the pack holds only {copies} (the others are taken out)"


def _code(value: int) -> Card:
    if not 0 <= value < N_CODES:
        raise CardNotationError(f"unknown card code {_said(value)}: codes run from 0 to {N_CODES - 1}")
    return CARDS[value]


@lru_cache(maxsize=64)
def pack_copies(table: Table) -> tuple[int, ...]:
    """Per card code, how many copies the whole pack holds (0: not in this deck)."""
    copies = [0] * N_CODES
    for suit in SUITS:
        for rank in table.ranks:
            copies[card_of(rank, suit)] = table.decks
    if table.jokers:
        copies[SMALL_JOKER] = copies[BIG_JOKER] = table.decks
    for name, removed in table.removed_cards:
        code = parse_token(name)
        copies[code] = max(0, copies[code] - removed)
    return tuple(copies)


@lru_cache(maxsize=64)
def deck_cards(table: Table) -> tuple[Card, ...]:
    """One copy of every card the pack holds: without the removed ranks, without the jokers if
    there are none, without a card whose every copy is taken out."""
    copies = pack_copies(table)
    out = [card_of(rank, suit) for suit in SUITS for rank in table.ranks]
    if table.jokers:
        out += [CARDS[SMALL_JOKER], CARDS[BIG_JOKER]]
    return tuple(c for c in out if copies[c])


def pack(table: Table) -> list[Card]:
    """Every card of the whole pack, each as many times as the pack holds it, in deck order."""
    copies = pack_copies(table)
    return [c for c in deck_cards(table) for _ in range(copies[c])]
