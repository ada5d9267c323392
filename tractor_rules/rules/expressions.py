"""Rule expressions: the numbers, teams, conditions and effects every section can use, as data.

An expression is a small tree of tuples, its first item naming its kind (``("add", a, b)``,
``("fact", "took", "attackers", "5H")``); its JSON form is the same tree as lists.  What each kind
means, which arguments it takes and where it may be used is declared once, in the vocabulary
tables below: the compiler checks against them, the codec reads JSON by them, the schema is built
from them, the sheet words them and the engine evaluates them.  A new house rule should need a new
entry in a table (a quantity, a fact, an effect), never a new shape of statement.

The layer is typed and total: a number is never a condition, nothing loops or recurses, and every
tree holds at most ``MAX_FORMULA_OPERATORS`` operators, so evaluating one is bounded work.

Numbers are whole numbers.  ``div`` divides and rounds down (a division by 0 gives 0), and so
does a negative power; every step is held within ±``NUMBER_BOUND``, far beyond any count of cards,
points or levels, so no step ever builds a huge number.
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, NewType, Protocol

from .base import RANKS

#: the most operators (``+ - × ÷ ^``, ``min``, ``max``, ``and``, ``or``, ``not``) one expression
#: holds: the one limit of the language (the parser), the JSON form (``Rules.from_dict``) and the
#: JSON Schema's description; it also bounds how deep a tree nests, and so every walk over it
MAX_FORMULA_OPERATORS = 64
#: every step of a number is held within ±NUMBER_BOUND
NUMBER_BOUND = 10**18

#: A number's tree: ("num", n), ("var", quantity, *arguments), (operator, a, b).
Number = NewType("Number", tuple)
#: A condition's tree: ("fact", name, *arguments), ("compare", comparator, a, b),
#: ("all", c, ...), ("any", c, ...), ("not", c).
Condition = NewType("Condition", tuple)
#: An effect's tree: (name, *arguments).
Effect = NewType("Effect", tuple)

#: operators on two numbers, as the JSON names them
OPERATORS = ("add", "sub", "mul", "div", "pow", "min", "max")
#: the operators of the first version of the kitty formula (the others came with schema 3)
FIRST_OPERATORS = ("add", "mul", "pow")
COMPARATORS = ("<", "<=", ">", ">=", "=", "!=")
#: the comparators as a ruleset may also write them
COMPARATOR_SPELLINGS = {"≤": "<=", "≥": ">=", "≠": "!=", "==": "="}


#: the moments at which an expression is evaluated: when the banker calls cards (Finding Friends),
#: when a player buries the kitty, when a player may overturn after the kitty exchange, when a dug
#: kitty is counted, after a hand; and when the upgrade table is read (its ``counted`` number, which
#: decides the level change, so cannot read it).  At the first two a condition is asked of one card
#: at a time: the card is its subject (``CARD_MOMENTS``); at the third, of one player at a time
CALL, BURY, OVERTURN, KITTY, AFTER_HAND, SCORE = "call", "bury", "overturn", "kitty", "after-hand", "score"
#: when a player may declare over a standing declaration during the deal (the hand, not the player)
DECLARE = "declare"
#: when a player may overturn (or reinforce) a standing declaration during the deal
#: (``declaring.overturn_in_deal_when``, ``declaring.reinforce_when``): the condition is asked of
#: the player who would declare, against the declaration standing
DEAL_OVERTURN = "deal-overturn"
#: when a player may ask for a redeal with their dealt hand, trump known and the kitty not yet taken
#: (``declaring.redeal_when``): the condition is asked of one player at a time
REDEAL = "redeal"
#: where a number of the table is written (a deal size, a penalty, a bonus, the coins): known before
#: any hand is dealt, so worked out once by the compiler, from the decks and the players alone
TABLE = "table"
#: where the stakes of a hand are counted (``stakes.game_points``): after the hand, its outcome known
STAKE = "stake"
#: after each trick while cards are left in the hands (``levels.end_early``): the hand so far, to
#: end it early where the condition holds
TRICK = "trick"
#: after each trick while cards are left, asked of each player in turn from the trick's winner
#: (``levels.concede``): what ``TRICK`` knows, and the player's side (an attacker or a banker), to
#: offer that player the choice to end the hand
CONCEDE = "concede"
#: when a throw is checked (``leading.throw_stoppers_when``): the condition is asked of each other
#: player, who could stop the throw
THROW = "throw"
#: where a house rule after a hand changes what the hand is worth at the table (``the hand is worth
#: N game points``): what is known after a hand, and the game points so far (``game points``)
WORTH = "worth"
CARD_MOMENTS = frozenset({CALL, BURY})
#: where each moment is, in the words of an error
MOMENT_WORDS = {CALL: "when the banker calls cards", BURY: "when the kitty is buried",
                OVERTURN: "when a player may overturn after the kitty", KITTY: "when the kitty is counted",
                AFTER_HAND: "after a hand", SCORE: "where the upgrade table is read ('counted:')",
                DECLARE: "when a declaration may overturn during the deal",
                DEAL_OVERTURN: "when a player may overturn or reinforce during the deal",
                REDEAL: "when a player may ask for a redeal",
                TABLE: "before any hand is dealt (a deal size, a penalty, a bonus, the coins)",
                STAKE: "where the stakes of a hand are counted ('game points:')",
                TRICK: "after a trick ('end early: when ...')",
                CONCEDE: "after a trick, asked of each player ('concede: when ...')",
                THROW: "when a throw is checked ('throw stopped by: ... when ...')",
                WORTH: "where a house rule changes what a hand is worth ('the hand is worth ...')"}
#: known from the last trick on
_PLAYED = frozenset({KITTY, AFTER_HAND})
#: known at every moment: the table, the hand's level and trump
_EVERY = CARD_MOMENTS | _PLAYED | {OVERTURN, SCORE, REDEAL, TRICK, CONCEDE, THROW}
#: known at every moment, declaring included: the table, the hand's level
_ALWAYS = _EVERY | {DECLARE, DEAL_OVERTURN, THROW}
#: known before any hand: the table alone
_TABLE = _ALWAYS | {TABLE, STAKE}
#: the hand's score, known after it and where the upgrade table reads it
_SCORED = frozenset({AFTER_HAND, SCORE})
#: the hand's score as the stakes read it too
_STAKED = _SCORED | {STAKE}


@dataclass(frozen=True, slots=True)
class Quantity:
    """A named number: ``words`` as a ruleset writes it, ``moments`` where its value is known, and
    the kinds of its ``arguments`` as a fact's are ("team", "role", "card"): a quantity of a team,
    of a player or of a card is the tree ``("var", name, *arguments)``."""

    name: str
    words: str
    moments: frozenset[str]
    #: what it counts, for the language server and the docs
    meaning: str
    #: the JSON form's schema version that first has it
    since: int = 3
    arguments: tuple[str, ...] = ()



QUANTITIES: dict[str, Quantity] = {q.name: q for q in (
    Quantity("size", "size", _PLAYED, "the cards of the last lead's largest unit (a pair: 2)", 1),
    Quantity("cards", "cards", _PLAYED, "all the cards of the last lead", 1),
    Quantity("decks", "decks", _TABLE, "the decks played with"),
    Quantity("players", "players", _TABLE, "the players at the table"),
    # after a trick (``TRICK``): the attackers' points taken so far, the penalties so far counted, the kitty not
    Quantity("points", "points", _STAKED | {TRICK, CONCEDE}, "the attackers' score for the hand, the kitty's included"),
    Quantity("raw-points", "raw points", _SCORED,
             "the attackers' score before it is held at 0: below 0 when penalties take more than they won", 4),
    Quantity("kitty-points", "kitty points", _STAKED, "the points of the cards in the kitty"),
    Quantity("levels", "levels", frozenset({AFTER_HAND, STAKE}), "the levels the hand's outcome gives its winners"),
    # the round of overturning after the kitty (version 4); after a hand and where the stakes are
    # counted, the whole hand's: during the deal and after the kitty
    Quantity("overturns", "overturns", frozenset({OVERTURN, DEAL_OVERTURN, AFTER_HAND, STAKE}),
             "the overturns made this hand: so far in the deal or after the kitty, where those are asked; the "
             "whole hand's after it", 4),
    Quantity("declared-level-cards", "declared level cards", frozenset({OVERTURN, DEAL_OVERTURN}),
             "the level cards the standing declaration shows (0 when it shows jokers alone, or nobody declared)", 4),
    # the player who may ask for a redeal, and the redeals so far (version 4)
    Quantity("held-points", "points held", frozenset({REDEAL}),
             "the points of the cards the player was dealt (the kitty not taken yet)", 4),
    Quantity("held-trumps", "trumps held", frozenset({REDEAL}),
             "the trumps among the cards the player was dealt, at the hand's level and trump", 4),
    Quantity("redeals", "redeals", frozenset({REDEAL}),
             "the deals thrown in so far this hand for a player's asking (or a hand the rules always redeal)", 4),
    # the auction (version 4)
    Quantity("bid", "bid", _STAKED | {TRICK, CONCEDE}, "the winning bid of the hand's auction (0 without an auction)", 4),
    # the hand so far, after a trick (version 4)
    Quantity("points-left", "points left", frozenset({TRICK, CONCEDE}),
             "the points of the cards still in the players' hands (the kitty's not counted)", 4),
    Quantity("cards-left", "cards left", frozenset({TRICK, CONCEDE}), "the cards still in each player's hand", 4),
    # the teams and the players of the hand just played (version 4)
    Quantity("team-size", "the number of TEAM", frozenset({AFTER_HAND, STAKE}),
             "the players in the team this hand (with called partners: the banker and the friends who joined, one "
             "friend called twice counting once)", 4, ("team",)),
    # a team's and a player's level where the upgrade table is read too (the bankers' and the
    # attackers'; the players the banker's seat names: ``SCORE_ROLES``)
    Quantity("team-level", "the level of TEAM", frozenset({AFTER_HAND, STAKE, SCORE}),
             "the team's level as the hand was played, before its own level change, as a position on the ladder (1 "
             "the first level; on a ladder that goes round, counted on through the rounds): the bankers', the "
             "banker's own; the attackers', the highest of theirs (with fixed teams a team's players are at one "
             "level)", 4, ("team",)),
    Quantity("player-level", "the level of ROLE", frozenset({AFTER_HAND, STAKE, SCORE}),
             "the level of the player in that role as the hand was played, before its own level change, as a "
             "position on the ladder (0 when the role names nobody)", 4, ("role",)),
    # copies of a card in the team's tricks, or in its hands (version 4)
    Quantity("copies-took", "copies of CARD TEAM took", frozenset({AFTER_HAND}),
             "the copies of the card among the cards of the tricks the team won", 4, ("team", "card")),
    Quantity("copies-held", "copies of CARD TEAM held", frozenset({AFTER_HAND}),
             "the copies of the card the team's players were dealt (before any exchange and the kitty)", 4,
             ("team", "card")),
    Quantity("copies-held-after-kitty", "copies of CARD TEAM held after the kitty", frozenset({AFTER_HAND}),
             "the copies of the card in the team's hands as the tricks began (the kitty taken and buried)", 4,
             ("team", "card")),
    # what a house rule after a hand makes the hand worth at the table (version 4)
    Quantity("game-points", "game points", frozenset({WORTH}),
             "the game points the hand is worth so far: its row of 'game points', as the house rules before "
             "this effect changed it (before the table's multiplier)", 4),
)}
# what is known after a hand is known where a house rule changes what the hand is worth
QUANTITIES = {name: q if AFTER_HAND not in q.moments else Quantity(q.name, q.words, q.moments | {WORTH}, q.meaning,
                                                                    q.since, q.arguments)
              for name, q in QUANTITIES.items()}
#: the quantities of a team (its size, its level), known from the teams of the hand just played
TEAM_QUANTITIES = frozenset({"team-size", "team-level"})
#: the quantities read from each seat's level as the hand was played (the log then writes them)
LEVEL_QUANTITIES = frozenset({"team-level", "player-level"})
#: the roles whose level the upgrade table may read (``the level of ROLE`` in ``counted`` and a
#: row's levels): the seats the banker's alone names, known before the hand's outcome (which the
#: table decides); the winners and the losers are not known there either
SCORE_ROLES = frozenset({"banker", "partner", "next-seat"})
#: the teams whose level the upgrade table may read
SCORE_TEAMS = frozenset({"bankers", "attackers"})
#: the quantities read from the cards each seat was dealt, and held as the tricks began
DEALT_QUANTITIES = frozenset({"copies-held"})
KEPT_QUANTITIES = frozenset({"copies-held-after-kitty"})

#: teams as conditions and effects name them: the hand's banker team and the others; the hand's
#: winners and losers (the banker team when it holds, the attackers when it loses); the banker's
#: friends (version 4): the banker team without the banker (with called partners the players the
#: banker's calls brought in, with fixed teams the banker's partners), a team only where a team of
#: players is named in a hand's record (``FRIENDS_FACTS``) and in ``the first of TEAM after ROLE``
TEAMS = ("bankers", "attackers", "winners", "losers", "friends")
#: the teams of the first versions (the banker's friends came with version 4)
FIRST_TEAMS = TEAMS[:4]
#: the facts that may name the banker's friends: who of the hand's record (the tricks, the deal,
#: the kitty, the concession) was one of them; not a hand's outcome (the friends win and lose with
#: the bankers), and no effect on levels (the levels are a team's, or each player's with the rest)
FRIENDS_FACTS = frozenset({"last-trick", "last-trick-single", "last-trick-card", "last-trick-trumps", "took",
                           "lost", "played", "held", "held-after-kitty", "buried", "conceded", "declared"})

#: where a who-word names a seat: after a hand (``the next banker is ROLE``), when the kitty is
#: taken (``buried by: ROLE``), and when a phase begins that goes round the table from it
#: (``ORDERED_PHASES``: the round of overturning after the kitty, declaring in turn, the auction,
#: the first lead)
NEXT_BANKER, BURIER = AFTER_HAND, "buried-by"
#: where a who-word names the players the kitty is shown to (``shown: ... to ROLE``, version 4):
#: at every moment the kitty is shown (``SHOWING_MOMENTS``)
SHOWN_TO = "shown-to"
#: the phases that go round the table from a seat the rules may choose (version 4): the round of
#: overturning after the kitty (``declaring.overturn_first``), declaring in turn after the deal
#: (``declaring.in_turn_first``), the auction (``auction.first_bidder``) and the tricks (the first
#: lead, ``leading.first_lead``)
ORDERED_PHASES = ("overturn", "declare-in-turn", "auction", "play")


@dataclass(frozen=True, slots=True)
class Role:
    """A who-word of the language: ``name`` as the JSON form writes it, ``words`` as a ruleset
    writes it, what it means, where it is known (``known``: ``NEXT_BANKER``, ``BURIER``, the
    phases of ``ORDERED_PHASES``) and where the engine finds its seat (``found``).  ``takes`` is
    what the words take ("card": the holder of a card, written ``(name, card)``; "team-role": the
    first of a team after another role, written ``(name, team, role)``); ``always`` whether it
    names somebody in every hand (a fallback after it is never reached)."""

    name: str
    words: str
    meaning: str
    known: frozenset[str]
    found: str
    takes: str = ""
    always: bool = True
    #: the JSON form's schema version that first has it
    since: int = 4

    @property
    def phases(self) -> frozenset[str]:
        """The phases that may go round the table from this seat (the vocabulary of seats)."""
        return self.known & _PHASES


_PHASES = frozenset(ORDERED_PHASES)
_KITTY_KNOWN = frozenset({"overturn", "play"})
_FROM_DEAL = frozenset({"overturn", "declare-in-turn", "play"})
#: the one table of who-words: every statement that says who reads its words from here, each the
#: words known where it is written (``Role.known``); the views below are the lists each statement
#: had before it (the same names, the same compiled values and JSON)
ROLE_TABLE: dict[str, Role] = {r.name: r for r in (
    Role("banker", "the banker", "the banker (before the deal: the banker given, who deals; the dealer in the "
                                 "game's first hand)", _FROM_DEAL | {NEXT_BANKER, BURIER, SHOWN_TO},
         "the hand's banker", since=3),
    Role("next-seat", "the next seat", "the seat after the banker in the direction of play", frozenset({NEXT_BANKER}),
         "the banker's seat + 1", since=3),
    Role("after-banker", "the seat after the banker", "the seat after the banker in the direction of play",
         _FROM_DEAL, "the banker's seat + 1"),
    Role("partner", "the banker's partner", "the banker's partner: the next seat of the banker's team (fixed teams "
                                            "only)", frozenset({NEXT_BANKER, BURIER, SHOWN_TO}),
         "the banker's seat + 2",
         since=3),
    Role("last-trick-winner", "the winner of the last trick", "the player who won the hand's last trick",
         frozenset({NEXT_BANKER}), "the last trick of the hand's record", since=3),
    # the special case of the first of a team after a role, as every version has written it
    Role("first-winner", "the first of the winners after the banker", "the first of the hand's winners after the "
                                                                      "banker in turn order",
         frozenset({NEXT_BANKER}), "the seats after the banker, the banker last, in the winners", since=3),
    Role("holder", "the holder of CARD", "the first seat after the banker in turn order (the banker last) that was "
                                         "dealt the card; nobody when every copy lay in the kitty",
         frozenset({NEXT_BANKER, "auction"}), "the cards each seat was dealt (the log's 'dealt')", "card", False),
    Role("holder-after-kitty", "the holder of CARD after the kitty", "the same, from the cards each seat held as the "
                                                                     "tricks began; nobody when every copy was buried",
         frozenset({NEXT_BANKER}), "the cards each seat held as the tricks began (the log's 'hands')", "card", False),
    Role("taker", "the player who took CARD", "the winner of the first trick that held the card; nobody when no copy "
                                              "was played", frozenset({NEXT_BANKER}), "the tricks of the hand's record",
         "card", False),
    Role("burier", "the burier", "the player who buried the kitty (in the round of overturning, the first to bury; at "
                                 "the first lead, the last)", _KITTY_KNOWN | {SHOWN_TO},
         "the kitty's record (its burier)"),
    Role("after-burier", "the seat after the burier", "the seat after the player who buried the kitty", _KITTY_KNOWN,
         "the kitty's record (its burier) + 1"),
    # the standing declarer passes in the round after the kitty (their declaration stands): that
    # round may start from the seat after them, not from them
    Role("declarer", "the declarer", "the player whose declaration stands (at the first lead the banker when nobody "
                                     "declared; after a hand nobody then)", frozenset({"play", NEXT_BANKER, SHOWN_TO}),
         "the standing declaration (the log's 'declarer')", always=False),
    Role("previous-declarer", "the previous declarer", "the player whose declaration the standing one overturned "
                                                       "last; nobody when nobody was overturned",
         frozenset({NEXT_BANKER}), "the hand's declarations (the log's 'previous_declarer')", always=False),
    Role("after-declarer", "the seat after the declarer", "the seat after the player whose declaration stands "
                                                          "(after the banker when nobody declared)", _KITTY_KNOWN,
         "the standing declaration + 1"),
    Role("dealer", "the dealer", "the player who deals the hand", frozenset({"auction"}), "the hand's dealer"),
    Role("after-dealer", "the seat after the dealer", "the seat after the dealer (the auction's 'next seat')",
         frozenset({"auction"}), "the hand's dealer + 1"),
    Role("first-banker-after-declarer", "the first of the bankers after the declarer",
         "the first player of the banker's team after the standing declarer in turn order",
         frozenset({BURIER}), "the banker's team, from the standing declarer"),
    # the first of a team after a role (version 4): the seats after the role's in turn order, the
    # role's own last, the first that is in the team; nobody when the role names nobody or the
    # team is empty (the banker's friends when nobody joined)
    Role("first-of", "the first of TEAM after ROLE", "the first player of the team after the role's seat in turn "
                                                    "order (that seat last); nobody when the role names nobody or "
                                                    "nobody is in the team", frozenset({NEXT_BANKER}),
         "the team's seats, from the role's", "team-role", False),
)}

#: seats as effects name them (``the next banker is ROLE``), by their place in the hand just played
ROLES = tuple(r.name for r in ROLE_TABLE.values() if NEXT_BANKER in r.known and not r.takes)
#: roles that name a seat by a card, written as a tree ``(role, card)`` (version 4)
CARD_ROLES = tuple(r.name for r in ROLE_TABLE.values() if r.takes == "card")
#: the roles that may take the kitty and bury (``kitty_exchange.buried_by``), known once trump is
#: set: the banker, the banker's seated partner, the first player of the banker's team after the
#: standing declarer
BURIER_ROLES = tuple(r.name for r in ROLE_TABLE.values() if BURIER in r.known)
#: when the kitty is shown (``kitty_exchange.shown_to``, version 4): the kitty as dealt, before the
#: player who takes it buries; the cards buried, once the last burial is over and before the first
#: trick; the cards buried, once the last trick is over
SHOWING_MOMENTS = ("before-burying", "after-burying", "at-end")
#: everyone at the table, as the players the kitty is shown to (``shown: before burying to everyone``)
EVERYONE = "everyone"
#: the roles the kitty may be shown to, known at every moment it is shown
SHOWN_ROLES = tuple(r.name for r in ROLE_TABLE.values() if SHOWN_TO in r.known)
#: the teams the kitty may be shown to: the hand's banker team, the others, and the banker's team
#: without the banker (the winners and the losers are known only once the hand is scored)
SHOWN_TEAMS = ("bankers", "attackers", "friends")
#: the players the kitty may be shown to: everyone, a team, or a role
AUDIENCES = (EVERYONE, *SHOWN_TEAMS, *SHOWN_ROLES)
#: the one role that reads a team and another role (version 4)
FIRST_OF = "first-of"
#: the first of a team after a role that has a name of its own in the table, used wherever that name
#: is known (``the first of the winners after the banker`` after a hand, ``the first of the bankers
#: after the declarer`` when the kitty is taken: the names every version has written them by)
FIRST_OF_NAMES = {("winners", "banker"): "first-winner", ("bankers", "declarer"): "first-banker-after-declarer"}
#: where a role is written → the role it means there when its own name is not known: in the auction,
#: before anybody banks, "the next seat" has always been the seat after the dealer
SAME_SEAT = {"auction": {"next-seat": "after-dealer"}}
#: a role's fallbacks, written as a tree ``("otherwise", role, role, ...)`` (version 4): the first
#: of the roles that names somebody
OTHERWISE = "otherwise"
#: the most roles one fallback lists
MAX_FALLBACKS = 8
#: the card facts and roles read from the cards each seat was dealt (the log then writes them)
DEALT_READERS = frozenset({"held", "holder", "copies-held"})
#: the card facts and roles read from the cards each seat held as the tricks began, the kitty taken
#: and buried (the log's "hands", which every log writes)
KEPT_READERS = frozenset({"held-after-kitty", "holder-after-kitty"})
#: the roles after a hand that read the hand's declaring (the log then writes the declarer and the
#: previous declarer)
DECLARING_ROLES = frozenset({"declarer", "previous-declarer"})
#: the facts after a hand that read who declared (the log then writes the declarer, as for
#: ``DECLARING_ROLES``)
DECLARING_FACTS = frozenset({"declared", "banker-declared"})

#: a seat a phase's turn order may start from (version 4): a role of the table that some phase
#: knows.  Every phase goes round the table in the direction of play (``table.direction``) from
#: its first seat; a phase against it would be a new word of ``DIRECTIONS``
Seat = Role
SEATS: dict[str, Role] = {name: r for name, r in ROLE_TABLE.items() if r.phases}
#: the directions a phase may go round the table: in the direction of play (the table's ``play:
#: clockwise`` or ``counterclockwise``), the one every real rule found so far plays
DIRECTIONS = ("in-turn",)


def seats_at(phase: str) -> tuple[str, ...]:
    """The seats known at ``phase``, as the vocabulary lists them."""
    return tuple(name for name, seat in SEATS.items() if phase in seat.phases)


@dataclass(frozen=True, slots=True)
class Form:
    """One fact or effect: its JSON ``name``, the kinds of its arguments ("team", "rank", "card",
    "suit", "number", "role"), what it means, and the moments at which it is known."""

    name: str
    arguments: tuple[str, ...]
    meaning: str
    moments: frozenset[str] = frozenset({"after-hand"})
    #: the JSON form's schema version that first has it
    since: int = 3


FACTS: dict[str, Form] = {f.name: f for f in (
    Form("wins", ("team",), "the team wins the hand (the bankers hold the bank, or the attackers take it)"),
    Form("loses", ("team",), "the team loses the hand"),
    Form("last-trick", ("team",), "the team wins the last trick", _PLAYED),
    Form("last-trick-single", ("team", "rank"), "the team wins the last trick with a single card of the rank", _PLAYED),
    Form("last-trick-card", ("team", "card"), "the team wins the last trick with a play holding the card", _PLAYED),
    Form("last-trick-trumps", ("team",), "the team wins the last trick with trumps", _PLAYED),
    Form("took", ("team", "card"), "the card is among the cards of the tricks the team won", _PLAYED),
    Form("lost", ("team", "card"), "a player of the team played the card to a trick the other team won", _PLAYED),
    Form("played", ("team", "card"), "a player of the team played the card to a trick, whoever won it", _PLAYED, 4),
    # who held, buried and called a card this hand (version 4): read from the hand's record, after it
    Form("held", ("team", "card"), "a player of the team was dealt the card: it was in their hand as the deal "
                                   "ended, before any exchange and before the kitty was taken", frozenset({AFTER_HAND}), 4),
    Form("held-after-kitty", ("team", "card"), "a player of the team held the card once the kitty was taken and "
                                               "buried, as the tricks began (with overturns after the kitty: after "
                                               "the last burial)", frozenset({AFTER_HAND}), 4),
    Form("buried", ("team", "card"), "the card lies in the kitty as last buried, and the player who buried it is "
                                     "of the team (with overturns after the kitty: the last to bury)",
         frozenset({AFTER_HAND}), 4),
    Form("called", ("card",), "the banker called the card this hand (Finding Friends: any copy of it)",
         frozenset({AFTER_HAND}), 4),
    Form("level-is", ("rank",), "the hand is played at the rank", _ALWAYS),
    Form("no-trump", (), "the hand is played with no trump suit", _EVERY),
    # after a hand, and as a player's turn to overturn after the kitty comes (no declaration
    # stands: trump came from the rule for when nobody declares, and nobody has overturned since)
    Form("nobody-declared", (), "nobody declared: trump came from the rule for when nobody declares (as a turn to "
                                "overturn after the kitty comes: no declaration stands)",
         frozenset({AFTER_HAND, OVERTURN})),
    Form("always", (), "always: every hand", _PLAYED),
    # facts of the card being judged (called, buried), at the hand's level and trump (version 4)
    Form("card-trump", (), "the card is a trump in this hand", CARD_MOMENTS, 4),
    Form("card-points", (), "the card scores points", CARD_MOMENTS, 4),
    Form("card-rank", ("rank",), "the card is of the rank", CARD_MOMENTS, 4),
    Form("card-suit", ("suit",), "the card is of the suit as printed (a joker has none)", CARD_MOMENTS, 4),
    Form("card-level", (), "the card is of the hand's level rank, in any suit", CARD_MOMENTS, 4),
    Form("card-joker", (), "the card is a joker", CARD_MOMENTS, 4),
    Form("card-highest", (), "the card is the highest of its suit in this hand (a side suit's ace, or its king "
                             "when aces are trumps; among trumps, the highest trump)", CARD_MOMENTS, 4),
    Form("card-shown", (), "a card of the same face was shown in a declaration this hand", CARD_MOMENTS, 4),
    # facts of the player who may overturn after the kitty, and of the hand then (version 4)
    Form("player-attacker", (), "the player is an attacker: not on the banker's team as known then (with called "
                                "partners, everyone but the banker)", frozenset({OVERTURN, REDEAL, DEAL_OVERTURN, THROW, CONCEDE}), 4),
    Form("player-banker", (), "the player is on the banker's team as known then (with called partners, the banker "
                              "alone)", frozenset({OVERTURN, REDEAL, DEAL_OVERTURN, THROW, CONCEDE}), 4),
    Form("first-hand", (), "the hand is the game's first (its banker was found by declaring)",
         frozenset({OVERTURN, DECLARE, REDEAL, DEAL_OVERTURN}), 4),
    # the hand so far, after a trick (version 4)
    Form("outcome-decided", (), "no play of the cards left can change the hand's outcome: the upgrade row "
                                "reached (the kitty counted at its largest multiplier for the attackers, the "
                                "penalties the tricks left could bring counted in) and who wins", frozenset({TRICK, CONCEDE}), 4),
    # the player who would overturn (during the deal, or after the kitty), and the standing declarer
    # (fixed teams only; after the kitty, the banker when nobody declared)
    Form("declarer-partner", (), "the player is a partner of the standing declarer: on their team (fixed teams "
                                 "only)", frozenset({DEAL_OVERTURN, OVERTURN}), 4),
    Form("declarer-opponent", (), "the player is an opponent of the standing declarer: on the other team (fixed "
                                  "teams only)", frozenset({DEAL_OVERTURN, OVERTURN}), 4),
    # the player whose declaration the standing one overturned last (the previous declarer), and
    # whether there was one: during the deal, or after the kitty (the deal's counting too)
    Form("previous-declarer", (), "the player is the previous declarer: the one whose declaration the standing "
                                  "declarer overturned last (nobody in a first declaration)",
         frozenset({DEAL_OVERTURN, OVERTURN}), 4),
    Form("previous-declarer-partner", (), "the player is a partner of the previous declarer: on their team, not "
                                          "them (fixed teams only)", frozenset({DEAL_OVERTURN, OVERTURN}), 4),
    Form("nobody-overturned", (), "nobody was overturned: the standing declaration overturned no other player's "
                                  "(the first declaration, or nobody declared)", frozenset({DEAL_OVERTURN, OVERTURN}),
         4),
    # the player who would declare over the standing declaration during the deal is its declarer
    # (who may reinforce it, or overturn their own); with the declarer's partner, the declaring side
    # (亮主方) that a condition on reinforcing names
    Form("declarer", (), "the player is the standing declarer: they made the declaration that stands",
         frozenset({DEAL_OVERTURN}), 4),
    # the player who could stop a throw, and the thrower (fixed teams only)
    Form("thrower-partner", (), "the player is a partner of the thrower: on their team (fixed teams only)",
         frozenset({THROW}), 4),
    Form("thrower-opponent", (), "the player is an opponent of the thrower: on the other team (fixed teams only)",
         frozenset({THROW}), 4),
    # the extra no-trump level of 'game end: beyond-last', played after the last level (version 4)
    Form("extra-level", (), "the hand is the extra level played beyond the last ('game end: beyond-last')",
         frozenset({AFTER_HAND}), 4),
    # the players' actions of the hand, read from its record after it (version 4): a concession
    # ('concede: when'), the hand ended before its last trick ('end early: when', or a concession),
    # the bank given up ('give up the bank: yes')
    Form("conceded", ("team",), "a player of the team ended the hand by conceding it ('concede: when'); not the "
                                "hand ended by the rule for ending early", frozenset({AFTER_HAND}), 4),
    Form("ended-early", (), "the hand ended before its last trick: by the rule for ending early, or a player's "
                            "concession", frozenset({AFTER_HAND}), 4),
    Form("bank-given-up", (), "the banker dealt the hand gave up the bank to the declarer ('give up the bank: "
                              "yes')", frozenset({AFTER_HAND}), 4),
    # how the bank was decided, after a hand (version 4): who made the declaration that stood (the
    # declarer, the standing declaration's maker once every round is over), and whether the round
    # of overturning after the kitty (炒地皮) passed it to another player
    Form("declared", ("team",), "a player of the team made the declaration that stood at the end of the hand (the "
                                "declarer; nobody when nobody declared)", frozenset({AFTER_HAND}), 4),
    Form("banker-declared", (), "the banker made the declaration that stood at the end of the hand: the banker "
                                "is the declarer", frozenset({AFTER_HAND}), 4),
    Form("overturned-after-kitty", (), "the bank was overturned after the kitty: in the round of overturning after "
                                       "the kitty ('overturn after kitty'), the standing declaration passed to "
                                       "another player (a reinforcement, one's own overturn or a declaration "
                                       "where none stood is none)", frozenset({AFTER_HAND}), 4),
    # what 'bonus for a smaller banker team' reads (version 4)
    Form("smaller-team", (), "the banker team is smaller than usual: with called partners, fewer players than the "
                             "banker and one friend per called card (fixed teams are always whole)",
         frozenset({AFTER_HAND}), 4),
)}

#: the facts whose subject is the card being judged
CARD_FACTS = frozenset(name for name, form in FACTS.items() if form.moments == CARD_MOMENTS)
#: the facts whose subject is the player who may act
PLAYER_FACTS = frozenset({"player-attacker", "player-banker"})
#: the facts of the player who would overturn against the standing declarer (fixed teams only)
DECLARER_FACTS = frozenset({"declarer-partner", "declarer-opponent"})
#: the facts of the player who would overturn against the previous declarer, the one the standing
#: declarer overturned last, and whether there is one
PREVIOUS_FACTS = frozenset({"previous-declarer", "previous-declarer-partner", "nobody-overturned"})
#: the facts that name a player of the declaring side (亮主方) in a condition on reinforcing: where
#: ``declaring.reinforce_when`` reads one, it says who of the side may reinforce (the declarer, a
#: partner of theirs); where it reads none, the standing declarer alone reinforces
SIDE_FACTS = frozenset({"declarer", "declarer-partner"})
#: the facts of the player who could stop a throw against the thrower (fixed teams only)
THROWER_FACTS = frozenset({"thrower-partner", "thrower-opponent"})

EFFECTS: dict[str, Form] = {f.name: f for f in (
    Form("up", ("team", "number"), "the team goes up that many levels (stopping where a climb stops)"),
    Form("down", ("team", "number"), "the team goes down that many levels (never below the first)"),
    Form("back-to", ("team", "rank"), "the team goes back to the level (a team below it stays)"),
    Form("to", ("team", "rank"), "the team's level becomes the rank"),
    Form("wins-game", ("team",), "the team wins the game"),
    Form("next-banker", ("role",), "the player in that role banks the next hand"),
    # what 'knock back' says (version 4): back to the level before the hand's own level change
    Form("knock-back", ("team", "rank"), "the team goes back to the level (a team below it stays) before the hand's "
                                         "own level change, which then counts from there; bankers knocked back do not "
                                         "win the game by this hand", since=4),
    # what 'banker goes up: only with the last trick' and 'bonus for a smaller banker team' say
    # (version 4): the hand's own level change, made before it is applied and logged
    Form("hand-levels", ("number",), "the hand's own level change gives its winners that many levels (the number "
                                     "may read 'levels', the change so far), before it is made", since=4),
    Form("hand-more-levels", ("number",), "the hand's own level change gives its winners that many more levels, "
                                          "before it is made", since=4),
    # one player's level (version 4), as the team's effects above move a team's: the player the role
    # names (its fallbacks tried in turn), after the hand's own level change; a role that names nobody
    # changes nothing.  Only where each player has a level of their own (called partners, a banker
    # alone): with fixed teams partners share one
    Form("player-up", ("role", "number"), "the player goes up that many levels (stopping where a climb stops)",
         since=4),
    Form("player-down", ("role", "number"), "the player goes down that many levels (never below the first)", since=4),
    Form("player-back-to", ("role", "rank"), "the player goes back to the level (a player below it stays)", since=4),
    Form("player-to", ("role", "rank"), "the player's level becomes the rank", since=4),
    Form("player-knock-back", ("role", "rank"), "the player goes back to the level (a player below it stays) before "
                                                "the hand's own level change, which then counts from there; a banker "
                                                "knocked back does not win the game by this hand", since=4),
    # what the hand is worth at the table (version 4): its game points ('stakes'), before the table's
    # multiplier, as the rules that the hand set off change them in the order written
    Form("hand-worth", ("number",), "the hand is worth that many game points (the number may read 'game points', "
                                    "the worth so far)", since=4),
    Form("hand-more-worth", ("number",), "the hand is worth that many more game points", since=4),
)}
#: the effects on one player's level → the effect on a team's level each is the case of
PLAYER_EFFECTS = {"player-up": "up", "player-down": "down", "player-back-to": "back-to", "player-to": "to",
                  "player-knock-back": "knock-back"}
#: the effects that name a player by a role (their first argument)
ROLE_EFFECTS = frozenset(name for name, form in EFFECTS.items() if form.arguments[:1] == ("role",))
#: the effects on what the hand is worth at the table, made where its game points are counted
STAKE_EFFECTS = frozenset({"hand-worth", "hand-more-worth"})


def effect_role(effect: tuple) -> str | tuple | None:
    """The role an effect names a player by (``the next banker is ROLE``, ``ROLE + N levels``), or None."""
    return effect[1] if effect and effect[0] in ROLE_EFFECTS else None


def effect_moment(effect: tuple) -> str:
    """The moment whose quantities an effect's number reads: where a hand's worth is changed for the
    effects on it (``game points``, the worth so far, is known there), else after the hand."""
    return WORTH if effect and effect[0] in STAKE_EFFECTS else AFTER_HAND


def hand_worth(worth: int, effect: tuple, values: Values) -> int:
    """The game points a hand is worth once ``effect`` (of ``STAKE_EFFECTS``) is made on ``worth``;
    the effect's number read with ``values`` (``game points`` the worth so far), held from 0 to
    ``NUMBER_BOUND``."""
    amount = evaluate_number(effect[1], values)
    return min(max(0, amount if effect[0] == "hand-worth" else worth + amount), NUMBER_BOUND)
#: the effects on the hand's own level change, made before it is applied (``Levels.own_change_rules``)
OWN_CHANGE_EFFECTS = frozenset({"hand-levels", "hand-more-levels"})


#: the most levels a hand's own level change gives once these effects are made (a climb is one
#: step at a time: bounded work)
MAX_HAND_LEVELS = 1000


def own_level_change(levels: int, effect: tuple, values: Values) -> int:
    """The hand's own levels once ``effect`` (of ``OWN_CHANGE_EFFECTS``) is made on them; the
    effect's number read with ``values`` (``levels`` the change so far), held from 0 to
    ``MAX_HAND_LEVELS``."""
    amount = evaluate_number(effect[1], values)
    return min(max(0, amount if effect[0] == "hand-levels" else levels + amount), MAX_HAND_LEVELS)

CARD_RANKS = RANKS
CARD_SUITS = ("S", "H", "D", "C")


def is_card(text: Any) -> bool:
    """A card as the JSON form writes it: rank then suit ("10H", "QS")."""
    return type(text) is str and len(text) >= 2 and text[-1] in CARD_SUITS and text[:-1] in CARD_RANKS


# --- reading trees (the JSON form, and the checks of trees built by other programs) ----------------


class ExpressionError(ValueError):
    """A tree that is not an expression of its kind; the message names the first fault."""


class _Short(reprlib.Repr):
    """``repr`` for the data an error quotes, which may come from anywhere: a list nested thousands
    deep (``repr`` recurses past Python's limit) or an int of thousands of digits (``repr``
    raises ``ValueError``) is shown cut short instead."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 8
        self.maxlist = self.maxtuple = self.maxdict = self.maxset = 40
        self.maxstring = self.maxother = 200

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 256:
            return f"<a whole number of {x.bit_length()} bits>"
        return repr(x)


