"""One hand, from the shuffle to the score: the phases its rules give it (``Rules.phases``, from
``rules.flow``), each run by a function of this module on the hand's state, in turn.

- "cut": in the game's first hand, each player cuts a card from the shuffled pack and the highest
  deals (``rulings.declaring.cut_winner``; identical cards cut again).
- "deal": deal and declare (``deal``), each player at their own level where the rules say so,
  the final declarer then banking at theirs; trump by the last declaration, else the fallback or a
  redeal; a redeal for a weak hand where the rules allow one; the first hand's banker.  Where the
  rules score a hand nobody declared in without play, the hand ends there.  With an
  auction, the deal alone.
- "declare-in-turn": 轮流定主, in a hand the rules declare in turn: nobody declared during the
  deal; from the banker (the dealer in the first hand), or the seat after
  (``declaring.in_turn_first``), each player may declare once, the first to
  declare banking with their trump; nobody: the banker stays, trump by the fallback (a redeal deals
  and declares in turn again).
- "contest": in the game's first hand, dealt without declaring (``declaring.first_banker``
  "contest"): a contest of chance among all the players (rock-paper-scissors), a draw from the
  hand's random stream; the winner names trump, a suit of a level card they hold, and banks; a
  winner holding none banks with trump by the first hand's fallback (a redeal deals and contests
  again).
- "auction": the players bid for the bank (``auction``); the best bidder banks, and the hand is
  played at their level; everyone passing deals again, where the rules say so.
- "exchange": the exchange with the declarer (粘牌, ``exchange``): another player showing a joker
  with a tractor takes the standing three-card declaration, giving back a trump above the aces
  and two side cards; trump and the declarer stay.
- "give-up": the banker may give up the bank to the player whose declaration stands (``give_up``);
  the hand stays at its level.
- "show-kitty": the kitty as dealt shown to the table, or to the players the rules name.
- "name-trump": after an auction, the banker names a suit, having seen the kitty or not.
- "bury": the banker, or the player the rules name (``kitty_exchange.buried_by``), exchanges the
  kitty (``kitty``).
- "reveal": 暗亮, the declarations made face down turned once the kitty is buried
  (``declaring.face_down``); until then each player's view shows only what they see of them
  (``Public.seen_by``), and a player burying without knowing trump buries by a guess.
- "overturn": 炒地皮, the others overturning after the exchange where the rules allow.
- "show-after-burying": the cards buried, as last buried, shown to the players the rules name
  (``kitty_exchange.shown_to``) before the first trick.
- "call": with called partners, the banker's calls (``friends``).
- "play": the tricks, the banker leading the first, or the seat ``leading.first_lead`` names
  (``trick_play``).
- "show-buried": the buried cards shown to the table, or to the players the rules name.
- "score": the attackers' points, the level change and the next banker (``outcome``), and the
  house rules that fire after the hand.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Sequence
from functools import lru_cache

from ...rules import SUITS, KittyShowing, PhaseKind, Rules, Table
from ..deck.cards import Card, pack
from ..deck.draws import below, shuffle
from ..errors import EngineError
from ..rulings.declaring import cut_winner, declares_in_turn, previous_declarer
from ..rulings.scoring import level_ladder
from .after_hand import facts_of, fired, next_banker_after, own_change_after, player_levels_named
from .auction import first_bidder, run_auction
from .choices import IllegalPlay
from .deal import MAX_DEALS, Deal, Standing, WeakHand, deal, declare_in_turn, first_banker, settle
from .exchange import TAKEN, holds, offer_exchange
from .friends import ask_calls
from .kitty import Kitty, burier_seat, exchange, first_overturner, overturns, shown_seats
from .outcome import next_banker_of, point_table, score
from .record import (DealDeclaring, EarlyEnd, Exchange, FaceDown, HandRecord, InTurnRound, OverturnRound, Showing,
                     moves_players,
                     reads_dealt, reads_levels)
from .seats import banker_team, first_leader, seat_of
from .trick_play import play_tricks
from .views import Player, PlayerView, Public


class Ended(enum.Enum):
    """What a phase returns that ends the hand before its other phases (its record made)."""

    ENDED = "ended"


ENDED = Ended.ENDED


class Hand:
    """One hand being played.  ``play()`` runs its phases to the end and returns its
    ``HandRecord``; between phases its attributes are the hand's state so far."""

    def __init__(self, rules: Rules, players: Sequence[Player], rng: random.Random, *,
                 level: str | None, banker: int | None, beyond: bool = False,
                 seat_levels: Sequence[str | None] | None = None, positions: Sequence[int] | None = None):
        n = rules.table.players
        if len(players) != n:
            raise EngineError(f"these rules seat {n} players, not {len(players)}")
        if banker is not None and not 0 <= banker < n:
            raise EngineError(f"seat {banker} is not one of seats 0..{n - 1}")
        self.rules = rules
        self.players = list(players)
        self.rng = rng
        self.n = n
        self.level = level
        self.first_hand = banker is None
        #: the banker the hand was given (None: the first hand's, found by declaring)
        self.given_banker = banker
        self.beyond = beyond
        #: each seat's level, where the auction or the declaring (``declaring.level_cards`` "own")
        #: decides whose level the hand is played at (None: ``level`` whoever banks)
        self.seat_levels = seat_levels
        #: each seat's level as a position on the ladder (1 the first level), where a rule reads a
        #: team's or a player's level (``reads_levels``); () otherwise
        self.positions = tuple(positions) if positions is not None else default_positions(rules, level, beyond)
        if len(self.positions) not in (0, n):
            raise EngineError(f"the seats' levels are {n} positions, one per seat, not {len(self.positions)}")
        self.points = point_table(rules)
        self.deck = _pack(rules.table)
        # the state the phases build up, in the order they set it
        self.banker: int
        self.dealt: Deal
        self.hands: list[list[Card]]
        self.public: Public
        self.standing: Standing | None
        self.trump_by: str
        self.kitty: Kitty
        self.start_hands: list[tuple[Card, ...]]
        self.overturn_round: OverturnRound | None = None
        self.record: HandRecord
        #: the auction's turns, (seat, bid or None for a pass), and the winning bid (0 without one)
        self.bids: tuple[tuple[int, int | None], ...] = ()
        self.bid = 0
        #: deals thrown in because everyone passed in the auction
        self.auction_redeals = 0
        #: the seat that gave up the bank once the deal was over (None: nobody did)
        self.gave_up: int | None = None
        #: whether this hand is declared in turn after the deal (``declaring.in_turn``)
        self.in_turn = (not beyond and rules.declaring.in_turn
                        and declares_in_turn(rules, banker is None, level))
        #: the declaring in turn of the deal that stood (None: the hand declared during the deal)
        self.in_turn_round: InTurnRound | None = None
        #: who deals a first hand (the cut's winner), and the cuts, (seat, card), in order
        self.first_dealer = 0
        self.cuts: tuple[tuple[int, Card], ...] = ()
        #: the exchange with the declarer, where one was made
        self.exchange: Exchange | None = None
        #: whether this hand's banker and trump are found by a contest after the deal (the game's
        #: first hand, ``declaring.first_banker`` "contest"), and its winner and the suit they
        #: named (None: they held no level card), for the deal that stood
        self.contest = rules.declaring.first_banker == "contest" and banker is None and not beyond
        self.contest_won: tuple[int, str | None] | None = None
        #: the declarations made face down, turned once the kitty was buried
        self.face_down: FaceDown | None = None
        #: the kitty shown to some of the table, or to everyone after burying (``kitty_exchange.
        #: shown_to``): each showing's moment, whom it names, the seats it reached and the cards
        self.showings: list[Showing] = []
        #: the hand ended early (``levels.end_early``): what the rule read, the cards left
        self.ended_early: EarlyEnd | None = None
        #: each seat's cards as the deal ended, where a house rule reads who held a card
        self.dealt_hands: tuple[tuple[Card, ...], ...] = ()

    def play(self) -> HandRecord:
        keep_dealt = reads_dealt(self.rules)
        for phase in self.rules.phases():
            if keep_dealt and phase not in _DEALING:  # the deal is over: who was dealt what
                self.dealt_hands = tuple(tuple(cards) for cards in self.hands)
                keep_dealt = False
            if _PHASES[phase](self) is ENDED:
                break
        return self.record


