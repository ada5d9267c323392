"""Worked examples of a hand's phases, played by the engine, never written by hand.

For each phase beyond the standard deal, burying, tricks and score that a ruleset has
(``Rules.phases``: the cut, declaring in turn, the contest for the first trump, the auction and the
naming of trump, the exchange with the declarer, giving up the bank, the kitty shown, burying by
another player than the banker, the declarations made face down and turned once the kitty is
buried, overturning after the kitty, the calls of Finding Friends, the buried cards shown), the
sheet tells one hand as it went: the engine's own ``Hand`` runs the ruleset's phases on a deal
shuffled from a fixed seed, with the engine's greedy player in every seat, and the sentence reads
what the hand did (who bid what, who cut which card, who declared, who won the contest and named
which trump, who gave up the bank, who buried which cards and whether they knew trump, who
answered a call).

A phase's hand is the first of ``TRIES`` fixed seeds in which the phase does what it is there for
(a bid bettered, a turn passed before a declaration, a suit named by the contest's winner, an
exchange made, the bank given up, a player other than the banker burying, trumps buried by a
player who did not know trump), else the first that shows the phase at all (the bank kept, nobody
overturning); a hand is played only up to its first trick (the phases before it decide everything
they show), but for the calls, whose friends the tricks find.  The hands are kept per ruleset, so
the English and the Chinese sheet tell the same hand; a sheet is the same at every run and costs a
few milliseconds a phase.  ``phase_hand`` gives the hand an example tells, so that a test
can play it to the end and replay its log through the checker.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..engine.flow.friends import FriendWatch
from ..engine.flow.hand import Hand
from ..engine.flow.views import PlayerView, Public
from ..engine.players.basic import GreedyPlayer
from ..engine.rulings.declaring import cut_winner, declares_in_turn
from ..rules import Rules
from .builder import Made
from .i18n import N_, _, ngettext
from .words import cards_text, join_and, join_list, suit_text

#: how many seeds a phase's example tries before it gives up (hands cut short at the first trick
#: cost a fraction of a millisecond each)
TRIES = 64

#: the banker of a later hand's example (the first seat)
BANKER = 0

#: the seats' names at a table of four, in the order of play: clockwise, and counterclockwise
COMPASS = (N_("North"), N_("East"), N_("South"), N_("West"))
COMPASS_COUNTERCLOCKWISE = (N_("North"), N_("West"), N_("South"), N_("East"))

#: "the first ♦A", ...: a called copy, by its number, as far as the words go
ORDINALS = (N_("the first %(card)s"), N_("the second %(card)s"), N_("the third %(card)s"),
            N_("the fourth %(card)s"))


def seat_name(rules: Rules, seat: int) -> str:
    """A seat in words: at four players North, East, South, West in the order of play (North, West,
    South, East where play goes counterclockwise), else "Seat n" (numbered from 1 in the order of
    play, as on the score tracker)."""
    if rules.table.players == len(COMPASS):
        names = COMPASS_COUNTERCLOCKWISE if rules.table.direction == "counterclockwise" else COMPASS
        return _(names[seat])
    return _("Seat %(n)s") % {"n": seat + 1}


# --- playing the example's hand --------------------------------------------------------------------


class _TricksBegin(Exception):
    """The first trick is led: the phases before the tricks are over."""


class _UntilTricks(GreedyPlayer):
    """The greedy player, stopping the hand when asked to lead the first trick."""

    def lead(self, view: PlayerView) -> Sequence[Any]:
        raise _TricksBegin


@dataclass(frozen=True, slots=True)
class PhaseHand:
    """The hand a phase's example tells: the seed that shuffled it, the banker it was given (None:
    the game's first hand, whose banker the deal finds), its level, and the hand as its first trick
    was about to be led (``to_end``: as it ended)."""

    seed: str
    banker: int | None
    level: str
    hand: Hand


def play(rules: Rules, seed: str, banker: int | None, level: str, *, to_end: bool = False) -> Hand:
    """One hand of ``rules`` with the greedy player in every seat, shuffled from ``seed``; cut short
    as its first trick is led unless ``to_end``."""
    kind = GreedyPlayer if to_end else _UntilTricks
    hand = Hand(rules, [kind(seat) for seat in range(rules.table.players)], random.Random(seed),
                level=level, banker=banker)
    try:
        hand.play()
    except _TricksBegin:
        pass
    return hand


def _seed(phase: str, attempt: int) -> str:
    return f"tractor-rules/sheet/{phase}/{attempt}"


def _first(rules: Rules, phase: str, banker: int | None, level: str, shows: Sequence[Callable[[Hand], bool]],
           to_end: bool = False) -> PhaseHand | None:
    """The hand of the first seed that shows the first of ``shows`` (what the example would best
    show), else the first that shows the next, ...; None when none of ``TRIES`` seeds shows any."""
    best: tuple[int, str, Hand] | None = None
    for attempt in range(TRIES):
        seed = _seed(phase, attempt)
        hand = play(rules, seed, banker, level)
        rank = next((i for i, shown in enumerate(shows) if shown(hand)), None)
        if rank is not None and (best is None or rank < best[0]):
            best = (rank, seed, hand)
            if rank == 0:
                break
    if best is None:
        return None
    _rank, seed, hand = best
    return PhaseHand(seed, banker, level, play(rules, seed, banker, level, to_end=True) if to_end else hand)


def _standing_cards(hand: Hand) -> tuple[Any, ...] | None:
    """The standing declaration's cards: its declarer's last showing (a reinforcement shows all)."""
    if hand.standing is None:
        return None
    seat = hand.standing.seat
    return next((cards for who, cards in reversed(hand.public.declarations) if who == seat), None)


def _kept_kitty(hand: Hand) -> bool:
    """The kitty buried once and kept: nobody overturned after it."""
    return hand.overturn_round is None or not hand.overturn_round.made


def _declared_in_turn(h: Hand) -> bool:
    """Someone declared in turn, in the deal that stood first (no deal thrown in)."""
    return h.in_turn_round is not None and h.dealt.redeals == 0 and h.in_turn_round.turns[-1][1] is not None


def _turns(h: Hand) -> int:
    """The turns of the declaring in turn (0 without one)."""
    return 0 if h.in_turn_round is None else len(h.in_turn_round.turns)


def _bids(h: Hand) -> int:
    """The bids made, in an auction of the hand's first deal (0 when it passed out)."""
    return 0 if h.auction_redeals else sum(bid is not None for _seat, bid in h.bids)


