"""Whether a condition of the rule expressions can hold of any hand, for the linter.

The condition is turned into a formula over yes-or-no questions about the hand ("did the bankers
hold?", "did the bankers win the last trick?", "was the hand played at J?"), the facts that say the
same thing in other words sharing a question (the attackers winning is the bankers not holding).
A question that the rules answer already is a constant: a level the ladder never reaches, a card
taken out of the pack, a comparison that the numbers' ranges decide (the attackers' points run
from 0 to what the deck and the kitty allow).  The formula is then tried with every answer to its
questions, the questions of a kind that exclude each other (a hand has one level) answered
consistently.  Past ``MAX_QUESTIONS`` questions nothing is said: the linter only warns when sure.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import product

from ..rules import Rules, expressions


class _Table:
    """What the rules say of the pack and the levels, as the questions need it."""

    __slots__ = ("rules", "ladder")

    def __init__(self, rules: Rules, ladder: tuple[str, ...]):
        self.rules = rules
        self.ladder = ladder

#: at most this many questions are tried in every combination (2^12 answers)
MAX_QUESTIONS = 12

#: a formula: a function of the answers (question → yes or no)
Formula = Callable[[Mapping[tuple, bool]], bool]


def can_hold(condition: tuple, rules: Rules, ranges: Mapping[str, tuple[int, int]],
             ladder: tuple[str, ...], budget: list[int] | None = None) -> bool | None:
    """True when some hand may meet ``condition``, False when none can, None when too many
    questions make it too costly to tell.  ``ranges``: each quantity's lowest and highest value;
    ``ladder``: the levels a hand may be played at.  ``budget``, when given, holds how many more
    answers may be tried, shared by the calls that pass it: each answer tried takes one, and once
    none is left the answer is None."""
    questions: dict[tuple, None] = {}
    formula = _formula(condition, _Table(rules, ladder), ranges, questions)
    asked = list(questions)
    if len(asked) > MAX_QUESTIONS:
        return None
    table = rules.table
    for answers in product((False, True), repeat=len(asked)):
        if budget is not None:
            if budget[0] <= 0:
                return None
            budget[0] -= 1
        given = dict(zip(asked, answers))
        if _consistent(given, table.copies) and formula(given):
            return True
    return False


def _consistent(given: Mapping[tuple, bool], copies: Callable[[str], int] = lambda card: 2) -> bool:
    """Questions that exclude each other are not both answered yes: one level, one single card, the
    standing declarer's partner or their opponent, the previous declarer or their partner or nobody
    overturned; a card the pack has once held, taken, lost, played or
    buried by both sides; a concession by both teams, or by either in a hand played to its end; a
    declaration standing by both teams, or by the banker and a friend."""
    for question, yes in given.items():
        if (yes and question[0] in ("held", "held-after-kitty", "took", "lost", "buried", "played")
                and question[1] == "bankers" and given.get((question[0], "attackers", question[2]))
                and copies(question[2]) == 1):
            return False
    if given.get(("conceded", "bankers")) and given.get(("conceded", "attackers")):
        return False  # one seat concedes a hand
    if given.get(("declared", "bankers")) and given.get(("declared", "attackers")):
        return False  # one player's declaration stands
    if given.get(("banker-declared",)) and given.get(("declared", "friends")):
        return False  # the banker is not one of their friends
    if given.get(("ended-early",)) is False and (given.get(("conceded", "bankers")) or given.get(("conceded", "attackers"))):
        return False  # a conceded hand ended early
    seen: set[str] = set()
    for question, yes in given.items():
        # the declarer's partner or opponent; the previous declarer, their partner, or nobody overturned
        if yes and question[0] in ("level", "single", "declarer", "previous"):
            if question[0] in seen:
                return False
            seen.add(question[0])
    return True


def _constant(value: bool) -> Formula:
    return lambda given: value


def _ask(question: tuple, questions: dict[tuple, None]) -> Formula:
    questions[question] = None
    return lambda given: given[question]


def _formula(condition: tuple, rules: _Table, ranges: Mapping[str, tuple[int, int]],
             questions: dict[tuple, None]) -> Formula:
    head = condition[0]
    if head in ("all", "any"):
        parts = [_formula(part, rules, ranges, questions) for part in condition[1:]]
        if head == "all":
            return lambda given: all(part(given) for part in parts)
        return lambda given: any(part(given) for part in parts)
    if head == "not":
        inner = _formula(condition[1], rules, ranges, questions)
        return lambda given: not inner(given)
    if head == "compare":
        decided = _decided(condition, ranges)
        return _constant(decided) if decided is not None else _ask(("compare", condition), questions)
    return _fact(condition[1], condition[2:], rules, questions)


def _team(team: str, bankers_side: Formula, hold: Formula) -> Formula:
    """Whether ``team`` is on the side that ``bankers_side`` says the bankers are on (for the
    winners and the losers, by whether the bankers held)."""
    if team == "bankers":
        return bankers_side
    if team == "attackers":
        return lambda given: not bankers_side(given)
    if team == "winners":
        return lambda given: bankers_side(given) == hold(given)
    return lambda given: bankers_side(given) != hold(given)


def _fact(name: str, args: tuple, rules: _Table, questions: dict[tuple, None]) -> Formula:
    hold = _ask(("hold",), questions) if name in ("wins", "loses") or args and args[0] in ("winners", "losers") \
        else (lambda given: True)
    if name in ("wins", "loses"):
        wins = _team(args[0], hold, hold)
        return wins if name == "wins" else (lambda given: not wins(given))
    if name.startswith("last-trick"):
        side = _team(args[0], _ask(("last",), questions), hold)
        if args[0] == "friends":  # a friend of the banker won it: the bankers did
            side = _friends(_team("bankers", _ask(("last",), questions), hold), ("last", "friends"), questions)
        if name == "last-trick-single":
            if not _rank_in_pack(args[1], rules):
                return _constant(False)
            single = _ask(("single", args[1]), questions)
            return lambda given: side(given) and single(given)
        if name == "last-trick-card":
            if not _card_in_pack(args[1], rules):
                return _constant(False)
            card = _ask(("last-card", args[1]), questions)
            return lambda given: side(given) and card(given)
        if name == "last-trick-trumps":
            trumps = _ask(("last-trumps",), questions)
            return lambda given: side(given) and trumps(given)
        return side
    if name == "called":
        return _ask(("called", args[0]), questions) if _card_in_pack(args[0], rules) else _constant(False)
    if name in ("took", "lost", "played", "held", "held-after-kitty", "buried"):
        if not _card_in_pack(args[1], rules) or name == "buried" and not rules.rules.table.kitty_size:
            return _constant(False)
        # the attackers bury only by overturning after the kitty, and taking it in turn
        attackers_bury = bool(rules.rules.declaring.overturn_after_kitty)
        by_bankers = _ask((name, "bankers", args[1]), questions)
        by_attackers = (_ask((name, "attackers", args[1]), questions) if name != "buried" or attackers_bury
                        else _constant(False))
        if args[0] == "bankers":
            return by_bankers
        if args[0] == "attackers":
            return by_attackers
        if args[0] == "friends":
            return _friends(by_bankers, (name, "friends", args[1]), questions)
        winners = args[0] == "winners"
        return lambda given: (by_bankers(given) if hold(given) == winners else by_attackers(given))
    if name == "level-is":
        if args[0] not in rules.ladder:
            return _constant(False)
        return _ask(("level", args[0]), questions)
    if name == "always":
        return _constant(True)
    if name == "player-banker":  # the player is on the banker's team or an attacker, never both
        attacker = _ask(("player-attacker",), questions)
        return lambda given: not attacker(given)
    if name in ("declarer-partner", "declarer-opponent", "declarer"):
        # the player is the declarer, their partner or an opponent: at most one of them
        return _ask(("declarer", name), questions)
    if name in expressions.PREVIOUS_FACTS:  # at most one of them holds of a player
        return _ask(("previous", name), questions)
    if name == "thrower-opponent":  # the thrower's partner or opponent, never both
        partner = _ask(("thrower-partner",), questions)
        return lambda given: not partner(given)
    if name == "extra-level" and rules.rules.levels.game_end != "beyond-last":
        return _constant(False)
    if name == "smaller-team":  # fixed teams are always whole; one called card: a banker alone
        table = rules.rules.table
        if table.partnership != "called":
            return _constant(False)
    # the players' actions: never where the rules allow none (no 'concede:', no 'end early:', the
    # bank never given up); one seat concedes at most, and a conceded hand ended early
    levels, declaring = rules.rules.levels, rules.rules.declaring
    if name == "conceded":
        if not levels.concede:
            return _constant(False)
        by_bankers, by_attackers = (_ask(("conceded", side), questions) for side in ("bankers", "attackers"))
        if args[0] in ("bankers", "attackers"):
            return by_bankers if args[0] == "bankers" else by_attackers
        if args[0] == "friends":
            return _friends(by_bankers, ("conceded", "friends"), questions)
        winners = args[0] == "winners"
        return lambda given: by_bankers(given) if hold(given) == winners else by_attackers(given)
    if name == "ended-early" and not (levels.end_early or levels.concede):
        return _constant(False)
    if name == "bank-given-up" and not (declaring.give_up_bank and not rules.rules.auction.on):
        return _constant(False)
    # how the bank was decided: one player made the declaration that stood (the banker is a banker);
    # nobody declares where an auction decides the bank or the ladder is none, and no overturn
    # after the kitty where the rules have no such round
    nobody_declares = rules.rules.auction.on or not declaring.ladder
    if name in ("declared", "banker-declared", "overturned-after-kitty") and nobody_declares:
        return _constant(False)
    if name == "declared":
        by_bankers, by_attackers = (_ask(("declared", side), questions) for side in ("bankers", "attackers"))
        if args[0] in ("bankers", "attackers"):
            return by_bankers if args[0] == "bankers" else by_attackers
        if args[0] == "friends":
            return _friends(by_bankers, ("declared", "friends"), questions)
        winners = args[0] == "winners"
        return lambda given: by_bankers(given) if hold(given) == winners else by_attackers(given)
    if name == "banker-declared":
        by_bankers = _ask(("declared", "bankers"), questions)
        by_banker = _ask(("banker-declared",), questions)
        return lambda given: by_bankers(given) and by_banker(given)
    if name == "overturned-after-kitty" and not declaring.overturn_after_kitty:
        return _constant(False)
    return _ask((name,), questions)


def _friends(by_bankers: Formula, question: tuple, questions: dict[tuple, None]) -> Formula:
    """What the banker's friends did: a question of its own, that holds only where the bankers did
    it too (the friends are of the banker's team)."""
    by_friends = _ask(question, questions)
    return lambda given: by_bankers(given) and by_friends(given)


def _rank_in_pack(rank: str, rules: _Table) -> bool:
    return rank not in rules.rules.table.removed_ranks


def _card_in_pack(card: str, rules: _Table) -> bool:
    table = rules.rules.table
    removed = dict(table.removed_cards)
    if card[:-1] in table.removed_ranks:
        return False
    return card not in removed or removed[card] < table.decks


def _decided(condition: tuple, ranges: Mapping[str, tuple[int, int]]) -> bool | None:
    """True or False when the ranges of the two numbers decide the comparison, else None."""
    _, comparator, left, right = condition
    a, b = expressions.number_range(left, ranges), expressions.number_range(right, ranges)
    if a is None or b is None:
        return None
    if comparator in ("=", "!="):
        # the ends of the ranges say nothing of the values between them (size = 4 with size
        # from 1 to 25): only ranges apart, or one same number, decide
        if a[1] < b[0] or b[1] < a[0]:
            return comparator == "!="
        if a[0] == a[1] == b[0] == b[1]:
            return comparator == "="
        return None
    outcomes = {expressions.compare(comparator, x, y) for x in a for y in b}
    if len(outcomes) == 1:
        return outcomes.pop()
    return None