def _deal(h: Hand) -> Ended | None:
    rules = h.rules
    auction = rules.auction.on
    own = None
    if rules.declaring.level_cards != "hand" and not auction and not h.beyond:
        # each seat at its own level (a hand played alone: every seat at the hand's level)
        own = h.seat_levels if h.seat_levels is not None else [h.level] * h.n
    rebels = None
    if rules.declaring.redeal_clears_bank and not auction and not h.beyond and not h.in_turn:
        # a redeal that clears the bank: the deal after it is declared at each seat's own level
        rebels = h.seat_levels if h.seat_levels is not None else [h.level] * h.n
    dealt = deal(rules, h.players, h.rng, h.deck, level=h.level, banker=h.given_banker, beyond=h.beyond,
                 auction=auction, after_deal=h.in_turn or h.contest, first_dealer=h.first_dealer, seat_levels=own,
                 own_levels=rebels)
    h.dealt, h.hands, h.public = dealt, dealt.hands, dealt.public
    h.standing, h.trump_by = dealt.standing, dealt.trump_by
    h.exchange = dealt.exchange
    if auction:  # the auction finds the banker, who names trump
        h.banker = dealt.public.dealer
        return None
    if own is not None or dealt.cleared:  # the banker is found by declaring, at the declarer's level
        h.level = dealt.public.level
        h.banker = first_banker(rules, dealt)
    else:
        h.banker = first_banker(rules, dealt) if h.given_banker is None else h.given_banker
    h.public.banker = h.banker
    if h.trump_by == "scored":  # nobody declared, and the rules score the hand without play
        _scored(h)
        return ENDED
    h.public.ctx = rules.context(h.level, h.public.trump)
    return None


