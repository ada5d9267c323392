"""The sections of the rules object about the play of a trick: ``leading`` (throws and their
penalty), ``following`` (the duty to follow, follow lists, revokes) and ``ruffing`` (what counts as
a ruff, how plays compare)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .base import MAX_DECKS, MAX_POINTS, MAX_TRACTOR, bounded, bounds, since
from .expressions import Condition, all_of


# --- leading and throws ----------------------------------------------------------------------------

#: the seats the first trick may be led by (``expressions.SEATS``)
LeadSeat = Literal["banker", "after-banker", "burier", "after-burier", "declarer", "after-declarer"]


@dataclass(frozen=True, slots=True)
class Penalty:
    """"none"; "per-attempt": ``points`` per offence; "per-card": ``points`` per card taken back;
    "hand-lost": the offender's team loses the hand.  Penalty points go to the other team: a banker
    team's penalty is added to the attackers' points, an attacker's is taken from them."""

    kind: Literal["none", "per-attempt", "per-card", "hand-lost"] = "none"
    points: int = bounded(1, MAX_POINTS, off=0, default=0)


#: the kinds of combination a throw's parts are named by (``throws: allowed, without tractors``),
#: each by its family's word: sets by their width ("singles" .. "quads"), "tractors" (of any width),
#: "straights" (a rain among them), "bombs" (identical cards of ``bomb_width`` or more, or joined
#: with adjacent sets), "rainbows" (one rank across the four suits)
ThrowKind = Literal["singles", "pairs", "triples", "quads", "tractors", "straights", "bombs", "rainbows"]
THROW_KINDS: tuple[ThrowKind, ...] = ("singles", "pairs", "triples", "quads", "tractors", "straights", "bombs",
                                      "rainbows")


@dataclass(frozen=True, slots=True)
class Leading:
    throws: bool = True
    #: the kinds of combination named in ``throws: allowed, without ...`` or ``of ... only``
    #: (``THROW_KINDS``), in the order written; empty: a throw may hold every kind
    throw_kinds: tuple[ThrowKind, ...] = since(4, default=())
    #: with ``throw_kinds``: True, a throw may hold only those kinds (``of ... only``); False, none of
    #: them (``without ...``)
    throw_kinds_only: bool = since(4, default=False)
    #: how a throw is judged: every part must be unbeatable, or only its highest card, or only its
    #: largest part
    throw_check: Literal["every-part", "highest-card", "largest-part"] = "every-part"
    #: whose cards can stop a throw: "others", every other player's; "opponents", only the leader's
    #: opponents' (a partner's cards are never checked)
    throw_stoppers: Literal["others", "opponents"] = since(2, default="others")
    #: whose cards decide what a failed throw is cut to: "all", the parts any of the stoppers beats;
    #: "first", only the parts beaten by the first stopper in turn order who can beat one
    throw_decider: Literal["all", "first"] = since(2, default="all")
    #: a condition the player who could stop a throw must meet besides (a condition of the moment
    #: ``THROW``: an attacker, a banker, the thrower's partner or opponent); empty: every one of
    #: ``throw_stoppers`` may.  ``stopper_condition`` gives the whole condition, today's values
    #: included ("opponents" is "the thrower's opponent")
    throw_stoppers_when: Condition = since(4, default=Condition(()))
    #: what the leader is held to when a throw fails: "smallest-part", the beaten part with the
    #: lowest cards; "shortest-part", the beaten part with the fewest cards (the lowest of those);
    #: "smallest-card", the throw's lowest card; "next-player-chooses", a beaten part the next
    #: player picks
    throw_failure: Literal["smallest-part", "shortest-part", "smallest-card", "next-player-chooses"] = \
        "smallest-part"
    throw_penalty: Penalty = field(default_factory=Penalty)
    #: an attacker's failed throw, when it costs something else than a banker's (``throw_penalty``
    #: is then the banker team's); None: the same for both sides
    attackers_throw_penalty: Penalty | None = since(4, default=None)
    #: who leads the first trick (a seat of ``expressions.SEATS`` known at the tricks): "banker";
    #: "burier", the last to bury the kitty; "declarer", whose declaration stands (the banker when
    #: nobody declared); or the seat after one of them
    first_lead: LeadSeat = since(4, default="banker")

    def stopper_condition(self) -> Condition:
        """Who may stop a throw, as the condition of the moment ``THROW`` it is: "others" is any
        other player (no condition), "opponents" is ``the thrower's opponent``, and a written
        condition (``throw_stoppers_when``) is asked besides.  The engine keeps its own quicker way
        for the plain values; this tree is what they mean (the sheet, the tests of the sugar)."""
        parts = [Condition(("fact", "thrower-opponent"))] if self.throw_stoppers == "opponents" else []
        if self.throw_stoppers_when:
            parts.append(self.throw_stoppers_when)
        return all_of(*parts)

    def throw_kind_barred(self, kind: str) -> bool:
        """Whether a part of the kind ``kind`` (a word of ``THROW_KINDS``, or "sets of N" for a set
        wider than a quad) may not be part of a throw."""
        return (kind in self.throw_kinds) != self.throw_kinds_only

    def throw_penalty_of(self, banker_team: bool) -> Penalty:
        """What a failed throw costs a thrower of the banker team (``banker_team``) or an attacker."""
        if banker_team or self.attackers_throw_penalty is None:
            return self.throw_penalty
        return self.attackers_throw_penalty


