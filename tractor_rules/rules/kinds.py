"""The kinds of combination a ruleset has, as data: what a play may be made of, how each kind
compares, what it asks of the followers, whether it may be thrown and what it multiplies the kitty
by.  ``rule_kinds`` lists them, derived from the ``combinations`` fields (and the following, leading
and kitty fields each kind reads), so that there is one truth for each: the sheet says one sentence
per kind, with an example the engine finds, and a reader of the JSON form derives the same list.

The engine keeps its own compact form of the same facts (``engine.deck.order.tractor_kinds``, the
bomb and rainbow checks), read once per order: a kind here is a description, not a hot path.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, get_args

from .play import width_name

if TYPE_CHECKING:
    from .ruleset import Rules

#: "set": identical cards (a single, a pair, ...); "tractor": adjacent sets of one width;
#: "straight": adjacent single cards (a tractor of singles); "bomb": identical cards that beat
#: every other play; "rainbow": one rank in four suits (a bomb too with ``rainbow_bombs``)
KindName = Literal["set", "tractor", "straight", "bomb", "rainbow"]
KIND_NAMES: tuple[KindName, ...] = get_args(KindName)

#: the shape: "identical" (``width`` copies of one card), "run" (``least``..``most`` adjacent sets of
#: ``width``; most 0: no bound), "rank-across-suits" (``least`` or more cards of one rank, of four
#: suits)
Shape = Literal["identical", "run", "rank-across-suits"]
#: what may come along with the kind's own cards: "nothing", "adjacent-sets" (a bomb joined with
#: adjacent sets of two or more, 3333 44), or "pairs" (a straight with pairs riding along, Shandong's
#: 雨: a card of it held twice comes as a pair, 6789910JJQ; such a rain compares only with rains of
#: as many cards and pairs)
Along = Literal["nothing", "adjacent-sets", "pairs"]
#: what its cards are drawn from: "cards" (any), or "trumps" (a rainbow among trumps: trumps of one
#: rank in the four printed suits, Shandong's 闪 and 震)
Among = Literal["cards", "trumps"]
#: how it compares: "within-kind" (beats only a play of its own kind and size, by its strength),
#: "beats-other-kinds" (beats any play that is not of its kind, as bombs do)
Compares = Literal["within-kind", "beats-other-kinds"]
#: what it asks of the followers: "list" (a follow list for that lead), "units" (the lead's units,
#: largest first), "step-down" (broken down step by step), "tractors" (its tractors only), "suit"
#: (the suit only), "ranks" (a rainbow: as many cards of one rank for each of its ranks), "sets"
#: (its sets, a tractor counted as the sets it is made of)
Demand = Literal["list", "units", "step-down", "tractors", "suit", "ranks", "sets"]


@dataclass(frozen=True, slots=True)
class Kind:
    """One kind of combination of a ruleset."""

    name: KindName
    shape: Shape
    #: cards per set (1 for straights and rainbows)
    width: int
    #: the least and greatest number of sets in it (of cards, for a straight or a rainbow); most 0:
    #: no bound
    least: int
    most: int
    along: Along
    compares: Compares
    demand: Demand
    #: whether it may be led as part of a throw (several combinations of one suit at once)
    thrown: bool
    #: the kitty multiplier when the last trick's lead is its smallest instance, by the table;
    #: None when the multiplier is a formula or the kitty never scores
    kitty: int | None
    #: what its cards are drawn from
    among: Among = "cards"


def _demand(rules: Rules, width: int, length: int) -> Demand:
    """What a lead of one unit of ``length`` sets of ``width`` asks of the followers, as the
    engine's ``follow._plain_duty`` decides it."""
    f = rules.following
    if f.duty == "suit":
        return "suit"
    if f.duty == "tractors":
        return "tractors" if length > 1 else "suit"
    if any(fl.lead.width == width and fl.lead.length in (length, 0 if length > 1 else -1) and not fl.lead.rainbow
           for fl in f.lists):
        return "list"
    if f.default in ("suit", "step-down"):
        return f.default
    if (width, length) == (1, 1) or width == 1 and f.default == "sets":
        return "suit"
    return "sets" if f.default == "sets" else "units"


