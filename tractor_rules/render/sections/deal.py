"""The table and the deal, card order, combinations."""

from __future__ import annotations

from typing import Any

from ...rules import expressions
from .. import examples as ex
from .. import phase_examples as phx
from ..builder import Builder, Draft, Made
from ..i18n import _, ngettext
from ..model import Table
from ..track import untracked
from ..words import (
    SUIT_GLYPHS,
    join_and,
    join_list,
    join_or,
    set_phrase,
    tier_phrase,
    unit_noun,
)
from .common import has_sets, has_tractors, sentences
from .expressions import as_written, card_nouns, condition_words

# --- the table and the deal ----------------------------------------------------------------------


def table_section(b: Builder) -> None:
    with b.section("table", _("The table and the deal")):
        b.rule("table.players", _players)
        b.rule("table.call_limits", _call_limits)
        b.rule("table.count_banker_copies", _called_copies)
        b.rule("table.join_twice", _join_twice)
        b.example("table.call_example", phx.call_example)
        b.rule("table.deck", _deck)
        b.rule("table.deal", _deal)
        b.rule("table.points", _points)


def _players(r: Any) -> Made:
    t = r.table
    direction = _("play goes counterclockwise") if t.direction == "counterclockwise" else _("play goes clockwise")
    values = {"players": t.players, "direction": direction}
    if t.partnership == "opposite":
        return _("%(players)s players in two fixed teams, each player's partner sitting opposite; "
                 "%(direction)s.") % values
    if t.partnership == "alternate":
        return _("%(players)s players in two fixed teams, the seats alternating between the teams; "
                 "%(direction)s.") % values
    if t.partnership == "alone":
        return _("%(players)s players without partners: in every hand the banker plays alone against all the "
                 "others, who play together as the attackers; %(direction)s.") % values
    values["cards"] = t.called_cards
    return ngettext(
        "%(players)s players without fixed partners: after taking the kitty the banker calls %(cards)s card, "
        "and whoever plays it joins the banker's team; everybody else is an attacker; %(direction)s.",
        "%(players)s players without fixed partners: after taking the kitty the banker calls %(cards)s cards, "
        "and whoever plays one of them joins the banker's team; everybody else is an attacker; %(direction)s.",
        t.called_cards,
    ) % values


def _call_limits(r: Any) -> Made:
    """Finding Friends: which cards may be called (``table.call_condition``: ``called_when``, and
    the ``call_limits`` of a document of an earlier version)."""
    t = r.table
    if t.partnership != "called":
        return None
    condition = t.call_condition
    if not condition:
        return _("The banker may call any card, trumps included.")
    nouns = card_nouns(condition)
    if nouns is not None:
        return _("The banker may not call %(cards)s; what is trump is known by then.") % {"cards": join_or(nouns)}
    return _("The banker may call a card only when %(condition)s; what is trump is known by then.") % {
        "condition": condition_words(condition)}


def _called_copies(r: Any) -> Made:
    """Finding Friends: how the copies of a called card count toward its number."""
    t = r.table
    if t.partnership != "called":
        return None
    if t.count_banker_copies:
        return _("The copies of a called card are counted in the order they are played, the banker's own "
                 "included (a call of the second ♣A is answered by whoever plays the second ♣A of the hand); a "
                 "called card the banker plays makes no friend.")
    return _("The copies of a called card are counted in the order they are played, leaving out those the "
             "banker plays (“the other ace”): a call of the first ♣A is answered by the first player other than "
             "the banker to play a ♣A.")


def _join_twice(r: Any) -> Made:
    """Finding Friends: whether a player already on the banker's team answers a call (said only
    when not: the copies' sentence is the rule otherwise)."""
    t = r.table
    if t.partnership != "called" or t.join_twice:
        return None
    return _("A player already on the banker's team (the banker, or a friend found before) who plays the copy "
             "that answers a call does not take it: the next copy played by someone else answers it.")


def _deck(r: Any) -> Made:
    t = r.table
    parts = [_("the big and the small joker included") if t.jokers else _("no jokers")]
    removed = list(t.removed_ranks)
    if removed:
        parts.append(ngettext("the rank %(ranks)s removed", "the ranks %(ranks)s removed", len(removed))
                     % {"ranks": join_list(removed)})
    whole = t.decks * t.cards_per_deck
    text = ngettext(
        "One deck of %(per)s cards (%(what)s).",
        "%(decks)s decks of %(per)s cards each (%(what)s): %(total)s cards in all.",
        t.decks,
    ) % {"decks": t.decks, "per": t.cards_per_deck, "what": join_and(parts), "total": whole}
    removed = t.removed_cards
    if not removed:
        return text
    taken = join_and([_removed_cards(card, copies) for card, copies in removed])
    # the space between the sentences is part of the message: Chinese puts none after "。"
    return text + ngettext(
        " Taken out of the pack before the deal: %(cards)s; %(left)s card is played.",
        " Taken out of the pack before the deal: %(cards)s; %(left)s cards are played.",
        t.total_cards,
    ) % {"cards": taken, "left": t.total_cards}


