"""Checks that relate several values of the rules: the deal adds up, the thresholds cover every
score once, follow lists fit their leads, nothing asks for cards the decks cannot produce.

Two readers make rules and run them: the compiler, once a ruleset's statements are read, and
``Rules.from_dict``, once a JSON document is.  So that both refuse the same rules with the same
words, the checks know neither: each reports a problem to a ``Reporter`` (the ``c`` of every
check) with the fields to blame, most to blame first, its message (in the language's words, as
the compiler has always given it) and its code.  The compiler's reporter points at the statement
that set the first of those fields (``language/compiler/checking.py``); ``from_dict``'s names the
first field's place in the document (``codec.py``).

``check_values`` is the readers' part that the compiler's statements make sure of as they are read
(a rank is a rank, a card is named once, the levels run upwards): a JSON document is checked
against it first, because the checks that relate fields take it for granted.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, Protocol, cast, get_args

from .. import codes
from .. import rules as model
from . import expressions
from .base import FORBIDDEN_IN_TEXT, RANKS
from .declaring import partner_named, reinforces, same_rung, step_words
from .kinds import throw_words
from .play import width_name
from .ruleset import language_tag
from .scoring import score_granularity
from .trumps import tier_words

#: each rank's place, lowest first
RANK_ORDER = {rank: i for i, rank in enumerate(RANKS)}


@dataclass(frozen=True, slots=True)
class Restatement:
    """A fix that goes with a problem, in the language's words: ``statement`` (one line of section
    ``section``) is to set ``field``.  The compiler offers it as an edit of the file (the statement
    of the file that sets the field rewritten, or this one added: an LSP quick fix, a playground
    button); a JSON document has no statements to edit, so ``from_dict``'s reporter leaves it out."""

    field: str
    section: str
    statement: str


class Reporter(Protocol):
    """Where the checks report problems."""

    def error_at_field(self, paths: tuple[str, ...], message: str, *, code: str,
                       fixes: tuple[Restatement, ...] = ()) -> None:
        """A problem (``codes`` ``code``) with values that may come from any of the fields
        ``paths`` (dotted, as ``Rules.sources`` keys them; most to blame first), and the
        statements that would mend it (``fixes``)."""

    def already_refused(self, field: str) -> bool:
        """Whether the reader has already refused part of ``field`` (an upgrade table with a bad
        row): checking what is left of it would only repeat that error in other words."""

    def hand_without_call(self, rules: model.Rules) -> tuple[str | None, str | None] | None:
        """A hand (level, trump) of ``rules`` in which no card of the pack is sure to be callable,
        or None.  The engine's card order judges that, and the rules do not import the engine, so
        each reader asks it for them (``engine.rulings.card_rules.hand_without_call``)."""


def hand_words(level: str | None, trump: str | None) -> str:
    """A hand in a message's words: "at level 2 with ♠ trump", "at level A in no-trump"."""
    glyph = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
    where = f"at level {level}" if level is not None else "in the extra level without a level rank"
    return f"{where} with {glyph[trump]} trump" if trump is not None else f"{where} in no-trump"


#: the fields of the upgrade tables
_UPGRADE_TABLES = ("thresholds", "solo_thresholds")


def effect_path(trigger: int, effect: int) -> str:
    """The field of effect ``effect`` of house rule ``trigger`` after a hand (both counted from 0):
    a problem with one effect is reported there."""
    return f"levels.after_hand[{trigger}].effects[{effect}]"


#: n values tried for follow lists that apply to every tractor length
_N_TRIES = 4
#: bound on the search deciding whether one follow entry implies another: placements tried, over all
#: the follow lists of one ruleset (so that compile time stays linear in the input)
_PACKING_BUDGET = 100_000
_MAX_FORMULA = 1_000_000_000


def check_rules(c: Reporter, rules: model.Rules) -> None:
    """Report to ``c`` every problem of ``rules`` that relates several of its fields."""
    for check in (
        _check_table,
        _check_levels,
        _check_trump_order,
        _check_combinations,
        _check_links,
        _check_ladder,
        _check_declarable,
        _check_fallback,
        _check_weak_hands,
        _check_kitty_shown,
        _check_throws,
        _check_follow_lists,
        _check_kitty,
        _check_thresholds,
        _check_stakes,
        _check_auction,
        _check_give_up,
        _check_in_turn,
        _check_own_level,
        _check_exchange,
        _check_turned,
        _check_face_down,
        _check_contest,
        _check_declarer_relations,
        _check_first_declaration,
        _check_previous_relations,
        _check_partner_reinforcing,
        _check_roles,
        _check_player_effects,
        _check_exemptions,
        _check_tractors_kept,
        _check_throw_kinds,
        _check_riding_pairs,
        _check_thrower_relations,
        _check_end_early,
        _check_phase_seats,
        _check_card_facts,
        _check_hand_quantities,
    ):
        check(c, rules)


# --- who held, buried and called a card ------------------------------------------------------------


def _check_card_facts(c: Reporter, r: model.Rules) -> None:
    """The holder of a card names a seat only if the pack has the card (E331); the card the banker
    called is asked only where the banker calls cards (E332)."""
    a = r.auction
    for field, card in (("auction.first_bidder_card", a.first_bidder_card), ("auction.first_hand_card", a.first_hand_card)):
        if card and not r.table.copies(card):
            c.error_at_field((field, "table.removed_ranks", "table.removed_cards"),
                             f"the pack has no {card} (the rules take it out), so nobody holds it: name a card of the "
                             "pack", code=codes.HOLDER_NOT_IN_PACK)
    for i, trigger in enumerate(r.levels.after_hand):
        for j, effect in enumerate(trigger.effects):
            role = expressions.effect_role(effect)
            leaves = expressions.role_leaves(role) if role is not None else ()
            for role in leaves:
                if type(role) is tuple and role[0] in expressions.CARD_ROLES and not r.table.copies(role[1]):
                    c.error_at_field((effect_path(i, j), "table.removed_ranks", "table.removed_cards"),
                                     f"the pack has no {role[1]} (the rules take it out), so nobody holds it: "
                                     "name a card of the pack", code=codes.HOLDER_NOT_IN_PACK)
        if "called" in expressions.facts_of(trigger.condition) and r.table.partnership != "called":
            c.error_at_field((f"levels.after_hand[{i}].condition", "table.partnership"),
                             "the banker calls no card in this game (its teams are fixed): 'the banker called "
                             "CARD' needs partners found by calling ('partners: by calling 1 card')",
                             code=codes.CALLED_WITHOUT_CALLS)


# --- the quantities of a team, a player and a card --------------------------------------------------


def _check_hand_quantities(c: Reporter, r: model.Rules) -> None:
    """The copies of a card are counted only of a card the pack has, and a player's level only of a
    role that names a card of the pack (E351); the level of the banker's partner is read only where
    the banker has one, seated (E352)."""
    trees: list[tuple[str, tuple]] = [(f"levels.after_hand[{i}].condition", trigger.condition)
                                      for i, trigger in enumerate(r.levels.after_hand)]
    trees += [(effect_path(i, j), effect) for i, trigger in enumerate(r.levels.after_hand)
              for j, effect in enumerate(trigger.effects)]
    trees += [(f"stakes.game_points[{i}]", row.formula) for i, row in enumerate(r.stakes.game_points) if row.formula]
    for path, tree in trees:
        for key in sorted(expressions.quantity_keys(tree), key=repr):
            if type(key) is not tuple:
                continue
            card = key[2] if key[0].startswith("copies-") else key[1][1] if type(key[1]) is tuple else None
            if card is not None and not r.table.copies(card):
                what = ("its copies a team took or held are always 0" if key[0].startswith("copies-")
                        else "nobody holds it and its holder's level is always 0")
                c.error_at_field((path, "table.removed_ranks", "table.removed_cards"),
                                 f"the pack has no {card} (the rules take it out), so {what}: name a card of the pack",
                                 code=codes.QUANTITY_CARD_NOT_IN_PACK)
            if key[0] == "player-level" and key[1] == "partner" and not r.table.seated:
                c.error_at_field((path, "table.partnership"),
                                 "with called partners, or a banker alone, the banker has no seated partner, so "
                                 "'the level of the banker's partner' names nobody: name another player, or the "
                                 "level of the bankers", code=codes.PLAYER_LEVEL_NOBODY)
# --- one player's level, and what a hand is worth ----------------------------------------------------


def _check_player_effects(c: Reporter, r: model.Rules) -> None:
    """One player's level changes only where each player has a level of their own (E362: with fixed
    teams partners share one, which the hand's level, the levels of a team and the game's end
    read); what a hand is worth changes only where hands are worth game points (E363)."""
    for i, trigger in enumerate(r.levels.after_hand):
        for j, effect in enumerate(trigger.effects):
            if effect[0] in expressions.PLAYER_EFFECTS and r.table.seated:
                team = expressions.PLAYER_EFFECTS[effect[0]]
                c.error_at_field((effect_path(i, j), "table.partnership"),
                                 "with fixed teams partners are always at one level (the banker's is the hand's, "
                                 "and the team wins the game together), so one player's level cannot change "
                                 f"alone: name a team ('{_TEAM_EFFECT_WORDS[team]}'), or play with partners "
                                 "found by calling ('partners: by calling 1 card')", code=codes.PLAYER_LEVEL_SHARED)
            if effect[0] in expressions.STAKE_EFFECTS and not r.stakes.game_points:
                c.error_at_field((effect_path(i, j), "stakes.game_points"),
                                 "'the hand is worth ...' changes the game points a hand moves at the table, but "
                                 "these rules count none: give the outcomes their game points ('game points: "
                                 "banker +1 or more = 1, swap = 1, attackers +1 or more = 1' in 'stakes')",
                                 code=codes.WORTH_WITHOUT_GAME_POINTS)


#: a team's effect on levels, as the fix of E362 writes it
_TEAM_EFFECT_WORDS = {"up": "the winners + 1 level", "down": "the losers - 1 level", "back-to": "the losers back to 2",
                      "to": "the winners to A", "knock-back": "the bankers knocked back to 2"}


# --- who the roles name ---------------------------------------------------------------------------


def _check_roles(c: Reporter, r: model.Rules) -> None:
    """The declarer and the previous declarer name somebody only where players declare (E356); the
    banker's friends are somebody only where the banker has a team (E354)."""
    nobody_declares = ("an auction decides the bank and nobody declares" if r.auction.on
                       else "with 'ladder: none' nobody declares" if not r.declaring.ladder else None)
    alone = r.table.partnership == "alone"
    for i, trigger in enumerate(r.levels.after_hand):
        for j, effect in enumerate(trigger.effects):
            if effect[0] not in expressions.ROLE_EFFECTS:
                continue
            names = expressions.role_names(effect[1]) & expressions.DECLARING_ROLES
            if names and nobody_declares:
                word = ROLE_WORDS[sorted(names)[0]]
                c.error_at_field((effect_path(i, j), "auction.direction" if r.auction.on else "declaring.ladder"),
                                 f"{nobody_declares}, so '{word}' is nobody in every hand: name another player",
                                 code=codes.ROLE_NEVER_NAMES)
            if alone and "friends" in expressions.role_teams(effect[1]):
                c.error_at_field((effect_path(i, j), "table.partnership"),
                                 "the banker plays alone ('partners: banker alone'), so the banker has no friends: "
                                 "name another player", code=codes.FRIENDS_TEAM)
        if alone and _names_friends(trigger.condition):
            c.error_at_field((f"levels.after_hand[{i}].condition", "table.partnership"),
                             "the banker plays alone ('partners: banker alone'), so the banker has no friends: name "
                             "the bankers", code=codes.FRIENDS_TEAM)


#: the roles in the words of an error
ROLE_WORDS = {name: role.words for name, role in expressions.ROLE_TABLE.items()}


def _names_friends(tree: tuple) -> bool:
    if not tree:
        return False
    if tree[0] == "fact":
        return "friends" in tree[2:]
    return any(isinstance(part, tuple) and _names_friends(part) for part in tree[1:])


# --- giving up the bank --------------------------------------------------------------------------


def _check_give_up(c: Reporter, r: model.Rules) -> None:
    """The bank given up goes to the player whose declaration stands: a game where nobody declares
    (an auction, or an empty ladder) has nobody to give it to."""
    d = r.declaring
    if not d.give_up_bank:
        return
    if r.auction.on:
        c.error_at_field(("declaring.give_up_bank", "auction.direction"),
                         "the bank given up goes to the player whose declaration stands, but an auction decides "
                         "the bank and nobody declares: write 'give up the bank: no'", code=codes.GIVE_UP)
    elif not d.ladder:
        c.error_at_field(("declaring.give_up_bank", "declaring.ladder"),
                         "the bank given up goes to the player whose declaration stands, but with 'ladder: none' "
                         "nobody declares: write 'give up the bank: no'", code=codes.GIVE_UP)


# --- declaring at one's own level ------------------------------------------------------------------


def _check_own_level(c: Reporter, r: model.Rules) -> None:
    """With ``level cards: each player's own`` every hand's banker is found by its declaring, the
    final declarer banking at their level: the rules must declare during the deal, bank the final
    declarer, and read no level before that declaring is over."""
    d = r.declaring
    if d.level_cards == "hand":
        return
    start = "each player declares at their own level and the final declarer banks at it"
    where: tuple[str, str] | None = None
    if r.auction.on:
        where = ("auction.direction", "an auction decides the bank")
    elif not d.ladder:
        where = ("declaring.ladder", "with 'ladder: none' nobody declares")
    elif d.first_banker != "final-declarer":
        words = {"first-declarer": "the first declarer", "contest": "a contest's winner"}.get(d.first_banker,
                                                                                              "the dealer")
        where = ("declaring.first_banker", f"'first banker' makes {words} the banker: write 'first banker: "
                                           f"final declarer'")
    elif d.overturn_after_kitty:
        where = ("declaring.overturn_after_kitty", "an overturn after the kitty would change the trump at the "
                                                   "level played, not the overturner's own")
    elif d.give_up_bank:
        where = ("declaring.give_up_bank", "the declarer banks, so nobody of another team holds the standing "
                                           "declaration to take a bank given up")
    elif r.levels.game_end == "beyond-last":
        where = ("levels.game_end", "the extra level beyond the last has no level cards to declare with")
    elif d.in_turn:
        where = ("declaring.in_turn", "declaring in turn after the deal starts from the banker, whom the "
                                      "declaring is to find: write 'in turn: no'")
    if where is None:
        return
    c.error_at_field(("declaring.level_cards", where[0]), f"{start}, but {where[1]}", code=codes.OWN_LEVEL)
# --- who is asked first in a phase ----------------------------------------------------------------


def _check_phase_seats(c: Reporter, r: model.Rules) -> None:
    """A phase that goes round from the declarer (or the seat after) needs a declaration that can
    stand: an auction's game and one with 'ladder: none' have none, and the rule would always be
    read as the banker's, which its author cannot have meant."""
    never = r.auction.on or not r.declaring.ladder
    if not never:
        return
    why = ("an auction decides the bank and nobody declares" if r.auction.on
           else "with 'ladder: none' nobody declares")
    blame = "auction.direction" if r.auction.on else "declaring.ladder"
    for path, key, value in (("declaring.overturn_first", "first to overturn after kitty", r.declaring.overturn_first),
                             ("leading.first_lead", "first lead", r.leading.first_lead)):
        if value in ("declarer", "after-declarer"):
            seat = "the declarer" if value == "declarer" else "the seat after the declarer"
            c.error_at_field((path, blame), f"'{key}: {seat}' starts from the declarer, but {why}: name "
                             "another seat, such as 'the banker'", code=codes.NO_DECLARER_SEAT)


# --- the exchange with the declarer ---------------------------------------------------------------


