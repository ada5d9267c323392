"""``Rules.from_dict`` refuses what the compiler refuses, in the compiler's words: the checks that
relate several fields (``rules/checks.py``: the deal adds up, the mandatory levels are levels of
the game, the follow lists fit their leads, ...) run for both readers, and so do the values the
compiler's statements make sure of as they are read (a rank is a rank, a card is taken out once,
the levels run upwards).  Each problem of a document is named by its field, with the code and the
message a ruleset saying the same gets (but for what the compiler adds when an inherited statement
causes it: that statement, its file and line, which a document does not have).

Before, a document removing five copies of 2D from two decks was read, and ``simulate`` stopped
with "the hands ran out unevenly"; ``levels.mandatory: ["Z"]`` was read too."""

from __future__ import annotations

import copy
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from unittest import mock

import pytest

import tractor_rules as tr
from tractor_rules import memo
from tractor_rules.errors import ExportError

BAD = Path(__file__).resolve().parent / "bad"
HOSTILE = Path(__file__).resolve().parent / "hostile"


@cache
def export(name: str) -> dict:
    return tr.load(name).to_dict()


def with_values(name: str, edits: dict[str, object]) -> dict:
    """The export of shipped ruleset ``name`` with each dotted path of ``edits`` (a number: an
    index in a list) set to its value."""
    data = copy.deepcopy(export(name))
    for path, value in edits.items():
        *parents, last = path.split(".")
        node: object = data
        for part in parents:
            node = node[int(part) if part.isdigit() else part]  # type: ignore[index]
        node[int(last) if last.isdigit() else last] = value  # type: ignore[index]
    return data


#: what the compiler adds to a problem that an inherited statement causes: that statement, its file
#: and its line (docs/language.md); a document has neither statements nor parents
INHERITED = re.compile(r"; it conflicts with '.*', inherited from [^,]+, line \d+$")


def checks_words(message: str) -> str:
    """A compiler's message as the checks word it, without the inherited statement it names."""
    return INHERITED.sub("", message)


def compiler_problems(text: str) -> set[tuple[str, str]]:
    """(code, message) of every diagnostic the compiler gives ``text``, in the checks' words."""
    with pytest.raises(tr.RulesetError) as info:
        tr.loads(text, origin="house.tractor")
    return {(d.code, checks_words(d.message)) for d in info.value.diagnostics}


def document_problems(data: dict) -> list[tuple[str, str, str]]:
    """(code, field, message) of every diagnostic ``Rules.from_dict`` gives ``data``."""
    with pytest.raises(ExportError) as info:
        tr.Rules.from_dict(data)
    out = []
    for d in info.value.diagnostics:
        assert (d.file, d.line, d.column) == ("<data>", 0, 0)
        field, _, message = d.message.partition(": ")
        out.append((d.code, field, message))
    return out


# --- the audit's two documents ----------------------------------------------------------------------


def test_five_copies_of_a_card_are_not_taken_out_of_two_decks():
    """The deal adds up (108 - 5 = 4 × 24 + 7), but two decks hold two 2D: the hands ran out unevenly."""
    data = with_values("two-decks", {"table.removed_cards": [["2D", 5]], "table.hand_size": 24, "table.kitty_size": 7})
    problems = document_problems(data)
    assert problems == [("E209", "table.removed_cards[0]", "cannot remove 5 × 2D: 2 decks hold only 2")]
    said = compiler_problems('extends: "two-decks"\ntable\n  remove: 5 2D\n  deal: 24 each, kitty 7\n')
    assert ("E209", "cannot remove 5 × 2D: 2 decks hold only 2") in said


def test_a_mandatory_level_that_is_no_rank_is_refused():
    problems = document_problems(with_values("two-decks", {"levels.mandatory": ["Z"]}))
    assert problems == [("E202", "levels.mandatory[0]", "'Z' is not a rank: ranks are 2 to 10, J, Q, K and A")]
    said = compiler_problems('extends: "two-decks"\nlevels\n  mandatory: 1\n')
    assert said == {("E202", "'1' is not a rank: ranks are 2 to 10, J, Q, K and A")}


# --- one document per family of checks, against the ruleset that says the same ----------------------

