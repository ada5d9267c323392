"""The rule expressions on the sheets: every fact, effect, quantity, operator and comparator has an
English and a Chinese sentence built from its tree (no English left on a Chinese sheet, no
placeholder, no operator or JSON name such as "kitty-points" or "sub"); generated house rules render
in both languages on every kind of sheet; and the linter's W107 finds the conditions no hand can
meet, and only those."""

from __future__ import annotations

import dataclasses
import re

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import tractor_rules as tr
from tractor_rules import facade
from tractor_rules.render import render_sheet
from tractor_rules.render.i18n import language
from tractor_rules.render.kinds import KINDS
from tractor_rules.render.sections.expressions import (
    condition_words,
    effect_words,
    number_words,
    trigger_sentence,
)
from tractor_rules.render.sheet import build_sheet
from tractor_rules.rules import Penalty, Trigger
from tractor_rules.rules import expressions as ex

#: what a reader must never meet: a placeholder, an operator, a name of the JSON form
PLACEHOLDER = re.compile(r"%\(|%[sd]\b|\{\w*\}")
OPERATOR = re.compile(r"[\^*×÷/=<>≤≥≠]|(?<![\w(])-(?=\s*\d)|\+")
JSON_NAMES = re.compile(r"\b(add|sub|mul|div|pow|min|max|num|var|fact|compare|kitty-points|last-trick[\w-]*|"
                        r"level-is|nobody-declared|ended-early|bank-given-up|wins-game|back-to|size)\b")
#: a Chinese sentence keeps numbers, ranks (J, Q, K, A) and suit glyphs; no word of two letters
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")

P = ("var", "points")
FACT_TREES = {
    "wins": ("fact", "wins", "bankers"),
    "loses": ("fact", "loses", "attackers"),
    "last-trick": ("fact", "last-trick", "winners"),
    "last-trick-single": ("fact", "last-trick-single", "attackers", "J"),
    "last-trick-card": ("fact", "last-trick-card", "losers", "10H"),
    "last-trick-trumps": ("fact", "last-trick-trumps", "attackers"),
    "took": ("fact", "took", "bankers", "KS"),
    "lost": ("fact", "lost", "bankers", "5H"),
    "played": ("fact", "played", "attackers", "5H"),
    # who held, buried and called a card (tests/engine/test_card_facts.py)
    "held": ("fact", "held", "attackers", "AH"),
    "held-after-kitty": ("fact", "held-after-kitty", "bankers", "5H"),
    "buried": ("fact", "buried", "bankers", "10S"),
    "called": ("fact", "called", "AC"),
    "level-is": ("fact", "level-is", "Q"),
    "no-trump": ("fact", "no-trump"),
    "nobody-declared": ("fact", "nobody-declared"),
    # the players' actions of the hand (tests/engine/test_action_facts.py)
    "conceded": ("fact", "conceded", "winners"),
    "ended-early": ("fact", "ended-early"),
    "bank-given-up": ("fact", "bank-given-up"),
    # how the bank was decided (tests/engine/test_bank_facts.py)
    "declared": ("fact", "declared", "friends"),
    "banker-declared": ("fact", "banker-declared"),
    "overturned-after-kitty": ("fact", "overturned-after-kitty"),
    "always": ("fact", "always"),
    # facts of a card (the sheet sentences of the rules on cards: tests/render/test_sheet_card_rules.py)
    "card-trump": ("fact", "card-trump"),
    "card-points": ("fact", "card-points"),
    "card-rank": ("fact", "card-rank", "K"),
    "card-suit": ("fact", "card-suit", "H"),
    "card-level": ("fact", "card-level"),
    "card-joker": ("fact", "card-joker"),
    "card-highest": ("fact", "card-highest"),
    "card-shown": ("fact", "card-shown"),
    # facts of the player whose turn to overturn it is (tests/engine/test_overturn_when.py)
    "player-attacker": ("fact", "player-attacker"),
    "player-banker": ("fact", "player-banker"),
    "first-hand": ("fact", "first-hand"),
    # the hand so far, after a trick (tests/engine/test_end_early.py)
    "outcome-decided": ("fact", "outcome-decided"),
    # facts of the player who would overturn during the deal (tests/engine/test_declare_over.py)
    "declarer-partner": ("fact", "declarer-partner"),
    "declarer-opponent": ("fact", "declarer-opponent"),
    "previous-declarer": ("fact", "previous-declarer"),
    "previous-declarer-partner": ("fact", "previous-declarer-partner"),
    "nobody-overturned": ("fact", "nobody-overturned"),
    "declarer": ("fact", "declarer"),
    # facts of the player who could stop a throw (tests/engine/test_free_bombs_and_throw_conditions.py)
    "thrower-partner": ("fact", "thrower-partner"),
    "thrower-opponent": ("fact", "thrower-opponent"),
    # the extra level beyond the last (tests/engine/test_knock_back_sugar.py)
    "extra-level": ("fact", "extra-level"),
    "smaller-team": ("fact", "smaller-team"),
}
EFFECT_TREES = {
    "up": ("up", "bankers", ("num", 2)),
    "down": ("down", "attackers", ("num", 1)),
    "back-to": ("back-to", "winners", "2"),
    "to": ("to", "losers", "5"),
    "wins-game": ("wins-game", "attackers"),
    "next-banker": ("next-banker", "first-winner"),
    "knock-back": ("knock-back", "bankers", "2"),
    "hand-levels": ("hand-levels", ("num", 0)),
    "hand-more-levels": ("hand-more-levels", ("sub", ("var", "levels"), ("num", 1))),
    # one player's level and what a hand is worth (tests/engine/test_player_effects.py)
    "player-up": ("player-up", "declarer", ("num", 1)),
    "player-down": ("player-down", ("otherwise", ("holder", "3H"), "banker"), ("var", "levels")),
    "player-back-to": ("player-back-to", ("taker", "AS"), "5"),
    "player-to": ("player-to", "last-trick-winner", "A"),
    "player-knock-back": ("player-knock-back", ("first-of", "attackers", "banker"), "2"),
    "hand-worth": ("hand-worth", ("mul", ("var", "game-points"), ("num", 2))),
    "hand-more-worth": ("hand-more-worth", ("num", 3)),
}


