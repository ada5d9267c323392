"""The rule expressions of a statement, from its syntax tree to the trees of ``rules.expressions``:
numbers (the kitty formula, the amounts of effects, the sides of a comparison), conditions and
effects.  Each builder reports what is wrong where it is written and gives None then."""

from __future__ import annotations

from ... import codes
from ...rules import expressions as ex
from ...rules.checks import score_level_unknown
from ..syntax import Leaf, Node, as_leaf, as_node, leaf_int
from .core import Compiler

#: a quantity's tree kind (the grammar's alias) → its name in ``rules.expressions.QUANTITIES``
QUANTITY_OF_RULE = {
    "size": "size",
    "cards": "cards",
    "decks_count": "decks",
    "players_count": "players",
    "points_taken": "points",
    "raw_points": "raw-points",
    "kitty_points": "kitty-points",
    "levels_won": "levels",
    "overturns_made": "overturns",
    "declared_level_cards": "declared-level-cards",
    "winning_bid": "bid",
    "held_points": "held-points",
    "held_trumps": "held-trumps",
    "redeals_made": "redeals",
    "points_left": "points-left",
    "cards_left": "cards-left",
    "team_size": "team-size",
    "team_level": "team-level",
    "player_level": "player-level",
    "copies_took": "copies-took",
    "copies_held": "copies-held",
    "copies_held_after_kitty": "copies-held-after-kitty",
    "game_points_so_far": "game-points",
}
#: a fact's tree kind (the grammar's alias; the last trick's by its 'with' clause) → its name in
#: ``rules.expressions.FACTS``
FACT_OF_RULE = {
    "wins": "wins",
    "loses": "loses",
    "last_trick": "last-trick",
    "with_single": "last-trick-single",
    "with_card": "last-trick-card",
    "with_trumps": "last-trick-trumps",
    "took": "took",
    "lost": "lost",
    "played": "played",
    "held": "held",
    "held_after_kitty": "held-after-kitty",
    "buried": "buried",
    "banker_called": "called",
    "level_is": "level-is",
    "no_trump_hand": "no-trump",
    "nobody_declared": "nobody-declared",
    "every_hand": "always",
    "card_trump": "card-trump",
    "card_points": "card-points",
    "card_rank": "card-rank",
    "card_suit": "card-suit",
    "card_level": "card-level",
    "card_joker": "card-joker",
    "card_highest": "card-highest",
    "card_shown": "card-shown",
    "player_attacker": "player-attacker",
    "player_banker": "player-banker",
    "first_hand": "first-hand",
    "outcome_decided": "outcome-decided",
    "declarer_partner": "declarer-partner",
    "declarer_opponent": "declarer-opponent",
    "previous_declarer": "previous-declarer",
    "previous_declarer_partner": "previous-declarer-partner",
    "nobody_overturned": "nobody-overturned",
    "declarer_self": "declarer",
    "extra_level": "extra-level",
    "smaller_team": "smaller-team",
    "conceded": "conceded",
    "hand_ended_early": "ended-early",
    "bank_given_up": "bank-given-up",
    "team_declared": "declared",
    "banker_declared": "banker-declared",
    "overturned_after_kitty": "overturned-after-kitty",
    "thrower_partner": "thrower-partner",
    "thrower_opponent": "thrower-opponent",
}
#: a suit as a card fact names it ("a heart") → its letter
SUIT_OF_WORD = {"spade": "S", "heart": "H", "diamond": "D", "club": "C"}
#: an effect's tree kind → its name in ``rules.expressions.EFFECTS``
EFFECT_OF_RULE = {"go_up": "up", "go_down": "down", "back_to": "back-to", "go_to": "to", "wins_game": "wins-game",
                  "next_banker_is": "next-banker", "knocked_back_to": "knock-back", "hand_levels": "hand-levels",
                  "hand_more_levels": "hand-more-levels", "hand_no_levels": "hand-levels",
                  "player_up": "player-up", "player_down": "player-down", "player_back_to": "player-back-to",
                  "player_to": "player-to", "player_knocked_back_to": "player-knock-back",
                  "hand_worth": "hand-worth", "hand_more_worth": "hand-more-worth"}
