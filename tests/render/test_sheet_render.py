"""Rendering rule sheets: the public functions, the sentences, the examples, escaping, house marks."""

from __future__ import annotations

import re
from importlib import resources

import markdown
import pytest
from jinja2 import PackageLoader, StrictUndefined

import tractor_rules as tr
from tractor_rules.render import FORMATS, render_sheet
from tractor_rules.render.render import environment
from tractor_rules.render.sheet import build_sheet
from tractor_rules.render.words import outcome_phrase

SHIPPED = tr.builtin_names()


def items(name_or_rules, lang: str = "en") -> dict:
    rules = tr.load(name_or_rules) if isinstance(name_or_rules, str) else name_or_rules
    return {item.key: item for item in build_sheet(rules, lang).items()}


# --- the public functions ------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_render_sheet_gives_text_in_each_format_and_language(fmt, lang):
    out = render_sheet(tr.load("two-decks"), format=fmt, lang=lang)
    assert isinstance(out, str) and out.endswith("\n")
    if lang == "en":
        assert "Tractor (two decks)" in out
    else:  # the Chinese sheet has the Chinese title
        assert "拖拉机（两副牌）" in out and "Tractor" not in out
    assert ("牌的大小" in out) == (lang == "zh")


def test_an_unknown_format_is_refused_clearly():
    with pytest.raises(ValueError, match="unknown format 'pdf': choose one of md, html, txt"):
        render_sheet(tr.load("two-decks"), "pdf")


def test_templates_come_from_the_package_with_strict_settings():
    folder = resources.files("tractor_rules.render") / "templates"
    for fmt in FORMATS:
        assert (folder / f"sheet.{fmt}.j2").is_file()
        env = environment(fmt, "en")
        assert isinstance(env.loader, PackageLoader)
        assert env.undefined is StrictUndefined
        assert env.keep_trailing_newline
        assert bool(env.autoescape) == (fmt == "html")
        assert "jinja2.ext.InternationalizationExtension" in env.extensions
    assert (resources.files("tractor_rules.render") / "locale" / "zh" / "LC_MESSAGES" / "tractor_rules.po").is_file()


# --- sentences true to the fields ----------------------------------------------------------------


def test_the_ruff_rules_are_worded_as_the_fields_mean():
    assert items("two-decks")["ruffing.requirement"].text == (
        "A ruff must contain at least as many tractors, and as many pairs, as the lead; otherwise it is a "
        "discard and cannot win.")
    assert "every kind of combination" in items("four-decks")["ruffing.requirement"].text
    assert items("one-deck")["ruffing.requirement"].text == "Any trumps, as many as the lead, make a ruff."


def test_the_follow_lists_are_stated_entry_by_entry():
    follow = items("three-decks")["following.lists.3xn"]
    assert follow.text == "To a tractor of n triples, in order of priority:"
    assert follow.points == (
        "a tractor of n triples", "a tractor of n pairs + n singles", "n triples", "n-1 triples + a pair + a single",
        "n-1 triples + 3 singles", "n pairs + n singles",
        "as many pairs as the hand allows + as many singles as the hand allows")
    assert len(items("four-decks")["following.lists.4x2"].points) == 18


def test_the_trump_order_and_links_follow_the_ruleset():
    constant = items("two-decks-constant-twos")
    assert constant["trumps.order"].points[4:6] == ("the 2 of the trump suit",
                                                    "the 2s of the other suits, equal to each other")
    assert "in every hand whatever the level and the trump suit: the 2s." in constant["trumps.constant"].text
    assert "3, 4, 5" in constant["levels.range"].text and " 2," not in constant["levels.range"].text
    assert constant["combinations.no_trump_links"].points[-1] == "the 2s of every suit, equal to each other"


def test_the_kitty_multiplier_is_stated_as_compiled():
    assert items("two-decks")["kitty.multiplier"].table.rows == (
        ("a single", "×2"), ("a pair", "×4"), ("a tractor of 2 pairs", "×8"), ("a tractor of 3 pairs", "×16"))
    power = items("two-decks-power-kitty")["kitty.multiplier"].text
    assert "multiplied by 2 to the power of the number of cards in the largest combination" in power
    assert "at most 64" in power
    assert "multiplied by 2 times the number of cards in the largest combination" in items("four-decks")["kitty.multiplier"].text
    assert items("one-deck")["kitty.multiplier"].text.endswith("multiplied by 2.")