def words(lang: str, fn, tree) -> str:
    with language(lang):
        return fn(tree)


def check_sentence(text: str, lang: str) -> None:
    assert text.strip(), text
    assert not PLACEHOLDER.search(text), text
    assert not OPERATOR.search(text), text
    assert not JSON_NAMES.search(text), text
    if lang == "zh":
        assert not LATIN_WORD.search(text), text


def test_every_word_of_the_vocabulary_has_a_case():
    assert set(FACT_TREES) == set(ex.FACTS)
    assert set(EFFECT_TREES) == set(ex.EFFECTS)


@pytest.mark.parametrize("name", list(FACT_TREES))
def test_each_fact_and_its_negation_read_as_words_in_both_languages(name):
    tree = FACT_TREES[name]
    sentences = {}
    for lang in ("en", "zh"):
        said, denied = words(lang, condition_words, tree), words(lang, condition_words, ("not", tree))
        for text in (said, denied):
            check_sentence(text, lang)
        assert said != denied
        sentences[lang] = said
    assert sentences["en"] != sentences["zh"]
    for argument in tree[2:]:
        if argument in ex.CARD_RANKS:  # a rank stays as it is; a card is written with its suit glyph
            assert argument in sentences["en"] and argument in sentences["zh"]
        elif ex.is_card(argument):
            glyph = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[argument[-1]] + argument[:-1]
            assert glyph in sentences["en"] and glyph in sentences["zh"]
        elif argument in ex.CARD_SUITS:  # a suit is written as its glyph
            glyph = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[argument]
            assert glyph in sentences["en"] and glyph in sentences["zh"]


def test_different_facts_are_different_sentences():
    for lang in ("en", "zh"):
        said = [words(lang, condition_words, tree) for tree in FACT_TREES.values()]
        assert len(set(said)) == len(said), said


@pytest.mark.parametrize("team", ex.TEAMS)
def test_each_team_has_its_own_words(team):
    for lang in ("en", "zh"):
        said = {t: words(lang, condition_words, ("fact", "wins", t)) for t in ex.TEAMS}
        assert len(set(said.values())) == len(ex.TEAMS)
        check_sentence(said[team], lang)


