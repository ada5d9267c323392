"""Hands and matches: deal, declare during the deal, exchange the kitty, play the tricks, score;
and a match of hands until a team wins.

Everything here is driven by the ``Rules`` object and by the players' choices; the players see only
a ``PlayerView``: their own hand and the public state of the table (declarations, the cards played,
the trick so far), never another hand.  One ``random.Random`` (the ``rng`` argument) shuffles every
deck, so a seed fixes a game together with the players' own seeded generators.

A hand, step by step:

1. **Deal.** A shuffled deck of ``rules.table`` (decks, removed ranks, jokers); the last
   ``kitty_size`` cards are the kitty; the rest go one at a time to the seats in play order, from
   the dealer (seat 0 in the first hand, else the banker).  After each level card or joker a player
   receives, that player may declare with the cards dealt to them so far; after the deal every
   player has one more chance, in turn.  A declaration must beat the standing one on the ladder
   (``Declaration.key``: the step, then ``suit_order``); the standing declarer may only reinforce
   (the same card, more copies) if ``reinforce``, or change it if ``overturn_own``.
2. **Trump.** The last declaration names it.  With none: ``first_fallback: redeal`` in the first
   hand, else ``rules.fallback_trump`` (a redeal, or the banker's partner naming their longest
   suit, when the rules say so).  Redeals are bounded by ``MAX_DEALS``; after that the hand is
   played in no-trump.
3. **Banker.** Later hands: known before the deal.  First hand: ``first_banker`` (the first
   declarer, the final declarer, or the dealer, seat 0); the dealer if nobody declared.
4. **Kitty.** The banker takes the kitty and buries as many cards.  With ``overturn_after_kitty``
   the other players may then overturn (炒地皮), each overturner taking the kitty in turn.  With
   called partners the banker then calls ``called_cards`` cards ("the 2nd ♣A played").
5. **Tricks.** The banker leads; the winner of a trick leads the next.  A lead of several units is
   a throw: it is checked against the other hands (``throw_options``); a failed throw is replaced
   by the part the rules hold the leader to (the next player choosing under
   ``next-player-chooses``), and ``leading.throw_penalty`` is charged.  Every follow is checked by
   ``follow_error``; an illegal one raises ``IllegalPlay``.
6. **Score.** The attackers' trick points, plus the kitty's points times the multiplier of the
   last lead if an attacker wins the last trick, plus or minus penalties (never below 0); then
   ``rules.level_change``, and the next banker.

Teams: "opposite" and "alternate" seat the two teams alternately (even seats, odd seats).
"called" (Finding Friends): the banker's team is the banker and whoever plays a called card,
decided during play; points are credited to the teams as they stand at the end of the hand (a
friend's tricks won before being revealed count for the banker's team).  A called card the banker
plays themself makes no friend.

Penalties (``leading.throw_penalty``): a banker-team thrower's penalty is added to the attackers'
points, an attacker's is taken from them.  "hand-lost": the offending team loses the hand with
the smallest loss the thresholds give (the attackers' lowest row, or the bankers' highest row);
the first offence decides.

Levels are kept per seat (equal within a fixed team; per player with called partners, where the
teams change every hand); a hand is played at its banker's level.  ``rules.advance`` climbs them;
past the last level a team stays at it ("last", "hands") or reaches the extra no-trump level
("beyond-last").  Knock back (``levels.knock_back``): a banker team that loses while playing the
rule's level, the last trick won by a single card of that rank, goes back to the rule's level.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..rules import RANKS, SUITS, Rules
from .cards import CARDS, Card, deck_cards
from .declaring import Declaration
from .errors import EngineError, NoTrumpFromKitty, PlayError
from .follow import FollowContext, choose_follow, duty_for, follow_error, lead_suit
from .oracle import Context
from .order import TRUMP
from .scoring import kitty_multiplier, level_ladder
from .stakes import hand_points
from .tricks import throw_options, winner
from .units import Unit, decompose

#: deals tried before a hand nobody can find a trump for is played in no-trump
MAX_DEALS = 50
#: a match stops after this many hands, finished or not
MAX_HANDS = 2000

#: the extra level of ``game_end: beyond-last``, played in no-trump at the last level's rank
BEYOND = "beyond"


class IllegalPlay(PlayError):
    """A player chose something the rules forbid: an illegal follow, a lead of several suits,
    cards not in the hand, a declaration not offered.  ``.seat`` says who, ``.reason`` why."""

    def __init__(self, seat: int, reason: str):
        super().__init__(f"seat {seat}: {reason}")
        self.seat = seat
        self.reason = reason


# --- small tables ------------------------------------------------------------------------------


def point_table(rules: Rules) -> tuple[int, ...]:
    """The points of every card code (jokers and unlisted ranks 0)."""
    points = dict(rules.table.points)
    return tuple(0 if code >= 52 else points.get(RANKS[code % 13], 0) for code in range(54))


def banker_team(rules: Rules, banker: int, friends: Sequence[int] = ()) -> frozenset[int]:
    """The seats of the banker's team: the banker's parity for seated teams, else the banker and
    the friends found."""
    n = rules.table.players
    if rules.table.partnership == "called":
        return frozenset({banker, *friends})
    return frozenset(s for s in range(n) if s % 2 == banker % 2)


def _remove(hand: list[Card], cards: Sequence[Card]) -> None:
    for c in cards:
        hand.remove(c)


def _holds(hand: Sequence[Card], cards: Sequence[Card]) -> bool:
    pool = list(hand)
    try:
        for c in cards:
            pool.remove(c)
    except ValueError:
        return False
    return True


# --- what the players see ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Offer:
    """A declaration a player may make now: the cards to show and what they declare."""

    cards: tuple[Card, ...]
    declaration: Declaration

    @property
    def trump(self) -> str | None:
        return self.declaration.trump


@dataclass(slots=True)
class TrickRecord:
    leader: int
    #: in seat order from the leader; the first is the lead actually played
    plays: list[tuple[Card, ...]]
    #: the throw attempted when it failed, else None
    attempt: tuple[Card, ...] | None
    winner: int
    points: int
    #: the lead (or the attempt) was a throw of several units
    thrown: bool = False


@dataclass(slots=True, eq=False)
class Public:
    """The state of the table every player sees.  It never holds a hand."""

    rules: Rules
    players: int
    dealer: int
    level: str
    #: the banker; None during the first hand's deal (nobody banks yet)
    banker: int | None
    #: None until trump is known (during the deal)
    trump: str | None = None
    ctx: Context | None = None
    #: every declaration shown, in order: (seat, cards)
    declarations: list[tuple[int, tuple[Card, ...]]] = field(default_factory=list)
    #: Finding Friends: the banker's calls, (card, ordinal), and the friends found so far
    called: tuple[tuple[Card, int], ...] = ()
    friends: list[int] = field(default_factory=list)
    tricks: list[TrickRecord] = field(default_factory=list)
    #: the trick being played
    leader: int = 0
    plays: list[tuple[Card, ...]] = field(default_factory=list)
    lead_context: FollowContext | None = None
    #: copies of each card code played in tricks so far
    played: list[int] = field(default_factory=lambda: [0] * 54)
    #: points won in tricks, per seat
    points: list[int] = field(default_factory=list)


class PlayerView:
    """One player's view: their own hand and the public state, nothing else."""

    __slots__ = ("seat", "hand", "public", "kitty")

    def __init__(self, seat: int, hand: Sequence[Card], public: Public, kitty: tuple[Card, ...] | None = None):
        self.seat = seat
        self.hand: tuple[Card, ...] = tuple(hand)
        self.public = public
        #: the cards this player buried, if they did
        self.kitty = kitty

    # shortcuts to the public state
    @property
    def rules(self) -> Rules:
        return self.public.rules

    @property
    def ctx(self) -> Context:
        ctx = self.public.ctx
        if ctx is None:
            raise EngineError("trump is not known yet")
        return ctx

    @property
    def level(self) -> str:
        return self.public.level

    @property
    def trump(self) -> str | None:
        return self.public.trump

    @property
    def banker(self) -> int | None:
        return self.public.banker

    @property
    def lead(self) -> tuple[Card, ...] | None:
        plays = self.public.plays
        return plays[0] if plays else None

    def teammates(self) -> frozenset[int]:
        """The seats known (publicly, or by this player) to be on this player's team, this one
        included.  With called partners only the banker's side is ever known."""
        pub = self.public
        rules = pub.rules
        if rules.table.partnership != "called":
            return frozenset(s for s in range(pub.players) if s % 2 == self.seat % 2)
        if pub.banker is None:
            return frozenset({self.seat})
        side = banker_team(rules, pub.banker, pub.friends)
        return side if self.seat in side else frozenset({self.seat})

    # questions answered by the engine
    def units(self, cards: Sequence[Card]) -> list[Unit]:
        return decompose(self.ctx.order, tuple(cards))

    def legal_follow(self, rng: random.Random | None = None) -> tuple[Card, ...]:
        """A legal follow to the trick's lead: the demanded cards and the lowest others (random
        ones with ``rng``)."""
        fc = self.public.lead_context
        if fc is None:
            raise EngineError("no trick has been led")
        return choose_follow(fc, self.hand, rng)

    def follow_error(self, play: Sequence[Card]) -> str | None:
        fc = self.public.lead_context
        if fc is None:
            raise EngineError("no trick has been led")
        return follow_error(fc, self.hand, tuple(play))

    def winner_if(self, play: Sequence[Card]) -> int:
        """The seat that would be winning the trick if this player played ``play`` now."""
        pub = self.public
        fc = pub.lead_context
        if fc is None:
            raise EngineError("no trick has been led")
        follows = [*pub.plays[1:], tuple(play)]
        return (pub.leader + winner(fc.order, fc.lead, fc.units, fc.suit, follows)) % pub.players

    def winning_seat(self) -> int:
        """The seat winning the trick so far."""
        pub = self.public
        fc = pub.lead_context
        if fc is None:
            raise EngineError("no trick has been led")
        return (pub.leader + winner(fc.order, fc.lead, fc.units, fc.suit, pub.plays[1:])) % pub.players