def _shown(value: Any) -> str:
    """``value`` as an error message quotes it: as ``repr`` does for any sensible value, short
    for any other."""
    return _Short().repr(value)


def number_tree(data: Any, counter: list[int] | None = None, *, operators: tuple[str, ...] = OPERATORS) -> tuple:
    """``data`` (tuples or lists) as a number's tree of tuples, checked; ``counter`` counts the
    operators of the whole expression against ``MAX_FORMULA_OPERATORS``."""
    counter = [0] if counter is None else counter
    if not isinstance(data, (list, tuple)) or not data:
        raise ExpressionError(f"expected a number (a list such as [\"num\", 2]), got {_shown(data)}"[:200])
    head = data[0]
    if head == "num" and len(data) == 2:
        value = data[1]
        if type(value) is int and 0 <= value <= NUMBER_BOUND:
            return ("num", value)
        raise ExpressionError(f"a number is a whole number from 0 to {NUMBER_BOUND}, not {_shown(value)}"[:200])
    if head == "var" and len(data) >= 2:
        quantity = QUANTITIES.get(data[1]) if type(data[1]) is str else None
        if quantity is not None:
            return ("var", quantity.name, *_arguments(quantity, data[2:], counter))
        known = ", ".join(repr(q) for q in QUANTITIES)
        raise ExpressionError(f"a quantity is one of {known}, not {_shown(data[1])}"[:300])
    if type(head) is str and head in operators and len(data) == 3:
        _count(counter)
        return (head, number_tree(data[1], counter, operators=operators),
                number_tree(data[2], counter, operators=operators))
    raise ExpressionError(f"not a number: {_shown(data)}"[:200])


