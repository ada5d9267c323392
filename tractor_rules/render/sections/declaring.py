"""Declaring trump and the kitty."""

from __future__ import annotations

from typing import Any

from ...rules import expressions, side_reinforces
from ...rules.expressions import reads_the_turn
from .. import examples as ex
from .. import phase_examples as phx
from ..builder import Builder, Draft, Made
from ..i18n import _, ngettext
from ..model import Table
from ..words import SUIT_GLYPHS, join_list, join_or, outcome_phrase, shape_phrase
from .common import sentences
from .seats import audience_words, seat_words
from .expressions import after_the_kitty, as_written, card_nouns, condition_words, in_the_deal, number_words

# --- declaring -----------------------------------------------------------------------------------


def declaring_section(b: Builder) -> None:
    with b.section("declaring", _("Declaring trump")):
        b.rule("declaring.ladder", lambda r: ex.ladder_table(r, b.kit))
        b.rule("declaring.ladder.same_colour", _same_colour)
        b.rule("declaring.suit_order", _suit_order)
        b.rule("declaring.reinforce", _reinforce)
        b.rule("declaring.overturn_in_deal", _overturn_in_deal)
        b.rule("declaring.first_declaration", _first_declaration)
        b.rule("declaring.in_turn", _in_turn)
        b.example("declaring.in_turn_example", phx.in_turn_example)
        b.rule("declaring.overturn_own", _overturn_own)
        b.rule("declaring.overturn_after_kitty", _overturn_after_kitty)
        b.rule("declaring.overturn_first", _overturn_first)
        b.rule("declaring.ladder_after_kitty", lambda r: ex.round_ladder_table(r, b.kit))
        b.example("declaring.overturn_after_kitty_example", phx.overturn_example)
        b.rule("declaring.fallback", _fallback)
        b.example("declaring.fallback_example", ex.fallback_example)
        b.rule("declaring.first_dealer", first_dealer)
        b.example("declaring.first_dealer_example", phx.cut_example)
        b.rule("declaring.first_banker", _first_banker)
        b.rule("declaring.first_fallback", _first_fallback)
        b.example("declaring.contest_example", phx.contest_example)
        b.rule("declaring.exchange_with_declarer", _exchange_with_declarer)
        b.example("declaring.exchange_with_declarer_example", phx.exchange_example)
        b.rule("declaring.give_up_bank", _give_up_bank)
        b.example("declaring.give_up_bank_example", phx.give_up_example)
        b.rule("declaring.face_down", _face_down)
        b.example("declaring.reveal_example", phx.reveal_example)
        b.rule("declaring.redeal_hands", _weak_hands)
        b.rule("declaring.redeal_when", _asked_redeal)
        b.rule("declaring.redeal_clears_bank", _bank_cleared)


def _same_colour(r: Any) -> Made:
    if not any(step.same_colour for step in r.declaring.ladder):
        return None
    return _("A joker declares with level cards only of its colour: the big joker, the red one, with ♥ or ♦; the "
             "small joker, the black one, with ♠ or ♣.")


def _suit_order(r: Any) -> Made:
    if not r.declaring.ladder:  # nobody declares: nothing to break ties between
        return None
    order = list(r.declaring.suit_order)
    if not order:
        return _("Between two declarations of the same strength, the earlier one stands.")
    suits = join_list([SUIT_GLYPHS[s] for s in order])
    if any(step.tied for step in r.declaring.ladder):
        return _("Between two declarations of the same step in different suits, the suit decides, from the "
                 "lowest: %(suits)s; between different steps of the same strength, the earlier one stands.") % {
            "suits": suits}
    return _("Between two declarations of the same strength, the suit decides, from the lowest: %(suits)s.") % {
        "suits": suits}