def _contested(h: Hand) -> bool:
    """The contest for the first trump was held, in the deal that stood first (no deal thrown in)."""
    return h.contest_won is not None and h.dealt.redeals == 0


def _named_in_contest(h: Hand) -> bool:
    """The contest's winner named trump (held a level card), in the deal that stood first."""
    return _contested(h) and h.contest_won is not None and h.contest_won[1] is not None


def _declared_face_down(h: Hand) -> bool:
    """A declaration made face down stood at the end of the deal, and was turned after the burial."""
    return h.face_down is not None and h.face_down.declarer is not None


def _buried_blind(h: Hand) -> bool:
    """A declaration made face down stood, and the player who buried did not know its trump."""
    down = h.face_down
    return down is not None and down.declarer is not None and not down.burier_knew


def _trumps_buried(rules: Rules, h: Hand) -> tuple[Any, ...]:
    """The trumps among the cards buried, by the trump the declarations turned."""
    ctx = rules.context(h.level, h.public.trump)
    return tuple(card for card in h.kitty.cards if ctx.is_trump(card))


def _shows(rules: Rules, phase: str) -> tuple[Callable[[Hand], bool], ...]:
    """What a hand must show to tell ``phase``, best first."""
    if phase == "cut":
        return (lambda h: bool(h.cuts),)
    if phase == "contest":  # best with a suit named, so that the winner is seen to choose trump
        return (_named_in_contest, _contested)
    if phase == "reveal":  # best with trumps buried by a player who did not know trump
        return (lambda h: _buried_blind(h) and bool(_trumps_buried(rules, h)), _buried_blind, _declared_face_down)
    if phase == "declare-in-turn":  # best after a pass, so that the turns are seen to go round
        return (lambda h: _declared_in_turn(h) and _turns(h) > 1, _declared_in_turn)
    if phase == "auction":  # best with a bid bettered
        return (lambda h: _bids(h) > 1, lambda h: _bids(h) > 0)
    if phase == "exchange":
        return (lambda h: h.exchange is not None,)
    if phase == "give-up":  # best given up, else kept where it could have been
        return (lambda h: h.gave_up is not None,
                lambda h: (h.standing is not None and h.gave_up is None
                           and rules.bank_given_up_to(h.banker, h.standing.seat) is not None))
    if phase == "bury":
        return (lambda h: h.kitty.burier != h.banker and _kept_kitty(h),)
    if phase == "overturn":  # best with an overturn, else the round as nobody overturned
        return (lambda h: h.overturn_round is not None and bool(h.overturn_round.made),
                lambda h: h.overturn_round is not None)
    if phase == "show":
        return (_kept_kitty,)
    return (lambda h: True,)


