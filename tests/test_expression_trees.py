"""The rule expressions as data (``rules.expressions``): the readers take exactly the trees the
vocabulary declares and refuse any other with a message that names the fault, whatever the data
(wrong arity, unknown names, booleans for numbers, nesting thousands deep); numbers evaluate in
bounded time within ±``NUMBER_BOUND``; and generated trees survive the JSON form: ``to_dict`` /
``from_dict`` give back equal rules, the JSON Schema takes every generated tree and refuses every
mutated one, and earlier schema versions still load."""

from __future__ import annotations

import copy
import dataclasses
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tractor_rules as tr
from tractor_rules.codec import READABLE_VERSIONS
from tractor_rules.rules import SCHEMA_VERSION, Trigger
from tractor_rules.rules import expressions as ex
from tractor_rules.rules.expressions import (
    MAX_FORMULA_OPERATORS,
    NUMBER_BOUND,
    ExpressionError,
    _power,
    condition_tree,
    effect_tree,
    evaluate_number,
    number_tree,
)

GOLDEN = Path(__file__).parent / "golden" / "json"
N = ("num", 1)


# --- the readers refuse what is not a tree of their kind ------------------------------------------


@pytest.mark.parametrize(("reader", "data", "message"), [
    # wrong arity
    (number_tree, ["add", ["num", 1]], "not a number: ['add', ['num', 1]]"),
    (number_tree, ["num", 1, 2], "not a number"),
    (number_tree, ["pow", ["num", 1], ["num", 2], ["num", 3]], "not a number"),
    (condition_tree, ["fact", "took", "bankers"], "'took' takes 2 arguments (team, card), not 1"),
    (condition_tree, ["fact", "no-trump", "bankers"], "'no-trump' takes 0 arguments (none), not 1"),
    (condition_tree, ["compare", ">=", ["num", 1]], "not a condition"),
    (condition_tree, ["all", ["fact", "no-trump"]], "not a condition"),  # and/or join two or more
    (condition_tree, ["not"], "not a condition"),
    (effect_tree, ["up", "bankers"], "'up' takes 2 arguments (team, number), not 1"),
    (effect_tree, ["wins-game", "bankers", "attackers"], "'wins-game' takes 1 arguments (team), not 2"),
    # unknown names
    (number_tree, ["var", "score"], "a quantity is one of 'size', 'cards'"),
    (number_tree, ["mod", ["num", 1], ["num", 2]], "not a number"),
    (condition_tree, ["fact", "kept", "bankers", "5H"], "not a fact: 'kept'"),
    (condition_tree, ["compare", "=>", ["num", 1], ["num", 2]], "a comparator is one of <, <=, >, >=, =, !=, not '=>'"),
    (condition_tree, ["xor", ["fact", "no-trump"], ["fact", "no-trump"]], "not a condition"),
    (effect_tree, ["sideways", "bankers"], "not an effect"),
    # bad cards, ranks and teams
    (condition_tree, ["fact", "took", "bankers", "1H"], "'took' takes a card here, not '1H'"),
    (condition_tree, ["fact", "lost", "bankers", "BJ"], "'lost' takes a card here, not 'BJ'"),
    (condition_tree, ["fact", "took", "bankers", "5h"], "'took' takes a card here, not '5h'"),
    (condition_tree, ["fact", "level-is", "1"], "'level-is' takes a rank here, not '1'"),
    (condition_tree, ["fact", "level-is", 5], "'level-is' takes a rank here, not 5"),
    (condition_tree, ["fact", "wins", "banker"], "'wins' takes a team here, not 'banker'"),
    (effect_tree, ["to", "bankers", "Z"], "'to' takes a rank here, not 'Z'"),
    (effect_tree, ["up", "everybody", ["num", 1]], "'up' takes a team here, not 'everybody'"),
    # a boolean, a fraction, text or a negative number where a whole number goes
    (number_tree, ["num", True], "a number is a whole number from 0 to 1000000000000000000, not True"),
    (number_tree, ["num", 1.0], "not 1.0"),
    (number_tree, ["num", "2"], "not '2'"),
    (number_tree, ["num", -1], "not -1"),
    (number_tree, ["num", NUMBER_BOUND + 1], "not 1000000000000000001"),
    (effect_tree, ["up", "bankers", True], "expected a number"),
    (effect_tree, ["down", "bankers", 2], "expected a number (a list such as [\"num\", 2]), got 2"),
    # not lists at all
    (number_tree, [], "expected a number"),
    (number_tree, "size", "expected a number"),
    (condition_tree, {"fact": "no-trump"}, "expected a condition"),
    (condition_tree, [["fact", "no-trump"]], "expected a condition"),
    (effect_tree, None, "not an effect: None"),
])
def test_a_reader_refuses_a_malformed_tree_naming_the_fault(reader, data, message):
    with pytest.raises(ExpressionError) as info:
        reader(data)
    assert message in str(info.value)
    assert len(str(info.value)) <= 300