def _removed_cards(card: str, copies: int) -> str:
    """Copies of one card taken out of the pack: "3 small jokers", "1 ♠2"."""
    values: dict[str, object] = {"count": copies}
    if card == "BJ":
        return ngettext("%(count)s big joker", "%(count)s big jokers", copies) % values
    if card == "SJ":
        return ngettext("%(count)s small joker", "%(count)s small jokers", copies) % values
    values["card"] = SUIT_GLYPHS[card[-1]] + card[:-1]
    return ngettext("%(count)s %(card)s", "%(count)s × %(card)s", copies) % values


def _deal(r: Any) -> Made:
    t = r.table
    values = {"hand": as_written(r, "table.hand_size", t.hand_size),
              "kitty": as_written(r, "table.kitty_size", t.kitty_size)}
    if t.kitty_size == 0:
        return ngettext("Each player is dealt %(hand)s card; there is no kitty.",
                        "Each player is dealt %(hand)s cards; there is no kitty.", t.hand_size) % values
    # two numbers, one plural: the kitty's (a hand of one card is no game)
    return ngettext("Each player is dealt %(hand)s cards; %(kitty)s card is set aside face down as the kitty.",
                    "Each player is dealt %(hand)s cards; %(kitty)s cards are set aside face down as the kitty.",
                    t.kitty_size) % values


def _points(r: Any) -> Made:
    t = r.table
    points = list(t.points)
    if not points:
        return _("No card scores points.")
    rows = tuple((rank, str(value)) for rank, value in points)
    text = _("Point cards, each worth its points wherever it ends; %(total)s points in all:") % {
        "total": t.total_points}
    return Draft(text, table=Table((_("Card"), _("Points")), rows))


# --- card order ----------------------------------------------------------------------------------


def order_section(b: Builder) -> None:
    with b.section("order", _("Card order")):
        b.rule("trumps.order", _trump_order)
        b.rule("trumps.constant", _constant_trumps)
        b.rule("order.side", _side_suits)
        b.rule("trumps.no_trump", _no_trump)
        b.rule("order.ties", _ties)
        b.example("order.example", ex.order_example)


def _trump_order(r: Any) -> Made:
    # a joker every copy of which is taken out of the pack leaves an empty band: not worth a line
    absent = _absent_jokers(r)
    points = tuple(tier_phrase(t) for t in r.trumps.order if t.kind not in absent)
    return Draft(_("The trumps count as one suit of their own. From the highest:"), points)


def _constants(r: Any) -> list[str]:
    names = [_("the %(rank)ss") % {"rank": rank} for rank in r.trumps.constant_ranks]
    return names + _constant_cards(r)


def _constant_cards(r: Any) -> list[str]:
    # "every ♥5": with several decks a constant card has several copies, all of them trumps
    return [_("every %(card)s") % {"card": SUIT_GLYPHS[c[-1]] + c[:-1]} for c in r.trumps.constant_cards]


def _constant_trumps(r: Any) -> Made:
    names = _constants(r)
    # read here in every case: without constant ranks it changes nothing, and constant ranks that
    # are never levels are left out of the levels' range, which says so
    levels_too = r.trumps.constant_levels and bool(r.trumps.constant_ranks)
    if not names:
        return _("There are no constant trumps: only the level rank and the trump suit change from hand to hand.")
    text = _("Constant trumps, in every hand whatever the level and the trump suit: %(cards)s.") % {
        "cards": join_and(names)}
    if not levels_too:
        return text
    return _("%(sentence)s %(more)s") % {"sentence": text, "more": _constant_levels(r)}


def _constant_levels(r: Any) -> str:
    return _("The constant trumps are levels too: at the level of %(ranks)s, that rank's cards are the level "
             "cards, and its own place stays empty.") % {"ranks": join_or(sorted(r.trumps.constant_ranks, key=r.table.ranks.index))}