def _reinforce(r: Any) -> Made:
    d = r.declaring
    if not d.ladder:
        return None
    if d.reinforce_to_retake:
        retake = _("A player whose declaration has been overturned may show more of the same cards, making it as "
                   "strong as the standing declaration, and so take the declaration back.")
        if d.reinforce:
            return sentences(_("A player may reinforce their own declaration by showing more of the same cards, so "
                               "that only a stronger declaration can overturn it."), retake)
        return sentences(_("A declaration that stands cannot be reinforced."), retake)
    if side_reinforces(d):
        return _side_reinforce(d)
    if d.reinforce and d.reinforce_when:
        if expressions.facts_of(d.reinforce_when) & expressions.PLAYER_FACTS:
            return _("A player may reinforce their own declaration by showing more of the same cards, so that only "
                     "a stronger declaration can overturn it, but only when %(condition)s (in the game's first "
                     "hand, whose banker the declaring finds, every player counts as an attacker).") % {
                "condition": condition_words(in_the_deal(d.reinforce_when))}
        return _("A player may reinforce their own declaration by showing more of the same cards, so that only a "
                 "stronger declaration can overturn it, but only when %(condition)s.") % {
            "condition": condition_words(in_the_deal(d.reinforce_when))}
    if d.reinforce:
        return _("A player may reinforce their own declaration by showing more of the same cards, so that only a "
                 "stronger declaration can overturn it.")
    return _("A declaration cannot be reinforced.")


#: the condition on reinforcing that lets the whole declaring side reinforce, written either way round
_THE_SIDE = (("any", ("fact", "declarer-partner"), ("fact", "declarer")),
             ("any", ("fact", "declarer"), ("fact", "declarer-partner")))


def _side_reinforce(d: Any) -> str:
    """亮主方加固: the condition on reinforcing names who of the declaring side may reinforce."""
    joined = _("The partner's cards join the declarer's: the declaration stays the declarer's, as strong as all "
               "its cards together (a level card with the partner's like it is a pair).")
    if d.reinforce_when in _THE_SIDE:
        return sentences(_("The declarer or their partner may reinforce the standing declaration by showing more "
                           "cards like those shown, so that only a stronger declaration can overturn it."), joined)
    if d.reinforce_when == ("fact", "declarer-partner"):
        return sentences(_("The declarer's partner, and not the declarer, may reinforce the standing declaration by "
                           "showing more cards like those shown, so that only a stronger declaration can overturn "
                           "it."), joined)
    return sentences(_("A player of the declaring side (the declarer or their partner) may reinforce the standing "
                       "declaration by showing more cards like those shown, so that only a stronger declaration "
                       "can overturn it, but only when %(condition)s.") % {
        "condition": condition_words(in_the_deal(d.reinforce_when))}, joined)


def _overturn_in_deal(r: Any) -> Made:
    decl = r.declaring
    if not decl.ladder or decl.overturn_in_deal and not decl.overturn_in_deal_when:
        return None  # the ladder's own words say that a stronger declaration overturns
    if not decl.overturn_in_deal:
        return _("Nothing overturns a declaration during the deal: the first declaration stands.")
    condition = decl.overturn_in_deal_when
    if reads_the_turn(condition):
        if condition == ("not", ("fact", "declarer-partner")):
            return _("During the deal a player may not overturn their partner's declaration.")
        if condition == ("fact", "declarer-opponent"):
            return _("During the deal a player may overturn only an opponent's declaration.")
        if condition == ("not", ("fact", "previous-declarer")):
            # Translators: 不能反回 — nobody overturns the one who overturned them
            return _("During the deal a player whose declaration was overturned may not overturn back the one "
                     "who overturned them.")
        if expressions.facts_of(condition) & expressions.PLAYER_FACTS:
            return _("During the deal a player may overturn the standing declaration with a stronger one only "
                     "when %(condition)s (in the game's first hand, whose banker the declaring finds, every player "
                     "counts as an attacker).") % {"condition": condition_words(in_the_deal(condition))}
        return _("During the deal a player may overturn the standing declaration with a stronger one only when "
                 "%(condition)s.") % {"condition": condition_words(in_the_deal(condition))}
    return _("During the deal a stronger declaration overturns the standing one only when %(condition)s; "
             "otherwise the first declaration stands.") % {"condition": condition_words(condition)}


def _first_declaration(r: Any) -> Made:
    """Who may make the first declaration of a deal (``declaring.first_declaration_when``)."""
    decl = r.declaring
    condition = decl.first_declaration_when
    if not condition or not decl.ladder or r.auction.on:
        return None
    if expressions.facts_of(condition) & expressions.PLAYER_FACTS:
        return _("During the deal a player may make the first declaration, while none stands, only when "
                 "%(condition)s (in the game's first hand, whose banker the declaring finds, every player counts as "
                 "an attacker).") % {"condition": condition_words(in_the_deal(condition))}
    return _("During the deal a player may make the first declaration, while none stands, only when "
             "%(condition)s.") % {"condition": condition_words(in_the_deal(condition))}


