"""Rule expressions in players' words: every number, team, condition and effect of
``rules.expressions`` becomes a phrase of the sheet's language, built from its tree, so that no
reader meets a variable name, an operator or a formula.  A compound inside another is bracketed."""

from __future__ import annotations

from typing import Any

from ...rules import expressions
from ...rules.expressions import CARD_FACTS
from ..i18n import _, ngettext
from ..words import SUIT_GLYPHS


def _quantity(name: str, args: tuple = ()) -> str:
    if args:
        return _quantity_of(name, args)
    if name == "size":
        return _("the number of cards in the largest combination of the last trick's lead")
    if name == "cards":
        return _("the number of cards in the last trick's lead")
    if name == "decks":
        return _("the number of decks")
    if name == "players":
        return _("the number of players")
    if name == "points":
        return _("the attackers' score")
    if name == "raw-points":
        # Translators: the attackers' score when failed throws' penalties may take it below 0
        return _("the attackers' score before it is held at 0")
    if name == "kitty-points":
        return _("the points in the kitty")
    if name == "levels":
        return _("the levels the hand gives its winners")
    if name == "overturns":
        # Translators: after a hand: the times the standing declaration passed to another player (反主的次数)
        return _("the number of times the declaration was overturned this hand")
    if name == "kitty-overturns":
        return _("the number of overturns after the kitty so far")
    if name == "deal-overturns":
        # Translators: the declarations made so far during this deal over another player's
        return _("the number of overturns so far in this deal")
    if name == "bid":
        return _("the winning bid")
    if name == "declared-level-cards":
        # Translators: the level cards shown in the declaration that stands (0 for jokers alone)
        return _("the number of level cards the standing declaration shows")
    if name == "held-points":
        # Translators: the points of the cards a player was dealt, when they may ask for a redeal
        return _("the number of points in the player's hand")
    if name == "held-trumps":
        # Translators: the trumps among the cards a player was dealt, when they may ask for a redeal
        return _("the number of trumps in the player's hand")
    if name == "redeals":
        # Translators: the deals thrown in so far this hand because a player asked for a redeal
        return _("the number of redeals so far this hand")
    if name == "points-left":
        # Translators: after a trick, the points of the cards still in the players' hands
        return _("the points still in the players' hands")
    if name == "cards-left":
        # Translators: after a trick, the cards still in each player's hand
        return _("the number of cards left in each hand")
    if name == "game-points":
        # Translators: the game points a hand is worth at the table so far, as a house rule changes them
        return _("the game points the hand is worth so far")
    raise ValueError(name)


def _quantity_of(name: str, args: tuple) -> str:
    """A quantity of a team, a player or a card, said with its arguments."""
    if name == "team-size":
        # Translators: how many players the team has this hand (with called partners it varies)
        return _("the number of players among %(team)s") % {"team": team_words(args[0])}
    if name == "team-level":
        if args[0] == "bankers":
            # Translators: a level as a position on the ladder: the first level is 1, the next 2, ...
            return _("the banker's level (counted from 1 at the first level)")
        if args[0] == "attackers":
            return _("the highest level among the attackers (counted from 1 at the first level)")
        return _("the level of %(team)s (the banker's, or the highest among the attackers; counted from 1 at the "
                 "first level)") % {"team": team_words(args[0])}
    if name == "player-level":
        # Translators: a player's level as a position on the ladder (0 when the role names nobody)
        return _("the level of %(player)s (counted from 1 at the first level; 0 if nobody)") % {
            "player": role_words(args[0])}
    values = {"team": team_words(args[0]), "card": _card(args[1])}
    if name == "copies-took":
        # Translators: how many copies of the card are in the tricks the team won
        return _("the number of %(card)s that %(team)s take in tricks they win") % values
    if name == "copies-held":
        return _("the number of %(card)s that %(team)s hold as the deal ends") % values
    if name == "copies-held-after-kitty":
        return _("the number of %(card)s that %(team)s hold as the tricks begin (the kitty taken and buried)") % values
    raise ValueError(name)