def _chain(head: str, depth: int, leaf: Any) -> Any:
    """``[head, [head, ... leaf]]`` ``depth`` deep, built without recursion."""
    tree = leaf
    for _ in range(depth):
        tree = [head, tree] if head == "not" else [head, tree, ["num", 1]]
    return tree


def _nested(depth: int) -> list:
    tree: list = []
    for _ in range(depth):
        tree = [tree]
    return tree


def test_64_operators_are_read_and_65_refused():
    assert condition_tree(_chain("not", MAX_FORMULA_OPERATORS, ["fact", "no-trump"]))
    assert number_tree(_chain("add", MAX_FORMULA_OPERATORS, ["num", 1]))
    for tree, reader in [(_chain("not", 65, ["fact", "no-trump"]), condition_tree),
                         (_chain("add", 65, ["num", 1]), number_tree),
                         (["all", *[["fact", "no-trump"]] * 66], condition_tree),
                         (["up", "bankers", _chain("mul", 65, ["num", 1])], effect_tree)]:
        with pytest.raises(ExpressionError, match="an expression has at most 64 operators; this one has more"):
            reader(tree)


def test_a_condition_counts_the_operators_of_its_numbers():
    number = _chain("add", 40, ["num", 1])
    with pytest.raises(ExpressionError, match="at most 64 operators"):
        condition_tree(["compare", "<", number, number])  # 1 + 40 + 40
    assert condition_tree(["compare", "<", number, _chain("add", 23, ["num", 1])])  # 1 + 40 + 23


@pytest.mark.parametrize("reader, data", [
    (number_tree, _chain("add", 100_000, ["num", 1])),
    (condition_tree, _chain("not", 100_000, ["fact", "no-trump"])),
    (number_tree, _nested(100_000)),
    (number_tree, ["num", _nested(100_000)]),
    (condition_tree, _nested(100_000)),
    (condition_tree, ["fact", _nested(100_000)]),
    (condition_tree, ["compare", _nested(100_000), N, N]),
    (condition_tree, ["fact", "took", "bankers", _nested(100_000)]),
    (effect_tree, ["up", "bankers", _nested(100_000)]),
    (effect_tree, _nested(100_000)),
    (number_tree, ["num", 10 ** 5000]),  # repr of such an int raises ValueError
])
def test_data_nested_thousands_deep_is_refused_without_a_recursion_error(reader, data):
    with pytest.raises(ExpressionError) as info:
        reader(data)
    assert len(str(info.value)) <= 300


