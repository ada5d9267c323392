"""The game in short, at the top of every sheet: what the game is won by, and one hand from the
deal to the scoring.  Each sentence sums up rules stated in full further down, for this ruleset's
table (a game without a kitty has no kitty step, Finding Friends has its calls)."""

from __future__ import annotations

from collections.abc import Callable

from ...rules import PhaseKind, Rules
from ..builder import Builder, Draft, Made
from ..i18n import _, ngettext
from .common import sentences
from .declaring import in_turn_first
from .expressions import as_written, condition_words, number_words
from .seats import audience_words, seat_words


def overview_section(b: Builder) -> None:
    with b.section("overview", _("The game in short")):
        b.overview("overview.object", _object)
        b.overview("overview.hand", _hand)


def swap_point(rules: Rules) -> int | None:
    """The attackers' points from which on every row gives them the bank (and below which none
    does); None when the table is not so split."""
    rows = sorted(rules.thresholds, key=lambda row: row.low)
    for i, row in enumerate(rows):
        if row.side == "attackers":
            below, above = rows[:i], rows[i:]
            if i and all(r.side == "banker" for r in below) and all(r.side == "attackers" for r in above):
                return row.low
            return None
    return None


def _object(rules: Rules) -> Made:
    t, levels = rules.table, rules.levels
    values = {"first": levels.first, "last": levels.last, "total": t.total_points, "swap": swap_point(rules),
              "n": levels.end_hands}
    if t.partnership == "alone":
        sides = _("In every hand the banker plays alone against all the others.")
    elif t.partnership == "called":
        sides = ngettext("In every hand the banker plays with the friend the called card finds, against all the "
                         "others.",
                         "In every hand the banker plays with the friends the called cards find, against all the "
                         "others.", t.called_cards)
    else:
        sides = _("Two teams play hand after hand: in each hand one team holds the bank and the other attacks.")
    if rules.counted:
        values["number"] = number_words(rules.counted)
        aim = _("The attackers collect the point cards (%(total)s points in all); the upgrade table reads "
                "%(number)s.") % values
    elif values["swap"] is None:
        aim = _("The attackers collect the point cards (%(total)s points in all); the upgrade table says what "
                "their points are worth.") % values
    else:
        aim = _("The attackers collect the point cards (%(total)s points in all): with %(swap)s or more they take "
                "the bank, with fewer the bankers keep it.") % values
    end = {
        "last": _("Everyone starts at level %(first)s; the game is won by winning a hand as the bankers at level "
                  "%(last)s."),
        "reach-last": _("Everyone starts at level %(first)s; the first to reach level %(last)s wins the game."),
        "beyond-last": _("Everyone starts at level %(first)s; past level %(last)s one more level decides the game."),
        "past-last": _("Everyone starts at level %(first)s; the first to go up past level %(last)s wins the game."),
        "hands": ngettext("Everyone starts at level %(first)s; after %(n)s hand the highest level wins.",
                          "Everyone starts at level %(first)s; after %(n)s hands the highest level wins.",
                          levels.end_hands),
    }[levels.game_end] % values
    if levels.rounds == 1:
        return sentences(sides, aim, end)
    if levels.rounds:
        again = _("The levels go round %(rounds)s times: past level %(last)s the climb goes on from level "
                  "%(first)s, and the game's end is in the last round.") % {**values, "rounds": levels.rounds}
    else:
        again = _("The levels go round without end: past level %(last)s the climb goes on from level "
                  "%(first)s.") % values
    return sentences(sides, aim, end, again)


def _hand(rules: Rules) -> Made:
    """A sentence for each of the hand's phases (``Rules.phases``), in their order."""
    steps = tuple(step for phase in rules.phases() for step in _PHASE_STEPS[phase](rules))
    return Draft(_("A hand, step by step:"), steps)


def _deal(rules: Rules) -> tuple[str, ...]:
    steps = _deal_steps(rules)
    d = rules.declaring
    if d.exchange_with_declarer and d.exchange_timing == "during-deal" and not rules.auction.on:
        steps += (_("The exchange with the declarer, while the cards are dealt: a player with a joker and a tractor "
                    "may take another's declared joker and pair, giving back a trump above the aces and two cards "
                    "of the side suits."),)
    return steps


