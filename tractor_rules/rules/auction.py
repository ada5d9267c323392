"""The ``auction`` section of the rules object: the bank decided by bidding instead of declaring.

After the deal the players bid in turn: each bid is a number of points (the points the attackers
will need, bidding down, or the points the bidder promises to take, bidding up), better than the
bid standing; a player who passes is out of the auction.  It ends when every player but the one
holding the best bid has passed, or at once with a bid of ``limit``; with ``once``, each player has
one turn only, and it ends when every player has had it (or at once with a bid of ``limit``).  The best bidder banks and
names trump, before taking the kitty or after seeing it.  With no bid at all, ``all_pass`` says
what happens.  The winning bid is the quantity ``bid`` of the rule expressions, which the upgrade
table's ``counted`` number and the house rules after each hand read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .base import MAX_POINTS, bounded, since

#: how the bids run: "none" (no auction: the bank is declared), "down" (each bid is fewer points
#: the attackers need), "up" (each bid is more points the bidder promises)
AuctionDirection = Literal["none", "down", "up"]


@dataclass(frozen=True, slots=True)
class Auction:
    direction: AuctionDirection = since(4, default="none")
    #: the first bid a player may make (bidding down: at most this; up: at least this)
    start: int = bounded(1, MAX_POINTS, off=0, default=0, version=4)
    #: the bid that ends the auction at once: the last one the grid allows
    limit: int = bounded(1, MAX_POINTS, off=0, default=0, version=4)
    #: bids are ``start`` and the numbers ``step`` apart from it, towards ``limit``
    step: int = bounded(1, MAX_POINTS, off=0, default=0, version=4)
    #: whether each player has one turn only (bid or pass), the auction ending when every player has
    #: had it; else a player bids again until they pass, and bidding goes round until one is left
    once: bool = since(4, default=False)
    #: who bids first: "dealer", "next-seat" (the seat after the dealer), or "holder" (the first
    #: seat from the dealer's next, the dealer last, dealt ``first_bidder_card``; the dealer when
    #: every copy lay in the kitty)
    first_bidder: Literal["dealer", "next-seat", "holder"] = since(4, default="dealer")
    #: with ``first_bidder`` "holder", the card (``"3D"``); "" otherwise
    first_bidder_card: str = since(4, default="")
    #: who bids first in the game's first hand, as ``first_bidder``; "": as ``first_bidder`` says.
    #: "holder": the holder of ``first_hand_card``, and where every copy lay in the kitty, as
    #: ``first_bidder`` says
    first_hand_bidder: Literal["", "dealer", "next-seat", "holder"] = since(4, default="")
    #: with ``first_hand_bidder`` "holder", the card; "" otherwise
    first_hand_card: str = since(4, default="")
    #: when nobody bids: "redeal", or "first-bidder" (the first bidder banks at ``start``)
    all_pass: Literal["redeal", "first-bidder"] = since(4, default="redeal")
    #: when the banker names trump: "after-kitty" (having seen the kitty, before burying), or
    #: "before-kitty" (from the hand alone)
    trump: Literal["after-kitty", "before-kitty"] = since(4, default="after-kitty")

    @property
    def on(self) -> bool:
        """Whether the bank is decided by an auction."""
        return self.direction != "none"

    def bids(self) -> tuple[int, ...]:
        """Every bid the grid allows, from the first to ``limit``, in the order they get better."""
        if not self.on or self.step <= 0:
            return ()
        sign = -1 if self.direction == "down" else 1
        out = []
        value = self.start
        while (value - self.limit) * sign <= 0:
            out.append(value)
            value += sign * self.step
        return tuple(out)

    def better(self, bid: int, than: int | None) -> bool:
        """Whether ``bid`` beats the standing bid ``than`` (None: nothing bid yet)."""
        if than is None:
            return True
        return bid < than if self.direction == "down" else bid > than