@pytest.mark.parametrize("role", ex.ROLES)
def test_each_role_has_its_own_words(role):
    for lang in ("en", "zh"):
        said = {r: words(lang, effect_words, ("next-banker", r)) for r in ex.ROLES}
        assert len(set(said.values())) == len(ex.ROLES)
        check_sentence(said[role], lang)


def test_the_holder_of_a_card_says_who_and_what_happens_when_nobody_was_dealt_it():
    tree = ("next-banker", ("holder", "3H"))
    english, chinese = words("en", effect_words, tree), words("zh", effect_words, tree)
    check_sentence(english, "en")
    check_sentence(chinese, "zh")
    assert english == ("the first player after the banker in turn order who was dealt ♥3 banks the next hand (if "
                       "every ♥3 lay in the kitty, the next banker is as the other rules say)")
    assert chinese == "按出牌顺序从庄家的下家起第一个发到♥3的玩家做下一局的庄家（♥3若都在底牌中，下一局的庄家照其他规则定）"
    others = {words("en", effect_words, ("next-banker", r)) for r in ex.ROLES}
    assert english not in others


def test_the_holder_after_the_kitty_says_who_and_what_happens_when_every_copy_was_buried():
    tree = ("next-banker", ("holder-after-kitty", "3H"))
    english, chinese = words("en", effect_words, tree), words("zh", effect_words, tree)
    check_sentence(english, "en")
    check_sentence(chinese, "zh")
    assert english == ("the first player after the banker in turn order who holds ♥3 as the tricks begin banks the "
                       "next hand (if every ♥3 was buried, the next banker is as the other rules say)")
    assert chinese == ("按出牌顺序从庄家的下家起第一个在扣底之后、出第一轮之前手中有♥3的玩家做下一局的庄家"
                       "（♥3若都被扣在底牌里，下一局的庄家照其他规则定）")
    assert english != words("en", effect_words, ("next-banker", ("holder", "3H")))


def test_the_player_who_took_a_card_says_who_and_what_happens_when_nobody_played_it():
    tree = ("next-banker", ("taker", "3H"))
    english, chinese = words("en", effect_words, tree), words("zh", effect_words, tree)
    check_sentence(english, "en")
    check_sentence(chinese, "zh")
    assert english == ("the player who wins the first trick holding ♥3 banks the next hand (if no ♥3 was played, "
                       "the next banker is as the other rules say)")
    assert chinese == "赢得第一个含有♥3的一轮的玩家做下一局的庄家（若没有人出过♥3，下一局的庄家照其他规则定）"
    assert english not in {words("en", effect_words, ("next-banker", (role, "3H"))) for role in ("holder", "holder-after-kitty")}


def test_held_after_the_kitty_is_said_apart_from_held_as_dealt():
    for lang in ("en", "zh"):
        after = words(lang, condition_words, ("fact", "held-after-kitty", "bankers", "5H"))
        dealt = words(lang, condition_words, ("fact", "held", "bankers", "5H"))
        negated = words(lang, condition_words, ("not", ("fact", "held-after-kitty", "bankers", "5H")))
        assert len({after, dealt, negated}) == 3
    assert words("en", condition_words, ("not", ("fact", "held-after-kitty", "bankers", "5H"))) == (
        "the bankers do not hold ♥5 as the tricks begin (the kitty taken and buried)")
    assert words("zh", condition_words, ("fact", "held-after-kitty", "bankers", "5H")) == (
        "拿起底牌并扣底之后、出第一轮之前庄家手中有♥5")


@pytest.mark.parametrize("name", list(EFFECT_TREES))
def test_each_effect_reads_as_words_in_both_languages(name):
    tree = EFFECT_TREES[name]
    for lang in ("en", "zh"):
        check_sentence(words(lang, effect_words, tree), lang)
    if name in ("up", "down"):
        computed = (name, "bankers", ("div", P, ("num", 40)))  # an amount that is not a plain number
        for lang in ("en", "zh"):
            text = words(lang, effect_words, computed)
            check_sentence(text, lang)
            assert "40" in text