@pytest.mark.parametrize("where", ["kitty", "condition", "effect"])
def test_rules_from_dict_refuses_deep_trees_with_the_path(where):
    data = tr.load("two-decks").to_dict()
    deep = _nested(50_000)
    if where == "kitty":
        data["kitty"]["kind"] = "formula"
        data["kitty"]["formula"] = ["num", deep]
        path = "kitty.formula"
    elif where == "condition":
        data["levels"]["after_hand"] = [{"condition": ["not", deep], "effects": [["wins-game", "bankers"]]}]
        path = "levels.after_hand[0].condition"
    else:
        data["levels"]["after_hand"] = [{"condition": ["fact", "no-trump"], "effects": [["up", "bankers", deep]]}]
        path = "levels.after_hand[0].effects[0]"
    with pytest.raises(tr.RulesetError, match=re.escape(f"{path}: ")):
        tr.Rules.from_dict(data)


def test_readers_give_tuples_for_lists():
    data = json.loads(json.dumps(("all", ("fact", "took", "winners", "10H"),
                                  ("compare", "!=", ("div", ("var", "points"), N), ("num", 0)))))
    assert condition_tree(data) == ("all", ("fact", "took", "winners", "10H"),
                                    ("compare", "!=", ("div", ("var", "points"), N), ("num", 0)))


def test_the_first_operators_can_be_asked_for():
    assert number_tree(["add", N, N], operators=ex.FIRST_OPERATORS) == ("add", N, N)
    with pytest.raises(ExpressionError):
        number_tree(["sub", N, N], operators=ex.FIRST_OPERATORS)


# --- evaluating numbers ---------------------------------------------------------------------------


def num(n: int) -> tuple:
    return ("num", n) if n >= 0 else ("sub", ("num", 0), ("num", -n))


B = NUMBER_BOUND


@pytest.mark.parametrize(("tree", "value"), [
    (("mul", num(B), num(B)), B),
    (("add", num(B), num(B)), B),
    (("sub", num(0), ("add", num(B), num(B))), -B),
    (("mul", num(-B), num(B)), -B),
    (("sub", num(-B), num(B)), -B),
    (("pow", num(2), num(B)), B),
    (("pow", num(10), num(18)), B),  # exactly the bound
    (("pow", num(10), num(19)), B),
    (("pow", num(-2), num(B)), B),  # an even power
    (("pow", num(-2), num(61)), -B),  # an odd power of a negative number is negative
    (("pow", num(-3), num(39)), -B),
    (("pow", num(-10), num(19)), -B),
    (("pow", num(-2), num(59)), -(2 ** 59)),
    (("div", num(-7), num(2)), -4),
    (("div", num(7), num(0)), 0),
    (("div", num(-B), num(-1)), B),
    (("min", num(-3), num(2)), -3),
    (("max", num(-3), num(2)), 2),
    (("var", "points"), B),  # a quantity's value is held too
    (("add", ("var", "size"), num(1)), 4),
])
def test_every_step_is_held_within_the_bound(tree, value):
    assert evaluate_number(tree, {"points": 10 ** 30, "size": 3}) == value


def _calls(work: Callable[[], object]) -> int:
    """The Python function calls ``work`` makes: a count of the work done that, unlike a time, does
    not depend on the machine or its load."""
    count = 0

    def profile(frame, event, arg):
        nonlocal count
        if event == "call":
            count += 1

    sys.setprofile(profile)
    try:
        work()
    finally:
        sys.setprofile(None)
    return count