def _auction(h: Hand) -> None:
    rules = h.rules
    for attempt in range(MAX_DEALS):
        public = h.public
        first = first_bidder(rules.auction, public.dealer, h.n, h.hands, h.first_hand)
        bidding = run_auction(rules, h.players, h.hands, public, first)
        h.bids += bidding.turns
        if bidding.banker is not None and bidding.bid is not None:
            h.banker, h.bid = bidding.banker, bidding.bid
            break
        if attempt == MAX_DEALS - 1:  # every deal passed out: the first bidder banks at the first bid
            h.banker, h.bid = first, rules.auction.start
            break
        h.auction_redeals += 1
        _deal(h)
    if h.seat_levels is not None and not h.beyond:
        h.level = h.seat_levels[h.banker]
    h.public.level = h.level
    h.public.banker = h.banker


def _cut(h: Hand) -> None:
    if not h.first_hand:  # later hands know their dealer, the banker
        return
    cards = list(h.deck)
    shuffle(h.rng, cards)
    seats = tuple(range(h.n))
    cuts: list[tuple[int, Card]] = []
    while len(seats) > 1 and cards:
        round_ = [(seat, cards.pop()) for seat in seats]
        cuts += round_
        seats = cut_winner(h.rules, round_)
    h.cuts = tuple(cuts)
    h.first_dealer = seats[0]


