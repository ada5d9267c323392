"""The compiled rules object: one immutable, typed value per variant axis.

Nothing here refers to the ruleset syntax.  The compiler fills these classes from ruleset text; the
engine, the rule sheets and the JSON export read them.  Every field has a JSON form (see
``tractor_rules.codec``) and a JSON Schema derived from the type hints (``tractor_rules.schema``).

Cards are named by rank strings ``"2"`` .. ``"10"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``, suits
``"S"``, ``"H"``, ``"D"``, ``"C"``, and the jokers ``"BJ"`` (big) and ``"SJ"`` (small).
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field
from typing import Any, Literal

#: version 2 adds fields, each with a default that keeps version 1's meaning (docs/json.md)
SCHEMA_VERSION = 2
#: fields that name the rules or trace where they come from without changing how the game plays
#: (a diff, a conformance digest and an export's loss report leave them out)
NOT_PLAY_FIELDS = ("name", "description", "translations", "files", "sources", "house_changes")
#: values worked out from a statement that a sentence may state without the rest of it: path of
#: the value → the ``sources`` path of the statement it comes from.  ``house_changes`` holds such a
#: path when the house file changed the statement and, with it, this value (a house rule that adds
#: a constant card but keeps the constant ranks leaves the levels as they were)
DERIVED_VALUES: dict[str, str] = {"trumps.constant_ranks": "trumps.order"}

RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
JOKERS: tuple[str, ...] = ("BJ", "SJ")



def since(version: int, *, default: Any = MISSING, default_factory: Any = MISSING) -> Any:
    """A field added in schema ``version`` of the JSON form: documents of earlier versions lack it
    and read its default, which must keep their meaning (``tractor_rules.codec``)."""
    meta = {"since": version}
    if default_factory is not MISSING:
        return field(default_factory=default_factory, metadata=meta)
    return field(default=default, metadata=meta)


Side = Literal["banker", "attackers"]
Suit = Literal["S", "H", "D", "C"]


@dataclass(frozen=True, slots=True)
class Source:
    """Where a value was set: the file (as the user named it) and the 1-based line and column."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


# --- the table -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Table:
    players: int = 4
    #: "opposite": two teams, partners across (4 players); "alternate": seats alternate between two
    #: teams (4, 6, 8 players); "called": Finding Friends, the banker calls ``called_cards`` cards.
    partnership: Literal["opposite", "alternate", "called"] = "opposite"
    called_cards: int = 0
    direction: Literal["counterclockwise", "clockwise"] = "counterclockwise"
    decks: int = 2
    jokers: bool = True
    #: whole ranks taken out of every deck
    removed_ranks: tuple[str, ...] = ()
    #: cards taken out of the whole pack one by one, beyond the removed ranks: (card, copies), the
    #: card named as in the card notation ("SJ", "BJ", "2S", "10H"), the copies counted over all the
    #: decks together, in deck order; (("SJ", 3),) takes the three small jokers out of three decks
    removed_cards: tuple[tuple[str, int], ...] = since(2, default=())
    hand_size: int = 25
    kitty_size: int = 8
    #: point value of each scoring rank, e.g. (("5", 5), ("10", 10), ("K", 10))
    points: tuple[tuple[str, int], ...] = (("5", 5), ("10", 10), ("K", 10))
    #: Finding Friends: the cards the banker may not call, judged at the hand's level and trump:
    #: "trumps"; "highest", the highest card of its suit (a side suit's ace, or its king when aces
    #: are trumps; the big joker among trumps); "points", the cards that score
    call_limits: tuple[Literal["trumps", "highest", "points"], ...] = since(2, default=())
    #: Finding Friends: whether the copies of a called card that the banker plays count toward its
    #: ordinal (False: "the other ace", only the other players' copies are counted)
    count_banker_copies: bool = since(2, default=True)

    @property
    def ranks(self) -> tuple[str, ...]:
        return tuple(r for r in RANKS if r not in self.removed_ranks)

    @property
    def cards_per_deck(self) -> int:
        """The cards of one deck before ``removed_cards`` are taken out of the pack."""
        return 4 * len(self.ranks) + (2 if self.jokers else 0)

    @property
    def removed_count(self) -> int:
        """How many cards ``removed_cards`` take out of the whole pack."""
        return sum(copies for _, copies in self.removed_cards)

    @property
    def total_cards(self) -> int:
        return self.decks * self.cards_per_deck - self.removed_count

    def copies(self, card: str) -> int:
        """How many copies of ``card`` ("SJ", "2S", "10H") the whole pack holds."""
        rank = "joker" if card in JOKERS else card[:-1]
        if rank == "joker" and not self.jokers or rank in self.removed_ranks:
            return 0
        return self.decks - sum(copies for name, copies in self.removed_cards if name == card)

    @property
    def total_points(self) -> int:
        whole = self.decks * 4 * sum(p for r, p in self.points if r not in self.removed_ranks)
        value = dict(self.points)
        return whole - sum(value.get(card[:-1], 0) * copies for card, copies in self.removed_cards
                           if card not in JOKERS)