#: the effects that name a player by a role, the role their first part (``the next banker is ROLE``,
#: ``ROLE + N levels``): an ``otherwise ROLE`` after one gives it a fallback
ROLE_EFFECT_RULES = frozenset(kind for kind, name in EFFECT_OF_RULE.items() if name in ex.ROLE_EFFECTS)
#: the statements that hold expressions → the moment their expressions are evaluated at (which
#: quantities they may read)
MOMENT_OF_STATEMENT = {"multiplier": ex.KITTY, "trigger": ex.AFTER_HAND, "dug_when": ex.KITTY,
                       "called_cards": ex.CALL, "buried_cards": ex.BURY, "overturn_after_kitty": ex.OVERTURN,
                       "overturn": ex.DEAL_OVERTURN, "reinforce": ex.DEAL_OVERTURN,
                       "first_declaration": ex.DEAL_OVERTURN, "in_turn": ex.DECLARE,
                       "counted": ex.SCORE, "weak_hand_redeal": ex.REDEAL, "end_early": ex.TRICK,
                       "concede": ex.CONCEDE,
                       # the numbers of the table, worked out by the compiler (``Compiler.number``)
                       "deal": ex.TABLE, "throw_penalty": ex.TABLE, "revoke_penalty": ex.TABLE,
                       "smaller_team_bonus": ex.TABLE, "coins": ex.TABLE, "leaving": ex.TABLE,
                       "stake_multiplier": ex.TABLE,
                       "game_points": ex.STAKE, "throw_stoppers": ex.THROW}
_ADD = {"+": "add", "-": "sub"}
#: a seat role's tree kind → its name in ``rules.expressions.ROLES``
ROLE_OF_RULE = {
    "role_banker": "banker",
    "role_next_seat": "next-seat",
    "role_partner": "partner",
    "role_last_trick": "last-trick-winner",
    "role_declarer": "declarer",
    "role_previous_declarer": "previous-declarer",
    "role_burier": "burier",
    "role_dealer": "dealer",
}
#: a seat role named by a card → its name in ``rules.expressions.CARD_ROLES``
CARD_ROLE_OF_RULE = {"role_holder": "holder", "role_holder_after_kitty": "holder-after-kitty",
                     "role_taker": "taker"}
_MUL = {"*": "mul", "×": "mul", "/": "div", "÷": "div"}
#: where each moment is, in the words of an error (the rules' own, which Rules.from_dict gives too)
_MOMENT_WORDS = ex.MOMENT_WORDS


def number_tree(c: Compiler | None, node: Node | Leaf, moment: str) -> tuple | None:
    """The number ``node`` writes, as evaluated at ``moment``; None when a part was reported
    (``c`` None: nothing to report to, for the formula's text of a tree already compiled)."""
    node = as_node(node)
    kind = node.kind
    parts = list(node.args)
    if kind == "num":
        return ("num", leaf_int(node.args[0]))
    if kind in QUANTITY_OF_RULE:
        name = QUANTITY_OF_RULE[kind]
        quantity = ex.QUANTITIES[name]
        if moment not in quantity.moments:
            if c is not None:  # (a quantity of a team, a player or a card quoted as written)
                words = _written(c, node) if quantity.arguments else quantity.words
                c.error(node, f"'{words}' ({quantity.meaning}) is not known {_MOMENT_WORDS[moment]}",
                        code=codes.NOT_KNOWN_HERE)
            return None
        arguments = _quantity_arguments(c, node, quantity)
        if arguments is None:
            return None
        unknown = score_level_unknown((name, *arguments), moment)
        if unknown is not None:
            if c is not None:
                c.error(node, f"'{_written(c, node)}': {unknown[0]}", code=unknown[1])
            return None
        if "friends" in arguments:  # (the JSON form's reader refuses them too)
            if c is not None:
                c.error(node, f"'{_written(c, node)}': the banker's friends are counted and levelled with the "
                              "bankers; say it of the bankers ('the number of bankers', 'the level of the bankers')",
                        code=codes.FRIENDS_TEAM)
            return None
        return ("var", name, *arguments)
    if kind == "atom" or (kind in ("add", "mul", "pow") and len(parts) == 1):
        return number_tree(c, parts[0], moment)  # parentheses
    if kind in ("add", "mul"):
        names = _ADD if kind == "add" else _MUL
        tree = number_tree(c, parts[0], moment)
        ok = tree is not None
        for at in range(1, len(parts) - 1, 2):
            operator = names[str(as_leaf_value(parts[at]))]
            operand = number_tree(c, parts[at + 1], moment)
            if tree is None or operand is None:
                ok = False
                continue
            tree = (operator, tree, operand)
        return tree if ok else None
    if kind == "pow":
        base = number_tree(c, parts[0], moment)
        exponent = number_tree(c, parts[1], moment)
        return None if base is None or exponent is None else ("pow", base, exponent)
    if kind in ("min_of", "max_of"):
        operands = [number_tree(c, part, moment) for part in parts]
        if any(o is None for o in operands):
            return None
        tree = operands[0]
        for operand in operands[1:]:
            tree = (kind[:3], tree, operand)
        return tree
    raise AssertionError(kind)  # pragma: no cover - grammar and compiler out of step