def _side_suits(r: Any) -> Made:
    constant = set(r.trumps.constant_ranks)
    ranks = [rank for rank in reversed(r.table.ranks) if rank not in constant]
    values = {"ranks": join_list(ranks)}
    cards = _constant_cards(r)
    if cards:  # a constant card leaves a hole in its own suit only
        return _("Each side suit ranks %(ranks)s, without the level rank, whose cards are trumps, and without "
                 "the constant trumps (%(cards)s).") % {**values, "cards": join_and(_constants(r))}
    if constant:
        return _("Each side suit ranks %(ranks)s, without the level rank, whose cards are trumps "
                 "(the constant trumps are never in a side suit).") % values
    return _("Each side suit ranks %(ranks)s, without the level rank, whose cards are trumps.") % values


def _no_trump(r: Any) -> Made:
    if untracked(r).auction.on:  # the banker the auction finds always names a suit: no hand is no-trump
        return None
    constant = bool(_constants(r))
    if not r.table.jokers or _absent_jokers(r) >= {"big-joker", "small-joker"}:
        return _no_trump_without_jokers(r, constant)
    if r.trumps.no_trump == "jokers-and-levels":
        if constant:
            return _("In a no-trump hand there is no trump suit: the jokers, the level cards and the constant "
                     "trumps are the only trumps, and the level cards of all suits rank equally.")
        return _("In a no-trump hand there is no trump suit: the jokers and the level cards are the only "
                 "trumps, and the level cards of all suits rank equally.")
    if constant:
        return _("In a no-trump hand only the jokers and the constant trumps are trumps; the level cards stay "
                 "in their suits at their natural rank.")
    return _("In a no-trump hand only the jokers are trumps; the level cards stay in their suits at their "
             "natural rank.")


def _no_trump_without_jokers(r: Any, constant: bool) -> Made:
    """A game without jokers: no sentence may name them."""
    if r.trumps.no_trump == "jokers-and-levels":
        if constant:
            return _("In a no-trump hand there is no trump suit: the level cards and the constant trumps are the "
                     "only trumps, and the level cards of all suits rank equally.")
        return _("In a no-trump hand there is no trump suit: the level cards are the only trumps, and those of all "
                 "suits rank equally.")
    if constant:
        return _("In a no-trump hand only the constant trumps are trumps; the level cards stay in their suits at "
                 "their natural rank.")
    return _("A no-trump hand has no trumps at all; the level cards stay in their suits at their natural rank.")


def _ties(r: Any) -> Made:
    if r.table.decks > 1:
        return _("Cards that rank equally, such as identical cards from different decks, tie: the one played first "
                 "beats the later ones.")
    # one deck: only the level cards of the side suits rank equally
    return _("Cards that rank equally, such as level cards of different suits, tie: the one played first beats "
             "the later ones.")


# --- combinations --------------------------------------------------------------------------------


def combinations_section(b: Builder) -> None:
    with b.section("combinations", _("Combinations")):
        b.rule("combinations.sets", _sets)
        b.rule("combinations.tractors", _tractors)
        b.rule("combinations.bridge_gaps", _bridge_gaps)
        b.rule("combinations.links", _links)
        b.rule("combinations.no_trump_links", _no_trump_links)
        b.example("combinations.tractor_examples", ex.tractor_examples)
        b.rule("combinations.grouping", _grouping)
        b.example("combinations.grouping_example", ex.grouping_example)
        b.rule("combinations.largest", _largest_kinds)
        b.rule("combinations.bomb_width", _bombs)
        b.rule("combinations.rainbow_min", _rainbows)
        b.rule("combinations.rainbow_bombs", _rainbow_bombs)
        b.rule("combinations.straight_min", _straights)
        b.rule("combinations.straight_pairs", _straight_pairs)
        b.example("combinations.rain_example", ex.rain_example)
        b.example("combinations.rain_throw_example", ex.rain_throw_example)
        b.example("combinations.kinds", ex.kind_examples)


def _straight_list(r: Any) -> bool:
    """Whether a follow list is written for straights (``straight of n cards: ...``): the follow
    section then says what a straight, and a rain short of its kind, asks."""
    return any(fl.lead.width == 1 and fl.lead.length != 1 for fl in r.following.lists)


