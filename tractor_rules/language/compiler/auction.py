"""Handlers for the ``auction`` section (the bank decided by bidding: the bids, who bids first,
what happens when everyone passes, when the banker names trump) and for the upgrade table's
``counted:`` number, which an auction's tables read the attackers' points against the bid with."""

from __future__ import annotations

from ... import codes
from ... import rules as model
from ...rules import expressions
from ..syntax import Statement, as_node
from .core import Compiler, handles, handles_choice, limits
from .expressions import number_tree, phase_seat


@handles("bids")
def _bids(c: Compiler, st: Statement) -> None:
    start_leaf, direction, limit_leaf, step_leaf, *once = st.node.args
    low, high = limits(model.Auction, "start")
    start = c.number(start_leaf, low, high, "the first bid")
    limit = c.number(limit_leaf, low, high, "the last bid")
    step = c.number(step_leaf, *limits(model.Auction, "step"), "the step between bids")
    if start is None or limit is None or step is None:
        return
    down = as_node(direction).kind == "bid_down"
    if (limit >= start) if down else (limit <= start):
        c.error(limit_leaf, f"bidding {'down' if down else 'up'} from {start}, the last bid must be "
                            f"{'below' if down else 'above'} it, not {limit}", code=codes.WRONG_ORDER)
        return
    if (start - limit) % step:
        c.error(step_leaf, f"bids {step} apart from {start} never reach {limit}: the step must divide "
                           f"{abs(start - limit)}", code=codes.CONTRADICTORY_STATEMENT)
        return
    c.set("auction.direction", "down" if down else "up")
    c.set("auction.start", start)
    c.set("auction.limit", limit)
    c.set("auction.step", step)
    c.set("auction.once", bool(once))


#: the seats the auction may start from → ``auction.first_bidder``, as it was written before the roles
_BIDDER = {"dealer": "dealer", "after-dealer": "next-seat"}


@handles("first_bidder", "first_hand_bidder")
def _first_bidder(c: Compiler, st: Statement) -> None:
    """``first bidder: ROLE`` (every hand) and ``first bidder in the first hand: ROLE`` (the game's
    first): the dealer, the seat after (``the next seat``), or the holder of a card, the seats
    known when the auction begins."""
    seat = phase_seat(c, st.node.args[0], "auction")
    if seat is None:
        return
    field, card = (("auction.first_bidder", "auction.first_bidder_card") if st.kind == "first_bidder"
                   else ("auction.first_hand_bidder", "auction.first_hand_card"))
    if isinstance(seat, tuple):  # the holder of a card
        c.set(field, "holder")
        c.set(card, seat[1])
    else:
        c.set(field, _BIDDER[seat])
        c.set(card, "")


handles_choice("all_pass", "auction.all_pass", {"all_pass_redeal": "redeal", "all_pass_first_bidder": "first-bidder"})
handles_choice("trump_named", "auction.trump", {"after_kitty": "after-kitty", "before_kitty": "before-kitty"})


@handles("counted")
def _counted(c: Compiler, st: Statement) -> None:
    if st.section != "upgrade":
        c.error(st, "'counted:' belongs to the 'upgrade' section: every upgrade table is read with it",
                code=codes.CONTRADICTORY_STATEMENT)
        return
    tree = number_tree(c, st.node.args[0], expressions.SCORE)
    if tree is not None:
        c.set("counted", model.Number(tree))