def _deal_steps(rules: Rules) -> tuple[str, ...]:
    t = rules.table
    values = {"hand": as_written(rules, "table.hand_size", t.hand_size),
              "kitty": as_written(rules, "table.kitty_size", t.kitty_size)}
    if t.kitty_size:
        deal = ngettext("The deal: %(hand)s card each, %(kitty)s face down as the kitty.",
                        "The deal: %(hand)s cards each, %(kitty)s face down as the kitty.", t.hand_size) % values
    else:
        deal = ngettext("The deal: %(hand)s card each, no kitty.", "The deal: %(hand)s cards each, no kitty.",
                        t.hand_size) % values
    if not rules.declaring.ladder or rules.auction.on:
        return (deal,)
    if rules.declaring.in_turn and not rules.declaring.in_turn_when:
        return (deal,)
    if rules.declaring.in_turn:
        return deal, _("While the cards are dealt, players may declare trump by showing cards (except in a hand "
                       "declared in turn); the declaration that stands names the trump suit (or no-trump).")
    if rules.declaring.level_cards != "hand" and rules.declaring.fallback.kind == "player-level-card":
        return (*_deal_declared(rules, deal), _("If nobody declares, the kitty's cards are turned one by one until "
                                                 "one is of some player's level: that player banks at it, and its "
                                                 "suit is trump."))
    return _deal_declared(rules, deal)


def _deal_declared(rules: Rules, deal: str) -> tuple[str, ...]:
    """The deal's step, and the declaring's during it."""
    if rules.declaring.level_cards == "own-or-banker":
        return deal, _("While the cards are dealt, each player may declare trump by showing cards of their own "
                       "level, or of the banker's once someone has declared; the declaration that stands names the "
                       "trump suit (or no-trump), and the banker it leaves banks at their level.")
    if rules.declaring.level_cards != "hand":
        return deal, _("While the cards are dealt, each player may declare trump by showing cards of their own "
                       "level; the declaration that stands names the trump suit (or no-trump), and its declarer "
                       "banks at their level.")
    if rules.declaring.first_banker == "contest":
        return deal, _("While the cards are dealt (except in the game's first hand), players may declare trump by "
                       "showing cards; the declaration that stands names the trump suit (or no-trump).")
    return deal, _("While the cards are dealt, players may declare trump by showing cards; the declaration that "
                   "stands names the trump suit (or no-trump).")


def _cut(rules: Rules) -> tuple[str, ...]:
    return (_("In the game's first hand only: each player cuts a card, and the highest card deals."),)


def _contest(rules: Rules) -> tuple[str, ...]:
    return (_("In the game's first hand only: after the deal, all the players play rock-paper-scissors; the winner "
              "becomes the banker and names the trump suit, a suit of a level card they hold."),)


def _declare_in_turn(rules: Rules) -> tuple[str, ...]:
    decl = rules.declaring
    values = {"first": in_turn_first(decl)}
    if decl.in_turn_when:
        values["condition"] = condition_words(decl.in_turn_when)
        return (_("Declaring in turn, when %(condition)s: %(first)s, each player may declare once, until one "
                  "does; that player becomes the banker and names the trump.") % values,)
    return (_("Declaring in turn: %(first)s, each player may declare once, until one does; that player becomes "
              "the banker and names the trump.") % values,)


def _auction(rules: Rules) -> tuple[str, ...]:
    a = rules.auction
    values = {"start": a.start, "limit": a.limit, "step": a.step}
    if a.once:
        if a.direction == "down":
            return (_("The auction: each player in turn, once only, bids the points the attackers will need, from "
                      "%(start)s down in steps of %(step)s, or passes; the lowest bidder banks (a bid of %(limit)s "
                      "ends it at once).") % values,)
        return (_("The auction: each player in turn, once only, bids the points they promise to take, from %(start)s "
                  "up in steps of %(step)s, or passes; the highest bidder banks (a bid of %(limit)s ends it at "
                  "once).") % values,)
    if a.direction == "down":
        return (_("The auction: in turn, each player bids the points the attackers will need, from %(start)s down "
                  "in steps of %(step)s, or passes and is out; the lowest bidder banks (a bid of %(limit)s ends "
                  "it at once).") % values,)
    return (_("The auction: in turn, each player bids the points they promise to take, from %(start)s up in "
              "steps of %(step)s, or passes and is out; the highest bidder banks (a bid of %(limit)s ends it at "
              "once).") % values,)


def _name_trump(rules: Rules) -> tuple[str, ...]:
    if rules.auction.trump == "after-kitty" and rules.table.kitty_size:
        return (_("The banker looks at the kitty and names the trump suit."),)
    return (_("The banker names the trump suit."),)


def _show_kitty(rules: Rules) -> tuple[str, ...]:
    if not rules.table.kitty_size:
        return ()
    if not rules.kitty_exchange.shown_before_burying:
        return tuple(_("The kitty is shown to %(who)s.") % {"who": audience_words(s.to)}
                     for s in rules.kitty_exchange.shown_to if s.moment == "before-burying")
    return (_("The kitty is turned face up for every player to see."),)


def _show_after_burying(rules: Rules) -> tuple[str, ...]:
    if not rules.table.kitty_size:
        return ()
    return tuple(_("The cards buried are shown to %(who)s.") % {"who": audience_words(s.to)}
                 for s in rules.kitty_exchange.shown_to if s.moment == "after-burying")