def _check_exchange(c: Reporter, r: model.Rules) -> None:
    """The exchange with the declarer takes the standing declaration's cards: a game where nobody
    declares (an auction, or an empty ladder) has none to take, and an overturn after the kitty
    would read the declarer's cards as shown while another player holds them."""
    d = r.declaring
    if not d.exchange_with_declarer:
        return
    if r.auction.on:
        c.error_at_field(("declaring.exchange_with_declarer", "auction.direction"),
                         "the exchange with the declarer takes the standing declaration's cards, but an auction "
                         "decides the bank and nobody declares: write 'exchange with the declarer: no'",
                         code=codes.EXCHANGE)
    elif not d.ladder:
        c.error_at_field(("declaring.exchange_with_declarer", "declaring.ladder"),
                         "the exchange with the declarer takes the standing declaration's cards, but with "
                         "'ladder: none' nobody declares: write 'exchange with the declarer: no'", code=codes.EXCHANGE)
    elif d.overturn_after_kitty:
        c.error_at_field(("declaring.exchange_with_declarer", "declaring.overturn_after_kitty"),
                         "the exchange with the declarer takes the standing declaration's cards, but an overturn "
                         "after the kitty reads them as the declarer's: write 'overturn after kitty: no' or "
                         "'exchange with the declarer: no'", code=codes.EXCHANGE)
    elif d.in_turn:
        when = "during the deal" if d.exchange_timing == "during-deal" else "once the deal is over"
        c.error_at_field(("declaring.exchange_with_declarer", "declaring.in_turn"),
                         f"the exchange with the declarer takes the declaration standing {when}, but a hand "
                         f"declared in turn has none then: write 'in turn: no' or 'exchange with the declarer: no'",
                         code=codes.EXCHANGE)
    elif d.level_cards != "hand":
        c.error_at_field(("declaring.exchange_with_declarer", "declaring.level_cards"),
                         "the exchange with the declarer reads a joker with a pair of the hand's level cards, but "
                         "each player declares at their own level: write 'level cards: the hand's level' or "
                         "'exchange with the declarer: no'", code=codes.EXCHANGE)


def _check_turned(c: Reporter, r: model.Rules) -> None:
    """Turning the kitty's cards to find the banker (``declaring.fallback`` "player-level-card",
    翻底牌定庄) needs players with levels of their own (``level cards: each player's own``), and
    comes first: it finds the banker as well as the trump."""
    d = r.declaring
    if any(fb.kind == "player-level-card" for fb in d.fallback_then):
        c.error_at_field(("declaring.fallback_then",), "'first kitty card at a player's level' finds the banker as "
                         "well as the trump, so it is the first way of choosing trump, before any 'otherwise'",
                         code=codes.TURNED)
        return
    if d.fallback.kind != "player-level-card":
        return
    if d.level_cards == "hand":
        c.error_at_field(("declaring.fallback", "declaring.level_cards"),
                         "'first kitty card at a player's level' turns the kitty's cards until one is of some "
                         "player's own level, but every player declares at the hand's level: write 'level cards: "
                         "each player's own'", code=codes.TURNED)


# --- the contest for the first trump -------------------------------------------------------------


def _check_contest(c: Reporter, r: model.Rules) -> None:
    """A contest for the first trump (``first banker: contest winner``) finds the first hand's
    banker and trump after a deal without declaring: an auction, an empty ladder (trump always as
    'nobody declares' says) or declaring in turn after the deal would find them another way."""
    d = r.declaring
    if d.first_banker != "contest":
        return
    start = "a contest after the first hand's deal finds its banker and trump"
    if r.auction.on:
        c.error_at_field(("declaring.first_banker", "auction.direction"),
                         f"{start}, but an auction decides the bank and the banker names trump: write 'first "
                         "banker: dealer' or leave the auction out", code=codes.CONTEST)
    elif not d.ladder:
        c.error_at_field(("declaring.first_banker", "declaring.ladder"),
                         f"{start}, but with 'ladder: none' trump is always chosen as 'nobody declares' says: "
                         "give a ladder or write 'first banker: dealer'", code=codes.CONTEST)
    elif d.in_turn:
        c.error_at_field(("declaring.first_banker", "declaring.in_turn"),
                         f"{start}, but declaring in turn after the deal finds them too: write 'in turn: no', or "
                         "another first banker", code=codes.CONTEST)
# --- declarations face down ----------------------------------------------------------------------


def _check_face_down(c: Reporter, r: model.Rules) -> None:
    """Declarations face down until the kitty is buried (暗亮): the others see who declared, how
    many cards and which jokers, but not the suit, and the player who buries may not know trump.
    A rule that would be judged or read by the suit or trump before the turn cannot be kept:
    an auction (nobody declares), an overturn after the kitty (buried again), a suit order (a
    stronger declaration of the same step told by its suit), the exchange with the declarer and
    giving up the bank (both read the standing declaration before the kitty), a redeal for a hand
    without trumps and a rule on buried cards (both judged with trump)."""
    d = r.declaring
    if not d.face_down:
        return
    why: tuple[str, str] | None = None
    if r.auction.on:
        why = ("auction.direction", "an auction decides the bank and nobody declares: write 'declarations: face up'")
    elif d.overturn_after_kitty:
        why = ("declaring.overturn_after_kitty", "an overturn after the kitty buries it again: write 'overturn "
                                                 "after kitty: no'")
    elif d.suit_order:
        why = ("declaring.suit_order", "a suit order tells a stronger declaration of the same step by its suit, "
                                       "which lies face down: write 'suit order: none'")
    elif d.exchange_with_declarer:
        why = ("declaring.exchange_with_declarer", "the exchange with the declarer takes the standing "
                                                   "declaration's cards before the kitty, while they lie face down: write "
                                                   "'exchange with the declarer: no'")
    elif d.give_up_bank:
        why = ("declaring.give_up_bank", "the banker gives up the bank knowing the standing declaration's trump, "
                                         "which lies face down until the kitty is buried: write 'give up the bank: no'")
    elif "no-trumps" in d.redeal_hands:
        why = ("declaring.redeal_hands", "a hand without trumps is judged with trump, which lies face down until "
                                         "the kitty is buried: write 'redeal: a hand without points' or "
                                         "'redeal: none'")
    elif r.kitty_exchange.buried_when:
        why = ("kitty_exchange.buried_when", "a rule on buried cards is judged as the kitty is buried, by a "
                                             "player who may not know trump: write 'buried cards: any'")
    if why is not None:
        c.error_at_field(("declaring.face_down", why[0]),
                         f"declarations face down until the kitty is buried, but {why[1]}", code=codes.FACE_DOWN)


# --- auction -------------------------------------------------------------------------------------


def _check_auction(c: Reporter, r: model.Rules) -> None:
    """An auction replaces declaring, so nothing may overturn after the kitty; the winning bid is
    read only where there is an auction."""
    a = r.auction
    if a.on and r.declaring.overturn_after_kitty:
        c.error_at_field(("declaring.overturn_after_kitty", "auction.direction"),
                         "an auction decides the bank and the banker names trump, so nobody declares and "
                         "there is nothing to overturn after the kitty: write 'overturn after kitty: no'",
                         code=codes.AUCTION)
    if a.on and r.declaring.redeal_hands:
        c.error_at_field(("declaring.redeal_hands", "auction.direction"),
                         "a weak hand is judged with the trump known, but in an auction game the trump is named "
                         "after the bidding: write 'redeal: none' (or 'all pass: redeal' for a deal nobody bids on)",
                         code=codes.AUCTION)
    if a.on and r.declaring.redeal_when:
        c.error_at_field(("declaring.redeal_when", "auction.direction"),
                         "who may ask for a redeal is judged with the trump known, but in an auction game the trump "
                         "is named after the bidding: write 'redeal: none' (or 'all pass: redeal' for a deal nobody "
                         "bids on)", code=codes.REDEAL_ASKED)
    if a.on and r.levels.game_end == "beyond-last":
        c.error_at_field(("levels.game_end", "auction.direction"),
                         "an auction's winner plays the hand at their own level, which the extra level beyond "
                         "the last does not have yet: end the game another way", code=codes.AUCTION)
    if a.on:
        return
    reads = [("counted", r.counted)] + [
        (f"{field}[{i}]", row.formula) for field in _UPGRADE_TABLES for i, row in enumerate(getattr(r, field))
    ] + [
        (f"levels.after_hand[{i}].condition", t.condition) for i, t in enumerate(r.levels.after_hand)
    ] + [(effect_path(i, j), e) for i, t in enumerate(r.levels.after_hand) for j, e in enumerate(t.effects)
         ] + [(f"stakes.game_points[{i}]", g.formula) for i, g in enumerate(r.stakes.game_points)]
    for path, tree in reads:
        if tree and "bid" in expressions.quantities_of(tree):
            c.error_at_field((path, "levels.after_hand"), "'bid' is the winning bid of an auction, but these rules have none: "
                                      "add an 'auction' section with 'bids:'", code=codes.AUCTION)


# --- declaring in turn --------------------------------------------------------------------------


def _check_in_turn(c: Reporter, r: model.Rules) -> None:
    """Declaring in turn after the deal needs declarations to make: a ladder, and no auction (which
    finds the banker instead).  A player of the banker's team other than the banker buries only
    where the team is seated, and after the declarer only where somebody declares."""
    role = r.kitty_exchange.buried_by
    if role != "banker" and not r.table.seated:
        c.error_at_field(("kitty_exchange.buried_by", "table.partnership"),
                         "the banker has no seated partner here (called partners, or a banker alone), so nobody "
                         "but the banker can take the kitty: write 'buried by: the banker'",
                         code=codes.DECLARING_PHASES)
    elif role == "first-banker-after-declarer" and (r.auction.on or not r.declaring.ladder):
        c.error_at_field(("kitty_exchange.buried_by", "auction.direction" if r.auction.on else "declaring.ladder"),
                         "nobody declares in these rules, so there is no declarer to bury after: write "
                         "'buried by: the banker' or 'buried by: the banker's partner'", code=codes.DECLARING_PHASES)
    d = r.declaring
    if not d.in_turn:
        return
    if r.auction.on:
        c.error_at_field(("declaring.in_turn", "auction.direction"),
                         "an auction decides the bank and the banker names trump, so nobody declares in turn "
                         "after the deal: write 'in turn: no'", code=codes.DECLARING_PHASES)
    elif not d.ladder:
        c.error_at_field(("declaring.in_turn", "declaring.ladder"),
                         "with 'ladder: none' nobody can declare, in turn or otherwise: write 'in turn: no' or "
                         "give a ladder", code=codes.DECLARING_PHASES)


# --- table ---------------------------------------------------------------------------------------


def _check_table(c: Reporter, r: model.Rules) -> None:
    t = r.table
    needed = t.players * t.hand_size + t.kitty_size
    if needed != t.total_cards:
        taken = f", less {t.removed_count} taken out," if t.removed_count else ""
        c.error_at_field(
            ("table.hand_size", "table.players", "table.decks", "table.removed_ranks", "table.removed_cards",
             "table.jokers"),
            f"the deal does not add up: {t.players} players × {t.hand_size} + kitty {t.kitty_size} = "
            f"{needed} cards, but {t.decks} deck{'s' if t.decks != 1 else ''} of {t.cards_per_deck}{taken} hold "
            f"{t.total_cards}",
            code=codes.TABLE_MISMATCH,
        )
    if t.partnership == "opposite" and t.players != 4:
        c.error_at_field(("table.partnership", "table.players"),
                         f"'partners: opposite' needs 4 players, not {t.players}; use 'alternate' or calling cards", code=codes.TABLE_MISMATCH)
    if t.partnership == "alternate" and (t.players % 2 or t.players < 4):
        c.error_at_field(("table.partnership", "table.players"),
                         f"alternating partnerships need an even number of players, 4 or more, not {t.players}", code=codes.TABLE_MISMATCH)
    if t.partnership != "called":
        for path, changed, what in (("table.called_when", bool(t.call_condition), "called cards"),
                                    ("table.count_banker_copies", not t.count_banker_copies, "called copies"),
                                    ("table.join_twice", not t.join_twice, "join twice")):
            if changed:
                c.error_at_field((path, "table.partnership"),
                                 f"'{what}' needs called partners ('partners: by calling N cards'), "
                                 f"but the teams are fixed ('partners: {t.partnership}')", code=codes.TABLE_MISMATCH)
    if t.partnership == "called" and t.call_condition:
        empty = c.hand_without_call(r)
        if empty is not None:
            c.error_at_field(("table.called_when",),
                             f"'called cards' leaves no card to call {hand_words(*empty)}: some card must "
                             "always be callable", code=codes.NOTHING_TO_CALL)
    if t.partnership == "called" and t.called_cards * 2 > t.players:
        c.error_at_field(("table.called_cards",),
                         f"{t.called_cards} called cards cannot find partners among {t.players} players", code=codes.TABLE_MISMATCH)
    for rank, _ in t.points:
        if rank in t.removed_ranks:
            c.error_at_field(("table.points",), f"{rank} is removed from the deck but given points", code=codes.TABLE_MISMATCH)


# --- levels --------------------------------------------------------------------------------------


def _check_levels(c: Reporter, r: model.Rules) -> None:
    removed = set(r.table.removed_ranks)
    # constant trumps that are levels too ("constant trumps: levels too") are playable levels
    constant = set(r.trumps.never_levels)
    first, last = r.levels.first, r.levels.last
    chosen = r.levels.chosen
    # the fixes of a conflict with an inherited statement: the range without the ranks that cannot
    # be levels, and each list of levels without the ranks it cannot name
    unplayable = removed | constant
    if chosen:
        kept = [rank for rank in chosen if rank not in unplayable]
        range_fix = (Restatement("levels.first", "levels", f"range: {', '.join(kept)}"),) if kept else ()
    else:
        kept = [rank for rank in RANKS[RANK_ORDER[first]:RANK_ORDER[last] + 1] if rank not in unplayable]
        range_fix = (Restatement("levels.first", "levels", f"range: {kept[0]} to {kept[-1]}"),) if kept else ()
    for rank, path in ((first, "levels.first"), (last, "levels.last")):
        if rank in removed:
            c.error_at_field((path, "table.removed_ranks"), f"level {rank} is removed from the deck",
                             code=codes.LEVELS_MISMATCH, fixes=range_fix)
        if rank in constant:
            c.error_at_field((path, "trumps.order"),
                             f"{rank} is a constant trump, so it cannot be a level; start the levels above it",
                             code=codes.LEVELS_MISMATCH, fixes=range_fix)
    for rank in chosen[1:-1]:
        if rank in removed or rank in constant:
            why = "removed from the deck" if rank in removed else "a constant trump"
            c.error_at_field(("levels.chosen", "table.removed_ranks" if rank in removed else "trumps.order"),
                             f"level {rank} is {why}, so it cannot be a level", code=codes.LEVELS_MISMATCH, fixes=range_fix)
    ordered = range(RANK_ORDER[first], RANK_ORDER[last] + 1)
    span = [RANK_ORDER[rank] for rank in chosen] if chosen else ordered
    played_words = f"{first} to {last}" if not chosen else ", ".join(chosen)
    for label, path, ranks in (("mandatory", "levels.mandatory", r.levels.mandatory),
                               ("defend", "levels.defended", r.levels.defended)):
        fine = [rank for rank in ranks if RANK_ORDER[rank] in span and rank not in unplayable]
        fixes = (Restatement(path, "levels", f"{label}: {', '.join(fine) or 'none'}"),)
        what = "mandatory level {}" if label == "mandatory" else "level {} to defend"
        for rank in ranks:
            if RANK_ORDER[rank] not in span:
                c.error_at_field((path, "levels.first"), f"{what.format(rank)} is outside the levels {played_words}",
                                 code=codes.LEVELS_MISMATCH, fixes=fixes)
            elif rank in constant or rank in removed:
                c.error_at_field((path, "trumps.order" if rank in constant else "table.removed_ranks"),
                                 f"{what.format(rank)} is never played (constant trump or removed)",
                                 code=codes.LEVELS_MISMATCH, fixes=fixes)
    if r.levels.game_end == "reach-last" and first == last:
        c.error_at_field(("levels.game_end", "levels.first"),
                         f"nobody can reach the last level: the levels start at it ({last})", code=codes.LEVELS_MISMATCH)
    effects = [(effect_path(i, j), effect) for i, trigger in enumerate(r.levels.after_hand)
               for j, effect in enumerate(trigger.effects)]
    if not r.levels.rounds and r.levels.game_end != "hands" and not any(e[0] == "wins-game" for _, e in effects):
        # round after round, no level is the last: only a count of hands or a house rule ends the game
        c.error_at_field(("levels.rounds", "levels.game_end"),
                         "the levels go round without end, so no level is the last one and the game never ends: "
                         "end it 'after N hands', or by a house rule that wins the game", code=codes.ENDLESS_GAME)
    for path, effect in effects:
        if effect[0] in expressions.ROLE_EFFECTS and "partner" in expressions.role_leaves(effect[1]) \
                and not r.table.seated:
            c.error_at_field((path, "levels.after_hand"),
                             "with called partners, or a banker alone, the banker has no seated partner: name another player",
                             code=codes.CALLED_PARTNERS)
    for i, trigger in enumerate(r.levels.after_hand):
        own = next((j for j, effect in enumerate(trigger.effects) if effect[0] in expressions.OWN_CHANGE_EFFECTS), None)
        if own is not None and "levels" in expressions.quantities_of(trigger.condition):
            c.error_at_field((effect_path(i, own), "levels.after_hand"),
                             "'the hand gives ...' makes the hand's own level change, so its condition cannot read "
                             "'levels', the change it makes: ask what decides the change (the points, who won the "
                             "last trick), or read 'levels' in the number given", code=codes.OWN_CHANGE_READS_LEVELS)
    playable = {rank for rank in RANK_ORDER if RANK_ORDER[rank] in span and rank not in constant | removed}
    for path, effect in effects:
        if expressions.PLAYER_EFFECTS.get(effect[0], effect[0]) in ("back-to", "to", "knock-back") \
                and effect[2] not in playable:
            c.error_at_field((path, "levels.after_hand"),
                             f"{effect[2]} is not a level of this game (the levels are {played_words}, "
                             "without constant trumps and removed ranks)", code=codes.LEVELS_MISMATCH)
    for knock in r.levels.knock_back:
        for rank in (knock.level, knock.to):
            if RANK_ORDER[rank] not in span or rank in constant or rank in removed:
                c.error_at_field(("levels.knock_back", "levels.first"), f"knock back names {rank}, which is not a level of this game", code=codes.LEVELS_MISMATCH)
        if knock.single in removed:
            c.error_at_field(("levels.knock_back", "table.removed_ranks"),
                             f"knock back waits for a single {knock.single}, but the {knock.single}s are removed from the deck", code=codes.LEVELS_MISMATCH)