def test_a_plain_amount_takes_the_plural_its_number_needs():
    assert words("en", effect_words, ("up", "bankers", ("num", 1))) == "the bankers go up 1 level"
    assert words("en", effect_words, ("up", "bankers", ("num", 3))) == "the bankers go up 3 levels"
    assert words("en", effect_words, ("down", "losers", ("num", 2))) == "the hand's losers go down 2 levels"


#: a quantity's tree with arguments of its kinds
_SAMPLE_ARGUMENT = {"team": "attackers", "card": "5H", "role": "last-trick-winner"}
QUANTITY_TREES = {name: ("var", name, *(_SAMPLE_ARGUMENT[k] for k in q.arguments)) for name, q in ex.QUANTITIES.items()}


@pytest.mark.parametrize("name", list(ex.QUANTITIES))
def test_each_quantity_reads_as_words(name):
    said = {lang: words(lang, number_words, QUANTITY_TREES[name]) for lang in ("en", "zh")}
    for lang, text in said.items():
        check_sentence(text, lang)
    others = [words("en", number_words, tree) for tree in QUANTITY_TREES.values()]
    assert len(set(others)) == len(others)


def test_the_quantities_of_a_team_a_player_and_a_card_say_their_arguments():
    assert words("en", number_words, ("var", "team-size", "bankers")) == "the number of players among the bankers"
    assert words("zh", number_words, ("var", "team-size", "attackers")) == "闲家的人数"
    assert words("en", number_words, ("var", "team-level", "bankers")) == (
        "the banker's level (counted from 1 at the first level)")
    assert words("en", number_words, ("var", "team-level", "attackers")) == (
        "the highest level among the attackers (counted from 1 at the first level)")
    assert "the hand's winners" in words("en", number_words, ("var", "team-level", "winners"))
    assert words("en", number_words, ("var", "player-level", ("holder", "AS"))) == (
        "the level of the first player after the banker in turn order who was dealt ♠A (counted from 1 at the "
        "first level; 0 if nobody)")
    assert words("en", number_words, ("var", "copies-took", "attackers", "KH")) == (
        "the number of ♥K that the attackers take in tricks they win")
    assert words("zh", number_words, ("var", "copies-took", "attackers", "KH")) == "闲家在赢得的轮中拿到的♥K的张数"
    assert words("zh", number_words, ("var", "copies-held", "bankers", "KH")) == "发完牌时庄家手中♥K的张数"


def test_overturns_are_the_whole_hands_after_it_and_those_after_the_kitty_where_that_round_asks():
    from tractor_rules.render.sections.expressions import after_the_kitty, in_the_deal

    whole = words("en", number_words, ("var", "overturns"))
    assert whole == "the number of times the declaration was overturned this hand"
    assert words("zh", number_words, ("var", "overturns")) == "本局亮主被反的次数"
    assert words("en", number_words, after_the_kitty(("var", "overturns"))) == (
        "the number of overturns after the kitty so far")
    assert words("en", number_words, in_the_deal(("var", "overturns"))) == "the number of overturns so far in this deal"


@pytest.mark.parametrize("op", ex.OPERATORS)
def test_each_operator_reads_as_words(op):
    tree = (op, P, ("num", 7))
    for lang in ("en", "zh"):
        text = words(lang, number_words, tree)
        check_sentence(text, lang)
        assert "7" in text
    said = [words("en", number_words, (o, P, ("num", 7))) for o in ex.OPERATORS]
    assert len(set(said)) == len(said), said


@pytest.mark.parametrize("comparator", ex.COMPARATORS)
def test_each_comparator_reads_as_words(comparator):
    said = {c: words("en", condition_words, ("compare", c, P, ("num", 80))) for c in ex.COMPARATORS}
    assert len(set(said.values())) == len(said)
    for lang in ("en", "zh"):
        text = words(lang, condition_words, ("compare", comparator, P, ("num", 80)))
        check_sentence(text, lang)
        assert "80" in text


