"""The auction: how the players bid for the bank, and how the banker names trump, on a sheet whose
bank is decided by bidding instead of declaring (``rules.auction``)."""

from __future__ import annotations

from typing import Any

from ..builder import Builder, Made
from ..i18n import _
from ..phase_examples import auction_example, cut_example
from .declaring import first_dealer
from .expressions import card_words


def auction_section(b: Builder) -> None:
    with b.section("auction", _("The auction")):
        b.rule("auction.bids", _bids)
        b.rule("auction.first_bidder", _first_bidder)
        b.rule("auction.first_hand_bidder", _first_hand_bidder)
        b.rule("declaring.first_dealer", first_dealer)  # the cut finds the first hand's dealer here too
        b.example("declaring.first_dealer_example", cut_example)
        b.rule("auction.all_pass", _all_pass)
        b.rule("auction.trump", _trump)
        b.example("auction.example", auction_example)


def _bids(r: Any) -> Made:
    a = r.auction
    values = {"start": a.start, "limit": a.limit, "step": a.step}
    if a.once:
        if a.direction == "down":
            return _("Nobody declares: the players bid for the bank. In turn, each player has one turn only, to bid "
                     "the points the attackers will need, %(start)s or fewer in steps of %(step)s, below any bid "
                     "standing, or to pass. A bid of %(limit)s ends the auction; else it ends when every player has "
                     "had their turn, and the lowest bidder banks.") % values
        return _("Nobody declares: the players bid for the bank. In turn, each player has one turn only, to bid the "
                 "points they promise to take, %(start)s or more in steps of %(step)s, above any bid standing, or to "
                 "pass. A bid of %(limit)s ends the auction; else it ends when every player has had their turn, and "
                 "the highest bidder banks.") % values
    if a.direction == "down":
        return _("Nobody declares: the players bid for the bank. In turn, each player still bidding bids the "
                 "points the attackers will need, %(start)s or fewer in steps of %(step)s, below the bid standing, "
                 "or passes and is out. A bid of %(limit)s ends the auction; else it ends when all the others have "
                 "passed, and the lowest bidder banks.") % values
    return _("Nobody declares: the players bid for the bank. In turn, each player still bidding bids the points "
             "they promise to take, %(start)s or more in steps of %(step)s, above the bid standing, or passes and "
             "is out. A bid of %(limit)s ends the auction; else it ends when all the others have passed, and the "
             "highest bidder banks.") % values


def _first_bidder(r: Any) -> Made:
    if r.auction.first_bidder == "holder":
        return _("The player the rotation names as the next banker deals the next hand (the first hand's dealer is "
                 "chosen at the table), and the player dealt %(card)s bids first (of several, the first after the "
                 "dealer in turn order; if it lies in the kitty, the dealer); the auction decides who banks.") % {
                     "card": card_words(r.auction.first_bidder_card)}
    if r.auction.first_bidder == "dealer":
        return _("The player the rotation names as the next banker deals the next hand and bids first (the first "
                 "hand's dealer is chosen at the table); the auction decides who banks.")
    return _("The player the rotation names as the next banker deals the next hand, and the player after the "
             "dealer bids first (the first hand's dealer is chosen at the table); the auction decides who banks.")


def _first_hand_bidder(r: Any) -> Made:
    a = r.auction
    if not a.first_hand_bidder:
        return None
    if a.first_hand_bidder == "holder":
        return _("In the game's first hand the player dealt %(card)s bids first (of several, the first after the "
                 "dealer in turn order); if it lies in the kitty, the first bidder is as in the other hands.") % {
                     "card": card_words(a.first_hand_card)}
    if a.first_hand_bidder == "dealer":
        return _("In the game's first hand the dealer bids first.")
    return _("In the game's first hand the player after the dealer bids first.")


def _all_pass(r: Any) -> Made:
    if r.auction.all_pass == "redeal":
        return _("If everyone passes without bidding, the cards are dealt again.")
    return _("If everyone passes without bidding, the first bidder becomes the banker at %(start)s.") % {
        "start": r.auction.start}


def _trump(r: Any) -> Made:
    if r.auction.trump == "after-kitty":
        return _("The banker takes the kitty into hand and, having seen it, names the trump suit, then buries as "
                 "many cards.")
    return _("The banker names the trump suit from their own hand, before taking the kitty.")