# --- following -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Count:
    """A count in a follow list: ``per_n * n + plus`` where n is the lead's parameter.  A greedy
    count ("pairs" without a number: as many as the hand allows) has ``greedy`` set."""

    per_n: int = bounded(1, 100, off=0, default=0)
    plus: int = bounded(-1000, 1000, default=0)
    greedy: bool = False

    def value(self, n: int) -> int:
        return self.per_n * n + self.plus


@dataclass(frozen=True, slots=True)
class Term:
    """``count`` units, each ``length`` adjacent sets of ``width`` identical cards (length 1: a set).
    With ``highest`` the term is "the highest single": one card, of the highest rank the follower
    holds in the suit (a Shandong rule: short of the lead's kind, the singles start at the top).
    With ``rainbow`` it is a rainbow of ``length`` cards (``width`` 1, one of them)."""

    count: Count
    width: int = field(metadata=bounds(1, MAX_DECKS))
    length: Count = field(default_factory=lambda: Count(0, 1))
    highest: bool = since(4, default=False)
    #: the term is "a rainbow of ``length`` cards" (the first entry of a list for rainbows among
    #: trumps, and only there): the lead's ranks given back, as a rainbow's follow always asks
    rainbow: bool = since(4, default=False)


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
    """The lead a list applies to: ``length`` sets of ``width`` (length 1: a set; width 1 and a
    longer length: a straight of that many cards; with ``rainbow``, a rainbow among trumps of that
    many cards).  ``length`` 0 stands for "n", a list for every tractor of that width (every
    straight, for width 1; every rainbow)."""

    width: int = field(metadata=bounds(1, MAX_DECKS))
    length: int = field(metadata=bounds(1, MAX_TRACTOR, off=0))
    #: the lead is a rainbow among trumps of ``length`` cards (0: every rainbow), ``width`` 1
    rainbow: bool = since(4, default=False)

    @property
    def straight(self) -> bool:
        """The lead is a straight (a tractor of single cards)."""
        return self.width == 1 and self.length != 1 and not self.rainbow

    @property
    def label(self) -> str:
        """The lead in the language's words ("pair", "tractor of n pairs"); ``Rules.sources`` keys a
        follow list's provenance by it: "following.lists[pair]"."""
        length = "n" if self.length == 0 else str(self.length)
        if self.rainbow:
            return f"rainbow of {length} cards"
        if self.length == 1:
            return width_name(self.width)
        if self.width == 1:  # a tractor of singles is a straight
            return f"straight of {length} cards"
        return f"tractor of {length} {width_name(self.width, plural=True)}"

    @classmethod
    def from_label(cls, label: str) -> "LeadShape":
        """The lead that ``label`` names: the inverse of ``label``."""
        if label.startswith("rainbow of "):
            length = label.removeprefix("rainbow of ").partition(" ")[0]
            return cls(1, 0 if length == "n" else int(length), rainbow=True)
        if label.startswith("straight of "):
            length = label.removeprefix("straight of ").partition(" ")[0]
            return cls(1, 0 if length == "n" else int(length))
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


#: what a held combination may be exempt from when following (``exempt:`` in ``follow``), each
#: word with its meaning: the vocabulary the follow check reads (``engine/rulings/follow.py``)
EXEMPTIONS: dict[str, str] = {
    # rbtying/shengji's BombPolicy::AllowBombs: "a bomb can be played regardless of suit when following"
    "bombs-from-suit": "a bomb of as many cards as the lead may be played instead of following the lead's suit "
                       "and shape, and beats as a bomb does",
    # rbtying/shengji issue 165: "prevent tractors from being broken if there is another valid play"
    "tractors-from-breaking": "to a lead that holds no tractor, the cards of the follower's tractors do not count "
                              "toward what the follower must play (a pair led, a tractor held: other cards of the "
                              "suit will do); cards of the suit are still played before any other",
}
Exemption = Literal["bombs-from-suit", "tractors-from-breaking"]


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
    #: throw in turn; "suit" enforces suit only; "sets" (version 4) matches the lead's sets largest
    #: first, its tractors counted as their sets and asked as none (a throw holding a tractor asks
    #: only as many pairs as it holds: ChannonTian/80fen's rule)
    default: Literal["largest-first", "step-down", "suit", "sets"] = "largest-first"
    #: a wrong follow discovered later
    revoke_penalty: Penalty = field(default_factory=Penalty)
    #: what a held combination is exempt from when following (``EXEMPTIONS``), in the order written
    exempt: tuple[Exemption, ...] = since(4, default=())

    @property
    def free_bombs(self) -> bool:
        """A bomb may be played instead of following (``bombs-from-suit``)."""
        return "bombs-from-suit" in self.exempt

    @property
    def tractors_kept(self) -> bool:
        """A held tractor need not be broken for a lead that holds none (``tractors-from-breaking``)."""
        return "tractors-from-breaking" in self.exempt


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
