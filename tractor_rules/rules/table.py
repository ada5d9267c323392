"""The ``table`` section of the rules object: players and partnerships, the decks and the cards taken
out of them, the deal, the point cards and, with called partners, the cards the banker may call."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .base import JOKERS, MAX_DECKS, MAX_PLAYERS, MAX_POINTS, RANKS, bounded, since
from .expressions import Condition, all_of, limits_condition


@dataclass(frozen=True, slots=True)
class Table:
    players: int = bounded(2, MAX_PLAYERS, default=4)
    #: "opposite": two teams, partners across (4 players); "alternate": seats alternate between two
    #: teams (4, 6, 8 players); "called": Finding Friends, the banker calls ``called_cards`` cards;
    #: "alone" (version 4): the banker plays alone against all the others, a team of one.
    partnership: Literal["opposite", "alternate", "called", "alone"] = "opposite"
    called_cards: int = bounded(1, MAX_PLAYERS // 2, off=0, default=0)
    direction: Literal["counterclockwise", "clockwise"] = "counterclockwise"
    decks: int = bounded(1, MAX_DECKS, default=2)
    jokers: bool = True
    #: whole ranks taken out of every deck
    removed_ranks: tuple[str, ...] = ()
    #: cards taken out of the whole pack one by one, beyond the removed ranks: (card, copies), the
    #: card named as in the card notation ("SJ", "BJ", "2S", "10H"), the copies counted over all the
    #: decks together, in deck order; (("SJ", 3),) takes the three small jokers out of three decks
    removed_cards: tuple[tuple[str, int], ...] = bounded(1, MAX_DECKS, default=(), version=2)
    hand_size: int = bounded(1, 1000, default=25)
    kitty_size: int = bounded(0, 1000, default=8)
    #: point value of each scoring rank, e.g. (("5", 5), ("10", 10), ("K", 10))
    points: tuple[tuple[str, int], ...] = bounded(0, MAX_POINTS, default=(("5", 5), ("10", 10), ("K", 10)))
    #: Finding Friends: the cards the banker may not call, judged at the hand's level and trump:
    #: "trumps"; "highest", the highest card of its suit (a side suit's ace, or its king when aces
    #: are trumps; the big joker among trumps); "points", the cards that score.  What versions 2
    #: and 3 wrote for ``called cards: not ...``: the compiler now writes ``called_when``, the
    #: codec reads such a document's limits as that condition and writes them back for those
    #: versions, and ``call_condition`` reads both (rules built by a program may set either)
    call_limits: tuple[Literal["trumps", "highest", "points"], ...] = since(2, default=())
    #: Finding Friends: the cards the banker may call, those of which this condition holds (a tree
    #: of the rule expressions whose subject is the card, judged at the hand's level and trump as
    #: the banker calls); () any card
    called_when: Condition = since(4, default=Condition(()))
    #: Finding Friends: whether the copies of a called card that the banker plays count toward its
    #: ordinal (False: "the other ace", only the other players' copies are counted)
    count_banker_copies: bool = since(2, default=True)
    #: Finding Friends: whether a player already on the banker's team (the banker, or a friend
    #: found before) who plays the copy that answers a call takes it, so that it reveals no one
    #: (True); False: it does not, and the next copy played answers the call instead
    join_twice: bool = since(4, default=True)

    @property
    def seated(self) -> bool:
        """Whether the teams are seated (fixed for the game), rather than made each hand round its
        banker: by the calls of Finding Friends, or the banker alone."""
        return self.partnership in ("opposite", "alternate")

    @property
    def call_condition(self) -> Condition:
        """The condition a card must meet to be called: ``called_when``, and the limits of
        ``call_limits`` (from a document of an earlier version) as the same facts of a card."""
        return all_of(limits_condition(self.call_limits), self.called_when)

    @property
    def ranks(self) -> tuple[str, ...]:
        return tuple(r for r in RANKS if r not in self.removed_ranks)

    @property
    def cards_per_deck(self) -> int:
        """The cards of one deck before ``removed_cards`` are taken out of the pack."""
        return 4 * len(self.ranks) + (2 if self.jokers else 0)

    @property
    def removed_count(self) -> int:
        """How many cards ``removed_cards`` take out of the whole pack."""
        return sum(copies for _, copies in self.removed_cards)

    @property
    def total_cards(self) -> int:
        return self.decks * self.cards_per_deck - self.removed_count

    def copies(self, card: str) -> int:
        """How many copies of ``card`` ("SJ", "2S", "10H") the whole pack holds."""
        rank = "joker" if card in JOKERS else card[:-1]
        if rank == "joker" and not self.jokers or rank in self.removed_ranks:
            return 0
        return self.decks - sum(copies for name, copies in self.removed_cards if name == card)

    @property
    def total_points(self) -> int:
        whole = self.decks * 4 * sum(p for r, p in self.points if r not in self.removed_ranks)
        value = dict(self.points)
        return whole - sum(value.get(card[:-1], 0) * copies for card, copies in self.removed_cards
                           if card not in JOKERS)