def condition_tree(data: Any, counter: list[int] | None = None) -> tuple:
    """``data`` as a condition's tree of tuples, checked."""
    counter = [0] if counter is None else counter
    if not isinstance(data, (list, tuple)) or not data or type(data[0]) is not str:
        raise ExpressionError(f"expected a condition (a list such as [\"fact\", \"no-trump\"]), got {_shown(data)}"[:200])
    head = data[0]
    if head == "fact" and len(data) >= 2:
        form = FACTS.get(data[1]) if type(data[1]) is str else None
        if form is None:
            raise ExpressionError(f"not a fact: {_shown(data[1])}"[:200])
        return ("fact", form.name, *_arguments(form, data[2:], counter))
    if head == "compare" and len(data) == 4:
        if data[1] not in COMPARATORS or type(data[1]) is not str:
            raise ExpressionError(f"a comparator is one of {', '.join(COMPARATORS)}, not {_shown(data[1])}"[:200])
        _count(counter)
        return ("compare", data[1], number_tree(data[2], counter), number_tree(data[3], counter))
    if head in ("all", "any") and len(data) >= 3:
        for _ in data[2:]:
            _count(counter)
        return (head, *(condition_tree(part, counter) for part in data[1:]))
    if head == "not" and len(data) == 2:
        _count(counter)
        return ("not", condition_tree(data[1], counter))
    raise ExpressionError(f"not a condition: {_shown(data)}"[:200])