def test_compounds_inside_others_are_bracketed():
    tree = ("mul", ("add", P, ("num", 1)), ("sub", ("var", "levels"), ("num", 2)))
    assert words("en", number_words, tree).count("(") == 2
    condition = ("all", ("any", FACT_TREES["wins"], FACT_TREES["no-trump"]), FACT_TREES["took"])
    assert words("en", condition_words, condition).startswith("(the bankers win the hand or ")
    assert words("zh", condition_words, condition).startswith("（")


def test_a_whole_rule_in_both_languages():
    rules = tr.loads('extends: "two-decks"\nlevels\n  when the bankers lost 5H: bankers -1 level\n'
                     "  when points >= 200 and not no-trump: attackers + 1 level, bankers back to 2\n")
    en = {i.key: i.text for i in build_sheet(rules, "en").items()}["levels.after_hand"]
    zh = {i.key: i.text for i in build_sheet(rules, "zh").items()}["levels.after_hand"]
    assert "If the bankers lose ♥5 to the other team (play it to a trick the other team wins): the bankers go " \
           "down 1 level." in en
    assert "If the attackers' score is at least 200 and the hand is not played in no-trump: the attackers go up " \
           "1 level, then the bankers go back to level 2 if they are above it." in en
    assert "庄家的♥5被对方赢走" in zh and "庄家降1级" in zh
    check_sentence(zh, "zh")


# --- generated house rules on every kind of sheet -----------------------------------------------------

CARDS = st.builds(lambda r, s: r + s, st.sampled_from(ex.CARD_RANKS), st.sampled_from(ex.CARD_SUITS))
_ARGUMENTS = {"team": st.sampled_from(ex.TEAMS), "rank": st.sampled_from(ex.CARD_RANKS), "card": CARDS,
              "suit": st.sampled_from(ex.CARD_SUITS),
              "role": st.sampled_from(ex.ROLES) | st.builds(lambda role, card: (role, card),
                                                            st.sampled_from(ex.CARD_ROLES), CARDS)}
#: every quantity, with arguments of its kinds
quantities = st.one_of(*(st.tuples(st.just("var"), st.just(name), *(_ARGUMENTS[k] for k in q.arguments))
                         for name, q in ex.QUANTITIES.items()))
numbers = st.recursive(
    st.builds(lambda n: ("num", n), st.integers(0, 300)) | quantities,
    lambda inner: st.builds(lambda op, a, b: (op, a, b), st.sampled_from(ex.OPERATORS), inner, inner),
    max_leaves=4,
)
_ARGUMENTS["number"] = numbers
facts = st.one_of(*(st.tuples(st.just("fact"), st.just(name), *(_ARGUMENTS[k] for k in form.arguments))
                    for name, form in ex.FACTS.items()))
conditions = st.recursive(
    facts | st.builds(lambda c, a, b: ("compare", c, a, b), st.sampled_from(ex.COMPARATORS), numbers, numbers),
    lambda inner: (st.builds(lambda h, parts: (h, *parts), st.sampled_from(["all", "any"]),
                             st.lists(inner, min_size=2, max_size=3))
                   | st.builds(lambda c: ("not", c), inner)),
    max_leaves=6,
)
effects = st.one_of(*(st.tuples(st.just(name), *(_ARGUMENTS[k] for k in form.arguments))
                      for name, form in ex.EFFECTS.items()))
triggers = st.builds(Trigger, conditions, st.lists(effects, min_size=1, max_size=3).map(tuple))


@given(triggers)
def test_generated_house_rules_read_as_words_in_both_languages(trigger):
    for lang in ("en", "zh"):
        with language(lang):
            text = trigger_sentence(trigger)
        check_sentence(text, lang)
        for value in re.findall(r"\b\d+\b", repr(trigger)):
            assert value in text or value in ("10",)  # a card's 10 is "♥10", still there
    # every plain number of the tree is in the sentence
    numbers_in_tree = re.findall(r"\('num', (\d+)\)", repr(trigger))
    with language("en"):
        english = trigger_sentence(trigger)
    assert all(n in english for n in numbers_in_tree)


BASE = tr.load("two-decks")