# --- levels ----------------------------------------------------------------------------------------


KnockTrigger = Literal["lost-to-single", "any-loss", "last-trick-single"]


@dataclass(frozen=True, slots=True)
class KnockBack:
    """The banker team of a hand played at ``level`` goes back to level ``to`` when ``when`` says
    (the "Jack rule"):

    "lost-to-single": it loses the hand, the last trick being won (by anyone) by a single card of
    the rank ``single``;
    "any-loss": it loses the hand, whatever the last trick;
    "last-trick-single": an attacker wins the last trick with a single card of the rank
    ``single``, whatever the hand's outcome; the hand's own level change applies afterwards (a
    banker team that held goes up from ``to``).

    ``single``: the rank of that single card; "" is ``level``'s own rank."""

    level: str
    to: str
    when: KnockTrigger = since(2, default="lost-to-single")
    single: str = since(2, default="")

    @property
    def single_rank(self) -> str:
        """The rank of the single card the rule looks for."""
        return self.single or self.level


@dataclass(frozen=True, slots=True)
class Levels:
    first: str = "2"
    last: str = "A"
    mandatory: tuple[str, ...] = ("A",)
    #: levels that must be defended (rbtying's "defend on points"): a team going up stops at each
    #: one it reaches, as bankers or as attackers (like a mandatory level), and goes past one only
    #: by holding the bank while playing it; attackers winning there stay there
    defended: tuple[str, ...] = since(2, default=())
    knock_back: tuple[KnockBack, ...] = ()
    #: "last": a team wins by winning a hand as bankers at the last level;
    #: "reach-last": a team wins as soon as its level reaches the last level, as bankers or as
    #: attackers, without playing it;
    #: "beyond-last": after the last level, one more level is played as no-trump;
    #: "hands": the match ends after ``end_hands`` hands, highest level wins.
    game_end: Literal["last", "reach-last", "beyond-last", "hands"] = "last"
    end_hands: int = 0
    #: the trumps of the extra level of "beyond-last": "no-trump", a no-trump hand at the last
    #: level's rank (trumps as ``trumps.no_trump`` says); "jokers-only", a hand with no level rank
    #: at all, only the jokers (and constant trumps) being trumps
    beyond_trumps: Literal["no-trump", "jokers-only"] = since(2, default="no-trump")
    #: the banker team goes up only if it also wins the last trick: holding the bank without it,
    #: the bankers keep the bank and gain no level ("banker", 0)
    hold_needs_last_trick: bool = since(2, default=False)
    #: levels a banker team smaller than usual gains on top of the table when it holds the bank
    #: (with called partners: fewer players than the banker and one friend per called card); 0: none
    short_team_bonus: int = since(2, default=0)


# --- trumps ----------------------------------------------------------------------------------------

TierKind = Literal[
    "big-joker",
    "small-joker",
    "level-in-trump-suit",
    "level-in-other-suits",
    "rank-in-trump-suit",
    "rank-in-other-suits",
    "card",
    "trump-suit",
]


