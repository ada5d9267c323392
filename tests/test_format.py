"""The canonical formatter: exact outputs for messy inputs, and the properties it must keep
(idempotent, same statements, same comments, shipped rulesets already canonical)."""

from __future__ import annotations

import glob
from collections import defaultdict
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark import Token

from tractor_rules.errors import RulesetError
from tractor_rules.language.format import format_text, is_formatted
from tractor_rules.language.parser import lark_parser, parse
from tractor_rules.language.syntax import Leaf, Node

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted(glob.glob(str(ROOT / "rulesets" / "*.tractor")))

# One of nearly every construct, in canonical layout: each special spacing rule appears here.
KITCHEN_SINK = """\
# Kitchen sink: one of most constructs, in canonical layout.
ruleset: "Kitchen sink"
description: "Every construct the formatter spaces specially: \\"quoted\\", # not a comment"
extends: "two-decks"

table
  players: 6
  partners: by calling 2 cards
  play: clockwise
  decks: 3
  jokers: no
  remove: 2, T
  deal: 25 each, kitty 6
  points: 5 = 5, T = 10, K = 10
  called cards: not trumps, not the highest card, not point cards
  called copies: skip the banker's own

levels
  range: 2 to A
  mandatory: 5, T, K
  defend: 5, K, A
  knock back: J to 2, Q to 6 on any loss, A to 2 when the attackers win the last trick with a single A
  next banker: trump maker
  game end: after 20 hands
  banker goes up: only with the last trick
  bonus for a smaller banker team: +1

trumps
  order: big joker > small joker > 2♠ > 2S > level in trump suit > A in other suits > trump suit
  no-trump: jokers only

combinations
  sets: single, pair, triple, set of 5
  tractors: 2-4 adjacent pairs or triples or sets of 4
  level gap: breaks tractors
  links: none
  no-trump links: big joker ~ small joker ~ level ~ 2
  grouping: identical cards together
  bombs: 4+ identical cards, may join adjacent sets
  rainbows: 5+ cards of one rank in four suits
  straights: 6+ adjacent cards

declare
  ladder: 1 level card < 1 small joker + 1 level card = 2 jokers + 2 level cards < 2 small jokers
  suit order: ♠ < H < D < C
  reinforce: yes, and to take back
  nobody declares: first level card in kitty, otherwise redeal
  redeal: a hand without trumps, a hand without points, if its holder asks

lead
  throws: not allowed
  throw stopped by: the first opponent who can
  failed throw: shortest beaten part
  throw penalty: 10 per card taken back

follow
  revoke penalty: 40 points
  other leads: broken down step by step
  tractor of n triples: n triples > broken down step by step
  triple: triple > pair + single > 3 singles
  tractor of 3 pairs: tractor of n pairs > 2n pairs > 2n-2 pairs + n+1 singles > discard
  set of 4: any cards

ruff
  needs: the lead's shape
  compare: every part

kitty
  multiplier: 2 × (size + 1) ^ 2 * cards, at most 64
  shown: before burying and at the end

upgrade
  0:       banker +3, +1 every 10, at most +6
  5-35:    banker +2
  120-155: attackers +1
  1600+:   attackers +2, +1 every 40
  steps: 40 per deck, attackers at most +3

upgrade for a solo banker  # nobody joined
  0:    banker +9
  5-55: banker +6
  60+:  swap, at most +2
  steps: 60

stakes
  game points: banker +1 = 1, banker +3 or more = 3, swap = 0
  multiplier: 2 above 5, 3 above 10
  coins: banker base 2, attackers base 1, winner receives 20%
  leaving: leaver loses 10, others gain 5
"""

# Every spacing of the rule expressions: word operators, comparators in every spelling, the
# operators of numbers, min and max (a call: tight), parentheses, and the sign of an effect's
# amount (glued to a plain number, as ``banker +2`` is; spaced before any other number).
EXPRESSIONS = """\
ruleset: "Expressions"
extends: "two-decks"

levels
  when the bankers lost 5H: bankers -1 level
  when (points >= 200 or the attackers win the last trick with a single J) and not no-trump: attackers +1 level, bankers back to 2
  when kitty points ≥ 10 and points ≤ max(40, 10 * decks) or points / 2 < 30: winners + min(2, levels) levels
  when not (nobody declared or the level is A) and levels ≠ 0 and points != 5 and points == 5 and points = 5: losers to 3
  when points > 0 and points < 300 and the winners took 10H: winners + (levels - 1) levels, losers - (1) level
  when the losers win the last trick with trumps or the losers win the last trick with KS: losers win the game

kitty
  multiplier: min(2 ^ (size - 1), 4 × decks) + max(cards ÷ 2, 1) - 1, at most 64
"""

