"""The house rules after each hand (``levels.after_hand``): which of them a hand sets off.

A rule's condition is read against the hand's facts (``HandFacts``): who banked, who won, the
tricks and who won them, the level and the trump, the points.  The facts come from a hand just
played (``facts_of``) or from a logged hand being replayed, so the engine and the replay read the
same conditions the same way.  What the rules' effects do to the levels is the match's business
(``match.Match``); here are only the conditions, the teams they name and the numbers they read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from ...rules import RANKS, Rules, Trigger, expressions
from ..deck.cards import Card, parse_token
from ..deck.order import TRUMP
from ..errors import EngineError
from ..oracle import Context
from ..rulings.declaring import previous_declarer
from .record import HandRecord


@dataclass(frozen=True, slots=True)
class HandFacts:
    """What a house rule after a hand may ask about it."""

    rules: Rules
    #: the order the hand was played in (its level and trump); None in the facts a knock-back rule
    #: reads (``knock_back_facts``), which no fact or quantity of that order is asked of
    ctx: Context | None
    banker: int
    banker_team: frozenset[int]
    #: who won the hand: "banker" (the bank held) or "attackers"
    side: str
    #: each trick: (its winner, its leader, the plays in seat order from the leader)
    tricks: Sequence[tuple[int, int, Sequence[tuple[Card, ...]]]]
    level: str | None
    trump: str | None
    #: how trump was set ("declared", "fallback", "named", "no-trump")
    trump_by: str
    attacker_points: int
    kitty_points: int
    #: the levels the hand's outcome gave its winners
    levels: int
    #: the attackers' score before it is held at 0 (penalties may take it below)
    raw_points: int = 0
    #: the winning bid of the hand's auction (0 without one)
    bid: int = 0
    #: the hand was the extra level beyond the last (``game end: beyond-last``)
    beyond: bool = False
    #: each seat's cards as the deal ended (where a rule reads who held a card; else ())
    dealt: Sequence[Sequence[Card]] = ()
    #: the kitty as last buried, and the seat that buried it (None: not known, nobody buried)
    buried: Sequence[Card] = ()
    buried_by: int | None = None
    #: the cards the banker called this hand (Finding Friends)
    called: Sequence[Card] = ()
    #: each seat's cards as the tricks began, the kitty taken and buried (the record's and the log's
    #: "hands"; () where not known: the facts a knock-back rule reads)
    kept: Sequence[Sequence[Card]] = ()
    #: the hand ended before its last trick (``levels.end_early``, or a concession); the seat that
    #: conceded it (``levels.concede``; None: nobody did); the seat that gave up the bank once the
    #: deal was over (``declaring.give_up_bank``; None: nobody did)
    ended_early: bool = False
    conceded: int | None = None
    gave_up: int | None = None
    #: each seat's level as the hand was played, as a position on the ladder (1 the first level);
    #: () where no rule reads one
    positions: Sequence[int] = ()
    #: the times the standing declaration passed to another player this hand (``overturns_of``)
    overturns: int = 0
    #: the player whose declaration stood at the end of the hand, and the one it overturned last
    #: (None: nobody declared; nobody was overturned), where a house rule names them
    declarer: int | None = None
    previous_declarer: int | None = None
    #: the round of overturning after the kitty passed the standing declaration to another player
    #: (``overturned_after_kitty``), where a house rule reads it
    overturned_after_kitty: bool = False


def overturns_of(declarations: Sequence[tuple[int, Sequence[Card]]]) -> int:
    """The times a hand's declarations (seat, cards), in order, during the deal and after the kitty,
    passed the standing declaration to another player: each declaration by another seat than the
    one before it.  A reinforcement (a partner's too: it stands as the declarer's), or a declarer
    overturning their own, is not one."""
    return sum(1 for i in range(1, len(declarations)) if declarations[i][0] != declarations[i - 1][0])


def overturned_after_kitty(standing: int | None, overturns: Sequence[int]) -> bool:
    """Whether the round of overturning after the kitty passed the standing declaration to another
    player: ``standing`` the seat whose declaration stood as the round began (None: nobody's),
    ``overturns`` the seats of the round's declarations in order, counted as ``overturns_of``
    counts them (a declaration where none stood, a reinforcement or one's own overturn is none)."""
    seats = ([] if standing is None else [standing]) + list(overturns)
    return any(seats[i] != seats[i - 1] for i in range(1, len(seats)))


def facts_of(record: HandRecord) -> HandFacts:
    """The facts of a hand just played."""
    ctx = record.rules.context(record.level, record.trump)
    tricks = tuple((t.winner, t.leader, t.plays) for t in record.tricks)
    raw = (sum(t.points for t in record.tricks if t.winner not in record.banker_team)
           + record.kitty_points * record.kitty_multiplier + record.penalty)
    return HandFacts(record.rules, ctx, record.banker, record.banker_team, record.level_change[0], tricks,
                     record.level,
                     record.trump, record.trump_by, record.attacker_points, record.kitty_points,
                     record.level_change[1], raw, record.bid, record.beyond, record.dealt, record.kitty,
                     record.buried_by, tuple(card for card, _ in record.called), record.hands,
                     record.ended_early is not None,
                     None if record.ended_early is None else record.ended_early.conceded, record.gave_up,
                     record.positions, overturns_of(record.declarations), record.declarer,
                     declared_before(record), _overturned_in(record))


def _overturned_in(record: HandRecord) -> bool:
    round_ = record.overturn_round
    if round_ is None:
        return False
    return overturned_after_kitty(None if round_.standing is None else round_.standing[0],
                                  [seat for seat, _ in round_.made])


def declared_before(record: HandRecord) -> int | None:
    """The previous declarer of a hand just played: the player whose declaration the standing one
    overturned last (None: nobody declared, or nobody was overturned)."""
    if record.declarer is None:
        return None
    return previous_declarer(record.declarations, record.declarer)


def knock_back_facts(rules: Rules, record: HandRecord, level: str | None, beyond: bool) -> HandFacts:
    """The facts of a hand just played that a knock-back rule reads (``Levels.knock_back_rules``):
    the level it was played at and whether it was the extra level, the banker team, who won it,
    and the last trick's winner and winning play.  The rest stands empty (the banker's seat -1,
    the trump and the order None, the points 0): a knock-back rule's
    tree asks nothing else (its facts are ``the level is``, ``the extra level``, ``TEAM lose``
    and ``TEAM win the last trick with a single RANK``)."""
    tricks: tuple = ()
    if record.tricks:
        last = record.tricks[-1]
        tricks = ((last.winner, last.winner, (last.winning_play,)),)
    side, levels = record.level_change
    return HandFacts(rules, None, -1, record.banker_team, side, tricks, level, None, "", 0, 0, levels,
                     beyond=beyond)


def fired(rules: Rules, facts: HandFacts) -> tuple[int, ...]:
    """The indexes of the rules of ``levels.after_hand`` whose condition holds of the hand."""
    return tuple(at for at, trigger in enumerate(rules.levels.after_hand) if holds(trigger.condition, facts))


def team_seats(team: str, facts: HandFacts) -> frozenset[int]:
    """The seats a team's name stands for in this hand."""
    bankers = facts.banker_team
    attackers = frozenset(range(facts.rules.table.players)) - bankers
    if team == "bankers":
        return bankers
    if team == "attackers":
        return attackers
    winners = bankers if facts.side == "banker" else attackers
    if team == "winners":
        return winners
    if team == "losers":
        return attackers if winners is bankers else bankers
    if team == "friends":
        return bankers - {facts.banker}
    raise EngineError(f"unknown team {team!r}")


def role_seat(role: str | tuple, facts: HandFacts) -> int | None:
    """The seat a role names in this hand; None for the holder of a card nobody held (every copy lay
    in the kitty: as dealt, or as buried) or the taker of a card nobody played."""
    players = facts.rules.table.players
    if type(role) is tuple:
        if role[0] == expressions.FIRST_OF:  # the first of a team after a role's seat, that seat last
            return first_of(role[1], role_seat(role[2], facts), facts)
        # (holder, card): the first seat after the banker that held the card
        return _holder(role, facts)
    if role == "banker":
        return facts.banker
    if role == "next-seat":
        return (facts.banker + 1) % players
    if role == "partner":
        if not facts.rules.table.seated:
            raise EngineError("with called partners, or a banker alone, the banker has no seated partner")
        return (facts.banker + 2) % players
    if role == "last-trick-winner":
        return facts.tricks[-1][0] if facts.tricks else facts.banker
    if role == "first-winner":  # the first of the winners after the banker (never nobody)
        return first_of("winners", facts.banker, facts)
    if role == "declarer":
        return facts.declarer
    if role == "previous-declarer":
        return facts.previous_declarer
    raise EngineError(f"unknown role {role!r}")


def first_of(team: str, seat: int | None, facts: HandFacts) -> int | None:
    """The first seat of ``team`` after ``seat`` in turn order, ``seat`` itself last; None when
    ``seat`` is nobody or the team is empty (the banker's friends when nobody joined)."""
    if seat is None:
        return None
    players = facts.rules.table.players
    seats = team_seats(team, facts)
    return next((s for s in ((seat + k) % players for k in range(1, players + 1)) if s in seats), None)


def _holder(role: tuple, facts: HandFacts) -> int | None:
    """The first seat after the banker in turn order (the banker last) that held the card: as dealt
    (``holder``), or as the tricks began (``holder-after-kitty``); None when nobody did.  The taker
    (``taker``): the winner of the first trick that held the card; None when no copy was played."""
    players = facts.rules.table.players
    if role[0] == "taker":
        card = _card(role[1])
        return next((winner for winner, _, plays in facts.tricks if any(card in play for play in plays)), None)
    if role[0] == "holder":
        hands, words = facts.dealt, "the cards each seat was dealt"
    elif role[0] == "holder-after-kitty":
        hands, words = facts.kept, "the cards each seat held as the tricks began"
    else:
        raise EngineError(f"unknown role {role!r}")
    if len(hands) != players:
        raise EngineError(f"the holder of a card is read from {words}, not known here")
    card = _card(role[1])
    return next((seat for seat in ((facts.banker + k) % players for k in range(1, players + 1))
                 if card in hands[seat]), None)


def next_banker_after(rules: Rules, facts: HandFacts, indexes: Sequence[int], otherwise: int) -> int:
    """The next banker once the house rules at ``indexes`` have had their effects: the seat the
    last ``next-banker`` effect names, else ``otherwise`` (the rules' own next banker).  An effect
    tries its roles in turn (``the next banker is A, otherwise B``), the first that names somebody
    naming the seat; one whose roles all name nobody (the holder of a card that lay in the kitty,
    the declarer when nobody declared) leaves the seat as it was."""
    return _named_next_banker(effects_in_order(rules, indexes), facts, otherwise)


def next_banker_by(triggers: Sequence[Trigger], facts: HandFacts, otherwise: int) -> int:
    """The next banker the rules ``triggers`` name, as ``next_banker_after`` names it from the
    house rules a hand set off: the rules whose condition holds, their ``next-banker`` effects in
    order (``Rules.next_banker_rules``: ``next banker:`` is sugar for these)."""
    effects = [effect for trigger in triggers if holds(trigger.condition, facts) for effect in trigger.effects]
    return _named_next_banker(effects, facts, otherwise)


def _named_next_banker(effects: Sequence[tuple], facts: HandFacts, otherwise: int) -> int:
    seat = otherwise
    for effect in effects:
        if effect[0] == "next-banker":
            named = named_seat(effect[1], facts)
            if named is not None:
                seat = named
    return seat


def named_seat(role: str | tuple, facts: HandFacts) -> int | None:
    """The seat a role names in this hand, its fallbacks (``A, otherwise B``) tried in turn: the
    first that names somebody; None when none does."""
    for part in expressions.fallbacks(role):
        seat = role_seat(part, facts)
        if seat is not None:
            return seat
    return None


def effect_seats(effect: tuple, facts: HandFacts) -> frozenset[int]:
    """The seats an effect on levels moves: a team's (``the bankers + 1 level``), or the one player a
    role names (``the declarer + 1 level``; none when the role names nobody)."""
    if effect[0] in expressions.PLAYER_EFFECTS:
        seat = named_seat(effect[1], facts)
        return frozenset() if seat is None else frozenset({seat})
    return team_seats(effect[1], facts)


def player_levels_named(rules: Rules, facts: HandFacts, indexes: Sequence[int]) -> tuple[int | None, ...]:
    """The seat each effect on one player's level of the house rules at ``indexes`` names, in the
    order written (None: its role names nobody): what the log writes ("player_levels")."""
    return tuple(named_seat(effect[1], facts) for effect in effects_in_order(rules, indexes)
                 if effect[0] in expressions.PLAYER_EFFECTS)


def worth_after(rules: Rules, facts: HandFacts, indexes: Sequence[int], worth: int) -> int:
    """The game points the hand is worth (before the table's multiplier) once the house rules at
    ``indexes`` have made their effects on it (``the hand is worth N game points``, ``... N more
    game points``), in the order written; each number reads ``game points`` as the worth so far."""
    for effect in effects_in_order(rules, indexes):
        if effect[0] in expressions.STAKE_EFFECTS:
            worth = expressions.hand_worth(worth, effect, _Quantities(facts, worth))
    return worth


def stake_effects(rules: Rules) -> bool:
    """Whether a house rule after a hand changes what a hand is worth at the table."""
    return any(effect[0] in expressions.STAKE_EFFECTS for trigger in rules.levels.after_hand
               for effect in trigger.effects)


def own_change_after(rules: Rules, facts: HandFacts, change: tuple[str, int]) -> tuple[str, int]:
    """The hand's own level change once the house rules after a hand that make an effect on it
    (``the hand gives N levels``, ``the hand gives N more levels``; ``Levels.own_change_written``)
    have made them, those whose condition holds, in the order written; each number reads
    ``levels`` as the change so far.  (Their conditions do not read ``levels``: the compiler sees
    to it, so that they hold as the same rules do once the change is made.)"""
    side, levels = change
    for at in rules.levels.own_change_written():
        trigger = rules.levels.after_hand[at]
        if holds(trigger.condition, facts):
            for effect in trigger.effects:
                if effect[0] in expressions.OWN_CHANGE_EFFECTS:
                    levels = expressions.own_level_change(levels, effect, _Quantities(replace(facts, levels=levels)))
    return side, levels


def kitty_dug(rules: Rules, ctx: Context, banker: int, banker_team: frozenset[int],
              tricks: Sequence[tuple[int, int, Sequence[tuple[Card, ...]]]]) -> bool:
    """Whether attackers who win the last trick score the kitty (``kitty_exchange.dug_when``), as
    the last trick ends: only what is known then is read (the compiler sees to it), so the hand's
    outcome and points stand empty."""
    condition = rules.kitty_exchange.dug_when
    if not condition:
        return True
    facts = HandFacts(rules, ctx, banker, banker_team, "", tricks, ctx.level, ctx.trump, "", 0, 0, 0)
    return holds(condition, facts)


def holds(condition: tuple, facts: HandFacts) -> bool:
    """Whether ``condition`` holds of the hand (the empty condition always does)."""
    return expressions.condition_holds(condition, lambda name, args: _fact(name, args, facts), _Quantities(facts))


def number(tree: tuple, facts: HandFacts) -> int:
    """The value of a number after the hand."""
    return expressions.evaluate_number(tree, _Quantities(facts))


def hand_quantities(facts: HandFacts) -> expressions.Values:
    """The quantities' values after the hand, looked up by key (``expressions.quantity_key``)."""
    return _Quantities(facts)


#: the quantities of the game points that ``stakes.hand_points`` works out itself
_STAKE_OWN = frozenset({"bid", "points", "kitty-points", "levels", "decks", "players"})


def stake_keys(rules: Rules) -> frozenset:
    """The quantities (by key) that the game points read beyond those ``stakes.hand_points`` is
    given: the hand's teams, levels and overturns, read from its facts."""
    return frozenset(key for row in rules.stakes.game_points if row.formula
                     for key in expressions.quantity_keys(row.formula) if key not in _STAKE_OWN)


class _Quantities:
    """The quantities' values after a hand, each worked out when a number reads it."""

    __slots__ = ("facts", "worth")

    def __init__(self, facts: HandFacts, worth: int | None = None):
        self.facts = facts
        #: the game points the hand is worth so far, where a house rule changes them
        self.worth = worth

    def __getitem__(self, name: str | tuple) -> int:
        facts = self.facts
        table = facts.rules.table
        if name == "game-points" and self.worth is not None:
            return self.worth
        if name == "points":
            return facts.attacker_points
        if name == "raw-points":
            return facts.raw_points
        if name == "kitty-points":
            return facts.kitty_points
        if name == "levels":
            return facts.levels
        if name == "bid":
            return facts.bid
        if name == "decks":
            return table.decks
        if name == "players":
            return table.players
        if name == "overturns":
            return facts.overturns
        if type(name) is tuple:  # a quantity of a team, a player or a card
            return _of(name, facts)
        if name in ("size", "cards"):
            if not facts.tricks:
                return 0
            lead = facts.tricks[-1][2][0]
            if name == "cards":
                return len(lead)
            assert facts.ctx is not None, "a knock-back rule reads no unit"
            top = facts.ctx.units(lead)[0]
            return top.width * top.length
        raise KeyError(name)


def _of(key: tuple, facts: HandFacts) -> int:
    """The value of a quantity with arguments (``expressions.quantity_key``): a team's size or level,
    a player's level, the copies of a card a team took or held."""
    name = key[0]
    if name == "team-size":
        return len(team_seats(key[1], facts))
    if name in ("team-level", "player-level"):
        if len(facts.positions) != facts.rules.table.players:
            raise EngineError("a team's or a player's level is read from each seat's level as the hand was played, "
                              "not known here")
        if name == "player-level":
            seat = role_seat(key[1], facts)
            return 0 if seat is None else facts.positions[seat]
        if key[1] == "bankers" or (key[1] in ("winners", "losers") and team_seats(key[1], facts) == facts.banker_team):
            return facts.positions[facts.banker]  # the banker's own level
        return max(facts.positions[s] for s in team_seats(key[1], facts))
    seats, card = team_seats(key[1], facts), _card(key[2])
    if name == "copies-took":
        return sum(play.count(card) for winner, _, plays in facts.tricks if winner in seats for play in plays)
    if name in ("copies-held", "copies-held-after-kitty"):
        hands, words = ((facts.dealt, "the cards each seat was dealt") if name == "copies-held"
                        else (facts.kept, "the cards each seat held as the tricks began"))
        if len(hands) != facts.rules.table.players:
            raise EngineError(f"the copies of a card a team held are read from {words}, not known here")
        return sum(hands[s].count(card) for s in seats)
    raise KeyError(name)


def _fact(name: str, args: tuple, facts: HandFacts) -> bool:
    if name == "wins":
        return bool(team_seats(args[0], facts) & _winners(facts))
    if name == "loses":
        return not team_seats(args[0], facts) & _winners(facts)
    if name.startswith("last-trick"):
        if not facts.tricks:
            return False
        winner, leader, plays = facts.tricks[-1]
        play = plays[(winner - leader) % len(plays)]
        if winner not in team_seats(args[0], facts):
            return False
        if name == "last-trick":
            return True
        if name == "last-trick-single":
            return len(play) == 1 and play[0] < 52 and RANKS[play[0] % 13] == args[1]
        if name == "last-trick-card":
            return _card(args[1]) in play
        if name == "last-trick-trumps":
            assert facts.ctx is not None, "a knock-back rule reads no trump"
            suit_of = facts.ctx.order.suit_of
            return all(suit_of[c] == TRUMP for c in play)
    if name == "took":
        seats, card = team_seats(args[0], facts), _card(args[1])
        return any(winner in seats and any(card in play for play in plays) for winner, _, plays in facts.tricks)
    if name == "lost":
        seats, card = team_seats(args[0], facts), _card(args[1])
        players = facts.rules.table.players
        return any(winner not in seats and any(card in play and (leader + at) % players in seats
                                               for at, play in enumerate(plays))
                   for winner, leader, plays in facts.tricks)
    if name == "played":
        seats, card = team_seats(args[0], facts), _card(args[1])
        players = facts.rules.table.players
        return any(card in play and (leader + at) % players in seats
                   for _, leader, plays in facts.tricks for at, play in enumerate(plays))
    if name == "held":
        seats, card = team_seats(args[0], facts), _card(args[1])
        if len(facts.dealt) != facts.rules.table.players:
            raise EngineError("who held a card is read from the cards each seat was dealt, not known here")
        return any(card in facts.dealt[seat] for seat in seats)
    if name == "held-after-kitty":
        seats, card = team_seats(args[0], facts), _card(args[1])
        if len(facts.kept) != facts.rules.table.players:
            raise EngineError("who held a card after the kitty is read from the cards each seat held as the tricks "
                              "began, not known here")
        return any(card in facts.kept[seat] for seat in seats)
    if name == "buried":
        return facts.buried_by in team_seats(args[0], facts) and _card(args[1]) in facts.buried
    if name == "called":
        return _card(args[0]) in facts.called
    if name == "level-is":
        return facts.level == args[0]
    if name == "no-trump":
        return facts.trump is None
    if name == "nobody-declared":
        return facts.trump_by != "declared"
    if name == "always":
        return True
    if name == "extra-level":
        return facts.beyond
    if name == "conceded":
        return facts.conceded in team_seats(args[0], facts)
    if name == "ended-early":
        return facts.ended_early
    if name == "bank-given-up":
        return facts.gave_up is not None
    if name == "declared":
        return facts.declarer in team_seats(args[0], facts)
    if name == "banker-declared":
        return facts.declarer == facts.banker
    if name == "overturned-after-kitty":
        return facts.overturned_after_kitty
    if name == "smaller-team":
        table = facts.rules.table
        return table.partnership == "called" and len(facts.banker_team) < 1 + table.called_cards
    raise EngineError(f"unknown fact {name!r}")


def _winners(facts: HandFacts) -> frozenset[int]:
    return team_seats("winners", facts)


@lru_cache(maxsize=256)
def _card(text: str) -> Card:
    return parse_token(text)


def effects_in_order(rules: Rules, indexes: Sequence[int]) -> list[tuple]:
    """The effects of the rules at ``indexes``, in the order they happen."""
    triggers: tuple[Trigger, ...] = rules.levels.after_hand
    return [effect for at in indexes for effect in triggers[at].effects]