@dataclass(frozen=True, slots=True)
class TrumpTier:
    """One band of the trump order.  ``rank`` is set for the rank kinds, ``card`` (e.g. "5H") for a
    single constant card."""

    kind: TierKind
    rank: str | None = None
    card: str | None = None


def _classic_order() -> tuple[TrumpTier, ...]:
    return (
        TrumpTier("big-joker"),
        TrumpTier("small-joker"),
        TrumpTier("level-in-trump-suit"),
        TrumpTier("level-in-other-suits"),
        TrumpTier("trump-suit"),
    )


@dataclass(frozen=True, slots=True)
class Trumps:
    #: highest first; "trump-suit" is the rest of the trump suit, by rank
    order: tuple[TrumpTier, ...] = field(default_factory=_classic_order)
    #: in a no-trump hand: jokers, level cards and constant trumps are trump, or jokers (and
    #: constant trumps) only
    no_trump: Literal["jokers-and-levels", "jokers-only"] = "jokers-and-levels"

    @property
    def constant_ranks(self) -> tuple[str, ...]:
        seen: list[str] = []
        for tier in self.order:
            if tier.rank is not None and tier.rank not in seen:
                seen.append(tier.rank)
        return tuple(seen)

    @property
    def constant_cards(self) -> tuple[str, ...]:
        return tuple(t.card for t in self.order if t.card is not None)


# --- combinations ----------------------------------------------------------------------------------

LinkKind = Literal[
    "big-joker",
    "small-joker",
    "level-in-trump-suit",
    "level-in-other-suits",
    "rank-in-trump-suit",
    "rank-in-other-suits",
    "card",
    "top-of-trump-suit",
    "level",
    "rank",
]


@dataclass(frozen=True, slots=True)
class LinkTier:
    """A band of trumps that may join a tractor with its neighbours in a link chain.  In a suit hand
    the kinds are those of ``TrumpTier`` plus "top-of-trump-suit" (the highest plain card of the
    trump suit); in a no-trump chain they are "big-joker", "small-joker", "level" and "rank"."""

    kind: LinkKind
    rank: str | None = None
    card: str | None = None


@dataclass(frozen=True, slots=True)
class Combinations:
    #: widths of the sets a player may lead: 1 single, 2 pair, 3 triple, 4 quad, ...
    set_widths: tuple[int, ...] = (1, 2)
    #: widths of the sets that join into tractors (2: tractors of pairs, 3: of triples, ...)
    tractor_widths: tuple[int, ...] = (2,)
    #: the least and greatest (0: no upper bound) number of sets in a tractor, for every width
    #: that ``tractor_lengths`` does not list
    tractor_min_length: int = 2
    tractor_max_length: int = 0
    #: widths whose tractors have lengths of their own: (width, least, greatest; 0: no upper bound),
    #: e.g. ((3, 2, 0),) where pairs need three in a row but two triples make a tractor
    tractor_lengths: tuple[tuple[int, int, int], ...] = since(2, default=())
    #: whether the hole left in a suit by the level rank (and constant ranks) is bridged
    bridge_gaps: bool = True
    #: chains of trump bands that adjoin in a suit hand, each highest first
    links: tuple[tuple[LinkTier, ...], ...] = (
        (
            LinkTier("big-joker"),
            LinkTier("small-joker"),
            LinkTier("level-in-trump-suit"),
            LinkTier("level-in-other-suits"),
            LinkTier("top-of-trump-suit"),
        ),
    )
    #: chains of trump bands that adjoin in a no-trump hand
    no_trump_links: tuple[tuple[LinkTier, ...], ...] = (
        (LinkTier("big-joker"), LinkTier("small-joker"), LinkTier("level")),
    )
    #: "largest": a play splits into the largest units (tractors before sets);
    #: "identical": identical cards always stay in one unit (AAAAKKK is AAAA + KKK)
    grouping: Literal["largest", "identical"] = "largest"
    #: 0: no bombs; n: n or more identical cards beat any other play
    bomb_width: int = 0
    #: a bomb may join adjacent sets of two or more identical cards (of any sizes) into one bomb:
    #: 3333 44 is a bomb of six cards (rbtying issue 262); bombs compare by their largest set
    bomb_joins_sets: bool = since(2, default=False)
    #: 0: no rainbows; n: a lead of n or more cards of one rank in four suits (jokers never; a
    #: trump-suit card counts as a trump, so all-trump level cards never) is a rainbow; several
    #: such ranks led together are a rainbow throw (rbtying CompoundFormats; engine/rainbows.py)
    rainbow_min: int = since(2, default=0)

    def lengths_of(self, width: int) -> tuple[int, int]:
        """The least and greatest (0: no upper bound) number of sets in a tractor of ``width``."""
        for listed, least, greatest in self.tractor_lengths:
            if listed == width:
                return least, greatest
        return self.tractor_min_length, self.tractor_max_length