#: (family, parent, a house rule of the parent the compiler refuses, the same change to the parent's
#: export, the field from_dict names, the code both give)
FAMILIES = [
    ("table", "two-decks", "table\n  players: 5\n", {"table.players": 5}, "table.hand_size", "E301"),
    ("levels", "two-decks", "levels\n  range: 2 to K\n", {"levels.last": "K"}, "levels.mandatory", "E302"),
    ("trump order", "two-decks",
     "trumps\n  order: big joker > small joker > level in trump suit > trump suit\n",
     {"trumps.order": [{"kind": k, "rank": None, "card": None}
                       for k in ("big-joker", "small-joker", "level-in-trump-suit", "trump-suit")]},
     "trumps.order", "E303"),
    ("combinations", "two-decks", "combinations\n  sets: single, pair, triple\n",
     {"combinations.set_widths": [1, 2, 3]}, "combinations.set_widths", "E304"),
    ("links", "two-decks", "combinations\n  links: small joker ~ big joker\n",
     {"combinations.links": [[{"kind": "small-joker", "rank": None, "card": None},
                              {"kind": "big-joker", "rank": None, "card": None}]]}, "combinations.links", "E305"),
    ("ladder", "two-decks", "declare\n  ladder: 1 level card < 3 level cards\n",
     {"declaring.ladder": [{"count": 1, "kind": "level", "level_cards": 0, "tied": False, "same_colour": False},
                           {"count": 3, "kind": "level", "level_cards": 0, "tied": False, "same_colour": False}]},
     "declaring.ladder", "E306"),
    ("declarable", "two-decks",
     "table\n  remove: 1 2S, 1 2H, 1 2C, 1 2D\n  deal: 25 each, kitty 4\n"
     "declare\n  nobody declares: kitty card 3, skip jokers to card 4\n",
     {"table.removed_cards": [["2S", 1], ["2H", 1], ["2D", 1], ["2C", 1]], "table.kitty_size": 4,
      "declaring.fallback.skip_to": 4}, "table.removed_cards", "E306"),
    ("fallback", "two-decks", "declare\n  nobody declares: kitty card 9\n",
     {"declaring.fallback.card": 9, "declaring.fallback.skip_to": 0}, "declaring.fallback", "E306"),
    ("weak hands", "two-decks", "table\n  points: 5 = 0, 10 = 0, K = 0\ndeclare\n  redeal: a hand without points\n",
     {"table.points": [], "declaring.redeal_hands": ["no-points"]}, "declaring.redeal_hands", "E306"),
    ("kitty shown", "two-decks",
     "table\n  deal: 27 each, kitty 0\ndeclare\n  nobody declares: no-trump\nkitty\n  shown: before burying\n",
     {"table.hand_size": 27, "table.kitty_size": 0, "declaring.fallback.kind": "no-trump",
      "kitty_exchange.shown_before_burying": True}, "kitty_exchange.shown_before_burying", "E311"),
    ("throws", "two-decks", "lead\n  throw stopped by: the first player who can\n  failed throw: smallest card\n",
     {"leading.throw_decider": "first", "leading.throw_failure": "smallest-card"}, "leading.throw_decider", "E307"),
    ("follow lists", "two-decks", "follow\n  pair: 2 singles > pair\n",
     {"following.lists.0.entries": [{"terms": [{"count": {"per_n": 0, "plus": 2, "greedy": False}, "width": 1,
                                                "length": {"per_n": 0, "plus": 1, "greedy": False},
                                                "highest": False, "rainbow": False}],
                                     "step_down": False},
                                    {"terms": [{"count": {"per_n": 0, "plus": 1, "greedy": False}, "width": 2,
                                                "length": {"per_n": 0, "plus": 1, "greedy": False},
                                                "highest": False, "rainbow": False}],
                                     "step_down": False}]},
     "following.lists[0]", "E310"),
    ("kitty", "two-decks", "kitty\n  multiplier: 10 ^ size\n",
     {"kitty": {"kind": "formula", "table": [], "doubling": False, "cap": 0,
                "formula": ["pow", ["num", 10], ["var", "size"]]}}, "kitty", "E311"),
    ("thresholds", "two-decks", "upgrade\n  5: banker +3\n  10-35: banker +2\n  40-75: banker +1\n"
     "  80-115: swap\n  120+: attackers +1, +1 every 40\n", {"thresholds.0.low": 5, "thresholds.0.high": 5, "thresholds.1.low": 10}, "thresholds[0]", "E312"),
    ("called partners", "two-decks", "levels\n  bonus for a smaller banker team: +1\n",
     {"levels.short_team_bonus": 1}, "levels.short_team_bonus", "E313"),
    ("stakes", "three-decks", "levels\n  banker goes up: only with the last trick\n",
     {"levels.hold_needs_last_trick": True}, "stakes.game_points", "E314"),
    ("house rules", "two-decks", "levels\n  range: 5 to A\n  when the bankers win: bankers back to 3\n",
     {"levels.first": "5",
      "levels.after_hand": [{"condition": ["fact", "wins", "bankers"], "effects": [["back-to", "bankers", "3"]]}]},
     "levels.after_hand[0].effects[0]", "E302"),
    ("a fixed trump suit decides", "two-decks",
     "declare\n  nobody declares: trump ♥, otherwise first level card in kitty\n",
     {"declaring.fallback": {"kind": "suit", "card": 0, "skip_to": 0, "otherwise": "no-trump", "suit": "H",
                             "side": "attackers", "levels": 0},
      "declaring.fallback_then": [{"kind": "level-card", "card": 0, "skip_to": 0, "otherwise": "no-trump",
                                   "suit": "", "side": "attackers", "levels": 0}]}, "declaring.fallback", "E206"),
    ("nothing to call", "house-finding-friends", "table\n  called cards: when a joker and a K\n",
     {"table.called_when": ["all", ["fact", "card-joker"], ["fact", "card-rank", "K"]]}, "table.called_when", "E213"),
    ("join twice with fixed partners", "two-decks", "table\n  join twice: no\n", {"table.join_twice": False},
     "table.join_twice", "E301"),
    ("no kitty to bury", "two-decks",
     "table\n  deal: 27 each, kitty 0\ndeclare\n  nobody declares: no-trump\nkitty\n  buried cards: when not a trump\n",
     {"table.hand_size": 27, "table.kitty_size": 0, "declaring.fallback.kind": "no-trump",
      "kitty_exchange.buried_when": ["not", ["fact", "card-trump"]]}, "kitty_exchange.buried_when", "E311"),
    ("a rung twice on the ladder", "two-decks",
     "declare\n  ladder: 1 level card < 2 level cards < 2 level cards\n",
     {"declaring.ladder": [{"count": 1, "kind": "level", "level_cards": 0, "tied": False, "same_colour": False}, {"count": 2, "kind": "level", "level_cards": 0, "tied": False, "same_colour": False}, {"count": 2, "kind": "level", "level_cards": 0, "tied": False, "same_colour": False}]}, "declaring.ladder[2]", "E205"),
    ("a reinforcement tied", "two-decks",
     "declare\n  ladder: 1 level card < 2 level cards = 3 level cards\n",
     {"declaring.ladder": [{"count": 1, "kind": "level", "level_cards": 0, "tied": False, "same_colour": False}, {"count": 2, "kind": "level", "level_cards": 0, "tied": False, "same_colour": False}, {"count": 3, "kind": "level", "level_cards": 0, "tied": True, "same_colour": False}]}, "declaring.ladder[2]", "E209"),
    ("a penalty of 0 points", "two-decks", "lead\n  throw penalty: 0 per attempt\n",
     {"leading.throw_penalty": {"kind": "per-attempt", "points": 0}}, "leading.throw_penalty.points", "E201"),
    ("a language that is none", "two-decks", 'ruleset in xx-zz: "x"\n',
     {"translations.0.language": "xx-zz"}, "translations[0].language", "E210"),
    ("English as a translation", "two-decks", 'ruleset in EN: "x"\n',
     {"translations.0.language": "en"}, "translations[0].language", "E210"),
    ("a number not known at the turn to overturn", "two-decks", "declare\n  overturn after kitty: when points > 40\n",
     {"declaring.overturn_after_kitty": True,
      "declaring.overturn_when": ["compare", ">", ["var", "points"], ["num", 40]]}, "declaring.overturn_when", "E212"),
    # what the statements make sure of as they are read
    ("a card taken out twice", "two-decks", "table\n  remove: 2S, 1 2S\n  deal: 24 each, kitty 10\n",
     {"table.removed_cards": [["2S", 2], ["2S", 1]], "table.kitty_size": 5}, "table.removed_cards[1]", "E205"),
    ("levels downwards", "two-decks", "levels\n  range: A to 2\n", {"levels.first": "A", "levels.last": "2"},
     "levels.first", "E206"),
    ("knocking back upwards", "two-decks", "levels\n  knock back: 2 to J\n",
     {"levels.knock_back": [{"level": "2", "to": "J", "when": "lost-to-single", "single": ""}]},
     "levels.knock_back[0]", "E206"),
    ("a quantity not known yet", "two-decks", "kitty\n  multiplier: points * 2\n",
     {"kitty": {"kind": "formula", "table": [], "doubling": False, "cap": 0,
                "formula": ["mul", ["var", "points"], ["num", 2]]}}, "kitty.formula", "E212"),
    ("a quantity not known as a card is called", "house-finding-friends", "table\n  called cards: when points > 5\n",
     {"table.called_when": ["compare", ">", ["var", "points"], ["num", 5]]}, "table.called_when", "E212"),
    ("an empty name", "two-decks", 'ruleset: " "\n', {"name": ""}, "name", "E208"),
]