def effect_tree(data: Any, counter: list[int] | None = None) -> tuple:
    """``data`` as an effect's tree of tuples, checked."""
    counter = [0] if counter is None else counter
    if not isinstance(data, (list, tuple)) or not data or type(data[0]) is not str or data[0] not in EFFECTS:
        raise ExpressionError(f"not an effect: {_shown(data)}"[:200])
    form = EFFECTS[data[0]]
    return (form.name, *_arguments(form, data[1:], counter))


def _arguments(form: Form | Quantity, values: Any, counter: list[int]) -> tuple:
    if len(values) != len(form.arguments):
        raise ExpressionError(f"{form.name!r} takes {len(form.arguments)} arguments "
                              f"({', '.join(form.arguments) or 'none'}), not {len(values)}")
    out: list[Any] = []
    for kind, value in zip(form.arguments, values):
        if kind == "number":
            out.append(number_tree(value, counter))
        elif kind == "team" and type(value) is str and value in TEAMS:
            if value == "friends" and form.name not in FRIENDS_FACTS:
                raise ExpressionError(f"{form.name!r} does not take the banker's friends: they win, lose and change "
                                      "levels with the bankers")
            out.append(value)
        elif kind == "role":
            try:
                out.append(role_tree(value, counter))
            except ExpressionError as why:
                raise ExpressionError(f"{form.name!r} takes a role here, not {_shown(value)}: {why}"[:400]) from None
        elif kind == "rank" and type(value) is str and value in CARD_RANKS:
            out.append(value)
        elif kind == "card" and is_card(value):
            out.append(value)
        elif kind == "suit" and type(value) is str and value in CARD_SUITS:
            out.append(value)
        else:
            raise ExpressionError(f"{form.name!r} takes a {kind} here, not {_shown(value)}"[:200])
    return tuple(out)


