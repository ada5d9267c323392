"""Playing the tricks of one hand, from the banker's lead until the hands are empty.

A lead of several units is a throw: it is checked against the other hands
(``tricks.throw_options``); a failed throw is replaced by the part the rules hold the leader to,
the next player choosing among several under ``next-player-chooses``.  The trick records the
attempt, and ``outcome`` charges its penalty.  Every follow is checked by ``follow_error``; the
winner of a trick leads the next.  The rules decide; here the players are asked, in turn, and
their answers are checked.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...rules import Rules
from ..deck.cards import Card
from ..deck.rainbows import rainbow_parts
from ..deck.rains import rain_of
from ..deck.units import decompose
from ..errors import EngineError, PlayError
from ..rulings.follow import FollowContext, follow_error, lead_suit
from ..rulings.tricks import barred_stoppers, barred_throw_message, throw_options, winner
from .choices import IllegalPlay, holds, notation
from .friends import FriendWatch
from .kitty import Kitty
from .early import Concession, ends_early, outcome_decided, reads_decided, trick_facts
from .record import EarlyEnd, TrickRecord
from .seats import after, banker_team, in_turn, known_partners
from .views import Player, PlayerView, Public, split_by_suit


def play_tricks(rules: Rules, players: Sequence[Player], hands: list[list[Card]], public: Public, kitty: Kitty,
                points: Sequence[int], bid: int = 0, first: int | None = None,
                positions: Sequence[int] = ()) -> EarlyEnd | None:
    """Play every trick, ``first`` leading the first (None: the banker; ``seats.first_leader`` is
    the seat the rules name); the tricks, the points each seat won and
    the cards played are kept in ``public``.  ``points``: the points of each card code; ``bid``:
    the auction's winning bid.  Where the rules end the hand early (``levels.end_early``), the
    tricks stop after the first at whose end the condition holds (with called partners, asked only
    once every call is answered): returns what it read, the cards left in ``hands`` (None: the
    cards were played out).  ``positions``: each seat's level as the hand is played, where a rule
    reads one (the upgrade table, asked whether the outcome is decided)."""
    return _Tricks(rules, players, hands, public, kitty, points, bid, positions).play(first=first)


def resume_tricks(rules: Rules, players: Sequence[Player], hands: list[list[Card]], public: Public, kitty: Kitty,
                  points: Sequence[int]) -> EarlyEnd | None:
    """Play the rest of a hand from the state in ``public``: the trick being played (its lead and
    the plays so far, whose cards are still in ``hands``), then every trick until the hands are
    empty.  A search player plays its guesses out with it, on a copy of the table's state.  With
    called partners the friends found so far are kept, but the calls are not watched again: the
    teams are taken as known, and a hand the rules end early stops as ``play_tricks`` says."""
    return _Tricks(rules, players, hands, public, kitty, points).play(resume=True)


class _Tricks:
    """The tricks of one hand being played."""

    __slots__ = ("rules", "players", "hands", "public", "kitty", "points", "order", "banker", "watch", "kitty_seen",
                 "by_suit", "bid", "positions")

    def __init__(self, rules: Rules, players: Sequence[Player], hands: list[list[Card]], public: Public,
                 kitty: Kitty, points: Sequence[int], bid: int = 0, positions: Sequence[int] = ()):
        if public.ctx is None or public.banker is None:
            raise EngineError("the tricks are played once trump and the banker are known")
        self.rules = rules
        self.players = players
        self.hands = hands
        self.public = public
        self.kitty = kitty
        self.points = points
        self.order = public.ctx.order
        self.banker = public.banker
        self.watch: FriendWatch | None = None
        #: what each seat knows of the kitty, which no trick changes
        self.kitty_seen = [kitty.seen_by(seat) for seat in range(public.players)]
        #: each hand split by effective suit, kept as the cards are played: a lead or a follow
        #: reads the cards of one suit without going through the whole hand again
        self.by_suit = [split_by_suit(self.order, hand) for hand in hands]
        self.bid = bid
        #: each seat's level as the hand is played (() where no rule reads one)
        self.positions = positions

    def _view(self, seat: int) -> PlayerView:
        return PlayerView(seat, self.hands[seat], self.public, self.kitty_seen[seat], tuple(self.by_suit[seat]))

    def play(self, resume: bool = False, first: int | None = None) -> EarlyEnd | None:
        hands, public, points, order = self.hands, self.public, self.points, self.order
        by_suit, suit_of, players, kitty_seen = self.by_suit, order.suit_of, self.players, self.kitty_seen
        n = public.players
        watch = FriendWatch(public) if public.called and not resume else None
        self.watch = watch
        played = public.played
        # each leader's order of play, worked out once a hand rather than for every trick
        turns = [in_turn(seat, n) for seat in range(n)]
        # read once a hand: empty conditions cost nothing a trick
        early = self.rules.levels.end_early or self.rules.levels.concede
        ended: EarlyEnd | None = None
        if resume:
            leader = public.leader
            ongoing = public.lead_context is not None and bool(public.plays)
        else:
            public.points = [0] * n
            leader = self.banker if first is None else first
            ongoing = False
        while hands[leader]:
            if ongoing:  # the trick being played: its lead and plays so far stand
                ongoing = False
                fc, attempt, thrown = public.lead_context, None, False
                assert fc is not None
                plays = list(public.plays)
            else:
                public.leader = leader
                public.plays = []
                public.lead_context = None
                fc, attempt, thrown = self._lead(leader)
                plays = [fc.lead]
            public.lead_context = fc
            public.plays = plays
            for seat in turns[leader][len(plays):]:
                split = by_suit[seat]
                view = PlayerView(seat, hands[seat], public, kitty_seen[seat], tuple(split))  # ``_view``, inline
                if fc.rainbow is None:  # the follower's cards of the led suit, known already
                    fc.know_held(view.hand, split[fc.suit])
                play = tuple(players[seat].follow(view))
                if play is not view.suggested:  # what the engine itself chose needs no second check
                    err = follow_error(fc, view.hand, play)
                    if err is not None:
                        raise IllegalPlay(seat, f"{notation(play)} may not follow {notation(fc.lead)}: {err}")
                plays.append(play)
            won_by = (leader + winner(order, fc.lead, fc.units, fc.suit, plays[1:])) % n
            trick_points = 0
            for seat, play in zip(turns[leader], plays):
                remove = hands[seat].remove  # choices.take, inline: the loop runs for every card
                split = by_suit[seat]
                for c in play:
                    remove(c)
                    # the card's suit without it (the first copy, as ``remove`` takes it from the hand)
                    suit = suit_of[c]
                    cards = split[suit]
                    at = cards.index(c)
                    split[suit] = cards[:at] + cards[at + 1:]
                    trick_points += points[c]
                    played[c] += 1
                if watch is not None:
                    watch.see(seat, play)
            public.points[won_by] += trick_points
            public.tricks.append(TrickRecord(leader, plays, attempt, won_by, trick_points, thrown))
            public.plays = []
            leader = won_by
            # with called partners, asked once every call is answered: the teams are known then
            if early and hands[leader] and (watch is None or watch.all_resolved()):
                ended = self._ended_early()
                if ended is not None:
                    break
        if ended is None and any(hands):
            raise EngineError("the hands ran out unevenly")
        return ended

    def _ended_early(self) -> EarlyEnd | None:
        """After a trick with cards left: what ``levels.end_early`` read, where it holds; else,
        where ``levels.concede`` lets players end the hand, each it holds of is asked in turn from
        the trick's winner, and the first who accepts ends it."""
        public = self.public
        ctx = public.ctx
        rules = self.rules
        assert ctx is not None and public.banker is not None
        facts = trick_facts(rules, ctx.level, ctx.trump, public.banker, public.friends, public.tricks,
                            public.points, self.hands, self.kitty.cards, self.points, self.bid,
                            positions=self.positions)
        conceded = None
        if not ends_early(facts):
            if not rules.levels.concede:
                return None
            asked = Concession(facts)
            conceded = next((seat for seat in in_turn(public.tricks[-1].winner, public.players)
                             if asked.holds(seat) and self.players[seat].concede(self._view(seat))), None)
            if conceded is None:
                return None
        return EarlyEnd(len(public.tricks), facts.points, facts.points_left, facts.cards_left,
                        outcome_decided(facts) if reads_decided(rules) else None,
                        tuple(tuple(hand) for hand in self.hands), conceded)

    def _lead(self, leader: int) -> tuple[FollowContext, tuple[Card, ...] | None, bool]:
        """Ask ``leader`` to lead and check the lead; a failed throw is replaced by its part.
        Returns the lead's follow context, the failed throw (or None), and whether the lead was a
        throw."""
        order = self.order
        hand = self.hands[leader]
        lead = tuple(self.players[leader].lead(self._view(leader)))
        if not lead:
            raise IllegalPlay(leader, "led no cards")
        if not holds(hand, lead):
            raise IllegalPlay(leader, f"led {notation(lead)}, which is not in the hand")
        if len(lead) == 1 or (lead.count(lead[0]) == len(lead) and len(lead) in order.set_widths):
            # one card (most leads), or one set of copies of a card: no rainbow, no throw; the
            # context's own path for such leads knows its suit, unit and duty without decomposing it
            return FollowContext(order, lead), None, False
        parts = rainbow_parts(order, lead)
        if parts is not None:
            return self._rainbow(leader, lead, parts)
        try:
            suit = lead_suit(order, lead)
        except PlayError as why:
            raise IllegalPlay(leader, str(why)) from None
        units = decompose(order, lead)
        attempt = None
        thrown = len(units) > 1
        if thrown and self.rules.combinations.straight_pairs and rain_of(order, lead) is not None:
            # a straight with pairs riding along: one combination, led as it is
            return FollowContext(order, lead), None, False
        if thrown:
            if not self.rules.leading.throws:
                raise IllegalPlay(leader, f"led {notation(lead)}: throws are not allowed in these rules")
            if self.rules.leading.throw_kinds:
                self._check_kinds(leader, lead)
            options = throw_options(order, lead, *self._stoppers(leader, suit))
            if options:
                attempt = lead
                lead = tuple(options[self._part(leader, options)])
                units = decompose(order, lead)
            if self.rules.combinations.straight_pairs and len(units) > 1:
                # a throw that may hold rains (or a failed one held to a rain): the context reads them
                return FollowContext(order, lead), attempt, thrown
        # the follow context from the units already worked out (its constructor would decompose
        # the lead again, on the hot path); ``duty_for`` keeps each shape's duty
        return FollowContext.of_units(order, lead, suit, units), attempt, thrown

    def _stoppers(self, leader: int, suit: int | None = None) \
            -> tuple[list[tuple[Card, ...]], frozenset[int], frozenset[int]]:
        """The other hands in turn order from the leader's, the indexes among them of the leader's
        known partners when only opponents stop a throw, and of those the condition on who may
        stop it bars (``leading.throw_stoppers_when``).  With ``suit`` (a throw of one suit, which
        only cards of its suit can beat) each hand's cards of that suit alone."""
        seats = after(leader, self.public.players)
        if suit is None:
            others = [tuple(self.hands[s]) for s in seats]
        else:
            others = [self.by_suit[s][suit] for s in seats]
        partners: frozenset[int] = frozenset()
        if self.rules.leading.throw_stoppers == "opponents":
            known = self._known_partners(leader)
            partners = frozenset(i for i, s in enumerate(seats) if s in known)
        barred: frozenset[int] = frozenset()
        if self.rules.leading.throw_stoppers_when:
            public = self.public
            ctx = public.ctx
            assert ctx is not None and public.banker is not None
            barred = barred_stoppers(self.rules, leader, seats, banker_team(self.rules, public.banker, public.friends),
                                     ctx.level, ctx.trump)
        return others, partners, barred

    def _known_partners(self, leader: int) -> frozenset[int]:
        """The leader's partners as the table knows them now (hidden friends are not known)."""
        watch = self.watch
        return known_partners(self.rules, leader, self.banker, self.public.friends,
                              watch is None or watch.all_resolved())
    def _rainbow(self, leader: int, lead: tuple[Card, ...],
                 parts: tuple[tuple[Card, ...], ...]) -> tuple[FollowContext, tuple[Card, ...] | None, bool]:
        """A rainbow lead: several ranks are a throw, checked against the other hands."""
        attempt = None
        thrown = len(parts) > 1
        if thrown:
            if not self.rules.leading.throws:
                raise IllegalPlay(leader, f"led {notation(lead)}: throws are not allowed in these rules")
            if self.rules.leading.throw_kinds:
                self._check_kinds(leader, lead)
            options = throw_options(self.order, lead, *self._stoppers(leader))
            if options:
                attempt = lead
                lead = tuple(options[self._part(leader, options)])
        return FollowContext(self.order, lead), attempt, thrown

    def _check_kinds(self, leader: int, lead: tuple[Card, ...]) -> None:
        """Refuse a throw holding a kind of combination the rules bar from throws
        (``leading.throw_kinds``); asked only of rules that name kinds."""
        why = barred_throw_message(self.order, lead)
        if why is not None:
            raise IllegalPlay(leader, f"led {notation(lead)}: {why}")

    def _part(self, leader: int, options: list[tuple[Card, ...]]) -> int:
        """The part of a failed throw the leader must play: the only one, or the next player's
        choice."""
        if len(options) == 1:
            return 0
        chooser = (leader + 1) % self.public.players
        pick = self.players[chooser].choose_part(self._view(chooser), options)
        if not 0 <= pick < len(options):
            raise IllegalPlay(chooser, f"chose part {pick} of {len(options)}")
        return pick
