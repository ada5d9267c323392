"""The deal and the declarations made during it: who may declare what, the fallback trump when
nobody declares, the redeals, and the first hand's banker.

The deck is shuffled and dealt one card at a time to the seats in play order, from the dealer;
the last ``kitty_size`` cards are the kitty.  After each level card or joker a player receives,
that player may declare with the cards dealt to them so far; after the deal every player has one
more chance, in turn.  ``DeclareTable`` lists every declaration the ladder allows at the level (a
joker step with level cards shows both).  A declaration must beat the standing one
(``Declaration.beats``: a higher rung, or the same step in a higher suit of ``suit_order``; steps
tied on one rung never overturn each other); the standing declarer may only reinforce (the same
naming card, more copies) if ``reinforce``, or change it if ``overturn_own``; with
``reinforce_to_retake`` an overturned player may show more copies of what they showed last, as
strong as the standing declaration, and so take it back.  Where ``overturn_in_deal`` (and its
condition, ``overturn_in_deal_when``, asked once a hand) says no, the first declaration stands:
nobody overturns it or takes one back, and its declarer may only reinforce it.

Trump: the last declaration names it.  With none: ``first_fallback: redeal`` in the first hand,
a hand scored without play where the fallback is "scored" (the deal stands, "scored"),
else ``rules.fallback_trump`` (a redeal, or the banker's partner naming their longest suit, when
the rules say so).  Then, with ``redeal_hands``, a weak hand may throw the deal in (its holder
asks, or always).  Redeals are bounded by ``MAX_DEALS``; the last deal is played whatever its
hands hold, in no-trump if it has no trump.  Beyond the last level (``game_end: beyond-last``)
nobody declares: no-trump.

The first hand's banker: ``first_banker`` (the first declarer, the final declarer, or the dealer,
seat 0); the dealer if nobody declared.  Later hands know their banker, who deals, before the deal.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import cycle

from ...rules import SUITS, Rules, side_reinforces
from ..deck.cards import Card, deck_cards, pack_copies
from ..deck.draws import shuffle
from ..errors import NoTrumpFromKitty
from ..oracle import redeal_turn
from ..rulings.declaring import (Declaration, Turned, asks_each_declaration, declaration, declare_turn,
                                  declarer_relation, may_ask_redeal, may_declare_first, may_declare_over,
                                  may_overturn_in_deal, overturns_in_round, turn_kitty)
from .choices import IllegalPlay, notation
from .exchange import stick
from .record import Exchange
from .seats import banker_team, in_turn
from .views import Joined, Offer, Player, PlayerView, Public

#: deals tried before a hand nobody can find a trump for is played in no-trump
MAX_DEALS = 50


@dataclass(frozen=True, slots=True)
class Show:
    """One declaration that can be shown at a level: its cards, the card that names it (the level
    card, or the joker of a joker-only declaration), and what it declares."""

    cards: tuple[Card, ...]
    face: Card
    #: copies of ``face`` shown
    copies: int
    #: the jokers shown beside a level card, (joker, copies), or None
    extra: tuple[Card, int] | None
    declaration: Declaration
    #: the offer of this show (immutable: one object serves every offer of it)
    offer: Offer


def face_of(cards: Sequence[Card]) -> Card:
    """The card that names a declaration: its level card, else its joker."""
    return next((c for c in cards if not c.is_joker), cards[0])


class DeclareTable:
    """Every declaration that can be shown at one level, computed once: on the deal's ladder, or
    (``after_kitty``) on the round after the kitty's own (``declaring.ladder_after_kitty``)."""

    def __init__(self, rules: Rules, level: str | None, after_kitty: bool = False):
        table = rules.table
        ladder = rules.declaring.ladder_after_kitty if after_kitty else rules.declaring.ladder
        deck = deck_cards(table)
        copies = pack_copies(table)
        levels = [c for c in deck if not c.is_joker and c.rank == level]
        jokers = [c for c in deck if c.is_joker]
        self.shows: list[Show] = []
        for index, step in enumerate(ladder):
            if step.kind == "level":
                candidates = [[c] * step.count for c in levels]
            elif step.level_cards:
                candidates = [[j] * step.count + [c] * step.level_cards for j in jokers for c in levels]
            else:
                candidates = [[j] * step.count for j in jokers]
            for cards in candidates:
                # beyond the pack first (two 2D where cards taken out leave one): the oracle would
                # rightly refuse such cards with an error, not answer "no declaration"
                if any(cards.count(c) > copies[c] for c in cards):
                    continue
                made = (declaration(rules, cards, level, ladder) if after_kitty
                        else rules.declaration(cards, level))
                if made is None or made.step != index:
                    continue  # not this step's cards (a joker of the other kind)
                face = face_of(cards)
                joker = next((c for c in cards if c != face), None)
                extra = None if joker is None else (joker, cards.count(joker))
                shown = tuple(cards)
                self.shows.append(Show(shown, face, cards.count(face), extra, made, Offer(shown, made)))
        self.faces: list[Card] = list(dict.fromkeys(c for show in self.shows for c in show.cards))
        self.face_set = frozenset(self.faces)
        #: the shows named by each card, fewest cards first: offers list them in the order the
        #: naming cards came into the hand
        self.by_face: dict[Card, list[Show]] = {}
        for show in sorted(self.shows, key=lambda show: len(show.cards)):
            self.by_face.setdefault(show.face, []).append(show)