def role_tree(data: Any, counter: list[int] | None = None, *, top: bool = True) -> str | tuple:
    """``data`` as a role: a name of ``ROLES``; ``(card role, card)``; ``("first-of", team, role)``,
    its role one of those two kinds; and, at the top of an effect's argument, ``("otherwise", role,
    ...)``, two to ``MAX_FALLBACKS`` roles of the other kinds.  ``("first-of", "winners",
    "banker")`` is read as ``"first-winner"``, the name every version has written it by."""
    counter = [0] if counter is None else counter
    if type(data) is str and data in ROLES:
        return data
    if isinstance(data, (list, tuple)) and data:
        head = data[0]
        if type(head) is str and head in CARD_ROLES and len(data) == 2 and is_card(data[1]):
            return (head, data[1])
        if head == FIRST_OF and len(data) == 3 and type(data[1]) is str and data[1] in TEAMS:
            base = role_tree(data[2], counter, top=False)
            if type(base) is tuple and base[0] == FIRST_OF or base == "first-winner":
                raise ExpressionError("the first of a team is counted from a seat, not from the first of another "
                                      f"team: {_shown(data)}"[:200])
            if data[1] == "winners" and base == "banker":
                return "first-winner"
            return (FIRST_OF, data[1], base)
        if head == OTHERWISE and top and 3 <= len(data) <= MAX_FALLBACKS + 1:
            for _ in data[2:]:
                _count(counter)
            return (OTHERWISE, *(role_tree(part, counter, top=False) for part in data[1:]))
    raise ExpressionError(f"not a role: {_shown(data)} (a role is one of {', '.join(ROLES)}, [card role, card], "
                          "[\"first-of\", team, role] or [\"otherwise\", role, role, ...])"[:300])


