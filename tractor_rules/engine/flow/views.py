"""What the players see and what they decide.

``Public`` is the state of the table every player sees; ``PlayerView`` is one player's view of
it: their own hand and the public state, never another hand, so that a ``Player`` (the decisions
of one seat) cannot cheat even by accident.  ``Offer`` is a declaration a player may make now.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ...rules import RANKS, SUITS, Rules
from ..deck.cards import Card, pack_copies
from ..deck.order import TRUMP, Order
from ..deck.units import Unit, decompose
from ..errors import EngineError
from ..oracle import Context
from ..rulings.declaring import Declaration
from ..rulings.follow import FollowContext, choose_follow, follow_error
from ..rulings.tricks import winner
from .record import TrickRecord
from .seats import banker_team, seated_team


@dataclass(frozen=True, slots=True)
class Offer:
    """A declaration a player may make now: the cards to show and what they declare."""

    cards: tuple[Card, ...]
    declaration: Declaration
    #: where the declaration holds another player's cards too (a partner reinforcing the standing
    #: declarer's declaration, 亮主方加固, or the declarer adding to one their partner reinforced):
    #: the whole declaration, the standing one's cards with ``cards``, this player's cards in it;
    #: empty: ``cards`` are the whole declaration
    joined: tuple[Card, ...] = ()

    @property
    def whole(self) -> tuple[Card, ...]:
        """The declaration's cards, this player's and any other's."""
        return self.joined or self.cards

    @property
    def trump(self) -> str | None:
        return self.declaration.trump


@dataclass(frozen=True, slots=True)
class Joined:
    """A declaration of ``Public.declarations`` made of the cards of more than one player of the
    declaring side (亮主方加固): the seat that showed it (a partner of the declarer reinforcing,
    or the declarer adding to a declaration their partner reinforced) and, for each partner who
    showed cards in it, those cards (the declarer's are the rest)."""

    by: int
    shares: tuple[tuple[int, tuple[Card, ...]], ...]


