"""Leading and throws, following, ruffs, winning tricks."""

from __future__ import annotations

from functools import partial
from typing import Any

from ...rules import LeadShape
from .. import examples as ex
from ..builder import Builder, Draft, Made
from ..i18n import _, ngettext
from ..words import join_and, lead_phrase, pattern_phrase, unit_noun
from .common import has_sets, has_tractors, sentences
from .expressions import as_written, condition_words
from .seats import capitalised, seat_words

# --- leading and throws --------------------------------------------------------------------------


def _first_lead(r: Any) -> Made:
    if r.leading.first_lead == "banker":
        return _("The banker leads the first trick; the winner of each trick leads the next.")
    return _("%(first)s leads the first trick; the winner of each trick leads the next.") % {
        "first": capitalised(seat_words(r.leading.first_lead))}


def leading_section(b: Builder) -> None:
    with b.section("leading", _("Leading and throws")):
        b.rule("leading.first", _first_lead)
        b.rule("leading.throws", _throws)
        b.rule("leading.throw_kinds", _throw_kinds)
        b.example("leading.throw_kind_examples", ex.throw_kind_examples)
        b.rule("leading.throw_check", _throw_check)
        b.rule("leading.throw_stoppers", _throw_stoppers)
        b.rule("leading.throw_stoppers_when", _throw_stoppers_when)
        b.rule("leading.throw_failure", _throw_failure)
        b.rule("leading.throw_penalty", _throw_penalty)
        b.example("leading.throw_examples", ex.throw_examples)


def _throws(r: Any) -> Made:
    if not has_sets(r):  # singles only: no word of sets or tractors the game cannot have
        if r.leading.throws:
            return _("A lead is one card, or a throw: several cards of one suit (or of trumps) led at once, each "
                     "meant to be the highest of the suit.")
        return _("A lead is one card. Throws are not allowed.")
    if not has_tractors(r):
        if r.leading.throws:
            return _("A lead is a single or a set, or a throw: several combinations of one suit (or of trumps) led "
                     "at once, each meant to be the highest of its kind.")
        return _("A lead is a single or a set, of one suit or of trumps. Throws are not allowed.")
    if r.leading.throws:
        return _("A lead is a single, a set or a tractor, or a throw: several combinations of one suit (or of "
                 "trumps) led at once, each meant to be the highest of its kind.")
    return _("A lead is a single, a set or a tractor, of one suit or of trumps. Throws are not allowed.")


def _throw_kind_noun(kind: str) -> str:
    """A kind of ``rules.THROW_KINDS``, as a plural noun of the sheet's language."""
    sets = {"singles": 1, "pairs": 2, "triples": 3, "quads": 4}
    if kind in sets:
        return unit_noun(sets[kind], True)
    return {"tractors": _("tractors"), "straights": _("straights"), "bombs": _("bombs"),
            "rainbows": _("rainbows")}[kind]


def _throw_kinds(r: Any) -> Made:
    """Which kinds a throw may hold (``throws: allowed, without ...``, ``of ... only``)."""
    leading = r.leading
    if not leading.throws or not leading.throw_kinds:
        return None
    kinds = join_and([_throw_kind_noun(k) for k in leading.throw_kinds])
    if leading.throw_kinds_only:
        return _("A throw may hold only %(kinds)s; a combination of another kind is never part of a throw, "
                 "and is led alone.") % {"kinds": kinds}
    return _("A throw may not hold %(kinds)s; such a combination is never part of a throw, and is led "
             "alone.") % {"kinds": kinds}