def _in_turn(r: Any) -> Made:
    decl = r.declaring
    if not decl.in_turn or not decl.ladder:
        return None
    first = in_turn_first(decl)
    if decl.in_turn_when:
        return _("When %(condition)s, nobody declares during the deal: after it, %(first)s, each player in turn "
                 "may declare once; the first to declare becomes the banker, and their declaration names the "
                 "trump; if nobody declares, the banker stays and trump is chosen as when nobody declares during the deal.") % {
            "condition": condition_words(decl.in_turn_when), "first": first}
    return _("Nobody declares during the deal: after it, %(first)s, each player in turn may declare once; the "
             "first to declare becomes the banker, and their declaration names the trump; if nobody declares, "
             "the banker stays and trump is chosen as when nobody declares during the deal.") % {"first": first}


def first_dealer(r: Any) -> Made:
    """The cut for the first hand's dealer (``declaring.first_dealer`` "cut"), also where an auction
    takes the place of declaring."""
    decl = r.declaring
    if decl.first_dealer != "cut":
        return None
    return _("In the game's first hand each player cuts a card from the shuffled pack, and the highest deals, "
             "taking the first card: A is high and 2 low, the small joker above A and the big joker above it; "
             "between cards of one rank the suit decides, from the highest: %(suits)s. Players who cut identical "
             "highest cards cut again.") % {"suits": join_list([SUIT_GLYPHS[s] for s in decl.cut_suits])}


def in_turn_first(decl: Any) -> str:
    """Who declares first in turn (``declaring.in_turn_first``), in words: the banker, or the player
    after, and the dealer in the game's first hand unless the condition leaves the first hand out."""
    no_first_hand = tuple(decl.in_turn_when) == ("not", ("fact", "first-hand"))
    if decl.in_turn_first == "after-banker":
        if no_first_hand:
            return _("from the player after the banker")
        return _("from the player after the banker (after the dealer in the game's first hand)")
    if no_first_hand:
        return _("from the banker")
    return _("from the banker (the dealer in the game's first hand)")


def _overturn_own(r: Any) -> Made:
    if not r.declaring.ladder:
        return None
    if r.declaring.overturn_own:
        return _("A player may overturn their own declaration with a stronger one.")
    return _("A player cannot overturn their own declaration; only another player can.")


def _overturn_after_kitty(r: Any) -> Made:
    if not r.declaring.ladder:
        return None
    overturn, condition = r.declaring.overturn_after_kitty, r.declaring.overturn_when
    values = {"condition": condition_words(after_the_kitty(condition))} if overturn and condition else {}
    if not r.table.kitty_size:  # no kitty, no exchange to speak of
        if values:
            return _("Declaring goes on after the deal, but a player may overturn then only when %(condition)s.") % (
                values)
        if overturn:
            return _("Declaring goes on after the deal: a stronger declaration still overturns.")
        return _("Declaring ends with the deal.")
    if values:
        return _("Declaring goes on after the kitty exchange, but a player may overturn then only when "
                 "%(condition)s: a stronger declaration still overturns, and the kitty passes to the new "
                 "declarer.") % values
    if overturn:
        return _("Declaring goes on after the kitty exchange: a stronger declaration still overturns, and the "
                 "kitty passes to the new declarer.")
    return _("Declaring ends with the deal: nobody overturns after the kitty exchange.")


def _overturn_first(r: Any) -> Made:
    """Who is asked first in the round of overturning after the kitty, where it is played."""
    if not r.declaring.ladder or not r.declaring.overturn_after_kitty:
        return None
    first = r.declaring.overturn_first
    if not r.table.kitty_size and first in ("burier", "after-burier"):  # the banker is the one who buried
        first = "banker" if first == "burier" else "after-banker"
    if r.declaring.overturn_rounds == "once":
        # Translators: 炒底一轮 — each player asked once; the round is not started again after an overturn
        before = {"after-banker": "banker", "after-burier": "burier", "after-declarer": "declarer"}.get(first)
        skipped = seat_words(before) if before is not None else _("the player before %(first)s") % {
            "first": seat_words(first)}
        return _("The round after the kitty goes once round the table in the direction of play from %(first)s: "
                 "each player but %(skipped)s is asked once, in turn, and an overturn does not start the round "
                 "again; then play begins.") % {"first": seat_words(first), "skipped": skipped}
    return _("The round after the kitty goes round the table in the direction of play from %(first)s, until "
             "every player has passed in a row.") % {
        "first": seat_words(first)}


