"""A file that changes the trump order, and what it inherits (docs/language.md, "What follows the
trump order"): links of the whole order and the range of levels follow the new order where they no
longer fit it; files that compiled keep their meaning; anything else an inherited statement no
longer fits is an error that names the statement, its file and line, with the fix."""

from __future__ import annotations

from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules import facade
from tractor_rules.errors import RulesetSemanticError
from tractor_rules.resources import builtin_names, builtin_path

CONSTANT_TWOS = ("big joker > small joker > level in trump suit > level in other suits > 2 in trump suit > "
                 "2 in other suits > trump suit")

#: constant 2s as a newcomer writes them: the order, nothing else
NEWCOMER = f'''ruleset: "Constant 2s"
extends: "two-decks"

trumps
  order: {CONSTANT_TWOS}
'''


def applied(text: str, fix: dict) -> str:
    """``text`` with the facade's ``fix`` made (1-based lines and columns, in code points)."""
    lines = text.split("\n")

    def offset(line: int, column: int) -> int:
        return sum(len(part) + 1 for part in lines[:line - 1]) + column - 1

    start, end = offset(fix["line"], fix["column"]), offset(fix["end_line"], fix["end_column"])
    return text[:start] + fix["replacement"] + text[end:]


def test_a_newcomers_constant_twos_need_the_order_line_alone_and_play_as_the_shipped_ruleset():
    mine = tr.loads(NEWCOMER)
    shipped = tr.load("two-decks-constant-twos")
    assert mine.trumps == shipped.trumps
    assert mine.combinations == shipped.combinations  # links through the 2s, in no-trump too
    assert mine.levels == shipped.levels  # the levels from 3
    # what followed the order is the file's own change (the sheet marks it as a house rule)
    assert {"combinations.links", "combinations.no_trump_links", "levels.first"} <= set(mine.house_changes)
    assert dict(mine.sources)["combinations.links"].line == 5  # the order line made them


def test_a_file_without_extends_follows_from_the_defaults_too():
    rules = tr.loads(f"trumps\n  order: {CONSTANT_TWOS}\n")
    assert rules.combinations.links == tr.load("two-decks-constant-twos").combinations.links
    assert (rules.levels.first, rules.levels.last) == ("3", "A")


def test_a_list_of_levels_leaves_out_the_new_constant_trumps(tmp_path: Path):
    (tmp_path / "speed.tractor").write_text('extends: "two-decks"\n\nlevels\n  range: 2, 5, 10, K, A\n',
                                            encoding="utf-8")
    child = tmp_path / "child.tractor"
    child.write_text(f'extends: "speed.tractor"\n\ntrumps\n  order: {CONSTANT_TWOS}\n', encoding="utf-8")
    levels = tr.load(child).levels
    assert (levels.chosen, levels.first, levels.last) == (("5", "10", "K", "A"), "5", "A")


def test_links_that_still_fit_the_new_order_keep_their_meaning():
    """A constant card above the big joker leaves the classic links fitting: they stay as they
    were (they do not reach up to the new band), as before this rule."""
    rules = tr.loads('extends: "two-decks"\n\ntrumps\n  order: 5H > big joker > small joker > level in trump suit > '
                     'level in other suits > trump suit\n')
    assert rules.combinations.links == tr.load("two-decks").combinations.links
    assert rules.combinations.no_trump_links == tr.load("two-decks").combinations.no_trump_links


def test_the_files_own_links_and_range_are_checked_as_written():
    own_links = NEWCOMER + "\ncombinations\n  links: big joker ~ small joker\n"
    assert tr.loads(own_links).combinations.links == ((tr.rules.LinkTier("big-joker"), tr.rules.LinkTier("small-joker")),)
    with pytest.raises(RulesetSemanticError) as raised:
        tr.loads(NEWCOMER + "\nlevels\n  range: 2 to A\n")
    assert [d.code for d in raised.value.diagnostics] == ["E302"]


def test_the_shipped_rulesets_link_their_whole_order_or_nothing():
    """What a child of a shipped ruleset inherits: links of the parent's whole order, band by band
    (which follow a new order), or none (which fit any order)."""
    from tractor_rules.rules.checks import order_links

    for name in builtin_names():
        rules = tr.load(name)
        assert rules.combinations.links in (order_links(rules.trumps.order), ()), name