# --- declaring -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DeclareStep:
    """``count`` identical cards of one kind.  Level cards name their suit; jokers name no-trump.
    "joker" means either joker (a set of big or of small jokers, of equal strength).

    A joker step with ``level_cards`` shows that many identical level cards beside its jokers
    ("1 small joker + 1 level card"): the level cards name their suit.  A ``tied`` step (written
    ``=`` after the step before it) is as strong as that step: neither overturns the other."""

    count: int
    kind: Literal["level", "small-joker", "big-joker", "joker"]
    #: identical level cards shown with the jokers (joker kinds only); 0: jokers alone
    level_cards: int = since(2, default=0)
    #: as strong as the step before it on the ladder
    tied: bool = since(2, default=False)


@dataclass(frozen=True, slots=True)
class Fallback:
    """How trump is chosen when nobody declares during the deal.

    "kitty-card": the suit of kitty card ``card`` (1-based); a joker there moves on to the next card
    up to ``skip_to`` (0: no skipping), and a joker beyond that means ``otherwise``.
    "level-card": the first level card in the kitty (``otherwise`` if none).
    "highest-card": the suit of the highest kitty card.
    "redeal", "no-trump", "partner-names": as named.
    """

    kind: Literal[
        "kitty-card", "level-card", "highest-card", "redeal", "no-trump", "partner-names"
    ] = "kitty-card"
    card: int = 3
    skip_to: int = 7
    otherwise: Literal["no-trump", "redeal"] = "no-trump"


@dataclass(frozen=True, slots=True)
class Declaring:
    #: weakest first; a later step overturns an earlier one
    ladder: tuple[DeclareStep, ...] = (
        DeclareStep(1, "level"),
        DeclareStep(2, "level"),
        DeclareStep(2, "small-joker"),
        DeclareStep(2, "big-joker"),
    )
    #: suits low to high breaking ties between two declarations of the same step (never between
    #: tied steps); empty: the earlier declaration stands
    suit_order: tuple[Suit, ...] = ()
    #: the standing declarer may show more of the same card
    reinforce: bool = True
    #: a player whose declaration was overturned may show more of the same card to make it as
    #: strong as the standing one, taking the declaration back (with ``reinforce``, rbtying's
    #: ReinforceWhileEquivalent)
    reinforce_to_retake: bool = since(2, default=False)
    overturn_own: bool = False
    #: overturning after the kitty exchange (炒地皮), the kitty passing to the new declarer
    overturn_after_kitty: bool = False
    fallback: Fallback = field(default_factory=Fallback)
    #: in the first hand (no banker yet)
    #: "dealer": the player who deals the first hand banks
    first_banker: Literal["first-declarer", "final-declarer", "dealer"] = "first-declarer"
    first_fallback: Literal["same", "redeal"] = "same"
    #: dealt hands that allow a redeal once trump is known, before the kitty exchange: "no-trumps"
    #: (not one trump), "no-points" (not one point card); empty: never
    redeal_hands: tuple[Literal["no-trumps", "no-points"], ...] = since(2, default=())
    #: who decides such a redeal: "holder" (the player holding the hand may ask for it) or
    #: "automatic" (the cards are always redealt)
    redeal_by: Literal["holder", "automatic"] = since(2, default="holder")