@dataclass(slots=True, eq=False)
class Public:
    """The state of the table every player sees.  It never holds a hand."""

    rules: Rules
    players: int
    dealer: int
    #: the hand's level rank; None in a hand with no level rank (the extra level, jokers only)
    level: str | None
    #: the banker; None during the first hand's deal (nobody banks yet)
    banker: int | None
    #: None until trump is known (during the deal)
    trump: str | None = None
    ctx: Context | None = None
    #: every declaration shown, in order: (seat, cards), the seat its declarer and the cards all of it
    declarations: list[tuple[int, tuple[Card, ...]]] = field(default_factory=list)
    #: the declarations (by index in ``declarations``) that hold a partner's cards beside the
    #: declarer's (a partner's reinforcing, ``rules.side_reinforces``); empty elsewhere
    joined: dict[int, Joined] = field(default_factory=dict)
    #: the kitty as dealt, shown to every player before the banker takes it
    #: (``kitty_exchange.shown_before_burying``), or to ``kitty_shown_to``; None while it is hidden
    kitty_shown: tuple[Card, ...] | None = None
    #: the seats the kitty as dealt was shown to, where the rules show it to some of the table
    #: (``kitty_exchange.shown_to``, "before-burying"): each player's view (``PlayerView``) is then
    #: this table as that player sees it (``seen_by``), ``kitty_shown`` None for the others; None
    #: where it was shown to everyone, or not at all
    kitty_shown_to: frozenset[int] | None = None
    #: the kitty's cards turned face up before it was taken, to find the banker when nobody
    #: declared (翻底牌定庄, ``declaring.fallback`` "player-level-card"); empty when none were
    kitty_turned: tuple[Card, ...] = ()
    #: the buried cards, shown to every player once the last trick is played
    #: (``kitty_exchange.shown_at_end``); None while they are hidden
    buried_shown: tuple[Card, ...] | None = None
    #: the exchange with the declarer (``declaring.exchange_with_declarer``), where one was made:
    #: (the seat that took, the declarer, the declaration's cards it took); None while none was
    exchanged: tuple[int, int, tuple[Card, ...]] | None = None
    #: Finding Friends: the banker's calls, (card, ordinal), and the friends found so far
    called: tuple[tuple[Card, int], ...] = ()
    friends: list[int] = field(default_factory=list)
    tricks: list[TrickRecord] = field(default_factory=list)
    #: the trick being played
    leader: int = 0
    plays: list[tuple[Card, ...]] = field(default_factory=list)
    lead_context: FollowContext | None = None
    #: copies of each card code played in tricks so far
    played: list[int] = field(default_factory=lambda: [0] * 54)
    #: points won in tricks, per seat
    points: list[int] = field(default_factory=list)
    #: the player who took the kitty and buried first (``kitty_exchange.buried_by``: the banker
    #: unless the rules name another); None before the exchange
    buried_by: int | None = None
    #: declarations face down (暗亮, ``declaring.face_down``): True from the deal until they are
    #: turned once the kitty is buried; while it is, each player's view (``PlayerView``) is this
    #: table as that player sees it (``seen_by``)
    face_down: bool = False
    #: in one player's view while declarations lie face down: for each of ``declarations``, how
    #: many of its cards lie face down (left out of its cards there); empty: every card seen
    unseen: tuple[int, ...] = ()
    #: in one player's view while declarations lie face down: False when the standing declaration's
    #: trump is not known to that player (``trump`` and ``ctx`` are then their guess, the banker's
    #: as they bury); True once it is
    trump_known: bool = True
    #: the auction's winning bid, which every player heard, as the tricks are played (0 without an
    #: auction)
    bid: int = 0

    def shown_by_seat(self) -> list[tuple[int, tuple[Card, ...]]]:
        """Every declaration as each player showed it, in order: (seat, the cards of it that seat
        showed), a declaration that holds a partner's cards split between its players (the
        declarer's first).  Where no declaration does, ``declarations`` itself."""
        if not self.joined:
            return self.declarations
        out: list[tuple[int, tuple[Card, ...]]] = []
        for i, (seat, cards) in enumerate(self.declarations):
            joined = self.joined.get(i)
            if joined is None:
                out.append((seat, cards))
                continue
            rest = list(cards)
            for _, theirs in joined.shares:
                for card in theirs:
                    rest.remove(card)
            out.append((seat, tuple(rest)))
            out.extend(joined.shares)
        return out

    def seen_by(self, seat: int) -> Public:
        """The table as ``seat`` sees it: the kitty as dealt only where it was shown to ``seat``
        (``kitty_shown_to``); while the declarations lie face down, of every other player's
        declaration only its jokers (``unseen`` counting the rest), and trump only when ``seat``
        made the standing declaration or it is of jokers alone (else no trump, ``trump_known``
        False)."""
        if self.kitty_shown_to is not None and seat not in self.kitty_shown_to:
            hidden = replace(self, kitty_shown=None, kitty_shown_to=None)
            return hidden.seen_by(seat) if self.face_down else hidden
        if not self.face_down:
            return self
        seen: list[tuple[int, tuple[Card, ...]]] = []
        unseen: list[int] = []
        for who, cards in self.declarations:
            shown = cards if who == seat else tuple(c for c in cards if c.is_joker)
            seen.append((who, shown))
            unseen.append(len(cards) - len(shown))
        known = not self.declarations or unseen[-1] == 0 or self.declarations[-1][0] == seat
        view = replace(self, declarations=seen, unseen=tuple(unseen), face_down=False)
        if not known:
            view.trump, view.ctx, view.trump_known = None, None, False
        return view