def test_the_fallback_is_stated_in_full():
    assert items("two-decks")["declaring.fallback"].text == (
        "If nobody declares during the deal, the suit of kitty card 3 is trump. If it is a joker, the next cards "
        "up to card 7 are tried in turn; if they are all jokers, the hand is played in no-trump.")
    assert items("four-decks")["declaring.fallback"].text.endswith("If it is a joker, the hand is played in no-trump.")


def test_table_stakes_only_when_set():
    assert "stakes" not in {s.key for s in build_sheet(tr.load("two-decks")).sections}
    stakes = items("three-decks")
    assert stakes["stakes.game_points"].table.rows[0] == ("banker team up 1 level", "2")
    assert "receives 90% of that" in stakes["stakes.coins"].text
    assert "loses 8 times the base points" in items("four-decks")["stakes.leaving"].text


# --- examples: every verdict is the engine's -----------------------------------------------------


@pytest.mark.parametrize("name", SHIPPED)
def test_tractor_examples_agree_with_the_engine(name):
    rules = tr.load(name)
    example = items(rules).get("combinations.tractor_examples")
    if example is None:
        assert not rules.combinations.tractor_widths
        return
    verdicts = set()
    for hand, cards, verdict in example.table.rows:
        ctx = rules.context("10", None if hand == "no-trump" else "S")
        assert verdict == ("yes" if ctx.is_tractor(cards) else "no"), cards
        verdicts.add(verdict)
    assert verdicts == {"yes", "no"}, "tractors and near misses both"


@pytest.mark.parametrize("name", SHIPPED)
def test_the_upgrade_table_is_the_engines_merged(name):
    """Bands cover every score once, in order, each the engine's outcome; past the deck's total
    (a multiplied kitty) the last band is open-ended and holds for any higher score."""
    rules = tr.load(name)
    table = items(rules)["thresholds"].table
    previous_high, previous_outcome = -5, None
    *bands, (last_range, last_outcome) = table.rows
    for score_range, outcome in bands:
        low, _, high = score_range.partition("–")
        low, high = int(low), int(high or low)
        assert low == previous_high + 5, "the rows cover every score once, in order"
        for score in range(low, high + 1, 5):
            assert outcome_phrase(*rules.level_change(score)) == outcome
        assert outcome != previous_outcome, "rows with the same outcome are merged"
        previous_high, previous_outcome = high, outcome
    low = int(last_range.removesuffix(" or more"))
    assert last_range == f"{low} or more" and low == previous_high + 5 and last_outcome != previous_outcome
    assert previous_high >= rules.table.total_points, "the bands reach past the deck's total"
    first = rules.level_change(low)
    for score in range(low, low + 2000, 5):
        side, levels = rules.level_change(score)
        if last_outcome.endswith("or more"):  # no limit: the band's levels, then more
            assert side == first[0] and levels >= first[1]
            assert last_outcome == outcome_phrase(*first, or_more=True)
        else:
            assert outcome_phrase(side, levels) == last_outcome


@pytest.mark.parametrize("name", SHIPPED)
def test_kitty_and_ladder_examples_agree_with_the_engine(name):
    rules = tr.load(name)
    ctx = rules.context("10", "S")
    found = items(rules)
    for cards, _largest, factor in found["kitty.examples"].table.rows:
        assert factor == f"×{ctx.kitty_multiplier(cards)}"
    for strength, _words, cards, trump in found["declaring.ladder"].table.rows:
        made = rules.declaration(cards, "10")
        assert made.strength == int(strength) - 1
        assert trump == ("no-trump" if made.trump is None else {"H": "♥"}[made.trump])


FOLLOW = re.compile(r"lead (.+?), hand (.+?): (.+?) is a legal reply(?:, (.+) is not)?$")


@pytest.mark.parametrize("name", SHIPPED)
def test_follow_examples_agree_with_the_engine(name):
    rules = tr.load(name)
    ctx = rules.context("10", "S")
    examples = [item for key, item in items(rules).items() if key.startswith("following.lists.")
                and key.endswith(".example")]
    assert examples
    for example in examples:
        for line in example.points:
            lead, hand, play, wrong = FOLLOW.match(line).groups()
            assert ctx.follow_error(hand, lead, play) is None, line
            if wrong:
                assert ctx.follow_error(hand, lead, wrong) is not None, line