def number_words(tree: Any, top: bool = True) -> str:
    """A number in words: numbers stay numbers, the quantities and the operations are spelt out."""
    op = tree[0]
    if op == "num":
        return str(tree[1])
    if op == "var":
        return _quantity(tree[1], tree[2:])
    a, b = number_words(tree[1], False), number_words(tree[2], False)
    if op == "pow" and tree[2][0] in ("num", "var"):
        text = _("%(base)s to the power of %(exponent)s") % {"base": a, "exponent": b}
    elif op == "pow":  # a compound exponent, bracketed by the sentence itself
        text = _("%(base)s to the power of (%(exponent)s)") % {"base": a, "exponent": number_words(tree[2])}
    elif op == "mul" and "num" in (tree[1][0], tree[2][0]):
        number, other = (a, b) if tree[1][0] == "num" else (b, a)
        # Translators: a number times a quantity ("2 times the number of cards ...")
        text = _("%(n)s times %(x)s") % {"n": number, "x": other}
    elif op == "mul":
        text = _("%(a)s times %(b)s") % {"a": a, "b": b}
    elif op == "add":
        text = _("%(a)s plus %(b)s") % {"a": a, "b": b}
    elif op == "sub":
        text = _("%(a)s minus %(b)s") % {"a": a, "b": b}
    elif op == "div":
        text = _("%(a)s divided by %(b)s, rounded down") % {"a": a, "b": number_words(tree[2])}
    elif op == "min":
        return _("the smaller of %(a)s and %(b)s") % {"a": number_words(tree[1]), "b": number_words(tree[2])}
    elif op == "max":
        return _("the larger of %(a)s and %(b)s") % {"a": number_words(tree[1]), "b": number_words(tree[2])}
    else:
        raise ValueError(op)
    # Translators: brackets around a part of a formula written in words
    return text if top else _("(%(part)s)") % {"part": text}


def as_written(rules: Any, path: str, value: int) -> str:
    """A number of the table as the sheet gives it: the number, and where the ruleset wrote it as a
    rule expression of the decks and the players (``Rules.written``), that in words after it."""
    tree = dict(rules.written).get(path)
    if tree is None:
        return str(value)
    # Translators: a number the ruleset works out, then how ("25 (100 divided by the number of players, ...)")
    return _("%(n)s (%(formula)s)") % {"n": value, "formula": number_words(tree)}


def team_words(team: str) -> str:
    if team == "bankers":
        return _("the bankers")
    if team == "attackers":
        return _("the attackers")
    if team == "winners":
        return _("the hand's winners")
    if team == "losers":
        return _("the hand's losers")
    if team == "friends":
        # Translators: the players on the banker's team other than the banker (找朋友: those called)
        return _("the banker's friends")
    raise ValueError(team)


def card_words(card: str) -> str:
    """A card of the notation ("3D") as the sheet prints it ("♦3")."""
    return _card(card)


def _card(card: str) -> str:
    return f"{SUIT_GLYPHS[card[-1]]}{card[:-1]}"


def _comparison(comparator: str, a: str, b: str) -> str:
    values = {"a": a, "b": b}
    if comparator == "<":
        return _("%(a)s is less than %(b)s") % values
    if comparator == "<=":
        return _("%(a)s is at most %(b)s") % values
    if comparator == ">":
        return _("%(a)s is more than %(b)s") % values
    if comparator == ">=":
        return _("%(a)s is at least %(b)s") % values
    if comparator == "=":
        return _("%(a)s is exactly %(b)s") % values
    return _("%(a)s is not %(b)s") % values