# --- trumps --------------------------------------------------------------------------------------


def _check_trump_order(c: Reporter, r: model.Rules) -> None:
    order = r.trumps.order
    kinds = [t.kind for t in order]
    path = ("trumps.order",)
    if not kinds or kinds[-1] != "trump-suit":
        c.error_at_field(path, "the trump order ends with 'trump suit' (the rest of the trump suit, by rank)", code=codes.TRUMP_ORDER)
    elif kinds.count("trump-suit") > 1:
        c.error_at_field(path, "'trump suit' appears more than once in the trump order", code=codes.TRUMP_ORDER)
    for needed in ("level-in-trump-suit", "level-in-other-suits"):
        if needed not in kinds:
            c.error_at_field(path, f"the trump order needs '{needed.replace('-', ' ')}'", code=codes.TRUMP_ORDER)
    for joker, code in (("big-joker", "BJ"), ("small-joker", "SJ")):
        # a joker every copy of which is taken out may keep its band: the band is simply empty
        if r.table.copies(code) and joker not in kinds:
            c.error_at_field(path, f"the deck has jokers, so the trump order needs '{joker.replace('-', ' ')}'", code=codes.TRUMP_ORDER)
        if not r.table.jokers and joker in kinds:
            c.error_at_field(path + ("table.jokers",), f"the trump order has '{joker.replace('-', ' ')}' but the deck has no jokers", code=codes.TRUMP_ORDER)
    if "big-joker" in kinds and "small-joker" in kinds and kinds.index("big-joker") > kinds.index("small-joker"):
        c.error_at_field(path, "the big joker ranks above the small joker", code=codes.TRUMP_ORDER)
    for rank in r.trumps.constant_ranks:
        present = {t.kind for t in order if t.rank == rank}
        if present != {"rank-in-trump-suit", "rank-in-other-suits"}:
            c.error_at_field(path, f"constant trump {rank} needs both '{rank} in trump suit' and '{rank} in other suits'", code=codes.TRUMP_ORDER)
        if rank in r.table.removed_ranks:
            c.error_at_field(path, f"constant trump {rank} is removed from the deck", code=codes.TRUMP_ORDER)
    for card in r.trumps.constant_cards:
        if card[:-1] in r.table.removed_ranks:
            c.error_at_field(path, f"constant card {card} is removed from the deck", code=codes.TRUMP_ORDER)


# --- combinations --------------------------------------------------------------------------------


def _check_combinations(c: Reporter, r: model.Rules) -> None:
    comb = r.combinations
    decks = r.table.decks
    if 1 not in comb.set_widths:
        c.error_at_field(("combinations.set_widths",), "the sets must include 'single'", code=codes.COMBINATION_DECKS)
    for width in comb.set_widths:
        if width > decks:
            c.error_at_field(("combinations.set_widths", "table.decks"),
                             f"a {width_name(width)} needs {width} identical cards, but there "
                             f"{'is' if decks == 1 else 'are'} only {decks} deck{'s' if decks != 1 else ''}", code=codes.COMBINATION_DECKS)
    for width in comb.tractor_widths:
        if width > decks:
            c.error_at_field(("combinations.tractor_widths", "table.decks"),
                             f"tractors of {width_name(width, plural=True)} need {width} decks; there "
                             f"{'is' if decks == 1 else 'are'} {decks}", code=codes.COMBINATION_DECKS)
        elif width not in comb.set_widths:
            c.error_at_field(("combinations.tractor_widths", "combinations.set_widths"),
                             f"tractors of {width_name(width, plural=True)} need '{width_name(width)}' among the sets", code=codes.COMBINATION_DECKS)
    if comb.bomb_width and comb.bomb_width > decks:
        c.error_at_field(("combinations.bomb_width",), f"a bomb of {comb.bomb_width} identical cards needs {comb.bomb_width} decks", code=codes.COMBINATION_DECKS)
    if comb.rainbow_min > 4 * decks:
        c.error_at_field(("combinations.rainbow_min",), f"a rainbow of {comb.rainbow_min} cards of one rank needs "
                         f"{-(-comb.rainbow_min // 4)} decks; {decks} deck{'s' if decks != 1 else ''} hold "
                         f"{4 * decks} cards of a rank", code=codes.COMBINATION_DECKS)
    elif comb.rainbow_min > r.table.hand_size:
        c.error_at_field(("combinations.rainbow_min", "table.hand_size"),
                         f"a rainbow of {comb.rainbow_min} cards is more than a hand holds ({r.table.hand_size} "
                         "cards), so nobody could ever play one", code=codes.KIND_UNPLAYABLE)


    if comb.straight_min:
        ranks = len(r.table.ranks)
        longest = longest_straight(r)
        if comb.straight_min > longest:
            c.error_at_field(("combinations.straight_min",),
                             f"a straight of {comb.straight_min} cards is longer than any suit, trumps included, "
                             f"can hold ({longest} cards in a row at most with {ranks} ranks)", code=codes.COMBINATION_DECKS)


def longest_straight(r: model.Rules) -> int:
    """The most cards a straight can run along: one per rank of a suit, and in trumps one more for
    each band the trumps add (the jokers, the level cards of the other suits, each constant rank's):
    a bound no line of any hand passes."""
    return len(r.table.ranks) + 1 + len(r.trumps.constant_ranks) + (2 if r.table.jokers else 0)


def _check_links(c: Reporter, r: model.Rules) -> None:
    order = r.trumps.order
    if not order or order[-1].kind != "trump-suit":
        return  # the order itself is wrong and reported; links measured against it would mislead
    problem = links_problem(r.combinations.links, order)
    if problem is not None:
        paths, message = problem
        # the fix links the chains through what the order adds (links a parent wrote for its own order)
        fix = Restatement("combinations.links", "combinations",
                          f"links: {links_words(links_through(r.combinations.links, order))}")
        c.error_at_field(paths, message, code=codes.LINKS, fixes=(fix,))
        return
    constant = r.trumps.constant_ranks
    nt_rank = {"big-joker": 0, "small-joker": 1, "level": 2}
    for chain in r.combinations.no_trump_links:
        ranks: list[int] = []
        for tier in chain:
            if tier.kind == "rank":
                if tier.rank is None or tier.rank not in constant:  # (a rank link always has its rank)
                    # the fix links the trumps of this file's no-trump hands (links a parent wrote
                    # for its own constant trumps)
                    fix = Restatement("combinations.no_trump_links", "combinations",
                                      f"no-trump links: {links_words(order_no_trump_links(r.trumps))}")
                    c.error_at_field(("combinations.no_trump_links", "trumps.order"),
                                     f"no-trump links name {tier.rank}, which is not a constant trump", code=codes.LINKS,
                                     fixes=(fix,))
                    return
                ranks.append(3 + constant.index(tier.rank))
            else:
                if tier.kind == "level" and r.trumps.no_trump == "jokers-only":
                    c.error_at_field(("combinations.no_trump_links", "trumps.no_trump"),
                                     "no-trump links name the level cards, but in no-trump they are not trumps", code=codes.LINKS)
                    return
                ranks.append(nt_rank[tier.kind])
        if any(b <= a for a, b in pairwise(ranks)):
            c.error_at_field(("combinations.no_trump_links",),
                             "no-trump links go down the order: big joker, small joker, level, constant trumps", code=codes.LINKS)
            return
    if not r.table.jokers:
        for path, chains in (("combinations.links", r.combinations.links), ("combinations.no_trump_links", r.combinations.no_trump_links)):
            if any(t.kind in ("big-joker", "small-joker") for chain in chains for t in chain):
                c.error_at_field((path, "table.jokers"), "links name a joker, but the deck has no jokers", code=codes.LINKS)


# --- links and the order they follow ---------------------------------------------------------------


def links_problem(chains: tuple[tuple[model.LinkTier, ...], ...],
                  order: tuple[model.TrumpTier, ...]) -> tuple[tuple[str, ...], str] | None:
    """What is wrong with link ``chains`` measured against the trump ``order`` (which ends with
    "trump suit"): (the fields to blame, the message), or None when they fit it.  Links join
    bands that follow each other in the order, downwards, none skipped; the top of the trump
    suit comes right after the last band before "trump suit"."""
    position = {(t.kind, t.rank, t.card): i for i, t in enumerate(order)}
    plain_top = len(order)  # the top of the trump suit ranks just where "trump suit" starts
    for chain in chains:
        places = []
        for tier in chain:
            if tier.kind == "top-of-trump-suit":
                places.append((plain_top, tier))
                continue
            key = (tier.kind, tier.rank, tier.card)
            if key not in position:
                return (("combinations.links", "trumps.order"),
                        f"links name '{tier_words(tier.kind, tier.rank, tier.card)}', which is not in the trump order")
            places.append((position[key], tier))
        for (a, ta), (b, tb) in pairwise(places):
            if b <= a:
                return (("combinations.links", "trumps.order"),
                        f"links go down the trump order: '{tier_words(tb.kind, tb.rank, tb.card)}' is not "
                        f"below '{tier_words(ta.kind, ta.rank, ta.card)}'")
            skipped = order[a + 1 : b] if b != plain_top else order[a + 1 : len(order) - 1]
            if skipped:
                return (("combinations.links", "trumps.order"),
                        f"links join '{tier_words(ta.kind, ta.rank, ta.card)}' to "
                        f"'{tier_words(tb.kind, tb.rank, tb.card)}', skipping "
                        f"'{tier_words(skipped[0].kind, skipped[0].rank, skipped[0].card)}': link through it, "
                        f"or end the chain there")
    return None


def order_links(order: tuple[model.TrumpTier, ...]) -> tuple[tuple[model.LinkTier, ...], ...]:
    """The links of the whole trump ``order``, band by band: every band above "trump suit" in one
    chain, ending at the top of the trump suit (as every shipped ruleset links its order)."""
    chain = tuple(model.LinkTier(cast(model.LinkKind, t.kind), t.rank, t.card) for t in order if t.kind != "trump-suit")
    chain += (model.LinkTier("top-of-trump-suit"),)
    return (chain,) if len(chain) > 1 else ()


def links_through(chains: tuple[tuple[model.LinkTier, ...], ...],
                  order: tuple[model.TrumpTier, ...]) -> tuple[tuple[model.LinkTier, ...], ...]:
    """``chains`` mended for ``order``, keeping what they link: bands the order lacks are left
    out, and each chain links through the bands of the order it skips; the order's own links
    (``order_links``) when that does not make them fit."""
    position: dict[tuple[str, str | None, str | None], int] = {(t.kind, t.rank, t.card): i for i, t in enumerate(order)}
    plain_top = len(order) - 1  # "trump suit": the top of the trump suit is its first card
    mended = []
    for chain in chains:
        places = sorted({plain_top if t.kind == "top-of-trump-suit" else position[(t.kind, t.rank, t.card)]
                         for t in chain if t.kind == "top-of-trump-suit" or (t.kind, t.rank, t.card) in position})
        if len(places) < 2:
            continue
        tiers = [model.LinkTier(cast(model.LinkKind, t.kind), t.rank, t.card) for t in order[places[0]:places[-1]]]
        if places[-1] == plain_top:
            tiers.append(model.LinkTier("top-of-trump-suit"))
        else:
            last = order[places[-1]]
            tiers.append(model.LinkTier(cast(model.LinkKind, last.kind), last.rank, last.card))
        mended.append(tuple(tiers))
    result = tuple(mended)
    if links_problem(result, order) is not None or len({t for chain in result for t in chain}) < sum(map(len, result)):
        return order_links(order)
    return result


def order_no_trump_links(trumps: model.Trumps) -> tuple[tuple[model.LinkTier, ...], ...]:
    """The no-trump links of the trumps of a no-trump hand, in their order: the jokers, the level
    cards (unless only the jokers are trumps), the constant ranks."""
    kinds = [t.kind for t in trumps.order]
    chain = tuple(model.LinkTier(kind) for kind in ("big-joker", "small-joker") if kind in kinds)
    if trumps.no_trump == "jokers-and-levels":
        chain += (model.LinkTier("level"),)
    chain += tuple(model.LinkTier("rank", rank) for rank in trumps.constant_ranks)
    return (chain,) if len(chain) > 1 else ()


def links_words(chains: tuple[tuple[model.LinkTier, ...], ...]) -> str:
    """Link chains as the language writes them ("big joker ~ small joker ~ level", "none")."""
    if not chains:
        return "none"
    return ", ".join(" ~ ".join(tier_words(t.kind, t.rank, t.card) for t in chain) for chain in chains)


# --- declaring -----------------------------------------------------------------------------------


def _check_steps(c: Reporter, r: model.Rules, path: str) -> None:
    """Each step of the ladder at ``path`` ("declaring.ladder", "declaring.ladder_after_kitty") can
    be made with the pack: no more identical cards than the decks hold, jokers where there are some."""
    decks = r.table.decks
    for step in r.declaring.ladder if path == "declaring.ladder" else r.declaring.ladder_after_kitty:
        if step.kind == "level" and step.count > decks:
            c.error_at_field((path, "table.decks"),
                             f"'{step_words(step)}' needs {step.count} identical level cards, but there "
                             f"{'is' if decks == 1 else 'are'} only {decks} deck{'s' if decks != 1 else ''}", code=codes.DECLARING)
        if step.kind != "level":
            held = _jokers_held(r.table, step.kind)
            if not r.table.jokers:
                c.error_at_field((path, "table.jokers"), f"'{step_words(step)}': the deck has no jokers", code=codes.DECLARING)
            elif step.count > decks:
                c.error_at_field((path, "table.decks"),
                                 f"'{step_words(step)}' needs {step.count} identical jokers; {decks} "
                                 f"deck{'s' if decks != 1 else ''} hold{'s' if decks == 1 else ''} {decks}", code=codes.DECLARING)
            elif step.count > held:
                kind = {"big-joker": "big joker", "small-joker": "small joker"}.get(step.kind, "joker of one kind")
                holds = f"{held} {kind}" if held == 1 else f"{held or 'no'} {kind.replace('joker', 'jokers')}"
                c.error_at_field((path, "table.removed_cards"),
                                 f"'{step_words(step)}' needs {step.count} identical jokers, but with the cards "
                                 f"taken out the pack holds {holds}", code=codes.DECLARING)
        if step.level_cards > decks:
            c.error_at_field((path, "table.decks"),
                             f"'{step_words(step)}' needs {step.level_cards} identical level cards, but there "
                             f"{'is' if decks == 1 else 'are'} only {decks} deck{'s' if decks != 1 else ''}", code=codes.DECLARING)