def _throw_check(r: Any) -> Made:
    if not r.leading.throws:
        return None
    check = r.leading.throw_check
    if not has_sets(r) and check == "every-part":  # every part is one card: the lowest is the one to beat
        if r.leading.throw_stoppers == "opponents":
            return _("A throw stands only if no opponent of the leader holds a card of that suit higher than the "
                     "throw's lowest card.")
        return _("A throw stands only if no other player holds a card of that suit higher than the throw's "
                 "lowest card.")
    if check == "every-part" and not has_tractors(r):
        if r.leading.throw_stoppers == "opponents":
            return _("A throw stands only if no opponent of the leader can beat any of its parts in that suit: a "
                     "higher single beats a single, and a higher set of the same size a set.")
        return _("A throw stands only if no other player can beat any of its parts in that suit: a higher single "
                 "beats a single, and a higher set of the same size a set.")
    if r.leading.throw_stoppers == "opponents":
        if check == "every-part":
            return _("A throw stands only if no opponent of the leader can beat any of its parts in that suit: a "
                     "higher single beats a single, a higher set of the same size a set, and a tractor as long "
                     "and higher a tractor.")
        if check == "largest-part":
            return _("A throw stands only if no opponent of the leader can beat its largest part in that suit; its "
                     "smaller parts are not checked.")
        return _("A throw stands only if no opponent of the leader holds a card of that suit higher than the "
                 "throw's highest card.")
    if check == "every-part":
        return _("A throw stands only if no other player can beat any of its parts in that suit: a higher single "
                 "beats a single, a higher set of the same size a set, and a tractor as long and higher a tractor.")
    if check == "largest-part":
        return _("A throw stands only if no other player can beat its largest part in that suit; its smaller "
                 "parts are not checked.")
    return _("A throw stands only if no other player holds a card of that suit higher than the throw's highest "
             "card.")


def _throw_stoppers(r: Any) -> Made:
    """Whose cards count: the partners' are spared under "opponents" (said here, with what the
    table knows of the teams in Finding Friends)."""
    if not r.leading.throws or r.leading.throw_stoppers != "opponents":
        return None
    if r.table.partnership == "called":
        return _("The cards of the leader's partners never stop a throw, as far as the table knows them: the "
                 "banker and the friends found so far are partners; the other players are partners of one "
                 "another only once every called card has been found.")
    return _("The cards of the leader's partners never stop a throw.")


def _throw_stoppers_when(r: Any) -> Made:
    """Who may stop a throw besides, by its condition (``throw stopped by: ... when ...``)."""
    if not r.leading.throws or not r.leading.throw_stoppers_when:
        return None
    return _("Only a player of whom this holds can stop a throw: %(condition)s. The cards of the other players "
             "never make a throw fail.") % {"condition": condition_words(r.leading.throw_stoppers_when)}


def _exempt(r: Any) -> Made:
    """What a held combination is exempt from when following (``exempt:``), in the order written."""
    said = []
    for word in r.following.exempt:
        if word == "bombs-from-suit":
            said.append(_("Free bombs: a player holding a bomb of as many cards as the lead may play it instead of "
                          "following, whatever the lead's suit and shape; it beats the trick as a bomb does, from "
                          "any suit."))
        elif word == "tractors-from-breaking":
            said.append(_("A tractor need not be broken to follow a lead that holds no tractor: the cards of the "
                          "follower's tractors do not count toward the pairs the follower must play, though the "
                          "cards of the suit are still played before any other."))
    return sentences(*said) if said else None


def _throw_failure(r: Any) -> Made:
    if not r.leading.throws:
        return None
    how = r.leading.throw_failure
    if how == "smallest-card":
        return _("If a throw fails, the leader plays only its lowest card and takes the rest back.")
    if r.leading.throw_decider == "first":
        return _first_decides(how, r.leading.throw_stoppers)
    if how == "smallest-part":
        return _("If a throw fails, the leader plays only its beaten part with the lowest cards and takes the "
                 "rest back.")
    if how == "shortest-part":
        return _("If a throw fails, the leader plays only its beaten part with the fewest cards (of those, the "
                 "one with the lowest cards) and takes the rest back.")
    return _("If a throw fails, the next player chooses which of its beaten parts the leader must play; the "
             "leader takes the rest back.")


def _first_decides(how: str, stoppers: str) -> str:
    """A failed throw judged by the first player in turn who can beat a part of it."""
    if stoppers == "opponents":
        first = _("If a throw fails, only the first opponent after the leader, in turn, who can beat a part of "
                  "it counts.")
    else:
        first = _("If a throw fails, only the first player after the leader, in turn, who can beat a part of it "
                  "counts.")
    if how == "smallest-part":
        then = _("The leader plays only the part with the lowest cards among those that player beats, and takes "
                 "the rest back.")
    elif how == "shortest-part":
        then = _("The leader plays only the part with the fewest cards among those that player beats (of those, "
                 "the one with the lowest cards), and takes the rest back.")
    else:
        then = _("The next player chooses which of the parts that player beats the leader must play; the leader "
                 "takes the rest back.")
    return sentences(first, then)