# keyed by id(rules), with the rules kept alongside so that a reused id is not mistaken for a hit
_DECLARE_TABLES: dict[tuple[int, str | None] | tuple[int, str | None, bool], tuple[Rules, DeclareTable]] = {}


def declare_table(rules: Rules, level: str | None, after_kitty: bool = False) -> DeclareTable:
    """The ``DeclareTable`` of ``rules`` at ``level``; ``after_kitty``: of the round after the kitty's
    own ladder (only where the rules have one)."""
    key = (id(rules), level, True) if after_kitty else (id(rules), level)
    hit = _DECLARE_TABLES.get(key)
    if hit is not None and hit[0] is rules:
        return hit[1]
    if len(_DECLARE_TABLES) > 256:
        _DECLARE_TABLES.clear()
    dt = DeclareTable(rules, level, after_kitty)
    _DECLARE_TABLES[key] = (rules, dt)
    return dt


@dataclass(slots=True)
class Standing:
    """The declaration standing: who made it, with which card, declaring what, and whose level it
    is at, who banks (``declaring.level_cards`` "own-or-banker": a declaration with the banker's
    level cards leaves the bank where it was; otherwise the declarer)."""

    seat: int
    face: Card
    declaration: Declaration
    holder: int = -1
    #: the declaration's cards, all of them
    cards: tuple[Card, ...] = ()
    #: the cards of it each partner of ``seat`` showed, reinforcing it (亮主方加固; the declarer's
    #: are the rest): (seat, cards), empty when the declarer showed all of it
    shares: tuple[tuple[int, tuple[Card, ...]], ...] = ()

    def __post_init__(self) -> None:
        if self.holder < 0:
            self.holder = self.seat