def _check_round_ladder(c: Reporter, r: model.Rules) -> None:
    """The round after the kitty's own ladder (``ladder after kitty``) is read only in that round:
    it needs the round (``overturn after kitty``), a deal where someone may declare (not ``ladder:
    none``) and no auction."""
    d = r.declaring
    if not d.ladder_after_kitty:
        return
    _check_steps(c, r, "declaring.ladder_after_kitty")
    if r.auction.on:
        blame, why = "auction.direction", "an auction decides the bank and nobody declares"
    elif not d.ladder:
        blame, why = "declaring.ladder", "with 'ladder: none' nobody declares, during the deal or after it"
    elif not d.overturn_after_kitty:
        blame, why = "declaring.overturn_after_kitty", ("nobody overturns after the kitty: write 'overturn after "
                                                        "kitty: yes' (or 'when ...'), or leave the ladder out")
    else:
        return
    c.error_at_field(("declaring.ladder_after_kitty", blame), f"'ladder after kitty' is the ladder of the round "
                     f"of overturning after the kitty, but {why}", code=codes.LADDER_AFTER_KITTY_UNUSED)


def _check_ladder(c: Reporter, r: model.Rules) -> None:
    _check_steps(c, r, "declaring.ladder")
    _check_round_ladder(c, r)
    d = r.declaring
    if not d.ladder:
        # nobody declares: every hand takes the 'nobody declares' way, so one that may redeal would
        # redeal for ever with the same odds
        ways = (d.fallback, *d.fallback_then)
        may_redeal = d.fallback.otherwise == "redeal" and ways[-1].kind not in ("no-trump", "partner-names", "suit")
        if any(w.kind == "redeal" for w in ways) or may_redeal:
            c.error_at_field(("declaring.ladder", "declaring.fallback"),
                             "with 'ladder: none' nobody ever declares, so a redeal when nobody declares would "
                             "never end: choose trump another way", code=codes.DECLARING)
        elif d.first_fallback == "redeal":
            c.error_at_field(("declaring.ladder", "declaring.first_fallback"),
                             "with 'ladder: none' nobody ever declares, so redealing the first hand when nobody "
                             "declares would never end: write 'first hand nobody declares: as later hands'",
                             code=codes.DECLARING)
    elif r.declaring.reinforce_to_retake and not _can_grow(r.declaring.ladder):
        c.error_at_field(("declaring.reinforce_to_retake", "declaring.ladder"),
                         "a declaration is taken back by showing more of the same cards, but no step of this "
                         "ladder shows more of the cards of another", code=codes.DECLARING)


def _check_declarable(c: Reporter, r: model.Rules) -> None:
    """Every step of the ladder can be declared at every level of the game with the cards the pack
    holds: a step of N level cards needs a level card of which N copies are left once ``remove``
    has taken its cards out (the jokers' steps are ``_check_ladder``'s).

    Why: a hand is dealt and declared at each level; the deal offers each player the declarations
    the ladder lists, made of the cards the pack holds.  Before the deal checked the pack first,
    a step asking for more copies of a card than were left (two 2D where ``remove: 1 2D`` left one
    of two decks') made the oracle refuse the cards ("too many '2D'", E401) and stopped every game
    at its first hand at that level.  The deal now leaves such a show out, so one card short in
    some suits plays (the others still declare with it); what is refused here is a step that no
    card at all can make at some level, as a ladder needing more decks than the game has is."""
    t = r.table
    ranks = t.ranks
    first, last = r.levels.first, r.levels.last
    if first not in ranks or last not in ranks:
        return  # a level removed from the deck: _check_levels says so
    constant = set(r.trumps.never_levels)
    levels = [rank for rank in ranks[ranks.index(first):ranks.index(last) + 1] if rank not in constant]
    most = {level: max(t.copies(level + suit) for suit in model.SUITS) for level in levels}
    for step in r.declaring.ladder:
        need = step.count if step.kind == "level" else step.level_cards
        if not need or need > t.decks:
            continue  # jokers alone, or more than the decks hold: _check_ladder says so
        short = [level for level in levels if most[level] < need]
        if not short:
            continue
        level = short[0]
        left = most[level]
        held = f"no {level} is left" if not left else \
            f"no {level} has more than {left} cop{'y' if left == 1 else 'ies'} left"
        also = f" (and at {len(short) - 1} more level{'s' if len(short) > 2 else ''})" if len(short) > 1 else ""
        c.error_at_field(("table.removed_cards", "declaring.ladder"),
                         f"at level {level}{also} nobody can declare '{step_words(step)}': with the cards taken "
                         f"out, {held}", code=codes.DECLARING)


def _can_grow(ladder: tuple[model.DeclareStep, ...]) -> bool:
    """Whether some step shows more of the same cards than another (1 level card → 2 level cards)."""
    def cards(step: model.DeclareStep) -> tuple[str, int, int]:
        return ("level" if step.kind == "level" else "joker", step.count, step.level_cards)

    shapes = [cards(step) for step in ladder]
    return any(a[0] == b[0] and a != b and b[1] >= a[1] and b[2] >= a[2] for a in shapes for b in shapes)


def _check_weak_hands(c: Reporter, r: model.Rules) -> None:
    t = r.table
    asked = r.declaring.redeal_when
    if asked and r.declaring.redeal_hands:
        c.error_at_field(("declaring.redeal_when", "declaring.redeal_hands"),
                         "a redeal is allowed either for hands of the named kinds or by a condition, not both "
                         "('redeal: when ...' sets one and clears the other)", code=codes.REDEAL_ASKED)
    if r.declaring.redeal_clears_bank and not asked and not r.declaring.redeal_hands:
        c.error_at_field(("declaring.redeal_clears_bank", "declaring.redeal_hands"),
                         "a redeal that clears the bank is given, but no hand is ever redealt "
                         "('redeal: ..., as a first hand' sets both)", code=codes.REDEAL_ASKED)
    if r.declaring.redeal_clears_bank and r.declaring.in_turn:
        c.error_at_field(("declaring.redeal_clears_bank", "declaring.in_turn"),
                         "a redeal that clears the bank deals again as a first hand, declared during the deal at each "
                         "player's own level, but these rules declare in turn after the deal: write 'in turn: no' or "
                         "leave out 'as a first hand'", code=codes.REDEAL_ASKED)
    if asked and r.declaring.redeal_by == "automatic" and not _reads(asked, _HAND_QUANTITIES):
        c.error_at_field(("declaring.redeal_when", "declaring.redeal_by"),
                         "this condition reads neither the hand dealt ('points held', 'trumps held') nor the "
                         "redeals so far ('redeals'), so with 'always' every deal would be redealt: bound it, "
                         "as in 'redeals < 3', or let the holder ask", code=codes.REDEAL_ASKED)
    if "no-points" in r.declaring.redeal_hands and t.total_points == 0:
        c.error_at_field(("declaring.redeal_hands", "table.points", "table.removed_ranks"),
                         "the deck has no point cards, so every hand would be redealt for having none", code=codes.DECLARING)


#: the quantities of a redeal's condition that change from one deal to the next
_HAND_QUANTITIES = frozenset({"held-points", "held-trumps", "redeals"})


def _reads(tree: tuple, names: frozenset[str]) -> bool:
    """Whether an expression's tree reads one of the quantities ``names``."""
    if tree and tree[0] == "var":
        return tree[1] in names
    return any(isinstance(part, tuple) and _reads(part, names) for part in tree[1:])


def _check_kitty_shown(c: Reporter, r: model.Rules) -> None:
    shown = r.kitty_exchange
    if (shown.shown_before_burying or shown.shown_at_end) and r.table.kitty_size == 0:
        c.error_at_field(("kitty_exchange.shown_before_burying", "table.kitty_size"),
                         "there is no kitty to show", code=codes.KITTY)
    if shown.buried_when and r.table.kitty_size == 0:
        c.error_at_field(("kitty_exchange.buried_when", "table.kitty_size"),
                         "there is no kitty to bury", code=codes.KITTY)
    _check_shown_to(c, r)


#: a showing's moment in the words of the statement
SHOWING_WORDS = {"before-burying": "before burying", "after-burying": "after burying", "at-end": "at the end"}


def _check_shown_to(c: Reporter, r: model.Rules) -> None:
    """The kitty shown to some of the table (``kitty_exchange.shown_to``): a kitty to show; each
    moment once (a showing to everyone before burying or at the end may also be the flag of every
    version); players known as the kitty is shown (E366: with called partners the teams are known
    only once the last trick is over); and players these rules have (E367)."""
    ex = r.kitty_exchange
    if not ex.shown_to:
        return
    path = "kitty_exchange.shown_to"
    if r.table.kitty_size == 0:
        c.error_at_field((path, "table.kitty_size"), "there is no kitty to show", code=codes.KITTY)
        return
    moments = [s.moment for s in ex.shown_to]
    if len(set(moments)) != len(moments) or (ex.shown_before_burying and "before-burying" in moments) or (
            ex.shown_at_end and "at-end" in moments):
        c.error_at_field((path,), "the kitty is shown at one moment twice: name the players once for each moment",
                         code=codes.REPEATED_VALUE)
    nobody_declares = ("an auction decides the bank and nobody declares" if r.auction.on
                       else "with 'ladder: none' nobody declares" if not r.declaring.ladder else None)
    for showing in ex.shown_to:
        to, when = showing.to, SHOWING_WORDS[showing.moment]
        if to in ("bankers", "attackers", "friends") and r.table.partnership == "called" and showing.moment != "at-end":
            team = "the banker's friends" if to == "friends" else f"the {to}"
            c.error_at_field((path, "table.partnership"),
                             f"with called partners the teams are known only as the friends show themselves, so "
                             f"'{team}' are not known {when}: show the kitty to them 'at the end', or to a player",
                             code=codes.KITTY_SHOWN_UNKNOWN)
        elif to == "friends" and r.table.partnership == "alone":
            c.error_at_field((path, "table.partnership"),
                             "the banker plays alone ('partners: banker alone'), so the banker has no friends to show "
                             "the kitty to: name the bankers or a player", code=codes.KITTY_SHOWN_NOBODY)
        elif to == "partner" and not r.table.seated:
            c.error_at_field((path, "table.partnership"),
                             "with called partners, or a banker alone, the banker has no seated partner to show the "
                             "kitty to: name another player", code=codes.KITTY_SHOWN_NOBODY)
        elif to == "declarer" and nobody_declares:
            c.error_at_field((path, "auction.direction" if r.auction.on else "declaring.ladder"),
                             f"{nobody_declares}, so there is no declarer to show the kitty to: name another player",
                             code=codes.KITTY_SHOWN_NOBODY)


def _jokers_held(table: model.Table, kind: str) -> int:
    """The most identical jokers a declaration of ``kind`` can show from this pack."""
    if kind == "big-joker":
        return table.copies("BJ")
    if kind == "small-joker":
        return table.copies("SJ")
    return max(table.copies("BJ"), table.copies("SJ"))


def _check_fallback(c: Reporter, r: model.Rules) -> None:
    kitty = r.table.kitty_size
    if any(fb.kind == "scored" for fb in r.declaring.fallback_then) or (
            r.declaring.fallback.kind == "scored" and r.declaring.fallback_then):
        c.error_at_field(("declaring.fallback", "declaring.fallback_then"),
                         "a hand scored without being played is decided by nothing else: write "
                         "'nobody declares: scored as ...' alone", code=codes.DECLARING)
        return
    if r.declaring.fallback.kind == "scored" and not r.auction.on:
        _check_scored_fallback(c, r)
    for fb in (r.declaring.fallback, *r.declaring.fallback_then):
        if fb.kind in ("kitty-card", "level-card", "level-card-or-joker", "highest-card",
                       "player-level-card") and kitty == 0:
            c.error_at_field(("declaring.fallback",), "there is no kitty to take a card from", code=codes.DECLARING)
            return
        if fb.kind == "kitty-card":
            last = max(fb.card, fb.skip_to)
            if last > kitty:
                c.error_at_field(("declaring.fallback", "table.kitty_size"),
                                 f"the kitty has {kitty} cards, so there is no card {last}", code=codes.DECLARING)
                return


def _check_scored_fallback(c: Reporter, r: model.Rules) -> None:
    """A hand scored without being played needs a banker already (the first hand is dealt again),
    teams known without play (no called partners), and a ladder someone can declare on."""
    if r.declaring.first_fallback != "redeal":
        c.error_at_field(("declaring.fallback", "declaring.first_fallback"),
                         "in the first hand nobody banks yet, so it cannot be scored without being played: "
                         "add 'first hand nobody declares: redeal'", code=codes.DECLARING)
    elif r.table.partnership == "called":
        c.error_at_field(("declaring.fallback", "table.partnership"),
                         "with called partners the banker's team is found in play, so a hand cannot be scored "
                         "without being played", code=codes.DECLARING)
    elif not r.declaring.ladder:
        c.error_at_field(("declaring.fallback", "declaring.ladder"),
                         "nobody can declare ('ladder: none'), so every hand after the first would be scored "
                         "without being played", code=codes.DECLARING)


# --- leading -------------------------------------------------------------------------------------


def _check_throws(c: Reporter, r: model.Rules) -> None:
    lead = r.leading
    if lead.throw_decider == "first" and lead.throw_failure == "smallest-card":
        who = "opponent" if lead.throw_stoppers == "opponents" else "player"
        c.error_at_field(("leading.throw_decider", "leading.throw_failure"),
                         f"'the first {who} who can' decides which beaten part a failed throw is cut to, "
                         "but with 'failed throw: smallest card' the leader plays the throw's lowest card "
                         "whoever beats it", code=codes.THROWS)


# --- following -----------------------------------------------------------------------------------


def _term_cards(term: model.Term, n: int) -> int:
    return term.count.value(n) * term.width * max(term.length.value(n), 1)


#: the fields that set how long tractors are
_LENGTH_PATHS = ("combinations.tractor_lengths", "combinations.tractor_min_length")


def _length_words(least: int, most: int) -> str:
    """How long a tractor may be: "3 or more sets long", "2 to 4 sets long"."""
    return f"{least} to {most} sets long" if most else f"{least} or more sets long"


def _check_follow_lists(c: Reporter, r: model.Rules) -> None:
    comb = r.combinations
    decks = r.table.decks
    budget = [_PACKING_BUDGET]
    for fl in r.following.lists:
        label = fl.lead.label
        path = (f"following.lists[{label}]",)
        lead = fl.lead
        rainbow_terms = [index for index, entry in enumerate(fl.entries, start=1) if any(t.rainbow for t in entry.terms)]
        if lead.rainbow:
            _check_rainbow_list(c, r, fl, path, label, budget)
            continue
        if rainbow_terms:
            c.error_at_field(path, f"'{label}': entry {rainbow_terms[0]} asks for a rainbow, which only a list for a "
                             "rainbow ('rainbow of n cards: ...') asks, as its first entry", code=codes.RAINBOW_TERM)
            continue
        if lead.length == 1:
            if lead.width not in comb.set_widths:
                c.error_at_field(path, f"a list for '{label}', but {width_name(lead.width)} is not among the sets", code=codes.FOLLOW_LEAD)
                continue
            tries = [1]
        else:
            if lead.width == 1 and not comb.straight_min:
                c.error_at_field(path, f"a list for '{label}', but there are no straights (straights: none)",
                                 code=codes.FOLLOW_LEAD)
                continue
            if lead.width != 1 and lead.width not in comb.tractor_widths:
                c.error_at_field(path, f"a list for '{label}', but there are no tractors of {width_name(lead.width, plural=True)}", code=codes.FOLLOW_LEAD)
                continue
            low, most = comb.lengths_of(lead.width)
            high = most or low + _N_TRIES - 1
            if lead.length:
                if not low <= lead.length <= (most or lead.length):
                    if lead.width == 1:
                        c.error_at_field(path + ("combinations.straight_min",), f"a list for '{label}', but straights are "
                                         f"{low} or more cards long", code=codes.FOLLOW_LEAD)
                        continue
                    plural = width_name(lead.width, plural=True)
                    c.error_at_field(path + _LENGTH_PATHS, f"a list for '{label}', but tractors of {plural} are "
                                     f"{_length_words(low, most)}", code=codes.FOLLOW_LEAD)
                    continue
                tries = [lead.length]
            else:
                tries = list(range(low, min(high, low + _N_TRIES - 1) + 1))
        if lead.length != 0 and any(
            count.per_n for entry in fl.entries for term in entry.terms for count in (term.count, term.length)
        ):
            c.error_at_field(path, f"'{label}' has a fixed size, so its entries cannot count in n; "
                             f"n is for lists such as 'tractor of n pairs'", code=codes.FOLLOW_LEAD)
            continue
        for n in tries:
            if not _check_entries(c, path, label, fl, n, decks, comb, budget):
                break