def _fact(name: str, args: tuple, negated: bool = False) -> str:
    if name in CARD_FACTS:
        return _card_fact(name, args, negated)
    values: dict[str, str] = {}
    if args and name not in ("level-is", "called"):
        values["team"] = team_words(args[0])
    if name == "wins":
        return (_("%(team)s do not win the hand") if negated else _("%(team)s win the hand")) % values
    if name == "loses":
        return (_("%(team)s do not lose the hand") if negated else _("%(team)s lose the hand")) % values
    if name == "last-trick":
        return (_("%(team)s do not win the last trick") if negated else _("%(team)s win the last trick")) % values
    if name == "last-trick-single":
        values["rank"] = args[1]
        return _("%(team)s win the last trick with a single %(rank)s") % values
    if name == "last-trick-card":
        values["card"] = _card(args[1])
        return _("%(team)s win the last trick with a play that holds %(card)s") % values
    if name == "last-trick-trumps":
        return _("%(team)s win the last trick with trumps") % values
    if name == "took":
        values["card"] = _card(args[1])
        if negated:
            return _("%(team)s do not take %(card)s in a trick they win") % values
        return _("%(team)s take %(card)s in a trick they win") % values
    if name == "lost":
        values["card"] = _card(args[1])
        if negated:
            return _("%(team)s do not lose %(card)s to the other team") % values
        return _("%(team)s lose %(card)s to the other team (play it to a trick the other team wins)") % values
    if name == "played":
        values["card"] = _card(args[1])
        if negated:
            return _("%(team)s do not play %(card)s to a trick") % values
        # Translators: a player of the team played the card to a trick, whichever team won it
        return _("%(team)s play %(card)s to a trick (whoever wins it)") % values
    if name == "held":
        values["card"] = _card(args[1])
        if negated:
            return _("%(team)s do not hold %(card)s as the deal ends") % values
        # Translators: a player of the team was dealt the card (before any exchange and the kitty)
        return _("%(team)s hold %(card)s as the deal ends") % values
    if name == "held-after-kitty":
        values["card"] = _card(args[1])
        if negated:
            return _("%(team)s do not hold %(card)s as the tricks begin (the kitty taken and buried)") % values
        # Translators: a player of the team had the card in hand at the first trick, after the kitty
        return _("%(team)s hold %(card)s as the tricks begin (the kitty taken and buried)") % values
    if name == "buried":
        values["card"] = _card(args[1])
        if negated:
            return _("%(team)s do not bury %(card)s in the kitty (the last burial counts)") % values
        return _("%(team)s bury %(card)s in the kitty (the last burial counts)") % values
    if name == "called":
        values = {"card": _card(args[0])}
        return (_("the banker does not call %(card)s") if negated else _("the banker calls %(card)s")) % values
    if name == "level-is":
        values["rank"] = args[0]
        return (_("the hand is not played at level %(rank)s") if negated
                else _("the hand is played at level %(rank)s")) % values
    if name == "no-trump":
        return _("the hand is not played in no-trump") if negated else _("the hand is played in no-trump")
    if name == "nobody-declared":
        return _("somebody declared") if negated else _("nobody declared")
    if name == "always":
        return _("never") if negated else _("always")
    if name == "player-attacker":
        return _("the player is not an attacker") if negated else _("the player is an attacker")
    if name == "player-banker":
        return _("the player is not on the banker's team") if negated else _("the player is on the banker's team")
    if name == "first-hand":
        return _("the hand is not the game's first") if negated else _("the hand is the game's first")
    if name == "outcome-decided":
        return (_("the cards left can still change the hand's outcome") if negated
                else _("no cards left can change the hand's outcome"))
    if name == "declarer-partner":
        # Translators: the player who would overturn is on the standing declarer's team (对家)
        return (_("the player is not the standing declarer's partner") if negated
                else _("the player is the standing declarer's partner"))
    if name == "declarer-opponent":
        return (_("the player is not an opponent of the standing declarer") if negated
                else _("the player is an opponent of the standing declarer"))
    if name == "previous-declarer":
        # Translators: the player who would overturn is the one whose declaration the standing one overturned (被反的人)
        return (_("the player is not the previous declarer (the one the standing declarer overturned)") if negated
                else _("the player is the previous declarer (the one the standing declarer overturned)"))
    if name == "previous-declarer-partner":
        return (_("the player is not the previous declarer's partner") if negated
                else _("the player is the previous declarer's partner"))
    if name == "nobody-overturned":
        # Translators: the standing declaration is the first one: it overturned nobody's
        return (_("somebody has been overturned") if negated
                else _("nobody has been overturned (the standing declaration is the first)"))
    if name == "declarer":
        return (_("the player is not the standing declarer") if negated
                else _("the player is the standing declarer"))
    if name == "thrower-partner":
        # Translators: the player who could stop a throw is on the thrower's team
        return (_("the player is not the thrower's partner") if negated
                else _("the player is the thrower's partner"))
    if name == "thrower-opponent":
        return (_("the player is not an opponent of the thrower") if negated
                else _("the player is an opponent of the thrower"))
    if name == "extra-level":
        return (_("the hand is not the extra level beyond the last") if negated
                else _("the hand is the extra level beyond the last"))
    if name == "smaller-team":
        # Translators: with called partners, fewer players than the banker and one friend per called card
        return (_("the banker team is not smaller than usual") if negated
                else _("the banker team is smaller than usual"))
    if name == "conceded":
        # Translators: a player of the team ended the hand by conceding it (投降), before its last trick
        return (_("%(team)s do not concede the hand") if negated
                else _("%(team)s concede the hand (a player of theirs ends it early)")) % values
    if name == "ended-early":
        return (_("the hand is played to its last trick") if negated
                else _("the hand ends before its last trick (ended early, or conceded)"))
    if name == "bank-given-up":
        # Translators: the banker gave up the bank (弃庄) to the other team's standing declarer
        return (_("the bank is not given up") if negated
                else _("the banker gives up the bank (the declarer banks instead)"))
    if name == "declared":
        # Translators: a player of the team made the declaration of trump that stood (亮主)
        return (_("%(team)s do not make the declaration that stands") if negated
                else _("%(team)s make the declaration that stands")) % values
    if name == "banker-declared":
        return (_("the banker does not make the declaration that stands") if negated
                else _("the banker makes the declaration that stands"))
    if name == "overturned-after-kitty":
        # Translators: in the round after the kitty (炒地皮), another player overturned the declaration
        return (_("nobody overturns the declaration after the kitty") if negated
                else _("the declaration is overturned after the kitty (by another player)"))
    raise ValueError(name)