# --- leading and throws ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Penalty:
    """"none"; "per-attempt": ``points`` per offence; "per-card": ``points`` per card taken back;
    "hand-lost": the offender's team loses the hand.  Penalty points go to the other team: a banker
    team's penalty is added to the attackers' points, an attacker's is taken from them."""

    kind: Literal["none", "per-attempt", "per-card", "hand-lost"] = "none"
    points: int = 0


@dataclass(frozen=True, slots=True)
class Leading:
    throws: bool = True
    #: how a throw is judged: every part must be unbeatable, or only its highest card, or only its
    #: largest part
    throw_check: Literal["every-part", "highest-card", "largest-part"] = "every-part"
    #: whose cards can stop a throw: "others", every other player's; "opponents", only the leader's
    #: opponents' (a partner's cards are never checked)
    throw_stoppers: Literal["others", "opponents"] = since(2, default="others")
    #: whose cards decide what a failed throw is cut to: "all", the parts any of the stoppers beats;
    #: "first", only the parts beaten by the first stopper in turn order who can beat one
    throw_decider: Literal["all", "first"] = since(2, default="all")
    #: what the leader is held to when a throw fails: "smallest-part", the beaten part with the
    #: lowest cards; "shortest-part", the beaten part with the fewest cards (the lowest of those);
    #: "smallest-card", the throw's lowest card; "next-player-chooses", a beaten part the next
    #: player picks
    throw_failure: Literal["smallest-part", "shortest-part", "smallest-card", "next-player-chooses"] = \
        "smallest-part"
    throw_penalty: Penalty = field(default_factory=Penalty)


# --- following -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Count:
    """A count in a follow list: ``per_n * n + plus`` where n is the lead's parameter.  A greedy
    count ("pairs" without a number: as many as the hand allows) has ``greedy`` set."""

    per_n: int = 0
    plus: int = 0
    greedy: bool = False

    def value(self, n: int) -> int:
        return self.per_n * n + self.plus


@dataclass(frozen=True, slots=True)
class Term:
    """``count`` units, each ``length`` adjacent sets of ``width`` identical cards (length 1: a set)."""

    count: Count
    width: int
    length: Count = field(default_factory=lambda: Count(0, 1))


@dataclass(frozen=True, slots=True)
class Pattern:
    """One entry of a follow list: a sum of terms, or "any cards of the suit" (``terms`` empty), or
    (``step_down``, the last entry) the lead broken down step by step from there on, as the
    "step-down" rule of ``Following.default`` orders it."""

    terms: tuple[Term, ...] = ()
    step_down: bool = since(2, default=False)


_WIDTH_NAMES = {1: "single", 2: "pair", 3: "triple", 4: "quad"}
_PLURAL_WIDTH_NAMES = {1: "singles", 2: "pairs", 3: "triples", 4: "quads"}


def width_name(width: int, plural: bool = False) -> str:
    """A set of ``width`` identical cards in the language's words: "pair", "triples", "set of 5"."""
    names = _PLURAL_WIDTH_NAMES if plural else _WIDTH_NAMES
    if width in names:
        return names[width]
    return f"sets of {width}" if plural else f"set of {width}"


def _width_of(name: str, names: dict[int, str]) -> int:
    """The width a set word of ``width_name`` names: "pair" → 2, "sets of 5" → 5."""
    for width, word in names.items():
        if word == name:
            return width
    return int(name.rsplit(" ", 1)[-1])