class DeclarationOffers:
    """Asking the players to declare at one level, during the deal or (炒地皮) after the kitty."""

    __slots__ = ("rules", "players", "table", "tables", "levels", "either", "overturn", "asks", "side", "level",
                 "round_ladder")

    def __init__(self, rules: Rules, players: Sequence[Player], level: str | None, overturn: bool = True,
                 seat_levels: Sequence[str | None] | None = None, asks: DealAsked | None = None,
                 after_kitty: bool = False):
        self.rules = rules
        self.players = players
        self.level = level
        #: the round after the kitty with a ladder of its own (``declaring.ladder_after_kitty``): its
        #: declarations are those of that ladder, and overturn as ``overturns_in_round`` says
        self.round_ladder = after_kitty and bool(rules.declaring.ladder_after_kitty)
        self.table = declare_table(rules, level, self.round_ladder)
        #: each seat's declarations, where each player declares at their own level
        #: (``declaring.level_cards`` "own", ``seat_levels``); None: ``table`` for every seat
        self.tables = None if seat_levels is None else [declare_table(rules, lv) for lv in seat_levels]
        self.levels = seat_levels
        #: a player may also declare with the level cards of the banker the standing declaration
        #: makes (``declaring.level_cards`` "own-or-banker")
        self.either = seat_levels is not None and rules.declaring.level_cards == "own-or-banker"
        #: whether a declaration may take the place of another's (overturn, or take one back) in
        #: this hand (``declaring.overturn_in_deal``); the standing declarer may still reinforce
        self.overturn = overturn
        #: where a rule is asked at each declaration over a standing one (``declaring.
        #: overturn_in_deal_when`` reading the player, ``declaring.reinforce_when``): what it reads
        #: of the hand; None: no such rule (the declaring after the kitty, or in turn)
        self.asks = asks
        #: the declarer's partners may reinforce too, where the condition on reinforcing holds of
        #: them (``rules.side_reinforces``, fixed teams): asked during the deal only
        self.side = asks is not None and rules.table.seated and side_reinforces(rules.declaring)

    def offers(self, seat: int, hand: Sequence[Card], standing: Standing | None,
               shown: Sequence[tuple[int, tuple[Card, ...]]] = (),
               counts: dict[Card, int] | None = None) -> list[Offer]:
        """What ``seat`` may declare with ``hand`` against the standing declaration; ``shown`` is
        every declaration shown so far, (seat, cards), for taking one back.  ``counts``: the
        copies of each declaring card in ``hand``, in the order they came into it, when the
        caller counted them already (the deal counts them as it deals)."""
        decl = self.rules.declaring
        table = self.table if self.tables is None else self.tables[seat]
        if counts is None:
            counts = {}
            for c in hand:
                if c in table.face_set:
                    counts[c] = counts.get(c, 0) + 1
        banker = self._bankers_table(seat, standing)
        if not counts and banker is None:
            return []
        own = None
        if standing is not None and standing.seat != seat and decl.reinforce_to_retake:
            own = next((cards for who, cards in reversed(shown) if who == seat), None)
        out: list[Offer] = []
        self._shows(table, counts, seat, standing, own, out)
        if banker is not None:  # the banker's level cards too, counted in the hand
            theirs: dict[Card, int] = {}
            for c in hand:
                if c in banker.face_set:
                    theirs[c] = theirs.get(c, 0) + 1
            self._shows(banker, theirs, seat, standing, own, out, levelled=True)
        if self.side and standing is not None and (standing.shares or seat != standing.seat):
            out = self._joined(seat, hand, standing, shown, out)
        if self.asks is not None and out:
            if standing is not None:
                out = self._allowed(seat, standing, shown, out)
            elif not may_declare_first(self.rules, seat, bankers=self.asks.bankers, first_hand=self.asks.first_hand,
                                       level=self.asks.level):
                return []
        return out

    def _joined(self, seat: int, hand: Sequence[Card], standing: Standing,
                shown: Sequence[tuple[int, tuple[Card, ...]]], out: list[Offer]) -> list[Offer]:
        """亮主方加固: where ``seat`` is of the standing declarer's side and the condition on
        reinforcing holds of them, their declarations of the standing one's card are reinforcements
        of it: the standing declaration's cards with more of the same shown by ``seat`` (the
        declarer adding to one their partner reinforced, too), each a stronger declaration of the
        ladder.  ``out`` with those in place of ``seat``'s own declarations of that card."""
        asks = self.asks
        assert asks is not None
        if seat != standing.seat and not declarer_relation(self.rules, seat, standing.seat)[0]:
            return out
        turn = declare_turn(self.rules, seat, standing.seat, shown, bankers=asks.bankers,
                            first_hand=asks.first_hand, level=asks.level)
        if not may_declare_over(turn, True):
            return out
        kept = [offer for offer in out if face_of(offer.cards) != standing.face]
        whole = Counter(standing.cards)
        others = whole - Counter(next((cards for who, cards in standing.shares if who == seat), ()))
        if seat == standing.seat:
            others = Counter(card for _, cards in standing.shares for card in cards)
        held = Counter(hand)
        tables = [self.table] if self.tables is None else [self.tables[standing.seat], self.tables[standing.holder]]
        seen = set()
        for table in tables:
            for show in table.by_face.get(standing.face, ()):
                if show.cards in seen or not show.declaration.beats(standing.declaration):
                    continue
                seen.add(show.cards)
                cards = Counter(show.cards)
                mine = cards - others
                if others - cards or any(held[card] < copies for card, copies in mine.items()):
                    continue
                own: list[Card] = []
                for card in show.cards:  # this player's cards, in the declaration's order
                    if mine[card] > 0:
                        own.append(card)
                        mine[card] -= 1
                kept.append(Offer(tuple(own), show.declaration, show.cards))
        return kept

    def _allowed(self, seat: int, standing: Standing, shown: Sequence[tuple[int, tuple[Card, ...]]],
                 out: list[Offer]) -> list[Offer]:
        """The offers of ``out`` the rules asked at each declaration allow ``seat`` over the standing
        declaration: a reinforcement (the standing declarer, the same card) where the condition on
        reinforcing holds of them, any other where the condition on overturning does."""
        asks = self.asks
        assert asks is not None
        turn = declare_turn(self.rules, seat, standing.seat, shown, bankers=asks.bankers,
                            first_hand=asks.first_hand, level=asks.level)
        verdicts: dict[bool, bool] = {}
        kept = []
        for offer in out:
            reinforcing = bool(offer.joined) or seat == standing.seat and face_of(offer.cards) == standing.face
            allowed = verdicts.get(reinforcing)
            if allowed is None:
                allowed = verdicts[reinforcing] = may_declare_over(turn, reinforcing)
            if allowed:
                kept.append(offer)
        return kept

    def _bankers_table(self, seat: int, standing: Standing | None) -> DeclareTable | None:
        """The declarations of the level of the banker the standing declaration makes, where
        ``seat`` may declare with those cards too and that level is not their own; else None."""
        if not self.either or standing is None or self.tables is None or self.levels is None:
            return None
        if self.levels[standing.holder] == self.levels[seat]:
            return None
        return self.tables[standing.holder]

    def _shows(self, table: DeclareTable, counts: dict[Card, int], seat: int, standing: Standing | None,
               own: tuple[Card, ...] | None, out: list[Offer], levelled: bool = False) -> None:
        """Add to ``out`` the shows of ``table`` that ``counts`` (copies of its cards held) allow
        (``levelled``: only those named by a level card, jokers alone being of no level)."""
        for face, have in counts.items():
            if levelled and face.is_joker:
                continue
            for show in table.by_face.get(face, ()):
                if show.copies > have or show.extra is not None and counts.get(show.extra[0], 0) < show.extra[1]:
                    continue
                if standing is not None and not self._may_show(seat, show, standing, own):
                    continue
                out.append(show.offer)

    def _may_show(self, seat: int, show: Show, standing: Standing, own: tuple[Card, ...] | None) -> bool:
        """Whether ``seat`` may show ``show`` over the standing declaration: a stronger one (the
        standing declarer only to reinforce, or to overturn their own where the rules allow it),
        or, where the rules allow taking one back, more of the cards ``seat`` showed last, as
        strong as the standing declaration (``own``: those cards)."""
        decl = self.rules.declaring
        d = show.declaration
        if self.round_ladder:
            return self._overturns_in_round(seat, show, standing, own)
        if standing.seat == seat:
            if not d.beats(standing.declaration):
                return False
            return decl.reinforce if show.face == standing.face else decl.overturn_own and self.overturn
        if not self.overturn:
            return False
        if d.beats(standing.declaration):
            return True
        return (own is not None and show.face == face_of(own) and len(show.cards) > len(own)
                and d.strength == standing.declaration.strength)

    def _overturns_in_round(self, seat: int, show: Show, standing: Standing, own: tuple[Card, ...] | None) -> bool:
        """``_may_show`` in the round after the kitty with a ladder of its own: ``show`` overturns
        the standing declaration as ``overturns_in_round`` judges it; with ``reinforce_to_retake``,
        more of the cards ``seat`` showed last take it back where they are as strong, on the
        ladder the standing declaration is judged by.  The standing declarer passes."""
        if standing.seat == seat or not self.overturn:
            return False
        rules, level = self.rules, self.level
        if overturns_in_round(rules, show.cards, show.declaration, standing.cards, level):
            return True
        if own is None or show.face != face_of(own) or len(show.cards) <= len(own):
            return False
        in_round = declaration(rules, standing.cards, level, rules.declaring.ladder_after_kitty)
        if in_round is not None:
            return show.declaration.strength == in_round.strength
        dealt, shown_in_deal = declaration(rules, standing.cards, level), declaration(rules, show.cards, level)
        return dealt is not None and shown_in_deal is not None and shown_in_deal.strength == dealt.strength

    def ask(self, seat: int, hand: Sequence[Card], standing: Standing | None, public: Public,
            counts: dict[Card, int] | None = None) -> Standing | None:
        """Offer ``seat`` what they may declare (nothing is asked when they may declare nothing);
        their declaration, shown to the table, or None.  ``counts`` as ``offers`` takes them."""
        offers = self.offers(seat, hand, standing, public.declarations, counts)
        if not offers:
            return None
        choice = self.players[seat].declare(PlayerView(seat, hand, public), offers)
        if choice is None:
            return None
        if choice not in offers:
            raise IllegalPlay(seat, f"declared {notation(choice.cards)}, which was not on offer")
        if choice.joined and standing is not None:  # 亮主方加固: the standing declaration, reinforced
            shares = tuple((who, cards) for who, cards in standing.shares if who != seat)
            if seat != standing.seat:
                shares += ((seat, choice.cards),)
            public.joined[len(public.declarations)] = Joined(seat, shares)
            public.declarations.append((standing.seat, choice.joined))
            return Standing(standing.seat, standing.face, choice.declaration, standing.holder, choice.joined, shares)
        public.declarations.append((seat, choice.cards))
        face = face_of(choice.cards)
        holder = seat
        if self._bankers_table(seat, standing) is not None and standing is not None and self.levels is not None \
                and not face.is_joker and face.rank == self.levels[standing.holder]:
            holder = standing.holder  # the banker's level cards: only the trump changes
        return Standing(seat, face, choice.declaration, holder, choice.cards)