def _card_fact(name: str, args: tuple, negated: bool) -> str:
    """A fact of the card being judged (called, buried), said of "the card"."""
    if name == "card-trump":
        return _("the card is not a trump") if negated else _("the card is a trump")
    if name == "card-points":
        return _("the card scores no points") if negated else _("the card scores points")
    if name == "card-rank":
        values = {"rank": args[0]}
        return (_("the card is not a %(rank)s") if negated else _("the card is a %(rank)s")) % values
    if name == "card-suit":
        values = {"suit": SUIT_GLYPHS[args[0]]}
        return (_("the card is not a %(suit)s card") if negated else _("the card is a %(suit)s card")) % values
    if name == "card-level":
        return _("the card is not a level card") if negated else _("the card is a level card")
    if name == "card-joker":
        return _("the card is not a joker") if negated else _("the card is a joker")
    if name == "card-highest":
        return (_("the card is not the highest card of its suit") if negated
                else _("the card is the highest card of its suit"))
    if name == "card-shown":
        return (_("no card like it was shown in declaring") if negated
                else _("a card like it was shown in declaring"))
    raise ValueError(name)


def card_nouns(tree: Any) -> list[str] | None:
    """The cards a condition on a card refuses, as nouns ("trumps", "cards that score points"),
    when the condition only refuses cards by their own facts (``not a trump and not a point card``);
    else None, and the condition is said whole."""
    parts = tree[1:] if tree[0] == "all" else (tree,)
    nouns: list[str] = []
    for part in parts:
        if part[0] != "not" or part[1][0] != "fact" or part[1][1] not in _CARD_NOUNS:
            return None
        nouns.append(_CARD_NOUNS[part[1][1]](part[1][2:]))
    return nouns