def fallbacks(role: str | tuple) -> tuple:
    """The roles a role tries in turn: its fallbacks, or the role alone."""
    return role[1:] if type(role) is tuple and role[0] == OTHERWISE else (role,)


def role_leaves(role: str | tuple) -> tuple:
    """The seats a role tree counts from or names, in order: names of ``ROLES`` and ``(card role,
    card)`` trees (a first of a team: the role it counts from)."""
    if type(role) is str:
        return (role,)
    if role[0] == OTHERWISE:
        return tuple(leaf for part in role[1:] for leaf in role_leaves(part))
    if role[0] == FIRST_OF:
        return role_leaves(role[2])
    return (role,)


def role_names(role: str | tuple) -> set[str]:
    """The names of the table's roles that a role tree reads (a first of a team: it and its role)."""
    if type(role) is str:
        return {role}
    if role[0] == OTHERWISE:
        return {name for part in role[1:] for name in role_names(part)}
    if role[0] == FIRST_OF:
        return {FIRST_OF} | role_names(role[2])
    return {role[0]}


def role_teams(role: str | tuple) -> set[str]:
    """The teams a role tree reads (the first of a team after a role)."""
    if type(role) is str:
        return set()
    if role[0] == OTHERWISE:
        return {team for part in role[1:] for team in role_teams(part)}
    return {role[1]} if role[0] == FIRST_OF else set()