@pytest.mark.parametrize("family, parent, house, edits, field, code", FAMILIES, ids=[f[0] for f in FAMILIES])
def test_from_dict_refuses_what_the_compiler_refuses_with_its_code_and_message(family, parent, house, edits,
                                                                               field, code):
    said = compiler_problems(f'extends: "{parent}"\n{house}')
    problems = document_problems(with_values(parent, edits))
    named = [(c, message) for c, at, message in problems if at == field]
    assert named, problems
    assert all(c == code for c, _ in named)
    # the compiler gives each of them, word for word (it may say more: what it dropped breaks more)
    assert {(c, message) for c, message in named} <= said, (named, said)


@pytest.mark.parametrize("way, message", [
    ({"kind": "suit", "suit": ""}, "a fixed trump suit ('trump SUIT') names one suit, and only that way names one"),
    ({"kind": "highest-card", "suit": "S"}, "only a fixed trump suit ('trump SUIT') names a suit"),
])
def test_only_a_fixed_trump_suit_names_a_suit_and_it_names_one(way, message):
    """The compiler writes ``suit`` only for ``trump SUIT``; a document could write it anywhere."""
    fallback = {"kind": "level-card", "card": 0, "skip_to": 0, "otherwise": "no-trump", "suit": "", "side": "attackers",
                "levels": 0} | way
    problems = document_problems(with_values("two-decks", {"declaring.fallback": fallback}))
    assert ("E209", "declaring.fallback", message) in problems, problems