class Player:
    """The decisions of one seat.  Subclasses override what they decide differently."""

    def declare(self, view: PlayerView, offers: list[Offer]) -> Offer | None:
        """One of ``offers`` to declare now, or None to pass."""
        return None

    def name_trump(self, view: PlayerView) -> str | None:
        """Nobody declared and the rules let this player name trump: their longest suit (its
        cards, jokers and level cards left out; the first of equal suits)."""
        counts = {s: 0 for s in SUITS}
        for c in view.hand:
            if c < 52 and RANKS[c % 13] != view.level:
                counts[SUITS[c // 13]] += 1
        return max(SUITS, key=lambda s: counts[s])

    def bury(self, view: PlayerView, count: int) -> Sequence[Card]:
        raise NotImplementedError

    def call(self, view: PlayerView, count: int) -> Sequence[tuple[Card, int]]:
        """Finding Friends: ``count`` calls (card, ordinal): "the ordinal-th copy of card played"."""
        raise NotImplementedError

    def lead(self, view: PlayerView) -> Sequence[Card]:
        raise NotImplementedError

    def follow(self, view: PlayerView) -> Sequence[Card]:
        return view.legal_follow()

    def choose_part(self, view: PlayerView, options: list[tuple[Card, ...]]) -> int:
        """A throw failed and this player (the next after the leader) chooses the part the leader
        must play: an index into ``options``."""
        return 0


# --- one hand --------------------------------------------------------------------------------------


@dataclass(slots=True)
class HandRecord:
    """Everything that happened in one hand, and its outcome."""

    rules: Rules
    level: str
    trump: str | None
    banker: int
    #: each seat's cards after the kitty exchange
    hands: list[tuple[Card, ...]]
    kitty: tuple[Card, ...]
    tricks: list[TrickRecord]
    attacker_points: int
    kitty_points: int
    #: the multiplier applied to the kitty: 0 when the banker team won the last trick
    kitty_multiplier: int
    level_change: tuple[str, int]
    next_banker: int
    #: the seats of the banker's team at the end of the hand
    banker_team: frozenset[int]
    declarations: list[tuple[int, tuple[Card, ...]]]
    #: the final declarer, None when trump came from the fallback
    declarer: int | None
    called: tuple[tuple[Card, int], ...] = ()
    #: deals thrown in before this one
    redeals: int = 0
    #: how trump was set: "declared", "fallback", "named", "no-trump" (forced)
    trump_by: str = "declared"
    #: penalty points (added to the attackers when positive)
    penalty: int = 0
    #: the team that lost the hand by a "hand-lost" penalty: "banker", "attackers" or None
    forfeit: str | None = None
    #: the hand was the extra no-trump level beyond the last
    beyond: bool = False
    #: table stakes (rulesets with game points): each seat's table points before the hand, and
    #: what the hand changed them by
    table_points: tuple[int, ...] = ()
    table_points_change: tuple[int, ...] = ()

    @property
    def throws_tried(self) -> int:
        return sum(1 for t in self.tricks if t.thrown)

    @property
    def throws_failed(self) -> int:
        return sum(1 for t in self.tricks if t.attempt is not None)

    def to_log(self) -> dict[str, Any]:
        """The hand as one JSON object (see docs/simulate.md)."""
        ctx = self.rules.context(self.level, self.trump)
        sort = _sorter(ctx)
        out: dict[str, Any] = {
            "ruleset": self.rules.name,
            "level": self.level,
            "trump": self.trump,
            "banker": self.banker,
            "hands": [_notation(sort(h)) for h in self.hands],
            "kitty": _notation(sort(self.kitty)),
        }
        if self.called:
            out["called"] = [[str(card), ordinal] for card, ordinal in self.called]
        if self.rules.rotation.declarer_banks:
            out["declarer"] = self.declarer
        tricks = []
        for t in self.tricks:
            row: dict[str, Any] = {"leader": t.leader, "plays": [_notation(p) for p in t.plays]}
            if t.attempt is not None:
                row["attempt"] = _notation(t.attempt)
            row["winner"] = t.winner
            row["points"] = t.points
            tricks.append(row)
        out["tricks"] = tricks
        out["attacker_points"] = self.attacker_points
        out["kitty_points"] = self.kitty_points
        out["kitty_multiplier"] = self.kitty_multiplier
        out["level_change"] = [self.level_change[0], self.level_change[1]]
        out["next_banker"] = self.next_banker
        if self.table_points:
            out["table_points"] = list(self.table_points)
            out["table_points_change"] = list(self.table_points_change)
        return out


def _notation(cards: Sequence[Card]) -> str:
    return " ".join(str(CARDS[c]) for c in cards)


def _sorter(ctx: Context) -> Callable[[Sequence[Card]], list[Card]]:
    order = ctx.order

    def sort(cards: Sequence[Card]) -> list[Card]:
        return sorted(cards, key=lambda c: (order.suit_of[c] != TRUMP, order.suit_of[c], -order.strength[c], c))

    return sort


class _DeclareTable:
    """The declarations each (card, copies) makes at one level, computed once."""

    def __init__(self, rules: Rules, level: str):
        self.faces: list[Card] = []
        self.by: dict[tuple[int, int], Declaration] = {}
        table = rules.table
        candidates = [c for c in deck_cards(table) if c.is_joker or c.rank == level]
        for face in candidates:
            useful = False
            for k in range(1, table.decks + 1):
                d = rules.declaration([face] * k, level)
                if d is not None:
                    self.by[(face, k)] = d
                    useful = True
            if useful:
                self.faces.append(face)
        self.face_set = frozenset(self.faces)


_DECLARE_TABLES: dict[tuple[int, str], tuple[Rules, _DeclareTable]] = {}


def declare_table(rules: Rules, level: str) -> _DeclareTable:
    key = (id(rules), level)
    hit = _DECLARE_TABLES.get(key)
    if hit is not None and hit[0] is rules:
        return hit[1]
    if len(_DECLARE_TABLES) > 256:
        _DECLARE_TABLES.clear()
    dt = _DeclareTable(rules, level)
    _DECLARE_TABLES[key] = (rules, dt)
    return dt


@dataclass(slots=True)
class _Standing:
    seat: int
    face: Card
    declaration: Declaration


class Hand:
    """One hand being played.  ``play()`` runs it to the end and returns its ``HandRecord``."""

    def __init__(self, rules: Rules, players: Sequence[Player], rng: random.Random, *,
                 level: str, banker: int | None, beyond: bool = False):
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
        self.banker = banker
        self.beyond = beyond
        self.points = point_table(rules)
        self.deck = [c for c in deck_cards(rules.table) for _ in range(rules.table.decks)]

    # --- deal and declare ---------------------------------------------------------------------

    def _offers(self, seat: int, hand: Sequence[Card], standing: _Standing | None,
                dt: _DeclareTable) -> list[Offer]:
        decl = self.rules.declaring
        counts: dict[Card, int] = {}
        for c in hand:
            if c in dt.face_set:
                counts[c] = counts.get(c, 0) + 1
        out = []
        for face, have in counts.items():
            for k in range(1, have + 1):
                d = dt.by.get((face, k))
                if d is None:
                    continue
                if standing is not None:
                    if d.key <= standing.declaration.key:
                        continue
                    if standing.seat == seat:
                        if face == standing.face and not decl.reinforce:
                            continue
                        if face != standing.face and not decl.overturn_own:
                            continue
                out.append(Offer(tuple([face] * k), d))
        return out

    def _ask(self, seat: int, hand: Sequence[Card], standing: _Standing | None, dt: _DeclareTable,
             public: Public) -> _Standing | None:
        offers = self._offers(seat, hand, standing, dt)
        if not offers:
            return None
        choice = self.players[seat].declare(PlayerView(seat, hand, public), offers)
        if choice is None:
            return None
        if choice not in offers:
            raise IllegalPlay(seat, f"declared {_notation(choice.cards)}, which was not on offer")
        public.declarations.append((seat, choice.cards))
        return _Standing(seat, choice.cards[0], choice.declaration)

    def _deal(self) -> tuple[list[list[Card]], list[Card], Public, _Standing | None, int | None, int]:
        """Deal (again while the rules say redeal); returns hands, kitty, the public state, the
        standing declaration, the first declarer and the number of redeals."""
        rules = self.rules
        table = rules.table
        dealer = 0 if self.banker is None else self.banker
        dt = declare_table(rules, self.level)
        k = table.kitty_size
        for attempt in range(MAX_DEALS):
            deck = list(self.deck)
            self.rng.shuffle(deck)
            kitty = deck[len(deck) - k:] if k else []
            rest = deck[:len(deck) - k]
            hands: list[list[Card]] = [[] for _ in range(self.n)]
            public = Public(rules, self.n, dealer, self.level, self.banker)
            standing: _Standing | None = None
            first: int | None = None
            if not self.beyond:
                faces = dt.face_set
                for i, card in enumerate(rest):
                    seat = (dealer + i) % self.n
                    hands[seat].append(card)
                    if card in faces:
                        got = self._ask(seat, hands[seat], standing, dt, public)
                        if got is not None:
                            standing = got
                            if first is None:
                                first = seat
                for j in range(self.n):
                    seat = (dealer + j) % self.n
                    got = self._ask(seat, hands[seat], standing, dt, public)
                    if got is not None:
                        standing = got
                        if first is None:
                            first = seat
            else:
                for i, card in enumerate(rest):
                    hands[(dealer + i) % self.n].append(card)
            if standing is not None or self.beyond:
                return hands, kitty, public, standing, first, attempt
            if self.first_hand and rules.declaring.first_fallback == "redeal":
                continue
            try:
                public.trump = rules.fallback_trump(kitty, self.level)
                self._trump_by = "fallback"
            except NoTrumpFromKitty as why:
                if why.kind == "redeal":
                    continue
                # partner-names: the banker's partner (the banker with called partners)
                banker = dealer
                namer = banker if table.partnership == "called" else (banker + 2) % self.n
                named = self.players[namer].name_trump(PlayerView(namer, hands[namer], public))
                if named is not None and named not in SUITS:
                    raise IllegalPlay(namer, f"named {named!r} as trump, which is not a suit") from None
                public.trump = named
                self._trump_by = "named"
            return hands, kitty, public, None, None, attempt
        # every deal thrown in: play the last one in no-trump
        public.trump = None
        self._trump_by = "no-trump"
        return hands, kitty, public, None, None, MAX_DEALS - 1

    # --- the whole hand -----------------------------------------------------------------------

    def play(self) -> HandRecord:
        rules = self.rules
        table = rules.table
        n = self.n
        self._trump_by = "declared"
        hands, kitty, public, standing, first, redeals = self._deal()
        declarer = None
        if standing is not None:
            public.trump = standing.declaration.trump
            declarer = standing.seat
        elif self.beyond:
            public.trump = None
            self._trump_by = "no-trump"
        if self.banker is None:
            how = rules.declaring.first_banker
            if how == "first-declarer" and first is not None:
                self.banker = first
            elif how == "final-declarer" and declarer is not None:
                self.banker = declarer
            else:
                self.banker = public.dealer
        banker = self.banker
        public.banker = banker
        public.ctx = ctx = rules.context(self.level, public.trump)

        # the kitty
        buried = self._exchange(banker, hands, kitty, public)
        if rules.declaring.overturn_after_kitty and not self.beyond:
            buried, standing = self._overturns(hands, buried, public, standing)
            if standing is not None:
                declarer = standing.seat
            ctx = public.ctx
        order = ctx.order
        if table.partnership == "called":
            public.called = self._calls(banker, hands, public, buried)
        start_hands = [tuple(h) for h in hands]

        # the tricks
        pts = self.points
        public.points = [0] * n
        called_seen = [0] * len(public.called)
        resolved = [False] * len(public.called)
        offenders: list[tuple[int, int]] = []  # (seat, penalty points)
        throws = rules.leading.throws
        leader = banker
        last_units: list[Unit] = []
        while hands[leader]:
            public.leader = leader
            public.plays = []
            public.lead_context = None
            hand = hands[leader]
            lead = tuple(self.players[leader].lead(PlayerView(leader, hand, public, self._kitty_for(leader, buried))))
            if not lead:
                raise IllegalPlay(leader, "led no cards")
            if not _holds(hand, lead):
                raise IllegalPlay(leader, f"led {_notation(lead)}, which is not in the hand")
            try:
                suit = lead_suit(order, lead)
            except PlayError as why:
                raise IllegalPlay(leader, str(why)) from None
            units = decompose(order, lead)
            attempt = None
            thrown = len(units) > 1
            if thrown:
                if not throws:
                    raise IllegalPlay(leader, f"led {_notation(lead)}: throws are not allowed in these rules")
                others = [tuple(hands[(leader + k) % n]) for k in range(1, n)]
                options = throw_options(order, lead, others)
                if options:
                    attempt = lead
                    pick = 0
                    if len(options) > 1:
                        chooser = (leader + 1) % n
                        pick = self.players[chooser].choose_part(
                            PlayerView(chooser, hands[chooser], public, self._kitty_for(chooser, buried)), options)
                        if not 0 <= pick < len(options):
                            raise IllegalPlay(chooser, f"chose part {pick} of {len(options)}")
                    lead = tuple(options[pick])
                    units = decompose(order, lead)
                    offenders.append((leader, self._penalty(len(attempt) - len(lead))))
            # the lead's follow context, from the units already worked out
            fc = FollowContext.__new__(FollowContext)
            fc.order, fc.lead, fc.suit, fc.units = order, lead, suit, units
            fc.duty = duty_for(rules, units)
            public.lead_context = fc
            plays = [lead]
            public.plays = plays
            for k in range(1, n):
                seat = (leader + k) % n
                mine = hands[seat]
                view = PlayerView(seat, mine, public, self._kitty_for(seat, buried))
                play = tuple(self.players[seat].follow(view))
                err = follow_error(fc, view.hand, play)
                if err is not None:
                    raise IllegalPlay(seat, f"{_notation(play)} may not follow {_notation(lead)}: {err}")
                plays.append(play)
            w = (leader + winner(order, lead, units, suit, plays[1:])) % n
            trick_points = 0
            played = public.played
            for k, play in enumerate(plays):
                seat = (leader + k) % n
                _remove(hands[seat], play)
                for c in play:
                    trick_points += pts[c]
                    played[c] += 1
                if public.called:
                    self._reveal(seat, play, public, called_seen, resolved)
            public.points[w] += trick_points
            public.tricks.append(TrickRecord(leader, plays, attempt, w, trick_points, thrown))
            public.plays = []
            last_units = units
            leader = w
        if any(hands):
            raise EngineError("the hands ran out unevenly")

        # the score
        team = banker_team(rules, banker, public.friends)
        attackers = sum(p for s, p in enumerate(public.points) if s not in team)
        kitty_points = sum(pts[c] for c in buried)
        last = public.tricks[-1] if public.tricks else None
        multiplier = 0
        if last is not None and last.winner not in team:
            multiplier = kitty_multiplier(rules.kitty, last_units)
        attackers += kitty_points * multiplier
        penalty = 0
        forfeit = None
        kind = rules.leading.throw_penalty.kind
        for seat, amount in offenders:
            if kind == "hand-lost":
                if forfeit is None:
                    forfeit = "banker" if seat in team else "attackers"
            else:
                penalty += amount if seat in team else -amount
        attacker_points = max(attackers + penalty, 0)
        change = outcome(rules, attacker_points, forfeit)
        nxt = next_banker_of(rules, banker, change[0], team, declarer)
        return HandRecord(
            rules=rules, level=self.level, trump=public.trump, banker=banker, hands=start_hands,
            kitty=tuple(buried), tricks=public.tricks, attacker_points=attacker_points,
            kitty_points=kitty_points, kitty_multiplier=multiplier, level_change=change,
            next_banker=nxt, banker_team=team, declarations=public.declarations, declarer=declarer,
            called=public.called, redeals=redeals, trump_by=self._trump_by, penalty=penalty,
            forfeit=forfeit, beyond=self.beyond,
        )

    def _kitty_for(self, seat: int, buried: Sequence[Card]) -> tuple[Card, ...] | None:
        return tuple(buried) if seat == self._burier else None

    def _penalty(self, taken_back: int) -> int:
        p = self.rules.leading.throw_penalty
        if p.kind == "per-attempt":
            return p.points
        if p.kind == "per-card":
            return p.points * taken_back
        return 0

    def _exchange(self, seat: int, hands: list[list[Card]], kitty: Sequence[Card], public: Public) -> list[Card]:
        k = len(kitty)
        self._burier = seat
        if not k:
            return []
        hands[seat].extend(kitty)
        view = PlayerView(seat, hands[seat], public)
        buried = list(self.players[seat].bury(view, k))
        if len(buried) != k:
            raise IllegalPlay(seat, f"buried {len(buried)} cards, not {k}")
        if not _holds(hands[seat], buried):
            raise IllegalPlay(seat, f"buried {_notation(buried)}, which is not in the hand")
        _remove(hands[seat], buried)
        return buried

    def _overturns(self, hands: list[list[Card]], buried: list[Card], public: Public,
                   standing: _Standing | None) -> tuple[list[Card], _Standing | None]:
        """炒地皮: after the kitty exchange the others may overturn in turn; each overturner takes
        the kitty and buries again.  Each overturn is stronger, so this ends."""
        dt = declare_table(self.rules, self.level)
        seat = self._burier
        quiet = 0
        while quiet < self.n - 1:
            seat = (seat + 1) % self.n
            if standing is not None and seat == standing.seat:
                quiet += 1
                continue
            got = self._ask(seat, hands[seat], standing, dt, public)
            if got is None:
                quiet += 1
                continue
            standing = got
            public.trump = got.declaration.trump
            public.ctx = self.rules.context(self.level, public.trump)
            self._trump_by = "declared"
            buried = self._exchange(seat, hands, buried, public)
            quiet = 0
        return buried, standing

    def _calls(self, banker: int, hands: list[list[Card]], public: Public,
               buried: Sequence[Card]) -> tuple[tuple[Card, int], ...]:
        k = self.rules.table.called_cards
        if k <= 0:
            return ()
        view = PlayerView(banker, hands[banker], public, self._kitty_for(banker, buried))
        calls = [(CARDS[int(c)], int(o)) for c, o in self.players[banker].call(view, k)]
        faces = set(deck_cards(self.rules.table))
        decks = self.rules.table.decks
        if len(calls) != k:
            raise IllegalPlay(banker, f"called {len(calls)} cards, not {k}")
        for card, ordinal in calls:
            if card not in faces or not 1 <= ordinal <= decks:
                raise IllegalPlay(banker, f"cannot call copy {ordinal} of {card}")
        return tuple(calls)

    def _reveal(self, seat: int, play: Sequence[Card], public: Public, seen: list[int], resolved: list[bool]) -> None:
        for i, (card, ordinal) in enumerate(public.called):
            if resolved[i]:
                continue
            copies = play.count(card)
            if not copies:
                continue
            seen[i] += copies
            if seen[i] >= ordinal:
                resolved[i] = True
                if seat != public.banker and seat not in public.friends:
                    public.friends.append(seat)


def outcome(rules: Rules, attacker_points: int, forfeit: str | None = None) -> tuple[str, int]:
    """The level change of a hand: by the thresholds, unless a team lost the hand by a penalty
    ("banker": the attackers' lowest row applies; "attackers": the bankers' highest row)."""
    if forfeit == "banker":
        row = min((r for r in rules.thresholds if r.side == "attackers"), key=lambda r: r.low)
        return rules.level_change(row.low)
    if forfeit == "attackers":
        row = max((r for r in rules.thresholds if r.side == "banker"), key=lambda r: r.low)
        return rules.level_change(row.low)
    return rules.level_change(attacker_points)


def next_banker_of(rules: Rules, banker: int, side: str, team: frozenset[int], declarer: int | None) -> int:
    """The next banker: the declarer with ``declarer_banks`` (when someone declared); with called
    partners, by the teams of this hand; else ``rules.next_banker``."""
    rot = rules.rotation
    if rot.declarer_banks and declarer is not None:
        return declarer
    if rules.table.partnership != "called":
        return rules.next_banker(banker, side)
    n = rules.table.players
    if side == "banker":
        if rot.after_hold == "same":
            return banker
        if rot.after_hold == "partner" or rot.after_hold == "next-of-team":
            # the next seat of the banker's team after the banker (the banker when alone)
            for k in range(1, n):
                if (banker + k) % n in team:
                    return (banker + k) % n
            return banker
    if rot.after_loss == "next-of-team":
        for k in range(1, n):
            if (banker + k) % n not in team:
                return (banker + k) % n
    return (banker + 1) % n


def play_hand(rules: Rules, players: Sequence[Player], rng: random.Random, *, level: str | None = None,
              banker: int | None = None, beyond: bool = False) -> HandRecord:
    """Play one hand.  ``banker`` None is a first hand (the banker is found by declaring);
    ``level`` defaults to the first level."""
    return Hand(rules, players, rng, level=level or rules.levels.first, banker=banker, beyond=beyond).play()


# --- a match ---------------------------------------------------------------------------------------


@dataclass(slots=True)
class MatchResult:
    hands: list[HandRecord]
    #: the winning seats (a team), or None when the match stopped unfinished or drawn
    winners: frozenset[int] | None
    #: each seat's level at the end
    levels: list[str]
    #: "won", "drawn" (game_end "hands", level tie) or "unfinished" (the safety limit)
    status: str


class Match:
    """Hands until a team wins (``levels.game_end``), at most ``max_hands``.  ``step()`` plays one
    hand; ``play()`` plays them all."""

    def __init__(self, rules: Rules, players: Sequence[Player], rng: random.Random, max_hands: int = MAX_HANDS):
        self.rules = rules
        self.players = list(players)
        self.rng = rng
        self.max_hands = max_hands
        self.ladder = list(level_ladder(rules))
        self.game_end = rules.levels.game_end
        if self.game_end == "beyond-last":
            self.ladder.append(BEYOND)
        n = rules.table.players
        self.levels = [0] * n  # index into the ladder, per seat
        self.banker: int | None = None
        self.hands: list[HandRecord] = []
        self.winners: frozenset[int] | None = None
        self.status = "playing"
        #: each seat's table points (seed 000's stakes), when the ruleset has game points
        self.table_points = [0] * n if rules.stakes.game_points else []

    @property
    def done(self) -> bool:
        return self.status != "playing"

    def _top(self) -> int:
        """The highest ladder index a team can hold."""
        return len(self.ladder) - 1

    def _climb(self, at: int, steps: int) -> int:
        if steps <= 0:
            return at
        level = self.ladder[at]
        if level == BEYOND:
            return at
        got = self.rules.advance(level, steps)
        if got is None:
            return self._top()  # past the last: stay at it, or the extra level beyond it
        return self.ladder.index(got)

    def step(self) -> HandRecord:
        if self.done:
            raise EngineError("the match is over")
        rules = self.rules
        at = self.levels[self.banker] if self.banker is not None else 0
        level = self.ladder[at]
        beyond = level == BEYOND
        if beyond:
            level = rules.levels.last
        record = play_hand(rules, self.players, self.rng, level=level, banker=self.banker, beyond=beyond)
        self.hands.append(record)
        side, steps = record.level_change
        team = record.banker_team
        n = rules.table.players
        winners = team if side == "banker" else frozenset(s for s in range(n) if s not in team)
        if side == "banker" and at == self._top() and self.game_end != "hands":
            self.winners = team
            self.status = "won"
        for s in winners:
            self.levels[s] = self._climb(self.levels[s], steps)
        if self.table_points:
            worth = hand_points(rules, side, steps, self.table_points)
            record.table_points = tuple(self.table_points)
            record.table_points_change = tuple(worth if s in winners else -worth for s in range(n))
            self.table_points = [p + d for p, d in zip(self.table_points, record.table_points_change)]
        if side == "attackers":
            for kb in rules.levels.knock_back:
                if level == kb.level and not beyond and kb.to in self.ladder and _won_by_single(record, kb.level):
                    for s in team:
                        self.levels[s] = self.ladder.index(kb.to)
        self.banker = record.next_banker
        if self.status == "playing" and self.game_end == "hands" and len(self.hands) >= max(rules.levels.end_hands, 1):
            best = max(self.levels)
            top = frozenset(s for s in range(n) if self.levels[s] == best)
            if len(top) == n:
                self.status = "drawn"
            else:
                self.winners = top
                self.status = "won"
        if self.status == "playing" and len(self.hands) >= self.max_hands:
            self.status = "unfinished"
        return record

    def play(self) -> MatchResult:
        while not self.done:
            self.step()
        return self.result()

    def result(self) -> MatchResult:
        return MatchResult(self.hands, self.winners, [self.ladder[i] for i in self.levels],
                           self.status if self.done else "unfinished")


def _won_by_single(record: HandRecord, rank: str) -> bool:
    """Whether the last trick was won by a single card of ``rank``."""
    if not record.tricks:
        return False
    last = record.tricks[-1]
    n = len(record.hands)
    play = last.plays[(last.winner - last.leader) % n]
    return len(play) == 1 and play[0] < 52 and RANKS[play[0] % 13] == rank


def play_match(rules: Rules, players: Sequence[Player], rng: random.Random, max_hands: int = MAX_HANDS) -> MatchResult:
    return Match(rules, players, rng, max_hands).play()