def _kitty(rules: Rules, width: int, length: int, rainbow: int = 0) -> int | None:
    """The kitty multiplier of a last lead of one unit of that shape, as the engine works it out."""
    kitty = rules.kitty
    if kitty.kind != "table":
        return None
    from ..engine.rulings.scoring import kitty_multiplier  # the engine imports this package
    from ..engine.deck.units import Unit

    return kitty_multiplier(kitty, [Unit((), width, length, 0, 0)], rainbow=rainbow)


def throw_word(rules: Rules, kind: KindName, width: int) -> str:
    """The word a throw's restriction names a kind by (``leading.throw_kinds``): a set by its width
    ("singles", "pairs", ... "sets of 5"), unless it is as wide as a bomb; a tractor, straight,
    bomb or rainbow by its family's plural."""
    bomb = rules.combinations.bomb_width
    if kind == "set":
        return "bombs" if bomb and width >= bomb else width_name(width, plural=True)
    return kind + "s"


def throw_words(rules: Rules) -> tuple[str, ...]:
    """The words of the kinds ``rules`` has, as a throw's restriction names them, each once, in
    the order ``rule_kinds`` lists the kinds: what ``throws: allowed, without ...`` may name."""
    words: list[str] = []
    for kind in rule_kinds(rules):
        word = throw_word(rules, kind.name, kind.width)
        if word not in words:
            words.append(word)
    return tuple(words)


def rule_kinds(rules: Rules) -> tuple[Kind, ...]:
    """The kinds of combination of ``rules``, in the order the sheet lists them: the sets from the
    single up, the tractors from the narrowest, straights, bombs, rainbows."""
    comb = rules.combinations
    leading = rules.leading

    def thrown(kind: KindName, width: int) -> bool:
        return leading.throws and not leading.throw_kind_barred(throw_word(rules, kind, width))

    kinds: list[Kind] = []
    for width in sorted({1, *comb.set_widths}):
        kinds.append(Kind("set", "identical", width, 1, 1, "nothing", "within-kind", _demand(rules, width, 1),
                          thrown("set", width), _kitty(rules, width, 1)))
    for width in sorted(comb.tractor_widths):
        least, most = comb.lengths_of(width)
        least = max(least, 2)
        kinds.append(Kind("tractor", "run", width, least, most, "nothing", "within-kind",
                          _demand(rules, width, least), thrown("tractor", width), _kitty(rules, width, least)))
    if comb.straight_min:
        least = comb.straight_min
        kinds.append(Kind("straight", "run", 1, least, 0, "pairs" if comb.straight_pairs else "nothing",
                          "within-kind", _demand(rules, 1, least), thrown("straight", 1), _kitty(rules, 1, least)))
    if comb.bomb_width:
        along: Along = "adjacent-sets" if comb.bomb_joins_sets else "nothing"
        width = comb.bomb_width
        kinds.append(Kind("bomb", "identical", width, 1, 1, along, "beats-other-kinds", _demand(rules, width, 1),
                          thrown("bomb", width), _kitty(rules, width, 1)))
    if comb.rainbow_min:
        # a rainbow is led alone or with other rainbows (a rainbow throw); its kitty multiplier is its
        # largest set's, as of any lead
        widest = -(-comb.rainbow_min // 4)  # the smallest rainbow's largest set: its cards over four suits
        compares: Compares = "beats-other-kinds" if comb.rainbow_bombs else "within-kind"
        demand: Demand = "list" if any(fl.lead.rainbow for fl in rules.following.lists) \
            and rules.following.duty == "lists" else "ranks"
        kinds.append(Kind("rainbow", "rank-across-suits", 1, comb.rainbow_min, 0, "nothing", compares, demand,
                          thrown("rainbow", 1), _kitty(rules, widest if widest in comb.set_widths else 1, 1, comb.rainbow_min),
                          "trumps" if comb.rainbow_trumps else "cards"))
    return tuple(kinds)