@dataclass(frozen=True, slots=True)
class LeadShape:
    """The lead a list applies to: ``length`` sets of ``width`` (length 1: a set).  ``length`` 0
    stands for "n", a list for every tractor of that width."""

    width: int
    length: int

    @property
    def label(self) -> str:
        """The lead in the language's words ("pair", "tractor of n pairs"); ``Rules.sources`` keys a
        follow list's provenance by it: "following.lists[pair]"."""
        if self.length == 1:
            return width_name(self.width)
        length = "n" if self.length == 0 else str(self.length)
        return f"tractor of {length} {width_name(self.width, plural=True)}"

    @classmethod
    def from_label(cls, label: str) -> "LeadShape":
        """The lead that ``label`` names: the inverse of ``label``."""
        if label.startswith("tractor of "):
            length, _, plural = label.removeprefix("tractor of ").partition(" ")
            return cls(_width_of(plural, _PLURAL_WIDTH_NAMES), 0 if length == "n" else int(length))
        return cls(_width_of(label, _WIDTH_NAMES), 1)


@dataclass(frozen=True, slots=True)
class FollowList:
    lead: LeadShape
    entries: tuple[Pattern, ...]


def _classic_follow_lists() -> tuple[FollowList, ...]:
    one = Count(0, 1)
    every = Count(0, 0, greedy=True)
    return (
        # to a pair: a pair, else two singles
        FollowList(LeadShape(2, 1), (Pattern((Term(one, 2),)), Pattern((Term(Count(0, 2), 1),)))),
        # to a tractor of n pairs: such a tractor, else n pairs, else as many pairs as possible
        FollowList(
            LeadShape(2, 0),
            (
                Pattern((Term(one, 2, Count(1, 0)),)),
                Pattern((Term(Count(1, 0), 2),)),
                Pattern((Term(every, 2), Term(every, 1))),
            ),
        ),
    )


@dataclass(frozen=True, slots=True)
class Following:
    #: "lists": match the lead's shape by the priority lists; "tractors": only a tractor lead
    #: draws a tractor, nothing else but suit is enforced; "suit": only suit is enforced
    duty: Literal["lists", "tractors", "suit"] = "lists"
    #: a longer set need not be broken to supply a shorter one (a triple is not split for a pair)
    protect_longer_sets: bool = False
    lists: tuple[FollowList, ...] = field(default_factory=_classic_follow_lists)
    #: leads with no list of their own (and throws): "largest-first" matches the lead's units
    #: largest first, as far as the hand allows; "step-down" walks every shape the lead breaks
    #: down into, best first (the most cards in sets, then the longest tractors: to a tractor of
    #: three pairs a tractor of two pairs and a pair before three loose pairs), each unit of a
    #: throw in turn; "suit" enforces suit only
    default: Literal["largest-first", "step-down", "suit"] = "largest-first"
    #: a wrong follow discovered later
    revoke_penalty: Penalty = field(default_factory=Penalty)


# --- ruffing and winning ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ruffing:
    #: what an all-trump play to a side-suit lead must contain to count as a ruff:
    #: "counts": at least as many tractors and pairs (sets) as the lead; "types": every unit type
    #: of the lead; "shape": exactly the lead's units; "any": any trumps
    requirement: Literal["counts", "types", "shape", "any"] = "counts"
    #: how competing plays are compared: by the lead's largest part, by every part, by the
    #: highest card, or part by part, the largest parts first ("part-by-part": the first part that
    #: differs decides; a throw's singles count only when every part of the lead is a single)
    compare: Literal["largest-part", "every-part", "highest-card", "part-by-part"] = "largest-part"


# --- the kitty -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MultiplierRow:
    width: int
    length: int
    factor: int


@dataclass(frozen=True, slots=True)
class Multiplier:
    """How the kitty is multiplied when the attackers win the last trick.

    "table": by the type of the last lead's largest unit (``table``); with ``doubling`` each further
    set of a tractor beyond the longest listed doubles the factor.
    "formula": ``formula`` evaluated with ``size`` (cards in the largest unit of the last lead) and
    ``cards`` (all cards of the last lead), at most ``cap`` (0: no cap).
    "none": the kitty is never scored.
    """

    kind: Literal["table", "formula", "none"] = "table"
    table: tuple[MultiplierRow, ...] = (
        MultiplierRow(1, 1, 2),
        MultiplierRow(2, 1, 4),
        MultiplierRow(2, 2, 8),
        MultiplierRow(2, 3, 16),
    )
    doubling: bool = True
    #: a small expression tree: ["num", 2], ["var", "size"], ["add"|"mul"|"pow", a, b]
    formula: tuple = ()
    cap: int = 0