@dataclass(frozen=True, slots=True)
class DealAsked:
    """What a rule asked at each declaration during the deal reads of the hand (``declaring.
    overturn_in_deal_when`` reading the player, ``declaring.reinforce_when``): whether it is the
    game's first (or declared as one, after a redeal that cleared the bank), the banker's team as
    known before the deal (None: nobody banks yet), with the banker, and the level the deal is
    declared at."""

    first_hand: bool
    banker: int | None
    bankers: frozenset[int] | None
    level: str | None


def deal_asked(rules: Rules, banker: int | None, first_hand: bool, level: str | None) -> DealAsked | None:
    """The ``DealAsked`` of a deal, where the rules ask at each declaration; None elsewhere."""
    if not asks_each_declaration(rules):
        return None
    return DealAsked(first_hand, banker, None if banker is None else banker_team(rules, banker), level)


def reinforcements(rules: Rules, declared: Sequence[Card], hand: Sequence[Card], level: str | None, *, seat: int,
                   declarer: int, shares: Sequence[tuple[int, Sequence[Card]]] = (),
                   declarations: Sequence[tuple[int, Sequence[Card]]] = (), first_hand: bool = False,
                   banker: int | None = None) -> list[Offer]:
    """The ways ``seat`` holding ``hand`` may reinforce, during the deal of a hand at ``level``, the
    standing declaration ``declared`` (all its cards) that ``declarer`` made, ``shares`` the cards
    of it each partner of theirs showed (亮主方加固): the standing declarer's own reinforcing, and a
    partner's where ``rules.side_reinforces``.  Each offer's ``cards`` are those ``seat`` shows,
    its ``whole`` the declaration once reinforced.  ``declarations``: the deal's declarations so
    far, (seat, cards), the standing one last (default: that one alone), ``first_hand`` and
    ``banker`` (None: nobody banks yet) as a condition on reinforcing reads them."""
    return [offer for offer, reinforcing in _offers_over(rules, declared, hand, level, seat, declarer, shares,
                                                          declarations, first_hand, banker) if reinforcing]