def _otherwise(fb: Any) -> str:
    return _("the hand is played in no-trump") if fb.otherwise == "no-trump" else _("the cards are redealt")


def _way(fb: Any) -> str:
    """One way of choosing trump when nobody declares, as the end of a sentence."""
    kind = fb.kind
    if kind == "kitty-card" and fb.skip_to and fb.skip_to < fb.card:
        return _("the suit of kitty card %(card)s is trump; past a joker, the cards before it back to card "
                 "%(last)s are tried in turn") % {"card": fb.card, "last": fb.skip_to}
    if kind == "kitty-card" and fb.skip_to:
        return _("the suit of kitty card %(card)s is trump; past a joker, the next cards up to card %(last)s are "
                 "tried in turn") % {"card": fb.card, "last": fb.skip_to}
    if kind == "kitty-card":
        return _("the suit of kitty card %(card)s is trump, unless it is a joker") % {"card": fb.card}
    if kind == "level-card":
        return _("the suit of the first level card in the kitty is trump")
    if kind == "level-card-or-joker":
        return _("the first kitty card that is a level card or a joker decides: a level card's suit is trump, a "
                 "joker means no-trump")
    if kind == "highest-card":
        return _("the suit of the highest card in the kitty is trump (level cards above aces, jokers left out, the "
                 "first of equal cards)")
    if kind == "suit":
        return _("the trump suit is %(suit)s") % {"suit": SUIT_GLYPHS[fb.suit]}
    if kind == "redeal":
        return _("the cards are redealt")
    if kind == "no-trump":
        return _("the hand is played in no-trump")
    return _("the banker's partner names the trump suit")


def _ways(r: Any) -> Made:
    """Ways of choosing trump tried in turn, each when the one before finds no suit."""
    d = r.declaring
    if not d.ladder:
        # Translators: a game in which no player declares trump ('ladder: none')
        first = _("Nobody declares trump: %(way)s.")
    else:
        first = _("If nobody declares during the deal, %(way)s.")
    parts = [first % {"way": _way(d.fallback)}]
    parts += [_("If that finds no suit, %(way)s.") % {"way": _way(way)} for way in d.fallback_then]
    last = (d.fallback, *d.fallback_then)[-1]
    if last.kind not in ("redeal", "no-trump", "partner-names", "suit"):
        end = _("If none of them finds a suit, %(otherwise)s.") if d.fallback_then else \
            _("If it finds no suit, %(otherwise)s.")
        parts.append(end % {"otherwise": _otherwise(d.fallback)})
    return sentences(*parts)


def _turned(r: Any) -> Made:
    """翻底牌定庄: the kitty's cards turned to find the banker, then the ways tried after it."""
    d = r.declaring
    parts = [_("If nobody declares during the deal, the kitty's cards are turned one by one from the first until "
               "one is of some player's level: that player is the banker (of several players at that level, the "
               "first in turn from the dealer, the dealer first), the hand is played at that level, and the card's "
               "suit is trump, so that the card itself is a level card of the trump suit.")]
    if not d.fallback_then:
        parts.append(_("If no kitty card is of any player's level, the player who deals is the banker, at their "
                       "level, and %(otherwise)s.") % {"otherwise": _otherwise(d.fallback)})
        return sentences(*parts)
    ways = list(d.fallback_then)
    parts.append(_("If no kitty card is of any player's level, the player who deals is the banker, at their level, "
                   "and %(way)s.") % {"way": _way(ways[0])})
    parts += [_("If that finds no suit, %(way)s.") % {"way": _way(way)} for way in ways[1:]]
    if ways[-1].kind not in ("redeal", "no-trump", "partner-names", "suit"):
        end = _("If none of them finds a suit, %(otherwise)s.") if len(ways) > 1 else \
            _("If it finds no suit, %(otherwise)s.")
        parts.append(end % {"otherwise": _otherwise(d.fallback)})
    return sentences(*parts)