def _quantity_arguments(c: Compiler | None, node: Node, quantity: ex.Quantity) -> tuple | None:
    """The arguments of a quantity of a team, a player or a card, in the order its entry names them
    (a role: one known after a hand, where the engine finds it); None when a role was reported."""
    out: list[object] = []
    for kind in quantity.arguments:
        if kind == "team":
            out.append(next(str(a.value) for a in node.args if isinstance(a, Leaf) and a.kind == "team"))
        elif kind == "card":
            out.append(next(str(a.value) for a in node.args if isinstance(a, Leaf) and a.kind == "card"))
        else:  # a role
            role = role_at(c, node.args[-1], ex.NEXT_BANKER)
            if role is None:
                return None
            out.append(role)
    return tuple(out)


def as_leaf_value(part: Node | Leaf) -> object:
    assert isinstance(part, Leaf), part
    return part.value


def condition_tree(c: Compiler, node: Node | Leaf, moment: str = ex.AFTER_HAND) -> tuple | None:
    """The condition ``node`` writes, as evaluated at ``moment``."""
    node = as_node(node)
    kind = node.kind
    if kind in ("any_of", "all_of"):
        parts = [condition_tree(c, part, moment) for part in node.args]
        if any(p is None for p in parts):
            return None
        if len(parts) == 1:
            return parts[0]
        return ("any" if kind == "any_of" else "all", *parts)
    if kind == "negated":
        inner = condition_tree(c, node.args[0], moment)
        return None if inner is None else ("not", inner)
    if kind == "grouped":
        return condition_tree(c, node.args[0], moment)
    if kind == "comparison":
        left, comparator, right = node.args
        a, b = number_tree(c, left, moment), number_tree(c, right, moment)
        if a is None or b is None:
            return None
        written = str(as_leaf_value(comparator))
        return ("compare", ex.COMPARATOR_SPELLINGS.get(written, written), a, b)
    if kind == "bare_number":
        c.error(node, "a number is not a condition: compare it with another, as in 'points >= 80'",
                code=codes.EXPRESSION_TYPE)
        return None
    fact = _fact(c, node)
    if fact is None:
        return None
    form = ex.FACTS[fact[1]]
    if moment not in form.moments:
        if fact[1] in ex.CARD_FACTS:
            c.error(node, f"'{_written(c, node)}' is a fact of a card, known only where a card is judged "
                          "('called cards: when ...', 'buried cards: when ...')", code=codes.NOT_KNOWN_HERE)
        elif fact[1] in ex.PLAYER_FACTS:
            c.error(node, f"'{_written(c, node)}' is a fact of the player who may act, known only in "
                          "'overturn: when ...', 'reinforce: when ...', 'overturn after kitty: when ...', "
                          "'redeal: when ...', 'throw stopped by: ... when ...' and 'concede: when ...'",
                    code=codes.NOT_KNOWN_HERE)
        elif fact[1] in ex.THROWER_FACTS:
            c.error(node, f"'{_written(c, node)}' is a fact of the player who could stop a throw, known only in "
                          "'throw stopped by: ... when ...'", code=codes.NOT_KNOWN_HERE)
        elif fact[1] in ex.DECLARER_FACTS | ex.PREVIOUS_FACTS:
            c.error(node, f"'{_written(c, node)}' is a fact of the player who would overturn a standing "
                          "declaration, known only in 'overturn: when ...', 'reinforce: when ...' and 'overturn "
                          "after kitty: when ...'", code=codes.NOT_KNOWN_HERE)
        elif fact[1] in ex.SIDE_FACTS:
            c.error(node, f"'{_written(c, node)}' is a fact of the player who would declare over a standing "
                          "declaration during the deal, known only in 'overturn: when ...' and 'reinforce: when "
                          "...'", code=codes.NOT_KNOWN_HERE)
        else:
            c.error(node, f"'{_written(c, node)}' is not known {_MOMENT_WORDS[moment]}", code=codes.NOT_KNOWN_HERE)
        return None
    if "friends" in fact[2:] and fact[1] not in ex.FRIENDS_FACTS:
        c.error(node, f"'{_written(c, node)}': the banker's friends win and lose with the bankers; say it of the "
                      "bankers, or of what the friends did ('the banker's friends took 5H')", code=codes.FRIENDS_TEAM)
        return None
    teams = [a for a, kind in zip(fact[2:], form.arguments) if kind == "team" and a in ("winners", "losers")]
    if teams and moment != ex.AFTER_HAND:
        c.error(node, f"the {teams[0]} of the hand are not known {_MOMENT_WORDS[moment]}: name the bankers or "
                      "the attackers", code=codes.NOT_KNOWN_HERE)
        return None
    return fact