CANONICAL = [Path(p).read_text(encoding="utf-8") for p in SHIPPED] + [EXPRESSIONS, KITCHEN_SINK]
CANONICAL_IDS = [Path(p).name for p in SHIPPED] + ["expressions", "kitchen-sink"]


# --- helpers -----------------------------------------------------------------------------------


def _dump(value: Node | Leaf):
    """A node without positions: its kind and its parts, down to the leaf values."""
    if isinstance(value, Leaf):
        return (value.kind, value.value)
    return (value.kind, tuple(_dump(arg) for arg in value.args))


def statements(text: str) -> list:
    return [(st.section, _dump(st.node)) for st in parse(text).statements]


def comments(text: str) -> list[str]:
    return [c.text for c in parse(text).comments]


def words(text: str) -> list[str]:
    """Every token the lexer reads, verbatim: the formatter must change none (synonyms stay)."""
    tree = lark_parser().parse(text if text.endswith("\n") else text + "\n")
    tokens = tree.scan_values(lambda v: isinstance(v, Token) and v.type != "_NL")
    return [str(t) for t in sorted(tokens, key=lambda t: (t.line, t.column))]


def check_properties(text: str) -> str:
    out = format_text(text)
    assert format_text(out) == out, "not idempotent"
    assert is_formatted(out)
    assert statements(out) == statements(text)
    assert words(out) == words(text)
    assert comments(out) == [c.rstrip() for c in comments(text)]
    assert out == "" or (out.endswith("\n") and not out.endswith("\n\n"))
    assert "\r" not in out
    assert all(line == line.rstrip() for line in out.split("\n"))
    return out


# --- shipped files and properties --------------------------------------------------------------


def test_there_are_shipped_rulesets():
    assert any(Path(p).name == "two-decks.tractor" for p in SHIPPED)


@pytest.mark.parametrize("text", CANONICAL, ids=CANONICAL_IDS)
def test_canonical_files_are_unchanged(text):
    assert format_text(text) == text
    assert is_formatted(text)
    check_properties(text)


@pytest.mark.parametrize("text", CANONICAL, ids=CANONICAL_IDS)
def test_spread_tokens_format_back(text):
    """Every token pulled apart by spaces and tabs, every line unindented: same canonical text."""
    comment_at = {c.line: c for c in parse(text).comments}
    by_line = _tokens_by_line(text)
    lines = []
    for number, line in enumerate(text.split("\n")[:-1], start=1):
        if by_line[number]:
            spread = " \t ".join(str(t) for t in by_line[number])
            if number in comment_at:
                spread += "\t" + comment_at[number].text + "  \t"
            lines.append(spread)
        else:
            lines.append(line)
    messy = "\n".join(lines) + "\n"
    assert format_text(messy) == text


def test_not_formatted():
    assert not is_formatted("table\n players: 4\n")
    assert not is_formatted("table\n  players: 4")
    assert not is_formatted("table\r\n  players: 4\r\n")
    assert is_formatted("table\n  players: 4\n")


def test_empty_and_comment_only():
    assert format_text("") == ""
    assert format_text("\n\n  \n") == ""
    assert format_text("  # just a note   \n\n\n# another\n\n") == "# just a note\n\n# another\n"


# --- exact outputs for messy inputs ------------------------------------------------------------