def _fallback(r: Any) -> Made:
    fb = r.declaring.fallback
    kind = fb.kind
    jokers = r.table.jokers
    if kind == "player-level-card" and r.declaring.level_cards != "hand":
        return _turned(r)
    if r.declaring.fallback_then or kind in ("level-card-or-joker", "suit") or not r.declaring.ladder or (
            kind == "kitty-card" and fb.skip_to and fb.skip_to < fb.card):
        return _ways(r)
    if kind == "kitty-card":
        first = _("If nobody declares during the deal, the suit of kitty card %(card)s is trump.") % {"card": fb.card}
        if not jokers:  # every kitty card has a suit
            return first
        if fb.skip_to > fb.card:
            then = _("If it is a joker, the next cards up to card %(last)s are tried in turn; if they are all "
                     "jokers, %(otherwise)s.") % {"last": fb.skip_to, "otherwise": _otherwise(fb)}
        else:
            then = _("If it is a joker, %(otherwise)s.") % {"otherwise": _otherwise(fb)}
        return sentences(first, then)
    if kind == "level-card":
        return _("If nobody declares during the deal, the suit of the first level card in the kitty is trump; if "
                 "there is none, %(otherwise)s.") % {"otherwise": _otherwise(fb)}
    if kind == "highest-card" and not jokers:
        return _("If nobody declares during the deal, the suit of the highest card in the kitty is trump (level "
                 "cards above aces, the first of equal cards).")
    if kind == "highest-card":
        return _("If nobody declares during the deal, the suit of the highest card in the kitty is trump (level "
                 "cards above aces, jokers left out, the first of equal cards); if the kitty holds only jokers, "
                 "%(otherwise)s.") % {"otherwise": _otherwise(fb)}
    if kind == "redeal":
        return _("If nobody declares during the deal, the cards are redealt.")
    if kind == "no-trump":
        return _("If nobody declares during the deal, the hand is played in no-trump.")
    if kind == "scored":
        text = _("If nobody declares during the deal, the hand is not played and ends with this outcome: "
                 "%(outcome)s.") % {"outcome": outcome_phrase(fb.side, fb.levels)}
        if r.levels.after_hand:
            return sentences(text, _("The house rules after a hand do not apply to such a hand."))
        return text
    if r.table.partnership == "called":  # nobody is the banker's partner before the calls
        return _("If nobody declares during the deal, the banker names the trump suit.")
    return _("If nobody declares during the deal, the banker's partner names the trump suit.")


def _first_banker(r: Any) -> Made:
    if not r.declaring.ladder:
        return _("In the first hand there is no banker yet: the player who deals is the banker.")
    how = r.declaring.first_banker
    turned = r.declaring.fallback.kind == "player-level-card"
    if turned and r.declaring.level_cards == "own-or-banker" and how == "final-declarer":
        if r.table.seated:
            return _("Every hand is declared anew, each player with the level cards of their own team's level, or, "
                     "once someone has declared, of the banker's level: a declaration with the banker's level "
                     "cards changes only the trump suit, and one with a player's own makes that player the banker, "
                     "at their level. Whoever is the banker at the end of the deal banks, and the hand is played "
                     "at that player's level. If nobody declares, the banker is found by turning the kitty's "
                     "cards.")
        return _("Every hand is declared anew, each player with the level cards of their own level, or, once "
                 "someone has declared, of the banker's level: a declaration with the banker's level cards changes "
                 "only the trump suit, and one with a player's own makes that player the banker, at their level. "
                 "Whoever is the banker at the end of the deal banks, and the hand is played at that player's "
                 "level. If nobody declares, the banker is found by turning the kitty's cards.")
    if turned and r.declaring.level_cards != "hand" and how == "final-declarer":
        if r.table.seated:
            return _("Every hand is declared anew, each player with the level cards of their own team's level: "
                     "whoever holds the declaration that stands at the end of the deal becomes the banker, and the "
                     "hand is played at that player's level. If nobody declares, the banker is found by turning "
                     "the kitty's cards.")
        return _("Every hand is declared anew, each player with the level cards of their own level: whoever holds "
                 "the declaration that stands at the end of the deal becomes the banker, and the hand is played at "
                 "that player's level. If nobody declares, the banker is found by turning the kitty's cards.")
    if how == "contest":
        return _("In the first hand there is no banker yet, and nobody declares while the cards are dealt: after "
                 "the deal, all the players play rock-paper-scissors, and the winner becomes the banker and names "
                 "the trump suit, which must be the suit of a level card they hold.")
    if r.declaring.level_cards == "own-or-banker" and how == "final-declarer":
        if r.table.seated:
            return _("Every hand is declared anew, each player with the level cards of their own team's level, or, "
                     "once someone has declared, of the banker's level: a declaration with the banker's level "
                     "cards changes only the trump suit, and one with a player's own makes that player the banker, "
                     "at their level. Whoever is the banker at the end of the deal banks, and the hand is played "
                     "at that player's level. If nobody declares, the player who deals is the banker, at their "
                     "level.")
        return _("Every hand is declared anew, each player with the level cards of their own level, or, once "
                 "someone has declared, of the banker's level: a declaration with the banker's level cards changes "
                 "only the trump suit, and one with a player's own makes that player the banker, at their level. "
                 "Whoever is the banker at the end of the deal banks, and the hand is played at that player's "
                 "level. If nobody declares, the player who deals is the banker, at their level.")
    if r.declaring.level_cards != "hand" and how == "final-declarer":
        if r.table.seated:
            return _("Every hand is declared anew, each player with the level cards of their own team's level: "
                     "whoever holds the declaration that stands at the end of the deal becomes the banker, and the "
                     "hand is played at that player's level. If nobody declares, the player who deals is the "
                     "banker, at their level.")
        return _("Every hand is declared anew, each player with the level cards of their own level: whoever holds "
                 "the declaration that stands at the end of the deal becomes the banker, and the hand is played at "
                 "that player's level. If nobody declares, the player who deals is the banker, at their level.")
    if how == "first-declarer":
        return _("In the first hand there is no banker yet: whoever declares first becomes the banker.")
    if how == "final-declarer":
        return _("In the first hand there is no banker yet: whoever holds the declaration that stands at the end "
                 "of the deal becomes the banker.")
    return _("In the first hand the player who deals is the banker, whoever declares.")


