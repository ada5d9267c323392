"""The language server on rule expressions (``when`` in ``levels``, the kitty's formula): what
completion offers inside them, what hover shows on a house rule and on a quantity, and where the
errors and warnings of expressions are placed."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types

from tractor_rules.lsp.completion import written_forms
from tractor_rules.rules.expressions import AFTER_HAND, EFFECTS, FACTS, KITTY, QUANTITIES, STAKE, TABLE, WORTH
from tractor_rules.rules.expressions import FIRST_TEAMS as TEAMS  # a word each (the banker's friends: two)

#: the language server of the run (tests/lsp/conftest.py), on the one worker of the group
pytestmark = pytest.mark.xdist_group("lsp")

HOUSE = """\
ruleset: "Expressions"
extends: "two-decks"

levels
  when the bankers lost 5H: bankers -1 level
  when (points >= 200 or the attackers win the last trick with a single J) and not no-trump: attackers +1 level, bankers back to 2

kitty
  multiplier: 2 ^ (size - 1), at most 64
"""


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("expressions")


def completions(session, folder: Path, name: str, text: str, line: int) -> dict[str, types.CompletionItem]:
    """The completions at the end of (0-based) ``line`` of ``text``."""
    uri, _ = session.open(folder / name, text)
    return {item.label: item for item in session.complete(uri, line, len(text.split("\n")[line]))}


def test_after_when_the_quantities_teams_and_facts_with_their_meanings(session, folder):
    found = completions(session, folder, "when.tractor", 'extends: "two-decks"\nlevels\n  when \n', 2)
    for quantity in QUANTITIES.values():  # the quantities known after a hand, offered whole
        if AFTER_HAND not in quantity.moments:
            assert quantity.words not in found
            continue
        for written in written_forms(quantity):  # a team's and a player's for each team and role
            assert found[written].detail == quantity.meaning
            assert found[written].kind == types.CompletionItemKind.Value
    assert found["the number of bankers"].detail == QUANTITIES["team-size"].meaning
    assert found["the level of the winner of the last trick"].detail == QUANTITIES["player-level"].meaning
    assert found["copies of"].detail == QUANTITIES["copies-took"].meaning
    assert "the number of TEAM" not in found
    assert "kitty" not in found  # only as the start of "kitty points"
    assert {team for team in TEAMS} <= set(found) and found["bankers"].kind == types.CompletionItemKind.Value
    assert found["nobody declared"].detail == FACTS["nobody-declared"].meaning
    assert found["the level is"].detail == FACTS["level-is"].meaning
    assert found["no-trump"].detail == FACTS["no-trump"].meaning
    assert {"not", "(", "min", "max"} <= set(found)
    # the words a team takes next: the facts about it
    found = completions(session, folder, "fact.tractor", 'extends: "two-decks"\nlevels\n  when the bankers \n', 2)
    assert found["took"].detail == FACTS["took"].meaning and found["lost"].detail == FACTS["lost"].meaning
    assert found["played"].detail == FACTS["played"].meaning
    assert found["win the last trick with a single"].detail == FACTS["last-trick-single"].meaning
    assert found["win the last trick with trumps"].detail == FACTS["last-trick-trumps"].meaning
    assert found["lose"].detail == FACTS["loses"].meaning
    assert "+" not in found and "back to" not in found  # effects come after the colon


def test_in_dug_when_only_the_facts_known_when_the_kitty_is_counted(session, folder):
    found = completions(session, folder, "dug.tractor", 'extends: "two-decks"\nkitty\n  dug when: the attackers \n', 2)
    assert found["win the last trick with trumps"].detail == FACTS["last-trick-trumps"].meaning
    assert found["took"].detail == FACTS["took"].meaning
    assert found["played"].detail == FACTS["played"].meaning
    assert "lose" not in found  # whether a team loses the hand is not known yet
    found = completions(session, folder, "dug2.tractor", 'extends: "two-decks"\nkitty\n  dug when: \n', 2)
    assert "points" not in found and "size" in found
    assert "nobody declared" not in found and "no-trump" in found


def test_inside_a_condition_the_operators_and_no_effect(session, folder):
    found = completions(session, folder, "compare.tractor", 'extends: "two-decks"\nlevels\n  when points \n', 2)
    assert {">=", "≥", "<", "!=", "≠", "+", "-", "/", "÷", ":"} <= set(found)
    assert not found["+"].detail  # arithmetic here, not an effect's sign
    found = completions(session, folder, "joined.tractor",
                        'extends: "two-decks"\nlevels\n  when points >= 200 \n', 2)
    assert {"and", "or", ":"} <= set(found)


def test_after_the_colon_the_effects_with_their_meanings(session, folder):
    text = 'extends: "two-decks"\nlevels\n  when points >= 200: \n'
    found = completions(session, folder, "effect.tractor", text, 2)
    assert set(TEAMS) <= set(found) and "the" in found and "points" not in found
    found = completions(session, folder, "effect2.tractor", text.replace(": \n", ": bankers \n"), 2)
    assert found["+"].detail == EFFECTS["up"].meaning and found["-"].detail == EFFECTS["down"].meaning
    assert found["back to"].detail == EFFECTS["back-to"].meaning and found["to"].detail == EFFECTS["to"].meaning
    assert found["win the game"].detail == EFFECTS["wins-game"].meaning
    assert "took" not in found  # a fact, not an effect
    found = completions(session, folder, "effect3.tractor", text.replace(": \n", ": bankers + \n"), 2)
    assert {w for q in QUANTITIES.values() if AFTER_HAND in q.moments for w in written_forms(q)} <= set(found)
    found = completions(session, folder, "effect4.tractor", text.replace(": \n", ": bankers -1 level, \n"), 2)
    assert set(TEAMS) <= set(found)


def test_in_game_points_the_quantities_known_where_the_stakes_are_counted(session, folder):
    known = {q.words for q in QUANTITIES.values() if STAKE in q.moments}
    assert {"bid", "points", "kitty points", "levels", "decks", "players", "overturns", "the number of TEAM",
            "the level of TEAM", "the level of ROLE"} == known
    found = completions(session, folder, "stakes.tractor", 'extends: "two-decks"\nstakes\n  game points: swap = \n', 2)
    assert {w for q in QUANTITIES.values() if STAKE in q.moments for w in written_forms(q)} <= set(found)
    assert {"overturns", "the number of attackers", "the level of the bankers", "the level of the banker"} <= set(found)
    assert not {"size", "cards", "raw points", "copies of"} & set(found)


def test_in_the_kitty_formula_only_the_quantities_known_when_it_is_counted(session, folder):
    known = {q.words for q in QUANTITIES.values() if KITTY in q.moments}
    later = {q.words for q in QUANTITIES.values() if KITTY not in q.moments}
    assert known and later
    for name, written in (("formula.tractor", "multiplier: "), ("formula2.tractor", "multiplier: 2 ^ (")):
        found = completions(session, folder, name, f'extends: "two-decks"\nkitty\n  {written}\n', 2)
        assert known <= set(found), written
        assert not later & set(found), written
        # not even "kitty" (a first word that is itself a quantity known then, "cards" of "cards left", is)
        assert not ({word.split()[0] for word in later} - known) & set(found), written
        assert {"min", "max", "("} <= set(found)
    found = completions(session, folder, "formula3.tractor", 'extends: "two-decks"\nkitty\n  multiplier: \n', 2)
    assert {"none", "pair", "single"} <= set(found)  # the table's rows still
    assert not found["single"].detail


def test_hover_on_a_when_line_shows_its_own_sentence_of_the_sheet(session, folder):
    uri, found = session.open(folder / "house.tractor", HOUSE)
    assert found == []
    first = session.hover(uri, 4, 5).contents.value
    assert "*On the rule sheet:* If the bankers lose ♥5" in first and "go down 1 level" in first
    assert "attackers go up" not in first  # the other house rule's sentence is not this line's
    second = session.hover(uri, 5, 3).contents.value
    assert "the attackers' score is at least 200" in second and "the attackers go up 1 level" in second
    assert "bankers lose ♥5" not in second
    session.configure({"tractor-rules": {"language": "zh"}})
    try:
        chinese = session.hover(uri, 5, 3).contents.value
    finally:
        session.configure({"tractor-rules": {"language": "en"}})
    assert "规则表上" in chinese and "闲家升1级" in chinese


def test_hover_on_a_quantity_shows_its_meaning_and_when_it_is_known(session, folder):
    uri, _ = session.open(folder / "house.tractor", HOUSE)
    line = HOUSE.split("\n")[5]
    hover = session.hover(uri, 5, line.index("points") + 2)
    assert hover.contents.value.startswith(f"**points**: {QUANTITIES['points'].meaning}")
    assert ("Known after a trick, while cards are left ('end early:'), after a trick, of each player who may end the "
            "hand ('concede:'), after each hand, where the upgrade table is read ('counted:') and where the stakes of "
            "a hand are counted ('game points:').") in hover.contents.value
    assert hover.range == types.Range(start=types.Position(line=5, character=line.index("points")),
                                      end=types.Position(line=5, character=line.index("points") + len("points")))
    line = HOUSE.split("\n")[8]
    text = session.hover(uri, 8, line.index("size")).contents.value
    assert QUANTITIES["size"].meaning in text and "Known when the kitty is counted and after each hand." in text
    # beside a quantity, the statement's own hover
    assert "On the rule sheet" in session.hover(uri, 8, line.index("at most")).contents.value
    assert {KITTY, AFTER_HAND, WORTH} == QUANTITIES["size"].moments


@pytest.mark.parametrize(("name", "text", "code", "severity", "span"), [
    ("type.tractor", 'extends: "two-decks"\nlevels\n  when points + 1: bankers -1 level\n', "E211",
     types.DiagnosticSeverity.Error, ((2, 7), (2, 17))),
    ("moment.tractor", 'extends: "two-decks"\nkitty\n  multiplier: 2 ^ levels, at most 64\n', "E212",
     types.DiagnosticSeverity.Error, ((2, 18), (2, 24))),
    ("never.tractor", 'extends: "two-decks"\nlevels\n  range: 9 to A\n'
     "  when the level is 2 and the bankers win: bankers +1 level\n", "W107",
     types.DiagnosticSeverity.Warning, ((3, 2), (3, 59))),
    # an effect that never changes anything: at the effect, not at its rule
    ("inert.tractor", 'extends: "two-decks"\nlevels\n'
     "  when the level is 2 and the bankers lose: bankers back to 2\n", "W134",
     types.DiagnosticSeverity.Warning, ((2, 44), (2, 61))),
])
def test_the_diagnostics_of_expressions_are_published_at_their_range(session, folder, name, text, code, severity, span):
    uri, found = session.open(folder / name, text)
    (diagnostic,) = found
    assert (diagnostic.code, diagnostic.severity) == (code, severity)
    start, end = span
    assert diagnostic.range == types.Range(start=types.Position(line=start[0], character=start[1]),
                                           end=types.Position(line=end[0], character=end[1]))
    written = text.split("\n")[start[0]][start[1]:end[1]]
    assert written == {"E211": "points + 1", "E212": "levels",
                       "W107": "when the level is 2 and the bankers win: bankers +1 level",
                       "W134": "bankers back to 2"}[code]
    assert diagnostic.code_description.href.endswith(f"#{code.lower()}")


def test_every_fact_and_effect_of_the_grammar_has_its_meaning():
    """Completion finds a form's meaning through the compiler's tables: they name every fact and
    effect the grammar spells, and every one of ``rules.expressions``."""
    from tractor_rules.language.compiler.expressions import EFFECT_OF_RULE, FACT_OF_RULE
    from tractor_rules.language.parser import lark_parser

    aliases = {rule.alias for rule in lark_parser().rules
               if rule.origin.name in ("fact", "effect", "last_trick_with")}
    assert aliases == set(FACT_OF_RULE) | set(EFFECT_OF_RULE)
    assert set(FACT_OF_RULE.values()) == set(FACTS) and set(EFFECT_OF_RULE.values()) == set(EFFECTS)


@pytest.mark.parametrize("section, written", [
    ("table", "deal: "), ("table", "deal: 100 / ("), ("lead", "throw penalty: "), ("follow", "revoke penalty: "),
    ("stakes", "leaving: leaver loses "),
])
def test_where_a_number_of_the_table_goes_only_the_decks_and_the_players(session, folder, section, written):
    known = {q.words for q in QUANTITIES.values() if TABLE in q.moments}
    assert known == {"decks", "players"}
    later = {q.words for q in QUANTITIES.values() if TABLE not in q.moments}
    found = completions(session, folder, "table-number.tractor", f'extends: "two-decks"\n{section}\n  {written}\n', 2)
    assert known <= set(found), written
    assert not later & set(found), written


def test_hover_on_a_quantity_of_the_table_says_it_is_known_there(session, folder):
    text = 'extends: "two-decks"\nfollow\n  revoke penalty: 10 * players points\n'
    uri, found = session.open(folder / "deal-formula.tractor", text)
    assert found == []
    line = text.split("\n")[2]
    hover = session.hover(uri, 2, line.index("players") + 1).contents.value
    assert "in the numbers of the table (the deal, the penalties, the bonus, the coins, leaving)" in hover


def test_hover_on_a_quantity_of_a_team_a_player_or_a_card_shows_its_meaning(session, folder):
    text = ('extends: "house-finding-friends"\nlevels\n  when the number of bankers = 2 and copies of 5H the attackers took > 1 '
            'and the level of the banker > 3: bankers +1 level\n')
    uri, found = session.open(folder / "team.tractor", text)
    assert found == []
    line = text.split("\n")[2]
    for written, name in (("number of bankers", "team-size"), ("copies of 5H", "copies-took"),
                          ("level of the banker", "player-level")):
        value = session.hover(uri, 2, line.index(written) + 2).contents.value
        assert value.startswith(f"**{QUANTITIES[name].words}**: {QUANTITIES[name].meaning}"), value
        assert "after each hand" in value