def _check_rainbow_list(c: Reporter, r: model.Rules, fl: model.FollowList, path: tuple[str, ...], label: str,
                        budget: list[int]) -> None:
    """A list for a rainbow: rainbows among trumps (a follower short of one follows trumps), a
    length they can have, the rainbow itself as the whole first entry (its ranks, as a rainbow's
    follow always asks), and the later entries what a list for a straight of as many cards could
    hold, of trumps."""
    comb = r.combinations
    lead = fl.lead
    if lead.width != 1:  # only a document can say so: the language writes a rainbow by its cards
        c.error_at_field(path, f"a list for '{label}' of sets of {lead.width}: a rainbow is of single cards, one of "
                         "each suit (width 1)", code=codes.FOLLOW_LEAD)
        return
    if not comb.rainbow_min:
        c.error_at_field(path, f"a list for '{label}', but there are no rainbows (rainbows: none)", code=codes.FOLLOW_LEAD)
        return
    if not comb.rainbow_trumps:
        c.error_at_field(path + ("combinations.rainbow_trumps",),
                         f"a list for '{label}', but these rainbows are of any cards, one rank in four suits: a "
                         "follower short of one has no suit to follow; lists are for rainbows among trumps "
                         "('rainbows: 4+ trumps of one rank in four suits')", code=codes.RAINBOW_LIST)
        return
    if lead.length and lead.length < comb.rainbow_min:
        c.error_at_field(path + ("combinations.rainbow_min",), f"a list for '{label}', but rainbows are "
                         f"{comb.rainbow_min} or more cards", code=codes.FOLLOW_LEAD)
        return
    first = fl.entries[0] if fl.entries else None
    wanted = model.Count(0, lead.length) if lead.length else model.Count(1, 0)
    if first is None or len(first.terms) != 1 or not first.terms[0].rainbow or first.terms[0].length != wanted:
        c.error_at_field(path, f"'{label}': the first entry must be the rainbow itself, '{label}' (a follower who "
                         "holds the lead's ranks plays them, as to any rainbow); the later entries say what a "
                         "follower without them plays of trumps", code=codes.RAINBOW_TERM)
        return
    if fl.entries[-1].step_down:
        c.error_at_field(path, f"'{label}': a rainbow is not broken down step by step; end the list with the "
                         "entries a follower without the rainbow plays of trumps", code=codes.FOLLOW_ENTRY)
        return
    later = [index for index, entry in enumerate(fl.entries[1:], start=2) if any(t.rainbow for t in entry.terms)]
    if later:
        c.error_at_field(path, f"'{label}': entry {later[0]} asks for a rainbow again; only the first entry is the "
                         "rainbow", code=codes.RAINBOW_TERM)
        return
    if lead.length != 0 and any(
        count.per_n for entry in fl.entries[1:] for term in entry.terms for count in (term.count, term.length)
    ):
        c.error_at_field(path, f"'{label}' has a fixed size, so its entries cannot count in n; "
                         f"n is for lists such as 'rainbow of n cards'", code=codes.FOLLOW_LEAD)
        return
    rest = model.FollowList(model.LeadShape(1, lead.length, rainbow=True), fl.entries[1:])
    for n in ([lead.length] if lead.length else list(range(comb.rainbow_min, comb.rainbow_min + _N_TRIES))):
        if not _check_entries(c, path, label, rest, n, r.table.decks, comb, budget, first_index=2):
            break


def _check_entries(c: Reporter, path: tuple[str, ...], label: str, fl: model.FollowList, n: int,
                   decks: int, comb: model.Combinations, budget: list[int] | None = None,
                   first_index: int = 1) -> bool:
    size = fl.lead.width * (n if fl.lead.length != 1 else 1)
    kind = "rainbow" if fl.lead.rainbow else "straight"
    where = (f" (for a {kind} of {n} cards)" if fl.lead.width == 1 else f" (for a tractor of {n})") \
        if fl.lead.length == 0 else ""
    requirements: list[tuple[int, list[tuple[int, int]]]] = []
    for index, entry in enumerate(fl.entries, start=first_index):
        if not entry.terms:
            if index != len(fl.entries) + first_index - 1:
                what = "broken down step by step" if entry.step_down else "any cards"
                c.error_at_field(path, f"'{label}': entry {index} is '{what}'; nothing can come after it", code=codes.FOLLOW_ENTRY)
                return False
            continue
        fixed = 0
        greedy_widths: list[int] = []
        units: list[tuple[int, int]] = []
        # "the highest single" is one card, once an entry (the grammar writes it so; JSON may not)
        highest = [t for t in entry.terms if t.highest]
        if highest and (len(highest) > 1 or any(
                t.width != 1 or t.count.greedy or t.count.per_n or t.count.plus != 1
                or t.length.per_n or t.length.plus != 1 for t in highest)):
            c.error_at_field(path, f"'{label}': entry {index} asks for the highest single other than once, as "
                             "one card", code=codes.FOLLOW_ENTRY)
            return False
        for term in entry.terms:
            count, length = term.count.value(n), term.length.value(n)
            if not term.count.greedy and count < 0 or length < 1:
                c.error_at_field(path, f"'{label}': entry {index} has a negative count{where}", code=codes.FOLLOW_ENTRY)
                return False
            if term.width > decks:
                c.error_at_field(path, f"'{label}': entry {index} asks for a {width_name(term.width)}, which {decks} deck{'s' if decks != 1 else ''} cannot produce", code=codes.FOLLOW_ENTRY)
                return False
            if length > 1 and term.width == 1 and not comb.straight_min:
                c.error_at_field(path, f"'{label}': entry {index} asks for a straight, which is not a combination "
                                 "here (straights: none)", code=codes.FOLLOW_ENTRY)
                return False
            if length > 1 and term.width != 1 and term.width not in comb.tractor_widths:
                c.error_at_field(path, f"'{label}': entry {index} asks for a tractor of {width_name(term.width, plural=True)}, which is not a combination here", code=codes.FOLLOW_ENTRY)
                return False
            least, most = comb.lengths_of(term.width)
            if length > 1 and term.width == 1 and length < least:
                c.error_at_field(path, f"'{label}': entry {index} asks for a straight of {length} cards{where}, "
                                 f"but straights are {least} or more cards long", code=codes.FOLLOW_ENTRY)
                return False
            if length > 1 and (length < least or most and length > most):
                c.error_at_field(path + _LENGTH_PATHS,
                                 f"'{label}': entry {index} asks for a tractor of {length} "
                                 f"{width_name(term.width, plural=True)}{where}, but those tractors are "
                                 f"{_length_words(least, most)}", code=codes.FOLLOW_ENTRY)
                return False
            if term.count.greedy:
                greedy_widths.append(term.width * length)
                continue
            fixed += _term_cards(term, n)
            if term.width > 1 or length > 1:
                units.extend([(term.width, length)] * count)
        fits = fixed == size or (fixed < size and greedy_widths and
                                 (1 in greedy_widths or (size - fixed) % min(greedy_widths) == 0))
        if not fits:
            c.error_at_field(path, f"'{label}': entry {index} holds {fixed} cards{where}, but the lead has {size}", code=codes.FOLLOW_ENTRY)
            return False
        for earlier_index, earlier in requirements:
            if _implied(earlier, units, budget):
                c.error_at_field(path, f"'{label}': entry {index} can never apply{where}: any hand that can play it can "
                                 f"also play entry {earlier_index}, which comes first", code=codes.FOLLOW_UNREACHABLE)
                return False
        requirements.append((index, units))
    return True


def _implied(need: list[tuple[int, int]], have: list[tuple[int, int]], budget: list[int] | None = None) -> bool:
    """Whether cards forming the units ``have`` always contain the units ``need`` (each unit a
    (width, length) pair: a tractor of ``length`` sets of ``width``).  Singles are left out of both:
    a hand that must follow always has enough cards of the suit to supply them."""
    if not need:
        return True
    if sum(w * l for w, l in need) > sum(w * l for w, l in have):
        return False  # more cards than there are
    bins = [[w] * l for w, l in have]
    items = sorted(need, key=lambda u: (u[1], u[0]), reverse=True)
    if budget is None:
        budget = [_PACKING_BUDGET]
    #: states (next item, what the bins have left) already shown to lead nowhere
    dead: set[tuple] = set()

    def place(i: int) -> bool:
        if i == len(items):
            return True
        state = (i, tuple(map(tuple, bins)))
        if state in dead:
            return False
        width, length = items[i]
        for bin_ in bins:
            for start in range(len(bin_) - length + 1):
                budget[0] -= 1
                if budget[0] < 0:
                    return False  # undecided: taken as not implied, so no error is reported
                span = range(start, start + length)
                if all(bin_[k] >= width for k in span):
                    for k in span:
                        bin_[k] -= width
                    if place(i + 1):
                        return True
                    for k in span:
                        bin_[k] += width
        dead.add(state)
        return False

    return place(0)


# --- the kitty -----------------------------------------------------------------------------------


def _evaluate(tree: tuple, size: int, cards: int) -> int | None:
    """The formula's value, or None when it grows past any sensible multiplier."""
    op = tree[0]
    if op == "num":
        return tree[1]
    if op == "var":
        return size if tree[1] == "size" else cards
    a = _evaluate(tree[1], size, cards)
    b = _evaluate(tree[2], size, cards)
    if a is None or b is None:
        return None
    if op == "add":
        value = a + b
    elif op == "mul":
        value = a * b
    else:
        if a > 1 and b > 64:
            return None
        value = a**b
    return value if value <= _MAX_FORMULA else None


def _formula_values(tree: tuple, table: model.Table) -> Iterator[tuple[int, int | None, int | None]]:
    """(size, cards, value) for every unit size a play can have (no unit is larger than a hand),
    value None when it grows past any sensible multiplier.  A formula of the first operators (add,
    multiply, power) never shrinks as ``cards`` grows, so ``cards`` is the size then (cards None);
    one that subtracts, divides or takes a minimum is tried with every number of cards a lead of
    that size can have."""
    if expressions.operators_of(tree) <= set(expressions.FIRST_OPERATORS):
        for size in range(1, table.hand_size + 1):
            yield size, None, _evaluate(tree, size, size)
        return
    reads_cards = "cards" in expressions.quantities_of(tree)
    for size in range(1, table.hand_size + 1):
        for cards in range(size, table.hand_size + 1) if reads_cards else (size,):
            value = expressions.evaluate_number(tree, {"size": size, "cards": cards, "decks": table.decks,
                                                       "players": table.players})
            yield size, cards if reads_cards else None, value if value <= _MAX_FORMULA else None


def _check_kitty(c: Reporter, r: model.Rules) -> None:
    k = r.kitty
    comb = r.combinations
    if k.kind == "formula":
        for size, cards, value in _formula_values(k.formula, r.table):
            where = f"size {size}" if cards is None else f"size {size} and {cards} cards"
            if value is None and not k.cap:
                c.error_at_field(("kitty",), f"the multiplier grows past {_MAX_FORMULA:,} (at {where}); add ', at most N'", code=codes.KITTY)
                return
            if value is not None and value < 1:
                c.error_at_field(("kitty",), f"the multiplier must be at least 1, but it is {value} at {where}", code=codes.KITTY)
                return
    if k.kind == "table":
        listed = {(row.width, row.length) for row in k.table if not row.rainbow}
        for row in k.table:
            if not row.rainbow:
                continue
            if not comb.rainbow_min:
                c.error_at_field(("kitty",), f"the multiplier table lists a rainbow of {row.length} cards, but there "
                                 "are no rainbows here", code=codes.KITTY)
            elif row.length < comb.rainbow_min:
                c.error_at_field(("kitty", "combinations.rainbow_min"),
                                 f"the multiplier table lists a rainbow of {row.length} cards, but a rainbow is "
                                 f"{comb.rainbow_min} or more cards", code=codes.KITTY)
        for width in comb.set_widths:
            if (width, 1) not in listed:
                c.error_at_field(("kitty",), f"the multiplier table has no factor for a {width_name(width)}", code=codes.KITTY)
        for width in comb.tractor_widths:
            lengths = sorted(length for w, length in listed if w == width and length > 1)
            plural = width_name(width, plural=True)
            if not lengths:
                c.error_at_field(("kitty",), f"the multiplier table has no factor for tractors of {plural}", code=codes.KITTY)
                continue
            least, most = comb.lengths_of(width)
            lengths = [length for length in lengths if length >= least] or [least]  # shorter: below
            if lengths[0] != least:
                c.error_at_field(("kitty",) + _LENGTH_PATHS,
                                 f"the multiplier table has no factor for a tractor of {least} {plural}", code=codes.KITTY)
            expected = list(range(lengths[0], lengths[-1] + 1))
            if lengths != expected:
                missing = sorted(set(expected) - set(lengths))[0]
                c.error_at_field(("kitty",), f"the multiplier table has no factor for a tractor of {missing} {plural}", code=codes.KITTY)
            if not k.doubling and (not most or most > lengths[-1]):
                c.error_at_field(("kitty",), f"the multiplier table stops at a tractor of {lengths[-1]} {plural}; "
                                 f"add rows or 'longer tractors double'", code=codes.KITTY)
        for width, length in listed:
            if width == 1 and length > 1:  # a straight's row
                if not comb.straight_min:
                    c.error_at_field(("kitty",), f"the multiplier table lists a straight of {length} cards, but there "
                                     "are no straights here", code=codes.KITTY)
                elif length < comb.straight_min:
                    c.error_at_field(("kitty", "combinations.straight_min"),
                                     f"the multiplier table lists a straight of {length} cards, but a straight is "
                                     f"{comb.straight_min} or more cards", code=codes.KITTY)
                continue
            least, most = comb.lengths_of(width)
            if length > 1 and width in comb.tractor_widths and (length < least or most and length > most):
                c.error_at_field(("kitty",) + _LENGTH_PATHS,
                                 f"the multiplier table lists a tractor of {length} {width_name(width, plural=True)}, "
                                 f"but those tractors are {_length_words(least, most)}", code=codes.KITTY)
            if width > r.table.decks or (length > 1 and width not in comb.tractor_widths) or (length == 1 and width not in comb.set_widths):
                c.error_at_field(("kitty",), f"the multiplier table lists {'a ' + width_name(width) if length == 1 else f'a tractor of {length} ' + width_name(width, plural=True)}, which is not a combination here", code=codes.KITTY)


# --- thresholds ----------------------------------------------------------------------------------


def _check_thresholds(c: Reporter, r: model.Rules) -> None:
    _check_upgrade_table(c, r, "thresholds")
    if r.solo_thresholds:
        if r.table.partnership != "called":
            c.error_at_field(("solo_thresholds", "table.partnership"),
                             "a solo banker's table needs called partners ('partners: by calling N cards'): "
                             "with fixed partners nobody banks alone", code=codes.CALLED_PARTNERS)
        else:
            _check_upgrade_table(c, r, "solo_thresholds")
    if r.levels.short_team_bonus and r.table.partnership != "called":
        c.error_at_field(("levels.short_team_bonus", "table.partnership"),
                         "a bonus for a smaller banker team needs called partners ('partners: by calling N cards'): "
                         "fixed partners always make a whole team", code=codes.CALLED_PARTNERS)


#: the quantities a row's levels may read (the compiler's list, for a document read from JSON)
ROW_QUANTITIES = frozenset({"points", "bid", "decks", "players"})
#: how far past its start an open row's levels, written as a number, are checked
OPEN_ROW_REACH = 2000


def row_scores(row: model.ThresholdRow, step: int) -> range:
    """The scores a row covers that its levels are checked at: every one of a closed row, an open
    row's first ``OPEN_ROW_REACH`` points."""
    high = row.low + OPEN_ROW_REACH if row.high == -1 else row.high
    return range(row.low, high + 1, step)


def row_bids(r: model.Rules) -> tuple[int, ...]:
    """The winning bids a row's levels are checked with: every bid of the auction, else 0."""
    return r.auction.bids() or (0,)


def row_levels(r: model.Rules, row: model.ThresholdRow, score: int, bid: int) -> int:
    """The value of a row's number at ``score`` and ``bid``, before it is held at 0 and its cap."""
    values = {"points": score, "bid": bid, "decks": r.table.decks, "players": r.table.players}
    return expressions.evaluate_number(row.formula, values)


def _bounded(r: model.Rules, row: model.ThresholdRow) -> bool:
    """Whether a row's levels, written as a number, stay within 100 levels at any score from the
    row's start up (``min(..., 6)`` does; ``points / 20`` does not)."""
    bids = row_bids(r)
    ranges = {"points": (row.low, expressions.NUMBER_BOUND), "bid": (min(bids), max(bids)),
              "decks": (r.table.decks, r.table.decks), "players": (r.table.players, r.table.players)}
    reach = expressions.number_range(row.formula, ranges)
    return reach is not None and reach[1] <= 100