def _penalty_phrase(p: Any, r: Any, path: str) -> str:
    """What a failed throw does, as the end of a sentence whose subject is the throw (the penalty
    of the rules ``r`` at ``path``)."""
    values = {"points": as_written(r, path, p.points)}
    if p.kind == "none":
        return _("costs no points")
    if p.kind == "hand-lost":
        return _("loses the hand for the thrower's team")
    if p.kind == "per-card":
        return ngettext("costs %(points)s point for each card taken back",
                        "costs %(points)s points for each card taken back", p.points) % values
    return ngettext("costs %(points)s point", "costs %(points)s points", p.points) % values


def _penalty_goes() -> str:
    return _("Penalty points go to the other team: a banker team's penalty is added to the attackers' points, "
             "an attacker's is taken from them.")


def _throw_penalty(r: Any) -> Made:
    if not r.leading.throws:
        return None
    if r.leading.attackers_throw_penalty is not None:
        bankers, attackers = r.leading.throw_penalty, r.leading.attackers_throw_penalty
        # Translators: each side's cost of a failed throw, as the phrases below say it
        text = _("A failed throw by a player of the banker team %(bankers)s; by an attacker, it %(attackers)s.") % {
            "bankers": _penalty_phrase(bankers, r, "leading.throw_penalty"),
            "attackers": _penalty_phrase(attackers, r, "leading.attackers_throw_penalty")}
        return sentences(text, _penalty_goes())
    p = r.leading.throw_penalty
    kind = p.kind
    if kind == "none":
        return _("A failed throw costs no points.")
    if kind == "hand-lost":
        return _("A failed throw loses the hand for the thrower's team.")
    values = {"points": as_written(r, "leading.throw_penalty", p.points)}
    if kind == "per-card":
        text = ngettext("A failed throw costs %(points)s point for each card taken back.",
                        "A failed throw costs %(points)s points for each card taken back.", p.points) % values
    else:
        text = ngettext("A failed throw costs %(points)s point.", "A failed throw costs %(points)s points.",
                        p.points) % values
    return sentences(text, _penalty_goes())


# --- following -----------------------------------------------------------------------------------


def following_section(b: Builder) -> None:
    with b.section("following", _("Following")):
        b.rule("following.basics", lambda r: _(
            "Every player plays as many cards as the lead. All trumps count as one suit. A player must follow "
            "the led suit as far as they can: holding no more cards of it than the lead, they play all of them "
            "and fill up with any cards."))
        b.rule("following.duty", _duty)
        b.rule("following.protect_longer_sets", _protect)
        # with another duty the lists are not used, and not shown
        lists = b.real.following.lists if b.real.following.duty == "lists" else ()
        for i, follow_list in enumerate(lists):
            shape = f"{follow_list.lead.width}x{follow_list.lead.length or 'n'}"
            key = f"following.lists.{'rainbow' + shape if follow_list.lead.rainbow else shape}"
            b.rule(key, partial(_follow_list, i=i))
            b.example(key + ".example", partial(ex.follow_example, index=i))
        for source, lead in _deleted_lists(b.real) if lists else ():
            shape = f"{lead.width}x{lead.length or 'n'}"
            key = f"following.deleted.{'rainbow' + shape if lead.rainbow else shape}"
            b.rule(key, partial(_deleted_list, lead=lead), sources=(source,))
        b.rule("following.default", _default)
        b.rule("following.revoke_penalty", _revoke_penalty)
        b.rule("following.exempt", _exempt)
        b.example("following.exempt_examples", ex.exempt_examples)


def _duty(r: Any) -> Made:
    duty = r.following.duty
    if duty == "lists":
        return _("Holding more cards of the led suit than the lead, a player plays only that suit and must match "
                 "the lead's shape by the lead's priority list below: the first entry their cards of the suit can "
                 "make is the one they must play; if they can make none, any cards of the suit will do.")
    if duty == "tractors":
        return _("Holding more cards of the led suit than the lead, a player plays only that suit; each tractor "
                 "of the lead must be answered with a tractor of its shape if they have one, and nothing else "
                 "about the shape is enforced.")
    return _("Holding more cards of the led suit than the lead, a player plays only that suit; the lead's shape "
             "need not be matched.")


def _protect(r: Any) -> Made:
    if r.following.duty == "suit" or not has_sets(r):
        return None
    comb = r.combinations
    if max((*comb.set_widths, *comb.tractor_widths), default=1) <= 2:  # no set longer than a pair
        if r.following.protect_longer_sets or not comb.tractor_widths:
            return None
        return _("Tractors are split if need be: a pair taken out of a tractor counts as a pair.")
    if r.following.protect_longer_sets:
        return _("A longer set need not be broken to supply a shorter one: a triple is not split to follow a pair.")
    if not comb.tractor_widths:
        return _("Sets are split if need be: a pair taken out of a triple counts as a pair.")
    return _("Sets and tractors are split if need be: a pair taken out of a triple or a tractor counts as a pair.")