@dataclass(frozen=True, slots=True)
class KittyExchange:
    """What the table sees of the kitty.  Kept apart from ``Rules.kitty`` (the multiplier, whose
    JSON form is fixed) so that settings of the exchange itself have a home of their own.

    ``shown_before_burying``: the kitty as dealt is shown to every player before the banker takes
    it; ``shown_at_end``: the buried cards are shown to every player once the last trick is played.
    Otherwise only the player who buried it knows the kitty."""

    shown_before_burying: bool = since(2, default=False)
    shown_at_end: bool = since(2, default=False)


# --- scoring ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ThresholdRow:
    """Attackers' points from ``low`` to ``high`` (inclusive; ``high`` -1: no upper end) give
    ``side`` ``levels`` levels ("attackers", 0 is a swap without a level change).  An open row adds
    one level every ``every`` points above ``low``, up to ``at_most`` levels (0: no limit)."""

    low: int
    high: int
    side: Side
    levels: int
    every: int = 0
    at_most: int = 0


def _classic_thresholds() -> tuple[ThresholdRow, ...]:
    return (
        ThresholdRow(0, 0, "banker", 3),
        ThresholdRow(5, 35, "banker", 2),
        ThresholdRow(40, 75, "banker", 1),
        ThresholdRow(80, 115, "attackers", 0),
        ThresholdRow(120, 155, "attackers", 1),
        ThresholdRow(160, -1, "attackers", 2, every=40),
    )


@dataclass(frozen=True, slots=True)
class Rotation:
    #: who banks after the bankers hold: the banker's partner, the same banker, or the next player of
    #: the banker team in turn order
    after_hold: Literal["partner", "same", "next-of-team"] = "partner"
    #: after the attackers take over: the next seat after the banker, or the winning team's player
    #: next in turn
    after_loss: Literal["next-seat", "next-of-team"] = "next-seat"
    #: if set, the player who made trump banks, whatever happened ("the last trump maker")
    declarer_banks: bool = False


@dataclass(frozen=True, slots=True)
class GamePoints:
    """Table points for a hand's outcome: ``side`` gaining ``levels`` (``or_more``: and above)."""

    side: Side
    levels: int
    points: int
    or_more: bool = False


@dataclass(frozen=True, slots=True)
class StakeStep:
    """When every player has more than ``above`` table points, a hand counts ``factor`` times."""

    above: int
    factor: int


@dataclass(frozen=True, slots=True)
class Stakes:
    game_points: tuple[GamePoints, ...] = ()
    multipliers: tuple[StakeStep, ...] = ()
    #: coins: X = levels + ``banker_base`` when the bankers win, levels + ``attackers_base`` when
    #: the attackers win; the loser pays X × room, the winner receives that × ``winner_percent`` %
    coins: bool = False
    banker_base: int = 1
    attackers_base: int = 2
    winner_percent: int = 100
    #: leaving the table early: the leaver loses this many base points, every other player gains
    #: ``leave_others``
    leave_penalty: int = 0
    leave_others: int = 0

    def points_for(self, side: str, levels: int) -> int | None:
        """The game points of an outcome (``side`` gaining ``levels``; ("attackers", 0) is a swap):
        its own row, else the highest "or more" row of that side below it; None if no row applies."""
        best: GamePoints | None = None
        for row in self.game_points:
            if row.side != side:
                continue
            if row.levels == levels:
                return row.points
            if row.or_more and row.levels <= levels and (best is None or row.levels > best.levels):
                best = row
        return None if best is None else best.points