MESSY = [
    pytest.param(
        "levels\n defend :5,10 ,K,A\ngame   end:beyond the last level ,jokers   only\n",
        "levels\n  defend: 5, 10, K, A\n  game end: beyond the last level, jokers only\n",
        id="defend-and-the-extra-level",
    ),
    pytest.param(
        "levels\ngame end :  on   reaching the last level\n",
        "levels\n  game end: on reaching the last level\n",
        id="game-end-on-reaching",
    ),
    pytest.param(
        '\n\n# top comment\n\n\nruleset:   "x"   # name\n\n\n\ndescription:"d"\n'
        "table\n\n\nplayers:4\n\t\tpartners :  opposite#fixed\n\n\n\n  decks : 2\n\n\n"
        "levels\n   range:2 to A\n\n\n",
        '# top comment\n\nruleset: "x"  # name\n\ndescription: "d"\n\n'
        "table\n  players: 4\n  partners: opposite  #fixed\n\n  decks: 2\n\n"
        "levels\n  range: 2 to A\n",
        id="blank-lines-and-indentation",
    ),
    pytest.param(
        "upgrade\n0:banker+3\n5 - 35 : banker + 2   # note\n"
        "  160 + :attackers +2 , + 1 every 40 , at most + 4\n"
        "steps:2 per deck,attackers at most+3\n",
        "upgrade\n"
        "  0:    banker +3\n"
        "  5-35: banker +2  # note\n"
        "  160+: attackers +2, +1 every 40, at most +4\n"
        "  steps: 2 per deck, attackers at most +3\n",
        id="upgrade-alignment",
    ),
    pytest.param(
        "table\nplayers: 4\n# mid comment at col 0\npartners: opposite\n"
        "    # trailing indented comment\n# about levels\nlevels\nrange: 2 to A\n# end comment\n",
        "table\n  players: 4\n  # mid comment at col 0\n  partners: opposite\n"
        "  # trailing indented comment\n\n# about levels\nlevels\n  range: 2 to A\n# end comment\n",
        id="comment-placement",
    ),
    pytest.param(
        "table   # the table  \r\n\tplayers:\t4\t\r\n\r\n\r\n\tdecks: 2\r\n",
        "table  # the table\n  players: 4\n\n  decks: 2\n",
        id="crlf-tabs-header-comment",
    ),
    pytest.param(
        "follow\n  tractor of  n pairs :tractor of n pairs>2 n - 2 pairs+n + 1 singles >discard\n"
        "kitty\n  multiplier :2×( size+1 )^2*cards,at most 64\n"
        "combinations\n  tractors:2 - 4 adjacent pairs or triples\n  bombs : 4 + identical cards\n"
        "stakes\n  coins:banker base 2,attackers base 1,winner receives 20 %\n"
        "  game points:banker+1=1,banker +3 or more=3\n",
        "follow\n  tractor of n pairs: tractor of n pairs > 2n-2 pairs + n+1 singles > discard\n\n"
        "kitty\n  multiplier: 2 × (size + 1) ^ 2 * cards, at most 64\n\n"
        "combinations\n  tractors: 2-4 adjacent pairs or triples\n  bombs: 4+ identical cards\n\n"
        "stakes\n  coins: banker base 2, attackers base 1, winner receives 20%\n"
        "  game points: banker +1 = 1, banker +3 or more = 3\n",
        id="tight-and-spaced-tokens",
    ),
    pytest.param(
        "table\n\n\n  # first thing in the section\n\n  players: 4\n\n\n"
        "  # a comment after a blank line\n  # and its second line\n\n\n  decks: 2\n"
        "\n\n# --- levels ---\n\n\nlevels\n\n  range: 2 to A\n",
        "table\n  # first thing in the section\n\n  players: 4\n\n"
        "  # a comment after a blank line\n  # and its second line\n\n  decks: 2\n"
        "\n# --- levels ---\n\nlevels\n  range: 2 to A\n",
        id="blank-lines-around-comments",
    ),
    pytest.param(
        'ruleset: "x"\ntable\nlevels\n  # only a comment\ntrumps\n',
        'ruleset: "x"\n\ntable\n\nlevels\n  # only a comment\n\ntrumps\n',
        id="empty-sections",
    ),
    pytest.param(
        "  # about the table\ntable\n  players: 4",
        "# about the table\ntable\n  players: 4\n",
        id="no-preamble-no-final-newline",
    ),
    pytest.param(
        "trumps\n  order:big joker>2♠>TH>level in trump suit\ntable\n  remove:T,10\n"
        "declare\n  suit order:♠<S<H",
        "trumps\n  order: big joker > 2♠ > TH > level in trump suit\n\n"
        "table\n  remove: T, 10\n\ndeclare\n  suit order: ♠ < S < H\n",
        id="synonyms-kept",
    ),
    pytest.param(
        "declare\n  ladder:1 level card<1 small joker+1 level card=2 level cards\n"
        "  reinforce:yes,and to take back\n  redeal:a hand without trumps,always\nkitty\n  shown:at the end\n",
        "declare\n  ladder: 1 level card < 1 small joker + 1 level card = 2 level cards\n"
        "  reinforce: yes, and to take back\n  redeal: a hand without trumps, always\n\nkitty\n  shown: at the end\n",
        id="declaring-house-rules",
    ),
    pytest.param(
        "table\n  remove:2,1 big  joker ,small jokers,3S,2 4♥\n",
        "table\n  remove: 2, 1 big joker, small jokers, 3S, 2 4♥\n",
        id="remove-cards",
    ),
    pytest.param(
        "combinations\n  tractors:3+ adjacent pairs or 2+  adjacent triples or quads\n",
        "combinations\n  tractors: 3+ adjacent pairs or 2+ adjacent triples or quads\n",
        id="tractor-lengths-per-width",
    ),
    pytest.param(
        "levels\n  unset:knock   back\nfollow\n  unset :  tractor of n pairs\n",
        "levels\n  unset: knock back\n\nfollow\n  unset: tractor of n pairs\n",
        id="unset",
    ),
    pytest.param(
        "levels\n  when points>=200and(kitty   points≥10or not(no-trump)):bankers - 1 level,attackers+ 2levels\n"
        "  when the bankers lost 5H : bankers -1 level , bankers+min ( 2 , levels ) levels\n"
        "kitty\n  multiplier:2^(size-1)*decks/2,at most 64\n",
        "levels\n  when points >= 200 and (kitty points ≥ 10 or not (no-trump)): bankers -1 level, attackers +2 levels\n"
        "  when the bankers lost 5H: bankers -1 level, bankers + min(2, levels) levels\n\n"
        "kitty\n  multiplier: 2 ^ (size - 1) * decks / 2, at most 64\n",
        id="rule-expressions",
    ),
]