def test_a_translation_is_given_once_per_language_in_the_tag_s_usual_case():
    """The compiler writes each language once, in its usual case ('zh-Hant'); a document could not."""
    data = export("two-decks")
    twice = with_values("two-decks", {"translations": data["translations"] * 2})
    assert ("E205", "translations[1].language", "the texts in zh are given twice") in document_problems(twice)
    cased = with_values("two-decks", {"translations.0.language": "ZH-hant"})
    assert document_problems(cased) == [("E210", "translations[0].language", "write the language tag 'ZH-hant' as "
                                                                             "'zh-Hant'")]


@pytest.mark.parametrize("ladder, message", [
    ([{"count": 1, "kind": "level", "level_cards": 0, "tied": True, "same_colour": False}],
     "the first step of the ladder has no step before it to be as strong as"),
])
def test_a_ladder_starts_with_a_step_of_its_own(ladder, message):
    problems = document_problems(with_values("two-decks", {"declaring.ladder": ladder}))
    assert ("E402", "declaring.ladder[0]", message) in problems, problems


@pytest.mark.parametrize("kind", ["none", "hand-lost"])
def test_a_penalty_without_points_takes_none(kind):
    problems = document_problems(with_values("two-decks", {"leading.throw_penalty": {"kind": kind, "points": 5}}))
    assert problems == [("E402", "leading.throw_penalty.points", f"a penalty of kind '{kind}' takes no points, "
                                                                  "not 5")]


def test_a_document_can_hold_several_problems_and_gets_each():
    data = with_values("two-decks", {"table.players": 5, "levels.last": "K", "leading.throw_decider": "first",
                                     "leading.throw_failure": "smallest-card"})
    codes = sorted({code for code, _, _ in document_problems(data)})
    assert codes == ["E301", "E302", "E307"]


