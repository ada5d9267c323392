"""The whole rules object: ``Rules``, one field per section (each section's class in its own module
of this package), the ruleset's names in other languages (``Translation``), where each value was
set, and the rules oracle's methods, which hand the object to the engine."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from babel import Locale, UnknownLocaleError

from .auction import Auction
from .base import Source, since
from .combinations import Combinations
from .declaring import Declaring
from .expressions import Number
from .flow import PhaseKind, hand_phases
from .kinds import Kind, rule_kinds
from .kitty import KittyExchange, Multiplier
from .levels import Levels, Trigger
from .play import Following, Leading, Ruffing
from .scoring import Rotation, Stakes, ThresholdRow
from .table import Table
from .trumps import Trumps

#: fields that name the rules or trace where they come from without changing how the game plays
#: (a diff, a conformance digest and an export's loss report leave them out)
NOT_PLAY_FIELDS = ("name", "description", "translations", "files", "sources", "house_changes", "written")
#: values worked out from a statement that a sentence may state without the rest of it: path of
#: the value → the ``sources`` path of the statement it comes from.  ``house_changes`` holds such a
#: path when the house file changed the statement and, with it, this value (a house rule that adds
#: a constant card but keeps the constant ranks leaves the levels as they were)
DERIVED_VALUES: dict[str, str] = {"trumps.constant_ranks": "trumps.order"}


# the default upgrade table (``Rules.thresholds``), whose rows the scoring module defines
def _classic_thresholds() -> tuple[ThresholdRow, ...]:
    return (
        ThresholdRow(0, 0, "banker", 3),
        ThresholdRow(5, 35, "banker", 2),
        ThresholdRow(40, 75, "banker", 1),
        ThresholdRow(80, 115, "attackers", 0),
        ThresholdRow(120, 155, "attackers", 1),
        ThresholdRow(160, -1, "attackers", 2, every=40),
    )


def language_tag(written: str) -> tuple[str, str]:
    """The language tag ``written`` in its usual case ("zh-Hant", "pt-BR"), and "" when it names a
    language other than English; else ("", the reason), for a tag naming no language or English
    (the language of the untagged texts).  The compiler reads ``ruleset in TAG:`` with it, and
    ``Rules.from_dict`` a translation's tag."""
    parts = written.split("-")
    tag = "-".join([parts[0].lower()] + [p.title() if len(p) == 4 else p.upper() for p in parts[1:]])
    try:
        locale = Locale.parse(tag, sep="-")
    except (UnknownLocaleError, ValueError):
        return "", f"'{written}' is not a language code: write one such as zh, fr or zh-Hant"
    if locale.language == "en":
        return "", ("the name and description without 'in' are the English ones: write 'ruleset:' or "
                    "'description:' for English")
    return tag, ""


@dataclass(frozen=True, slots=True)
class Translation:
    """The ruleset's name and description in one language other than English (``ruleset in zh:``).
    An empty text is one the ruleset does not give in that language."""

    #: a language tag: "zh", "fr", "zh-Hant"
    language: str = since(2)
    name: str = since(2, default="")
    description: str = since(2, default="")