def _first_fallback(r: Any) -> Made:
    d = r.declaring
    if not d.ladder:  # the first hand chooses trump as every hand does
        return None
    if d.first_banker == "contest":  # the contest's winner holds no level card to name
        if d.first_fallback == "redeal" or d.fallback.kind in ("redeal", "scored"):
            return _("If the winner of the contest holds no level card, the cards are redealt and the contest is "
                     "played again.")
        return _("If the winner of the contest holds no level card, they are the banker all the same, and the "
                 "trump is chosen as in any other hand.")
    if d.first_fallback == "redeal" or d.fallback.kind == "redeal":
        return _("If nobody declares in the first hand, the cards are redealt.")
    if d.first_banker == "dealer":
        return _("If nobody declares in the first hand, the trump is chosen as in any other hand.")
    if d.fallback.kind == "player-level-card" and d.level_cards != "hand":  # 翻底牌定庄 in every hand
        return _("If nobody declares in the first hand, the banker and the trump are found as in any other hand.")
    # nobody declared, so nobody became banker by declaring: the dealer banks (engine/flow/deal.py)
    return _("If nobody declares in the first hand, the player who dealt is the banker, and the trump is "
             "chosen as in any other hand.")


def _exchange_with_declarer(r: Any) -> Made:
    if not r.declaring.exchange_with_declarer:
        return None  # no exchange with the declarer: nothing to say
    if r.declaring.exchange_timing == "during-deal":
        return _("The exchange with the declarer, while the cards are dealt: each time a player may declare, once "
                 "they have declared or let it be, if the standing declaration is another player's joker with a "
                 "pair of level cards and they hold a joker with a tractor of pairs, they may take those three "
                 "cards, giving the declarer, from their own cards, one trump above the aces (by the trump that "
                 "declaration names) and two cards of the side suits. The declarer stays and the declaring is "
                 "over: that declaration stands, and nobody declares or overturns for the rest of the deal.")
    return _("The exchange with the declarer: once the deal is over, if the standing declaration is a joker with a "
             "pair of level cards, the other players are asked in turn after the declarer; the first of them who "
             "shows a joker with a tractor of pairs and chooses to exchange takes those three cards and gives the "
             "declarer, from their own cards, one trump above the aces and two cards of the side suits. Trump and "
             "the declarer stay as they were, and this happens at most once a hand.")


def _give_up_bank(r: Any) -> Made:
    if not r.declaring.give_up_bank:
        return None  # the bank is never given up: nothing to say
    if r.table.seated:
        return _("Once the deal is over, if a player of the other team holds the standing declaration, the banker "
                 "may give up the bank: that player becomes the banker, and the hand is played at the same level.")
    return _("Once the deal is over, if another player holds the standing declaration, the banker may give up the "
             "bank: that player becomes the banker, and the hand is played at the same level.")