def always_names(role: str | tuple, *, seated: bool = True) -> bool:
    """Whether a role (no fallbacks) names somebody in every hand: a role of the table that always
    does, a first of the bankers, the attackers, the winners or the losers (never empty) after one
    that always does (the banker's friends are empty when nobody joined, or, with fixed teams, never:
    ``seated`` says the teams are fixed)."""
    if type(role) is str:
        return ROLE_TABLE[role].always
    if role[0] == FIRST_OF:
        if role[1] == "friends" and not seated:
            return False
        return always_names(role[2], seated=seated)
    if role[0] == OTHERWISE:
        return any(always_names(part, seated=seated) for part in role[1:])
    return ROLE_TABLE[role[0]].always


def _count(counter: list[int]) -> None:
    counter[0] += 1
    if counter[0] > MAX_FORMULA_OPERATORS:
        raise ExpressionError(f"an expression has at most {MAX_FORMULA_OPERATORS} operators; this one has more")


# --- conditions on a card -------------------------------------------------------------------------

#: the limits of ``called cards: not trumps, not the highest card, not point cards`` (as the JSON
#: form of versions 2 and 3 holds them in ``table.call_limits``) → the fact of a card each refuses
LIMIT_FACTS = {"trumps": "card-trump", "highest": "card-highest", "points": "card-points"}


def all_of(*conditions: tuple) -> Condition:
    """The condition that holds when every one of ``conditions`` does (() holds always)."""
    parts: list[tuple] = []
    for condition in conditions:
        if not condition:
            continue
        parts.extend(condition[1:] if condition[0] == "all" else (condition,))
    if not parts:
        return Condition(())
    return Condition(parts[0] if len(parts) == 1 else ("all", *parts))


def limits_condition(limits: tuple[str, ...]) -> Condition:
    """The condition on a card that the limits of ``called cards: not ...`` set: the very tree
    that ``called cards: when not a trump and not ...`` writes."""
    return all_of(*(("not", ("fact", LIMIT_FACTS[limit])) for limit in limits))


def card_facts_of(tree: tuple) -> set[str]:
    """The facts of a card that a condition reads."""
    return facts_of(tree) & CARD_FACTS


def facts_of(tree: tuple) -> set[str]:
    """The facts a condition reads, of any kind."""
    if not tree:
        return set()
    if tree[0] == "fact":
        return {tree[1]}
    found: set[str] = set()
    for part in tree[1:]:
        if isinstance(part, tuple):
            found |= facts_of(part)
    return found


#: what a condition on declaring during the deal may read of the player who would declare and of
#: the declaring so far, beyond the hand's own facts
_OF_THE_TURN = PLAYER_FACTS | DECLARER_FACTS | PREVIOUS_FACTS | SIDE_FACTS | {"overturns", "declared-level-cards"}


def reads_the_turn(tree: tuple) -> bool:
    """Whether a condition on declaring during the deal reads the player who would declare or the
    declaring so far (asked at each declaration), not the hand alone (asked once before the deal)."""
    return bool((facts_of(tree) | quantities_of(tree)) & _OF_THE_TURN)


# --- walking trees --------------------------------------------------------------------------------


def card_roles_of(effects: tuple) -> set[str]:
    """The roles named by a card (``CARD_ROLES``) that effects name (in fallbacks and in the first of
    a team after a role too)."""
    return {name for effect in effects if effect[0] in ROLE_EFFECTS
            for name in role_names(effect[1]) if name in CARD_ROLES}


def roles_of(effects: tuple) -> set[str]:
    """The names of the table's roles that effects name (``the next banker is ROLE``, ``ROLE + N
    levels``)."""
    return {name for effect in effects if effect[0] in ROLE_EFFECTS for name in role_names(effect[1])}


def card_roles_in(tree: tuple) -> set[str]:
    """The roles named by a card (``CARD_ROLES``) anywhere in a tree of any kind: in an effect, or
    in a quantity of a player (``the level of the holder of AH``)."""
    if not tree:
        return set()
    if len(tree) == 2 and tree[0] in CARD_ROLES and type(tree[1]) is str:
        return {tree[0]}
    found: set[str] = set()
    for part in tree[1:]:
        if isinstance(part, tuple):
            found |= card_roles_in(part)
    return found


