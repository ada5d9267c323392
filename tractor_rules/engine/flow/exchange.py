"""The exchange with the declarer (粘牌, Shandong; ``declaring.exchange_with_declarer``): once the
deal is over, where the standing declaration is three cards (a joker with a pair of level cards),
the other players are asked in turn after the declarer; the first who shows a joker with a tractor
and will exchange takes those three cards, giving the declarer one trump above the aces and two
side cards of their own.  Trump and the declarer stay; it happens once a hand at most.

With ``declaring.exchange_timing`` "during-deal" (粘牌 while the cards are dealt) the same exchange
is offered during the deal instead (``stick``): at each chance the deal gives a player to declare,
once they have declared or let it be, where the standing declaration is another player's joker with
a pair, judged with the trump that declaration names.  As in the source's game, where the exchange
comes once the overturning is over, an exchange closes the declaring: the declaration taken stands,
nobody declaring again in that deal; so it happens once a deal at most.

What counts is the oracle's (``Context.exchange_show_error``, ``Context.give_back_error``,
``Context.above_aces``, ``Context.taken_error``), which the replay of a log asks too."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..deck.cards import Card
from ..deck.order import TRUMP
from ..deck.units import decompose_suit
from ..oracle import Context
from .choices import IllegalPlay
from .record import Exchange
from .views import Player, PlayerView, Public

__all__ = ["TAKEN", "Exchange", "exchange_show", "give_back_options", "holds", "offer_exchange", "stick",
           "weakest_give_back"]

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


def offer_exchange(players: Sequence[Player], hands: list[list[Card]], public: Public, ctx: Context, seat: int,
                   declarer: int, took: tuple[Card, ...], at: int | None = None) -> Exchange | None:
    """Offer ``seat`` the exchange of ``took``, ``declarer``'s standing declaration, judged with
    ``ctx`` (its trump): nothing is asked of a hand without a joker with a tractor.  Where the
    player takes, the cards change hands and the table sees which were taken (``public.
    exchanged``); the exchange made (``at`` as ``Exchange.at``), or None."""
    hand = hands[seat]
    view = PlayerView(seat, hand, public)
    shown = exchange_show(view)
    if shown is None:
        return None
    given = players[seat].exchange_with_declarer(view, declarer, took)
    if given is None:
        return None
    gave = tuple(given)
    why = ctx.give_back_error(gave) if holds(hand, gave) else "cards it does not hold"
    if why is not None:
        raise IllegalPlay(seat, f"gave back {why} in the exchange with the declarer")
    for c in gave:
        hand.remove(c)
    for c in took:
        hands[declarer].remove(c)
    hand.extend(took)
    hands[declarer].extend(gave)
    public.exchanged = (seat, declarer, tuple(took))
    return Exchange(seat, declarer, shown, took, gave, at)


def stick(players: Sequence[Player], hands: list[list[Card]], public: Public, seat: int, declarer: int,
          took: tuple[Card, ...], trump: str | None) -> Exchange | None:
    """粘牌 during the deal (``declaring.exchange_timing`` "during-deal"): ``seat``, having had its
    chance to declare, may take ``took``, the standing declaration of ``declarer`` (another
    player), judged with ``trump``, the suit it names (None: no-trump).  The exchange made (the
    deal then lets nobody declare again: the declaration taken stands), or None."""
    ctx = public.rules.context(public.level, trump)
    if ctx.taken_error(took) is not None or not holds(hands[declarer], took):
        return None
    before = public.ctx
    public.ctx = ctx  # the players judge the exchange by the standing declaration's trump
    try:
        return offer_exchange(players, hands, public, ctx, seat, declarer, took, len(public.declarations))
    finally:
        public.ctx = before
