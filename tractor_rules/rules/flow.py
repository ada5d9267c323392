"""A hand's phases, in order: the flow of one hand as data, which the engine runs phase by phase and
the sheet states step by step.

The standard hand is ``STANDARD_PHASES``; its optional phases are switched on by the statements that
have always said whether they happen (``in turn: when ...``, ``first banker: contest winner``, ``shown: before burying``, ``overturn after kitty: yes``,
``partners: by calling N cards``, ``shown: at the end``, ``shown: after burying to ...``, ``give up the bank: yes``, ``exchange with the declarer: yes``,
``declarations: face down until the kitty is buried``), so every
ruleset keeps its meaning, and a
phase's policies are fields of the section that states it: the auction's are the ``auction``
section's (``bids: 80 down to 5 by 5``), which switches it and the naming of trump on.  ``hand_phases`` gives the phases one
ruleset plays.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, get_args

if TYPE_CHECKING:
    from .ruleset import Rules

#: "cut": in the game's first hand, the players cut for who draws first (``declaring.first_dealer``);
#: "deal": the deal, with declaring while it goes, redeals and the first banker; "declare-in-turn":
#: after the deal, the players declaring in turn from the banker (``declaring.in_turn``, in a hand
#: its condition allows), the first to declare banking; "contest": after the game's first deal,
#: dealt without declaring, a contest of chance whose winner names trump, a suit of a level card
#: they hold, and banks (``declaring.first_banker`` "contest"); "auction": the
#: players bid for the bank in turn instead (``rules.auction``), the best bidder banking;
#: "exchange": the exchange with the declarer (粘牌, ``declaring.exchange_with_declarer``): another
#: player showing a joker with a tractor takes the standing three-card declaration's cards, giving
#: back a trump above the aces and two side cards (made during the deal instead, in "deal", where
#: ``declaring.exchange_timing`` says so);
#: "give-up": the banker may give up the bank to the player whose declaration stands
#: (``declaring.give_up_bank``; ``Rules.bank_given_up_to``);
#: "show-kitty": the kitty as dealt shown to the table, or to the players the rules name; "name-trump": after an auction, the banker
#: names trump (having seen the kitty, or from the hand alone, as ``auction.trump`` says); "bury": the banker takes the kitty and buries as many cards;
#: "reveal": the declarations made face down (暗亮, ``declaring.face_down``) turned, trump known to all;
#: "overturn": after the exchange, the others may overturn in turn (炒地皮), an overturner burying
#: again; "show-after-burying": the cards buried, as last buried, shown to the players the rules name
#: (``kitty_exchange.shown_to``); "call": the banker calls cards (Finding Friends); "play": the
#: tricks; "show-buried": the buried cards shown to the table, or to the players the rules name;
#: "score": the points, the level change and the next banker
PhaseKind = Literal["cut", "deal", "declare-in-turn", "contest", "auction", "exchange", "give-up", "show-kitty", "name-trump", "bury",
                    "reveal", "overturn", "show-after-burying", "call", "play", "show-buried", "score"]
PHASE_KINDS: tuple[PhaseKind, ...] = get_args(PhaseKind)

#: every phase a hand can have, in the order they come
STANDARD_PHASES: tuple[PhaseKind, ...] = PHASE_KINDS


def hand_phases(rules: Rules) -> tuple[PhaseKind, ...]:
    """The phases a hand of ``rules`` goes through, in order: the standard ones, less the optional
    phases the ruleset does not switch on."""
    shown = {showing.moment for showing in rules.kitty_exchange.shown_to}
    on = {
        "cut": rules.declaring.first_dealer == "cut",
        "declare-in-turn": rules.declaring.in_turn,
        "contest": rules.declaring.first_banker == "contest",
        "auction": rules.auction.on,
        "exchange": (rules.declaring.exchange_with_declarer and rules.declaring.exchange_timing == "after-deal"
                     and not rules.auction.on),
        "give-up": rules.declaring.give_up_bank and not rules.auction.on,
        "name-trump": rules.auction.on,
        "show-kitty": rules.kitty_exchange.shown_before_burying or "before-burying" in shown,
        "show-after-burying": "after-burying" in shown,
        "reveal": rules.declaring.face_down and not rules.auction.on,
        "overturn": rules.declaring.overturn_after_kitty,
        "call": rules.table.partnership == "called",
        "show-buried": rules.kitty_exchange.shown_at_end or "at-end" in shown,
    }
    return tuple(kind for kind in STANDARD_PHASES if on.get(kind, True))