def _straights(r: Any) -> Made:
    least = r.combinations.straight_min
    if not least:
        return None  # a game without straights says nothing of them, as of bombs and rainbows
    if _straight_list(r):
        return _("Straights: %(n)s or more single cards of one suit (or all trumps), adjacent as the sets of a "
                 "tractor are, are one combination, a tractor of single cards. To a straight, a player follows "
                 "as the follow list for straights says (under Following). Of straights as long, the one with "
                 "the higher top card wins; a longer straight is the larger combination.") % {"n": least}
    return _("Straights: %(n)s or more single cards of one suit (or all trumps), adjacent as the sets of a "
             "tractor are, are one combination, a tractor of single cards. To a straight, a player who holds "
             "a straight as long must play one; otherwise any cards of the suit. Of straights as long, the one "
             "with the higher top card wins; a longer straight is the larger combination.") % {"n": least}


def _straight_pairs(r: Any) -> Made:
    comb = r.combinations
    if not comb.straight_min or not comb.straight_pairs:
        return None  # straights of single cards only: the straights' sentence says it all
    if _straight_list(r) and r.following.duty == "lists":
        return _("Pairs ride along: a card of a straight held twice may come along as a pair, and the straight "
                 "with its pairs, some cards single and some paired, is one combination, a rain (雨). Rains compare "
                 "only with rains of as many cards and as many pairs, wherever the pairs sit: the one with the "
                 "higher top card wins, and a rain of trumps beats one of a side suit. To a rain, a player who "
                 "holds a rain of its kind in the suit must play one; otherwise the follow list for a straight "
                 "of as many cards as the rain says what to play. A rain is led as one combination, never as a "
                 "throw; as the last trick's lead it multiplies the kitty as a straight as long does. A throw may "
                 "hold a rain as one of its parts: it fails when another player holds a rain of that kind with a "
                 "higher top card; a follower who holds a rain of that kind must play one, and a ruff must hold "
                 "one in trumps; the rain is the throw's largest part when no other part has as many cards, and "
                 "then counts, as ruffs are compared and as the kitty is multiplied, as a rain led alone does.")
    return _("Pairs ride along: a card of a straight held twice may come along as a pair, and the straight "
             "with its pairs, some cards single and some paired, is one combination, a rain (雨). Rains compare "
             "only with rains of as many cards and as many pairs, wherever the pairs sit: the one with the "
             "higher top card wins, and a rain of trumps beats one of a side suit. To a rain, a player who "
             "holds a rain of its kind in the suit must play one; otherwise the lead asks what its straight "
             "and sets would ask. A rain is led as one combination, never as a throw; as the last trick's lead "
             "it multiplies the kitty as a straight as long does. A throw may hold a rain as one of its parts: "
             "it fails when another player holds a rain of that kind with a higher top card; a follower who "
             "holds a rain of that kind must play one, and a ruff must hold one in trumps; the rain is the "
             "throw's largest part when no other part has as many cards, and then counts, as ruffs are "
             "compared and as the kitty is multiplied, as a rain led alone does.")


def _rainbows(r: Any) -> Made:
    least = r.combinations.rainbow_min
    if not least:
        return None  # a game without rainbows says nothing of them: few players have heard of them
    if r.combinations.rainbow_trumps and r.following.duty == "lists" \
            and any(fl.lead.rainbow for fl in r.following.lists):
        return _("Rainbows among trumps: %(n)s or more trumps of one rank, of the four different suits (so only "
                 "a rank that is trump in every suit, the level rank or a constant rank; never jokers), may be "
                 "led together, and several such ranks together as a throw, which fails if another player "
                 "holds, of a rank higher in the trump order, as many such trumps as one of its ranks. To such "
                 "a rainbow, a player who holds, for every rank of the lead, as many trumps of one rank in four "
                 "suits (a rank of their own for each) must play them; otherwise trumps, as the follow list for "
                 "rainbows says (under Following). The play whose ranks are highest in the trump order wins the "
                 "trick; a play that cannot give every rank of the lead cannot win.") % {"n": least}
    if r.combinations.rainbow_trumps:
        return _("Rainbows among trumps: %(n)s or more trumps of one rank, of the four different suits (so only "
                 "a rank that is trump in every suit, the level rank or a constant rank; never jokers), may be "
                 "led together, and several such ranks together as a throw, which fails if another player "
                 "holds, of a rank higher in the trump order, as many such trumps as one of its ranks. To such "
                 "a rainbow, a player who holds, for every rank of the lead, as many trumps of one rank in four "
                 "suits (a rank of their own for each) must play them; otherwise trumps, as many as the lead or "
                 "all they hold. The play whose ranks are highest in the trump order wins the trick; a play that "
                 "cannot give every rank of the lead cannot win.") % {"n": least}
    return _("Rainbows: %(n)s or more cards of one rank, of four different suits (all trumps counting as one "
             "suit; never jokers), may be led together, and several such ranks together as a throw, which "
             "fails if another player holds, of a higher rank, as many cards as one of its ranks. To a "
             "rainbow, a player who can give every rank of the lead as many cards of one rank, in any suits, "
             "must do so; otherwise any cards will do. The play with the highest ranks wins the trick; a play "
             "that cannot give every rank of the lead cannot win.") % {"n": least}