def _written(c: Compiler, node: Node) -> str:
    """The words of ``node`` as the file writes them (its first line, spaced once)."""
    pos = node.pos
    file = c.statement.file if c.statement is not None else c.resolved.files[0]
    line = c.line_text(file, pos.line)
    end = pos.end_column - 1 if pos.end_line == pos.line else len(line)
    return " ".join(line[pos.column - 1 : end].split())


def _fact(c: Compiler, node: Node) -> tuple | None:
    kind = node.kind
    leaves = [a for a in node.args if isinstance(a, Leaf)]
    team = next((str(a.value) for a in leaves if a.kind == "team"), None)
    if kind == "last_trick":
        way = node.first("with_single") or node.first("with_card") or node.first("with_trumps")
        if way is not None:
            node, kind = way, way.kind
    form = ex.FACTS[FACT_OF_RULE[kind]]
    arguments: list[str] = []
    for argument in form.arguments:
        if argument == "team":
            assert team is not None
            arguments.append(team)
        elif argument == "rank":
            rank = c.rank(next(a for a in node.args if isinstance(a, Leaf) and a.kind == "rank"))
            if rank is None:
                return None
            arguments.append(rank)
        elif argument == "suit":
            arguments.append(SUIT_OF_WORD[str(as_leaf_value(node.args[-1]))])
        else:  # a card
            arguments.append(str(as_leaf_value(node.args[-1])))
    return ("fact", form.name, *arguments)


#: where a role is written (``rules.expressions.ROLE_TABLE``'s ``known``, but for the phases) → the
#: words of an error: where that is, and how the statement names who
ROLE_PLACE_WORDS = {ex.NEXT_BANKER: ("after a hand", "a role there is"),
                    ex.BURIER: ("when the kitty is taken ('buried by:')", "who buries is")}


