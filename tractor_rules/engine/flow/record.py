"""What a hand leaves behind: the record of each trick and of the whole hand, and the hand's game
log form (one JSON object, see docs/simulate.md; ``replay.replay_hand`` checks it)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ...rules import Rules, expressions
from ..deck.cards import CARDS, Card
from ..deck.order import TRUMP, Order
from ..oracle import Context
from ..rulings.declaring import Turned, asks_each_declaration, previous_declarer
from ..rulings.scoring import reads_table_levels
from .choices import notation


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

    @property
    def winning_play(self) -> tuple[Card, ...]:
        """The play that won the trick (there is one play per seat, from the leader)."""
        return self.plays[(self.winner - self.leader) % len(self.plays)]

    @property
    def taken_back(self) -> int:
        """The cards of a failed throw the leader had to take back (0 when none failed)."""
        return 0 if self.attempt is None else len(self.attempt) - len(self.plays[0])


@dataclass(frozen=True, slots=True)
class Exchange:
    """One exchange with the declarer (粘牌): who took (``seat``), from whom (``declarer``), the
    joker with a tractor they showed, the declaration's cards they took and the cards they gave;
    made during the deal (``declaring.exchange_timing`` "during-deal"), the number of declarations
    shown by then (``at``: the declaration taken is the last of them), else None."""

    seat: int
    declarer: int
    shown: tuple[Card, ...]
    took: tuple[Card, ...]
    gave: tuple[Card, ...]
    at: int | None = None


@dataclass(frozen=True, slots=True)
class Showing:
    """The kitty shown to some of the table, or to everyone after burying (``kitty_exchange.
    shown_to``): the moment ("before-burying", "after-burying", "at-end"), whom the rules name
    (``rules.expressions.AUDIENCES``), the seats that reached, and the cards shown (the kitty as
    dealt before burying, the cards buried after)."""

    moment: str
    to: str
    seats: tuple[int, ...]
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class FaceDown:
    """The declarations made face down (暗亮), turned once the kitty is buried: the standing
    declarer and their declaration (None and () when nobody declared), the player who buried and
    whether they knew trump as they buried (they made the standing declaration, or it is of jokers
    alone, or nobody declared)."""

    declarer: int | None
    cards: tuple[Card, ...]
    burier: int
    burier_knew: bool


@dataclass(frozen=True, slots=True)
class OverturnRound:
    """The round of overturning after the kitty, as a rule on who may overturn then
    (``declaring.overturn_when``) reads it: whether the hand was the game's first, the declaration
    standing and the trump as the round began, and each overturn made, in order."""

    first_hand: bool
    #: (seat, cards) of the declaration standing as the round began; None when nobody had declared
    standing: tuple[int, tuple[Card, ...]] | None
    trump: str | None
    #: (seat, cards) of each overturn
    made: tuple[tuple[int, tuple[Card, ...]], ...]
    #: the seat asked first (``declaring.overturn_first``)
    first: int | None = None
    #: the previous declarer as the round began (the seat the standing declarer overturned last;
    #: None: nobody was overturned)
    previous: int | None = None


@dataclass(frozen=True, slots=True)
class DealDeclaring:
    """The declaring during the deal that stood, as a rule asked at each declaration over a standing
    one reads it (``declaring.overturn_in_deal_when`` reading the player, ``declaring.
    reinforce_when``): whether the hand was the game's first (or declared as one), the banker as
    known before the deal (None: nobody banked yet), the level declared at, and each declaration,
    (seat, cards), in order."""

    first_hand: bool
    banker: int | None
    level: str | None
    declarations: tuple[tuple[int, tuple[Card, ...]], ...]
    #: the declarations (by index) that a player of the declarer's side other than the declarer
    #: reinforced (亮主方加固: a partner adding cards like the shown ones), (index, that seat)
    reinforced_by: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class InTurnRound:
    """The declaring in turn after the deal (``declaring.in_turn``) of the deal that stood: whether
    the hand was the game's first, the seat asked first, and each turn, (seat, the cards declared
    or None for a pass), the last one declaring unless every player passed."""

    first_hand: bool
    first: int
    turns: tuple[tuple[int, tuple[Card, ...] | None], ...]


@dataclass(frozen=True, slots=True)
class EarlyEnd:
    """A hand ended early (``levels.end_early``): the tricks played, what the condition read after
    the last of them (the attackers' points so far, the points and cards left, and whether the
    outcome was decided, None where the condition does not ask), and the cards left in each seat's
    hand, shown to the table; ``conceded``, the seat that ended it (``levels.concede``), None where
    the rule for ending early did."""

    after: int
    points: int
    points_left: int
    cards_left: int
    decided: bool | None
    unplayed: tuple[tuple[Card, ...], ...]
    conceded: int | None = None


@dataclass(slots=True)
class HandRecord:
    """Everything that happened in one hand, and its outcome."""

    rules: Rules
    #: the level rank; None in a hand with no level rank (the extra level beyond the last, jokers only)
    level: str | None
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
    #: how trump was set: "declared", "fallback", "named", "no-trump" (forced), or "scored" (nobody
    #: declared, and the hand was scored without being played: no trick, trump None)
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
    #: the deals thrown in for a weak hand (``declaring.redeal_hands``), in order: (seat, the
    #: seat's dealt cards, the trump they were judged with)
    weak_hands: list[tuple[int, tuple[Card, ...], str | None]] = field(default_factory=list)
    #: where a condition says who may ask for a redeal (``declaring.redeal_when``), what it read of
    #: each deal thrown in (in the order of ``weak_hands``): the banker as known then, the hand's
    #: level, whether it was the game's first, the points and the trumps the asker held
    weak_asked: list[Any] = field(default_factory=list)
    #: a redeal for a weak hand cleared the bank (``declaring.redeal_clears_bank``): the deal played
    #: had no banker before its declaring, each player declaring at their own level
    bank_cleared: bool = False
    #: the kitty as dealt, shown to the table before burying; the buried cards shown at the end
    #: (``kitty_exchange``); None when not shown
    kitty_shown: tuple[Card, ...] | None = None
    buried_shown: tuple[Card, ...] | None = None
    #: the kitty shown to some of the table, or to everyone after burying, in the order of the hand
    #: (``kitty_exchange.shown_to``)
    showings: tuple[Showing, ...] = ()
    #: the house rules after the hand (``levels.after_hand``) that the hand set off, by index
    after_hand: tuple[int, ...] = ()
    #: the seat that buried the kitty last (the banker, or the last to overturn after the kitty)
    buried_by: int | None = None
    #: the round of overturning after the kitty (None when the hand had none)
    overturn_round: OverturnRound | None = None
    #: the auction (``rules.auction``): every turn in order, (seat, bid or None for a pass), over
    #: every deal of the hand; and the winning bid (0 without an auction)
    bids: tuple[tuple[int, int | None], ...] = ()
    bid: int = 0
    #: the seat that gave up the bank once the deal was over (``declaring.give_up_bank``), the
    #: standing declarer banking instead; None: nobody did
    gave_up: int | None = None
    #: the declaring in turn after the deal (None when the hand was declared during the deal)
    in_turn_round: InTurnRound | None = None
    #: the game's first hand with a cut for who deals (``declaring.first_dealer`` "cut"): every
    #: card cut, (seat, card), in order, identical highest cards cutting again
    cuts: tuple[tuple[int, Card], ...] = ()
    #: the exchange with the declarer (``declaring.exchange_with_declarer``), where one was made
    exchange: Exchange | None = None
    #: the kitty's cards turned to find the banker when nobody declared (翻底牌定庄), or None
    turned: Turned | None = None
    #: the contest for the first trump (``declaring.first_banker`` "contest"), in the game's first
    #: hand: its winner, who banks, and the suit they named (None: they held no level card)
    contest: tuple[int, str | None] | None = None
    #: the declarations made face down and turned once the kitty was buried (``declaring.face_down``)
    face_down: FaceDown | None = None
    #: the hand ended early (``levels.end_early``, or a player's concession, ``levels.concede``), or
    #: None when its cards were played out
    ended_early: EarlyEnd | None = None
    #: the declaring during the deal, where a rule is asked at each declaration (None: the hand
    #: had no such declaring: declared in turn, or by a contest, or beyond the last level)
    deal_declaring: DealDeclaring | None = None
    #: each seat's cards as the deal ended, before any exchange and before the kitty was taken,
    #: where a house rule reads who held a card (``reads_dealt``); () otherwise
    dealt: tuple[tuple[Card, ...], ...] = ()
    #: the game's first hand, where the auction's first bidder differs in it
    #: (``auction.first_hand_bidder``); False otherwise
    first_hand: bool = False
    #: each seat's level as the hand was played, as a position on the ladder (1 the first level),
    #: where a rule reads a team's or a player's level (``reads_levels``); () otherwise
    positions: tuple[int, ...] = ()
    #: the seat each effect on one player's level of the house rules the hand set off named, in the
    #: order written (None: its role named nobody), where the rules have such effects
    #: (``moves_players``); () otherwise
    player_levels: tuple[int | None, ...] = ()

    @property
    def throws_tried(self) -> int:
        return sum(1 for t in self.tricks if t.thrown)

    @property
    def throws_failed(self) -> int:
        return sum(1 for t in self.tricks if t.attempt is not None)

    def to_log(self) -> dict[str, Any]:
        """The hand as one JSON object (see docs/simulate.md).  The optional keys ("bids" and "bid",
        "gave_up", "exchange", "turned" (the kitty's cards turned to find the banker when nobody declared),
        "face_down",
        "called", "declared" (the final declarer's cards, where each player declares at their own level),
        "declarer", "weak_hands", "kitty_shown", "buried_shown", "kitty_shown_to", "table_points", "trump_by",
        "after_hand", "first_hand" (the game's first hand, where the auction's first bidder differs in it)) are
        written only when the rules use them ("trump_by" also where a hand may be scored without play); "shown_in_declaring" when a rule on called or buried
        cards asks what was shown in declaring, "buried_by" when a rule on buried cards meets
        overturns after the kitty, "overturn_round" when a rule says who may overturn after the
        kitty, "in_turn" when the rules declare in turn after the deal (null in a hand declared
        during the deal), "cuts" when the first hand's dealer is found by cutting (empty in later
        hands), "contest" when a contest finds the first hand's banker and trump (null in later
        hands), "deal_declaring" when a rule on declaring during the deal is asked at each
        declaration (null in a hand not declared during the deal)."""
        ctx = self.rules.context(self.level, self.trump)
        sort = _sorter(ctx)
        out: dict[str, Any] = {
            "ruleset": self.rules.name,
            "level": self.level,
            "trump": self.trump,
            "banker": self.banker,
            "hands": [notation(sort(h)) for h in self.hands],
            "kitty": notation(sort(self.kitty)),
        }
        if self.rules.auction.on:
            out["bids"] = [[seat, bid] for seat, bid in self.bids]
            out["bid"] = self.bid
            if self.rules.auction.first_hand_bidder:
                out["first_hand"] = self.first_hand
        if self.called:
            out["called"] = [[str(card), ordinal] for card, ordinal in self.called]
        if self.rules.rotation.declarer_banks or self.rules.declaring.give_up_bank or leads_by_declarer(self.rules):
            out["declarer"] = self.declarer
        if self.rules.declaring.give_up_bank:
            out["gave_up"] = self.gave_up
        if reads_declaring(self.rules):
            out["declarer"] = self.declarer
            out["previous_declarer"] = (None if self.declarer is None
                                        else previous_declarer(self.declarations, self.declarer))
        if declares_at_own_level(self.rules):
            out["declarer"] = self.declarer
            shown = next((cards for seat, cards in reversed(self.declarations) if seat == self.declarer), None)
            out["declared"] = None if shown is None else notation(sort(shown))
        if turns_kitty(self.rules):
            turned = self.turned
            out["turned"] = None if turned is None else {
                "dealer": turned.dealer, "levels": list(turned.levels), "cards": notation(turned.cards),
                "banker": turned.banker,
            }
        if self.rules.declaring.exchange_with_declarer and not self.rules.auction.on:
            made = self.exchange
            out["exchange"] = None if made is None else {
                "seat": made.seat, "declarer": made.declarer, "shown": notation(sort(made.shown)),
                "took": notation(sort(made.took)), "gave": notation(sort(made.gave)),
            }
            if made is not None and made.at is not None:  # made during the deal: when
                out["exchange"]["after_declarations"] = made.at
        if self.rules.declaring.face_down and not self.rules.auction.on:
            down = self.face_down
            out["face_down"] = None if down is None else {
                "declarer": down.declarer, "turned": notation(sort(down.cards)) if down.cards else None,
                "burier": down.burier, "burier_knew_trump": down.burier_knew,
            }
        if self.rules.declaring.redeal_when:
            out["weak_hands"] = [
                {"seat": seat, "hand": notation(sorted(hand)), "trump": trump, "banker": asked.banker,
                 "level": asked.level, "first_hand": asked.first_hand, "points": asked.points,
                 "trumps": asked.trumps}
                for (seat, hand, trump), asked in zip(self.weak_hands, self.weak_asked)
            ]
        elif self.rules.declaring.redeal_hands:
            out["weak_hands"] = [
                {"seat": seat, "hand": notation(sorted(hand)), "trump": trump} for seat, hand, trump in self.weak_hands
            ]
        if self.rules.declaring.redeal_clears_bank:
            out["bank_cleared"] = self.bank_cleared
            if self.bank_cleared:
                out["declarer"] = self.declarer
        if self.kitty_shown is not None:
            out["kitty_shown"] = notation(sort(self.kitty_shown))
        if self.buried_shown is not None:
            out["buried_shown"] = notation(sort(self.buried_shown))
        if self.rules.kitty_exchange.shown_to:
            out["kitty_shown_to"] = [{"moment": s.moment, "to": s.to, "seats": list(s.seats),
                                      "cards": notation(sort(s.cards))} for s in self.showings]
        if reads_shown(self.rules):
            out["shown_in_declaring"] = notation(sort(list({c for _, cards in self.declarations for c in cards})))
        if names_burier(self.rules):
            out["buried_by"] = self.buried_by
        if logs_overturn_round(self.rules) and self.overturn_round is not None:
            round_ = self.overturn_round
            out["overturn_round"] = {
                "first_hand": round_.first_hand,
                "standing": None if round_.standing is None else [round_.standing[0], notation(round_.standing[1])],
                "trump": round_.trump,
                "overturns": [[seat, notation(cards)] for seat, cards in round_.made],
            }
            if logs_first_overturner(self.rules):
                out["overturn_round"]["first"] = round_.first
            if reads_previous_after_kitty(self.rules):
                out["overturn_round"]["previous"] = round_.previous
        if asks_each_declaration(self.rules):
            during = self.deal_declaring
            by = dict(during.reinforced_by) if during is not None else {}
            out["deal_declaring"] = None if during is None else {
                "first_hand": during.first_hand, "banker": during.banker, "level": during.level,
                # a declaration a partner reinforced: [declarer, all its cards, the partner's seat]
                "declarations": [[seat, notation(cards)] if i not in by else [seat, notation(cards), by[i]]
                                 for i, (seat, cards) in enumerate(during.declarations)],
            }
        if reads_dealt(self.rules):
            out["dealt"] = [notation(sort(cards)) for cards in self.dealt]
        if reads_levels(self.rules):
            out["positions"] = list(self.positions)
        if reads_overturns(self.rules):
            out["declarations"] = [[seat, notation(cards)] for seat, cards in self.declarations]
        if self.rules.declaring.first_dealer == "cut":
            out["cuts"] = [[seat, str(card)] for seat, card in self.cuts]
        if self.rules.declaring.first_banker == "contest":
            won = self.contest
            out["contest"] = None if won is None else {"winner": won[0], "named": won[1]}
        if self.rules.declaring.in_turn:
            it = self.in_turn_round
            out["in_turn"] = None if it is None else {
                "first_hand": it.first_hand,
                "first": it.first,
                "turns": [[seat, None if cards is None else notation(cards)] for seat, cards in it.turns],
            }
        tricks = []
        for t in self.tricks:
            row: dict[str, Any] = {"leader": t.leader, "plays": [notation(p) for p in t.plays]}
            if t.attempt is not None:
                row["attempt"] = notation(t.attempt)
            row["winner"] = t.winner
            row["points"] = t.points
            tricks.append(row)
        out["tricks"] = tricks
        levels = self.rules.levels
        if levels.end_early or levels.concede:
            early = self.ended_early
            out["ended_early"] = None if early is None else {
                "after_trick": early.after, "points": early.points, "points_left": early.points_left,
                "cards_left": early.cards_left, "decided": early.decided,
                "unplayed": [notation(sort(cards)) for cards in early.unplayed],
            }
            if early is not None and levels.concede:  # the seat that conceded (None: the rule ended it)
                out["ended_early"]["conceded"] = early.conceded
        out["attacker_points"] = self.attacker_points
        out["kitty_points"] = self.kitty_points
        out["kitty_multiplier"] = self.kitty_multiplier
        out["level_change"] = [self.level_change[0], self.level_change[1]]
        out["next_banker"] = self.next_banker
        if self.table_points:
            out["table_points"] = list(self.table_points)
            out["table_points_change"] = list(self.table_points_change)
        if self.rules.levels.after_hand or scores_unplayed(self.rules):
            out["trump_by"] = self.trump_by
        if self.rules.levels.after_hand:
            out["after_hand"] = list(self.after_hand)
            if moves_players(self.rules):
                out["player_levels"] = list(self.player_levels)
        return out


def declares_at_own_level(rules: Rules) -> bool:
    """Whether each player declares with the cards of their own level, the final declarer banking
    at it (the log then says who declared last, and with which cards)."""
    return rules.declaring.level_cards != "hand" and not rules.auction.on


def turns_kitty(rules: Rules) -> bool:
    """Whether the kitty's cards are turned to find the banker when nobody declares (翻底牌定庄:
    the log then says, for such a hand, the cards turned and who banks)."""
    return rules.declaring.fallback.kind == "player-level-card" and declares_at_own_level(rules)


def scores_unplayed(rules: Rules) -> bool:
    """Whether a hand nobody declared in is scored without being played (the log then says how
    each hand's trump was set: "scored" for such a hand)."""
    return rules.declaring.fallback.kind == "scored" and not rules.auction.on


def reads_shown(rules: Rules) -> bool:
    """Whether a rule on called or buried cards asks which cards were shown in declaring (the log
    then says which)."""
    return "card-shown" in (expressions.card_facts_of(rules.table.call_condition)
                            | expressions.card_facts_of(rules.kitty_exchange.buried_when))


def names_burier(rules: Rules) -> bool:
    """Whether the log names who buried the kitty: where a rule on buried cards meets overturns
    after the kitty, whose overturners bury in turn, where the rules name a player other than
    the banker to bury (``kitty_exchange.buried_by``), where the first trick is led from the
    burier (``leading.first_lead``), and where the kitty is shown to some of the table (what each
    seat knows of it depends on who buried, ``Rules.kitty_known``)."""
    return (bool(rules.kitty_exchange.buried_when) and rules.declaring.overturn_after_kitty
            or rules.kitty_exchange.buried_by != "banker" or rules.leading.first_lead in ("burier", "after-burier")
            or reads_burial(rules) or bool(rules.kitty_exchange.shown_to))


#: who is asked first in the round of overturning after the kitty unless the rules say otherwise
DEFAULT_OVERTURN_FIRST = "after-burier"


def logs_overturn_round(rules: Rules) -> bool:
    """Whether the log states the round of overturning after the kitty (``overturn_round``): where
    a rule says who may overturn then, who is asked first, that the round goes once round (with
    the seat asked first, "first"), or what it may overturn with (its own ladder)."""
    return (bool(rules.declaring.overturn_when) or rules.declaring.overturn_first != DEFAULT_OVERTURN_FIRST
            or rules.declaring.overturn_rounds == "once" or bool(rules.declaring.ladder_after_kitty)
            or reads_overturn_round(rules))


def reads_overturn_round(rules: Rules) -> bool:
    """Whether a house rule after a hand asks whether the bank was overturned after the kitty
    (``the bank was overturned after the kitty``), in rules that have that round: the log then
    states the round (``overturn_round``), from which the replay reads it."""
    return bool(rules.declaring.overturn_after_kitty) and _reads(rules, frozenset({"overturned-after-kitty"}))


def logs_first_overturner(rules: Rules) -> bool:
    """Whether the log's ``overturn_round`` names the seat asked first ("first"): where the rules
    name it, or where the round goes once round (its turns counted from that seat)."""
    return rules.declaring.overturn_first != DEFAULT_OVERTURN_FIRST or rules.declaring.overturn_rounds == "once"


def reads_previous_after_kitty(rules: Rules) -> bool:
    """Whether the rule on who may overturn after the kitty reads the previous declarer (``the
    previous declarer``, their partner, ``nobody was overturned``): the log's ``overturn_round``
    then names the previous declarer as the round began ("previous")."""
    return bool(expressions.facts_of(rules.declaring.overturn_when) & expressions.PREVIOUS_FACTS)


def leads_by_declarer(rules: Rules) -> bool:
    """Whether the first trick is led from the declarer (``leading.first_lead``): the log then
    names the declarer."""
    return rules.leading.first_lead in ("declarer", "after-declarer")


def reads_dealt(rules: Rules) -> bool:
    """Whether a house rule after a hand reads the cards each seat was dealt (``TEAM held CARD``,
    ``the holder of CARD``), or the auction's first bidder is the holder of a card: the hand then
    keeps them, and the log writes them ("dealt")."""
    a = rules.auction
    if a.on and "holder" in (a.first_bidder, a.first_hand_bidder):
        return True
    return _reads(rules, expressions.DEALT_READERS)


def moves_players(rules: Rules) -> bool:
    """Whether a house rule after a hand moves one player's level (``the declarer + 1 level``): the
    log then names the player each such effect of the hand moved ("player_levels")."""
    return any(effect[0] in expressions.PLAYER_EFFECTS for trigger in rules.levels.after_hand
               for effect in trigger.effects)


def reads_levels(rules: Rules) -> bool:
    """Whether a house rule after a hand, the game points, or the upgrade table (``counted``, a
    row's levels) read a team's or a player's level (``the level of TEAM``, ``the level of
    ROLE``): the match then tells the hand each seat's level, and the log writes them
    ("positions")."""
    return _reads_quantities(rules, expressions.LEVEL_QUANTITIES) or reads_table_levels(rules)


def reads_overturns(rules: Rules) -> bool:
    """Whether a house rule after a hand, or the game points, read the hand's ``overturns``: the log
    then writes the hand's declarations ("declarations"), from which they are counted."""
    return _reads_quantities(rules, frozenset({"overturns"}))


def _reads_quantities(rules: Rules, names: frozenset[str]) -> bool:
    return _reads(rules, names)


def reads_burial(rules: Rules) -> bool:
    """Whether a house rule after a hand asks who buried a card (``TEAM buried CARD``): the log then
    names who buried the kitty last ("buried_by")."""
    return _reads(rules, frozenset({"buried"}))


def reads_declaring(rules: Rules) -> bool:
    """Whether a house rule after a hand names the declarer or the previous declarer (``the next
    banker is the declarer``), or asks who declared (``TEAM declared``, ``the banker declared``):
    the log then names both ("declarer", "previous_declarer")."""
    return _reads(rules, expressions.DECLARING_ROLES | expressions.DECLARING_FACTS)


def _reads(rules: Rules, words: frozenset[str]) -> bool:
    # asked once a hand: no house rules (most rulesets) is answered at once, without hashing the rules
    # (the house rules after a hand, or the game points: a fact, a role named by a card, in an effect
    # or in a quantity of a player, a quantity, or a role an effect names)
    if not rules.levels.after_hand and not rules.stakes.game_points:
        return False
    if any(expressions.roles_of(trigger.effects) & words for trigger in rules.levels.after_hand):
        return True
    trees = [tree for trigger in rules.levels.after_hand for tree in (trigger.condition, *trigger.effects)]
    trees += [row.formula for row in rules.stakes.game_points if row.formula]
    return any((expressions.facts_of(tree) | expressions.card_roles_in(tree) | expressions.quantities_of(tree))
               & words for tree in trees)


def _sorter(ctx: Context) -> Callable[[Sequence[Card]], list[Card]]:
    """Hands are logged sorted as a player holds them: trumps first, then suit by suit, strongest
    first."""
    key = _place_in_hand(ctx.order).__getitem__

    def sort(cards: Sequence[Card]) -> list[Card]:
        return sorted(cards, key=key)

    return sort


@lru_cache(maxsize=128)
def _place_in_hand(order: Order) -> tuple[int, ...]:
    """Each card's place in a hand held in ``order``: one sort of the 54 codes, rather than a key
    built for every card of every hand logged."""
    suit_of, strength = order.suit_of, order.strength
    held = sorted(CARDS, key=lambda c: (suit_of[c] != TRUMP, suit_of[c], -strength[c], c))
    place = [0] * len(CARDS)
    for at, card in enumerate(held):
        place[card] = at
    return tuple(place)