@lru_cache(maxsize=128)
def phase_hand(rules: Rules, phase: str, level: str) -> PhaseHand | None:
    """The hand ``phase``'s example tells, at ``level`` (a later hand, the first seat banking; the
    cut, the contest for the first trump, and declaring in turn where only the first hand declares
    so, in the game's first hand);
    None when the rules do not have the phase or no seed shows it.  "show" stands for the kitty
    shown before burying and the buried cards shown at the end."""
    phases = rules.phases()
    wanted = {"show": ("show-kitty", "show-after-burying", "show-buried"), "bury": ("bury",)}.get(phase, (phase,))
    if phase == "exchange" and rules.declaring.exchange_timing == "during-deal" and "deal" in phases \
            and rules.declaring.exchange_with_declarer and not rules.auction.on:
        wanted = ("deal",)  # made while the cards are dealt
    if not any(p in phases for p in wanted):
        return None
    banker: int | None = BANKER
    if phase in ("cut", "contest"):
        banker, level = None, rules.levels.first
    if phase == "declare-in-turn" and not declares_in_turn(rules, False, level):
        if not declares_in_turn(rules, True, rules.levels.first):
            return None
        banker, level = None, rules.levels.first
    return _first(rules, phase, banker, level, _shows(rules, phase), to_end=phase == "call")


# --- the sentences ---------------------------------------------------------------------------------


def _sorted(hand: Hand, cards: Sequence[Any]) -> str:
    ctx = hand.public.ctx
    return cards_text(ctx.sort(tuple(cards)) if ctx is not None else cards)


def _banking(rules: Rules, ph: PhaseHand, *, dealt: bool = False) -> dict[str, str]:
    """The hand's level and its banker: as the tricks begin, or (``dealt``) as the deal ended,
    before anyone gave up the bank (declaring in turn has found the banker by then)."""
    h = ph.hand
    banker = h.gave_up if dealt and h.gave_up is not None else h.banker
    return {"level": ph.level, "banker": seat_name(rules, banker)}


def cut_example(kit: Any) -> Made:
    rules = kit.rules
    ph = phase_hand(rules, "cut", kit.level)
    if ph is None:
        return None
    h = ph.hand
    cuts = list(h.cuts)
    seats = tuple(range(rules.table.players))
    parts = []
    while cuts:
        round_, cuts = cuts[:len(seats)], cuts[len(seats):]
        said = join_list([_("%(seat)s cuts %(card)s") % {"seat": seat_name(rules, seat), "card": cards_text((card,))}
                          for seat, card in round_])
        if len(seats) == rules.table.players:
            parts.append(_("In the game's first hand: %(cuts)s.") % {"cuts": said})
        else:
            parts.append(_("%(seats)s cut again: %(cuts)s.") % {
                "seats": join_and([seat_name(rules, s) for s in seats]), "cuts": said})
        seats = cut_winner(rules, round_)
        if len(seats) > 1:
            parts.append(_("%(seats)s cut the same highest card.") % {
                "seats": join_and([seat_name(rules, s) for s in seats])})
    parts.append(_("%(seat)s cut the highest card and deals first.") % {"seat": seat_name(rules, h.first_dealer)})
    return _join(*parts)