def _face_down(r: Any) -> Made:
    if not r.declaring.face_down or not r.declaring.ladder or r.auction.on:
        return None  # declarations face up, or none made: nothing to say
    if r.kitty_exchange.buried_by == "first-banker-after-declarer" and r.table.kitty_size:
        return _("Declarations are made face down: a declaration's level cards lie face down and its jokers face "
                 "up, so the others see who declared, how many cards and which jokers, but not the suit, and a "
                 "declaration overturns another by its strength alone. They are turned face up once the kitty is "
                 "buried: the player who takes the kitty, never the declarer, buries not knowing trump, unless the "
                 "standing declaration is of jokers alone.")
    if r.kitty_exchange.buried_by == "banker" or not r.table.kitty_size:
        burier = _("the banker takes the kitty and buries")
    else:
        burier = _("the player who takes the kitty buries")
    return _("Declarations are made face down: a declaration's level cards lie face down and its jokers face up, so "
             "the others see who declared, how many cards and which jokers, but not the suit, and a declaration "
             "overturns another by its strength alone. They are turned face up once the kitty is buried: "
             "%(burier)s not knowing trump, unless they made the standing declaration or it is of jokers alone.") % {"burier": burier}


def _weak_hands(r: Any) -> Made:
    d = r.declaring
    wanted = d.redeal_hands
    if d.redeal_when:  # who may ask is said by a condition (_asked_redeal)
        return None
    if not wanted:
        return _("Every hand is played as dealt, however weak.")
    if set(wanted) == {"no-trumps", "no-points"}:
        what = _("either no trump or no point card")
    elif "no-trumps" in wanted:
        what = _("no trump at all")
    else:
        what = _("no point card at all")
    if d.redeal_by == "automatic":
        return _("Once trump is known and before the kitty is taken, the cards are redealt whenever a player's "
                 "hand holds %(what)s.") % {"what": what}
    return _("Once trump is known and before the kitty is taken, a player dealt %(what)s may show their hand "
             "and ask for the cards to be redealt.") % {"what": what}


def _asked_redeal(r: Any) -> Made:
    d = r.declaring
    if not d.redeal_when:
        return None
    values = {"condition": condition_words(d.redeal_when)}
    if d.redeal_by == "automatic":
        return _("Once trump is known and before the kitty is taken, the cards are redealt whenever, for a player "
                 "in turn from the banker, %(condition)s.") % values
    return _("Once trump is known and before the kitty is taken, each player in turn from the banker may show "
             "their hand and ask for the cards to be redealt when %(condition)s; the first to ask has them "
             "redealt.") % values


def _bank_cleared(r: Any) -> Made:
    d = r.declaring
    if not d.redeal_clears_bank or not (d.redeal_when or d.redeal_hands):
        return None
    return _("Such a redeal clears the bank (a full rebellion): the same player deals again with no banker, each "
             "player declares with the level cards of their own level, and the banker is found by the declaring "
             "as in the game's first hand, the hand being played at the final declarer's level (the dealer's when "
             "nobody declares).")


# --- the kitty -----------------------------------------------------------------------------------


def kitty_section(b: Builder) -> None:
    with b.section("kitty", _("The kitty")):
        b.rule("kitty.exchange", _exchange)
        b.example("kitty.buried_by_example", phx.bury_example)
        b.rule("kitty.shown", _shown)
        b.example("kitty.shown_example", phx.shown_example)
        b.rule("kitty.multiplier", _multiplier)
        b.rule("kitty.doubling", _doubling)
        b.rule("kitty.dug_when", _dug_when)
        b.rule("kitty.buried_when", _buried_when)
        b.example("kitty.examples", ex.kitty_examples)


def _exchange(r: Any) -> Made:
    size = r.table.kitty_size
    if not size:
        return None
    role = r.kitty_exchange.buried_by
    if role != "banker":
        who = (_("the banker's partner") if role == "partner" else
               _("the first player of the banker's team after the declarer (the declarer's partner when a banker "
                 "declared, the next player when an attacker did; the banker when nobody declared)"))
        return ngettext("After the deal %(who)s takes the %(n)s kitty card into hand and puts %(n)s card back, face "
                        "down; the banker still leads the first trick. The kitty's points count for nobody unless "
                        "the attackers win the last trick.",
                        "After the deal %(who)s takes the %(n)s kitty cards into hand and puts %(n)s cards back, "
                        "face down; the banker still leads the first trick. The kitty's points count for nobody "
                        "unless the attackers win the last trick.", size) % {"n": size, "who": who}
    return ngettext("After the deal the banker takes the %(n)s kitty card into hand and puts %(n)s card back, face "
                    "down. The kitty's points count for nobody unless the attackers win the last trick.",
                    "After the deal the banker takes the %(n)s kitty cards into hand and puts %(n)s cards back, face "
                    "down. The kitty's points count for nobody unless the attackers win the last trick.",
                    size) % {"n": size}