def test_huge_powers_and_deep_trees_evaluate_in_bounded_steps():
    """A power is worked out by squaring, held at the bound at each step: an exponent of 10^18 costs
    about as many steps as one of 64, never one step per unit of the exponent."""
    def powers():
        for base in range(-20, 21):
            for exponent in (B, B - 1, 10 ** 9, 63, 64):
                assert abs(evaluate_number(("pow", num(base), num(exponent)), {})) <= B

    small = _calls(lambda: [evaluate_number(("pow", num(base), num(64)), {}) for base in range(-20, 21)])
    assert _calls(powers) < 10 * small
    deep = num(2)
    for _ in range(MAX_FORMULA_OPERATORS // 2):
        deep = ("pow", deep, ("mul", num(B), num(B)))
    assert evaluate_number(deep, {}) == B
    assert _calls(lambda: evaluate_number(deep, {})) < 200 * MAX_FORMULA_OPERATORS


@pytest.mark.parametrize(("base", "exponent", "value"), [
    (2, -1, 0), (7, -3, 0), (0, -1, 0), (0, 0, 1), (5, 0, 1), (1, -9, 1), (-1, -3, -1), (-1, -4, 1),
    (-2, -1, -1),  # -0.5 rounds down to -1
    (-2, -2, 0),   # 0.25 rounds down to 0
    (-3, -3, -1),
    (-5, 3, -125), (3, 4, 81), (0, 5, 0),
])
def test_power_rounds_negative_exponents_down_as_division_does(base, exponent, value):
    assert _power(base, exponent) == value
    if exponent < 0 and base != 0:
        assert value == (1 // (base ** -exponent))  # the floor of the fraction


def test_a_missing_quantity_is_a_key_error():
    with pytest.raises(KeyError):
        evaluate_number(("var", "points"), {"size": 1})


# --- generated trees through the JSON form ---------------------------------------------------------

WHOLE = st.integers(0, 20) | st.sampled_from([0, 1, 2, 64, NUMBER_BOUND])
CARDS = st.builds(lambda rank, suit: rank + suit, st.sampled_from(ex.CARD_RANKS), st.sampled_from(ex.CARD_SUITS))
RANKS = st.sampled_from(ex.CARD_RANKS)
TEAMS = st.sampled_from(ex.TEAMS)
#: the teams every fact and effect takes (the banker's friends only some facts: ``FRIENDS_FACTS``)
FIRST_TEAMS = st.sampled_from(ex.FIRST_TEAMS)
#: a role by its name, or named by a card (the holder of a card)
SEAT_ROLES = st.sampled_from(ex.ROLES) | st.builds(lambda role, card: (role, card), st.sampled_from(ex.CARD_ROLES),
                                                   CARDS)
#: ... or the first of a team after one of those (not the first of the winners after the banker,
#: which reads back as its own name "first-winner"), or fallbacks of those
ONE_ROLE = SEAT_ROLES | st.builds(lambda team, role: (ex.FIRST_OF, team, role), TEAMS,
                                  SEAT_ROLES.filter(lambda r: r != "first-winner")).filter(
    lambda r: r != (ex.FIRST_OF, "winners", "banker"))
ROLES = ONE_ROLE | st.lists(ONE_ROLE, min_size=2, max_size=ex.MAX_FALLBACKS).map(lambda rs: (ex.OTHERWISE, *rs))
SUITS = st.sampled_from(ex.CARD_SUITS)

#: every quantity, a quantity of a team, a player or a card with arguments of its kinds
quantities = st.one_of(*(st.tuples(st.just("var"), st.just(name),
                                   *({"team": FIRST_TEAMS, "card": CARDS, "role": ROLES}[kind] for kind in q.arguments))
                         for name, q in ex.QUANTITIES.items()))
numbers = st.recursive(
    st.builds(lambda n: ("num", n), WHOLE) | quantities,
    lambda inner: st.builds(lambda op, a, b: (op, a, b), st.sampled_from(ex.OPERATORS), inner, inner),
    max_leaves=6,
)


def _argument(kind: str) -> st.SearchStrategy[Any]:
    return {"team": TEAMS, "rank": RANKS, "card": CARDS, "number": numbers, "role": ROLES, "suit": SUITS}[kind]


def _form(head: tuple, form: ex.Form) -> st.SearchStrategy[tuple]:
    def argument(kind: str) -> st.SearchStrategy[Any]:
        return FIRST_TEAMS if kind == "team" and form.name not in ex.FRIENDS_FACTS else _argument(kind)

    return st.tuples(*(st.just(h) for h in head), *(argument(kind) for kind in form.arguments))


facts = st.one_of(*(_form(("fact", name), form) for name, form in ex.FACTS.items()))
#: the facts a house rule after a hand may read (not those of a card being called or buried), in
#: the two-deck game below (not the card the banker called: its teams are fixed, E332)
facts_after_hand = st.one_of(*(_form(("fact", name), form) for name, form in ex.FACTS.items()
                               if ex.AFTER_HAND in form.moments and name != "called"))
comparisons = st.builds(lambda c, a, b: ("compare", c, a, b), st.sampled_from(ex.COMPARATORS), numbers, numbers)


def _conditions_of(leaves: st.SearchStrategy[tuple]) -> st.SearchStrategy[tuple]:
    return st.recursive(
        leaves | comparisons,
        lambda inner: (st.builds(lambda head, parts: (head, *parts), st.sampled_from(["all", "any"]),
                                 st.lists(inner, min_size=2, max_size=4))
                       | st.builds(lambda c: ("not", c), inner)),
        max_leaves=8,
    )


conditions_any = _conditions_of(facts)
effects_any = st.one_of(*(_form((name,), form) for name, form in ex.EFFECTS.items()))


def operator_count(tree: Any) -> int:
    """The operators ``rules.expressions`` counts in a tree."""
    if not isinstance(tree, tuple) or not tree:
        return 0
    head = tree[0]
    own = (len(tree) - 2 if head in ("all", "any") else
           1 if head in ("not", "compare") or head in ex.OPERATORS else 0)
    return own + sum(operator_count(part) for part in tree[1:])


conditions = conditions_any.filter(lambda c: operator_count(c) <= MAX_FORMULA_OPERATORS)
effects = effects_any.filter(lambda e: operator_count(e) <= MAX_FORMULA_OPERATORS)
#: house rules of any fact: trees the schema takes wherever a condition goes
triggers = st.builds(Trigger, conditions, st.lists(effects, min_size=1, max_size=3).map(tuple))
#: house rules a document may hold after a hand: only what is known then (``Rules.from_dict``
#: refuses a fact of a card there, E212)
#: (the winning bid needs an auction, which the two-deck game below has not: E317, tested in
#: tests/engine/test_auction.py)
_KNOWN_AFTER_HAND = {name for name, q in ex.QUANTITIES.items() if ex.AFTER_HAND in q.moments} - {"bid"}


def _known_after_hand(tree: tuple) -> bool:
    """Whether every quantity ``tree`` reads is known after a hand (not the number of overturns
    after the kitty, say, known only as a player's turn to overturn comes)."""
    return ex.quantities_of(tree) <= _KNOWN_AFTER_HAND


#: the effects of one player's level, and of what a hand is worth: the two-deck game below has
#: fixed teams (E362) and no game points (E363); the Finding Friends game further below has both
_OWN_LEVELS = frozenset(ex.PLAYER_EFFECTS) | ex.STAKE_EFFECTS


def _known_for_effect(effect: tuple) -> bool:
    """Whether every quantity an effect reads is known where it is made: after a hand, and for an
    effect on what the hand is worth the worth so far (``game points``) too."""
    return ex.quantities_of(effect) <= _KNOWN_AFTER_HAND | ({"game-points"} if effect[0] in ex.STAKE_EFFECTS
                                                             else set())


triggers_after_hand = st.builds(
    Trigger,
    _conditions_of(facts_after_hand).filter(lambda c: operator_count(c) <= MAX_FORMULA_OPERATORS
                                            and _known_after_hand(c)),
    st.lists(effects.filter(lambda e: e[0] not in _OWN_LEVELS and _known_after_hand(e)), min_size=1,
             max_size=3).map(tuple))

BASE = tr.load("two-decks")


def _with(after_hand: tuple[Trigger, ...], base: tr.Rules = BASE) -> tr.Rules:
    return dataclasses.replace(base, levels=dataclasses.replace(base.levels, after_hand=after_hand))


@settings(max_examples=80)  # each example exports a whole ruleset
@given(st.lists(triggers_after_hand, max_size=4).map(tuple))
def test_rules_with_generated_house_rules_round_trip_through_to_dict(after_hand):
    rules = _with(after_hand)
    data = json.loads(json.dumps(rules.to_dict()))  # as a file holds it
    assert data["schema_version"] == SCHEMA_VERSION
    assert tr.Rules.from_dict(data) == rules


#: Finding Friends (called partners, game points): each player has a level of their own, and a hand
#: is worth game points; the banker has no seated partner there (E339), nor a card of the pack left
#: out
FRIENDS = tr.load("house-finding-friends")
own_level_effects = st.one_of(*(_form((name,), form) for name, form in ex.EFFECTS.items() if name in _OWN_LEVELS)
                              ).filter(lambda e: operator_count(e) <= MAX_FORMULA_OPERATORS and _known_for_effect(e)
                                       and (e[0] not in ex.ROLE_EFFECTS or "partner" not in ex.role_leaves(e[1])))
triggers_of_own_levels = st.builds(
    Trigger,
    _conditions_of(facts_after_hand).filter(lambda c: operator_count(c) <= MAX_FORMULA_OPERATORS
                                            and _known_after_hand(c)),
    st.lists(own_level_effects, min_size=1, max_size=3).map(tuple))


@settings(max_examples=60)
@given(st.lists(triggers_of_own_levels, min_size=1, max_size=3).map(tuple))
def test_rules_with_generated_effects_on_a_player_and_a_hands_worth_round_trip(after_hand):
    rules = _with(after_hand, FRIENDS)
    data = json.loads(json.dumps(rules.to_dict()))
    assert data["schema_version"] == SCHEMA_VERSION
    assert tr.Rules.from_dict(data) == rules
    jsonschema.Draft202012Validator(tr.schema()).validate(data)


@given(numbers.filter(lambda n: operator_count(n) <= MAX_FORMULA_OPERATORS))
def test_generated_numbers_read_back_and_evaluate_within_the_bound(tree):
    assert number_tree(json.loads(json.dumps(tree))) == tree
    values = {key: 7 for key in ex.quantity_keys(tree)}
    assert -NUMBER_BOUND <= evaluate_number(tree, values) <= NUMBER_BOUND


_SCHEMA = tr.schema()
_VALIDATOR = jsonschema.Draft202012Validator(_SCHEMA)
_DOC = BASE.to_dict()


def _document(after_hand: list) -> dict:
    doc = copy.deepcopy(_DOC)
    doc["levels"]["after_hand"] = after_hand
    return doc


def test_the_schema_is_valid_and_takes_every_shipped_ruleset():
    jsonschema.Draft202012Validator.check_schema(_SCHEMA)
    for name in tr.builtin_names():
        _VALIDATOR.validate(tr.load(name).to_dict())
    # its trees are built from the vocabulary tables: one branch per fact and per effect
    defs = _SCHEMA["$defs"]
    assert len(defs["Effect"]["anyOf"]) == len(ex.EFFECTS)
    assert len(defs["Condition"]["anyOf"]) == len(ex.FACTS) + 4  # and [], compare, all/any, not


@settings(max_examples=80)
@given(st.lists(triggers, min_size=1, max_size=3))
def test_the_schema_takes_every_generated_tree(after_hand):
    doc = json.loads(json.dumps(_with(tuple(after_hand)).to_dict()))
    _VALIDATOR.validate(doc)


def _sites(tree: Any, kind: str, path: tuple = ()) -> list[tuple[tuple, str]]:
    """Every place of a tree (as lists) that a mutation may spoil: each node ("node") and each
    value with its kind ("team", "rank", "card", "whole", "quantity")."""
    out = [(path, "node")]
    head = tree[0]
    if kind == "number":
        if head == "num":
            out.append(((*path, 1), "whole"))
        elif head == "var":
            out.append(((*path, 1), "quantity"))
            for at, arg_kind in enumerate(ex.QUANTITIES[tree[1]].arguments, start=2):
                out += _value_sites(tree[at], arg_kind, (*path, at))
        else:
            out += _sites(tree[1], "number", (*path, 1)) + _sites(tree[2], "number", (*path, 2))
        return out
    if kind == "condition":
        if head == "fact":
            form = ex.FACTS[tree[1]]
            for at, arg_kind in enumerate(form.arguments, start=2):
                out += _value_sites(tree[at], arg_kind, (*path, at))
        elif head == "compare":
            out += _sites(tree[2], "number", (*path, 2)) + _sites(tree[3], "number", (*path, 3))
        else:
            for at in range(1, len(tree)):
                out += _sites(tree[at], "condition", (*path, at))
        return out
    form = ex.EFFECTS[head]
    for at, arg_kind in enumerate(form.arguments, start=1):
        out += _value_sites(tree[at], arg_kind, (*path, at))
    return out


def _value_sites(value: Any, kind: str, path: tuple) -> list[tuple[tuple, str]]:
    return _sites(value, "number", path) if kind == "number" else [(path, kind)]


#: for each kind of place, values that are wrong there (for a JSON Schema and for the reader)
SPOILERS: dict[str, list[Any]] = {
    "team": ["banker", "Bankers", "", 1, None],
    "rank": ["1", "T", "j", 10, "BJ"],
    "card": ["1H", "BJ", "5h", "H5", "10X", 5],
    "whole": [-1, True, 1.5, "2", NUMBER_BOUND + 1, None],
    "quantity": ["score", "Size", "kitty_points", 0],
    "role": ["dealer", "Banker", "next seat", 2, None],
    "suit": ["h", "hearts", "♥", "", 3, None],
}


def _get(tree: Any, path: tuple) -> Any:
    for at in path:
        tree = tree[at]
    return tree


def _spoil(tree: Any, path: tuple, kind: str, choice: int) -> Any:
    tree = json.loads(json.dumps(tree))
    parent = _get(tree, path[:-1]) if path else None
    if kind == "node":
        node = _get(tree, path)
        if choice % 3 == 0:
            node[0] = "nothing"  # no such head
        elif choice % 3 == 1:
            node.append(["num", 1])  # one argument too many (a number is no condition either)
        else:
            replacement: Any = {"node": node}  # not a list
            if parent is None:
                return replacement
            parent[path[-1]] = replacement
        return tree
    spoilers = SPOILERS[kind]
    assert parent is not None
    parent[path[-1]] = spoilers[choice % len(spoilers)]
    return tree


@given(triggers_after_hand, st.data())
def test_the_schema_and_the_reader_refuse_every_mutated_tree(trigger, data):
    part = data.draw(st.sampled_from(["condition", *range(len(trigger.effects))]))
    tree = trigger.condition if part == "condition" else trigger.effects[part]
    kind = "condition" if part == "condition" else "effect"
    path, spot = data.draw(st.sampled_from(_sites(tree, kind)))
    spoilt = _spoil(tree, path, spot, data.draw(st.integers(0, 11)))
    entry = {"condition": json.loads(json.dumps(trigger.condition)),
             "effects": json.loads(json.dumps(trigger.effects))}
    if part == "condition":
        entry["condition"] = spoilt
    else:
        entry["effects"][part] = spoilt
    doc = _document([entry])
    assert not _VALIDATOR.is_valid(doc), (path, spot, spoilt)
    with pytest.raises(tr.RulesetError):
        tr.Rules.from_dict(doc)


def test_the_schema_cannot_count_operators_but_from_dict_does():
    condition: list = ["fact", "no-trump"]
    for _ in range(MAX_FORMULA_OPERATORS + 1):
        condition = ["not", condition]
    doc = _document([{"condition": condition, "effects": [["wins-game", "winners"]]}])
    assert _VALIDATOR.is_valid(doc)  # the schema's description says so
    assert "At most 64 operators" in _SCHEMA["$defs"]["Condition"]["description"]
    with pytest.raises(tr.RulesetError, match="at most 64 operators"):
        tr.Rules.from_dict(doc)


# --- schema versions --------------------------------------------------------------------------------


def test_the_current_version_is_written_and_every_earlier_version_is_read():
    assert READABLE_VERSIONS == tuple(range(1, SCHEMA_VERSION + 1))
    rules = tr.loads('extends: "two-decks"\nlevels\n  when the bankers lost 5H: bankers -1 level\n'
                     "kitty\n  multiplier: 2 ^ (size - 1), at most 64\n")
    doc = rules.to_dict()
    assert doc["schema_version"] == SCHEMA_VERSION
    assert doc["levels"]["after_hand"] == [{"condition": ["fact", "lost", "bankers", "5H"],
                                            "effects": [["down", "bankers", ["num", 1]]]}]
    assert doc["kitty"]["formula"] == ["pow", ["num", 2], ["sub", ["var", "size"], ["num", 1]]]
    _VALIDATOR.validate(doc)
    assert tr.Rules.from_dict(doc) == rules


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.v[12].json")), ids=lambda p: p.name)
def test_version_1_and_2_documents_load_without_house_rules(path: Path):
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["schema_version"] in (1, 2)
    assert "after_hand" not in data["levels"]
    rules = tr.Rules.from_dict(data)
    assert rules.levels.after_hand == ()
    assert rules.levels.chosen == ()
    # and they are written back as version 3, which reads back equal
    assert tr.Rules.from_dict(rules.to_dict()) == rules


def test_a_version_2_power_kitty_reads_as_the_same_number_tree():
    data = json.loads((GOLDEN / "two-decks.v2.json").read_text(encoding="utf-8"))
    data["kitty"] = {**data["kitty"], "kind": "formula", "formula": ["pow", ["num", 2], ["var", "size"]], "cap": 64}
    assert tr.Rules.from_dict(data).kitty.formula == ("pow", ("num", 2), ("var", "size"))


def test_a_version_3_document_must_have_the_house_rules_field():
    doc = BASE.to_dict()
    del doc["levels"]["after_hand"]
    with pytest.raises(tr.RulesetError, match="missing field 'after_hand'"):
        tr.Rules.from_dict(doc)


@pytest.mark.parametrize("head", ["not", "all", "add"])
def test_validating_a_deep_tree_against_the_schema_takes_time_in_proportion_to_its_size(head):
    """Each branch of a tree's anyOf reads its items only under its own head: a branch that read
    the items of any array made validators read each subtree again at every level (a condition
    of 14 nested "not" took 20 seconds, one of 64 would never end).  The work is counted in function
    calls: a tree twice as deep costs about twice as many, where reading subtrees again at every
    level would cost several times as many."""
    def document(depth: int) -> dict:
        condition: list = ["fact", "no-trump"]
        for _ in range(depth):
            if head == "not":
                condition = ["not", condition]
            elif head == "all":
                condition = ["all", condition, ["fact", "wins", "bankers"]]
            else:
                condition = ["compare", "<", ["num", 1], ["var", "points"]] if condition[0] == "fact" else condition
                condition = ["compare", "<", ["add", condition[2], ["num", 1]], ["num", 2]]
        return _document([{"condition": condition, "effects": [["up", "bankers", ["num", 1]]]}])

    def work(depth: int) -> int:
        doc = document(depth)
        bad = json.loads(json.dumps(doc).replace('"no-trump"', '"no-trumps"').replace('"points"', '"score"'))
        valid: list[bool] = []
        calls = _calls(lambda: valid.extend((_VALIDATOR.is_valid(doc), _VALIDATOR.is_valid(bad))))
        assert valid == [True, False]
        return calls

    base, half, whole = work(0), work(MAX_FORMULA_OPERATORS // 4), work(MAX_FORMULA_OPERATORS // 2)
    assert whole - base < 2.5 * (half - base), (base, half, whole)