def overturns(rules: Rules, declared: Sequence[Card], hand: Sequence[Card], level: str | None, *, seat: int,
              declarer: int, shares: Sequence[tuple[int, Sequence[Card]]] = (),
              declarations: Sequence[tuple[int, Sequence[Card]]] = (), first_hand: bool = False,
              banker: int | None = None) -> list[Offer]:
    """The declarations with which ``seat`` holding ``hand`` may overturn, during the deal of a
    hand at ``level``, the standing declaration ``declared`` that ``declarer`` made: each stronger
    than it, of another card or by another player, where ``overturn:`` lets the hand overturn and
    its condition holds of ``seat`` (who they are beside the standing declarer and whoever declared
    before, the overturns so far).  The arguments are ``reinforcements``'s; a reinforcement is not
    an overturn."""
    return [offer for offer, reinforcing in _offers_over(rules, declared, hand, level, seat, declarer, shares,
                                                          declarations, first_hand, banker) if not reinforcing]


def _offers_over(rules: Rules, declared: Sequence[Card], hand: Sequence[Card], level: str | None, seat: int,
                 declarer: int, shares: Sequence[tuple[int, Sequence[Card]]],
                 declarations: Sequence[tuple[int, Sequence[Card]]], first_hand: bool,
                 banker: int | None) -> list[tuple[Offer, bool]]:
    """Every declaration ``seat`` may make over the standing one, as the deal offers it, each with
    whether it reinforces the standing one (a partner's joining it, or the declarer's own of its
    card) rather than overturning it."""
    shown = tuple((who, tuple(cards)) for who, cards in declarations) or ((declarer, tuple(declared)),)
    made = rules.declaration(list(declared), level)
    if made is None:
        return []
    cards = tuple(declared)
    face = face_of(cards)
    offers = DeclarationOffers(rules, [], level, may_overturn_in_deal(rules, first_hand, level), None,
                               deal_asked(rules, banker, first_hand, level))
    standing = Standing(declarer, face, made, declarer, cards, tuple((who, tuple(c)) for who, c in shares))
    return [(offer, bool(offer.joined) or seat == declarer and face_of(offer.cards) == face)
            for offer in offers.offers(seat, list(hand), standing, shown)]


@dataclass(frozen=True, slots=True)
class WeakHand:
    """A deal thrown in for a weak hand (``declaring.redeal_hands``): the seat, its dealt cards
    and the trump they were judged with."""

    seat: int
    hand: tuple[Card, ...]
    trump: str | None
    #: where a condition says who may ask (``declaring.redeal_when``): what it read, the banker as
    #: known then, the hand's level, whether it was the game's first, the points and trumps held
    asked: RedealAsked | None = None


@dataclass(frozen=True, slots=True)
class RedealAsked:
    """What ``declaring.redeal_when`` read of the player who threw a deal in."""

    banker: int
    level: str | None
    first_hand: bool
    points: int
    trumps: int