def _check_row_formulas(c: Reporter, r: model.Rules, field: str) -> None:
    """A row's levels written as a number read only what the row knows, are never below 0 at a
    score it covers, and stay within 100 levels (or the row's cap); an open row needs the cap."""
    g = score_granularity(r.table.points)
    for i, row in enumerate(getattr(r, field)):
        if not row.formula:
            continue
        path = (f"{field}[{i}]", field)
        other = sorted(expressions.quantities_of(row.formula) - ROW_QUANTITIES)
        if other:
            c.error_at_field(path, f"a row's levels read the points the table is read with, the bid, the decks and "
                                   f"the players, not '{expressions.QUANTITIES[other[0]].words}'", code=codes.OUTCOME_NUMBER)
            return
        if row.every:
            c.error_at_field(path, "'+1 every N' adds to a fixed number of levels: write the levels the row gives "
                                   "as one number", code=codes.OUTCOME_NUMBER)
            return
        if row.high == -1 and not row.at_most and not _bounded(r, row):
            c.error_at_field(path, "an open row's levels written as a number grow without end: give them a cap "
                                   "('at most +N', or min(..., N))", code=codes.OUTCOME_NUMBER)
            return
        for bid in row_bids(r):
            for score in row_scores(row, g):
                levels = row_levels(r, row, score, bid)
                against = f" against a bid of {bid}" if r.auction.on else ""
                if levels < 0:
                    c.error_at_field(path, f"the row's levels come to {levels} with {score} points{against}: a "
                                           "row gives 0 levels or more", code=codes.OUTCOME_NUMBER)
                    return
                if levels > 100 and not row.at_most:
                    c.error_at_field(path, f"the row's levels come to {levels} with {score} points{against}: at "
                                           "most 100 (or give them a cap, 'at most +N')", code=codes.OUTCOME_NUMBER)
                    return


def _check_upgrade_table(c: Reporter, r: model.Rules, field: str) -> None:
    """The upgrade table in the field ``field`` covers every score once, from 0 up."""
    if c.already_refused(field):
        return
    _check_row_formulas(c, r, field)
    rows = getattr(r, field)
    g = score_granularity(r.table.points)
    path = (field,)

    def at(*indexes: int) -> tuple[str, ...]:
        # the row at fault; else the table; else the card points that set the steps of scores
        return tuple(f"{field}[{i}]" for i in indexes) + path + ("table.points",)

    if not rows:
        c.error_at_field(path, "the upgrade table is empty", code=codes.UPGRADE_TABLE)
        return
    if rows[0].low != 0:
        c.error_at_field(at(0), f"the upgrade table starts at {rows[0].low}; it must start at 0", code=codes.UPGRADE_TABLE)
    for i, (a, b) in enumerate(pairwise(rows)):
        if a.high == -1:
            c.error_at_field(at(i), f"the row '{a.low}+' covers every score above it, so the row from {b.low} never applies", code=codes.UPGRADE_TABLE)
            return
        if b.low <= a.high:
            c.error_at_field(at(i + 1), f"scores {b.low} to {min(a.high, b.high if b.high != -1 else a.high)} are in two rows", code=codes.UPGRADE_TABLE)
            return
        if b.low > a.high + g:
            c.error_at_field(at(i + 1), f"no row covers {a.high + g} to {b.low - g} (the attackers' points go in steps of {g})", code=codes.UPGRADE_TABLE)
            return
    if rows[-1].high != -1:
        c.error_at_field(at(len(rows) - 1), f"the last row must be open ('{rows[-1].high + g}+'): with the kitty multiplied "
                         f"the attackers can score more than {rows[-1].high}", code=codes.UPGRADE_TABLE)
    for i, row in enumerate(rows):
        if row.low % g or (row.high != -1 and row.high % g):
            c.error_at_field(at(i), f"row {row.low}: the attackers' points go in steps of {g}", code=codes.UPGRADE_TABLE)
            return


# --- stakes --------------------------------------------------------------------------------------


def _check_stakes(c: Reporter, r: model.Rules) -> None:
    """Game points, when a ruleset has them, must price every outcome its upgrade tables can give
    (with the bankers' bonus for a smaller team, and their +0 for a hold without the last trick)."""
    stakes = r.stakes
    if stakes.share != "each" and not stakes.game_points:
        c.error_at_field(("stakes.share",), "each loser pays each winner, but no game points move between the "
                                            "hand's sides: add 'game points:'", code=codes.STAKE_SHARE)
    if not stakes.game_points or any(c.already_refused(field) for field in _UPGRADE_TABLES):
        return
    outcomes: list[tuple[str, int, bool]] = []  # (side, levels, the far end of an endless row)
    bonuses = {0, r.levels.short_team_bonus}
    g = score_granularity(r.table.points)
    for row in r.thresholds + r.solo_thresholds:
        if row.formula:
            given = {min(max(row_levels(r, row, score, bid), 0), row.at_most or 100)
                     for bid in row_bids(r) for score in row_scores(row, g)}
            for levels in sorted(given):
                for bonus in bonuses if row.side == "banker" else {0}:
                    outcomes.append((row.side, levels + bonus, False))
            continue
        unbounded = row.high == -1 and row.every > 0 and not row.at_most
        top = row.at_most if row.at_most else row.levels
        # an open row without a cap goes up for ever: its far end needs an "or more" row
        for levels in range(row.levels, max(top, row.levels) + 1 + (1 if unbounded else 0)):
            far = unbounded and levels > row.levels
            for bonus in bonuses if row.side == "banker" else {0}:
                outcomes.append((row.side, levels + bonus, far))
    if r.levels.hold_needs_last_trick:
        outcomes.append(("banker", 0, False))
    if r.levels.own_change_written():
        # a house rule that makes the hand's own level change ('the hand gives N levels') may give
        # either side any number of levels: each from 0, the last 'or more'
        top = max((levels for _, levels, _ in outcomes), default=0) + 1
        outcomes += [(side, levels, levels == top) for side in ("banker", "attackers") for levels in range(top + 1)]
    if r.declaring.fallback.kind == "scored" and not r.auction.on:
        outcomes.append((r.declaring.fallback.side, r.declaring.fallback.levels, False))
    for side, levels, far in outcomes:
        if stakes.points_for(side, levels) is None:
            words = "swap" if (side, levels) == ("attackers", 0) else f"{side} +{levels}"
            more = " or more" if far else ""
            c.error_at_field(("stakes.game_points", "thresholds", "solo_thresholds", "levels.short_team_bonus",
                              "levels.hold_needs_last_trick", "declaring.fallback"),
                             f"the game points give nothing for '{words}'{more}, which the upgrade table can produce", code=codes.STAKES)
            return


# --- what the statements make sure of ------------------------------------------------------------
# The compiler's statements never make these values: a rank that is none, a card named twice,
# levels that run downwards.  A JSON document can hold them; the checks above take them for granted
# (and the engine could not play them), so ``Rules.from_dict`` refuses them first, in the words the
# compiler gives where a statement can write the same mistake.


def check_values(c: Reporter, rules: model.Rules) -> None:
    """Report to ``c`` every value of ``rules`` that no statement could have written.  The words
    (ranks, cards, bands of the trump order) come first: the other checks read them."""
    counted = _Counting(c)
    _check_words(counted, rules)
    if counted.reported:
        return
    for check in (_check_removals, _check_repeats, _check_ranges, _check_choices, _check_moments, _check_titles):
        check(counted, rules)


class _Counting:
    """A reporter that passes each problem on and counts them."""

    def __init__(self, inner: Reporter):
        self.inner = inner
        self.reported = 0

    def error_at_field(self, paths: tuple[str, ...], message: str, *, code: str,
                       fixes: tuple[Restatement, ...] = ()) -> None:
        self.reported += 1
        self.inner.error_at_field(paths, message, code=code, fixes=fixes)

    def already_refused(self, field: str) -> bool:
        return self.inner.already_refused(field)

    def hand_without_call(self, rules: model.Rules) -> tuple[str | None, str | None] | None:
        return self.inner.hand_without_call(rules)


def not_a_rank(value: str) -> str:
    """The words of a rank that is none ("1", "Z")."""
    return f"'{value}' is not a rank: ranks are 2 to 10, J, Q, K and A"


#: the bands of the trump order (and of a suit hand's links) that name a rank, and the one that
#: names a card
_RANK_BANDS = ("rank-in-trump-suit", "rank-in-other-suits", "rank")
_CARD_BANDS = ("card",)
#: the bands of the trump order, and of each kind of link chain
_ORDER_BANDS: tuple[str, ...] = get_args(model.TierKind)
_SUIT_LINK_BANDS: tuple[str, ...] = ("big-joker", "small-joker", "level-in-trump-suit", "level-in-other-suits",
                    "rank-in-trump-suit", "rank-in-other-suits", "card", "top-of-trump-suit")
_NO_TRUMP_LINK_BANDS: tuple[str, ...] = ("big-joker", "small-joker", "level", "rank")


def _check_words(c: Reporter, r: model.Rules) -> None:
    """Every rank is a rank, every card a card, and every band names what its kind needs."""

    def rank(path: str, value: str) -> None:
        if value not in RANK_ORDER:
            c.error_at_field((path,), not_a_rank(value), code=codes.NOT_A_RANK)

    for i, value in enumerate(r.table.removed_ranks):
        rank(f"table.removed_ranks[{i}]", value)
    for i, (value, _points) in enumerate(r.table.points):
        rank(f"table.points[{i}]", value)
    for name in ("first", "last"):
        rank(f"levels.{name}", getattr(r.levels, name))
    for name in ("chosen", "mandatory", "defended"):
        for i, value in enumerate(getattr(r.levels, name)):
            rank(f"levels.{name}[{i}]", value)
    for i, knock in enumerate(r.levels.knock_back):
        rank(f"levels.knock_back[{i}].level", knock.level)
        rank(f"levels.knock_back[{i}].to", knock.to)
        if knock.single:  # "": the level's own rank
            rank(f"levels.knock_back[{i}].single", knock.single)
    for i, (card, _copies) in enumerate(r.table.removed_cards):
        if card not in model.JOKERS and not expressions.is_card(card):
            c.error_at_field((f"table.removed_cards[{i}]",), f"'{card}' is not a card", code=codes.NOT_A_CARD)
    bands: list[tuple[str, str, str | None, str | None, tuple[str, ...]]] = [
        (f"trumps.order[{i}]", t.kind, t.rank, t.card, _ORDER_BANDS)
        for i, t in enumerate(r.trumps.order)]
    for field, allowed in (("links", _SUIT_LINK_BANDS), ("no_trump_links", _NO_TRUMP_LINK_BANDS)):
        for i, chain in enumerate(getattr(r.combinations, field)):
            bands.extend((f"combinations.{field}[{i}][{j}]", t.kind, t.rank, t.card, allowed)
                         for j, t in enumerate(chain))
    for path, kind, band_rank, band_card, allowed in bands:
        if kind not in allowed:
            where = "a no-trump link chain" if "no_trump_links" in path else "a suit hand's link chain"
            c.error_at_field((path,), f"'{kind}' is no band of {where}: its bands are "
                                      f"{', '.join(repr(k) for k in allowed)}", code=codes.BAD_EXPORT)
            continue
        if kind in _RANK_BANDS:
            if band_rank is None or band_card is not None:
                c.error_at_field((path,), f"a band '{kind}' names a rank and no card", code=codes.BAD_EXPORT)
            else:
                rank(path, band_rank)
        elif kind in _CARD_BANDS:
            if band_card is None or band_rank is not None:
                c.error_at_field((path,), f"a band '{kind}' names a card and no rank", code=codes.BAD_EXPORT)
            elif not expressions.is_card(band_card):
                c.error_at_field((path,), f"'{band_card}' is not a card", code=codes.NOT_A_CARD)
        elif band_rank is not None or band_card is not None:
            c.error_at_field((path,), f"a band '{kind}' names no rank and no card", code=codes.BAD_EXPORT)


def card_words(card: str, count: int) -> str:
    """``count`` copies of a card of ``remove``, without the number: "big jokers", "× 2S", "2S"."""
    if card in model.JOKERS:
        name = "big joker" if card == "BJ" else "small joker"
        return name + ("s" if count != 1 else "")
    return f"× {card}" if count != 1 else card


def removal_problem(card: str, copies: int | None, *, decks: int, jokers: bool, removed_ranks: tuple[str, ...],
                    removed: Collection[str]) -> tuple[str, str] | None:
    """What is wrong with taking ``copies`` of ``card`` out of the pack (None: every copy), the
    cards ``removed`` being taken out already: (message, code), or None when nothing is."""
    if card in removed:
        return f"{card_words(card, 1)} is removed twice", codes.REPEATED_VALUE
    if card in model.JOKERS and not jokers:
        return "the deck has no jokers to remove ('jokers: no')", codes.CONTRADICTORY_STATEMENT
    if card[:-1] in removed_ranks:
        return f"{card}: the {card[:-1]}s are already removed as a whole rank", codes.CONTRADICTORY_STATEMENT
    if copies is not None and not 1 <= copies <= decks:
        held = f"{decks} deck{'s' if decks != 1 else ''} hold{'s' if decks == 1 else ''} only {decks}"
        return (f"cannot remove {copies} {card_words(card, copies)}: {held}" if copies
                else "remove at least one card"), codes.CONTRADICTORY_STATEMENT
    return None


def _check_removals(c: Reporter, r: model.Rules) -> None:
    """The cards taken out are in the pack, each named once; two ranks at least are left."""
    t = r.table
    if len(t.ranks) < 2:
        c.error_at_field(("table.removed_ranks",), "a deck needs at least two ranks left",
                         code=codes.CONTRADICTORY_STATEMENT)
    removed: list[str] = []
    for i, (card, copies) in enumerate(t.removed_cards):
        problem = removal_problem(card, copies, decks=t.decks, jokers=t.jokers, removed_ranks=t.removed_ranks,
                                  removed=removed)
        if problem is not None:
            message, code = problem
            c.error_at_field((f"table.removed_cards[{i}]", "table.decks"), message, code=code)
        removed.append(card)


#: the words of a called card's limit and of a weak hand, as a statement writes them
_CALL_LIMIT_WORDS = {"trumps": "not trumps", "highest": "not the highest card", "points": "not point cards"}
_WEAK_HAND_WORDS = {"no-trumps": "a hand without trumps", "no-points": "a hand without points"}


def _check_repeats(c: Reporter, r: model.Rules) -> None:
    """Nothing a statement lists once is listed twice."""

    def once(path: str, values: Iterable[object], words: Callable[[Any], str]) -> None:
        seen: list[object] = []
        for i, value in enumerate(values):
            if value in seen:
                c.error_at_field((f"{path}[{i}]", path), words(value), code=codes.REPEATED_VALUE)
            seen.append(value)

    once("table.removed_ranks", r.table.removed_ranks, lambda rank: f"{rank} is removed twice")
    once("table.points", (rank for rank, _ in r.table.points), lambda rank: f"{rank} is given points twice")
    once("table.call_limits", r.table.call_limits, lambda limit: f"'{_CALL_LIMIT_WORDS[limit]}' is written twice")
    for name in ("chosen", "mandatory", "defended"):
        once(f"levels.{name}", getattr(r.levels, name), lambda rank: f"{rank} is listed twice")
    once("levels.knock_back", (k.level for k in r.levels.knock_back), lambda rank: f"{rank} is knocked back twice")
    once("trumps.order", r.trumps.order,
         lambda t: f"'{tier_words(t.kind, t.rank, t.card)}' appears twice in the order")
    for field in ("links", "no_trump_links"):
        once(f"combinations.{field}", (t for chain in getattr(r.combinations, field) for t in chain),
             lambda t: f"'{tier_words(t.kind, t.rank, t.card)}' is linked twice")
    once("combinations.set_widths", r.combinations.set_widths, lambda w: f"{width_name(w)} is listed twice")
    once("combinations.tractor_widths", r.combinations.tractor_widths,
         lambda w: f"{width_name(w, plural=True)} are listed twice")
    once("combinations.tractor_lengths", (w for w, _, _ in r.combinations.tractor_lengths),
         lambda w: f"{width_name(w, plural=True)} are listed twice")
    once("declaring.suit_order", r.declaring.suit_order, lambda suit: f"suit {suit} appears twice")
    for field in ("ladder", "ladder_after_kitty"):
        ladder = getattr(r.declaring, field)
        for i, step in enumerate(ladder):
            clash = next((s for s in ladder[:i] if same_rung(s, step)), None)
            if clash is not None:
                c.error_at_field((f"declaring.{field}[{i}]", f"declaring.{field}"),
                                 f"'{step_words(step)}' is on the ladder already (as '{step_words(clash)}'): "
                                 "a ladder is strictly ordered", code=codes.REPEATED_VALUE)
            elif step.tied and i and (reinforces(ladder[i - 1], step) or reinforces(step, ladder[i - 1])):
                c.error_at_field((f"declaring.{field}[{i}]", f"declaring.{field}"),
                                 f"'{step_words(step)}' and '{step_words(ladder[i - 1])}' differ only by how many of "
                                 "the same cards they show, so they cannot be as strong: write '<'",
                                 code=codes.CONTRADICTORY_STATEMENT)
        for path in (f"declaring.{field}[0]",) if ladder and ladder[0].tied else ():
            c.error_at_field((path, f"declaring.{field}"), "the first step of the ladder has no step before it to "
                             "be as strong as", code=codes.BAD_EXPORT)
    once("declaring.redeal_hands", r.declaring.redeal_hands,
         lambda kind: f"'{_WEAK_HAND_WORDS[kind]}' is listed twice")
    once("kitty.table", ((row.width, row.length, row.rainbow) for row in r.kitty.table),
         lambda unit: f"{_unit_words(unit[0], unit[1]) if not unit[2] else f'a rainbow of {unit[1]} cards'} has two "
                      "multipliers")
    once("stakes.game_points", ((row.side, row.levels) for row in r.stakes.game_points),
         lambda _: "this outcome is given game points twice")
    once("following.lists", (fl.lead for fl in r.following.lists),
         lambda lead: f"the follow list for '{lead.label}' is given twice")