_CARD_NOUNS = {
    "card-trump": lambda args: _("trumps"),
    "card-highest": lambda args: _("the highest card of a suit (an ace, or a king when aces are trumps)"),
    "card-points": lambda args: _("cards that score points"),
    "card-rank": lambda args: _("cards of rank %(rank)s") % {"rank": args[0]},
    "card-suit": lambda args: _("%(suit)s cards") % {"suit": SUIT_GLYPHS[args[0]]},
    "card-level": lambda args: _("level cards"),
    "card-joker": lambda args: _("jokers"),
    "card-shown": lambda args: _("cards shown in declaring"),
}


#: facts whose sentence has a negative form of its own ("do not win"); others are said "not: ..."
_NEGATABLE = frozenset({"wins", "loses", "last-trick", "took", "lost", "played", "held", "held-after-kitty", "buried", "called", "level-is", "no-trump", "nobody-declared",
                        "always", "card-trump", "card-points", "card-rank", "card-suit", "card-level", "card-joker",
                        "card-highest", "card-shown", "player-attacker", "player-banker", "first-hand",
                        "outcome-decided", "declarer-partner", "declarer-opponent", "declarer", "extra-level",
                        "previous-declarer", "previous-declarer-partner", "nobody-overturned",
                        "thrower-partner", "thrower-opponent", "conceded", "ended-early", "bank-given-up",
                        "declared", "banker-declared", "overturned-after-kitty",
                        "smaller-team"})


def in_the_deal(tree: Any) -> Any:
    """A condition asked during the deal (``overturn: when``, ``reinforce: when``), its overturns
    said as the deal's rather than as those after the kitty."""
    if not isinstance(tree, tuple):
        return tree
    if tree == ("var", "overturns"):
        return ("var", "deal-overturns")
    return tuple(in_the_deal(part) for part in tree)


def after_the_kitty(tree: Any) -> Any:
    """A condition asked after the kitty (``overturn after kitty: when``), its overturns said as
    those after the kitty rather than as the whole hand's."""
    if not isinstance(tree, tuple):
        return tree
    if tree == ("var", "overturns"):
        return ("var", "kitty-overturns")
    return tuple(after_the_kitty(part) for part in tree)


def condition_words(tree: Any, top: bool = True) -> str:
    """A condition in words."""
    head = tree[0]
    if head == "fact":
        return _fact(tree[1], tree[2:])
    if head == "compare":
        return _comparison(tree[1], number_words(tree[2]), number_words(tree[3]))
    if head == "not":
        inner = tree[1]
        if inner[0] == "fact" and inner[1] in _NEGATABLE:
            return _fact(inner[1], inner[2:], negated=True)
        # Translators: the negation of a condition ("it is not so that the bankers ...")
        return _("it is not so that %(x)s") % {"x": condition_words(inner, False)}
    parts = [condition_words(part, False) for part in tree[1:]]
    text = parts[0]
    for part in parts[1:]:
        # Translators: two conditions that must both hold (said "并且", not as a list of nouns)
        text = (_("%(a)s and %(b)s") if head == "all" else _("%(a)s or %(b)s")) % {"a": text, "b": part}
    return text if top else _("(%(part)s)") % {"part": text}


def role_words(role: Any) -> str:
    if type(role) is tuple and role[0] == "holder":
        return _("the first player after the banker in turn order who was dealt %(card)s") % {"card": _card(role[1])}
    if type(role) is tuple and role[0] == "holder-after-kitty":
        return _("the first player after the banker in turn order who holds %(card)s as the tricks begin") % {
            "card": _card(role[1])}
    if type(role) is tuple and role[0] == "taker":
        # Translators: the winner of the first trick that held the card
        return _("the player who wins the first trick holding %(card)s") % {"card": _card(role[1])}
    if role == "banker":
        return _("the banker")
    if role == "next-seat":
        return _("the player after the banker in turn order")
    if role == "partner":
        return _("the banker's partner")
    if role == "last-trick-winner":
        return _("the winner of the last trick")
    if role == "first-winner":
        return _("the first of the hand's winners after the banker in turn order")
    if role == "declarer":
        return _("the declarer (the player whose declaration stood)")
    if role == "previous-declarer":
        return _("the previous declarer (the player whose declaration the standing one overturned last)")
    if type(role) is tuple and role[0] == "first-of":
        # Translators: the first player of a team after a player's seat in turn order, that seat itself last
        return _("the first of %(team)s after %(player)s in turn order (%(player)s last)") % {
            "team": team_words(role[1]), "player": role_words(role[2])}
    raise ValueError(role)