def _follow_list(r: Any, i: int) -> Made:
    fl = r.following.lists[i]
    lead = lead_phrase(fl.lead.width, fl.lead.length, fl.lead.rainbow)
    points = tuple(pattern_phrase(p) for p in fl.entries)
    return Draft(_("To %(lead)s, in order of priority:") % {"lead": lead}, points)


def _deleted_lists(rules: Any) -> list[tuple[str, LeadShape]]:
    """The follow lists an ``unset`` deleted: a list's source recorded, but no such list."""
    present = {fl.lead for fl in rules.following.lists}
    out = []
    for key, _ in rules.sources:
        if key.startswith("following.lists[") and key.endswith("]"):
            lead = LeadShape.from_label(key[len("following.lists["):-1])
            if lead not in present:
                out.append((key, lead))
    return out


def _deleted_list(r: Any, lead: LeadShape) -> Made:
    values = {"lead": lead_phrase(lead.width, lead.length, lead.rainbow)}
    comb = r.combinations
    if lead.rainbow:
        exists = bool(comb.rainbow_min and comb.rainbow_trumps)
        if exists:
            return _("To %(lead)s there is no list of its own: a follower who holds its ranks plays them, else "
                     "trumps.") % values
    elif lead.length == 1:
        exists = lead.width in comb.set_widths
    else:
        exists = bool(comb.straight_min) if lead.width == 1 else lead.width in comb.tractor_widths
    if not exists:
        return _("There is no list for %(lead)s: this game has no such lead.") % values
    if r.following.default == "largest-first":
        return _("To %(lead)s there is no list of its own: as to any other lead, its combinations are matched "
                 "largest first, each as closely as the cards of the suit allow.") % values
    return _("To %(lead)s there is no list of its own: as to any other lead, only the suit is enforced.") % values


def _default(r: Any) -> Made:
    if r.following.duty != "lists":
        return None
    throws = r.leading.throws  # without throws, no sentence speaks of them
    if r.following.default == "largest-first":
        if not throws:
            return _("To any other lead, the lead's combinations are matched largest first, each as closely as the "
                     "cards of the suit allow.")
        return _("To any other lead, and to a throw, the lead's combinations are matched largest first, each as "
                 "closely as the cards of the suit allow.")
    if r.following.default == "step-down":
        if throws:
            rule = _("To any other lead, and to a throw, the lead is broken down step by step, and the first step "
                     "the player's cards of the suit can make is the one they must play: first the lead's own "
                     "combinations; then the splits that keep the most cards in the largest sets; among equal sets, "
                     "the split that keeps them in the longest tractors, in the fewest pieces. A throw is broken "
                     "down one combination at a time, the one with the most steps left first.")
        else:
            rule = _("To any other lead, the lead is broken down step by step, and the first step the player's "
                     "cards of the suit can make is the one they must play: first the lead's own combinations; then "
                     "the splits that keep the most cards in the largest sets; among equal sets, the split that "
                     "keeps them in the longest tractors, in the fewest pieces.")
        comb = r.combinations
        if 2 in comb.tractor_widths and comb.tractor_min_length <= 2 and comb.tractor_max_length in (0, *range(3, 51)):
            return sentences(rule, _("To a tractor of three pairs: a tractor of two pairs and a pair, then three "
                                     "pairs, then a tractor of two pairs, then two pairs, then a pair."))
        return rule
    if r.following.default == "sets":
        if throws:
            return _("To any other lead, and to a throw, the lead's sets are matched largest first, each as closely "
                     "as the cards of the suit allow, its tractors counted as the sets they are made of: as many "
                     "pairs as a tractor of pairs holds, and no tractor asked.")
        return _("To any other lead, the lead's sets are matched largest first, each as closely as the cards of the "
                 "suit allow, its tractors counted as the sets they are made of: as many pairs as a tractor of pairs "
                 "holds, and no tractor asked.")
    if not throws:
        return _("To any other lead, only the suit is enforced.")
    return _("To any other lead, and to a throw, only the suit is enforced.")