def _unit_words(width: int, length: int) -> str:
    """A set or a tractor with its article: "a pair", "a tractor of 3 pairs"."""
    if length == 1:
        return "a " + width_name(width)
    return f"a tractor of {length} {width_name(width, plural=True)}"


#: the ways of choosing trump that always decide (never pass to a later one), in a statement's words
_DECIDING_WORDS = {"redeal": "redeal", "no-trump": "no-trump", "partner-names": "partner names trump",
                   "suit": "trump {suit}"}


def _check_ranges(c: Reporter, r: model.Rules) -> None:
    """Ranges and lists that go one way go that way: the levels upwards, knocking back downwards,
    a row's scores from low to high."""
    lv = r.levels
    if RANK_ORDER[lv.first] > RANK_ORDER[lv.last]:
        c.error_at_field(("levels.first", "levels.last"), f"levels run upwards: {lv.first} comes after {lv.last}",
                         code=codes.WRONG_ORDER)
    for i, (lower, higher) in enumerate(pairwise(lv.chosen), start=1):
        if RANK_ORDER[lower] > RANK_ORDER[higher]:
            c.error_at_field((f"levels.chosen[{i}]", "levels.chosen"),
                             f"levels run upwards: {higher} comes after {lower}", code=codes.WRONG_ORDER)
    if lv.chosen and (lv.chosen[0], lv.chosen[-1]) != (lv.first, lv.last):
        c.error_at_field(("levels.chosen", "levels.first", "levels.last"),
                         f"the levels chosen run from {lv.chosen[0]} to {lv.chosen[-1]}, but the first and last "
                         f"levels are {lv.first} and {lv.last}", code=codes.BAD_EXPORT)
    for i, knock in enumerate(lv.knock_back):
        if RANK_ORDER[knock.to] >= RANK_ORDER[knock.level]:
            c.error_at_field((f"levels.knock_back[{i}]", "levels.knock_back"),
                             f"knocking back goes down: {knock.to} is not below {knock.level}", code=codes.WRONG_ORDER)
    comb = r.combinations
    ranges = [("combinations.tractor_max_length", comb.tractor_min_length, comb.tractor_max_length)]
    ranges += [(f"combinations.tractor_lengths[{i}]", low, high)
               for i, (_, low, high) in enumerate(comb.tractor_lengths)]
    for length_path, low, high in ranges:
        if high and high < low:
            c.error_at_field((length_path,), f"the length range {low}-{high} is empty", code=codes.WRONG_ORDER)
    for field in _UPGRADE_TABLES:
        for i, row in enumerate(getattr(r, field)):
            row_paths = (f"{field}[{i}]", field)
            if row.high != -1 and row.high < row.low:
                c.error_at_field(row_paths, f"the range {row.low}-{row.high} is empty", code=codes.WRONG_ORDER)
            if row.every and row.high != -1:
                c.error_at_field(row_paths, "only an open row ('N+') can add levels every N points",
                                 code=codes.CONTRADICTORY_STATEMENT)
            if row.at_most and row.high != -1:
                c.error_at_field(row_paths, "'at most' limits an open row ('N+'); this row is closed",
                                 code=codes.CONTRADICTORY_STATEMENT)
            elif row.at_most and row.at_most < row.levels:
                c.error_at_field(row_paths, f"'at most +{row.at_most}' is below the row's own +{row.levels}",
                                 code=codes.CONTRADICTORY_STATEMENT)
    for i, (step, next_step) in enumerate(pairwise(r.stakes.multipliers), start=1):
        if next_step.above <= step.above:
            c.error_at_field((f"stakes.multipliers[{i}]", "stakes.multipliers"),
                             f"thresholds go upwards: {next_step.above} is not above {step.above}",
                             code=codes.WRONG_ORDER)
    ways = [("declaring.fallback", r.declaring.fallback)]
    ways += [(f"declaring.fallback_then[{i}]", way) for i, way in enumerate(r.declaring.fallback_then)]
    for path, way in ways:
        if way.kind == "kitty-card" and way.skip_to == way.card:
            c.error_at_field((path,), f"skipping jokers goes on past card {way.card}, so the last card tried must "
                             f"come after it (or write 'skip jokers back to card {way.skip_to}')", code=codes.WRONG_ORDER)
    for path, way in ways[:-1]:
        if way.kind in _DECIDING_WORDS:
            words = _DECIDING_WORDS[way.kind].format(suit=way.suit)
            c.error_at_field((path, "declaring.fallback_then"),
                             f"'{words}' always decides, so nothing after it is ever tried",
                             code=codes.WRONG_ORDER)
    for path, way in ways:
        if (way.kind == "suit") != bool(way.suit):
            c.error_at_field((path,), "a fixed trump suit ('trump SUIT') names one suit, and only that way names one"
                             if way.kind == "suit" else "only a fixed trump suit ('trump SUIT') names a suit",
                             code=codes.CONTRADICTORY_STATEMENT)
    if r.declaring.suit_order and len(r.declaring.suit_order) != len(model.SUITS):
        c.error_at_field(("declaring.suit_order",), f"a suit order ranks all four suits; this one has "
                         f"{len(r.declaring.suit_order)}", code=codes.CONTRADICTORY_STATEMENT)


def _check_choices(c: Reporter, r: model.Rules) -> None:
    """Values one statement writes together agree: the called cards and the partnership, the
    number of hands and the game's end, a formula and the kind of multiplier."""
    t = r.table
    if t.partnership == "called" and not t.called_cards:
        c.error_at_field(("table.called_cards", "table.partnership"),
                         "called partners ('partners: by calling N cards') need 1 called card or more, not 0",
                         code=codes.BAD_EXPORT)
    if t.partnership != "called" and t.called_cards:
        c.error_at_field(("table.called_cards", "table.partnership"),
                         f"{t.called_cards} called cards, but the teams are fixed ('partners: {t.partnership}')",
                         code=codes.BAD_EXPORT)
    a = r.auction
    grid = ("auction.start", "auction.limit", "auction.step", "auction.direction")
    if a.on and (not a.start or not a.limit or not a.step
                 or (a.limit >= a.start if a.direction == "down" else a.limit <= a.start)
                 or (a.start - a.limit) % a.step):
        c.error_at_field(grid, f"bids from {a.start} {a.direction} to {a.limit} by {a.step} are no grid of bids "
                               "('bids: 80 down to 5 by 5')", code=codes.BAD_EXPORT)
    for bidder, card, fields in ((a.first_bidder, a.first_bidder_card, ("auction.first_bidder", "auction.first_bidder_card")),
                                 (a.first_hand_bidder, a.first_hand_card,
                                  ("auction.first_hand_bidder", "auction.first_hand_card"))):
        if (bidder == "holder") != bool(card):
            c.error_at_field(fields, f"the holder of a card bids first with a card named, and only then ({bidder!r}, "
                                     f"card {card!r})", code=codes.BAD_EXPORT)
    if not a.on and (a.start or a.limit or a.step):
        c.error_at_field(grid, "bids without an auction: the direction is 'none'", code=codes.BAD_EXPORT)
    lv = r.levels
    if lv.game_end == "hands" and not lv.end_hands:
        c.error_at_field(("levels.end_hands", "levels.game_end"),
                         "'game end: after N hands' needs N of 1 or more, not 0", code=codes.BAD_EXPORT)
    if lv.game_end != "hands" and lv.end_hands:
        c.error_at_field(("levels.end_hands", "levels.game_end"),
                         f"the game ends after {lv.end_hands} hands, but its end is '{lv.game_end}'",
                         code=codes.BAD_EXPORT)
    ways = [("declaring.fallback", r.declaring.fallback)]
    ways += [(f"declaring.fallback_then[{i}]", way) for i, way in enumerate(r.declaring.fallback_then)]
    for path, way in ways:
        if way.kind == "kitty-card" and not way.card:
            c.error_at_field((f"{path}.card",), "the kitty card is counted from 1, not 0", code=codes.BAD_EXPORT)
    penalties = [("leading.throw_penalty", r.leading.throw_penalty),
                 ("following.revoke_penalty", r.following.revoke_penalty)]
    if r.leading.attackers_throw_penalty is not None:
        penalties.append(("leading.attackers_throw_penalty", r.leading.attackers_throw_penalty))
    for path, penalty in penalties:
        if penalty.kind in ("per-attempt", "per-card") and not penalty.points:
            c.error_at_field((f"{path}.points",), "a penalty must be from 1 to 10000, not 0", code=codes.OUT_OF_RANGE)
        elif penalty.kind in ("none", "hand-lost") and penalty.points:
            c.error_at_field((f"{path}.points",), f"a penalty of kind '{penalty.kind}' takes no points, not "
                             f"{penalty.points}", code=codes.BAD_EXPORT)
    if r.kitty.kind == "formula" and not r.kitty.formula:
        c.error_at_field(("kitty.formula", "kitty.kind"), "a multiplier by formula needs its formula",
                         code=codes.BAD_EXPORT)
    if r.declaring.overturn_when and not r.declaring.overturn_after_kitty:
        c.error_at_field(("declaring.overturn_when", "declaring.overturn_after_kitty"),
                         "who may overturn after the kitty is given, but nobody overturns after it "
                         "('overturn after kitty: when ...' sets both)", code=codes.BAD_EXPORT)
    if r.declaring.overturn_rounds == "once" and not r.declaring.overturn_after_kitty:
        c.error_at_field(("declaring.overturn_rounds", "declaring.overturn_after_kitty"),
                         "the round of overturning after the kitty goes once round, but nobody overturns after "
                         "the kitty ('overturn after kitty: yes, once round' sets both)",
                         code=codes.ONCE_ROUND_NEVER_PLAYED)
    for field in ("ladder", "ladder_after_kitty"):
        for i, step in enumerate(getattr(r.declaring, field)):
            if step.same_colour and (step.kind == "level" or not step.level_cards):
                c.error_at_field((f"declaring.{field}[{i}].same_colour",),
                                 "'of the same colour' pairs jokers with level cards: this step shows only one kind "
                                 "of card", code=codes.BAD_EXPORT)
    cut_suits = r.declaring.cut_suits
    if (r.declaring.first_dealer == "cut") != bool(cut_suits) or cut_suits and len(set(cut_suits)) != 4:
        c.error_at_field(("declaring.cut_suits", "declaring.first_dealer"),
                         "a cut for the first dealer ranks all four suits, each once, and only a cut has them "
                         "('first dealer: highest cut card, suits ...' sets both)", code=codes.BAD_EXPORT)
    if r.declaring.in_turn_when and not r.declaring.in_turn:
        c.error_at_field(("declaring.in_turn_when", "declaring.in_turn"),
                         "when a hand is declared in turn is given, but no hand is "
                         "('in turn: when ...' sets both)", code=codes.BAD_EXPORT)
    if r.declaring.overturn_in_deal_when and not r.declaring.overturn_in_deal:
        c.error_at_field(("declaring.overturn_in_deal_when", "declaring.overturn_in_deal"),
                         "when a declaration may overturn during the deal is given, but nothing overturns then "
                         "('overturn: when ...' sets both)", code=codes.BAD_EXPORT)
    if r.declaring.reinforce_when and (not r.declaring.reinforce or r.declaring.reinforce_to_retake):
        c.error_at_field(("declaring.reinforce_when", "declaring.reinforce"),
                         "when the declarer may reinforce is given, but the declarer never reinforces, or may "
                         "take back too ('reinforce: when ...' sets reinforce and not to take back)",
                         code=codes.BAD_EXPORT)


def _check_exemptions(c: Reporter, r: model.Rules) -> None:
    """Bombs exempt from following suit need bombs (E335)."""
    if r.following.free_bombs and not r.combinations.bomb_width:
        c.error_at_field(("following.exempt", "combinations.bomb_width"),
                         "bombs are exempt from following suit, but these rules have no bombs: write 'bombs: "
                         "4+ identical cards' (or as many as the decks allow) in 'combinations', or leave the "
                         "exemption out", code=codes.FREE_BOMBS)


def _check_tractors_kept(c: Reporter, r: model.Rules) -> None:
    """Tractors exempt from breaking need tractors (E337)."""
    if r.following.tractors_kept and not r.combinations.tractor_widths:
        c.error_at_field(("following.exempt", "combinations.tractor_widths"),
                         "tractors are exempt from breaking, but these rules have no tractors: leave the "
                         "exemption out, or allow tractors ('tractors:' in 'combinations')", code=codes.TRACTORS_KEPT)


def _check_throw_kinds(c: Reporter, r: model.Rules) -> None:
    """The kinds a throw's restriction names are kinds the rules have (E374), and leave one of
    them to throw (E376).  (Kinds with ``throws: not allowed`` are refused as the statement is read,
    E375; the JSON form cannot hold them otherwise, since a plain value clears them.)"""
    leading = r.leading
    if not leading.throw_kinds:
        return
    have = throw_words(r)
    paths = ("leading.throw_kinds", "combinations.set_widths", "combinations.tractor_widths")
    missing = [k for k in leading.throw_kinds if k not in have]
    if missing:
        named = " and ".join(missing)
        c.error_at_field(paths, f"a throw's kinds name {named}, which these rules do not have (their kinds: "
                                f"{', '.join(have)}): name only those, or give the rules the kind in "
                                "'combinations'", code=codes.THROW_KIND_UNKNOWN)
        return
    if not leading.throws:
        c.error_at_field(("leading.throw_kinds", "leading.throws"),
                         "kinds of combination are named for throws, but throws are not allowed ('throws: "
                         "allowed, without ...' sets both)", code=codes.THROW_KINDS_NOT_ALLOWED)
        return
    if all(leading.throw_kind_barred(k) for k in have):
        c.error_at_field(("leading.throw_kinds",),
                         f"no kind of combination of these rules ({', '.join(have)}) may be part of a throw, so "
                         "no throw can ever be led: write 'throws: not allowed'", code=codes.THROW_KINDS_NONE_LEFT)


def _check_riding_pairs(c: Reporter, r: model.Rules) -> None:
    """Pairs riding along a straight (``straights: ..., pairs riding along``) need two cards alike
    (E345)."""
    comb = r.combinations
    if not comb.straight_min or not comb.straight_pairs:
        return
    if r.table.decks < 2:
        c.error_at_field(("combinations.straight_pairs", "table.decks"),
                         "pairs ride along straights, but with one deck no two cards are alike, so no pair can: "
                         "leave 'pairs riding along' out, or play with two decks or more", code=codes.RIDING_PAIRS_ONE_DECK)


def _check_thrower_relations(c: Reporter, r: model.Rules) -> None:
    """The thrower's partner and opponent (``throw stopped by: ... when ...``) need fixed teams (E336)."""
    if expressions.facts_of(r.leading.throw_stoppers_when) & expressions.THROWER_FACTS and not r.table.seated:
        c.error_at_field(("leading.throw_stoppers_when", "table.partnership"),
                         "with called partners, or a banker alone, the thrower's partners are not known to the "
                         "table: 'the thrower's partner' and 'the thrower's opponent' need fixed teams (name "
                         "'a banker' or 'an attacker' instead)", code=codes.THROWER_RELATION)