def contest_example(kit: Any) -> Made:
    """The contest for the first trump (``declaring.first_banker`` "contest"): who won it, and the
    trump they named (the engine draws the winner, each player as likely: who threw what is not
    played, so not told)."""
    rules = kit.rules
    ph = phase_hand(rules, "contest", kit.level)
    won = None if ph is None else ph.hand.contest_won
    if ph is None or won is None:
        return None
    h = ph.hand
    winner, named = won
    values = {"level": ph.level, "winner": seat_name(rules, winner), "trump": suit_text(h.public.trump)}
    opening = _("In the game's first hand, at level %(level)s, nobody declares while the cards are dealt; after "
                "the deal all the players play rock-paper-scissors, and %(winner)s wins.") % values
    if named is None:
        return _join(opening, _("%(winner)s holds no level card: %(winner)s becomes the banker all the same, and "
                                "trump is chosen as in any other hand: %(trump)s.") % values)
    return _join(opening, _("%(winner)s becomes the banker and names %(trump)s as trump, the suit of a level card "
                            "in their hand.") % values)


def auction_example(kit: Any) -> Made:
    rules = kit.rules
    ph = phase_hand(rules, "auction", kit.level)
    if ph is None:
        return None
    h = ph.hand
    turns = join_list([_("%(seat)s passes") % {"seat": seat_name(rules, seat)} if bid is None else
                       _("%(seat)s bids %(bid)s") % {"seat": seat_name(rules, seat), "bid": bid}
                       for seat, bid in h.bids])
    first = h.bids[0][0]
    values = {"level": ph.level, "dealer": seat_name(rules, BANKER), "first": seat_name(rules, first), "turns": turns,
              "winner": seat_name(rules, h.banker), "bid": h.bid, "trump": suit_text(h.public.trump)}
    if first == BANKER:
        opening = _("At level %(level)s, %(dealer)s deals and bids first: %(turns)s.") % values
    else:
        opening = _("At level %(level)s, %(dealer)s deals and %(first)s bids first: %(turns)s.") % values
    if rules.auction.trump == "after-kitty":
        end = _("%(winner)s banks with a bid of %(bid)s, takes the kitty and, having seen it, names %(trump)s as "
                "trump.") % values
    else:
        end = _("%(winner)s banks with a bid of %(bid)s and names %(trump)s as trump from their own hand, before "
                "taking the kitty.") % values
    return _join(opening, end)


def in_turn_example(kit: Any) -> Made:
    rules = kit.rules
    ph = phase_hand(rules, "declare-in-turn", kit.level)
    round_ = None if ph is None else ph.hand.in_turn_round
    if ph is None or round_ is None:
        return None
    said = []
    for seat, cards in round_.turns:
        if cards is None:
            said.append(_("%(seat)s does not declare") % {"seat": seat_name(rules, seat)})
        else:
            made = rules.declaration(list(cards), ph.level)
            said.append(_("%(seat)s declares %(trump)s with %(cards)s") % {
                "seat": seat_name(rules, seat), "trump": suit_text(None if made is None else made.trump),
                "cards": cards_text(cards)})
    declarer = round_.turns[-1][0]
    values = {"level": ph.level, "first": seat_name(rules, round_.first), "turns": join_list(said),
              "declarer": seat_name(rules, declarer)}
    after = rules.declaring.in_turn_first == "after-banker"
    if ph.banker is None and after:
        opening = _("In the game's first hand, declaring in turn from %(first)s, the player after the dealer: "
                    "%(turns)s.") % values
    elif ph.banker is None:
        opening = _("In the game's first hand, declaring in turn from %(first)s, the dealer: %(turns)s.") % values
    elif after:
        opening = _("At level %(level)s, declaring in turn from %(first)s, the player after the banker: "
                    "%(turns)s.") % values
    else:
        opening = _("At level %(level)s, declaring in turn from %(first)s, the banker: %(turns)s.") % values
    return _join(opening, _("%(declarer)s becomes the banker.") % values)