@dataclass(slots=True)
class Deal:
    """The deal that stood: the hands, the kitty, the public state with trump set, the standing
    declaration, the first declarer, the deals thrown in before it, and how trump was set."""

    hands: list[list[Card]]
    kitty: list[Card]
    public: Public
    standing: Standing | None
    first: int | None
    redeals: int
    #: "declared", "fallback", "named", "no-trump", or "scored" (nobody declared: the hand is not
    #: played, and scores as ``declaring.fallback`` says)
    trump_by: str
    #: the deals thrown in for a weak hand, in order
    weak_hands: list[WeakHand] = field(default_factory=list)
    #: a redeal for a weak hand cleared the bank (``declaring.redeal_clears_bank``): this deal had
    #: no banker, each seat declaring at its own level
    cleared: bool = False
    #: the kitty's cards turned to find the banker when nobody declared (翻底牌定庄), or None
    turned: Turned | None = None
    #: where a rule is asked at each declaration during the deal: what it read of the hand, and
    #: the number of this deal's declarations (the first of ``public.declarations``); else None
    asked: tuple[DealAsked, int] | None = None
    #: the exchange with the declarer made during this deal (``declaring.exchange_timing``
    #: "during-deal"), or None
    exchange: Exchange | None = None


def deal(rules: Rules, players: Sequence[Player], rng: random.Random, deck: Sequence[Card], *,
         level: str | None, banker: int | None, beyond: bool, auction: bool = False,
         after_deal: bool = False, first_dealer: int = 0, seat_levels: Sequence[str | None] | None = None,
         own_levels: Sequence[str | None] | None = None) -> Deal:
    """Deal ``deck`` (again while the rules say redeal, at most ``MAX_DEALS`` times).  ``banker``
    None is a first hand: seat 0 deals.  ``beyond``: the extra level, dealt without declaring and
    played in no-trump.  ``auction``: dealt once, without declaring, trump left to the banker the
    auction finds ("named").  ``after_deal``: dealt once, without declaring, the players declaring in
    turn after it (``declare_in_turn``), or a contest's winner naming trump (the phase "contest");
    trump_by "in-turn" until then.  ``first_dealer``: who deals
    a first hand (the cut's winner; seat 0 without a cut).  ``seat_levels``: each seat declares with
    the cards of its own level (``declaring.level_cards`` "own"), nobody banking while the deal goes
    on; the hand's level (``public.level``) becomes the final declarer's once the declaring ends,
    ``level`` (the dealer's) when nobody declared.  ``own_levels``: each seat's own level, for a
    redeal that clears the bank (``declaring.redeal_clears_bank``): the deals after it are dealt as
    a first hand is, each seat declaring at its own level (``Deal.cleared``)."""
    n = rules.table.players
    game_first = banker is None
    cleared = False
    dealer = first_dealer if banker is None else banker
    known = None if seat_levels is not None else banker
    declaring = DeclarationOffers(rules, players, level, may_overturn_in_deal(rules, banker is None, level),
                                  seat_levels, deal_asked(rules, known, banker is None, level))
    faces = [t.face_set for t in declaring.tables] if declaring.tables is not None else [declaring.table.face_set] * n
    k = rules.table.kitty_size
    weak: list[WeakHand] = []
    # 粘牌 while the cards are dealt: at each chance to declare, the exchange with the declarer
    sticking = (rules.declaring.exchange_with_declarer and rules.declaring.exchange_timing == "during-deal"
                and not (beyond or auction or after_deal))
    for attempt in range(MAX_DEALS):
        cards = list(deck)
        shuffle(rng, cards)
        kitty = cards[len(cards) - k:] if k else []
        hands: list[list[Card]] = [[] for _ in range(n)]
        public = Public(rules, n, dealer, level, known, face_down=rules.declaring.face_down)
        standing: Standing | None = None
        first: int | None = None
        # each hand's declaring cards, counted as they are dealt
        counts: list[dict[Card, int]] = [{} for _ in range(n)]
        stuck: Exchange | None = None
        for seat in _chances(cards[:len(cards) - k], hands, dealer, faces, beyond or auction or after_deal, counts):
            if stuck is not None:
                continue  # 粘牌 closes the declaring: the declaration taken stands
            got = declaring.ask(seat, hands[seat], standing, public, counts[seat])
            if got is not None:
                standing = got
                if first is None:
                    first = seat
            if sticking and stuck is None and standing is not None and standing.seat != seat and not standing.shares:
                stuck = stick(players, hands, public, seat, standing.seat, standing.cards, standing.declaration.trump)
        if auction:
            return Deal(hands, kitty, public, None, None, attempt, "named")
        if after_deal and not beyond:
            return Deal(hands, kitty, public, None, None, attempt, "in-turn")
        thrown = len(weak)
        dealt = settle(rules, players, hands, kitty, public, standing, first, first_hand=banker is None,
                       beyond=beyond, attempt=attempt, weak=weak, seat_levels=seat_levels, game_first=game_first)
        if dealt is not None:
            dealt.cleared = cleared
            dealt.exchange = stuck
            if declaring.asks is not None:
                dealt.asked = (declaring.asks, len(public.declarations))
            return dealt
        if len(weak) > thrown and rules.declaring.redeal_clears_bank and own_levels is not None and not cleared:
            # 完全造反: the bank is cleared, and the next deal is declared as a first hand is, each
            # seat at its own level, the dealer dealing again
            cleared, banker, known, seat_levels = True, None, None, own_levels
            declaring = DeclarationOffers(rules, players, level, may_overturn_in_deal(rules, True, level),
                                          seat_levels, deal_asked(rules, None, True, level))
            faces = [t.face_set for t in declaring.tables] if declaring.tables is not None else faces
    # every deal thrown in: play the last one in no-trump
    public.trump = None
    return Deal(hands, kitty, public, None, None, MAX_DEALS - 1, "no-trump", weak, cleared)