def _bury(rules: Rules) -> tuple[str, ...]:
    if not rules.table.kitty_size:
        return ()
    role = rules.kitty_exchange.buried_by
    if role == "partner":
        return (_("The banker's partner takes the kitty into hand and buries as many cards in its place."),)
    if role == "first-banker-after-declarer":
        return (_("The first player of the banker's team after the declarer takes the kitty into hand and buries "
                  "as many cards in its place."),)
    return (_("The banker takes the kitty into hand and buries as many cards in its place."),)


def _overturn(rules: Rules) -> tuple[str, ...]:
    if not rules.declaring.ladder:
        return ()
    first = rules.declaring.overturn_first
    if not rules.table.kitty_size and first in ("after-burier", "after-banker"):
        step = _("Declaring goes round once more, from the player after the banker: each in turn may declare, "
                 "stronger than the declaration standing (whose declarer passes), until all have passed in a row.")
    elif not rules.table.kitty_size:
        step = _("Declaring goes round once more, from %(first)s: each in turn may declare, stronger than the "
                 "declaration standing (whose declarer passes), until all have passed in a row.") % {
            "first": seat_words("banker" if first == "burier" else first)}
    elif first == "after-burier":
        step = _("Declaring goes round once more, from the player after the one who buried: each in turn may "
                 "declare, stronger than the declaration standing (whose declarer passes), until all have passed "
                 "in a row; whoever declares takes the kitty and buries in turn.")
    else:
        step = _("Declaring goes round once more, from %(first)s: each in turn may declare, stronger than the "
                 "declaration standing (whose declarer passes), until all have passed in a row; whoever declares "
                 "takes the kitty and buries in turn.") % {"first": seat_words(first)}
    return (step,)


def _call(rules: Rules) -> tuple[str, ...]:
    calls = rules.table.called_cards
    step = ngettext("The banker calls %(calls)s card: whoever plays it becomes the banker's friend.",
                    "The banker calls %(calls)s cards: whoever plays one becomes the banker's friend.", calls)
    return (step % {"calls": calls},)


def _play(rules: Rules) -> tuple[str, ...]:
    first = rules.leading.first_lead
    if first == "banker":
        return (_("The tricks: the banker leads the first; everyone plays as many cards as the lead, following "
                  "its suit as far as they can; the highest play wins and leads the next."),)
    return (_("The tricks: %(first)s leads the first; everyone plays as many cards as the lead, following its "
              "suit as far as they can; the highest play wins and leads the next.") % {
        "first": seat_words(first)},)


def _show_buried(rules: Rules) -> tuple[str, ...]:
    if not rules.table.kitty_size:
        return ()
    if not rules.kitty_exchange.shown_at_end:
        return tuple(_("The cards buried are shown to %(who)s.") % {"who": audience_words(s.to)}
                     for s in rules.kitty_exchange.shown_to if s.moment == "at-end")
    return (_("The cards buried are turned face up for every player to see."),)


def _score(rules: Rules) -> tuple[str, ...]:
    if rules.counted and (not rules.table.kitty_size or rules.kitty.kind == "none"):
        return (_("The score: the attackers count the points they won; the upgrade table turns %(number)s into "
                  "levels.") % {"number": number_words(rules.counted)},)
    if rules.counted:
        return (_("The score: the attackers count the points they won (and the kitty's, where they win it); the "
                  "upgrade table turns %(number)s into levels.") % {"number": number_words(rules.counted)},)
    if rules.table.kitty_size and rules.kitty.kind != "none":
        return (_("The score: the attackers count the points they won, and the kitty's, multiplied, if they win "
                  "the last trick; the upgrade table turns their points into levels."),)
    return (_("The score: the attackers count the points they won; the upgrade table turns their points into "
              "levels."),)


def _exchange(rules: Rules) -> tuple[str, ...]:
    return (_("The exchange with the declarer: a player with a joker and a tractor may take the declared joker and "
              "pair, giving back a trump above the aces and two cards of the side suits."),)


def _reveal(rules: Rules) -> tuple[str, ...]:
    if not rules.declaring.ladder:
        return ()
    return (_("The declarations, made face down, are turned face up: every player now knows trump."),)


def _give_up(rules: Rules) -> tuple[str, ...]:
    return (_("Giving up the bank: the banker may hand the bank to the player whose declaration stands, if that "
              "player is not on the banker's team."),)


#: each phase's steps, as the overview says them (none: a phase with nothing to do at this table)
_PHASE_STEPS: dict[PhaseKind, Callable[[Rules], tuple[str, ...]]] = {
    "cut": _cut,
    "deal": _deal,
    "declare-in-turn": _declare_in_turn,
    "contest": _contest,
    "auction": _auction,
    "exchange": _exchange,
    "give-up": _give_up,
    "show-kitty": _show_kitty,
    "name-trump": _name_trump,
    "bury": _bury,
    "reveal": _reveal,
    "overturn": _overturn,
    "show-after-burying": _show_after_burying,
    "call": _call,
    "play": _play,
    "show-buried": _show_buried,
    "score": _score,
}