def quantities_of(tree: tuple) -> set[str]:
    """The quantities a tree of any kind reads."""
    if not tree:
        return set()
    if tree[0] == "var":
        return {tree[1]}
    found: set[str] = set()
    for part in tree[1:]:
        if isinstance(part, tuple):
            found |= quantities_of(part)
    return found


def words_after(tree: tuple, version: int) -> set[str]:
    """The words (quantities, facts, effects) of a tree of any kind that schema ``version`` of the
    JSON form did not have yet."""
    if not tree:
        return set()
    head = tree[0]
    if head == "var":
        return {tree[1]} if QUANTITIES[tree[1]].since > version else set()
    if type(head) is str and head in ROLE_EFFECTS:
        found = {name for name in role_names(tree[1]) if ROLE_TABLE[name].since > version}
        if head != "next-banker" and EFFECTS[head].since > version:  # (the next banker: as every version had it)
            found.add(head)
        if type(tree[1]) is tuple and tree[1][0] == OTHERWISE and version < 4:
            found.add(OTHERWISE)
        found |= {team for team in role_teams(tree[1]) if team not in FIRST_TEAMS and version < 4}
        for part in tree[2:]:
            if isinstance(part, tuple):
                found |= words_after(part, version)
        return found
    form = FACTS[tree[1]] if head == "fact" else EFFECTS.get(head) if type(head) is str else None
    found = {form.name} if form is not None and form.since > version else set()
    if form is not None and version < 4:
        args = tree[2:] if head == "fact" else tree[1:]
        found |= {a for a, kind in zip(args, form.arguments) if kind == "team" and a not in FIRST_TEAMS}
    for part in tree[1:]:
        if isinstance(part, tuple):
            found |= words_after(part, version)
    return found


def operators_of(tree: tuple) -> set[str]:
    """The number operators a tree uses."""
    if not tree or tree[0] in ("num", "var"):
        return set()
    found = {tree[0]} if tree[0] in OPERATORS else set()
    for part in tree[1:]:
        if isinstance(part, tuple):
            found |= operators_of(part)
    return found


# --- numbers --------------------------------------------------------------------------------------


def _held(value: int) -> int:
    return NUMBER_BOUND if value > NUMBER_BOUND else -NUMBER_BOUND if value < -NUMBER_BOUND else value


def _power(base: int, exponent: int) -> int:
    """``base ** exponent`` held within the bound, without ever building a larger number.  A
    negative power rounds down as division does (2^(0-1) is 0; 0 to a negative power is 0, as a
    division by 0 is)."""
    if exponent == 0:
        return 1
    if base in (0, 1):
        return base
    if base == -1:
        return -1 if exponent % 2 else 1
    if exponent < 0:  # a fraction between -1 and 1, not 0
        return -1 if base < 0 and exponent % 2 else 0
    value = 1
    for _ in range(exponent):
        value *= base
        if not -NUMBER_BOUND <= value <= NUMBER_BOUND:
            # the sign of the whole power, not of the step that passed the bound: (-2)^61 < 0
            return -NUMBER_BOUND if base < 0 and exponent % 2 else NUMBER_BOUND
    return value


class Values(Protocol):
    """The quantities' values at a moment: a mapping, or anything that looks one up by name (a
    quantity with arguments by its key, ``(name, *arguments)``: ``quantity_key``)."""

    def __getitem__(self, name: Any, /) -> int: ...


def quantity_key(tree: tuple) -> str | tuple:
    """What a quantity's tree ``("var", name, *arguments)`` is looked up by: its name alone, or with
    arguments the tuple ``(name, *arguments)``."""
    return tree[1] if len(tree) == 2 else tree[1:]


def quantity_keys(tree: tuple) -> set[str | tuple]:
    """The keys (``quantity_key``) of the quantities a tree of any kind reads."""
    if not tree:
        return set()
    if tree[0] == "var":
        return {quantity_key(tree)}
    found: set[str | tuple] = set()
    for part in tree[1:]:
        if isinstance(part, tuple):
            found |= quantity_keys(part)
    return found


def evaluate_number(tree: tuple, values: Values) -> int:
    """The number's value, the quantities read from ``values``; every step held within
    ±``NUMBER_BOUND``.  ``KeyError`` when a quantity is not in ``values``."""
    op = tree[0]
    if op == "num":
        return tree[1]
    if op == "var":
        return _held(values[tree[1] if len(tree) == 2 else tree[1:]])
    a = evaluate_number(tree[1], values)
    b = evaluate_number(tree[2], values)
    if op == "add":
        return _held(a + b)
    if op == "sub":
        return _held(a - b)
    if op == "mul":
        return _held(a * b)
    if op == "div":
        return 0 if b == 0 else a // b
    if op == "pow":
        return _power(a, b)
    if op == "min":
        return min(a, b)
    if op == "max":
        return max(a, b)
    raise ExpressionError(f"unknown operator {_shown(op)}")


def compare(comparator: str, a: int, b: int) -> bool:
    if comparator == "<":
        return a < b
    if comparator == "<=":
        return a <= b
    if comparator == ">":
        return a > b
    if comparator == ">=":
        return a >= b
    if comparator == "=":
        return a == b
    if comparator == "!=":
        return a != b
    raise ExpressionError(f"unknown comparator {_shown(comparator)}")


# --- conditions -----------------------------------------------------------------------------------


def condition_holds(tree: tuple, fact: Callable[[str, tuple], bool], values: Values) -> bool:
    """Whether the condition ``tree`` holds (the empty condition always does): each fact asked of
    ``fact`` (its name and arguments), each quantity read from ``values``."""
    if not tree:
        return True
    head = tree[0]
    if head == "fact":
        return fact(tree[1], tree[2:])
    if head == "compare":
        return compare(tree[1], evaluate_number(tree[2], values), evaluate_number(tree[3], values))
    if head == "all":
        return all(condition_holds(part, fact, values) for part in tree[1:])
    if head == "any":
        return any(condition_holds(part, fact, values) for part in tree[1:])
    if head == "not":
        return not condition_holds(tree[1], fact, values)
    raise ExpressionError(f"not a condition: {_shown(tree)}")


def number_range(tree: tuple, ranges: Mapping[Any, tuple[int, int]]) -> tuple[int, int] | None:
    """The lowest and the highest value a number can take, or None when that is not simple to
    tell (a division by a number that may be 0, a power of a number that may be below 0)."""
    head = tree[0]
    if head == "num":
        return (tree[1], tree[1])
    if head == "var":  # a quantity with arguments by its key, else by its name
        return ranges.get(tree[1:], ranges.get(tree[1])) if len(tree) > 2 else ranges.get(tree[1])
    a, b = number_range(tree[1], ranges), number_range(tree[2], ranges)
    if a is None or b is None:
        return None
    if head in ("add", "sub", "mul", "min", "max") or (head in ("div", "pow") and a[0] >= 0 and b[0] > 0):
        corners = [evaluate_number((head, ("num", x), ("num", y)), {}) if x >= 0 and y >= 0
                   else _signed(head, x, y) for x in a for y in b]
        return (min(corners), max(corners))
    return None


def _signed(head: str, x: int, y: int) -> int:
    """An operation on numbers of either sign (``("num", n)`` holds only whole numbers of 0 and more)."""
    if head == "add":
        return x + y
    if head == "sub":
        return x - y
    if head == "mul":
        return x * y
    if head == "min":
        return min(x, y)
    return max(x, y)