def effect_words(tree: Any) -> str:
    """An effect in words."""
    if tree[0] == "next-banker" and (type(tree[1]) is tuple and tree[1][0] == "otherwise"
                                     or tree[1] in ("declarer", "previous-declarer")
                                     or type(tree[1]) is tuple and tree[1][0] == "first-of"):
        parts = tree[1][1:] if tree[1][0] == "otherwise" else (tree[1],)
        players = role_words(parts[0])
        for part in parts[1:]:
            # Translators: a player, and who is named instead when that player is nobody
            players = _("%(first)s, or if nobody, %(next)s") % {"first": players, "next": role_words(part)}
        if expressions.always_names(tree[1], seated=False):  # the banker's friends may be nobody
            return _("%(player)s banks the next hand") % {"player": players}
        return _("%(player)s banks the next hand (if nobody, the next banker is as the other rules say)") % {
            "player": players}
    if tree[0] == "next-banker":
        if type(tree[1]) is tuple and tree[1][0] == "holder":
            return _("%(player)s banks the next hand (if every %(card)s lay in the kitty, the next banker is as the "
                     "other rules say)") % {"player": role_words(tree[1]), "card": _card(tree[1][1])}
        if type(tree[1]) is tuple and tree[1][0] == "holder-after-kitty":
            return _("%(player)s banks the next hand (if every %(card)s was buried, the next banker is as the "
                     "other rules say)") % {"player": role_words(tree[1]), "card": _card(tree[1][1])}
        if type(tree[1]) is tuple and tree[1][0] == "taker":
            return _("%(player)s banks the next hand (if no %(card)s was played, the next banker is as the "
                     "other rules say)") % {"player": role_words(tree[1]), "card": _card(tree[1][1])}
        return _("%(player)s banks the next hand") % {"player": role_words(tree[1])}
    if tree[0] in ("hand-levels", "hand-more-levels"):
        return _own_change_words(tree)
    if tree[0] in expressions.STAKE_EFFECTS:
        return _worth_words(tree)
    if tree[0] in expressions.PLAYER_EFFECTS:
        return _player_effect_words(tree)
    name, team = tree[0], team_words(tree[1])
    if name in ("up", "down"):
        amount = tree[2]
        if amount[0] == "num":
            n = amount[1]
            if name == "up":
                return ngettext("%(team)s go up %(n)d level", "%(team)s go up %(n)d levels", n) % {"team": team, "n": n}
            return ngettext("%(team)s go down %(n)d level", "%(team)s go down %(n)d levels", n) % {"team": team, "n": n}
        values = {"team": team, "n": number_words(amount)}
        if name == "up":
            return _("%(team)s go up as many levels as %(n)s") % values
        return _("%(team)s go down as many levels as %(n)s") % values
    if name == "back-to":
        return _("%(team)s go back to level %(rank)s if they are above it") % {"team": team, "rank": tree[2]}
    if name == "to":
        return _("%(team)s go to level %(rank)s") % {"team": team, "rank": tree[2]}
    if name == "knock-back":
        return _("%(team)s are knocked back to level %(rank)s if they are above it, before the hand's own level "
                 "change (which then counts from there)") % {"team": team, "rank": tree[2]}
    if name == "wins-game":
        return _("%(team)s win the game") % {"team": team}
    raise ValueError(name)


def player_words(role: Any) -> str:
    """The player a role names, as the subject of an effect on their level: the declarers by their
    short names (the sheet says elsewhere who they are), each fallback after the one before."""
    parts = role[1:] if type(role) is tuple and role[0] == "otherwise" else (role,)
    text = _subject(parts[0])
    for part in parts[1:]:
        text = _("%(first)s, or if nobody, %(next)s") % {"first": text, "next": _subject(part)}
    return text