def test_an_error_caused_by_an_inherited_statement_names_it_and_offers_the_fix(tmp_path: Path):
    """Links the parent chose itself (not its whole order) are not the parent's order linked: with
    the 2s added they skip them.  The error is at the file's order line, names the parent's links
    line, and its fix links through the 2s."""
    parent = tmp_path / "short-links.tractor"
    parent.write_text('ruleset: "Short links"\nextends: "two-decks"\n\ncombinations\n'
                      "  links: level in trump suit ~ level in other suits ~ top of trump suit\n", encoding="utf-8")
    text = f'ruleset: "Mine"\nextends: "short-links.tractor"\n\ntrumps\n  order: {CONSTANT_TWOS}\n'
    origin = str(tmp_path / "mine.tractor")
    (error,) = facade.check(text, origin)["diagnostics"]
    assert (error["code"], error["line"], error["column"]) == ("E305", 5, 3)
    assert error["message"] == (
        "links join 'level in other suits' to 'top of trump suit', skipping '2 in trump suit': link through it, or "
        "end the chain there; it conflicts with 'links: level in trump suit ~ level in other suits ~ top of trump "
        f"suit', inherited from {parent}, line 5")
    (fix,) = error["fixes"]
    assert fix["title"] == ("add 'links: level in trump suit ~ level in other suits ~ 2 in trump suit ~ 2 in other "
                            "suits ~ top of trump suit' to this file")
    mended = applied(text, fix)
    assert mended.endswith("\ncombinations\n  links: level in trump suit ~ level in other suits ~ 2 in trump suit ~ "
                           "2 in other suits ~ top of trump suit\n")
    assert facade.check(mended, origin)["diagnostics"] == []


def test_an_inherited_list_of_levels_the_new_order_empties_is_named_with_its_fix():
    """Constant aces: the range follows (2 to K), and two-decks' 'mandatory: A' names a level
    that is no longer played: reported at the order line, naming two-decks' line; the fix writes
    the list without it into the file's own levels section."""
    text = ('extends: "two-decks"\n\nlevels\n  defend: 5\n\ntrumps\n  order: big joker > small joker > level in trump '
            "suit > level in other suits > A in trump suit > A in other suits > trump suit\n")
    (error,) = facade.check(text, "aces.tractor")["diagnostics"]
    mandatory_line = next(i for i, line in enumerate(builtin_path("two-decks").read_text().split("\n"), 1)
                          if line.strip() == "mandatory: A")
    assert (error["code"], error["line"]) == ("E302", 7)
    assert error["message"] == ("mandatory level A is outside the levels 2 to K; it conflicts with 'mandatory: A', "
                                f"inherited from two-decks.tractor, line {mandatory_line}")
    (fix,) = error["fixes"]
    assert fix["title"] == "add 'mandatory: none' to this file"
    mended = applied(text, fix)
    assert "levels\n  defend: 5\n  mandatory: none\n" in mended
    assert facade.check(mended, "aces.tractor")["diagnostics"] == []


@pytest.mark.parametrize("text", [
    'extends: "two-decks-constant-twos"\n\nlevels\n  range: 2 to A\n',  # the parent makes the 2s constant
    f"levels\n  range: 2 to A\n\ntrumps\n  order: {CONSTANT_TWOS}\n",  # the file itself does
], ids=["inherited-order", "own-order"])
def test_a_range_the_file_writes_is_its_own_to_blame_and_its_fix_rewrites_it(text: str):
    """The file's own range is what is wrong, whoever made the 2s constant: the message names no
    parent statement, and the fix rewrites the file's range line."""
    (error,) = facade.check(text, "mine.tractor")["diagnostics"]
    assert (error["code"], error["message"]) == ("E302", "2 is a constant trump, so it cannot be a level; start the "
                                                 "levels above it")
    (fix,) = error["fixes"]
    line = text.split("\n").index("  range: 2 to A") + 1
    assert (fix["title"], fix["line"], fix["column"], fix["end_column"]) == ("replace with 'range: 3 to A'", line, 3, 16)
    assert facade.check(applied(text, fix), "mine.tractor")["diagnostics"] == []