def _rainbow_bombs(r: Any) -> Made:
    comb = r.combinations
    if not comb.rainbow_min or not comb.rainbow_bombs:
        return None  # rainbows that are no bombs compare only with one another, as the sentence above says
    if comb.bomb_width:
        return _("Rainbows are bombs too: a rainbow of one rank played to any other lead of as many cards "
                 "(where the duty to follow suit allows it) beats every play but a stronger bomb. Between "
                 "bombs, more cards of one rank win, then identical cards beat a rainbow, then the higher rank "
                 "wins.")
    return _("Rainbows are bombs: a rainbow of one rank played to any other lead of as many cards (where the "
             "duty to follow suit allows it) beats every other play; between two such rainbows the higher rank "
             "wins.")


def _sets(r: Any) -> Made:
    widths = [w for w in r.combinations.set_widths if w > 1]
    if not widths:
        if r.leading.throws:  # several cards are led at once, so not "one by one"
            return _("There are no pairs or other sets: every combination is a single card, and a throw is made of "
                     "singles.")
        return _("Cards are played one by one, as singles: there are no pairs or other sets.")
    sets = [_("%(set)s (%(n)s identical cards)") % {"set": set_phrase(w, "1"), "n": w} for w in widths]
    return _("Besides singles, identical cards (the same card from different decks) are played as sets: "
             "%(sets)s.") % {"sets": join_and(sets)}



def _tractors_by_width(c: Any, widths: list[int]) -> str:
    """Tractors whose length depends on the width of their sets: each width with its own range."""
    groups: dict[tuple[int, int], list[int]] = {}
    for width in widths:
        groups.setdefault(tuple(c.lengths_of(width)), []).append(width)
    kinds = []
    for (least, most), group in groups.items():
        values = {"units": join_or([unit_noun(w, True) for w in group]), "min": least, "max": most}
        if most:
            kinds.append(_("%(min)s to %(max)s adjacent %(units)s") % values)
        else:
            kinds.append(_("%(min)s or more adjacent %(units)s") % values)
    return _("A tractor is %(kinds)s, all of one suit or all trumps.") % {"kinds": join_or(kinds)}


def _tractors(r: Any) -> Made:
    c = r.combinations
    widths = list(c.tractor_widths)
    if not widths:
        return _("There are no tractors.")
    if c.tractor_lengths:
        text = _tractors_by_width(c, widths)
    else:
        values = {"units": join_or([unit_noun(w, True) for w in widths]), "min": c.tractor_min_length,
                  "max": c.tractor_max_length}
        if c.tractor_max_length:
            text = _("A tractor is %(min)s to %(max)s adjacent %(units)s of one suit, or all trumps.") % values
        else:
            text = _("A tractor is %(min)s or more adjacent %(units)s of one suit, or all trumps.") % values
    if len(widths) > 1:
        text = sentences(text, _("The sets of one tractor are all of the same size."))
    return text


def _bridge_gaps(r: Any) -> Made:
    if not has_tractors(r):
        return None
    wrap = _("A and 2 are never adjacent.")
    if r.combinations.bridge_gaps:
        return sentences(_("Ranks taken out of a suit (the level rank, constant trumps) leave no gap: the ranks "
                            "on either side of them are adjacent."), wrap)
    return sentences(_("Ranks taken out of a suit (the level rank, constant trumps) break a tractor: the ranks "
                        "on either side of them are not adjacent."), wrap)


def _absent_jokers(r: Any) -> set[str]:
    """The joker bands left empty because every copy of that joker is taken out of the pack."""
    return {kind for kind, card in (("big-joker", "BJ"), ("small-joker", "SJ")) if not r.table.copies(card)}


def _chains(r: Any, chains: Any, one: str, several: str, none: str) -> Made:
    # as the engine does, an empty band is passed over, and a chain left with one band links nothing
    absent = _absent_jokers(r)
    chains = [kept for kept in ([t for t in chain if t.kind not in absent] for chain in chains) if len(kept) > 1]
    if not chains:
        return none
    if len(chains) == 1:
        return Draft(one, tuple(tier_phrase(t) for t in chains[0]))
    return Draft(several, tuple(" ~ ".join(tier_phrase(t) for t in chain) for chain in chains))