def _declare_in_turn(h: Hand) -> Ended | None:
    if not h.in_turn:  # this hand was declared during the deal
        return None
    rules = h.rules

    def in_turn(dealt: Deal, attempt: int, weak: list[WeakHand]) -> Deal | None:
        # from the banker given (who deals: the dealer in the game's first hand), or the seat the rules name
        first = seat_of(rules.declaring.in_turn_first, h.n, banker=dealt.public.dealer)
        turns = declare_in_turn(rules, h.players, dealt, first)
        h.in_turn_round = InTurnRound(h.first_hand, first, tuple(turns))
        return settle(rules, h.players, dealt.hands, dealt.kitty, dealt.public, dealt.standing, dealt.first,
                      first_hand=h.first_hand, beyond=False, attempt=attempt, weak=weak)

    settled = _settled_after_the_deal(h, in_turn, "declaring in turn")
    h.dealt, h.hands, h.public = settled, settled.hands, settled.public
    h.standing, h.trump_by = settled.standing, settled.trump_by
    if settled.standing is not None:  # the declarer banks
        h.banker = settled.standing.seat
    h.public.banker = h.banker
    if h.trump_by == "scored":  # nobody declared in turn, and the rules score the hand without play
        _scored(h)
        return ENDED
    h.public.ctx = rules.context(h.level, h.public.trump)
    return None


def _settled_after_the_deal(h: Hand, settle_one: Callable[[Deal, int, list[WeakHand]], Deal | None],
                            what: str) -> Deal:
    """The deal that stands where the banker and trump are found once the cards are dealt
    (declaring in turn, a contest): ``settle_one(dealt, attempt, weak)`` finds them for each deal,
    or None when a weak hand throws it in (appended to ``weak``) and it is dealt again; when every
    deal is thrown in, the last one is played in no-trump."""
    weak: list[WeakHand] = []
    for attempt in range(MAX_DEALS):
        dealt = h.dealt
        settled = settle_one(dealt, attempt, weak)
        if settled is not None:
            return settled
        if attempt == MAX_DEALS - 1:
            dealt.public.trump = None
            return Deal(dealt.hands, dealt.kitty, dealt.public, None, None, attempt, "no-trump", weak)
        _deal(h)
    raise EngineError(f"{what} ended without a deal")  # MAX_DEALS is at least 1: never reached


def _contest(h: Hand) -> Ended | None:
    if not h.contest:  # later hands are declared as the rules say
        return None
    rules = h.rules

    def contest(dealt: Deal, attempt: int, weak: list[WeakHand]) -> Deal | None:
        winner = below(h.rng, h.n)  # everyone plays; each wins as often as the others
        hand = dealt.hands[winner]
        suits = [s for s in SUITS if any(not c.is_joker and c.rank == h.level and c.suit == s for c in hand)]
        named: str | None = None
        if suits:
            named = h.players[winner].name_held_trump(PlayerView(winner, hand, dealt.public), tuple(suits))
            if named not in suits:
                raise IllegalPlay(winner, f"named {named!r} as trump, not a suit of a level card it holds")
        h.contest_won = (winner, named)
        dealt.public.banker = winner  # the winner banks whatever trump they find
        return settle(rules, h.players, dealt.hands, dealt.kitty, dealt.public, None, None, first_hand=True,
                      beyond=False, attempt=attempt, weak=weak, named=named)

    settled = _settled_after_the_deal(h, contest, "the contest")
    assert h.contest_won is not None  # every deal held a contest
    winner = h.contest_won[0]
    h.dealt, h.hands, h.public = settled, settled.hands, settled.public
    h.standing, h.trump_by = settled.standing, settled.trump_by
    h.banker = winner
    h.public.banker = winner
    h.public.ctx = rules.context(h.level, h.public.trump)
    return None


def _name_trump(h: Hand) -> None:
    banker = h.banker
    public = h.public
    if h.beyond:  # the extra level beyond the last is played in no-trump
        public.trump = None
        h.trump_by = "no-trump"
    else:
        seen = h.hands[banker] + h.dealt.kitty if h.rules.auction.trump == "after-kitty" else h.hands[banker]
        named = h.players[banker].name_trump(PlayerView(banker, seen, public))
        if named not in SUITS:
            raise IllegalPlay(banker, f"named {named!r} as trump, which is not a suit")
        public.trump = named
    public.ctx = h.rules.context(h.level, public.trump)


