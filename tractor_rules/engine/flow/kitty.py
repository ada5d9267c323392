"""The kitty exchange: the banker takes the kitty and buries as many cards; with
``overturn_after_kitty`` the other players may then overturn (炒地皮), each overturner taking the
kitty and burying in turn.  Only the last player to bury sees the buried cards, but for the
players the rules show them to (``kitty_exchange.shown_to``, ``shown_seats``).  Where the
declarations lie face down (暗亮, ``declaring.face_down``) a player burying without knowing trump
buries by the trump they guess (``Player.guess_trump``).  A burial keeps to
``kitty_exchange.buried_when`` (``rulings.cards.burial_error``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...rules import SUITS, Rules
from ..deck.cards import Card
from ..errors import EngineError
from ..rulings.cards import burial_error, shown_in_declaring
from ..rulings.declaring import declaration, may_overturn, overturn_turn, previous_declarer
from .choices import IllegalPlay, holds, notation, take
from .deal import DeclarationOffers, Standing, face_of
from .seats import banker_team, seat_of
from .views import Offer, Player, PlayerView, Public


@dataclass(slots=True)
class Kitty:
    """The buried cards, the player who buried them, and the players they were shown to once
    buried (``kitty_exchange.shown_to``, "after-burying")."""

    cards: list[Card]
    burier: int
    shown_to: frozenset[int] = frozenset()

    def seen_by(self, seat: int) -> tuple[Card, ...] | None:
        """What ``seat`` knows of the kitty: the cards if they buried them or were shown them, else
        nothing."""
        return tuple(self.cards) if seat == self.burier or seat in self.shown_to else None


def shown_seats(rules: Rules, to: str, *, banker: int, burier: int, declarer: int | None,
                friends: Sequence[int] = ()) -> tuple[int, ...]:
    """The seats a showing of the kitty to ``to`` (``rules.expressions.AUDIENCES``) reaches, in
    order: everyone; a team of the banker's (``friends``: the friends found, with called
    partners); the banker; the banker's partner (the next seat of the banker's team); the player who
    buries ``burier``; the standing declarer (nobody when nobody declared)."""
    n = rules.table.players
    if to == "everyone":
        return tuple(range(n))
    bankers = banker_team(rules, banker, friends)
    seats: set[int] | frozenset[int]
    if to == "bankers":
        seats = bankers
    elif to == "attackers":
        seats = set(range(n)) - bankers
    elif to == "friends":
        seats = bankers - {banker}
    elif to == "banker":
        seats = {banker}
    elif to == "partner":
        seats = {next((s for s in ((banker + k) % n for k in range(1, n)) if s in bankers), banker)} - {banker}
    elif to == "burier":
        seats = {burier}
    elif to == "declarer":
        seats = set() if declarer is None else {declarer}
    else:
        raise EngineError(f"the kitty is shown to {to!r}, which is nobody the engine knows")
    return tuple(sorted(seats))


def burier_seat(rules: Rules, banker: int, declarer: int | None) -> int:
    """Who takes the kitty and buries (``kitty_exchange.buried_by``): the banker; the banker's
    seated partner; or the first player of the banker's team after the standing declarer
    ``declarer`` (the banker when nobody declared)."""
    role = rules.kitty_exchange.buried_by
    n = rules.table.players
    if role == "banker":
        return banker
    bankers = banker_team(rules, banker)
    if role == "partner":
        return next(s for s in ((banker + k) % n for k in range(1, n)) if s in bankers)
    if declarer is None:
        return banker
    return next(s for s in ((declarer + k) % n for k in range(1, n + 1)) if s in bankers)


def first_overturner(rules: Rules, banker: int, burier: int, declarer: int | None) -> int:
    """The seat asked first in the round of overturning after the kitty (``declaring.
    overturn_first``): ``burier`` the first to bury, ``declarer`` the seat whose declaration stands
    as the round begins (None: nobody declared)."""
    return seat_of(rules.declaring.overturn_first, rules.table.players, banker=banker, burier=burier,
                   declarer=declarer)


def exchange(players: Sequence[Player], seat: int, hands: list[list[Card]], kitty: Sequence[Card],
             public: Public) -> Kitty:
    """``seat`` takes ``kitty`` into their hand and buries as many cards."""
    k = len(kitty)
    if not k:
        return Kitty([], seat)
    hand = hands[seat]
    hand.extend(kitty)
    view = PlayerView(seat, hand, public)
    if not view.public.trump_known:  # 暗亮: the declarations lie face down, and the trump is theirs to guess
        guess = players[seat].guess_trump(view)
        if guess is not None and guess not in SUITS:
            raise IllegalPlay(seat, f"guessed {guess!r} as trump, which is not a suit")
        view.public.trump, view.public.ctx = guess, public.rules.context(public.level, guess)
    buried = list(players[seat].bury(view, k))
    if len(buried) != k:
        raise IllegalPlay(seat, f"buried {len(buried)} cards, not {k}")
    if not holds(hand, buried):
        raise IllegalPlay(seat, f"buried {notation(buried)}, which is not in the hand")
    if public.rules.kitty_exchange.buried_when:
        if public.ctx is None:
            raise EngineError("the kitty is exchanged before the hand's trump is known")
        why = burial_error(public.ctx.order, hand, buried, shown_in_declaring(public.declarations))
        if why is not None:
            raise IllegalPlay(seat, f"cannot bury {notation(buried)}: {why}")
    take(hand, buried)
    return Kitty(buried, seat)


def overturns(rules: Rules, players: Sequence[Player], hands: list[list[Card]], kitty: Kitty, public: Public,
              standing: Standing | None, *, first_hand: bool) -> tuple[Kitty, Standing | None]:
    """炒地皮: after the exchange the others may overturn in turn, from the seat the rules name
    (``declaring.overturn_first``: the seat after the burier, unless they say otherwise), until
    every other player has passed in a row; each overturn sets trump and its overturner exchanges
    the kitty.  Each overturn is stronger, so this ends.  A player of whom
    ``declaring.overturn_when`` does not hold passes unasked.  With ``declaring.overturn_rounds``
    "once" the round asks each player once, from the first up to the player before it (the turns
    of a round in which everyone passes), and ends.  With ``declaring.ladder_after_kitty`` the
    round offers and judges the declarations of its own ladder (``rulings.declaring.
    overturns_in_round``)."""
    declaring = DeclarationOffers(rules, players, public.level, after_kitty=True)
    n = public.players
    banker = kitty.burier if public.banker is None else public.banker  # the banker buried, or named the burier
    first = first_overturner(rules, banker, kitty.burier, None if standing is None else standing.seat)
    seat = (first - 1) % n  # the loop steps on to the first
    bankers = banker_team(rules, kitty.burier)  # the banker buried first
    condition = rules.declaring.overturn_when
    # once round (炒底一轮): the turns of a round in which everyone passes, and no more
    turns = n - 1 if rules.declaring.overturn_rounds == "once" else -1
    previous = None if standing is None else previous_declarer(public.declarations, standing.seat)
    made = 0
    quiet = 0
    while quiet < n - 1 and turns != 0:
        turns -= 1
        seat = (seat + 1) % n
        if standing is not None and seat == standing.seat:
            quiet += 1
            continue
        if condition and not may_overturn(overturn_turn(
                rules, seat, bankers, first_hand, made,
                None if standing is None else (standing.seat, standing.declaration), banker, public.level,
                public.trump, previous)):
            quiet += 1
            continue
        got = declaring.ask(seat, hands[seat], standing, public)
        if got is None:
            quiet += 1
            continue
        previous = None if standing is None else standing.seat
        standing = got
        public.trump = got.declaration.trump
        public.ctx = rules.context(public.level, public.trump)
        kitty = exchange(players, seat, hands, kitty.cards, public)
        made += 1
        quiet = 0
    return kitty, standing


def round_offers(rules: Rules, declared: Sequence[Card], hand: Sequence[Card], level: str | None, *, seat: int,
                 declarer: int | None, banker: int, burier: int | None = None,
                 declarations: Sequence[tuple[int, Sequence[Card]]] = (), first_hand: bool = False, made: int = 0,
                 trump: str | None = None) -> list[Offer]:
    """The declarations with which ``seat`` holding ``hand`` may overturn in the round after the
    kitty (炒地皮) as ``overturns`` offers them at its turn: ``declared`` the standing declaration,
    made by ``declarer`` (empty and None: nobody declared), ``banker`` the hand's banker,
    ``burier`` the first to bury (default: who ``kitty_exchange.buried_by`` names),
    ``declarations`` the hand's declarations in order, the round's overturns included (for whoever
    declared before, and for taking one back), ``made`` the overturns after the kitty so far,
    ``trump`` the trump standing.  The standing declarer passes; a player of whom
    ``declaring.overturn_when`` does not hold is offered nothing; the declarations are those of
    the round's ladder (``declaring.ladder_after_kitty``, else the deal's).  [] without the
    round.  How long the round goes (``overturn_rounds``) is the caller's to count."""
    if not rules.declaring.overturn_after_kitty:
        return []
    standing = None
    if declarer is not None and declared:
        cards = tuple(declared)
        made_as = (rules.declaring.ladder_after_kitty and declaration(rules, cards, level, rules.declaring.ladder_after_kitty)
                   or declaration(rules, cards, level))
        if made_as is None:
            raise EngineError(f"{notation(cards)} is no declaration at level {level}")
        if seat == declarer:
            return []
        standing = Standing(declarer, face_of(cards), made_as, declarer, cards)
    if burier is None:
        burier = burier_seat(rules, banker, declarer)
    previous = None if standing is None else previous_declarer(declarations, standing.seat)
    if rules.declaring.overturn_when and not may_overturn(overturn_turn(
            rules, seat, banker_team(rules, burier), first_hand, made,
            None if standing is None else (standing.seat, standing.declaration), banker, level, trump, previous)):
        return []
    shown = tuple((who, tuple(cards)) for who, cards in declarations)
    return DeclarationOffers(rules, [], level, after_kitty=True).offers(seat, list(hand), standing, shown)