def _links(r: Any) -> Made:
    if not has_tractors(r):
        return None
    return _chains(
        r, r.combinations.links,
        _("In a hand with a trump suit, sets of these trumps are adjacent, each to the next, and form tractors:"),
        _("In a hand with a trump suit, sets of neighbouring trumps in each of these chains are adjacent:"),
        _("In a hand with a trump suit, jokers, level cards and constant trumps never join a tractor.")
        if r.table.jokers else
        _("In a hand with a trump suit, level cards and constant trumps never join a tractor."),
    )


def _no_trump_links(r: Any) -> Made:
    if not has_tractors(r) or untracked(r).auction.on:  # an auction's banker always names a suit
        return None
    return _chains(
        r, r.combinations.no_trump_links,
        _("In a no-trump hand, sets of these trumps are adjacent, each to the next, and form tractors:"),
        _("In a no-trump hand, sets of neighbouring trumps in each of these chains are adjacent:"),
        _("In a no-trump hand, the trumps never form tractors."),
    )



def _grouping(r: Any) -> Made:
    if not has_sets(r):
        return None  # singles only: a play is always read card by card
    tractors = has_tractors(r)
    if r.combinations.grouping == "identical":
        if not tractors:
            return _("Identical cards always stay together: a play is read as whole sets of identical cards.")
        return _("Identical cards always stay together: a play is read as whole sets of identical cards, and "
                 "tractors are made of whole sets only.")
    if not tractors:
        return _("A play is read as its largest sets first.")
    return _("A play is read as its largest combinations: tractors first, then the largest sets.")


def _largest_uses(r: Any) -> list[str]:
    """What the rules decide by a play's largest combination: the kitty multiplier, the comparison
    of competing plays, the throw check.  Read untracked: those rules have sentences (and house
    marks) of their own; this one states only the order of the kinds."""
    plain = untracked(r)
    kitty = plain.kitty
    uses = []
    if plain.table.kitty_size and (kitty.kind == "table" or (
            kitty.kind == "formula" and "size" in expressions.quantities_of(kitty.formula))):
        uses.append(_("the kitty multiplier"))
    if plain.ruffing.compare in ("largest-part", "part-by-part"):
        uses.append(_("the winner of a trick (ruffs included)"))
    if plain.leading.throws and plain.leading.throw_check == "largest-part":
        uses.append(_("whether a throw stands"))
    return uses


def _largest_kinds(r: Any) -> Made:
    """The order of the kinds of combination that picks a play's largest one, as the engine ranks
    units (``units.Unit.key``): tractors above sets, then the wider, then the longer."""
    uses = _largest_uses(r)
    if not has_sets(r) or not uses:
        return None
    comb = r.combinations
    kinds = [_("tractors of pairs") if w == 2 else _("tractors of %(units)s") % {"units": unit_noun(w, True)}
             for w in sorted(comb.tractor_widths, reverse=True)]
    if comb.straight_min:  # tractors of singles: below the tractors of sets, above every set
        kinds.append(_("straights"))
    kinds += [unit_noun(w, True) for w in sorted({1, *comb.set_widths}, reverse=True)]
    values = {"kinds": join_list(kinds), "uses": join_and(uses)}
    if comb.tractor_widths or comb.straight_min:
        return _("The kinds of combination rank, from the largest: %(kinds)s; of two tractors of one kind, the "
                 "longer is the larger. A play's largest combination, which decides %(uses)s, is the first of its "
                 "combinations in this order.") % values
    return _("The kinds of combination rank, from the largest: %(kinds)s. A play's largest combination, which "
             "decides %(uses)s, is the first of its combinations in this order.") % values


def _bombs(r: Any) -> Made:
    width = r.combinations.bomb_width
    if not width:
        return None  # a game without bombs says nothing of them, as of rainbows
    if r.combinations.bomb_joins_sets:
        return _("Bombs: %(n)s or more identical cards of the led suit or of trumps, alone or joined with "
                 "adjacent sets of two or more identical cards (3333 44 is a bomb of six cards), beat any other "
                 "play of as many cards; between bombs, the larger set of identical cards wins, then trumps beat "
                 "the led suit, then the higher card of that set wins.") % {"n": width}
    return _("Bombs: %(n)s or more identical cards of the led suit or of trumps beat any other play; more cards "
             "beat fewer, then trumps beat the led suit, then the higher card wins.") % {"n": width}