def exchange_example(kit: Any) -> Made:
    rules = kit.rules
    ph = phase_hand(rules, "exchange", kit.level)
    made = None if ph is None else ph.hand.exchange
    if ph is None or made is None:
        return None
    h = ph.hand
    values = {**_banking(rules, ph, dealt=True), "declarer": seat_name(rules, made.declarer),
              "seat": seat_name(rules, made.seat),
              "took": cards_text(made.took), "shown": _sorted(h, made.shown), "gave": _sorted(h, made.gave),
              "trump": suit_text(h.public.trump)}
    if made.at is not None:  # made during the deal: the declaration taken stands, nobody declaring again
        return _join(_("At level %(level)s with %(banker)s the banker, while the cards are dealt %(declarer)s "
                       "declares %(took)s, with %(trump)s as trump.") % values,
                     _("%(seat)s shows %(shown)s, takes %(took)s and gives %(declarer)s %(gave)s for them; the "
                       "declaration stands, and nobody declares for the rest of the deal.") % values)
    return _join(_("At level %(level)s with %(banker)s the banker, %(declarer)s's declaration %(took)s stands at the "
                   "end of the deal, with %(trump)s as trump.") % values,
                 _("%(seat)s shows %(shown)s, takes %(took)s and gives %(declarer)s %(gave)s for them; trump and "
                   "the declarer stay.") % values)


def give_up_example(kit: Any) -> Made:
    rules = kit.rules
    ph = phase_hand(rules, "give-up", kit.level)
    standing = None if ph is None else ph.hand.standing
    if ph is None or standing is None:
        return None
    h = ph.hand
    shown = _standing_cards(h)
    values = {**_banking(rules, ph, dealt=True), "declarer": seat_name(rules, standing.seat),
              "cards": cards_text(shown or ()), "trump": suit_text(h.public.trump)}
    opening = _("At level %(level)s with %(banker)s the banker, %(declarer)s's declaration %(cards)s stands at the "
                "end of the deal, with %(trump)s as trump.") % values
    if h.gave_up is None:
        return _join(opening, _("%(banker)s keeps the bank.") % values)
    return _join(opening, _("%(banker)s gives up the bank: %(declarer)s becomes the banker, and the hand is played "
                            "at level %(level)s.") % values)


def bury_example(kit: Any) -> Made:
    """Burying by another player than the banker (``kitty_exchange.buried_by``)."""
    rules = kit.rules
    if rules.kitty_exchange.buried_by == "banker" or not rules.table.kitty_size:
        return None
    ph = phase_hand(rules, "bury", kit.level)
    if ph is None:
        return None
    h = ph.hand
    values = {**_banking(rules, ph), "burier": seat_name(rules, h.kitty.burier),
              "buried": _sorted(h, h.kitty.cards), "trump": suit_text(h.public.trump)}
    if h.standing is not None:
        values["declarer"] = seat_name(rules, h.standing.seat)
        opening = _("At level %(level)s with %(banker)s the banker, %(declarer)s's declaration stands at the end of "
                    "the deal, with %(trump)s as trump.") % values
    else:
        opening = _("At level %(level)s with %(banker)s the banker, nobody declares, and %(trump)s is "
                    "trump.") % values
    if rules.leading.first_lead != "banker" and h.public.tricks:
        values["leader"] = seat_name(rules, h.public.tricks[0].leader)
        return _join(opening, _("%(burier)s takes the kitty and buries %(buried)s; %(leader)s leads the first "
                                "trick.") % values)
    return _join(opening, _("%(burier)s takes the kitty and buries %(buried)s; %(banker)s leads the first "
                            "trick.") % values)


def shown_example(kit: Any) -> Made:
    """The kitty shown before burying, the buried cards shown at the end, or both."""
    rules = kit.rules
    ph = phase_hand(rules, "show", kit.level)
    if ph is None:
        return None
    h = ph.hand
    phases = rules.phases()
    values = {**_banking(rules, ph), "burier": seat_name(rules, h.kitty.burier),
              "kitty": _sorted(h, h.dealt.kitty), "buried": _sorted(h, h.kitty.cards),
              "trump": suit_text(h.public.trump)}
    opening = _("At level %(level)s with %(banker)s the banker and %(trump)s as trump:") % values
    if rules.kitty_exchange.shown_to:
        return _join(opening, *_showings_told(rules, h, values))
    if "show-kitty" in phases and "show-buried" in phases:
        rest = _("the kitty %(kitty)s is turned face up for every player to see; %(burier)s takes it and buries "
                 "%(buried)s, which are shown to every player once the last trick is over.") % values
    elif "show-kitty" in phases:
        rest = _("the kitty %(kitty)s is turned face up for every player to see; %(burier)s then takes it and "
                 "buries %(buried)s.") % values
    else:
        rest = _("%(burier)s takes the kitty and buries %(buried)s, which are shown to every player once the "
                 "last trick is over.") % values
    return _join(opening, rest)


