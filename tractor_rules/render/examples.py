"""Examples computed by the engine, never written by hand.

Every example is built from the ruleset's own deck and order (the cards are picked from the engine's
ranking of a suit, the tractors from its adjacency) and every verdict in it (a tractor or not, a
legal reply, who wins, what a throw is held to, the multiplier, the next level) is the engine's
answer.  Examples use the real rules object; they are not rules and state no field.
"""

from __future__ import annotations

from collections import Counter
from functools import cached_property
from typing import Any

from ..engine.errors import EngineError, NoTrumpFromKitty
from ..engine.rulings.scoring import level_ladder
from ..rules import Rules, throw_words
from .builder import Draft, Made
from .i18n import _
from .model import Table
from .words import (
    SUIT_GLYPHS,
    card_text,
    cards_text,
    join_list,
    rain_phrase,
    shape_phrase,
    step_phrase,
    suit_text,
    unit_noun,
    units_text,
    yes_no,
)

TRUMP_SUIT = "S"
SIDE_SUIT = "H"
OFF_SUIT = "C"


def pick_level(rules: Rules) -> str:
    """Level 10 when the rules play it, else a level from the middle of the ladder."""
    try:
        ladder = level_ladder(rules)
    except EngineError:
        ladder = rules.table.ranks
    if "10" in ladder:
        return "10"
    return ladder[len(ladder) // 2] if ladder else rules.table.ranks[0]


class Kit:
    """The hands the examples are played in: level ``level``, ♠ trump (and no-trump)."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.level = pick_level(rules)
        self.trump = TRUMP_SUIT

    @cached_property
    def ctx(self) -> Any:
        return self.rules.context(self.level, self.trump)

    @cached_property
    def no_trump(self) -> Any:
        return self.rules.context(self.level, None)

    @property
    def decks(self) -> int:
        return self.rules.table.decks

    @cached_property
    def side(self) -> list[str]:
        """The side suit's cards as notation, highest first (one per face); a card with copies taken
        out of the pack is left out, so that every face here comes as often as there are decks."""
        table = self.rules.table
        return [str(band[0]) for band in self.ctx.ranking(SIDE_SUIT) if table.copies(str(band[0])) == self.decks]

    @cached_property
    def plain_trumps(self) -> list[str]:
        """The trump suit's own cards (not level cards, not constant trumps), highest first."""
        constant = set(self.rules.trumps.constant_ranks)
        cards = set(self.rules.trumps.constant_cards)
        out = []
        for band in self.ctx.ranking("trump"):
            c = band[0]
            if len(band) == 1 and c.suit == self.trump and c.rank != self.level and c.rank not in constant \
                    and str(c) not in cards:
                out.append(str(c))
        return out

    def cards(self, *groups: tuple[str, int]) -> tuple[Any, ...]:
        """Cards from (notation, copies) groups."""
        return self.ctx.cards(" ".join(" ".join([card] * n) for card, n in groups))

    def intro(self) -> str:
        return _("At level %(level)s with %(suit)s as trump:") % {"level": self.level, "suit": SUIT_GLYPHS[self.trump]}


def _bands_text(bands: list[tuple[Any, ...]]) -> str:
    return join_list([" = ".join(card_text(c) for c in band) for band in bands])


# --- card order ----------------------------------------------------------------------------------


def order_example(kit: Kit) -> Made:
    points = [
        _("trumps: %(cards)s") % {"cards": _bands_text(kit.ctx.ranking("trump"))},
        _("%(suit)s: %(cards)s") % {"suit": SUIT_GLYPHS[SIDE_SUIT], "cards": _bands_text(kit.ctx.ranking(SIDE_SUIT))},
        _("in a no-trump hand, the trumps: %(cards)s") % {"cards": _bands_text(kit.no_trump.ranking("trump"))},
    ]
    trumps = kit.rules.trumps
    ranks = kit.rules.table.ranks
    # constant trumps that are levels too: the trumps at the level of the highest of them
    at = max((r for r in trumps.constant_ranks if r in ranks), key=ranks.index, default=None) \
        if trumps.constant_levels else None
    if at is not None and at != kit.level:
        ranking = kit.rules.context(at, kit.trump).ranking("trump")
        points.append(_("at level %(level)s, the trumps: %(cards)s") % {"level": at, "cards": _bands_text(ranking)})
    return Draft(kit.intro(), tuple(points))


# --- combinations --------------------------------------------------------------------------------


def _is_plain(kit: Kit, card: Any, trump: str | None) -> bool:
    rules = kit.rules
    return (not card.is_joker and card.suit == trump and card.rank != kit.level
            and card.rank not in rules.trumps.constant_ranks and str(card) not in rules.trumps.constant_cards)


def _trump_candidates(kit: Kit, ctx: Any, trump: str | None, width: int) -> list[tuple[str, ...]]:
    """Sets of neighbouring trump bands, from the top down to the trump suit's own top card, and
    two equal cards of one band: the places where the ruleset's links decide."""
    out: list[tuple[str, ...]] = []
    bands = ctx.ranking("trump")
    for i, band in enumerate(bands):
        if len(band) > 1:
            out.append(tuple([str(band[0])] * width + [str(band[1])] * width))
        if _is_plain(kit, band[0], trump) or i + 1 >= len(bands):
            break
        out.append(tuple([str(band[0])] * width + [str(bands[i + 1][0])] * width))
    return out


def _side_candidates(kit: Kit, widths: list[int]) -> list[tuple[str, ...]]:
    w = widths[0]
    side = kit.side
    out: list[tuple[str, ...]] = []
    if len(side) >= 2:
        for tw in widths:
            out.append(tuple([side[1]] * tw + [side[2 if len(side) > 2 else 1]] * tw))
    ranks = kit.rules.table.ranks
    at = ranks.index(kit.level)
    present = {c[:-1]: c for c in side}
    above = next((present[r] for r in ranks[at + 1:] if r in present), None)
    below = next((present[r] for r in reversed(ranks[:at]) if r in present), None)
    if above and below:
        out.append(tuple([above] * w + [below] * w))  # across the level rank's gap
    if above:
        out.append(tuple([above] * w + [f"{kit.level}{SIDE_SUIT}"] * w))  # with the level card itself
    if len(side) >= 2 and side[0][:-1] == "A" and side[-1][:-1] == "2":
        out.append(tuple([side[0]] * w + [side[-1]] * w))  # no wrap-around
    return out


def tractor_examples(kit: Kit) -> Made:
    widths = sorted(w for w in kit.rules.combinations.tractor_widths if w <= kit.decks)
    if not widths:
        return None
    w = widths[0]
    rows: list[tuple[str, str, str]] = []
    seen: set[tuple[str | None, tuple[str, ...]]] = set()
    hands = [
        (kit.ctx, kit.trump, _("%(suit)s trump") % {"suit": SUIT_GLYPHS[kit.trump]},
         _side_candidates(kit, widths) + _trump_candidates(kit, kit.ctx, kit.trump, w)),
        (kit.no_trump, None, _("no-trump"), _trump_candidates(kit, kit.no_trump, None, w)),
    ]
    for ctx, trump, label, candidates in hands:
        for notation in candidates:
            if (trump, notation) in seen or max(Counter(notation).values()) > kit.decks:
                continue
            seen.add((trump, notation))
            cards = ctx.cards(" ".join(notation))
            rows.append((label, cards_text(cards), yes_no(ctx.is_tractor(cards))))
    text = _("Tractors and near misses at level %(level)s:") % {"level": kit.level}
    return Draft(text, table=Table((_("Hand"), _("Cards"), _("A tractor?")), tuple(rows)))


def _kind_cards(kit: Kit, kind: Any) -> tuple[Any, ...] | None:
    """The smallest play of ``kind`` in the side suit (a rainbow: of the lowest rank that makes
    one), as the engine reads it: a set or a run must decompose into that one unit, a rainbow must
    be one; None when the pack cannot make it here."""
    side, ctx = kit.side, kit.ctx
    if kind.name == "rainbow":
        for rank in kit.rules.table.ranks:
            faces = [f"{rank}{suit}" for suit in ("H", "C", "D", kit.trump)]
            if any(kit.rules.table.copies(f) < -(-kind.least // 4) for f in faces):
                continue
            notation = [faces[i % 4] for i in range(kind.least)]
            cards = ctx.cards(" ".join(notation))
            parts = ctx.rainbow_parts(cards)
            if parts is not None and len(parts) == 1:
                return cards
        return None
    width = kind.width
    if width > kit.decks or not side:
        return None
    if kind.shape == "identical":
        cards = kit.cards((side[-1], width))
        return cards if [u.shape for u in ctx.units(cards)] == [(width, 1)] else None
    length = kind.least
    for end in range(len(side), length - 1, -1):  # from the bottom of the suit up
        cards = kit.cards(*((c, width) for c in side[end - length:end]))
        if [u.shape for u in ctx.units(cards)] == [(width, length)]:
            return cards
    return None


def _kind_phrase(kind: Any) -> str:
    # n: the cards of a set or a bomb, the sets of a run, the cards of a rainbow
    values = {"n": kind.width if kind.shape == "identical" else kind.least,
              "units": unit_noun(kind.width, True), "max": kind.most}
    if kind.name == "set":
        if kind.width == 1:
            return _("a single: any one card")
        return _("a %(unit)s: %(n)s identical cards") % {**values, "unit": unit_noun(kind.width, False)}
    if kind.name == "tractor":
        if kind.width == 2:  # tractors of pairs have a word of their own in Chinese (连对)
            if kind.most:
                return _("a tractor of pairs: %(n)s to %(max)s adjacent pairs") % values
            return _("a tractor of pairs: %(n)s or more adjacent pairs") % values
        if kind.most:
            return _("a tractor of %(units)s: %(n)s to %(max)s adjacent %(units)s") % values
        return _("a tractor of %(units)s: %(n)s or more adjacent %(units)s") % values
    if kind.name == "straight":
        if kind.along == "pairs":
            return _("a straight: %(n)s or more adjacent cards, a card held twice riding along as a pair (a "
                     "rain)") % values
        return _("a straight: %(n)s or more adjacent single cards") % values
    if kind.name == "bomb":
        if kind.along == "adjacent-sets":
            return _("a bomb: %(n)s or more identical cards, alone or with adjacent sets, which beats any other "
                     "play") % values
        return _("a bomb: %(n)s or more identical cards, which beats any other play") % values
    if kind.among == "trumps":
        if kind.compares == "beats-other-kinds":
            return _("a rainbow bomb among trumps: %(n)s or more trumps of one rank in four suits, which beats "
                     "any other play") % values
        return _("a rainbow among trumps: %(n)s or more trumps of one rank in four suits") % values
    if kind.compares == "beats-other-kinds":
        return _("a rainbow bomb: %(n)s or more cards of one rank in four suits, which beats any other "
                 "play") % values
    return _("a rainbow: %(n)s or more cards of one rank in four suits") % values


def kind_examples(kit: Kit) -> Made:
    """The kinds of combination (``Rules.kinds``), one line each, with the smallest of each kind in
    the side suit as the engine reads it."""
    points = []
    for kind in kit.rules.kinds():
        cards = _kind_cards(kit, kind)
        phrase = _kind_phrase(kind)
        if cards is None:
            points.append(phrase)
        else:
            points.append(_("%(kind)s, such as %(cards)s") % {"kind": phrase, "cards": cards_text(cards)})
    text = _("The kinds of combination, each with its smallest at level %(level)s with %(suit)s as trump:") % {
        "level": kit.level, "suit": SUIT_GLYPHS[kit.trump]}
    return Draft(text, tuple(points))


def rain_example(kit: Kit) -> Made:
    """A straight with a pair riding along, the smallest the side suit makes as the engine reads it,
    and a rain of its kind one card higher that beats it (``combinations.straight_pairs``)."""
    comb = kit.rules.combinations
    side, ctx = kit.side, kit.ctx
    least = comb.straight_min
    if not least or not comb.straight_pairs or kit.decks < 2:
        return None
    for end in range(len(side), least, -1):  # from the bottom of the suit up
        low = side[end - least:end]
        high = side[end - least - 1:end - 1]
        lead = kit.cards(*((c, 2 if i == least - 1 else 1) for i, c in enumerate(low)))
        other = kit.cards(*((c, 2 if i == 0 else 1) for i, c in enumerate(high)))
        rain = ctx.rain(lead)
        if rain is None or not rain.same_kind(ctx.rain(other)) or ctx.winner(lead, [other]) != 1:
            continue
        return _("%(lead)s is one rain, a straight of %(n)s cards with a pair riding along; %(other)s, as many "
                 "cards with as many pairs (elsewhere in the run) and a higher top card, beats it.") % {
            "lead": cards_text(lead), "n": rain.length, "other": cards_text(other)}
    return None


def rain_throw_example(kit: Kit) -> Made:
    """A throw of the side suit's smallest rain (as ``rain_example`` finds it) and its top card as a
    pair, which the engine reads as a rain and a pair, and the rain of its kind one card higher,
    held by another player, that beats the rain: what the leader is then held to
    (``combinations.straight_pairs``)."""
    comb = kit.rules.combinations
    side, ctx = kit.side, kit.ctx
    least = comb.straight_min
    if not least or not comb.straight_pairs or kit.decks < 2 or not kit.rules.leading.throws:
        return None
    for end in range(len(side), least + 2, -1):  # from the bottom of the suit up, the top card apart
        low = side[end - least:end]
        high = side[end - least - 1:end - 1]
        throw = kit.cards(*((c, 2 if i == least - 1 else 1) for i, c in enumerate(low)), (side[0], 2))
        other = kit.cards(*((c, 2 if i == 0 else 1) for i, c in enumerate(high)))
        reading = ctx.rain_throw(throw)
        if reading is None or len(reading.rains) != 1 or [u.shape for u in reading.units] != [(2, 1)]:
            continue
        if not reading.rains[0].shape.same_kind(ctx.rain(other)) or not ctx.throw_options(throw, [other], partners=()):
            continue
        return _("%(throw)s is a throw of two parts, the rain %(rain)s and the pair %(pair)s; a player holding "
                 "%(other)s, a rain of its kind with a higher top card, beats the rain: %(result)s.") % {
            "throw": cards_text(throw), "rain": cards_text(reading.rains[0].cards),
            "pair": cards_text(reading.units[0].cards), "other": cards_text(other),
            "result": _throw_result(kit, throw, other)}
    return None


def grouping_example(kit: Kit) -> Made:
    widest = min(max(kit.rules.combinations.set_widths), kit.decks)
    side = kit.side
    if widest < 2 or len(side) < 3:
        return None
    if widest == 2:
        play = kit.cards((side[0], 2), (side[1], 2), (side[2], 1))
    else:
        play = kit.cards((side[0], widest), (side[1], widest - 1))
    return _("%(play)s is read as %(units)s.") % {"play": cards_text(play), "units": units_text(kit.ctx.units(play))}


# --- declaring -----------------------------------------------------------------------------------


def _declaration_cards(kit: Kit, count: int, kind: str, level_cards: int = 0, same_colour: bool = False) -> str | None:
    """Cards that make a declaration step, or None when the pack cannot supply them (with
    ``same_colour``, level cards of the joker's colour: the big joker's red suits, the small's black)."""
    table = kit.rules.table
    levels = [f"{kit.level}{s}" for s in dict.fromkeys((SIDE_SUIT, "S", "H", "D", "C"))]
    faces = {"level": levels, "small-joker": ["SJ"], "big-joker": ["BJ"], "joker": ["SJ", "BJ"]}[kind]
    face = next((f for f in faces if table.copies(f) >= count + (level_cards if f in levels else 0)), None)
    if same_colour and face is not None:
        levels = [f for f in levels if (f[-1] in "HD") == (face == "BJ")]
    level = next((f for f in levels if table.copies(f) >= level_cards), None) if level_cards else None
    if face is None or (level_cards and level is None):
        return None
    return " ".join([face] * count + [level or ""] * level_cards)


def ladder_table(r: Any, kit: Kit) -> Made:
    """The declaration ladder (a rule: it reads ``declaring.ladder`` through ``r``), each step with
    cards that make it at the example level and the trump the engine says they name.  Tied steps
    share a strength."""
    if not r.declaring.ladder:  # nobody declares: the 'nobody declares' sentence says how trump is chosen
        return None
    rows, tied_any = _ladder_rows(kit, r.declaring.ladder, False)
    if tied_any:
        text = _("During the deal a player declares trump by showing cards; only a declaration of a higher "
                 "strength overturns another, so steps of the same strength cannot overturn each other. From "
                 "the weakest:")
    else:
        text = _("During the deal a player declares trump by showing cards; a stronger declaration overturns a "
                 "weaker one. From the weakest:")
    header = (_("Strength"), _("Declaration"), _("Example at level %(level)s") % {"level": kit.level}, _("Trump"))
    return Draft(text, table=Table(header, tuple(rows)))


def round_ladder_table(r: Any, kit: Kit) -> Made:
    """The ladder of the round of overturning after the kitty where the rules give it one (a rule:
    it reads ``declaring.ladder_after_kitty`` through ``r``), as ``ladder_table`` shows the deal's,
    with how a declaration of the deal that it does not list is overturned."""
    d = r.declaring
    if not d.ladder_after_kitty or not d.overturn_after_kitty or not d.ladder:
        return None
    rows, _tied = _ladder_rows(kit, d.ladder_after_kitty, True)
    # Translators: 炒底 with a ladder of its own (only pairs, say): the round after the kitty
    text = _("After the kitty a player overturns only with a declaration of this ladder of its own, a stronger "
             "one on it overturning a weaker; a declaration of the deal that it does not list is overturned by "
             "those of its steps that are stronger on the deal's ladder, and by those the deal's ladder does not "
             "have. From the weakest:")
    header = (_("Strength"), _("Declaration"), _("Example at level %(level)s") % {"level": kit.level}, _("Trump"))
    return Draft(text, table=Table(header, tuple(rows)))


def _ladder_rows(kit: Kit, ladder: Any, after_kitty: bool) -> tuple[list[tuple[str, str, str, str]], bool]:
    """A ladder's rows (strength, step, cards at the example level, the trump they name), each
    step's cards judged by the engine on that ladder; and whether two steps are tied."""
    rows = []
    strength = 0
    tied_any = False
    for i, step in enumerate(ladder):
        count, kind, level_cards = step.count, step.kind, step.level_cards
        if step.tied and i:
            tied_any = True
        else:
            strength += 1
        cards, named = "—", "—"
        notation = _declaration_cards(kit, count, kind, level_cards, step.same_colour)
        if notation is not None:
            made = kit.rules.declaration(notation, kit.level, after_kitty=after_kitty)
            if made is not None:
                cards, named = cards_text(kit.ctx.cards(notation)), suit_text(made.trump)
        rows.append((str(strength), step_phrase(count, kind, level_cards, step.same_colour), cards, named))
    return rows, tied_any


_FILLER = ("4D", "7C", "9H", "QS", "3D", "8C", "6H", "JS", "5D", "KC", "2H", "AS", "3C", "9D", "QH", "8S")


def fallback_example(kit: Kit) -> Made:
    rules = kit.rules
    fb = rules.declaring.fallback
    size = rules.table.kitty_size
    if fb.kind == "scored":
        return _scored_example(rules)
    if fb.kind not in ("kitty-card", "level-card", "highest-card") or size == 0:
        return None
    ranks = rules.table.ranks
    kitty = [c for c in _FILLER if c[:-1] in ranks and c[:-1] != kit.level][:size]
    if len(kitty) < size:
        return None
    if fb.kind == "kitty-card" and rules.table.jokers and fb.card <= size:
        kitty[fb.card - 1] = "SJ"  # so that the example shows what a joker there does
    if fb.kind == "level-card" and size >= 3:
        kitty[2] = f"{kit.level}{OFF_SUIT}"
    cards = kit.ctx.cards(" ".join(kitty))
    try:
        trump = rules.fallback_trump(cards, kit.level)
    except NoTrumpFromKitty:
        return _("With the kitty %(kitty)s and no declaration, the cards are redealt.") % {"kitty": cards_text(cards)}
    if trump is None:
        return _("With the kitty %(kitty)s and no declaration, the hand is played in no-trump.") % {
            "kitty": cards_text(cards)}
    return _("With the kitty %(kitty)s and no declaration, the trump is %(trump)s.") % {
        "kitty": cards_text(cards), "trump": SUIT_GLYPHS[trump]}


def _scored_example(rules: Rules) -> Made:
    """A hand nobody declared in, scored without play: where the side that goes up gets to, from the
    first level (as the engine climbs)."""
    fb = rules.declaring.fallback
    if fb.levels == 0:
        return None
    first = rules.levels.first
    try:
        reached = rules.advance(first, fb.levels, as_banker=fb.side == "banker")
    except EngineError:
        return None
    values = {"first": first, "reached": reached}
    if reached is None:
        return None
    if fb.side == "banker":
        return _("With nobody declaring, bankers playing level %(first)s go up to level %(reached)s.") % values
    return _("With nobody declaring, attackers at level %(first)s go up to level %(reached)s and take the bank.") % values


# --- the kitty -----------------------------------------------------------------------------------


def kitty_examples(kit: Kit) -> Made:
    rules = kit.rules
    if rules.kitty.kind == "none" or not rules.table.kitty_size:
        return None
    side = kit.side
    comb = rules.combinations
    plays: list[tuple[Any, ...]] = [kit.cards((side[0], 1))]
    for w in comb.set_widths:
        if 2 <= w <= kit.decks:
            plays.append(kit.cards((side[0], w)))
    for w in comb.tractor_widths:
        low, high = comb.lengths_of(w)
        low = max(low, 2)
        for length in (low, low + 1):
            if w > kit.decks or length > len(side) or (high and length > high):
                continue
            cards = kit.cards(*((c, w) for c in side[:length]))
            if kit.ctx.is_tractor(cards):
                plays.append(cards)
    if comb.straight_min:
        straight = next((k for k in rules.kinds() if k.name == "straight"), None)
        smallest = None if straight is None else _kind_cards(kit, straight)
        if smallest is not None:
            plays.append(smallest)
            if comb.straight_pairs and kit.decks >= 2:  # the same with its lowest card as a pair riding along
                with_pair = kit.cards(*((str(c), 1) for c in smallest), (str(smallest[-1]), 1))
                if kit.ctx.rain(with_pair) is not None:
                    plays.append(with_pair)
                    if rules.leading.throws and 2 in comb.set_widths:  # thrown with the top pair
                        thrown = (*with_pair, *kit.cards((kit.side[0], 2)))
                        reading = kit.ctx.rain_throw(thrown)
                        if reading is not None and reading.largest() is not None:
                            plays.append(thrown)
    if rules.leading.throws and len(side) > 3:
        throw = kit.cards((side[0], 2), (side[3], 2)) if 2 in comb.set_widths and kit.decks >= 2 \
            else kit.cards((side[0], 1), (side[1], 1))
        if len(kit.ctx.units(throw)) > 1:
            plays.append(throw)
    rows = []
    for cards in plays:
        top = kit.ctx.units(cards)[0]
        rain = kit.ctx.rain(cards) if comb.straight_pairs else None
        if rain is None and comb.straight_pairs and (reading := kit.ctx.rain_throw(cards)) is not None:
            largest = reading.largest()  # a throw whose largest part is a rain
            rain = None if largest is None else largest.shape
        phrase = shape_phrase(top.width, top.length) if rain is None else rain_phrase(rain.length, rain.pairs)
        rows.append((cards_text(cards), phrase, f"×{kit.ctx.kitty_multiplier(cards)}"))
    text = _("The multiplier for each kind of last trick:")
    return Draft(text, table=Table((_("Last trick's lead"), _("Largest combination"), _("Multiplier")), tuple(rows)))


# --- leading and throws --------------------------------------------------------------------------


def _throw_result(kit: Kit, throw: tuple[Any, ...], other: tuple[Any, ...]) -> str:
    options = kit.ctx.throw_options(throw, [other], partners=())
    if not options:
        return _("the throw stands")
    if len(options) == 1:
        return _("the leader plays %(cards)s") % {"cards": cards_text(options[0])}
    return _("the next player chooses: %(options)s") % {"options": " / ".join(cards_text(o) for o in options)}


def throw_examples(kit: Kit) -> Made:
    if not kit.rules.leading.throws:
        return None
    side = kit.side
    k = len(side) // 2 - 2
    if k < 2 or k + 5 >= len(side):
        return None
    kinds = kit.rules.leading.throw_kinds  # a throw of a barred kind is no lead: none is shown
    paired = 2 in kit.rules.combinations.set_widths and kit.decks >= 2
    if paired:
        throw = kit.cards((side[k], 1), (side[k + 1], 2), (side[k + 5], 2))
        paired = not kinds or kit.ctx.lead_error(throw) is None
    if paired:
        others = [kit.cards((side[k - 1], 1)), kit.cards((side[k - 2], 2)), kit.cards((side[-1], 1))]
    else:
        throw = kit.cards((side[0], 1), (side[1], 1), (side[k], 1))
        others = [kit.cards((side[k - 1], 1)), kit.cards((side[-1], 1))]
    tries = [(throw, other) for other in others]
    if {3, 4} <= set(kit.rules.combinations.set_widths) and kit.decks >= 4:
        # the source's own four-deck example, 98888444: a higher single, quad or triple elsewhere
        throw = kit.cards((side[k], 1), (side[k + 1], 4), (side[k + 5], 3))
        tries += [(throw, kit.cards((side[k - 1], 1))), (throw, kit.cards((side[k - 2], 4))),
                  (throw, kit.cards((side[k + 4], 3)))]
    if kinds:
        tries = [(throw, other) for throw, other in tries if kit.ctx.lead_error(throw) is None]
        if not tries:
            return None
    rows = tuple((cards_text(throw), cards_text(other), _throw_result(kit, throw, other)) for throw, other in tries)
    text = _("A throw against the cards of one other player:")
    holder = _("An opponent holds") if kit.rules.leading.throw_stoppers == "opponents" else _("Another player holds")
    return Draft(text, table=Table((_("Throw"), holder, _("Result")), rows))


def throw_kind_examples(kit: Kit) -> Made:
    """Where the rules bar kinds from throws: for each kind of set or tractor the rules have, a
    throw of a high single and that kind, and whether it may be led (the oracle's lead check)."""
    leading = kit.rules.leading
    if not leading.throws or not leading.throw_kinds:
        return None
    side = kit.side
    if len(side) < 6:
        return None
    comb = kit.rules.combinations
    widths = {"pairs": 2, "triples": 3, "quads": 4, "bombs": comb.bomb_width}
    rows = []
    for word in throw_words(kit.rules):
        if word == "singles":
            part = kit.cards((side[3], 1))
        elif word in widths and 0 < widths[word] <= kit.decks:
            part = kit.cards((side[3], widths[word]))
        elif word == "tractors" and kit.decks >= 2:
            part = kit.cards((side[3], 2), (side[4], 2))
            if not kit.ctx.is_tractor(part):
                continue
        else:
            continue
        throw = (*kit.cards((side[0], 1)), *part)
        if kit.ctx.lead_error(throw) is None:
            result = _("may be thrown")
        else:
            result = _("not a lead: %(part)s is led alone") % {"part": cards_text(part)}
        rows.append((cards_text(throw), result))
    if not rows:
        return None
    return Draft(_("Which throws may be led:"), table=Table((_("Throw"), _("Result")), tuple(rows)))


# --- following -----------------------------------------------------------------------------------


def _lead_n(kit: Kit, width: int, length: int) -> int:
    """The n a list's example is worked for: its fixed length, else a tractor of two sets, or the
    shortest straight (for a list of straights, width 1)."""
    if length:
        return length
    return kit.rules.combinations.straight_min if width == 1 else 2


def _lead_for(kit: Kit, width: int, length: int) -> tuple[Any, ...] | None:
    n = _lead_n(kit, width, length)
    if width > kit.decks or n > len(kit.side):
        return None
    cards = kit.cards(*((c, width) for c in kit.side[:n]))
    if n > 1 and not kit.ctx.is_tractor(cards):
        return None
    return cards


def _hand_for(kit: Kit, entry: Any, n: int, free: list[str]) -> list[tuple[str, int]] | None:
    """Side-suit cards that make the entry's units, each unit apart from the others."""
    groups: list[tuple[str, int]] = []
    at = 0
    units = []
    for term in entry.terms:
        count = 1 if term.count.greedy else term.count.value(n)
        length = max(term.length.value(n), 1)
        units += [(term.width, length)] * max(count, 0)
    for width, length in sorted(units, key=lambda u: (u[1], u[0]), reverse=True):
        if width > kit.decks or at + length > len(free):
            return None
        faces = free[at:at + length]
        if length > 1 and not kit.ctx.is_tractor(kit.cards(*((f, width) for f in faces))):
            return None
        groups += [(f, width) for f in faces]
        at += length + 1  # a gap, so that units do not join into a tractor
    return groups


def _without_highest(kit: Kit, play: tuple[Any, ...], suit: list[Any]) -> tuple[Any, ...]:
    """``play`` with its strongest card outside its sets (a card it holds once) given up for the
    lowest card of ``suit`` (strongest first) it leaves: the reply a highest single refuses."""
    strength = kit.ctx.order.strength
    once = [c for c in play if play.count(c) == 1]
    spare = [c for c in suit if c not in play]
    if not once or not spare:
        return tuple(suit[-len(play):])
    top = max(once, key=lambda c: strength[c])
    return tuple(kit.ctx.sort((*[c for c in play if c != top], spare[-1])))


def _no_straight(kit: Kit, held: list[Any], spare: list[Any], n: int) -> list[Any]:
    """The cards of ``spare`` (side-suit faces, in the order to be added) that can be added to
    ``held`` one by one, skipping any that would make a run of ``n`` adjacent faces (adjacent in
    the side suit's order, as straights run)."""
    place = {face: i for i, face in enumerate(kit.side)}
    taken = {place[f] for f in held if f in place}
    out = []
    for face in spare:
        at = place.get(face)
        if at is None:
            continue
        run = 1
        i = at - 1
        while i in taken:
            run, i = run + 1, i - 1
        i = at + 1
        while i in taken:
            run, i = run + 1, i + 1
        if run < n:
            taken.add(at)
            out.append(face)
    return out


def _rainbow_follow_example(kit: Kit, follow_list: Any) -> Made:
    """A list for rainbows among trumps worked out: the level rank's four cards led, and a hand
    without a rainbow of that rank and more trumps than the lead plays as the list's second entry
    asks (the highest single: the hand's strongest trump)."""
    level = kit.level
    lead = kit.cards(*((f"{level}{suit}", 1) for suit in "SHCD"))
    if follow_list.lead.length not in (0, len(lead)) or kit.ctx.follow_error(lead, lead, lead) is not None:
        return None
    trumps = kit.plain_trumps
    if len(trumps) < 6 or not kit.rules.table.jokers:
        return None
    hand = kit.ctx.sort(kit.cards(("BJ", 1), *((c, 1) for c in trumps[1:6:2]), *((c, 1) for c in trumps[-2:]),
                                  (f"3{OFF_SUIT}", 1)))
    play = kit.ctx.sort(kit.ctx.legal_follow(hand, lead))
    if kit.ctx.follow_error(hand, lead, play) is not None:
        raise EngineError("the engine's own follow is refused by its follow check")
    held = [c for c in hand if kit.ctx.suit_of(c) == "trump"]
    wrong = _without_highest(kit, play, held)
    values = {"lead": cards_text(lead), "hand": cards_text(hand), "play": cards_text(play)}
    if Counter(wrong) != Counter(play) and kit.ctx.follow_error(hand, lead, wrong) is not None:
        values["wrong"] = cards_text(wrong)
        line = _("lead %(lead)s, hand %(hand)s: %(play)s is a legal reply, %(wrong)s is not") % values
    else:
        line = _("lead %(lead)s, hand %(hand)s: %(play)s is a legal reply") % values
    return Draft(kit.intro(), (line,))


def follow_example(kit: Kit, index: int) -> Made:
    follow_list = kit.rules.following.lists[index]
    if follow_list.lead.rainbow:
        return _rainbow_follow_example(kit, follow_list)
    lead = _lead_for(kit, follow_list.lead.width, follow_list.lead.length)
    if lead is None:
        return None
    n = _lead_n(kit, follow_list.lead.width, follow_list.lead.length)
    used = {str(c) for c in lead}
    free = [c for c in kit.side if c not in used]
    lines = []
    entries = list(follow_list.entries)
    # the first two entries, and the first later one holding the highest single: a duty the first
    # two seldom show, and one a reader would not guess from its words alone
    later = [e for e in entries[2:] if any(t.highest for t in e.terms)][:1]
    for entry in entries[:2] + later:
        groups = _hand_for(kit, entry, n, free)
        if not groups:
            continue
        held = sum(k for _card, k in groups)
        spare = [c for c in reversed(free) if c not in {g for g, _k in groups}]
        if follow_list.lead.width == 1 and entry is not entries[0]:
            # a later entry of a list for straights: no filler card may close a straight, or the
            # hand would show the first entry again
            spare = _no_straight(kit, [g for g, _k in groups], spare, n)
        while held <= len(lead) and spare:
            groups.append((spare.pop(0), 1))
            held += 1
        hand = kit.ctx.sort(kit.cards(*groups, (f"3{OFF_SUIT}", 1), (f"5{OFF_SUIT}", 1)))
        play = kit.ctx.legal_follow(hand, lead)
        if kit.ctx.follow_error(hand, lead, play) is not None:
            raise EngineError("the engine's own follow is refused by its follow check")
        values = {"lead": cards_text(lead), "hand": cards_text(hand), "play": cards_text(kit.ctx.sort(play))}
        suit = [c for c in hand if kit.ctx.suit_of(c) == SIDE_SUIT]
        wrong = tuple(suit[-len(lead):])
        if any(t.highest for t in entry.terms):
            wrong = _without_highest(kit, play, suit)
        if Counter(wrong) != Counter(play) and kit.ctx.follow_error(hand, lead, wrong) is not None:
            values["wrong"] = cards_text(wrong)
            lines.append(_("lead %(lead)s, hand %(hand)s: %(play)s is a legal reply, %(wrong)s is not") % values)
        else:
            lines.append(_("lead %(lead)s, hand %(hand)s: %(play)s is a legal reply") % values)
    if not lines:
        return None
    return Draft(kit.intro(), tuple(lines))


def exempt_examples(kit: Kit) -> Made:
    """What a held combination is exempt from when following (``following.exempt``), worked out by
    the engine's follow check and winner: a free bomb played instead of following, a tractor kept
    whole for a led pair."""
    rules = kit.rules
    side = kit.side
    lines = []
    width = rules.combinations.bomb_width
    if rules.following.free_bombs and width == 4 and kit.decks >= 4 and len(side) >= 9:
        lead = kit.cards((side[0], 2), (side[1], 2))
        bomb = kit.cards((f"3{OFF_SUIT}", 4))
        hand = kit.ctx.sort(kit.cards((side[5], 1), (side[6], 1), (side[7], 1), (side[8], 1), (f"3{OFF_SUIT}", 4)))
        if kit.ctx.is_tractor(lead) and kit.ctx.follow_error(hand, lead, bomb) is None:
            won = kit.ctx.winner(lead, [bomb])
            values = {"lead": cards_text(lead), "hand": cards_text(hand), "bomb": cards_text(bomb)}
            lines.append((_("lead %(lead)s, hand %(hand)s: the bomb %(bomb)s may be played instead of following, "
                            "and wins the trick") if won == 1 else
                          _("lead %(lead)s, hand %(hand)s: the bomb %(bomb)s may be played instead of following"))
                         % values)
    if rules.following.tractors_kept and kit.decks >= 2 and len(side) >= 10:
        lead = kit.cards((side[0], 2))
        tractor = kit.cards((side[3], 2), (side[4], 2))
        play = kit.cards((side[8], 1), (side[9], 1))
        hand = kit.ctx.sort(tractor + play + kit.cards((f"3{OFF_SUIT}", 1)))
        if kit.ctx.is_tractor(tractor) and kit.ctx.follow_error(hand, lead, play) is None:
            lines.append(_("lead %(lead)s, hand %(hand)s: %(play)s is a legal reply, the tractor %(tractor)s kept "
                           "whole") % {"lead": cards_text(lead), "hand": cards_text(hand),
                                       "play": cards_text(kit.ctx.sort(play)), "tractor": cards_text(tractor)})
    if not lines:
        return None
    return Draft(kit.intro(), tuple(lines))


# --- ruffs and winning ---------------------------------------------------------------------------


def _trick(kit: Kit, lead: tuple[Any, ...], follows: list[tuple[Any, ...]]) -> str:
    won = kit.ctx.winner(lead, follows)
    result = _("the lead keeps the trick") if won == 0 else _("%(cards)s wins the trick") % {
        "cards": cards_text(follows[won - 1])}
    return _("Lead %(lead)s, then %(plays)s: %(result)s.") % {
        "lead": cards_text(lead), "plays": join_list([cards_text(f) for f in follows]), "result": result}


def ruff_example(kit: Kit) -> Made:
    side, t = kit.side, kit.plain_trumps
    if len(side) < 6 or len(t) < 9:
        return None
    if 2 in kit.rules.combinations.set_widths and kit.decks >= 2:
        lead = kit.cards((side[-4], 1), (side[-3], 2))
        follows = [kit.cards((t[4], 1), (t[6], 2)), kit.cards((t[0], 1), (t[1], 1), (t[2], 1)),
                   kit.cards((t[5], 2), (t[-3], 1))]
    else:
        lead = kit.cards((side[-4], 1))
        follows = [kit.cards((t[6], 1)), kit.cards((f"A{OFF_SUIT}", 1)), kit.cards((t[4], 1))]
    return Draft(kit.intro(), (_trick(kit, lead, follows),))


def overtrump_example(kit: Kit) -> Made:
    side, t = kit.side, kit.plain_trumps
    if len(side) < 7 or len(t) < 9:
        return None
    if kit.rules.leading.throws and 2 in kit.rules.combinations.set_widths and kit.decks >= 2:
        lead = kit.cards((side[-6], 1), (side[-5], 1), (side[-4], 1))
        if len(kit.ctx.units(lead)) != 3:
            return None
        follows = [kit.cards((t[4], 1), (t[6], 2)), kit.cards((t[5], 2), (t[-3], 1)),
                   kit.cards((side[-1], 1), (side[-2], 1), (side[-3], 1))]
    else:
        lead = kit.cards((side[2], 1))
        follows = [kit.cards((side[1], 1)), kit.cards((side[0], 1)), kit.cards((side[-1], 1))]
    return Draft(kit.intro(), (_trick(kit, lead, follows),))


# --- levels --------------------------------------------------------------------------------------


def advance_example(kit: Kit) -> Made:
    ladder = level_ladder(kit.rules)
    if len(ladder) < 4:
        return None
    level: str | None = ladder[0]
    played = []
    while level is not None and level != ladder[-1]:
        level = kit.rules.advance(level, 2)
        if level is not None:
            played.append(level)
    return _("A banker team going up 2 levels every hand from level %(first)s plays the levels %(levels)s.") % {
        "first": ladder[0], "levels": join_list(played)}