def _revoke_penalty(r: Any) -> Made:
    p = r.following.revoke_penalty
    kind = p.kind
    if kind == "none":
        return _("A wrong follow found later costs no points.")
    if kind == "hand-lost":
        return _("A wrong follow found later loses the hand for the offender's team.")
    values = {"points": as_written(r, "following.revoke_penalty", p.points)}
    if kind == "per-card":
        text = ngettext("A wrong follow found later costs %(points)s point for each card of the play.",
                        "A wrong follow found later costs %(points)s points for each card of the play.",
                        p.points) % values
    else:
        text = ngettext("A wrong follow found later costs %(points)s point.",
                        "A wrong follow found later costs %(points)s points.", p.points) % values
    return sentences(text, _penalty_goes())


# --- ruffs ---------------------------------------------------------------------------------------


def ruffing_section(b: Builder) -> None:
    with b.section("ruffing", _("Ruffs")):
        b.rule("ruffing.basics", lambda r: _(
            "A player with no cards of the led side suit may ruff with trumps, or discard any cards; a discard "
            "never wins."))
        b.rule("ruffing.requirement", _requirement)
        b.example("ruffing.example", ex.ruff_example)


def _requirement(r: Any) -> Made:
    need = r.ruffing.requirement
    if not has_sets(r) or need == "any":  # with single cards only, any trumps have the lead's shape
        return _("Any trumps, as many as the lead, make a ruff.")
    if not has_tractors(r):
        if need == "counts" and max(r.combinations.set_widths) <= 2:
            return _("A ruff must contain at least as many pairs as the lead; otherwise it is a discard and cannot "
                     "win.")
        if need == "counts":
            return _("A ruff must contain at least as many sets of each size (pairs, triples, ...) as the lead; "
                     "otherwise it is a discard and cannot win.")
        if need == "types":
            return _("A ruff must contain every size of set in the lead; otherwise it is a discard and cannot win.")
    if need == "counts":
        if max(r.combinations.set_widths) <= 2:
            return _("A ruff must contain at least as many tractors, and as many pairs, as the lead; otherwise it "
                     "is a discard and cannot win.")
        return _("A ruff must contain at least as many tractors, and as many sets of each size (pairs, triples, "
                 "...), as the lead; otherwise it is a discard and cannot win.")
    if need == "types":
        return _("A ruff must contain every kind of combination in the lead (each tractor shape, each set size); "
                 "otherwise it is a discard and cannot win.")
    if need == "shape":
        return _("A ruff must hold exactly the lead's combinations; otherwise it is a discard and cannot win.")
    return _("Any trumps, as many as the lead, make a ruff.")


# --- winning tricks ------------------------------------------------------------------------------


def winning_section(b: Builder) -> None:
    with b.section("winning", _("Winning tricks")):
        b.rule("winning.basics", _competitors)
        b.rule("ruffing.compare", _compare)
        b.example("winning.example", ex.overtrump_example)
        b.rule("winning.points", lambda r: _(
            "The attackers score the point cards of every trick they win; the banker team's tricks score "
            "nothing."))
        b.rule("winning.friends_tricks", _friends_tricks)


def _competitors(r: Any) -> Made:
    text = _("Only the lead, plays of the led suit that hold all of the lead's combinations, and valid ruffs "
             "compete for the trick; a valid ruff beats any play of the side suit.")
    return sentences(text, _("An unbeaten throw wins.")) if r.leading.throws else text


def _friends_tricks(r: Any) -> Made:
    if r.table.partnership != "called":
        return None
    return _("Who is on which side is settled at the end of the hand: every trick a friend won counts for the "
             "banker's side, those won before the friend was found included.")


def _compare(r: Any) -> Made:
    how = r.ruffing.compare
    if how == "largest-part":
        return _("Competing plays, ruffs and overtrumps included, are compared by the lead's largest "
                 "combination: the play with the highest counterpart of it wins; on a tie the earlier play wins.")
    if how == "every-part":
        return _("A later play beats an earlier one only if it is higher in every combination of the lead; on a "
                 "tie the earlier play wins.")
    if how == "part-by-part":
        return _("Competing plays, ruffs and overtrumps included, are compared combination by combination, "
                 "the lead's largest combinations first and the highest first among equal sizes: the first "
                 "combination that differs decides. A throw's single cards count only when all its parts are "
                 "singles. If every combination ties, the earlier play wins.")
    return _("Competing plays, ruffs and overtrumps included, are compared by their highest card; on a tie the "
             "earlier play wins.")