@pytest.mark.parametrize(("messy", "expected"), MESSY)
def test_messy_input(messy, expected):
    assert format_text(messy) == expected
    assert check_properties(messy) == expected
    assert is_formatted(expected)


# --- bad input ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "bad",
    [
        "table\n  players: four\n",
        "tabel\n  players: 4\n",
        'ruleset: "unterminated\n',
        "table\n  players 4\n",
        "upgrade\n  0: banker +3 +\n",
        "kitty\n  multiplier: " + "(" * 40 + "1" + ")" * 40 + "\n",
        "table\n  players: 4 $\n",
        'ruleset: "bad \\q escape"\n',
    ],
)
def test_bad_input_raises_ruleset_error(bad):
    with pytest.raises(RulesetError):
        format_text(bad, "bad.tractor")
    with pytest.raises(RulesetError):
        is_formatted(bad, "bad.tractor")


def test_error_names_the_file():
    with pytest.raises(RulesetError) as info:
        format_text("table\n  players: four\n", "mine.tractor")
    assert info.value.file == "mine.tractor"
    assert info.value.line == 2


# --- hypothesis: random whitespace perturbation -------------------------------------------------


def _tokens_by_line(text: str) -> dict[int, list[Token]]:
    tree = lark_parser().parse(text)
    out: dict[int, list[Token]] = defaultdict(list)
    for token in tree.scan_values(lambda v: isinstance(v, Token) and v.type != "_NL"):
        out[token.line].append(token)
    for tokens in out.values():
        tokens.sort(key=lambda t: t.column)
    return out


SPACE = st.text(alphabet=" \t", min_size=1, max_size=4)
MAYBE_SPACE = st.text(alphabet=" \t", max_size=4)


def _perturb(draw, text: str) -> str:
    """The same file with whitespace changed only where the canonical style ignores it: between
    tokens, before statements and headers, more blank lines where there is one (or after a header,
    or at the ends of the file), odd indentation of comments that are already indented, trailing
    whitespace, and CRLF line ends."""
    comment_at = {c.line: c for c in parse(text).comments}
    by_line = _tokens_by_line(text)
    out = [""] * draw(st.integers(0, 2))
    for number, line in enumerate(text.split("\n")[:-1], start=1):
        tokens = by_line.get(number, [])
        comment = comment_at.get(number)
        if not line.strip():
            out += [draw(MAYBE_SPACE) for _ in range(draw(st.integers(1, 3)))]
            continue
        if tokens:
            new = draw(MAYBE_SPACE) + "".join(str(t) + draw(SPACE) for t in tokens).rstrip(" \t")
            if comment is not None:
                new += draw(MAYBE_SPACE) + comment.text
        else:
            new = (draw(SPACE) if comment.column > 1 else "") + comment.text
        out.append(new + draw(MAYBE_SPACE))
        if len(tokens) == 1:  # a section header: every statement has a key and a ':'
            out += [draw(MAYBE_SPACE) for _ in range(draw(st.integers(0, 2)))]
    out += [""] * draw(st.integers(0, 2))
    ends = [draw(st.sampled_from(["\n", "\r\n"])) for _ in out]
    return "".join(line + end for line, end in zip(out, ends))


@settings(
    derandomize=True,
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data(), index=st.integers(0, len(CANONICAL) - 1))
def test_perturbed_whitespace_formats_the_same(data, index):
    original = CANONICAL[index]
    messy = _perturb(data.draw, original)
    assert format_text(messy) == format_text(original)
    check_properties(messy)


def _rules_without_positions(text: str) -> dict:
    import tractor_rules as tr

    data = tr.loads(text, origin=str(ROOT / "rulesets" / "formatted.tractor")).to_dict()
    data.pop("sources")
    return data


@pytest.mark.parametrize("text", CANONICAL[:-1], ids=CANONICAL_IDS[:-1])  # the shipped files: they compile
def test_formatting_keeps_the_rules(text):
    """The formatter changes layout only: messy text and its canonical form compile to the same
    rules (the positions recorded in ``sources`` may move, nothing else)."""
    messy = "\n\n" + "\n".join("   " + line.replace(": ", " :  ") if line.strip() and not line.lstrip().startswith("#")
                              else line for line in text.split("\n"))
    assert _rules_without_positions(format_text(messy)) == _rules_without_positions(messy)
    assert format_text(messy) == format_text(text)