def role_at(c: Compiler | None, node: Node | Leaf, where: str) -> str | tuple | None:
    """The role ``node`` (a ``role``) names where it is written (``where``: ``NEXT_BANKER``,
    ``BURIER``, or a phase of ``ORDERED_PHASES``): a name of ``rules.expressions.ROLE_TABLE``, a
    role named by a card, or the first of a team after another role, each of its roles checked to be
    known there; None when it was reported (``c`` None: a tree already compiled, nothing to report)."""
    role = _role(c, node, where)
    if role is None:
        return None
    unknown = next((name for name in sorted(ex.role_names(role)) if where not in ex.ROLE_TABLE[name].known), None)
    if unknown is None:
        return role
    if c is None:  # pragma: no cover - a compiled tree was checked when it was compiled
        return None
    if type(role) is str:
        written = ex.ROLE_TABLE[role].words
    elif role[0] == ex.FIRST_OF and unknown != ex.FIRST_OF and not ex.ROLE_TABLE[unknown].takes:
        written = ex.ROLE_TABLE[unknown].words  # the role a first of a team is counted from
    else:
        written = _written(c, as_node(node))
    if where in ex.ORDERED_PHASES:
        if where == "overturn" and role == "declarer":
            c.error(node, "'the declarer' passes in the round after the kitty, their declaration standing: start "
                          "it from 'the seat after the declarer'", code=codes.PHASE_SEAT)
            return None
        known = ", ".join(f"'{ex.SEATS[s].words}'" for s in ex.seats_at(where))
        c.error(node, f"'{written}' is not known when {PHASE_WORDS[where]} begins: it may start from {known}",
                code=codes.PHASE_SEAT)
        return None
    moment, naming = ROLE_PLACE_WORDS[where]
    known = ", ".join(f"'{r.words}'" for r in ex.ROLE_TABLE.values()
                      if where in r.known and not (r.name in ex.FIRST_OF_NAMES.values()
                                                   and where in ex.ROLE_TABLE[ex.FIRST_OF].known))
    c.error(node, f"'{written}' is not known {moment}: {naming} {known}", code=codes.ROLE_NOT_KNOWN)
    return None


def role_written(c: Compiler, node: Node | Leaf, where: str) -> str | tuple | None:
    """The role ``node`` (a ``role``) writes, not yet checked to be known ``where``: for a statement
    that names the players it takes with an error of its own (``shown: ... to ROLE``); None when it
    was reported."""
    return _role(c, node, where)


def written(c: Compiler, node: Node | Leaf) -> str:
    """The words of ``node`` as the file writes them (its first line, spaced once)."""
    return _written(c, as_node(node))


def _role(c: Compiler | None, node: Node | Leaf, where: str, *, base: bool = False) -> str | tuple | None:
    """The role ``node`` writes, unchecked but for a first of a team counted from another."""
    role = as_node(node)
    if role.kind in CARD_ROLE_OF_RULE:
        return (CARD_ROLE_OF_RULE[role.kind], str(as_leaf_value(role.args[-1])))
    if role.kind == "role_first_of":
        team = str(as_leaf_value(role.args[0]))
        after = _role(c, role.args[1], where, base=True)
        if after is None:
            return None
        if base or (type(after) is tuple and after[0] == ex.FIRST_OF):
            if c is not None:
                c.error(role, "the first of a team is counted from a seat ('the first of the bankers after the "
                              "declarer'), not from the first of another team: name the seat",
                        code=codes.ROLE_NEVER_NAMES)
            return None
        named = ex.FIRST_OF_NAMES.get((team, after)) if type(after) is str else None
        if named is not None and where in ex.ROLE_TABLE[named].known:
            return named
        return (ex.FIRST_OF, team, after)
    if role.kind == "role_seat_after":
        after = _role(c, role.args[0], where, base=base)
        if after is None:
            return None
        name = f"after-{after}" if type(after) is str else ""
        if name in ex.ROLE_TABLE:
            return name
        if c is not None:
            known = ", ".join(f"'{r.words}'" for r in ex.ROLE_TABLE.values() if r.name.startswith("after-"))
            c.error(role, f"'{_written(c, role)}' is not a seat of the table's roles: the seats after a role are "
                          f"{known}", code=codes.ROLE_NOT_KNOWN)
        return None
    name = ROLE_OF_RULE[role.kind]
    return ex.SAME_SEAT.get(where, {}).get(name, name)


def effect_trees(c: Compiler, nodes: list[Node | Leaf]) -> list[tuple | None]:
    """The effects of a house rule after a hand, in order: each ``otherwise ROLE`` joined to the
    role of the effect before it (``the next banker is A, otherwise B``), which then tries its roles
    in turn; an ``otherwise`` after anything else is reported."""
    effects: list[tuple | None] = []
    roles: list[list[Node]] = []  # per effect, its otherwise parts
    for node in nodes:
        node = as_node(node)
        if node.kind != "otherwise_role":
            effects.append(effect_tree(c, node))
            roles.append([])
            continue
        if not effects or not _names_role(nodes, node):
            c.error(node, "'otherwise' gives another player to an effect that names one ('the next banker is ...', "
                          "'the declarer + 1 level'): write it after that effect ('the next banker is the declarer, "
                          "otherwise the next seat')", code=codes.MISPLACED_FALLBACK)
            effects.append(None)
            roles.append([])
            continue
        roles[-1].append(node)
    out: list[tuple | None] = []
    for effect, others in zip(effects, roles):
        if effect is None or not others:
            out.append(effect)
            continue
        parts = [effect[1]]
        for other in others:
            parts.append(role_at(c, other.args[0], ex.NEXT_BANKER))
        if any(p is None for p in parts):
            out.append(None)
            continue
        if len(parts) > ex.MAX_FALLBACKS:
            c.error(others[ex.MAX_FALLBACKS - 1], f"a role takes at most {ex.MAX_FALLBACKS - 1} fallbacks "
                                                  f"({ex.MAX_FALLBACKS} players in all)", code=codes.MISPLACED_FALLBACK)
            out.append(None)
            continue
        out.append((effect[0], (ex.OTHERWISE, *parts), *effect[2:]))
    return out