def split_by_suit(order: Order, hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """The cards of ``hand`` of each effective suit (the four side suits, then trumps), each in
    the hand's order."""
    suit_of = order.suit_of
    parts: tuple[list[Card], ...] = ([], [], [], [], [])
    for c in hand:
        parts[suit_of[c]].append(c)
    return [tuple(part) for part in parts]


class PlayerView:
    """One player's view: their own hand and the public state, nothing else."""

    __slots__ = ("seat", "hand", "public", "kitty", "by_suit", "suggested")

    def __init__(self, seat: int, hand: Sequence[Card], public: Public, kitty: tuple[Card, ...] | None = None,
                 by_suit: tuple[tuple[Card, ...], ...] | None = None):
        self.seat = seat
        self.hand: tuple[Card, ...] = tuple(hand)
        #: while declarations lie face down, or the kitty was shown to some of the table, the table
        #: as this player sees it
        self.public = public.seen_by(seat) if public.face_down or public.kitty_shown_to is not None else public
        #: the cards this player buried, if they did, or was shown once they were buried
        self.kitty = kitty
        #: the hand's cards of each effective suit (``split_by_suit``), when the table keeps the
        #: hand split so; None asks ``suit_cards`` to split the hand itself
        self.by_suit = by_suit
        #: the last follow ``legal_follow`` gave: legal by construction, so the engine need not
        #: check that very tuple again (a player returning anything else is checked)
        self.suggested: tuple[Card, ...] | None = None

    # shortcuts to the public state
    @property
    def rules(self) -> Rules:
        return self.public.rules

    @property
    def ctx(self) -> Context:
        ctx = self.public.ctx
        if ctx is None:
            raise EngineError("trump is not known yet")
        return ctx

    @property
    def level(self) -> str | None:
        return self.public.level

    @property
    def trump(self) -> str | None:
        return self.public.trump

    @property
    def banker(self) -> int | None:
        return self.public.banker

    @property
    def lead(self) -> tuple[Card, ...] | None:
        plays = self.public.plays
        return plays[0] if plays else None

    def teammates(self) -> frozenset[int]:
        """The seats known (publicly, or by this player) to be on this player's team, this one
        included.  With called partners only the banker's side is ever known."""
        pub = self.public
        if pub.rules.table.seated:
            return seated_team(self.seat, pub.players)
        if pub.banker is None:
            return frozenset({self.seat})
        side = banker_team(pub.rules, pub.banker, pub.friends)
        return side if self.seat in side else frozenset({self.seat})

    def suit_cards(self, suit: int) -> tuple[Card, ...]:
        """The hand's cards of effective suit ``suit`` (0-3 a side suit, 4 trumps), in the hand's
        order."""
        if self.by_suit is not None:
            return self.by_suit[suit]
        suit_of = self.ctx.order.suit_of
        return tuple(c for c in self.hand if suit_of[c] == suit)

    # questions answered by the engine
    def units(self, cards: Sequence[Card]) -> list[Unit]:
        return decompose(self.ctx.order, tuple(cards))

    def legal_follow(self, rng: random.Random | None = None) -> tuple[Card, ...]:
        """A legal follow to the trick's lead: the demanded cards and the lowest others (random
        ones with ``rng``)."""
        play = choose_follow(self._trick(), self.hand, rng)
        self.suggested = play
        return play

    def follow_error(self, play: Sequence[Card]) -> str | None:
        return follow_error(self._trick(), self.hand, tuple(play))

    def winner_if(self, play: Sequence[Card]) -> int:
        """The seat that would be winning the trick if this player played ``play`` now."""
        return self._winner([*self.public.plays[1:], tuple(play)])

    def winning_seat(self) -> int:
        """The seat winning the trick so far."""
        return self._winner(self.public.plays[1:])

    def _trick(self) -> FollowContext:
        """The lead of the trick being played (its suit, units and follow duty)."""
        fc = self.public.lead_context
        if fc is None:
            raise EngineError("no trick has been led")
        return fc

    def _winner(self, follows: list[tuple[Card, ...]]) -> int:
        """The seat winning the trick when the lead has been followed by ``follows``."""
        fc = self._trick()
        pub = self.public
        return (pub.leader + winner(fc.order, fc.lead, fc.units, fc.suit, follows)) % pub.players


class Player:
    """The decisions of one seat.  Subclasses override what they decide differently."""

    def declare(self, view: PlayerView, offers: list[Offer]) -> Offer | None:
        """One of ``offers`` to declare now, or None to pass."""
        return None

    def name_trump(self, view: PlayerView) -> str | None:
        """Nobody declared and the rules let this player name trump, or the banker an auction
        found names it (seeing the kitty where the rules say so): their longest suit (its cards,
        jokers and level cards left out; the first of equal suits)."""
        counts = {s: 0 for s in SUITS}
        for c in view.hand:
            if c < 52 and RANKS[c % 13] != view.level:
                counts[SUITS[c // 13]] += 1
        return max(SUITS, key=lambda s: counts[s])

    def name_held_trump(self, view: PlayerView, suits: Sequence[str]) -> str:
        """This player won the contest for the first trump (``declaring.first_banker`` "contest")
        and names trump: one of ``suits``, those of the level cards in the hand.  By default the
        one of them that makes the most trumps (its cards, with the jokers and level cards, being
        trumps either way; the first of equal suits)."""
        counts = {s: 0 for s in suits}
        for c in view.hand:
            if c < 52 and RANKS[c % 13] != view.level and SUITS[c // 13] in counts:
                counts[SUITS[c // 13]] += 1
        return max(suits, key=lambda s: counts[s])

    def guess_trump(self, view: PlayerView) -> str | None:
        """This player takes the kitty while the declarations lie face down (暗亮,
        ``declaring.face_down``) and does not know the standing declaration's suit: the trump to
        bury by (None: no-trump).  By default their longest suit (as ``Player.name_trump`` names
        it), which they then keep."""
        return Player.name_trump(self, view)

    def bid(self, view: PlayerView, offers: list[int]) -> int | None:
        """The auction (``rules.auction``): one of ``offers``, the bids better than the one standing
        in the order they get better, or None to pass (and be out of the auction).  By default the
        least better bid while the hand is worth it (``auction.sensible_bid``)."""
        from .auction import sensible_bid  # the auction's module imports this one

        return sensible_bid(view, offers)

    def give_up_bank(self, view: PlayerView) -> bool:
        """The banker, once the deal is over, may give up the bank to the player whose declaration
        stands (``declaring.give_up_bank``; trump is known): whether to.  By default when the hand
        holds less than half its fair share of the trumps (``give_up.weak_for_the_bank``)."""
        return short_of_trumps(view, 2)

    def exchange_with_declarer(self, view: PlayerView, declarer: int,
                               took: tuple[Card, ...]) -> Sequence[Card] | None:
        """The exchange with the declarer (粘牌, ``declaring.exchange_with_declarer``; trump is
        known): this player shows a joker with a tractor and may take ``took``, the standing
        declaration of ``declarer``, giving back one trump above the aces and two side cards of
        their own (``view.ctx.above_aces``).  The three cards to give back, or None to let it be.
        By default against another team's declaration, giving the weakest such cards."""
        from .exchange import weakest_give_back  # that module imports this one

        if declarer in view.teammates():
            return None
        return weakest_give_back(view)

    def redeal(self, view: PlayerView) -> bool:
        """This player's dealt hand lets them ask for a redeal (``declaring.redeal_hands``, or
        ``declaring.redeal_when``; trump is known): whether to ask.  By default they do for a hand
        of the named kinds; where a condition says who may ask, when the hand holds less than its
        fair share of the trumps (``short_of_trumps``)."""
        if not view.rules.declaring.redeal_when:
            return True
        return short_of_trumps(view, 1)

    def concede(self, view: PlayerView) -> bool:
        """After a trick, the rules let this player end the hand (``levels.concede``; the condition
        holds of them): whether to.  By default once the outcome is decided as this seat can tell
        (``early.outcome_seen``): nobody gains by playing on, and the table saves the time, as
        rbtying/shengji's players press its button to finish the game."""
        from .early import outcome_seen  # that module imports this one

        return outcome_seen(view)

    def bury(self, view: PlayerView, count: int) -> Sequence[Card]:
        raise NotImplementedError

    def call(self, view: PlayerView, count: int) -> Sequence[tuple[Card, int]]:
        """Finding Friends: ``count`` calls (card, ordinal): "the ordinal-th copy of card played"."""
        raise NotImplementedError

    def lead(self, view: PlayerView) -> Sequence[Card]:
        raise NotImplementedError

    def follow(self, view: PlayerView) -> Sequence[Card]:
        return view.legal_follow()

    def choose_part(self, view: PlayerView, options: list[tuple[Card, ...]]) -> int:
        """A throw failed and this player (the next after the leader) chooses the part the leader
        must play: an index into ``options``."""
        return 0


def short_of_trumps(view: PlayerView, divisor: int) -> bool:
    """Whether the part of the view's hand that is trumps is below the part of the pack that is,
    divided by ``divisor`` (1: less than a fair share; 2: less than half of one)."""
    suit_of = view.ctx.order.suit_of
    copies = pack_copies(view.rules.table)
    pack = sum(copies)
    pack_trumps = sum(n for c, n in enumerate(copies) if suit_of[c] == TRUMP)
    held = sum(1 for c in view.hand if suit_of[c] == TRUMP)
    if not view.hand or not pack:
        return False
    return held / len(view.hand) < pack_trumps / pack / divisor