# --- the error corpus: every ruleset refused by the checks alone ---------------------------------------


@contextmanager
def checks_skipped() -> Iterator[None]:
    """The compiler as it was before the checks of several fields: what it builds is what a program
    writing rules by hand could send."""
    # rules compiled without their checks must not be kept as the files' answers (tractor_rules.memo);
    # what was kept before (the parents' rules, checked) serves as ever: the checks only refuse
    with memo.kept_only_outside(), \
            mock.patch("tractor_rules.language.compiler.checking.check_rules", lambda reporter, rules: None):
        yield


def refused_by_the_checks_alone(paths: list[Path]) -> list[Path]:
    """The rulesets of ``paths`` that the compiler refuses, and builds once its checks are skipped."""
    found = []
    for path in paths:
        try:
            tr.load(str(path))
            continue
        except tr.RulesetError:
            pass
        try:
            with checks_skipped():
                tr.load(str(path))
        except tr.RulesetError:
            continue
        found.append(path)
    return found


CORPUS = refused_by_the_checks_alone(sorted(BAD.rglob("*.tractor")))


def test_the_corpus_has_rulesets_of_every_kind_of_check():
    """Most of the error corpus is refused by the checks alone: the test below reads them all."""
    assert len(CORPUS) >= 40
    codes = {d.code for path in CORPUS for d in _errors(path)}
    assert codes >= {"E301", "E302", "E303", "E304", "E305", "E306", "E307", "E308", "E309", "E310", "E311",
                     "E312", "E313", "E314"}


def _errors(path: Path) -> list[tr.Diagnostic]:
    with pytest.raises(tr.RulesetError) as info:
        tr.load(str(path))
    return info.value.diagnostics


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_the_rules_of_a_corpus_file_as_json_are_refused_as_the_file_is(path: Path):
    """The rules the compiler builds before its checks, sent as JSON, get the file's diagnostics:
    the same codes and messages, each naming a field instead of a line."""
    said = sorted((d.code, checks_words(d.message)) for d in _errors(path))
    with checks_skipped():
        rules = tr.load(str(path))
    problems = document_problems(rules.to_dict())
    assert sorted((code, message) for code, _, message in problems) == said


# --- the hostile mutants: the same verdict from both readers ------------------------------------------

#: mutated rulesets (tests/hostile/mutants.py) tried: about 8 % are refused by the checks alone, so
#: 400 give some thirty of those, and about 160 that compile, whose export must read back
MUTANTS = 400


def test_every_hostile_mutant_gets_the_same_verdict_as_json():
    sys.path.insert(0, str(HOSTILE))
    try:
        from mutants import ORIGIN, mutant
    finally:
        sys.path.remove(str(HOSTILE))
    seen = {"compiled": 0, "checks": 0}
    for seed in range(MUTANTS):
        text = mutant(seed)
        try:
            rules = tr.loads(text, origin=ORIGIN)
        except tr.RulesetError as error:
            said = sorted((d.code, checks_words(d.message)) for d in error.diagnostics)
        else:
            assert tr.Rules.from_dict(rules.to_dict()) == rules, seed
            seen["compiled"] += 1
            continue
        try:
            with checks_skipped():
                rules = tr.loads(text, origin=ORIGIN)
        except tr.RulesetError:
            continue  # refused as the statements are read: no rules to send
        problems = document_problems(rules.to_dict())
        assert sorted((code, message) for code, _, message in problems) == said, seed
        seen["checks"] += 1
    assert seen["compiled"] > MUTANTS // 5 and seen["checks"] > 10, seen


def test_a_version_3_documents_limits_are_named_as_that_document_holds_them():
    """Versions 2 and 3 held the called cards' rule as limits (``table.call_limits``); a problem with
    it names that field, not the condition it is read as."""
    import json

    golden = Path(__file__).resolve().parent / "golden" / "json" / "two-decks.v3.json"
    data = json.loads(golden.read_text(encoding="utf-8"))
    data["table"]["call_limits"] = ["trumps"]
    assert document_problems(data) == [
        ("E301", "table.call_limits", "'called cards' needs called partners ('partners: by calling N cards'), "
                                      "but the teams are fixed ('partners: opposite')")]
    said = compiler_problems('extends: "two-decks"\ntable\n  called cards: not trumps\n')
    assert ("E301", document_problems(data)[0][2]) in said