def _exchange(h: Hand) -> None:
    standing, ctx = h.standing, h.public.ctx
    if standing is None or ctx is None or h.beyond:
        return
    declarer = standing.seat
    # the standing declaration's cards: its declarer's last showing (a reinforcement shows them all)
    took = next(cards for seat, cards in reversed(h.public.declarations) if seat == declarer)
    if len(took) != TAKEN or sum(c.is_joker for c in took) != 1 or not holds(h.hands[declarer], took):
        return
    for step in range(1, h.n):
        made = offer_exchange(h.players, h.hands, h.public, ctx, (declarer + step) % h.n, declarer, took)
        if made is not None:
            h.exchange = made
            return


def _give_up(h: Hand) -> None:
    if h.first_hand or h.dealt.cleared or h.standing is None:  # the banker was found by this declaring
        return
    banker = h.banker
    to = h.rules.bank_given_up_to(banker, h.standing.seat)
    if to is None or not h.players[banker].give_up_bank(PlayerView(banker, h.hands[banker], h.public)):
        return
    h.gave_up = banker
    h.banker = to
    h.public.banker = to


def _showing(h: Hand, moment: str) -> KittyShowing | None:
    """The showing of ``kitty_exchange.shown_to`` at ``moment``, if any."""
    return next((s for s in h.rules.kitty_exchange.shown_to if s.moment == moment), None)


def _shown_to(h: Hand, showing: KittyShowing, burier: int, cards: Sequence[Card]) -> tuple[int, ...]:
    """The seats ``showing`` reaches, recorded with the cards shown (``burier``: who buries, or
    buried last)."""
    seats = shown_seats(h.rules, showing.to, banker=h.banker, burier=burier,
                        declarer=None if h.standing is None else h.standing.seat, friends=h.public.friends)
    h.showings.append(Showing(showing.moment, showing.to, seats, tuple(cards)))
    return seats


def _show_kitty(h: Hand) -> None:
    """The kitty as dealt shown to the table, or to the players the rules name (each player's view
    then hides it from the others: ``Public.seen_by``)."""
    h.public.kitty_shown = tuple(h.dealt.kitty)
    showing = _showing(h, "before-burying")
    if showing is not None and not h.rules.kitty_exchange.shown_before_burying:
        burier = burier_seat(h.rules, h.banker, None if h.standing is None else h.standing.seat)
        h.public.kitty_shown_to = frozenset(_shown_to(h, showing, burier, h.dealt.kitty))


def _show_after_burying(h: Hand) -> None:
    """The cards buried, as last buried, shown to the players the rules name before the first
    trick: each then knows them (``Kitty.seen_by``)."""
    showing = _showing(h, "after-burying")
    if showing is not None:
        h.kitty.shown_to = frozenset(_shown_to(h, showing, h.kitty.burier, h.kitty.cards))


def _bury(h: Hand) -> None:
    burier = burier_seat(h.rules, h.banker, None if h.standing is None else h.standing.seat)
    h.public.buried_by = burier
    h.kitty = exchange(h.players, burier, h.hands, h.dealt.kitty, h.public)


def _reveal(h: Hand) -> None:
    """暗亮: the declarations made face down are turned, the kitty buried; trump is known to all."""
    public = h.public
    burier = h.kitty.burier
    knew = public.seen_by(burier).trump_known if public.face_down else True
    public.face_down = False
    standing = h.standing
    cards: tuple[Card, ...] = ()
    if standing is not None:
        cards = next(c for seat, c in reversed(public.declarations) if seat == standing.seat)
    h.face_down = FaceDown(None if standing is None else standing.seat, cards, burier, knew)


def _overturn(h: Hand) -> None:
    if h.beyond:  # the extra level has no level rank to declare with
        return
    declared = h.public.declarations
    before, trump = len(declared), h.public.trump
    # the standing declaration's cards: its declarer's last showing (a reinforcement shows them all)
    standing = None if h.standing is None else next(d for d in reversed(declared) if d[0] == h.standing.seat)
    first = first_overturner(h.rules, h.banker, h.kitty.burier, None if h.standing is None else h.standing.seat)
    previous = None if h.standing is None else previous_declarer(declared, h.standing.seat)
    h.kitty, overturned = overturns(h.rules, h.players, h.hands, h.kitty, h.public, h.standing,
                                    first_hand=h.first_hand)
    h.overturn_round = OverturnRound(h.first_hand, standing, trump, tuple(declared[before:]), first, previous)
    if overturned is not h.standing:
        h.standing = overturned
        h.trump_by = "declared"