def _names_role(nodes: list[Node | Leaf], node: Node) -> bool:
    """Whether the effect ``otherwise_role`` ``node`` follows (through the otherwise parts before it)
    names a role."""
    at = next(i for i, n in enumerate(nodes) if n is node)
    for before in reversed(nodes[:at]):
        kind = as_node(before).kind
        if kind != "otherwise_role":
            return kind in ROLE_EFFECT_RULES
    return False


def effect_tree(c: Compiler, node: Node | Leaf) -> tuple | None:
    """The effect ``node`` writes (after a hand)."""
    node = as_node(node)
    if node.kind == "next_banker_is":
        role = role_at(c, node.args[0], ex.NEXT_BANKER)
        return None if role is None else ("next-banker", role)
    if node.kind == "hand_no_levels":
        return ("hand-levels", ("num", 0))
    if node.kind in ("hand_levels", "hand_more_levels", "hand_worth", "hand_more_worth"):
        name = EFFECT_OF_RULE[node.kind]
        amount = number_tree(c, node.args[0], ex.effect_moment((name,)))
        return None if amount is None else (name, amount)
    if node.kind in ROLE_EFFECT_RULES:  # one player's level: ROLE + N levels, ROLE to RANK, ...
        role = role_at(c, node.args[0], ex.NEXT_BANKER)
        form = ex.EFFECTS[EFFECT_OF_RULE[node.kind]]
        if role is None:
            return None
        if form.arguments[1] == "number":
            amount = number_tree(c, node.args[1], ex.AFTER_HAND)
            return None if amount is None else (form.name, role, amount)
        rank = c.rank(node.args[1])
        return None if rank is None else (form.name, role, rank)
    team = str(as_leaf_value(node.args[0]))
    if team == "friends":
        c.error(node.args[0], "the banker's friends go up and down with the bankers: a level change names a team "
                              "('the bankers', 'the attackers', 'the winners', 'the losers')", code=codes.FRIENDS_TEAM)
        return None
    form = ex.EFFECTS[EFFECT_OF_RULE[node.kind]]
    if form.arguments == ("team", "number"):
        amount = number_tree(c, node.args[1], ex.AFTER_HAND)
        return None if amount is None else (form.name, team, amount)
    if form.arguments == ("team", "rank"):
        rank = c.rank(node.args[1])
        return None if rank is None else (form.name, team, rank)
    return (form.name, team)


#: the statements that say who is asked first in a phase → the phase (``rules.expressions.SEATS``)
PHASE_OF_STATEMENT = {"first_overturner": "overturn", "first_in_turn": "declare-in-turn", "first_lead": "play",
                      "first_bidder": "auction", "first_hand_bidder": "auction"}
#: each phase in the words of an error
PHASE_WORDS = {"overturn": "the round of overturning after the kitty", "declare-in-turn": "declaring in turn",
               "play": "the first lead", "auction": "the auction"}


def phase_seat(c: Compiler, node: Node | Leaf, phase: str) -> str | tuple | None:
    """The seat of ``rules.expressions.SEATS`` that ``node`` (a ``role``) names, checked to be
    known when ``phase`` begins: a name, or a seat named by a card (``("holder", "3D")``, in the
    auction); None when it was reported."""
    seat = role_at(c, node, phase)
    assert seat is None or type(seat) is str or seat[0] in ex.CARD_ROLES
    return seat
