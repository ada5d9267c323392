"""The deal and the declarations made during it: who may declare what, the fallback trump when
nobody declares, the redeals, and the first hand's banker.

The deck is shuffled and dealt one card at a time to the seats in play order, from the dealer;
the last ``kitty_size`` cards are the kitty.  After each level card or joker a player receives,
that player may declare with the cards dealt to them so far; after the deal every player has one
more chance, in turn.  A declaration must beat the standing one on the ladder
(``Declaration.key``: the step, then ``suit_order``); the standing declarer may only reinforce
(the same card, more copies) if ``reinforce``, or change it if ``overturn_own``.

Trump: the last declaration names it.  With none: ``first_fallback: redeal`` in the first hand,
else ``rules.fallback_trump`` (a redeal, or the banker's partner naming their longest suit, when
the rules say so).  Redeals are bounded by ``MAX_DEALS``; after that the hand is played in
no-trump.  Beyond the last level (``game_end: beyond-last``) nobody declares: no-trump.

The first hand's banker: ``first_banker`` (the first declarer, the final declarer, or the dealer,
seat 0); the dealer if nobody declared.  Later hands know their banker, who deals, before the deal.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..rules import SUITS, Rules
from .cards import Card, deck_cards
from .choices import IllegalPlay, notation
from .declaring import Declaration
from .errors import NoTrumpFromKitty
from .seats import in_turn
from .views import Offer, Player, PlayerView, Public

#: deals tried before a hand nobody can find a trump for is played in no-trump
MAX_DEALS = 50


class DeclareTable:
    """The declarations each (card, copies) makes at one level, computed once."""

    def __init__(self, rules: Rules, level: str | None):
        self.faces: list[Card] = []
        self.by: dict[tuple[int, int], Declaration] = {}
        table = rules.table
        candidates = [c for c in deck_cards(table) if c.is_joker or c.rank == level]
        for face in candidates:
            useful = False
            for k in range(1, table.decks + 1):
                d = rules.declaration([face] * k, level)
                if d is not None:
                    self.by[(face, k)] = d
                    useful = True
            if useful:
                self.faces.append(face)
        self.face_set = frozenset(self.faces)


# keyed by id(rules), with the rules kept alongside so that a reused id is not mistaken for a hit
_DECLARE_TABLES: dict[tuple[int, str | None], tuple[Rules, DeclareTable]] = {}


def declare_table(rules: Rules, level: str | None) -> DeclareTable:
    key = (id(rules), level)
    hit = _DECLARE_TABLES.get(key)
    if hit is not None and hit[0] is rules:
        return hit[1]
    if len(_DECLARE_TABLES) > 256:
        _DECLARE_TABLES.clear()
    dt = DeclareTable(rules, level)
    _DECLARE_TABLES[key] = (rules, dt)
    return dt


@dataclass(slots=True)
class Standing:
    """The declaration standing: who made it, with which card, declaring what."""

    seat: int
    face: Card
    declaration: Declaration


class DeclarationOffers:
    """Asking the players to declare at one level, during the deal or (炒地皮) after the kitty."""

    def __init__(self, rules: Rules, players: Sequence[Player], level: str | None):
        self.rules = rules
        self.players = players
        self.table = declare_table(rules, level)

    def offers(self, seat: int, hand: Sequence[Card], standing: Standing | None) -> list[Offer]:
        """What ``seat`` may declare with ``hand`` against the standing declaration."""
        decl = self.rules.declaring
        dt = self.table
        counts: dict[Card, int] = {}
        for c in hand:
            if c in dt.face_set:
                counts[c] = counts.get(c, 0) + 1
        out = []
        for face, have in counts.items():
            for k in range(1, have + 1):
                d = dt.by.get((face, k))
                if d is None:
                    continue
                if standing is not None:
                    if d.key <= standing.declaration.key:
                        continue
                    if standing.seat == seat:
                        if face == standing.face and not decl.reinforce:
                            continue
                        if face != standing.face and not decl.overturn_own:
                            continue
                out.append(Offer(tuple([face] * k), d))
        return out

    def ask(self, seat: int, hand: Sequence[Card], standing: Standing | None, public: Public) -> Standing | None:
        """Offer ``seat`` what they may declare (nothing is asked when they may declare nothing);
        their declaration, shown to the table, or None."""
        offers = self.offers(seat, hand, standing)
        if not offers:
            return None
        choice = self.players[seat].declare(PlayerView(seat, hand, public), offers)
        if choice is None:
            return None
        if choice not in offers:
            raise IllegalPlay(seat, f"declared {notation(choice.cards)}, which was not on offer")
        public.declarations.append((seat, choice.cards))
        return Standing(seat, choice.cards[0], choice.declaration)


@dataclass(slots=True)
class Deal:
    """The deal that stood: the hands, the kitty, the public state with trump set, the standing
    declaration, the first declarer, the deals thrown in before it, and how trump was set."""

    hands: list[list[Card]]
    kitty: list[Card]
    public: Public
    standing: Standing | None
    first: int | None
    redeals: int
    #: "declared", "fallback", "named", "no-trump"
    trump_by: str


def deal(rules: Rules, players: Sequence[Player], rng: random.Random, deck: Sequence[Card], *,
         level: str | None, banker: int | None, beyond: bool) -> Deal:
    """Deal ``deck`` (again while the rules say redeal, at most ``MAX_DEALS`` times).  ``banker``
    None is a first hand: seat 0 deals.  ``beyond``: the extra level, dealt without declaring and
    played in no-trump."""
    n = rules.table.players
    dealer = 0 if banker is None else banker
    declaring = DeclarationOffers(rules, players, level)
    k = rules.table.kitty_size
    for attempt in range(MAX_DEALS):
        cards = list(deck)
        rng.shuffle(cards)
        kitty = cards[len(cards) - k:] if k else []
        hands: list[list[Card]] = [[] for _ in range(n)]
        public = Public(rules, n, dealer, level, banker)
        standing: Standing | None = None
        first: int | None = None
        for seat in _chances(cards[:len(cards) - k], hands, dealer, declaring.table.face_set, beyond):
            got = declaring.ask(seat, hands[seat], standing, public)
            if got is not None:
                standing = got
                if first is None:
                    first = seat
        if beyond:
            return Deal(hands, kitty, public, None, None, attempt, "no-trump")
        if standing is not None:
            public.trump = standing.declaration.trump
            return Deal(hands, kitty, public, standing, first, attempt, "declared")
        if banker is None and rules.declaring.first_fallback == "redeal":
            continue
        trump_by = _fallback(rules, players, hands, kitty, public)
        if trump_by is not None:
            return Deal(hands, kitty, public, None, None, attempt, trump_by)
    # every deal thrown in: play the last one in no-trump
    public.trump = None
    return Deal(hands, kitty, public, None, None, MAX_DEALS - 1, "no-trump")


def _chances(rest: list[Card], hands: list[list[Card]], dealer: int, faces: frozenset[Card],
             beyond: bool) -> Iterator[int]:
    """Deal ``rest`` into ``hands``, yielding the seats that get a chance to declare, in turn:
    after each level card or joker dealt, the player who got it; after the deal, every player
    from the dealer.  Beyond the last level nobody declares."""
    n = len(hands)
    if beyond:
        for i, card in enumerate(rest):
            hands[(dealer + i) % n].append(card)
        return
    for i, card in enumerate(rest):
        seat = (dealer + i) % n
        hands[seat].append(card)
        if card in faces:
            yield seat
    yield from in_turn(dealer, n)


def _fallback(rules: Rules, players: Sequence[Player], hands: list[list[Card]], kitty: Sequence[Card],
              public: Public) -> str | None:
    """Nobody declared: set trump by ``rules.fallback_trump`` and say how ("fallback", or "named"
    by the banker's partner), or None when the rules say redeal."""
    try:
        public.trump = rules.fallback_trump(kitty, public.level)
        return "fallback"
    except NoTrumpFromKitty as why:
        if why.kind == "redeal":
            return None
    # partner-names: the banker's partner (the banker with called partners); in a first hand
    # nobody banks yet and the dealer stands in
    banker = public.dealer
    n = public.players
    namer = banker if rules.table.partnership == "called" else (banker + 2) % n
    named = players[namer].name_trump(PlayerView(namer, hands[namer], public))
    if named is not None and named not in SUITS:
        raise IllegalPlay(namer, f"named {named!r} as trump, which is not a suit")
    public.trump = named
    return "named"


def first_banker(rules: Rules, dealt: Deal) -> int:
    """The first hand's banker, by ``declaring.first_banker``: the first declarer, the final
    declarer, or the dealer (seat 0); the dealer when nobody declared."""
    how = rules.declaring.first_banker
    if how == "first-declarer" and dealt.first is not None:
        return dealt.first
    if how == "final-declarer" and dealt.standing is not None:
        return dealt.standing.seat
    return dealt.public.dealer