def _call(h: Hand) -> None:
    banker = h.banker
    view = PlayerView(banker, h.hands[banker], h.public, h.kitty.seen_by(banker))
    h.public.called = ask_calls(h.rules, h.players[banker], view)


def _play(h: Hand) -> None:
    h.start_hands = [tuple(cards) for cards in h.hands]  # as the tricks begin: the kitty exchanged
    first = first_leader(h.rules, h.banker, h.kitty.burier, None if h.standing is None else h.standing.seat)
    h.public.bid = h.bid
    h.ended_early = play_tricks(h.rules, h.players, h.hands, h.public, h.kitty, h.points, h.bid, first=first,
                                positions=h.positions)


def _show_buried(h: Hand) -> None:
    """The cards buried shown once the last trick is over, to the table or to the players the rules
    name (the teams as the tricks left them)."""
    if h.rules.kitty_exchange.shown_at_end:
        h.public.buried_shown = tuple(h.kitty.cards)
    showing = _showing(h, "at-end")
    if showing is not None and not h.rules.kitty_exchange.shown_at_end:
        _shown_to(h, showing, h.kitty.burier, h.kitty.cards)


def _score(h: Hand) -> None:
    rules, public, kitty, standing = h.rules, h.public, h.kitty, h.standing
    declarer = standing.seat if standing is not None else None
    end = score(rules, public, kitty.cards, h.points, declarer, h.bid, early=h.ended_early is not None,
                positions=h.positions)
    record = HandRecord(
        rules=rules, level=h.level, trump=public.trump, banker=h.banker, hands=h.start_hands,
        kitty=tuple(kitty.cards), tricks=public.tricks, attacker_points=end.attacker_points,
        kitty_points=end.kitty_points, kitty_multiplier=end.kitty_multiplier, level_change=end.level_change,
        next_banker=end.next_banker, banker_team=end.banker_team, declarations=public.declarations,
        declarer=declarer, called=public.called, redeals=h.dealt.redeals, trump_by=h.trump_by,
        penalty=end.penalty, forfeit=end.forfeit, beyond=h.beyond,
        weak_hands=[(w.seat, w.hand, w.trump) for w in h.dealt.weak_hands],
        weak_asked=[w.asked for w in h.dealt.weak_hands], bank_cleared=h.dealt.cleared,
        kitty_shown=public.kitty_shown if public.kitty_shown_to is None else None, buried_shown=public.buried_shown,
        buried_by=kitty.burier, showings=tuple(h.showings),
        overturn_round=h.overturn_round, bids=h.bids, bid=h.bid, gave_up=h.gave_up, in_turn_round=h.in_turn_round,
        cuts=h.cuts, exchange=h.exchange, turned=h.dealt.turned, contest=h.contest_won, face_down=h.face_down,
        ended_early=h.ended_early, deal_declaring=_deal_declaring(h), dealt=h.dealt_hands, positions=h.positions,
        first_hand=h.first_hand and bool(rules.auction.first_hand_bidder),
    )
    if h.auction_redeals:
        record.redeals += h.auction_redeals
    if rules.levels.after_hand:
        facts = facts_of(record)
        if rules.levels.own_change_written():  # 'the hand gives N levels': before the change is made
            change = own_change_after(rules, facts, record.level_change)
            if change != record.level_change:
                record.level_change = change
                facts = facts_of(record)
        record.after_hand = fired(rules, facts)
        record.next_banker = next_banker_after(rules, facts, record.after_hand, record.next_banker)
        if moves_players(rules):  # the player each effect on one player's level moves, for the log
            record.player_levels = player_levels_named(rules, facts, record.after_hand)
    h.record = record