@settings(max_examples=10)  # each example renders every kind of sheet in both languages
@given(st.lists(triggers, min_size=1, max_size=3))
def test_generated_house_rules_render_on_every_kind_in_both_languages(after_hand):
    rules = dataclasses.replace(BASE, levels=dataclasses.replace(BASE.levels, after_hand=tuple(after_hand)))
    for lang in ("en", "zh"):
        for kind, info in KINDS.items():
            for fmt in info.formats:
                out = render_sheet(rules, fmt, lang, kind=kind)
                assert out.endswith("\n") and not PLACEHOLDER.search(out)
        item = {i.key: i.text for i in build_sheet(rules, lang).items()}["levels.after_hand"]
        check_sentence(item, lang)


# --- numbers of the table: the number worked out, and its formula in words -------------------------------

#: numbers of the table: whole numbers, the decks and the players
table_numbers = st.recursive(
    st.builds(lambda n: ("num", n), st.integers(0, 300))
    | st.builds(lambda q: ("var", q), st.sampled_from([q for q, quantity in ex.QUANTITIES.items()
                                                        if ex.TABLE in quantity.moments])),
    lambda inner: st.builds(lambda op, a, b: (op, a, b), st.sampled_from(ex.OPERATORS), inner, inner),
    max_leaves=5,
)


@settings(max_examples=30)
@given(table_numbers.filter(lambda tree: tree[0] != "num"))  # a number alone is written as a number
def test_generated_numbers_of_the_table_read_as_the_number_and_its_words_in_both_languages(tree):
    """A revoke penalty written as a formula: the sheet says the number the rules hold (the tree's
    with two decks and four players, as the compiler works it out; in a penalty's range), then the
    formula in words."""
    points = ex.evaluate_number(tree, {"decks": BASE.table.decks, "players": BASE.table.players})
    assume(1 <= points <= 10000)
    following = dataclasses.replace(BASE.following, revoke_penalty=Penalty("per-attempt", points))
    rules = dataclasses.replace(BASE, following=following, written=(("following.revoke_penalty", tree),))
    for lang in ("en", "zh"):
        item = {i.key: i.text for i in build_sheet(rules, lang).items()}["following.revoke_penalty"]
        assert item.startswith(("A wrong follow found later costs", "事后发现跟错牌罚")), item
        assert str(points) in item
        with language(lang):
            formula = number_words(tree)
        assert formula in item
        check_sentence(formula, lang)


# --- W107: conditions no hand can meet ------------------------------------------------------------------


def never_holds(*conditions: str, table: str = "", levels: str = "") -> list[int]:
    """The lines W107 warns on, for ``when`` lines of these conditions (from line 1 of the rules,
    counted as written)."""
    header = 'extends: "two-decks"\n' + table + "levels\n" + levels
    text = header + "".join(f"  when {c}: bankers +1 level\n" for c in conditions)
    found = facade.lint(text, "x.tractor", select=["W107"])["diagnostics"]
    assert all(d["code"] == "W107" for d in found), found
    first = header.count("\n") + 1
    return [d["line"] - first for d in found]


@pytest.mark.parametrize("condition", [
    "the bankers win and the bankers lose",
    "the bankers win and the attackers win",
    "the winners lose",
    "not the losers lose",
    "the bankers win the last trick and the attackers win the last trick",
    "the level is 3 and the level is 4",
    "no-trump and not no-trump",
    "points > 999999",  # more than every point card and the kitty at its largest multiplier
    "points < 0",
    "kitty points > 80",
    "decks = 3",
    "decks != 2",
    "players != 4",
    "size > 25",
    "the bankers win the last trick with a single J and the bankers win the last trick with a single Q",
    "(the bankers win or the attackers win) and the winners lose",
])
def test_w107_warns_on_a_contradiction_or_an_impossible_number(condition):
    assert never_holds(condition) == [0]


def test_w107_warns_on_levels_the_ladder_never_reaches_and_removed_cards():
    assert never_holds("the level is 2", "the level is 9", levels="  range: 9 to A\n") == [0]
    table = "table\n  remove: 5H\n  deal: 24 each, kitty 10\n"
    assert never_holds("the bankers took 5H", "the attackers lost 5H", "the bankers took 5S",
                       table=table) == [0, 1]
    table = "table\n  remove: 1 5H\n  deal: 24 each, kitty 11\n"  # one of the two copies is left
    assert never_holds("the bankers took 5H", table=table) == []
    table = "table\n  remove: 3\n  deal: 23 each, kitty 8\n"
    assert never_holds("the bankers win the last trick with a single 3", "the bankers took 3S",
                       "the bankers win the last trick with 3D", table=table) == [0, 1, 2]