@dataclass(frozen=True, slots=True)
class Rules:
    #: the name and description in English, the language of ``ruleset:`` and ``description:``
    name: str = "Tractor"
    description: str = ""
    #: the name and description in other languages, sorted by language tag
    translations: tuple[Translation, ...] = since(2, default=())
    table: Table = field(default_factory=Table)
    levels: Levels = field(default_factory=Levels)
    trumps: Trumps = field(default_factory=Trumps)
    combinations: Combinations = field(default_factory=Combinations)
    declaring: Declaring = field(default_factory=Declaring)
    leading: Leading = field(default_factory=Leading)
    following: Following = field(default_factory=Following)
    ruffing: Ruffing = field(default_factory=Ruffing)
    kitty: Multiplier = field(default_factory=Multiplier)
    kitty_exchange: KittyExchange = since(2, default_factory=KittyExchange)
    thresholds: tuple[ThresholdRow, ...] = field(default_factory=_classic_thresholds)
    #: with called partners, the upgrade table of a banker nobody joined (rows as ``thresholds``);
    #: empty: a solo banker is scored by ``thresholds`` like everyone
    solo_thresholds: tuple[ThresholdRow, ...] = since(2, default=())
    #: the number the upgrade tables are read with, a rule expression of the hand's quantities
    #: (``points - bid + 80``: the attackers' points counted from the winning bid); () the
    #: attackers' points themselves
    counted: Number = since(4, default=Number(()))
    rotation: Rotation = field(default_factory=Rotation)
    stakes: Stakes = field(default_factory=Stakes)
    #: the bank decided by bidding (``direction`` "none": by declaring, as ``declaring`` says)
    auction: Auction = since(4, default_factory=Auction)
    #: the files this ruleset was compiled from, the ruleset itself first, then its parents
    files: tuple[str, ...] = ()
    #: where each value was set: dotted field path ("table.decks") → source
    sources: tuple[tuple[str, Source], ...] = ()
    #: the paths of ``sources`` whose values this ruleset's own file changes from its parent's
    #: (a statement that restates the parent's value changes nothing); empty without ``extends``
    house_changes: tuple[str, ...] = ()
    #: the numbers of the table a ruleset writes as rule expressions of the decks and the players
    #: ("deal: 100 / players each"): field path ("table.hand_size") → the number's tree.  The
    #: field holds the number worked out; this keeps how it was written, for the sheet's words.
    #: Not part of the JSON form, nor of the rules' equality.
    written: tuple[tuple[str, Number], ...] = field(default=(), compare=False, metadata={"exported": False})

    def source_of(self, path: str) -> Source | None:
        """The file, line and column that set the field at ``path`` (e.g. "table.decks")."""
        for key, src in self.sources:
            if key == path:
                return src
        return None

    def value_at(self, path: str) -> Any:
        """The value a ``sources`` path names: "table.decks", "thresholds[2]" (the whole table),
        "following.lists[pair]" (that lead's list, None if there is none), or "translations.name"
        (the name in every other language, as (language, text) pairs).  The compiler compares a
        house file's values with its parent's by it, and the sheet its marks."""
        head, _, index = path.partition("[")
        if head in ("translations.name", "translations.description"):
            text = head.partition(".")[2]
            return tuple((t.language, getattr(t, text)) for t in self.translations)
        if head == "following.lists" and index:
            label = index[:-1]
            return next((fl for fl in self.following.lists if fl.lead.label == label), None)
        value: Any = self
        for part in head.split("."):
            value = getattr(value, part)
        return value

    def phases(self) -> tuple[PhaseKind, ...]:
        """The phases a hand goes through, in order (``rules.flow``)."""
        return hand_phases(self)

    def kinds(self) -> tuple[Kind, ...]:
        """The kinds of combination a play may be made of (``rules.kinds``), derived from the
        combinations, following, leading and kitty fields."""
        return rule_kinds(self)

    def next_banker_rules(self) -> tuple[Trigger, ...]:
        """``next banker:`` as the house rules after a hand it is sugar for (``Rotation.triggers``),
        derived from ``rotation`` and the table as ``kinds()`` is from the fields: the engine names
        the next banker by evaluating these trees, by the code that evaluates ``levels.after_hand``
        (the trump maker's banking, ``rotation.declarer_banks``, the last of them: ``when a hand
        ends: the next banker is the declarer``)."""
        return self.rotation.triggers(self.table.seated)

    # --- the rules oracle: thin doors into the engine, which reads nothing but this object ---------
    # These methods are the rules oracle's documented facade (docs/api.md, "The rules oracle"), and
    # ``to_dict``/``from_dict`` the door to the JSON form.  Each imports the engine (or the codec)
    # inside the method, when it is called: the engine and the codec import this package, so an
    # import at the top of the module would be circular, and importing the rules object never loads
    # the engine, the layer above it.

    def context(self, level: str | None, trump: str | None):
        """The card order and trick rules for one hand: ``level`` a rank, or None for a hand with no
        level rank at all (only jokers and constant trumps are trumps in its no-trump); ``trump`` a
        suit letter or None for no-trump."""
        from ..engine.oracle import make_context

        return make_context(self, level, trump)

    def level_change(self, attacker_points: int, *, last_trick: str | None = None,
                     team_size: int | None = None, bid: int = 0,
                     levels: Mapping[str, int] | None = None) -> tuple[str, int]:
        """("banker", n) or ("attackers", n) for the attackers' points; ("attackers", 0) is a swap.
        ``last_trick``: the side that won the last trick ("banker" or "attackers"; None: not
        known, taken as the bankers); ``team_size``: the players of the banker's team at the end of
        the hand (None: the usual size); ``bid``: the auction's winning bid (a row's levels may
        read it); ``levels``: the players' levels as positions on the ladder (1 the first level), by
        the team or the role a row's levels may read (``"bankers"``, ``"attackers"``, ``"banker"``,
        ``"partner"``, ``"next-seat"``), where a row reads one."""
        from ..engine.oracle import level_change

        return level_change(self, attacker_points, last_trick=last_trick, team_size=team_size, bid=bid,
                            levels=levels)

    def table_score(self, attacker_points: int, *, bid: int = 0, raw_points: int | None = None,
                    kitty_points: int = 0, levels: Mapping[str, int] | None = None) -> int:
        """The number the upgrade table reads for a hand: ``attacker_points`` themselves, or what
        ``counted`` makes of them and the hand's other quantities (``bid``, the auction's winning
        bid; ``raw_points``, the attackers' score before it is held at 0; ``kitty_points``;
        ``levels``, the players' levels as ``level_change`` takes them)."""
        from ..engine.rulings.scoring import table_score

        return table_score(self, attacker_points, bid=bid, raw_points=raw_points, kitty_points=kitty_points,
                           levels=levels)

    def legal_bids(self, standing: int | None = None) -> tuple[int, ...]:
        """The bids of the auction a player may make over the ``standing`` bid (None: nothing bid
        yet), in the order they get better; () without an auction, or once its last bid stands."""
        from ..engine.flow.auction import bid_offers

        return tuple(bid_offers(self.auction, standing))

    def bank_given_up_to(self, banker: int, declarer: int | None) -> int | None:
        """Who banks if ``banker`` gives up the bank once the deal is over and ``declarer``'s
        declaration stands (None: nobody's): that declarer, where ``declaring.give_up_bank`` allows
        it and the declarer is not of the banker's team; None when the bank cannot be given up."""
        from ..engine.flow.seats import banker_team

        if not self.declaring.give_up_bank or self.auction.on or declarer is None:
            return None
        return None if declarer in banker_team(self, banker) else declarer

    def first_seat(self, phase: str, *, banker: int, burier: int | None = None, declarer: int | None = None,
                   dealer: int | None = None) -> int:
        """The seat asked first in ``phase`` ("overturn", "declare-in-turn", "auction" or "play":
        ``expressions.ORDERED_PHASES``), read from the seats of the hand as the rules name them
        (``declaring.overturn_first``, ``declaring.in_turn_first``, ``auction.first_bidder``,
        ``leading.first_lead``): ``banker``; ``burier`` who buried (the first to, in the round after
        the kitty; the last, at the first lead); ``declarer`` whose declaration stands (None: nobody
        declared, read as the banker); ``dealer`` (the banker when not given)."""
        from ..engine.flow.auction import BIDDER_SEATS
        from ..engine.flow.seats import first_leader, seat_of

        n = self.table.players
        if phase == "play":
            return first_leader(self, banker, banker if burier is None else burier, declarer)
        name = {"overturn": self.declaring.overturn_first, "declare-in-turn": self.declaring.in_turn_first,
                "auction": BIDDER_SEATS[self.auction.first_bidder]}.get(phase)
        if name is None:
            raise ValueError(f"{phase!r} is not a phase that goes round the table: one of "
                             "'overturn', 'declare-in-turn', 'auction', 'play'")
        return seat_of(name, n, banker=banker, burier=banker if burier is None else burier, declarer=declarer,
                       dealer=banker if dealer is None else dealer)

    def advance(self, level: str, steps: int, as_banker: bool = True) -> str | None:
        """The level after going up ``steps``, stopping at mandatory and defended levels; None past
        the end.  ``as_banker`` False: the steps were won as attackers, so a team at a defended
        level stays there."""
        from ..engine.oracle import advance

        return advance(self, level, steps, as_banker)

    def house_rules_set_off(self, hand) -> tuple[int, ...]:
        """The house rules after a hand (indexes into ``levels.after_hand``) that ``hand`` sets
        off: a hand as the game log writes it (a JSON line or the parsed object, see
        docs/simulate.md); an error naming what is wrong when it is no valid hand of these rules."""
        from ..engine.records.replay import house_rules_set_off

        return house_rules_set_off(hand, self)

    def role_seat(self, role, hand) -> int | None:
        """The seat ``role`` names in ``hand`` (None: nobody), as the house rules after a hand read
        it (``the next banker is ROLE``): ``role`` as the JSON form writes it ("declarer",
        ["holder", "3H"], ["first-of", "bankers", "declarer"], ["otherwise", A, B, ...], its
        fallbacks tried in turn); ``hand`` a hand as the game log writes it, checked as
        ``house_rules_set_off`` checks it."""
        from ..engine.records.replay import role_seat_of

        return role_seat_of(role, hand, self)

    def kitty_known(self, seat: int, hand) -> dict:
        """What ``seat`` knows of the kitty in ``hand`` (a hand as the game log writes it, checked as
        ``replay`` checks it), as the rules show it (``shown:``): {"dealt": the kitty as dealt,
        shown to it before burying, "buried": the cards buried it knows while the tricks are played
        (it buried them last, or was shown them after burying), "end": the cards buried it knows
        once the last trick is over}, each a tuple of cards or None."""
        from ..engine.records.replay import kitty_known_of

        return kitty_known_of(seat, hand, self)
    def level_effects(self, hand) -> tuple:
        """The effects on levels of the house rules after a hand that ``hand`` sets off, in the order
        written, each ``(name, seats)``: the effect's name ("up", "player-up", "back-to", ...) and
        the seats it moves, a team's or the one player a role names (``the declarer + 1 level``; ()
        when the role names nobody).  ``hand`` as for ``house_rules_set_off``."""
        from ..engine.records.replay import level_effects_of

        return level_effects_of(hand, self)

    def game_points(self, hand) -> int:
        """The game points each winner of ``hand`` gains at the table and each loser loses: its
        outcome's row of ``stakes.game_points``, as the house rules it set off change it (``the hand
        is worth N game points``, ``... N more game points``), times the multiplier that the table
        points logged before it reach ("table_points"; 1 when not logged).  ``hand`` as for
        ``house_rules_set_off``; an error for rules without game points."""
        from ..engine.records.replay import game_points_of

        return game_points_of(hand, self)

    def declaration(self, cards, level: str | None, *, after_kitty: bool = False):
        """None if ``cards`` are no declaration at ``level`` (None: no level rank, only jokers
        declare), else one with .strength and .trump.  ``after_kitty``: judged by the ladder of the
        round of overturning after the kitty (``ladder after kitty``; the deal's where the rules
        give none), whose .strength is its rung there."""
        from ..engine.oracle import declaration

        return declaration(self, cards, level, after_kitty)

    def may_overturn_in_deal(self, first_hand: bool, level: str | None) -> bool:
        """Whether a stronger declaration overturns the standing one during the deal of a hand at
        ``level`` (``first_hand``: the game's first), as ``overturn:`` says; where it does not, the
        first declaration stands and only its declarer may add to it (reinforce)."""
        from ..engine.rulings.declaring import may_overturn_in_deal

        return may_overturn_in_deal(self, first_hand, level)

    def may_declare_first(self, seat: int, level: str | None, *, first_hand: bool = False,
                          banker: int | None = None) -> bool:
        """Whether ``seat`` may make the first declaration of the deal of a hand at ``level``, none
        standing, as ``first declaration:`` says (``banker``: the banker known before the deal, None
        when nobody banks yet, in the game's first hand; ``first_hand``: the game's first)."""
        from ..engine.flow.seats import banker_team
        from ..engine.rulings.declaring import may_declare_first

        bankers = None if banker is None else banker_team(self, banker)
        return may_declare_first(self, seat, bankers=bankers, first_hand=first_hand, level=level)

    def reinforcements(self, declared, hand, level: str | None, *, seat: int, declarer: int, shares=(),
                       declarations=(), first_hand: bool = False, banker: int | None = None) -> list:
        """The ways ``seat`` holding ``hand`` may reinforce, during the deal at ``level``, the standing
        declaration ``declared`` (all its cards) that ``declarer`` made: the declarer's own, and
        where the condition on reinforcing names the declaring side (``side_reinforces``) a
        partner's, whose cards join the declarer's (亮主方加固).  Each is an ``Offer``: ``.cards``
        the cards ``seat`` shows, ``.whole`` the declaration's cards once reinforced,
        ``.declaration`` what they declare; [] when ``seat`` may not reinforce.  ``shares``: the
        cards of ``declared`` each partner showed, (seat, cards); ``declarations``: the deal's
        declarations so far, (seat, cards), the standing one last; ``first_hand`` and ``banker``
        (None: nobody banks yet) as the condition reads them."""
        from ..engine.deck.cards import parse_cards
        from ..engine.flow.deal import reinforcements

        return reinforcements(self, parse_cards(declared, self.table), parse_cards(hand, self.table), level,
                              seat=seat, declarer=declarer,
                              shares=[(who, parse_cards(cards, self.table)) for who, cards in shares],
                              declarations=[(who, parse_cards(cards, self.table)) for who, cards in declarations],
                              first_hand=first_hand, banker=banker)

    def overturns(self, declared, hand, level: str | None, *, seat: int, declarer: int | None, shares=(),
                  declarations=(), first_hand: bool = False, banker: int | None = None, after_kitty: bool = False,
                  burier: int | None = None, made: int = 0, trump: str | None = None) -> list:
        """The declarations with which ``seat`` holding ``hand`` may overturn, during the deal at
        ``level``, the standing declaration ``declared`` that ``declarer`` made: each stronger than
        it, where ``overturn:`` lets the hand overturn and its condition holds of ``seat`` (who they
        are beside the standing declarer and whoever declared before, the overturns so far).  Each
        is an ``Offer`` as ``reinforcements`` gives them, whose arguments these are; [] when
        ``seat`` may not overturn.

        ``after_kitty``: at ``seat``'s turn in the round after the kitty instead (``overturn after
        kitty``, its condition and its own ladder): ``declared`` and ``declarer`` empty and None
        when nobody declared, ``banker`` the hand's banker (needed), ``burier`` the first to bury
        (default: who ``buried by`` names), ``declarations`` the hand's declarations in order with
        the round's overturns, ``made`` the overturns after the kitty so far, ``trump`` the trump
        standing."""
        from ..engine.deck.cards import parse_cards
        from ..engine.flow.deal import overturns
        from ..engine.flow.kitty import round_offers

        shown = [(who, parse_cards(cards, self.table)) for who, cards in declarations]
        if after_kitty:
            if banker is None:
                raise ValueError("the round after the kitty needs the hand's banker (banker=)")
            return round_offers(self, parse_cards(declared or [], self.table), parse_cards(hand, self.table), level,
                                seat=seat, declarer=declarer, banker=banker, burier=burier, declarations=shown,
                                first_hand=first_hand, made=made, trump=trump)
        if declarer is None:
            raise ValueError("an overturn during the deal is made over a declaration (declarer=)")
        return overturns(self, parse_cards(declared, self.table), parse_cards(hand, self.table), level,
                         seat=seat, declarer=declarer,
                         shares=[(who, parse_cards(cards, self.table)) for who, cards in shares],
                         declarations=shown, first_hand=first_hand, banker=banker)

    def redeal_turn(self, hand, level: str | None, trump: str | None, *, attacker: bool, first_hand: bool,
                    redeals: int):
        """What ``declaring.redeal_when`` reads of a player's dealt ``hand`` (``engine.oracle.
        redeal_turn``): the points and trumps it holds, with the player's role, the first hand and
        the deals thrown in before."""
        from ..engine.oracle import redeal_turn

        return redeal_turn(self, hand, level, trump, attacker=attacker, first_hand=first_hand, redeals=redeals)

    def outcome_decided(self, points: int, points_left: int, cards_left: int, *, kitty_points: int = 0,
                        penalty: int = 0, forfeit: str | None = None, team_size: int | None = None,
                        bid: int = 0) -> bool:
        """Whether no play of the cards left can change a hand's outcome (the fact 'the outcome is
        decided' of ``end early``, ``engine.flow.early``): ``points`` the attackers' trick points
        so far, ``points_left`` the points still in the hands, ``cards_left`` the cards in each
        hand, ``kitty_points`` the buried kitty's points (counted at the largest multiplier the
        cards left can earn), ``penalty`` the penalty points so far (added to the attackers),
        ``forfeit`` the team that lost the hand by a failed throw so far, ``team_size`` the banker
        team's players (None: the usual size), ``bid`` the auction's winning bid."""
        from ..engine.flow.early import decided

        return decided(self, points, points_left, cards_left, kitty_points=kitty_points, penalty=penalty,
                       forfeit=forfeit, team_size=team_size, bid=bid)

    def may_concede(self, attacker: bool, points: int, points_left: int, cards_left: int, *, kitty_points: int = 0,
                    penalty: int = 0, forfeit: str | None = None, team_size: int | None = None, bid: int = 0,
                    level: str | None = None, trump: str | None = None) -> bool:
        """Whether a player may concede a hand after a trick (the condition of ``concede``,
        ``engine.flow.early``): ``attacker`` the player's side (False: the banker's team), the
        numbers as ``outcome_decided`` takes them, ``level`` and ``trump`` the hand's (for a
        condition that reads them).  False where the rules let nobody concede."""
        from ..engine.flow.early import may_concede

        return may_concede(self, attacker, points, points_left, cards_left, kitty_points=kitty_points,
                           penalty=penalty, forfeit=forfeit, team_size=team_size, bid=bid, level=level, trump=trump)

    def may_redeal(self, hand, level: str | None, trump: str | None) -> bool:
        """Whether a dealt ``hand`` allows a redeal (``declaring.redeal_hands``) at ``level`` with
        ``trump`` (a suit letter, or None for no-trump)."""
        from ..engine.oracle import may_redeal

        return may_redeal(self, hand, level, trump)

    def fallback_trump(self, kitty, level: str | None):
        """The trump when nobody declares: a suit letter, or None for no-trump."""
        from ..engine.oracle import fallback_trump

        return fallback_trump(self, kitty, level)

    def next_banker(self, banker: int, winner: str) -> int:
        """The next banker's seat (0..players-1, in play order); ``winner`` "banker" or "attackers"."""
        from ..engine.oracle import next_banker

        return next_banker(self, banker, winner)

    def table_points(self, side: str, levels: int, table_points=(), *, bid: int = 0, points: int = 0,
                     kitty_points: int = 0, values=None) -> int:
        """Table stakes (seed 000): the game points each winner gains and each loser loses for an
        outcome, times the stake multiplier that every player's ``table_points`` reach; a row whose
        points are a formula reads the hand's winning ``bid``, attackers' ``points`` and
        ``kitty_points``, and ``values`` the other quantities it reads, by key (``"overturns"``,
        ``("team-size", "bankers")``, ``("team-level", "attackers")``, ...)."""
        from ..engine.rulings.stakes import hand_points

        return hand_points(self, side, levels, table_points, bid=bid, points=points, kitty_points=kitty_points,
                           values=values)

    def coins(self, side: str, levels: int, room: int) -> tuple[int, int]:
        """Coins for an outcome in a room of coefficient ``room``: (the winner receives, the loser
        pays)."""
        from ..engine.rulings.stakes import coins

        return coins(self, side, levels, room)

    def leaving(self, base: int) -> tuple[int, int]:
        """A player leaving early with ``base`` points at stake: (the leaver loses, each other
        player gains)."""
        from ..engine.rulings.stakes import leaving

        return leaving(self, base)

    def to_dict(self) -> dict:
        """JSON-ready data with a ``schema_version``; ``Rules.from_dict`` gives back an equal object."""
        from ..codec import rules_to_dict

        return rules_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "Rules":
        from ..codec import rules_from_dict

        return rules_from_dict(data)