def _scored(h: Hand) -> None:
    """Nobody declared, and the rules score the hand without play (``declaring.fallback`` "scored"):
    its outcome is theirs, the hands stay as dealt and no trick is played; the house rules after a
    hand, which read a hand played, do not fire."""
    rules, public = h.rules, h.public
    way = rules.declaring.fallback
    team = banker_team(rules, h.banker)
    change = (way.side, way.levels)
    h.record = HandRecord(
        rules=rules, level=h.level, trump=None, banker=h.banker, hands=[tuple(cards) for cards in h.hands],
        kitty=tuple(h.dealt.kitty), tricks=[], attacker_points=0, kitty_points=0, kitty_multiplier=0,
        level_change=change, next_banker=next_banker_of(rules, h.banker, way.side, team, None), banker_team=team,
        declarations=public.declarations, declarer=None, redeals=h.dealt.redeals, trump_by="scored",
        beyond=h.beyond, weak_hands=[(w.seat, w.hand, w.trump) for w in h.dealt.weak_hands],
        weak_asked=[w.asked for w in h.dealt.weak_hands],
        in_turn_round=h.in_turn_round, cuts=h.cuts, deal_declaring=_deal_declaring(h),
        dealt=tuple(tuple(cards) for cards in h.hands) if reads_dealt(rules) else (),
    )


def _deal_declaring(h: Hand) -> DealDeclaring | None:
    """The declaring during the deal that stood, where a rule is asked at each declaration."""
    if h.dealt.asked is None:
        return None
    asked, made = h.dealt.asked
    by = tuple((i, joined.by) for i, joined in sorted(h.public.joined.items())
               if i < made and joined.by != h.public.declarations[i][0])
    return DealDeclaring(asked.first_hand, asked.banker, asked.level, tuple(h.public.declarations[:made]), by)


#: what each phase does to the hand's state; a phase that returns ``ENDED`` ends the hand there
#: the phases that deal the cards and find the banker before anyone takes the kitty or exchanges
_DEALING = frozenset({"cut", "deal", "declare-in-turn", "contest", "auction"})

_PHASES: dict[PhaseKind, Callable[[Hand], Ended | None]] = {
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


@lru_cache(maxsize=64)
def _pack(table: Table) -> tuple[Card, ...]:
    """The whole pack in deck order (``cards.pack``), kept: every hand deals a copy of it."""
    return tuple(pack(table))


def default_positions(rules: Rules, level: str | None, beyond: bool) -> tuple[int, ...]:
    """Each seat's level as a position on the ladder for a hand played alone, where a rule reads
    one (``reads_levels``): every seat at ``level`` in the first round (at the extra level beyond
    the last, past the last round's last level); () where no rule reads one."""
    if not reads_levels(rules):
        return ()
    ranks = level_ladder(rules)
    if beyond:
        at = len(ranks) * max(rules.levels.rounds, 1) + 1
    else:
        at = ranks.index(level) + 1 if level in ranks else 1
    return (at,) * rules.table.players


def play_hand(rules: Rules, players: Sequence[Player], rng: random.Random, *, level: str | None = None,
              banker: int | None = None, beyond: bool = False,
              seat_levels: Sequence[str | None] | None = None, positions: Sequence[int] | None = None) -> HandRecord:
    """Play one hand.  ``banker`` None is a first hand (the banker is found by declaring);
    ``level`` defaults to the first level, except in the extra level ``beyond`` the last, where
    None is a hand with no level rank.  With an auction, ``banker`` is the dealer, and the hand
    is played at the level ``seat_levels`` gives the auction's winner (``level`` without them);
    where each player declares at their own level, ``banker`` deals and the hand is played at
    the final declarer's level, ``level`` (the dealer's) when nobody declares.  ``positions``: each
    seat's level as a position on the ladder, where a rule reads a team's or a player's level
    (None: every seat at ``level``, in the first round)."""
    if level is None and not beyond:
        level = rules.levels.first
    return Hand(rules, players, rng, level=level, banker=banker, beyond=beyond, seat_levels=seat_levels,
                positions=positions).play()