def test_the_throw_and_trick_examples_are_the_seeds_cases():
    found = items("two-decks")
    assert found["leading.throw_examples"].table.rows == (
        ("♥9 ♥8 ♥8 ♥4 ♥4", "♥J", "the leader plays ♥9"),
        ("♥9 ♥8 ♥8 ♥4 ♥4", "♥Q ♥Q", "the leader plays ♥4 ♥4"),
        ("♥9 ♥8 ♥8 ♥4 ♥4", "♥2", "the throw stands"))
    assert found["ruffing.example"].points[0].endswith("♠8 ♠8 ♠4 wins the trick.")
    assert found["winning.example"].points[0].endswith("♠9 ♠7 ♠7 wins the trick.")
    assert "plays the levels 4, 5, 7, 9, 10, Q, K, A" in items("house-mandatory-levels")["levels.advance_example"].text


# --- house rules ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name, marked", [
    ("two-decks", set()),
    ("house-strict-throws", {"leading.throw_penalty"}),
    ("house-mandatory-levels", {"levels.mandatory", "levels.knock_back"}),
    # its deal line restates the kitty of 6: a restatement is not a change, so the kitty rule is
    # not marked; what may be called, how copies count, and the rules for a banker alone and a
    # smaller team come with its called partners, and so do levels kept per player and a friend's tricks
    ("house-finding-friends", {"table.players", "table.deal", "rotation.after_hold", "rotation.after_loss",
                               "table.call_limits", "table.count_banker_copies", "levels.range",
                               "winning.friends_tricks", "solo_thresholds", "levels.short_team_bonus"}),
])
def test_house_rules_are_marked(name, marked):
    assert {key for key, item in items(name).items() if item.house} == marked


def test_house_marks_are_printed_in_each_format():
    rules = tr.load("house-strict-throws")
    assert "**[house rule]** A failed throw costs 10 points" in render_sheet(rules, "md")
    assert '<span class="mark">house rule</span> A failed throw costs 10 points' in render_sheet(rules, "html")
    assert "* [house rule] A failed throw costs 10 points" in render_sheet(rules, "txt")
    assert "[本桌规则] 甩牌失败，每收回一张牌罚10分。" in render_sheet(rules, "txt", "zh")


# --- untrusted text ------------------------------------------------------------------------------

HOSTILE = tr.loads(
    'ruleset: "<script>alert(1)</script> # x [a](javascript:alert(1)) | table |"\n'
    'description: "# x\\n- item\\n1. one [a](javascript:alert(1)) | table | <img src=x onerror=alert(1)> *b* _u_"\n'
)


def test_the_name_and_description_are_escaped_in_html():
    out = render_sheet(HOSTILE, "html")
    assert "<script>" not in out and "<img" not in out
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in out
    assert "&lt;img src=x onerror=alert(1)&gt;" in out


def test_the_name_and_description_are_escaped_in_markdown():
    out = render_sheet(HOSTILE, "md")
    # only what Markdown would read as markup: HTML, a link, a heading's closing hash, emphasis
    assert out.startswith("# &lt;script>alert(1)&lt;/script> # x \\[a](javascript:alert(1)) | table |\n")
    rendered = markdown.markdown(out, extensions=["tables"])
    assert "<script" not in rendered and "<img" not in rendered and "<a " not in rendered
    head = rendered.split("<p><em>Examples are played")[0]
    assert "<em>" not in head and "<table>" not in head and "<ul>" not in head and "<ol>" not in head
    assert rendered.count("<h1>") == 1
    assert "\\# x" in out and "\\- item" in out and "1\\. one" in out and "\\*b\\* \\_u\\_" in out


def test_rules_given_as_text_render_too():
    assert "Ruleset file: &lt;string&gt;" in render_sheet(HOSTILE, "html")


# --- html for print ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", SHIPPED)
def test_the_html_sheet_is_self_contained_and_made_for_print(name):
    out = render_sheet(tr.load(name), "html")
    for outside in ("http:", "https:", "<script", "<link", "@import", "url(", "<img", "src="):
        assert outside not in out
    assert re.search(r"@page \{\s*size: A4;", out) and "@page letter { size: letter;" in out
    assert "break-inside: avoid" in out and "break-after: avoid" in out
    assert '<span class="card red">♥A</span>' in out
    assert '<span class="card black">♠10</span>' in out
