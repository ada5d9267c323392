"""The rule expressions as a ruleset writes them: every word of the vocabulary (quantities, teams,
facts, effects, comparators, operators) compiles to its tree, the operators bind and group as
arithmetic does, the errors of the layer (E211, E212, E017, E302, E311) point at what is wrong, a
house file's ``when`` replaces or adds to its parent's, and every compiled ruleset round-trips
through its JSON form whatever the parser let through.

The cases are keyed by the names of the vocabulary tables (``rules.expressions``): a new word
without a case here fails ``test_every_word_of_the_vocabulary_has_a_case``."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tractor_rules as tr
from tractor_rules.rules import expressions as ex
from tractor_rules.rules.expressions import MAX_FORMULA_OPERATORS, evaluate_number
from quantity_cases import QUANTITY_CASES

HEADER = 'extends: "two-decks"\n'


def triggers(*lines: str, header: str = HEADER) -> tuple:
    """The compiled ``levels.after_hand`` of ``when`` lines written in ``levels``."""
    text = header + "levels\n" + "".join(f"  {line}\n" for line in lines)
    return tr.loads(text, "x.tractor").levels.after_hand


def condition_of(condition: str, header: str = HEADER) -> tuple:
    (trigger,) = triggers(f"when {condition}: bankers +1 level", header=header)
    return trigger.condition


def effects_of(effects: str, header: str = HEADER) -> tuple:
    (trigger,) = triggers(f"when the bankers win: {effects}", header=header)
    return trigger.effects


def number_of(expression: str, header: str = HEADER) -> tuple:
    """The tree of a number, as the left side of a comparison after a hand."""
    condition = condition_of(f"{expression} >= 0", header)
    assert condition[0] == "compare" and condition[3] == ("num", 0)
    return condition[2]


def diagnostics(text: str) -> list[tuple[int, int, str]]:
    """(line, column, code) of each error ``text`` gives, in order; [] when it compiles."""
    try:
        tr.loads(text, "x.tractor")
    except tr.RulesetError as error:
        assert all(d.file == "x.tractor" for d in error.diagnostics)
        return [(d.line, d.column, d.code) for d in error.diagnostics]
    return []


def messages(text: str) -> list[str]:
    with pytest.raises(tr.RulesetError) as info:
        tr.loads(text, "x.tractor")
    return [f"{d.line}:{d.column}: {d.code}: {d.message}" for d in info.value.diagnostics]


# --- the vocabulary: one case per word ------------------------------------------------------------

#: each quantity: how a ruleset writes it
QUANTITY_WORDS = {
    "size": "size",
    "cards": "cards",
    "decks": "decks",
    "players": "players",
    "points": "points",
    "raw-points": "raw points",
    "kitty-points": "kitty points",
    "levels": "levels",
    "overturns": "overturns",
    "declared-level-cards": "declared level cards",
    "bid": "bid",
    "held-points": "points held",
    "held-trumps": "trumps held",
    "redeals": "redeals",
    "points-left": "points left",
    "cards-left": "cards left",
    "game-points": "game points",
    "team-size": "the number of TEAM",
    "team-level": "the level of TEAM",
    "player-level": "the level of ROLE",
    "copies-took": "copies of CARD TEAM took",
    "copies-held": "copies of CARD TEAM held",
    "copies-held-after-kitty": "copies of CARD TEAM held after the kitty",
}
#: each fact: a condition that writes it, and its tree
FACT_CASES = {
    "wins": ("the bankers win", ("fact", "wins", "bankers")),
    "loses": ("the attackers lose", ("fact", "loses", "attackers")),
    "last-trick": ("the winners win the last trick", ("fact", "last-trick", "winners")),
    "last-trick-single": ("the attackers win the last trick with a single J",
                          ("fact", "last-trick-single", "attackers", "J")),
    "last-trick-card": ("the losers win the last trick with 10H", ("fact", "last-trick-card", "losers", "10H")),
    "last-trick-trumps": ("attackers wins the last trick with trumps", ("fact", "last-trick-trumps", "attackers")),
    "took": ("the bankers took KS", ("fact", "took", "bankers", "KS")),
    "lost": ("the bankers lost 5H", ("fact", "lost", "bankers", "5H")),
    "played": ("the attackers played 5H", ("fact", "played", "attackers", "5H")),
    # who held, buried and called a card (tests/language/test_card_facts.py)
    "held": ("the attackers held AH", ("fact", "held", "attackers", "AH")),
    "held-after-kitty": ("the bankers held 5H after the kitty", ("fact", "held-after-kitty", "bankers", "5H")),
    "buried": ("winners buried 10D", ("fact", "buried", "winners", "10D")),
    "called": ("the banker called AS", ("fact", "called", "AS")),
    "level-is": ("the level is Q", ("fact", "level-is", "Q")),
    "no-trump": ("no-trump", ("fact", "no-trump")),
    "nobody-declared": ("nobody declared", ("fact", "nobody-declared")),
    # the players' actions of the hand (tests/engine/test_action_facts.py)
    "conceded": ("the attackers conceded", ("fact", "conceded", "attackers")),
    "ended-early": ("the hand ended early", ("fact", "ended-early")),
    "bank-given-up": ("the bank was given up", ("fact", "bank-given-up")),
    # how the bank was decided (tests/engine/test_bank_facts.py)
    "declared": ("the attackers declared", ("fact", "declared", "attackers")),
    "banker-declared": ("the banker declared", ("fact", "banker-declared")),
    "overturned-after-kitty": ("the bank was overturned after the kitty", ("fact", "overturned-after-kitty")),
    "always": ("a hand ends", ("fact", "always")),
    # facts of the card being judged, written where a card is (tests/language/test_card_conditions.py)
    "card-trump": ("a trump", ("fact", "card-trump")),
    "card-points": ("a point card", ("fact", "card-points")),
    "card-rank": ("a K", ("fact", "card-rank", "K")),
    "card-suit": ("a heart", ("fact", "card-suit", "H")),
    "card-level": ("a level card", ("fact", "card-level")),
    "card-joker": ("a joker", ("fact", "card-joker")),
    "card-highest": ("the highest card of its suit", ("fact", "card-highest")),
    "card-shown": ("shown in declaring", ("fact", "card-shown")),
    # facts of the player whose turn to overturn after the kitty it is (tests/engine/test_overturn_when.py)
    "player-attacker": ("an attacker", ("fact", "player-attacker")),
    "player-banker": ("a banker", ("fact", "player-banker")),
    "first-hand": ("the first hand", ("fact", "first-hand")),
    # the hand so far, after a trick (tests/engine/test_end_early.py)
    "outcome-decided": ("the outcome is decided", ("fact", "outcome-decided")),
    # facts of the player who would overturn during the deal (tests/engine/test_declare_over.py)
    "declarer-partner": ("the declarer's partner", ("fact", "declarer-partner")),
    "declarer-opponent": ("the declarer's opponent", ("fact", "declarer-opponent")),
    # the previous declarer, whom the standing one overturned last (tests/engine/test_previous_declarer.py)
    "previous-declarer": ("the previous declarer", ("fact", "previous-declarer")),
    "previous-declarer-partner": ("the previous declarer's partner", ("fact", "previous-declarer-partner")),
    "nobody-overturned": ("nobody was overturned", ("fact", "nobody-overturned")),
    "declarer": ("the declarer", ("fact", "declarer")),
    # facts of the player who could stop a throw (tests/engine/test_free_bombs_and_throw_conditions.py)
    "thrower-partner": ("the thrower's partner", ("fact", "thrower-partner")),
    "thrower-opponent": ("the thrower's opponent", ("fact", "thrower-opponent")),
    # the extra level beyond the last, and knocked back to, the words knock back is sugar for
    # (tests/engine/test_knock_back_sugar.py)
    "extra-level": ("the extra level", ("fact", "extra-level")),
    # what 'bonus for a smaller banker team' reads (tests/engine/test_level_change_sugar.py)
    "smaller-team": ("the banker team is smaller than usual", ("fact", "smaller-team")),
}
#: each effect: how a ruleset writes it, and its tree
EFFECT_CASES = {
    "up": ("bankers +1 level", ("up", "bankers", ("num", 1))),
    "down": ("the attackers - 2 levels", ("down", "attackers", ("num", 2))),
    "back-to": ("winners back to 2", ("back-to", "winners", "2")),
    "to": ("the losers to 5", ("to", "losers", "5")),
    "wins-game": ("attackers win the game", ("wins-game", "attackers")),
    "next-banker": ("the next banker is the winner of the last trick", ("next-banker", "last-trick-winner")),
    "knock-back": ("the bankers knocked back to 2", ("knock-back", "bankers", "2")),
    # the hand's own level change: what 'banker goes up' and the bonus say
    # (tests/engine/test_level_change_sugar.py)
    "hand-levels": ("the hand gives levels - 1 levels", ("hand-levels", ("sub", ("var", "levels"), ("num", 1)))),
    "hand-more-levels": ("the hand gives 2 more levels", ("hand-more-levels", ("num", 2))),
    # one player's level, where each player has a level of their own (FRIENDS below), and what a
    # hand is worth, where it is worth game points (tests/engine/test_player_effects.py)
    "player-up": ("the declarer + 1 level", ("player-up", "declarer", ("num", 1))),
    "player-down": ("the holder of 3H - 2 levels, otherwise the banker",
                    ("player-down", ("otherwise", ("holder", "3H"), "banker"), ("num", 2))),
    "player-back-to": ("the player who took AS back to 5", ("player-back-to", ("taker", "AS"), "5")),
    "player-to": ("the winner of the last trick to A", ("player-to", "last-trick-winner", "A")),
    "player-knock-back": ("the first of the attackers after the banker knocked back to 2",
                          ("player-knock-back", ("first-of", "attackers", "banker"), "2")),
    "hand-worth": ("the hand is worth game points * 2", ("hand-worth", ("mul", ("var", "game-points"), ("num", 2)))),
    "hand-more-worth": ("the hand is worth 3 more game points", ("hand-more-worth", ("num", 3))),
}
#: a game where each player has a level of their own and a hand is worth game points
FRIENDS = 'extends: "house-finding-friends"\n'

#: each comparator and each other spelling of it
COMPARATOR_CASES = {"<": "<", "<=": "<=", ">": ">", ">=": ">=", "=": "=", "!=": "!=",
                    "==": "=", "≤": "<=", "≥": ">=", "≠": "!="}
#: each operator: an expression of numbers, its tree, its value
OPERATOR_CASES = {
    "add": ("7 + 2", ("add", ("num", 7), ("num", 2)), 9),
    "sub": ("7 - 2", ("sub", ("num", 7), ("num", 2)), 5),
    "mul": ("7 * 2", ("mul", ("num", 7), ("num", 2)), 14),
    "div": ("7 / 2", ("div", ("num", 7), ("num", 2)), 3),
    "pow": ("7 ^ 2", ("pow", ("num", 7), ("num", 2)), 49),
    "min": ("min(7, 2)", ("min", ("num", 7), ("num", 2)), 2),
    "max": ("max(7, 2)", ("max", ("num", 7), ("num", 2)), 7),
}


def test_every_word_of_the_vocabulary_has_a_case():
    assert set(QUANTITY_WORDS) == set(ex.QUANTITIES) == set(QUANTITY_CASES)
    assert {name: q.words for name, q in ex.QUANTITIES.items()} == QUANTITY_WORDS
    assert set(FACT_CASES) == set(ex.FACTS)
    assert set(EFFECT_CASES) == set(ex.EFFECTS)
    assert set(OPERATOR_CASES) == set(ex.OPERATORS)
    assert set(COMPARATOR_CASES) == set(ex.COMPARATORS) | set(ex.COMPARATOR_SPELLINGS)
    # every team is written by some case, and by the team test below
    assert set(ex.TEAMS) == {"bankers", "attackers", "winners", "losers", "friends"}


@pytest.mark.parametrize("name", list(QUANTITY_WORDS))
def test_each_quantity_compiles_after_a_hand_or_where_it_is_known(name):
    words, tree = QUANTITY_CASES[name]
    if ex.WORTH in ex.QUANTITIES[name].moments and ex.AFTER_HAND not in ex.QUANTITIES[name].moments:
        # the worth so far: known only where a house rule changes what the hand is worth
        assert effects_of(f"the hand is worth {words} + 1", header=FRIENDS) == (
            ("hand-worth", ("add", tree, ("num", 1))),)
        assert diagnostics(HEADER + f"levels\n  when {words} >= 0: bankers +1 level\n") == [(3, 8, "E212")]
        return
    if ex.AFTER_HAND not in ex.QUANTITIES[name].moments:
        # known when a player may overturn after the kitty, or ask for a redeal
        # (tests/engine/test_redeal_when.py)
        moments = ex.QUANTITIES[name].moments
        written = (turn_condition_of if ex.OVERTURN in moments else trick_condition_of if ex.TRICK in moments
                   else redeal_condition_of)
        assert written(f"{words} >= 0") == ("compare", ">=", ("var", name), ("num", 0))
        assert diagnostics(HEADER + f"levels\n  when {words} >= 0: bankers +1 level\n") == [(3, 8, "E212")]
        return
    # the winning bid is read only where there is an auction (tests/engine/test_auction.py)
    header = HEADER + "auction\n  bids: 80 down to 5 by 5\n" if name == "bid" else HEADER
    assert number_of(words, header) == tree
    # inside an effect's amount too
    assert effects_of(f"bankers + {words} levels", header) == (("up", "bankers", tree),)


@pytest.mark.parametrize("name", list(QUANTITY_WORDS))
def test_each_quantity_in_the_kitty_formula_compiles_or_is_e212_where_it_is_written(name):
    words, tree = QUANTITY_CASES[name]
    text = HEADER + f"kitty\n  multiplier: 1 + {words}, at most 64\n"
    if ex.KITTY in ex.QUANTITIES[name].moments:
        assert tr.loads(text).kitty.formula == ("add", ("num", 1), tree)
    else:
        assert diagnostics(text) == [(3, 19, "E212")]
        (message,) = messages(text)
        assert f"'{words}'" in message and "is not known when the kitty is counted" in message


def turn_condition_of(condition: str) -> tuple:
    """A condition on a turn to overturn, as 'overturn after kitty: when' writes it."""
    text = HEADER + f"declare\n  overturn after kitty: when {condition}\n"
    return tr.loads(text, "x.tractor").declaring.overturn_when


def deal_condition_of(condition: str) -> tuple:
    """A condition on a player who would overturn during the deal, as 'overturn: when' writes it."""
    return tr.loads(HEADER + f"declare\n  overturn: when {condition}\n", "x.tractor").declaring.overturn_in_deal_when


def throw_condition_of(condition: str) -> tuple:
    """A condition on a player who could stop a throw, as 'throw stopped by: ... when' writes it."""
    return tr.loads(HEADER + f"lead\n  throw stopped by: any other player when {condition}\n",
                    "x.tractor").leading.throw_stoppers_when


def redeal_condition_of(condition: str) -> tuple:
    """A condition on a player who may ask for a redeal, as 'redeal: when' writes it."""
    return tr.loads(HEADER + f"declare\n  redeal: when {condition}\n", "x.tractor").declaring.redeal_when


def trick_condition_of(condition: str) -> tuple:
    """A condition on the hand so far, as 'end early: when' writes it."""
    return tr.loads(HEADER + f"levels\n  end early: when {condition}\n", "x.tractor").levels.end_early


def card_condition_of(condition: str) -> tuple:
    """A condition on a card, as 'buried cards: when' writes it."""
    return tr.loads(HEADER + f"kitty\n  buried cards: when {condition}\n", "x.tractor").kitty_exchange.buried_when


@pytest.mark.parametrize("name", list(FACT_CASES))
def test_each_fact_compiles(name):
    written, tree = FACT_CASES[name]
    if name == "called":  # the banker calls cards only with called partners (else E332)
        assert condition_of(written, header='extends: "house-finding-friends"\n') == tree
    elif ex.AFTER_HAND in ex.FACTS[name].moments:
        assert condition_of(written) == tree
    elif ex.OVERTURN in ex.FACTS[name].moments:
        assert turn_condition_of(written) == tree
    elif ex.TRICK in ex.FACTS[name].moments:
        assert trick_condition_of(written) == tree
    elif ex.DEAL_OVERTURN in ex.FACTS[name].moments:
        assert deal_condition_of(written) == tree
    elif ex.THROW in ex.FACTS[name].moments:
        assert throw_condition_of(written) == tree
    else:
        assert card_condition_of(written) == tree
    assert ex.condition_tree(tree) == tree  # the tree the compiler gives is one the reader takes


@pytest.mark.parametrize("team", list(ex.FIRST_TEAMS))
@pytest.mark.parametrize("article", ["", "the "])
def test_each_team_compiles_with_or_without_the(team, article):
    assert condition_of(f"{article}{team} win") == ("fact", "wins", team)
    assert effects_of(f"{article}{team} to 3") == (("to", team, "3"),)


def test_the_banker_s_friends_are_a_team_of_what_players_did():
    assert condition_of("the banker's friends took 5H") == ("fact", "took", "friends", "5H")


@pytest.mark.parametrize("name", list(EFFECT_CASES))
def test_each_effect_compiles(name):
    written, tree = EFFECT_CASES[name]
    own = name in ex.PLAYER_EFFECTS or name in ex.STAKE_EFFECTS
    assert effects_of(written, header=FRIENDS if own else HEADER) == (tree,)
    assert ex.effect_tree(tree) == tree


def test_effects_keep_the_order_written():
    assert effects_of("attackers win the game, bankers back to 2, winners +1 level") == (
        ("wins-game", "attackers"), ("back-to", "bankers", "2"), ("up", "winners", ("num", 1)))


@pytest.mark.parametrize("spelling", list(COMPARATOR_CASES))
def test_each_comparator_compiles_to_its_one_name(spelling):
    assert condition_of(f"points {spelling} 80") == (
        "compare", COMPARATOR_CASES[spelling], ("var", "points"), ("num", 80))


@pytest.mark.parametrize("name", list(OPERATOR_CASES))
def test_each_operator_compiles_and_evaluates(name):
    written, tree, value = OPERATOR_CASES[name]
    assert number_of(written) == tree
    assert evaluate_number(tree, {}) == value
    # the kitty formula reads the same expressions
    assert tr.loads(HEADER + f"kitty\n  multiplier: {written} + size, at most 64\n").kitty.formula == (
        "add", tree, ("var", "size"))


@pytest.mark.parametrize("written", ["7 × 2", "7 ÷ 2"])
def test_the_other_signs_of_multiply_and_divide(written):
    assert number_of(written)[0] == ("mul" if "×" in written else "div")


# --- precedence and grouping ----------------------------------------------------------------------


@pytest.mark.parametrize(("written", "value"), [
    ("2 - 1 - 1", 0),          # left to right
    ("2 ^ 3 ^ 2", 512),        # right to left: 2 ^ 9
    ("8 / 2 * 2", 8),          # left to right: (8 / 2) * 2
    ("8 / 2 / 2", 2),
    ("2 + 3 * 4", 14),
    ("(2 + 3) * 4", 20),
    ("2 * 3 ^ 2", 18),
    ("(2 * 3) ^ 2", 36),
    ("10 - 2 ^ 3", 2),
    ("min(3, 1, 2)", 1),
    ("max(3, 1, 2)", 3),
    ("min(3, 1 + 5) * 2", 6),
    ("max(2, 3) ^ 2", 9),
    ("7 / 0", 0),               # a division by 0 gives 0
    ("2 ^ (1 - 3)", 0),         # a negative power rounds down
    ("0 - 7 / 2", -3),
    ("(0 - 7) / 2", -4),        # rounds down, not towards 0
])
def test_operators_bind_and_group_as_arithmetic_does(written, value):
    assert evaluate_number(number_of(written), {}) == value


def test_operators_of_one_level_nest_to_the_left_and_powers_to_the_right():
    assert number_of("2 - 1 - 1") == ("sub", ("sub", ("num", 2), ("num", 1)), ("num", 1))
    assert number_of("2 ^ 3 ^ 2") == ("pow", ("num", 2), ("pow", ("num", 3), ("num", 2)))
    assert number_of("min(3, 1, 2)") == ("min", ("min", ("num", 3), ("num", 1)), ("num", 2))


A, B, C = ("fact", "wins", "bankers"), ("fact", "no-trump"), ("fact", "nobody-declared")


@pytest.mark.parametrize(("written", "tree"), [
    ("the bankers win or no-trump and nobody declared", ("any", A, ("all", B, C))),
    ("the bankers win and no-trump or nobody declared", ("any", ("all", A, B), C)),
    ("(the bankers win or no-trump) and nobody declared", ("all", ("any", A, B), C)),
    ("not the bankers win and no-trump", ("all", ("not", A), B)),
    ("not (the bankers win and no-trump)", ("not", ("all", A, B))),
    ("not not no-trump", ("not", ("not", B))),
    ("the bankers win and no-trump and nobody declared", ("all", A, B, C)),
    ("the bankers win or no-trump or nobody declared", ("any", A, B, C)),
    ("((the bankers win))", A),
    ("points + 1 > 2 * 3 and no-trump", ("all", ("compare", ">", ("add", ("var", "points"), ("num", 1)),
                                                 ("mul", ("num", 2), ("num", 3))), B)),
])
def test_not_binds_tighter_than_and_and_and_than_or(written, tree):
    assert condition_of(written) == tree


# --- errors of the layer, where they are written ----------------------------------------------------


def test_a_number_where_a_condition_goes_is_e211_at_the_number():
    text = HEADER + "levels\n  when 2 + 3: bankers +1 level\n"
    assert messages(text) == [
        "3:8: E211: a number is not a condition: compare it with another, as in 'points >= 80'"]
    text = HEADER + "levels\n  range: 2 to A\n  when points: attackers +1 level\n"
    assert diagnostics(text) == [(4, 8, "E211")]


def test_points_in_the_kitty_formula_is_e212_at_the_word():
    text = HEADER + "kitty\n  multiplier: points * 2\n"
    assert messages(text) == [
        "3:15: E212: 'points' (the attackers' score for the hand, the kitty's included) is not known when the "
        "kitty is counted"]
    # each one reported, where it is written
    text = HEADER + "kitty\n  multiplier: size + levels * (kitty points), at most 64\n"
    assert diagnostics(text) == [(3, 22, "E212"), (3, 32, "E212")]


def _long_when(count: int) -> str:
    """A ``when`` line of ``count`` facts joined by ``and`` (count - 1 operators), its effect
    without an operator (the sign of ``+1 level`` counts as one)."""
    return HEADER + "levels\n  when " + " and ".join(["no-trump"] * count) + ": bankers back to 2\n"


def test_a_when_line_of_64_operators_compiles_and_65_is_e017_at_the_65th():
    rules = tr.loads(_long_when(MAX_FORMULA_OPERATORS + 1))
    (trigger,) = rules.levels.after_hand
    assert len(trigger.condition) == MAX_FORMULA_OPERATORS + 2  # "all" and its 65 parts
    assert tr.Rules.from_dict(rules.to_dict()) == rules
    text = _long_when(MAX_FORMULA_OPERATORS + 2)
    column = len("  when ") + len("no-trump and ") * MAX_FORMULA_OPERATORS + len("no-trump ") + 1
    assert messages(text) == [
        f"3:{column}: E017: an expression has at most 64 operators (+ - × ÷ ^, min, max, comparisons, and, or, "
        "not); this one has more"]


def _min_of(count: int) -> str:
    return HEADER + "kitty\n  multiplier: min(" + ", ".join(["size"] * count) + "), at most 64\n"


def test_min_and_max_count_their_commas_as_operators():
    # min of 64 arguments: "min" and 63 commas are 64 operators to the parser, 63 in the tree
    rules = tr.loads(_min_of(MAX_FORMULA_OPERATORS))
    assert tr.Rules.from_dict(rules.to_dict()) == rules
    assert [code for _, _, code in diagnostics(_min_of(MAX_FORMULA_OPERATORS + 1))] == ["E017"]
    text = HEADER + "levels\n  when max(" + ", ".join(["points"] * 70) + ") > 0: bankers +1 level\n"
    assert [code for _, _, code in diagnostics(text)] == ["E017"]


def test_the_operators_of_a_when_line_are_counted_across_its_condition_and_effects():
    condition = " + ".join(["1"] * 40) + " > 0"  # 40 operators
    ok = HEADER + f"levels\n  when {condition}: bankers + " + " + ".join(["1"] * 23) + " levels\n"
    assert tr.loads(ok).levels.after_hand  # 39 + 1 + 1 (the sign) + 22 = 63
    too_many = HEADER + f"levels\n  when {condition}: bankers + " + " + ".join(["1"] * 26) + " levels\n"
    assert [code for _, _, code in diagnostics(too_many)] == ["E017"]


# Whatever the parser lets through, the JSON form reads back: its count of a line's operators is
# never below the count ``Rules.from_dict`` makes of each tree.

#: the facts known after a hand (those of a card are known only where a card is judged)
#: (the card the banker called is left to the game of called partners: two decks is E332)
_FACT_WORDS = [written for name, (written, _) in FACT_CASES.items()
               if ex.AFTER_HAND in ex.FACTS[name].moments and name != "called"]


def _numbers(leaves: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    def grow(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        binary = st.tuples(inner, st.sampled_from(["+", "-", "*", "×", "/", "÷", "^"]), inner).map(
            lambda t: f"({t[0]} {t[1]} {t[2]})")
        calls = st.tuples(st.sampled_from(["min", "max"]), st.lists(inner, min_size=2, max_size=5)).map(
            lambda t: f"{t[0]}({', '.join(t[1])})")
        return binary | calls | st.tuples(inner, inner).map(lambda t: f"{t[0]} + {t[1]}")
    return st.recursive(leaves, grow, max_leaves=40)


NUMBERS = _numbers(st.sampled_from(["1", "2", "size", "cards", "decks", "players", "points", "raw points",
                                    "kitty points", "levels", "0"]))
KITTY_NUMBERS = _numbers(st.sampled_from(["1", "2", "size", "cards", "decks", "players"]))


def _conditions() -> st.SearchStrategy[str]:
    comparisons = st.tuples(NUMBERS, st.sampled_from(list(COMPARATOR_CASES)), NUMBERS).map(" ".join)
    leaves = st.sampled_from(_FACT_WORDS) | comparisons

    def grow(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return (st.lists(inner, min_size=2, max_size=4).map(lambda parts: " and ".join(parts))
                | st.lists(inner, min_size=2, max_size=4).map(lambda parts: "(" + " or ".join(parts) + ")")
                | inner.map(lambda c: f"not ({c})"))
    return st.recursive(leaves, grow, max_leaves=12)


@given(_conditions(), st.lists(st.sampled_from([w for w, _ in EFFECT_CASES.values()]) | NUMBERS.map(
    lambda n: f"attackers + {n} levels"), min_size=1, max_size=3))
def test_every_when_line_that_compiles_reads_back_from_its_json_form(condition, effects):
    # one player's level and what a hand is worth need a game where each player has a level of their
    # own and hands are worth game points (else E362, E363)
    own_levels = any(w == e for e in effects for name, (w, _) in EFFECT_CASES.items()
                     if name in ex.PLAYER_EFFECTS or name in ex.STAKE_EFFECTS)
    text = (FRIENDS if own_levels else HEADER) + f"levels\n  when {condition}: {', '.join(effects)}\n"
    try:
        rules = tr.loads(text)
    except tr.RulesetError as error:
        # the only errors of these lines: too many operators, or a kitty-only quantity (none here);
        # and a condition reading 'levels' where an effect makes the hand's own level change
        own = {"E357"} if any(e.startswith("the hand gives") for e in effects) else set()
        if own and own_levels:  # with game points, a row for every change 'the hand gives' may leave
            own.add("E314")
        assert {d.code for d in error.diagnostics} <= {"E017", "E011"} | own, error
        return
    assert tr.Rules.from_dict(rules.to_dict()) == rules


@given(KITTY_NUMBERS)
def test_every_kitty_formula_that_compiles_reads_back_from_its_json_form(formula):
    text = HEADER + f"kitty\n  multiplier: {formula}, at most 64\n"
    try:
        rules = tr.loads(text)
    except tr.RulesetError as error:
        # too many operators or parentheses, or a formula below 1 for some play (E311)
        assert {d.code for d in error.diagnostics} <= {"E017", "E011", "E311"}, error
        return
    assert tr.Rules.from_dict(rules.to_dict()) == rules


# --- ranks the levels do not have ---------------------------------------------------------------------


def test_back_to_or_to_a_rank_outside_the_levels_is_e302_at_the_effect():
    text = HEADER + "levels\n  range: 5 to A\n  when the bankers win: bankers back to 3\n"
    assert messages(text) == [
        "4:25: E302: 3 is not a level of this game (the levels are 5 to A, without constant trumps and removed "
        "ranks)"]
    text = HEADER + "levels\n  range: 5 to A\n  when the bankers win: attackers +1 level, attackers to 3\n"
    assert diagnostics(text) == [(4, 45, "E302")]


def test_back_to_a_removed_rank_or_a_constant_trump_is_e302():
    text = HEADER + "table\n  remove: 7\n  deal: 23 each, kitty 8\nlevels\n  when the bankers win: bankers back to 7\n"
    assert diagnostics(text) == [(6, 25, "E302")]
    text = 'extends: "two-decks-constant-twos"\nlevels\n  when the bankers win: bankers to 2\n'
    assert diagnostics(text) == [(3, 25, "E302")]


def test_the_level_is_a_rank_outside_the_levels_compiles():
    # a condition that never holds is the linter's (W107), not an error
    assert condition_of("the level is 3") == ("fact", "level-is", "3")


def test_a_bad_rank_or_card_is_reported_at_it():
    text = HEADER + "levels\n  when the level is 1: bankers +1 level\n"
    assert diagnostics(text) == [(3, 21, "E202")]
    text = HEADER + "levels\n  when the bankers took 1H: bankers +1 level\n"
    assert diagnostics(text) == [(3, 25, "E003")]


# --- inheritance --------------------------------------------------------------------------------------


def test_a_childs_when_replaces_the_parents_of_the_same_condition_and_adds_the_others(tmp_path: Path):
    (tmp_path / "parent.tractor").write_text(
        'ruleset: "Parent"\nextends: "two-decks"\nlevels\n'
        "  when the bankers win: bankers +1 level\n"
        "  when no-trump: attackers +1 level\n", encoding="utf-8")
    (tmp_path / "child.tractor").write_text(
        'ruleset: "Child"\nextends: "parent.tractor"\nlevels\n'
        "  when nobody declared: losers -1 level\n"
        "  when  the   bankers win : bankers back to 2\n", encoding="utf-8")
    rules = tr.load(tmp_path / "child.tractor")
    assert [(t.condition, t.effects) for t in rules.levels.after_hand] == [
        (("fact", "wins", "bankers"), (("back-to", "bankers", "2"),)),  # replaced where the parent had it
        (("fact", "no-trump"), (("up", "attackers", ("num", 1)),)),
        (("fact", "nobody-declared"), (("down", "losers", ("num", 1)),)),
    ]
    assert "levels.after_hand" in rules.house_changes


def test_a_child_without_when_keeps_the_parents(tmp_path: Path):
    (tmp_path / "parent.tractor").write_text(
        'ruleset: "Parent"\nextends: "two-decks"\nlevels\n  when no-trump: attackers +1 level\n', encoding="utf-8")
    (tmp_path / "child.tractor").write_text(
        'ruleset: "Child"\nextends: "parent.tractor"\nlevels\n  range: 3 to A\n', encoding="utf-8")
    assert tr.load(tmp_path / "child.tractor").levels.after_hand == tr.load(tmp_path / "parent.tractor").levels.after_hand


# --- the kitty formula's checks with the new operators --------------------------------------------------


@pytest.mark.parametrize(("formula", "where"), [
    ("size - 1", "0 at size 1"),
    ("4 / (size - 1)", "0 at size 1"),         # a division by 0 gives 0
    ("2 ^ (size - 3)", "0 at size 1"),         # a negative power rounds down
    ("size / 2", "0 at size 1"),
    ("20 - cards", "0 at size 1 and 20 cards"),  # tried with every number of cards a lead can have
    ("min(size, 3) - 2", "-1 at size 1"),
])
def test_a_formula_below_1_for_some_play_is_e311(formula, where):
    text = HEADER + f"kitty\n  multiplier: {formula}, at most 64\n"
    (message,) = messages(text)
    assert message.endswith(f"E311: the multiplier must be at least 1, but it is {where}"), message


@pytest.mark.parametrize("formula", [
    "2 ^ (size - 1), at most 64",
    "max(1, 20 - cards)",
    "max(1, size / 2)",
    "cards - size + 1",
    "decks * size",
    "players + size - 3",
    "min(8, 2 * size)",
])
def test_formulas_never_below_1_compile(formula):
    rules = tr.loads(HEADER + f"kitty\n  multiplier: {formula}\n")
    assert rules.kitty.kind == "formula"
    assert tr.Rules.from_dict(rules.to_dict()) == rules


def test_a_formula_that_grows_past_the_limit_needs_a_cap():
    (message,) = messages(HEADER + "kitty\n  multiplier: 10 ^ cards\n")
    assert "grows past" in message and "add ', at most N'" in message
    assert tr.loads(HEADER + "kitty\n  multiplier: 10 ^ cards, at most 100\n").kitty.cap == 100