def settle(rules: Rules, players: Sequence[Player], hands: list[list[Card]], kitty: list[Card], public: Public,
           standing: Standing | None, first: int | None, *, first_hand: bool, beyond: bool, attempt: int,
           weak: list[WeakHand], seat_levels: Sequence[str | None] | None = None,
           named: str | None = None, game_first: bool | None = None) -> Deal | None:
    """The declaring over, the deal's trump: the standing declaration's, else the fallback's; then
    a weak hand may throw the deal in (appended to ``weak``).  The deal that stands, or None when
    it is dealt again (``attempt``: the deals thrown in before it).  ``seat_levels``: each seat
    declared at its own level, and the hand is played at the level of the banker the standing
    declaration makes.  ``named``: the suit a contest's winner named (``declaring.first_banker``
    "contest"), trump as a declaration's would be."""
    if beyond:
        dealt = Deal(hands, kitty, public, None, None, attempt, "no-trump")
    elif named is not None:
        public.trump = named
        dealt = Deal(hands, kitty, public, None, None, attempt, "named")
    elif standing is not None:
        public.trump = standing.declaration.trump
        if seat_levels is not None:
            public.level = seat_levels[standing.holder]
        dealt = Deal(hands, kitty, public, standing, first, attempt, "declared")
    elif first_hand and rules.declaring.first_fallback == "redeal":
        return None
    elif rules.declaring.fallback.kind == "scored":
        # the hand is not played: it scores as the rules say (a first hand, with nobody banking
        # yet, is dealt again)
        if first_hand:
            return None
        return Deal(hands, kitty, public, None, None, attempt, "scored", weak)
    else:
        turned = None
        if rules.declaring.fallback.kind == "player-level-card" and seat_levels is not None:
            # 翻底牌定庄: the kitty's cards turned until one is of some player's level, who banks
            # at it with its suit trump; with none, the next way, the dealer banking at their level
            turned = turn_kitty(kitty, seat_levels, public.dealer)
            public.kitty_turned = turned.cards
        if turned is not None and turned.banker is not None:
            card = turned.cards[-1]
            public.trump, public.level = card.suit, card.rank
            trump_by: str | None = "fallback"
        else:
            trump_by = _fallback(rules, players, hands, kitty, public)
        if trump_by is None:
            return None
        dealt = Deal(hands, kitty, public, None, None, attempt, trump_by, turned=turned)
    # the last deal is played whatever its hands hold
    thrown = None
    if attempt < MAX_DEALS - 1:
        if rules.declaring.redeal_when:
            banker = public.banker if public.banker is not None else first_banker(rules, dealt)
            thrown = _asked_redeal(rules, players, hands, public, banker,
                                   first_hand if game_first is None else game_first, len(weak))
        else:
            thrown = _weak_hand(rules, players, hands, public)
    if thrown is not None:
        weak.append(thrown)
        return None
    dealt.weak_hands = weak
    return dealt


def declare_in_turn(rules: Rules, players: Sequence[Player], dealt: Deal,
                    first_seat: int) -> list[tuple[int, tuple[Card, ...] | None]]:
    """轮流定主: after the deal, each player in turn from ``first_seat`` may declare once, with
    nothing standing, until one does (that declaration stands) or every player has passed.  The
    turns, (seat, the cards declared or None), in order; ``dealt.standing`` and ``dealt.first`` are
    set when someone declared."""
    public = dealt.public
    declaring = DeclarationOffers(rules, players, public.level)
    turns: list[tuple[int, tuple[Card, ...] | None]] = []
    for seat in in_turn(first_seat, public.players):
        got = declaring.ask(seat, dealt.hands[seat], None, public)
        turns.append((seat, None if got is None else public.declarations[-1][1]))
        if got is not None:
            dealt.standing, dealt.first = got, seat
            break
    return turns