#: what the condition on the first declaration cannot read: the standing declaration and the
#: declarations before it, of which the first declaration has none
_BEFORE_THE_FIRST = expressions.DECLARER_FACTS | expressions.PREVIOUS_FACTS | expressions.SIDE_FACTS
_BEFORE_THE_FIRST_QUANTITIES = frozenset({"overturns", "declared-level-cards"})
#: each of them as a ruleset writes it
_BEFORE_THE_FIRST_WORDS = {"declarer": "the declarer", "declarer-partner": "the declarer's partner",
                           "declarer-opponent": "the declarer's opponent", "previous-declarer": "the previous declarer",
                           "previous-declarer-partner": "the previous declarer's partner",
                           "nobody-overturned": "nobody was overturned", "overturns": "overturns",
                           "declared-level-cards": "declared level cards"}


def _check_first_declaration(c: Reporter, r: model.Rules) -> None:
    """Who may make a deal's first declaration (``first declaration: when ...``) is asked with no
    declaration standing: the standing declarer, their partner or opponent, the previous declarer,
    the overturns and the level cards declared are nobody and nothing then (E371)."""
    condition = r.declaring.first_declaration_when
    if not condition:
        return
    read = sorted(expressions.facts_of(condition) & _BEFORE_THE_FIRST)
    read += sorted(expressions.quantities_of(condition) & _BEFORE_THE_FIRST_QUANTITIES)
    if read:
        c.error_at_field(("declaring.first_declaration_when",),
                         f"'{_BEFORE_THE_FIRST_WORDS.get(read[0], read[0])}' reads the declarations before, and the first declaration "
                         "of a deal has none standing: ask who the player is ('a banker', 'an attacker') or of the "
                         "hand ('the first hand', 'the level is RANK')", code=codes.FIRST_DECLARATION_BEFORE)


def _check_declarer_relations(c: Reporter, r: model.Rules) -> None:
    """The standing declarer's partner and opponent (``overturn: when ...``, ``overturn after kitty:
    when ...``) need fixed teams; the
    one who reinforces (``reinforce: when ...``) is the declarer, their own partner or opponent
    never (E328)."""
    for field, condition in (("declaring.overturn_in_deal_when", r.declaring.overturn_in_deal_when),
                             ("declaring.overturn_when", r.declaring.overturn_when)):
        if expressions.facts_of(condition) & expressions.DECLARER_FACTS and not r.table.seated:
            c.error_at_field((field, "table.partnership"),
                             "with called partners, or a banker alone, nobody is the standing declarer's partner or "
                             "opponent before the calls: 'the declarer's partner' and 'the declarer's opponent' "
                             "need fixed teams", code=codes.DECLARER_RELATION)
    if "declarer-opponent" in expressions.facts_of(r.declaring.reinforce_when):
        c.error_at_field(("declaring.reinforce_when",),
                         "the one who reinforces is of the declaring side, the standing declarer or their partner, "
                         "never an opponent: name 'the declarer' or 'the declarer's partner' ('the declarer's "
                         "opponent' is asked in 'overturn: when ...')", code=codes.DECLARER_RELATION)


def _check_partner_reinforcing(c: Reporter, r: model.Rules) -> None:
    """The declarer's partner named among those who may reinforce (``reinforce: when the declarer's
    partner ...``) needs a partner who can add cards to a declaration they see and that stays the
    declarer's: fixed teams, declarations face up, and no exchange taking the declaration's cards
    from the declarer (E348)."""
    decl = r.declaring
    if not partner_named(decl):
        return
    if not r.table.seated:
        c.error_at_field(("declaring.reinforce_when", "table.partnership"),
                         "with called partners, or a banker alone, the declarer has no partner known during the "
                         "deal to reinforce with: 'the declarer's partner' may reinforce only with fixed teams",
                         code=codes.PARTNER_REINFORCE)
    if decl.face_down:
        c.error_at_field(("declaring.reinforce_when", "declaring.face_down"),
                         "the declarations lie face down, so the declarer's partner does not see which card to "
                         "show beside the declarer's: the partner may reinforce only declarations face up",
                         code=codes.PARTNER_REINFORCE)
    if decl.exchange_with_declarer:
        c.error_at_field(("declaring.reinforce_when", "declaring.exchange_with_declarer"),
                         "the exchange with the declarer takes the declaration's cards from the declarer, but a "
                         "declaration the partner reinforced holds the partner's cards too: leave out one of them",
                         code=codes.PARTNER_REINFORCE)


def _check_previous_relations(c: Reporter, r: model.Rules) -> None:
    """The previous declarer's partner (``overturn: when ...``, ``overturn after kitty: when ...``,
    ``reinforce: when ...``) needs fixed teams; where the condition on reinforcing names nobody of
    the declaring side, the one who reinforces is the standing declarer, never the previous
    declarer, whom they overturned (E333)."""
    for field, condition in (("declaring.overturn_in_deal_when", r.declaring.overturn_in_deal_when),
                             ("declaring.overturn_when", r.declaring.overturn_when),
                             ("declaring.reinforce_when", r.declaring.reinforce_when)):
        if "previous-declarer-partner" in expressions.facts_of(condition) and not r.table.seated:
            c.error_at_field((field, "table.partnership"),
                             "with called partners, or a banker alone, nobody is the previous declarer's partner "
                             "before the calls: 'the previous declarer's partner' needs fixed teams",
                             code=codes.PREVIOUS_RELATION)
    reinforcing = expressions.facts_of(r.declaring.reinforce_when)
    if "previous-declarer" in reinforcing and not reinforcing & expressions.SIDE_FACTS:
        c.error_at_field(("declaring.reinforce_when",),
                         "the one who reinforces is the standing declarer, never the previous declarer they "
                         "overturned: 'the previous declarer' is asked in 'overturn: when ...' (to overturn back)",
                         code=codes.PREVIOUS_RELATION)


# --- ending a hand early ---------------------------------------------------------------------------

#: the facts of a hand that read its tricks to the last, which a hand ended early has not played
_PLAYED_FACTS = frozenset({"last-trick", "last-trick-single", "last-trick-card", "last-trick-trumps", "took",
                           "lost", "played"})


def _facts_of(tree: tuple) -> set[str]:
    """The facts a condition reads."""
    if not tree:
        return set()
    if tree[0] == "fact":
        return {tree[1]}
    return {name for part in tree[1:] if isinstance(part, tuple) for name in _facts_of(part)}


def _check_end_early(c: Reporter, r: model.Rules) -> None:
    """A hand ended early has no last trick and leaves cards unplayed: the rules that read what
    those tricks would decide cannot be played with it (E329).  A hand a player concedes
    (``levels.concede``) ends early the same way (E346)."""
    for field, condition, code, instead, other in (
            ("levels.end_early", r.levels.end_early, codes.END_EARLY, "never end early",
             "end early by another condition"),
            ("levels.concede", r.levels.concede, codes.CONCEDE, "let nobody concede",
             "let players concede by another condition")):
        if condition:
            _check_ended_early(c, r, field, condition, code, instead, other)


def _check_ended_early(c: Reporter, r: model.Rules, field: str, early: tuple, code: Any, instead: str,
                       other: str) -> None:
    """The checks of ``_check_end_early`` for one rule that ends a hand early (``field``): ``code``
    its error's, ``instead`` and ``other`` the words of its remedies."""
    ended = "a hand ended early" if field == "levels.end_early" else "a conceded hand"
    for i, trigger in enumerate(r.levels.after_hand):
        read = sorted(_facts_of(trigger.condition) & _PLAYED_FACTS)
        trees = (trigger.condition, *trigger.effects)
        quantities = sorted({q for tree in trees for q in expressions.quantities_of(tree)} & {"size", "cards", "copies-took"})
        # a player's level of the winner of the last trick, or of who took a card
        players = {key[1] for tree in trees for key in expressions.quantity_keys(tree)
                   if type(key) is tuple and key[0] == "player-level"}
        if (read or quantities or any("taker" in expressions.card_roles_in(tree) for tree in trees)
                or "last-trick-winner" in players):
            c.error_at_field((field, f"levels.after_hand[{i}].condition"),
                             "this house rule after a hand reads the last trick or the cards each team took, "
                             f"which {ended} does not play to the end", code=code)
    for i, knock in enumerate(r.levels.knock_back):
        if knock.when != "any-loss":
            c.error_at_field((field, f"levels.knock_back[{i}]"),
                             f"knocking back from {knock.level} reads the last trick, which {ended} "
                             f"does not play: knock back on any loss, or {instead}", code=code)
    if r.levels.hold_needs_last_trick:
        c.error_at_field((field, "levels.hold_needs_last_trick"),
                         f"the bankers go up only with the last trick, which {ended} does not play: "
                         f"write 'banker goes up: always', or {instead}", code=code)
    if "outcome-decided" in _facts_of(early):
        for i, trigger in enumerate(r.levels.after_hand):
            if expressions.quantities_of(trigger.condition) & {"points", "raw-points"}:
                c.error_at_field((field, f"levels.after_hand[{i}].condition"),
                                 "this house rule after a hand reads the hand's points, which the cards left can "
                                 f"still change when the outcome is decided: {other}",
                                 code=code)
        for i, row in enumerate(r.stakes.game_points):
            if expressions.quantities_of(row.formula) & {"points", "raw-points"}:
                c.error_at_field((field, f"stakes.game_points[{i}]"),
                                 "these game points read the hand's points, which the cards left can still "
                                 "change when the outcome is decided: price the outcome by its levels or the "
                                 f"bid, or {other}", code=code)


def _check_moments(c: Reporter, r: model.Rules) -> None:
    """Every expression reads only what is known when it is evaluated: the called and the buried
    cards' conditions as a card is called or buried, who may overturn after the kitty as their turn
    comes, the kitty's formula and its 'dug when' as the
    kitty is counted, the house rules after a hand."""
    trees = [("table.called_when", r.table.called_when, expressions.CALL),
             ("kitty_exchange.buried_when", r.kitty_exchange.buried_when, expressions.BURY),
             ("declaring.overturn_when", r.declaring.overturn_when, expressions.OVERTURN),
             ("declaring.overturn_in_deal_when", r.declaring.overturn_in_deal_when, expressions.DEAL_OVERTURN),
             ("declaring.reinforce_when", r.declaring.reinforce_when, expressions.DEAL_OVERTURN),
             ("declaring.first_declaration_when", r.declaring.first_declaration_when, expressions.DEAL_OVERTURN),
             ("declaring.in_turn_when", r.declaring.in_turn_when, expressions.DECLARE),
             ("declaring.redeal_when", r.declaring.redeal_when, expressions.REDEAL),
             ("kitty.formula", r.kitty.formula, expressions.KITTY),
             ("kitty_exchange.dug_when", r.kitty_exchange.dug_when, expressions.KITTY),
             ("counted", r.counted, expressions.SCORE),
             ("levels.end_early", r.levels.end_early, expressions.TRICK),
             ("levels.concede", r.levels.concede, expressions.CONCEDE),
             ("leading.throw_stoppers_when", r.leading.throw_stoppers_when, expressions.THROW)]
    trees += [(f"{field}[{i}]", row.formula, expressions.SCORE)
              for field in _UPGRADE_TABLES for i, row in enumerate(getattr(r, field))]
    trees += [(f"stakes.game_points[{i}]", row.formula, expressions.STAKE)
              for i, row in enumerate(r.stakes.game_points)]
    for i, trigger in enumerate(r.levels.after_hand):
        trees.append((f"levels.after_hand[{i}].condition", trigger.condition, expressions.AFTER_HAND))
        trees += [(effect_path(i, j), effect, expressions.effect_moment(effect)) for j, effect in enumerate(trigger.effects)]
    for path, tree, moment in trees:
        problem = _not_known(tree, moment)
        if problem is not None:
            c.error_at_field((path,), problem[0], code=problem[1])


def score_level_unknown(key: tuple, moment: str) -> tuple[str, str] | None:
    """Why the level ``key`` (``("team-level", team)``, ``("player-level", role)``) is not known at
    ``moment``, and its code; None where it is.  Where the upgrade table is read (``expressions.SCORE``) the
    hand's outcome is what the table decides: the winners' and the losers' level is not known
    there (E364), nor the level of a player named from the hand's play or outcome (E365)."""
    if moment != expressions.SCORE or key[0] not in expressions.LEVEL_QUANTITIES:
        return None
    if key[0] == "team-level" and key[1] not in expressions.SCORE_TEAMS:
        return (f"the {key[1]} of the hand are not known where the upgrade table is read, which decides who "
                "wins: name the bankers or the attackers", codes.SCORE_TEAM_UNKNOWN)
    if key[0] == "player-level" and key[1] not in expressions.SCORE_ROLES:
        return ("where the upgrade table is read, only the level of a seat the bank names is known: the banker, "
                "the banker's partner or the next seat", codes.SCORE_ROLE_UNKNOWN)
    return None


def _not_known(tree: tuple, moment: str) -> tuple[str, str] | None:
    """The words of the first part of ``tree`` not known at ``moment``, and their code, or None."""
    if not tree:
        return None
    when = expressions.MOMENT_WORDS[moment]
    if tree[0] == "var":
        quantity = expressions.QUANTITIES[tree[1]]
        if moment not in quantity.moments:
            return f"'{quantity.words}' ({quantity.meaning}) is not known {when}", codes.NOT_KNOWN_HERE
        return score_level_unknown(tree[1:], moment)
    if tree[0] == "fact":
        form = expressions.FACTS[tree[1]]
        if moment not in form.moments:
            return f"'{form.name}' ({form.meaning}) is not known {when}", codes.NOT_KNOWN_HERE
        teams = [a for a, kind in zip(tree[2:], form.arguments) if kind == "team" and a in ("winners", "losers")]
        if teams and moment not in (expressions.AFTER_HAND, expressions.WORTH):
            return f"the {teams[0]} of the hand are not known {when}: name the bankers or the attackers", codes.NOT_KNOWN_HERE
        return None
    return next((found for part in tree[1:] if isinstance(part, tuple)
                 for found in [_not_known(part, moment)] if found is not None), None)


#: the longest text of each kind, as a ruleset may write it
TEXT_LIMITS = {"name": 200, "description": 4000}
_TEXT_WORDS = {"name": "the ruleset's name", "description": "the description"}


def _check_titles(c: Reporter, r: model.Rules) -> None:
    """The name and the description, in English and in each translation, are texts a ruleset could
    write: a name, of a sane length, and no character that a sheet, a terminal or UTF-8 refuses."""
    texts = [(kind, kind, "", getattr(r, kind)) for kind in TEXT_LIMITS]
    texts += [(f"translations[{i}].{kind}", kind, f" in {tr.language}", getattr(tr, kind))
              for i, tr in enumerate(r.translations) for kind in TEXT_LIMITS]
    seen: list[str] = []
    for i, translation in enumerate(r.translations):
        tag, problem = language_tag(translation.language)
        if problem or tag != translation.language:
            c.error_at_field((f"translations[{i}].language",), problem or f"write the language tag "
                             f"'{translation.language}' as '{tag}'", code=codes.UNKNOWN_LANGUAGE)
        elif tag in seen:
            c.error_at_field((f"translations[{i}].language", "translations"),
                             f"the texts in {tag} are given twice", code=codes.REPEATED_VALUE)
        seen.append(tag)
    for path, kind, language, text in texts:
        what = _TEXT_WORDS[kind] + language
        if path == "name" and not text.strip():
            c.error_at_field((path,), f"{what} is empty", code=codes.TEXT_TOO_LONG)
        elif len(text) > TEXT_LIMITS[kind]:
            c.error_at_field((path,), f"{what} is {len(text)} characters long; at most {TEXT_LIMITS[kind]}",
                             code=codes.TEXT_TOO_LONG)
        lone = next((ch for ch in text if "\ud800" <= ch <= "\udfff"), None)
        bad = next((ch for ch in text if ch in FORBIDDEN_IN_TEXT), None) if not text.isprintable() else None
        if lone is not None:
            c.error_at_field((path,), f"U+{ord(lone):04X} is half of a surrogate pair, no character on its own: "
                             "the text cannot be saved as UTF-8", code=codes.LONE_SURROGATE)
        elif bad is not None:
            c.error_at_field((path,), f"a string cannot hold the control character U+{ord(bad):04X} (terminal "
                             "escapes and direction overrides are refused)", code=codes.CONTROL_CHARACTER)