# --- the whole ruleset -----------------------------------------------------------------------------


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
    rotation: Rotation = field(default_factory=Rotation)
    stakes: Stakes = field(default_factory=Stakes)
    #: the files this ruleset was compiled from, the ruleset itself first, then its parents
    files: tuple[str, ...] = ()
    #: where each value was set: dotted field path ("table.decks") → source
    sources: tuple[tuple[str, Source], ...] = ()
    #: the paths of ``sources`` whose values this ruleset's own file changes from its parent's
    #: (a statement that restates the parent's value changes nothing); empty without ``extends``
    house_changes: tuple[str, ...] = ()

    def source_of(self, path: str) -> Source | None:
        """The file, line and column that set the field at ``path`` (e.g. "table.decks")."""
        for key, src in self.sources:
            if key == path:
                return src
        return None

    # --- the rules oracle: thin doors into the engine, which reads nothing but this object ---------

    def context(self, level: str | None, trump: str | None):
        """The card order and trick rules for one hand: ``level`` a rank, or None for a hand with no
        level rank at all (only jokers and constant trumps are trumps in its no-trump); ``trump`` a
        suit letter or None for no-trump."""
        from .engine.oracle import make_context

        return make_context(self, level, trump)

    def level_change(self, attacker_points: int, *, last_trick: str | None = None,
                     team_size: int | None = None) -> tuple[str, int]:
        """("banker", n) or ("attackers", n) for the attackers' points; ("attackers", 0) is a swap.
        ``last_trick``: the side that won the last trick ("banker" or "attackers"; None: not
        known, taken as the bankers); ``team_size``: the players of the banker's team at the end of
        the hand (None: the usual size)."""
        from .engine.oracle import level_change

        return level_change(self, attacker_points, last_trick=last_trick, team_size=team_size)

    def advance(self, level: str, steps: int, as_banker: bool = True) -> str | None:
        """The level after going up ``steps``, stopping at mandatory and defended levels; None past
        the end.  ``as_banker`` False: the steps were won as attackers, so a team at a defended
        level stays there."""
        from .engine.oracle import advance

        return advance(self, level, steps, as_banker)

    def declaration(self, cards, level: str | None):
        """None if ``cards`` are no declaration at ``level`` (None: no level rank, only jokers
        declare), else one with .strength and .trump."""
        from .engine.oracle import declaration

        return declaration(self, cards, level)

    def may_redeal(self, hand, level: str | None, trump: str | None) -> bool:
        """Whether a dealt ``hand`` allows a redeal (``declaring.redeal_hands``) at ``level`` with
        ``trump`` (a suit letter, or None for no-trump)."""
        from .engine.oracle import may_redeal

        return may_redeal(self, hand, level, trump)

    def fallback_trump(self, kitty, level: str | None):
        """The trump when nobody declares: a suit letter, or None for no-trump."""
        from .engine.oracle import fallback_trump

        return fallback_trump(self, kitty, level)

    def next_banker(self, banker: int, winner: str) -> int:
        """The next banker's seat (0..players-1, in play order); ``winner`` "banker" or "attackers"."""
        from .engine.oracle import next_banker

        return next_banker(self, banker, winner)

    def table_points(self, side: str, levels: int, table_points=()) -> int:
        """Table stakes (seed 000): the game points each winner gains and each loser loses for an
        outcome, times the stake multiplier that every player's ``table_points`` reach."""
        from .engine.stakes import hand_points

        return hand_points(self, side, levels, table_points)

    def coins(self, side: str, levels: int, room: int) -> tuple[int, int]:
        """Coins for an outcome in a room of coefficient ``room``: (the winner receives, the loser
        pays)."""
        from .engine.stakes import coins

        return coins(self, side, levels, room)

    def leaving(self, base: int) -> tuple[int, int]:
        """A player leaving early with ``base`` points at stake: (the leaver loses, each other
        player gains)."""
        from .engine.stakes import leaving

        return leaving(self, base)

    def to_dict(self) -> dict:
        """JSON-ready data with a ``schema_version``; ``Rules.from_dict`` gives back an equal object."""
        from .codec import rules_to_dict

        return rules_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "Rules":
        from .codec import rules_from_dict

        return rules_from_dict(data)