def _weak_hand(rules: Rules, players: Sequence[Player], hands: list[list[Card]], public: Public) -> WeakHand | None:
    """With trump known, a hand the rules let be redealt (``declaring.redeal_hands``), from the
    dealer in turn: the first one whose holder asks (or any, with ``redeal_by`` "automatic"), or
    None when the deal stands."""
    decl = rules.declaring
    if not decl.redeal_hands:
        return None
    public.ctx = rules.context(public.level, public.trump)
    for seat in in_turn(public.dealer, public.players):
        hand = hands[seat]
        if not rules.may_redeal(hand, public.level, public.trump):
            continue
        if decl.redeal_by == "automatic" or players[seat].redeal(PlayerView(seat, hand, public)):
            return WeakHand(seat, tuple(hand), public.trump)
    return None


def _asked_redeal(rules: Rules, players: Sequence[Player], hands: list[list[Card]], public: Public, banker: int,
                  first_hand: bool, redeals: int) -> WeakHand | None:
    """With trump known, from the banker in turn, the first player of whom ``declaring.redeal_when``
    holds who asks for a redeal (any, with ``redeal_by`` "automatic"), or None when the deal stands.
    ``banker``: the banker as known then (in a hand whose banker the declaring finds, the one it
    found); ``redeals``: the deals thrown in before this one."""
    public.ctx = rules.context(public.level, public.trump)
    team = banker_team(rules, banker)
    automatic = rules.declaring.redeal_by == "automatic"
    for seat in in_turn(banker, public.players):
        hand = hands[seat]
        turn = redeal_turn(rules, tuple(hand), public.level, public.trump, attacker=seat not in team,
                           first_hand=first_hand, redeals=redeals)
        if not may_ask_redeal(turn):
            continue
        if automatic or players[seat].redeal(PlayerView(seat, hand, public)):
            asked = RedealAsked(banker, public.level, first_hand, turn.points, turn.trumps)
            return WeakHand(seat, tuple(hand), public.trump, asked)
    return None


def _chances(rest: list[Card], hands: list[list[Card]], dealer: int, faces: Sequence[frozenset[Card]],
             beyond: bool, counts: list[dict[Card, int]]) -> Iterator[int]:
    """Deal ``rest`` into ``hands``, yielding the seats that get a chance to declare, in turn:
    after each level card or joker dealt, the player who got it; after the deal, every player
    from the dealer.  Beyond the last level nobody declares.  ``counts``: each seat's copies of
    each card of its ``faces`` (each seat's declaring cards) dealt to it, kept up to date."""
    n = len(hands)
    turn = in_turn(dealer, n)
    if beyond:
        for card, seat in zip(rest, cycle(turn)):
            hands[seat].append(card)
        return
    for card, seat in zip(rest, cycle(turn)):
        hands[seat].append(card)
        if card in faces[seat]:
            held = counts[seat]
            held[card] = held.get(card, 0) + 1
            yield seat
    yield from turn


def _fallback(rules: Rules, players: Sequence[Player], hands: list[list[Card]], kitty: Sequence[Card],
              public: Public) -> str | None:
    """Nobody declared: set trump by ``rules.fallback_trump`` and say how ("fallback", or "named"
    by the banker's partner), or None when the rules say redeal."""
    try:
        public.trump = rules.fallback_trump(kitty, public.level)
        return "fallback"
    except NoTrumpFromKitty as why:
        if why.kind == "redeal":
            return None
    # partner-names: the banker's partner (the banker with called partners); in a first hand
    # nobody banks yet and the dealer stands in (the contest's winner, where a contest found them)
    banker = public.dealer if public.banker is None else public.banker
    n = public.players
    namer = banker if not rules.table.seated else (banker + 2) % n
    named = players[namer].name_trump(PlayerView(namer, hands[namer], public))
    if named is not None and named not in SUITS:
        raise IllegalPlay(namer, f"named {named!r} as trump, which is not a suit")
    public.trump = named
    return "named"


def first_banker(rules: Rules, dealt: Deal) -> int:
    """The first hand's banker, by ``declaring.first_banker``: the first declarer, the final
    declarer (or the banker their declaration leaves, with ``declaring.level_cards``
    "own-or-banker"), or the dealer (seat 0); when nobody declared, the player at the level of the
    kitty card turned (翻底牌定庄), else the dealer (and until the contest, with "contest", finds
    the banker)."""
    if dealt.standing is None and dealt.turned is not None and dealt.turned.banker is not None:
        return dealt.turned.banker
    how = rules.declaring.first_banker
    if how == "first-declarer" and dealt.first is not None:
        return dealt.first
    if how == "final-declarer" and dealt.standing is not None:
        return dealt.standing.holder
    return dealt.public.dealer