def _subject(role: Any) -> str:
    if role == "declarer":
        # Translators: the player whose declaration of trump stood this hand (定主的玩家)
        return _("the declarer")
    if role == "previous-declarer":
        # Translators: the player whose declaration the standing one overturned last
        return _("the previous declarer")
    return role_words(role)


def _player_effect_words(tree: Any) -> str:
    """An effect on one player's level: the player the role names, its fallbacks tried in turn; a
    role that may name nobody says that nobody's level changes then."""
    name, values = tree[0], {"player": player_words(tree[1])}
    if name in ("player-up", "player-down"):
        amount = tree[2]
        if amount[0] == "num":
            values["n"] = amount[1]
            if name == "player-up":
                text = ngettext("%(player)s goes up %(n)d level", "%(player)s goes up %(n)d levels",
                                amount[1]) % values
            else:
                text = ngettext("%(player)s goes down %(n)d level", "%(player)s goes down %(n)d levels",
                                amount[1]) % values
        else:
            values["n"] = number_words(amount)
            text = (_("%(player)s goes up as many levels as %(n)s") if name == "player-up"
                    else _("%(player)s goes down as many levels as %(n)s")) % values
    else:
        values["rank"] = tree[2]
        if name == "player-back-to":
            text = _("%(player)s goes back to level %(rank)s if above it") % values
        elif name == "player-to":
            text = _("%(player)s goes to level %(rank)s") % values
        else:
            text = _("%(player)s is knocked back to level %(rank)s if above it, before the hand's own level change "
                     "(which then counts from there)") % values
    if expressions.always_names(tree[1], seated=False):
        return text
    # Translators: after an effect on one player's level, when the role may name nobody this hand
    return _("%(effect)s (if nobody, no level changes)") % {"effect": text}


def _worth_words(tree: Any) -> str:
    """``the hand is worth N game points`` and ``... N more game points``: what the hand moves at the
    table, before the table's multiplier."""
    amount = tree[1]
    if amount[0] == "num":
        n = amount[1]
        if tree[0] == "hand-worth":
            return ngettext("the hand is worth %(n)d game point", "the hand is worth %(n)d game points", n) % {"n": n}
        return ngettext("the hand is worth %(n)d more game point", "the hand is worth %(n)d more game points",
                        n) % {"n": n}
    values = {"n": number_words(amount)}
    if tree[0] == "hand-worth":
        return _("the hand is worth as many game points as %(n)s") % values
    return _("the hand is worth as many more game points as %(n)s") % values


def _own_change_words(tree: Any) -> str:
    """``the hand gives N levels`` and ``the hand gives N more levels``: the hand's own level change,
    made before it is applied."""
    amount = tree[1]
    if amount[0] == "num":
        n = amount[1]
        if tree[0] == "hand-levels":
            return ngettext("the hand's own level change gives its winners %(n)d level in all",
                            "the hand's own level change gives its winners %(n)d levels in all", n) % {"n": n}
        return ngettext("the hand's own level change gives its winners %(n)d more level",
                        "the hand's own level change gives its winners %(n)d more levels", n) % {"n": n}
    values = {"n": number_words(amount)}
    if tree[0] == "hand-levels":
        return _("the hand's own level change gives its winners as many levels in all as %(n)s") % values
    return _("the hand's own level change gives its winners as many more levels as %(n)s") % values


def trigger_sentence(trigger: Any) -> str:
    """One house rule after a hand: "If ...: the bankers go down 1 level."."""
    if trigger.condition == ("fact", "always"):
        return _("After every hand: %(effects)s.") % {"effects": _effects(trigger.effects)}
    return _("If %(condition)s: %(effects)s.") % {
        "condition": condition_words(trigger.condition),
        "effects": _effects(trigger.effects),
    }


def _effects(effects: Any) -> str:
    """The effects of one rule, in the order they happen."""
    text = effect_words(effects[0])
    for effect in effects[1:]:
        text = _("%(first)s, then %(next)s") % {"first": text, "next": effect_words(effect)}
    return text