def _showings_told(rules: Rules, h: Hand, values: dict[str, Any]) -> list[str]:
    """The kitty shown to some of the table (``kitty_exchange.shown_to``), as the hand ``h`` showed it:
    to whom before burying, who took it and buried what, to whom once buried, and to whom at the end."""
    from .sections.seats import audience_words  # the sheet's words for whom; sections import this module
    exchange = rules.kitty_exchange
    seen = {s.moment: s.seats for s in h.showings}
    parts: list[str] = []

    def seats(moment: str) -> str:
        who = seen.get(moment, ())
        return join_and([seat_name(rules, seat) for seat in who]) if who else _("nobody")

    if exchange.shown_before_burying:
        parts.append(_("the kitty %(kitty)s is turned face up for every player to see.") % values)
    elif "before-burying" in seen:
        parts.append(_("the kitty %(kitty)s is shown to %(who)s only.") % {**values, "who": seats("before-burying")})
    parts.append(_("%(burier)s takes the kitty and buries %(buried)s.") % values)
    if "after-burying" in seen:
        parts.append(_("The cards buried are shown to %(who)s before the first trick.") % {
            "who": seats("after-burying")})
    end = next((s.to for s in exchange.shown_to if s.moment == "at-end"), "everyone" if exchange.shown_at_end else None)
    if end is not None:
        parts.append(_("Once the last trick is over they are shown to %(who)s.") % {"who": audience_words(end)})
    return parts


def reveal_example(kit: Any) -> Made:
    """The declarations made face down (暗亮, ``declaring.face_down``): the standing declaration, what
    the others saw of it during the deal, who buried the kitty and whether they knew trump, and the
    trumps they buried not knowing it, once the declarations are turned."""
    rules = kit.rules
    ph = phase_hand(rules, "reveal", kit.level)
    down = None if ph is None else ph.hand.face_down
    if ph is None or down is None or down.declarer is None:
        return None
    h = ph.hand
    jokers = [card for card in down.cards if card.is_joker]
    hidden = len(down.cards) - len(jokers)
    values = {**_banking(rules, ph), "declarer": seat_name(rules, down.declarer), "cards": cards_text(down.cards),
              "jokers": cards_text(jokers), "n": hidden, "burier": seat_name(rules, down.burier),
              "buried": _sorted(h, h.kitty.cards), "trump": suit_text(h.public.trump)}
    parts = [_("At level %(level)s with %(banker)s the banker, %(declarer)s's declaration %(cards)s stands at the "
               "end of the deal.") % values]
    if not hidden:
        parts.append(_("Its cards are jokers, which lie face up: every player sees it."))
    elif jokers:
        parts.append(ngettext("The others see only %(jokers)s face up and %(n)s card face down.",
                              "The others see only %(jokers)s face up and %(n)s cards face down.", hidden) % values)
    else:
        parts.append(ngettext("The others see only that %(declarer)s declared with %(n)s card face down.",
                              "The others see only that %(declarer)s declared with %(n)s cards face down.",
                              hidden) % values)
    if not down.burier_knew:
        parts.append(_("%(burier)s takes the kitty and buries %(buried)s not knowing trump.") % values)
    elif down.burier == down.declarer:
        parts.append(_("%(burier)s, whose declaration it is, takes the kitty and buries %(buried)s knowing "
                       "trump.") % values)
    else:
        parts.append(_("%(burier)s takes the kitty and buries %(buried)s knowing trump.") % values)
    if h.public.trump is None:
        parts.append(_("Once the kitty is buried, the declarations are turned face up: the hand is played in "
                       "no-trump."))
    else:
        parts.append(_("Once the kitty is buried, the declarations are turned face up: %(trump)s is trump.") % values)
    if not down.burier_knew:
        trumps = _trumps_buried(rules, h)
        if trumps:
            parts.append(ngettext("%(burier)s has buried %(trumps)s, which is a trump.",
                                  "%(burier)s has buried %(trumps)s, which are trumps.", len(trumps)) % {
                **values, "trumps": _sorted(h, trumps)})
        else:
            parts.append(_("None of the cards %(burier)s buried is a trump.") % values)
    return _join(*parts)