@pytest.mark.parametrize("condition", [
    "the bankers win",
    "the winners win",
    "the losers lose and the bankers win",
    "the bankers win and the attackers took 5H",
    "the bankers took 5H and the attackers took 5H",  # two decks: one copy each
    "the bankers lost 5H and the bankers took 5H",
    "the winners win the last trick and the bankers lose",
    "the attackers win the last trick with a single J and the bankers win",
    "points >= 80 and not no-trump",
    "points > 200",
    "kitty points >= 50",
    "levels > 2",
    "the level is 9 or the attackers win",
    "not (the bankers win and the attackers win)",
    "nobody declared and no-trump",
    "size = 4 and cards = 8",  # values between the ends of their ranges
    "not (size != 4)",
    "size = 1",
    "decks = 2 and players = 4",
    "points / 0 = 0",
])
def test_w107_does_not_warn_on_a_condition_some_hand_meets(condition):
    assert never_holds(condition) == []


def test_w107_gives_up_rather_than_guess_past_its_question_limit():
    # 13 different cards taken: more questions than it tries (it warns only when sure)
    many = " and ".join(f"the bankers took {rank}S" for rank in ex.CARD_RANKS)
    assert never_holds(many + " and the bankers win and the bankers lose") == []


#: the numbers of the table the upgrade table, the kitty formula and the game's length take: a field
#: the generated number is put in, the sheet's item that says it, and the words the item starts with
#: (en, zh)
PLACES = {
    "thresholds[5].every": ("thresholds.open", ("From 160 points on", "从160分起")),
    "thresholds[5].at_most": ("thresholds.open", ("From 160 points on", "从160分起")),
    "kitty.cap": ("kitty.multiplier", ("If the attackers win the last trick", "闲家赢得最后一轮")),
    "levels.end_hands": ("levels.game_end", ("The match ends after", "比赛打")),
}


def _with_number(path: str, value: int, tree: tuple) -> tr.Rules:
    """The two-deck rules with ``value`` in the field ``path`` (its open row capped and counting
    every 40 points where the other of the two is set), written as ``tree``."""
    rules = BASE
    if path.startswith("thresholds"):
        last = rules.thresholds[-1]
        row = dataclasses.replace(last, every=value if path.endswith("every") else 40,
                                  at_most=value if path.endswith("at_most") else 0)
        rules = dataclasses.replace(rules, thresholds=rules.thresholds[:-1] + (row,))
    elif path == "kitty.cap":
        rules = dataclasses.replace(rules, kitty=dataclasses.replace(rules.kitty, kind="formula", table=(),
                                                                     formula=("pow", ("num", 2), ("var", "size")),
                                                                     cap=value))
    else:
        rules = dataclasses.replace(rules, levels=dataclasses.replace(rules.levels, game_end="hands", end_hands=value))
    return dataclasses.replace(rules, written=((path, tree),))


@settings(max_examples=40)
@given(st.sampled_from(sorted(PLACES)), table_numbers.filter(lambda tree: tree[0] != "num"))
def test_generated_numbers_of_the_upgrade_table_the_kitty_and_the_game_read_as_the_number_and_its_words(path, tree):
    """An open row's 'every' and 'at most', the kitty formula's cap and the game's length in hands
    written as a formula: the sheet says the number the rules hold, then the formula in words."""
    value = ex.evaluate_number(tree, {"decks": BASE.table.decks, "players": BASE.table.players})
    assume(2 <= value <= 100)
    rules = _with_number(path, value, tree)
    key, starts = PLACES[path]
    for lang, start in zip(("en", "zh"), starts):
        item = {i.key: i.text for i in build_sheet(rules, lang).items()}[key]
        assert start in item, item
        with language(lang):
            formula = number_words(tree)
        assert f"{value}{' (' if lang == 'en' else '（'}{formula}" in item, item
        check_sentence(formula, lang)