def _dug_when(r: Any) -> Made:
    condition = r.kitty_exchange.dug_when
    if not condition or not r.table.kitty_size or r.kitty.kind == "none":
        return None
    return _("The attackers score the kitty this way only when %(condition)s; otherwise its points count for "
             "nobody.") % {"condition": condition_words(condition)}


def _buried_when(r: Any) -> Made:
    """Which cards may be buried, and what a player who holds too few of them does."""
    condition = r.kitty_exchange.buried_when
    if not condition or not r.table.kitty_size:
        return None
    nouns = card_nouns(condition)
    if nouns is not None:
        return _("A player who takes the kitty may not bury %(cards)s; one who holds too few other cards "
                 "buries every one they may and makes up the rest with cards of their choice.") % {
            "cards": join_or(nouns)}
    return _("A player who takes the kitty may bury a card only when %(condition)s; one who holds too few such "
             "cards buries every one of them and makes up the rest with cards of their choice.") % {
        "condition": condition_words(condition)}


def _shown(r: Any) -> Made:
    if not r.table.kitty_size:
        return None
    shown = r.kitty_exchange
    told = tuple(_showing(s.moment, audience_words(s.to)) for s in shown.shown_to)
    if shown.shown_before_burying and shown.shown_at_end:
        return sentences(_("The kitty is turned face up for every player to see before the banker takes it, and the "
                           "cards buried are shown to every player once the last trick is over."), *told)
    if shown.shown_before_burying:
        return sentences(_("The kitty is turned face up for every player to see before the banker takes it."), *told)
    if shown.shown_at_end:
        return sentences(_("The cards buried are shown to every player once the last trick is over."), *told)
    if any(s.moment != "at-end" for s in shown.shown_to):
        return sentences(*told)
    if r.declaring.fallback.kind == "player-level-card" and r.declaring.level_cards != "hand":
        return sentences(_("Only the player who buries the kitty sees its cards while the hand is played, but for "
                           "those turned to find the banker when nobody declared, which every player has seen."), *told)
    return sentences(_("Only the player who buries the kitty sees its cards while the hand is played."), *told)


def _showing(moment: str, who: str) -> str:
    """One showing of the kitty to some of the table (``kitty_exchange.shown_to``), in a sentence."""
    if moment == "before-burying":
        return _("Before it is taken, the kitty as dealt is shown to %(who)s; the other players do not see it.") % {
            "who": who}
    if moment == "after-burying":
        return _("Once the kitty is buried, the cards buried are shown to %(who)s before the first trick.") % {
            "who": who}
    return _("The cards buried are shown to %(who)s once the last trick is over.") % {"who": who}


def _multiplier(r: Any) -> Made:
    if not r.table.kitty_size:  # no kitty: nothing to score, nor to multiply
        return None
    k = r.kitty
    if k.kind == "none":
        return _("The kitty is never scored, whoever wins the last trick.")
    if k.kind == "table":
        rows = tuple((_("a rainbow of %(n)s cards or more") % {"n": row.length} if row.rainbow
                       else shape_phrase(row.width, row.length), f"×{row.factor}") for row in k.table)
        text = _("If the attackers win the last trick, they score the kitty's points multiplied by a factor set "
                 "by the largest combination of the last trick's lead:")
        return Draft(text, table=Table((_("Largest combination"), _("Factor")), rows))
    formula = k.formula
    cap = k.cap
    if not expressions.quantities_of(formula):
        text = _("If the attackers win the last trick, they score the kitty's points multiplied by %(factor)s.") % {
            "factor": number_words(formula)}
    else:
        text = _("If the attackers win the last trick, they score the kitty's points multiplied by %(formula)s.") % {
            "formula": number_words(formula)}
    notes = []
    if cap:
        notes.append(_("The multiplier is at most %(cap)s.") % {"cap": as_written(r, "kitty.cap", cap)})
    return sentences(text, *notes)


def _doubling(r: Any) -> Made:
    if not r.table.kitty_size:
        return None
    k = r.kitty
    if k.kind != "table":
        return None
    if k.doubling:
        return _("A tractor longer than any listed doubles the factor of the longest listed tractor of its sets "
                 "once for each further set.")
    return _("A tractor longer than any listed counts as the longest listed one.")