def overturn_example(kit: Any) -> Made:
    rules = kit.rules
    ph = phase_hand(rules, "overturn", kit.level)
    round_ = None if ph is None else ph.hand.overturn_round
    if ph is None or round_ is None:
        return None
    h = ph.hand
    burier = h.public.buried_by if h.public.buried_by is not None else h.banker
    values = {**_banking(rules, ph), "burier": seat_name(rules, burier), "trump": suit_text(round_.trump)}
    parts = [_("At level %(level)s with %(banker)s the banker and %(trump)s as trump, %(burier)s takes the kitty "
               "and buries.") % values]
    if rules.declaring.overturn_first != "after-burier" and round_.first is not None:
        parts.append(_("%(first)s is asked first.") % {"first": seat_name(rules, round_.first)})
    if not round_.made:
        parts.append(_("Nobody overturns, and %(trump)s stays trump.") % values)
    for seat, cards in round_.made:
        made = rules.declaration(list(cards), ph.level, after_kitty=True)
        parts.append(_("%(seat)s overturns with %(cards)s, making %(trump)s trump, and takes the kitty and buries "
                       "in turn.") % {"seat": seat_name(rules, seat), "cards": cards_text(cards),
                                     "trump": suit_text(None if made is None else made.trump)})
    if round_.made:
        parts.append(_("Nobody overturns after that."))
    return _join(*parts)


def _copy_text(card: Any, ordinal: int) -> str:
    if ordinal <= len(ORDINALS):
        return _(ORDINALS[ordinal - 1]) % {"card": cards_text((card,))}
    return _("copy %(n)s of %(card)s") % {"n": ordinal, "card": cards_text((card,))}


def call_example(kit: Any) -> Made:
    rules = kit.rules
    ph = phase_hand(rules, "call", kit.level)
    if ph is None or not ph.hand.public.called:
        return None
    h = ph.hand
    calls = h.public.called
    values = {**_banking(rules, ph), "trump": suit_text(h.public.trump),
              "calls": join_and([_copy_text(card, ordinal) for card, ordinal in calls])}
    parts = [_("At level %(level)s with %(banker)s the banker and %(trump)s as trump, %(banker)s calls "
               "%(calls)s.") % values]
    # the calls answered trick by trick, as the engine's watch of the plays finds them
    public = Public(rules, rules.table.players, h.public.dealer, ph.level, h.banker, called=calls)
    watch = FriendWatch(public)
    for number, trick in enumerate(h.public.tricks, 1):
        for at, cards in enumerate(trick.plays):
            seat = (trick.leader + at) % rules.table.players
            before = list(watch.resolved)
            friends = len(public.friends)
            watch.see(seat, cards)
            for i, (card, ordinal) in enumerate(calls):
                if watch.resolved[i] and not before[i]:
                    said = {"seat": seat_name(rules, seat), "call": _copy_text(card, ordinal), "trick": number,
                            "banker": values["banker"]}
                    if len(public.friends) > friends:
                        parts.append(_("%(seat)s plays %(call)s in trick %(trick)s and joins %(banker)s's "
                                       "side.") % said)
                    else:
                        parts.append(_("%(seat)s plays %(call)s in trick %(trick)s, which finds no new "
                                       "friend.") % said)
    for i, (card, ordinal) in enumerate(calls):
        if not watch.resolved[i]:
            parts.append(_("Nobody answers the call of %(call)s.") % {"call": _copy_text(card, ordinal)})
    return _join(*parts)


def _join(*parts: str) -> str:
    """Sentences one after another: a space after a Latin stop or colon, none after a CJK one."""
    out = ""
    for part in parts:
        if out and not out.endswith(("。", "：", "；")):
            out += " "
        out += part
    return out
