"""The auction (``rules.auction``): after the deal the players bid for the bank instead of
declaring, and the best bidder banks and names trump.

From the first bidder (the dealer, or the seat after), each player still in the auction in turn
bids better than the bid standing (``Auction.better``: fewer points bidding down, more bidding up),
on the grid of ``Auction.bids``, or passes and is out.  The auction ends when every player but the
best bidder has passed, or at once with the last bid of the grid.  When everyone passes without a
bid, ``all_pass`` says: a redeal (the caller deals again), or the first bidder banks at the first
bid.  The work is bounded: every turn is a pass, which takes a player out, or a better bid, of
which the grid has finitely many.  With ``Auction.once`` each player has one turn only, in order
from the first bidder: the auction ends when the last has had it (or at once with the last bid of
the grid), and the best bid banks.

Players bid through ``Player.bid``; what they may bid is ``bid_offers``, which the oracle and the
replay of a log ask too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...rules import RANKS, SUITS, Auction, Rules
from ..deck.cards import Card, deck_cards, pack_copies, parse_token
from .choices import IllegalPlay
from .seats import in_turn, seat_of
from .views import Player, PlayerView, Public


@dataclass(frozen=True, slots=True)
class Bidding:
    """An auction played: every turn in order, (seat, bid or None for a pass); the banker and the
    winning bid (None: everyone passed, and the rules say redeal)."""

    turns: tuple[tuple[int, int | None], ...]
    banker: int | None
    bid: int | None


#: the auction's first bidder as the seats of ``expressions.SEATS`` name it (the holder of a card
#: is found from the hands, ``holder_from``)
BIDDER_SEATS = {"dealer": "dealer", "next-seat": "after-dealer"}


def first_bidder(auction: Auction, dealer: int, players: int, hands: Sequence[Sequence[Card]] = (),
                 first_hand: bool = False) -> int:
    """The seat that bids first: in the game's first hand as ``auction.first_hand_bidder`` says,
    where it says anything, else as ``auction.first_bidder``: the dealer, the seat after, or the
    holder of a card in ``hands`` (the cards as dealt), as the house rule after a hand finds it,
    counting from the dealer; where every copy lay in the kitty, the dealer (in the first hand: as
    ``first_bidder`` says)."""
    if first_hand and auction.first_hand_bidder:
        seat = _seat(auction.first_hand_bidder, auction.first_hand_card, dealer, players, hands)
        if seat is not None:
            return seat
    seat = _seat(auction.first_bidder, auction.first_bidder_card, dealer, players, hands)
    return dealer if seat is None else seat


def _seat(bidder: str, card: str, dealer: int, players: int, hands: Sequence[Sequence[Card]]) -> int | None:
    if bidder != "holder":
        return seat_of(BIDDER_SEATS[bidder], players, banker=dealer, dealer=dealer)
    return holder_from(parse_token(card), dealer, hands)


def holder_from(card: Card, dealer: int, hands: Sequence[Sequence[Card]]) -> int | None:
    """The first seat after ``dealer`` in turn order (the dealer last) whose hand holds ``card``;
    None when none does."""
    players = len(hands)
    return next((seat for seat in ((dealer + k) % players for k in range(1, players + 1)) if card in hands[seat]),
                None)


def bid_offers(auction: Auction, standing: int | None) -> list[int]:
    """The bids a player may make over the standing bid (None: nothing bid yet), in the order they
    get better; empty once the last bid of the grid stands."""
    return [b for b in auction.bids() if auction.better(b, standing)]


def run_auction(rules: Rules, players: Sequence[Player], hands: Sequence[Sequence[Card]], public: Public,
                first: int) -> Bidding:
    """Ask the players to bid, from ``first``, until the auction ends."""
    auction = rules.auction
    n = rules.table.players
    order = in_turn(first, n)
    if auction.once:
        return _once_round(auction, players, hands, public, order)
    passed: set[int] = set()
    turns: list[tuple[int, int | None]] = []
    best: int | None = None
    best_seat: int | None = None
    at = 0
    while len(passed) < n:
        seat = order[at % n]
        at += 1
        if seat in passed:
            continue
        if seat == best_seat:  # everyone else passed since this bid
            break
        offers = bid_offers(auction, best)
        choice = players[seat].bid(PlayerView(seat, hands[seat], public), list(offers))
        if choice is None:
            passed.add(seat)
            turns.append((seat, None))
            if best_seat is not None and len(passed) == n - 1:
                break
            continue
        if choice not in offers:
            raise IllegalPlay(seat, f"bid {choice!r}, which was not on offer ({', '.join(map(str, offers))})")
        best, best_seat = choice, seat
        turns.append((seat, choice))
        if choice == auction.limit or len(passed) == n - 1:
            break
    if best_seat is None:
        if auction.all_pass == "first-bidder":
            return Bidding(tuple(turns), first, auction.start)
        return Bidding(tuple(turns), None, None)
    return Bidding(tuple(turns), best_seat, best)


def _once_round(auction: Auction, players: Sequence[Player], hands: Sequence[Sequence[Card]], public: Public,
                order: Sequence[int]) -> Bidding:
    """``auction.once``: each player in ``order`` has one turn, a better bid or a pass; the best bid
    banks once all have had it, or at once with the last bid of the grid."""
    turns: list[tuple[int, int | None]] = []
    best: int | None = None
    best_seat: int | None = None
    for seat in order:
        offers = bid_offers(auction, best)
        choice = players[seat].bid(PlayerView(seat, hands[seat], public), list(offers))
        if choice is not None and choice not in offers:
            raise IllegalPlay(seat, f"bid {choice!r}, which was not on offer ({', '.join(map(str, offers))})")
        turns.append((seat, choice))
        if choice is not None:
            best, best_seat = choice, seat
            if choice == auction.limit:
                break
    if best_seat is None:
        if auction.all_pass == "first-bidder":
            return Bidding(tuple(turns), order[0], auction.start)
        return Bidding(tuple(turns), None, None)
    return Bidding(tuple(turns), best_seat, best)


# --- how a player judges a hand for bidding -------------------------------------------------------


def trump_share(rules: Rules, hand: Sequence[Card], level: str | None) -> tuple[float, str]:
    """The best suit to name with ``hand`` and the share of that suit's trumps (the jokers, the
    constant ranks, the level cards and the suit's own cards, over the whole pack) the hand holds;
    high cards of the other suits count half a trump each.  A quick judgement, not a search."""
    constant = set(rules.trumps.constant_ranks)
    copies = pack_copies(rules.table)
    always = {c for c in deck_cards(rules.table) if c.is_joker or RANKS[c % 13] in constant or RANKS[c % 13] == level}
    always_total = sum(copies[c] for c in always)
    held_always = sum(1 for c in hand if c in always)
    best_suit, best_share = SUITS[0], -1.0
    for index, suit in enumerate(SUITS):
        own = [c for c in deck_cards(rules.table) if c not in always and c // 13 == index]
        total = always_total + sum(copies[c] for c in own)
        held = held_always + sum(1 for c in hand if c not in always and c // 13 == index)
        aces = sum(1 for c in hand if c not in always and c // 13 != index and RANKS[c % 13] == "A")
        share = (held + aces / 2) / total if total else 0.0
        if share > best_share:
            best_suit, best_share = suit, share
    return best_share, best_suit


def sensible_bid(view: PlayerView, offers: Sequence[int]) -> int | None:
    """The bid a player who judges their hand by ``trump_share`` makes: the least better bid, if
    the hand is worth it, else a pass.  A fair share of the trumps is 1 in the players; each point
    of share beyond it is worth a like part of the pack's points, taken from the attackers' (bidding
    down) or promised (bidding up)."""
    if not offers:
        return None
    rules = view.rules
    share, _ = trump_share(rules, view.hand, view.level)
    fair = 1 / rules.table.players
    total = rules.table.total_points
    # the points the others would take from this hand's banker: half the pack with a fair share,
    # none with twice a fair share or more
    worth = max(0.0, min(1.0, 1 - (share - fair) / fair))
    others_take = total * worth / 2
    auction = rules.auction
    wanted = offers[0]
    if auction.direction == "down":
        return wanted if wanted >= others_take else None
    return wanted if wanted <= total - others_take else None


def name_from_hand(view: PlayerView) -> str:
    """The suit ``trump_share`` finds best for the hand the view shows."""
    return trump_share(view.rules, view.hand, view.level)[1]
