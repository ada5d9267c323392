"""The language server on who held, buried and called a card, and on the holder of a card: the
facts offered after a team with their meanings, the role offered after 'the next banker is', the
sheet's sentence on hover, and the errors E331 and E332 where they are written."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types

from tractor_rules.rules.expressions import EFFECTS, FACTS

#: the language server of the run (tests/lsp/conftest.py), on the one worker of the group
pytestmark = pytest.mark.xdist_group("lsp")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("card-facts")


def completions(session, folder: Path, name: str, text: str, line: int) -> dict[str, types.CompletionItem]:
    uri, _ = session.open(folder / name, text)
    return {item.label: item for item in session.complete(uri, line, len(text.split("\n")[line]))}


def test_after_a_team_held_and_buried_with_their_meanings(session, folder):
    found = completions(session, folder, "team.tractor", 'extends: "two-decks"\nlevels\n  when the bankers \n', 2)
    assert found["held"].detail == FACTS["held"].meaning
    assert found["buried"].detail == FACTS["buried"].meaning
    assert found["took"].detail == FACTS["took"].meaning  # beside the facts of its family


def test_the_banker_called_is_offered_as_a_fact(session, folder):
    found = completions(session, folder, "called.tractor",
                        'extends: "house-finding-friends"\nlevels\n  when the banker \n', 2)
    assert found["called"].detail == FACTS["called"].meaning


def test_after_the_next_banker_is_the_holder_of_a_card(session, folder):
    found = completions(session, folder, "holder.tractor",
                        'extends: "two-decks"\nlevels\n  when a hand ends: the next banker is the \n', 2)
    assert found["holder of"].detail == EFFECTS["next-banker"].meaning
    assert found["player who took"].detail == EFFECTS["next-banker"].meaning  # who has it at the end


def test_hover_shows_the_sheets_sentence(session, folder):
    text = ('extends: "two-decks"\nlevels\n'
            "  when the bankers held AH and the attackers buried 5S: the next banker is the holder of 3H\n")
    uri, found = session.open(folder / "hover.tractor", text)
    assert [d.code for d in found] == ["W107"]  # the attackers never bury here: no overturns after the kitty
    value = session.hover(uri, 2, 5).contents.value
    assert "the bankers hold ♥A as the deal ends" in value
    assert "the attackers bury ♠5 in the kitty (the last burial counts)" in value
    assert "the first player after the banker in turn order who was dealt ♥3 banks the next hand" in value


@pytest.mark.parametrize(("name", "text", "code", "written"), [
    ("e331.tractor", 'extends: "two-decks"\ntable\n  remove: 3\n  deal: 23 each, kitty 8\nlevels\n'
                     "  when a hand ends: the next banker is the holder of 3H\n", "E331", "the next banker is the holder of 3H"),
    ("e332.tractor", 'extends: "two-decks"\nlevels\n  when the banker called AH: bankers + 1 level\n', "E332",
     "the banker called AH"),
])
def test_the_errors_are_published_where_they_are_written(session, folder, name, text, code, written):
    uri, found = session.open(folder / name, text)
    (diagnostic,) = [d for d in found if d.code == code]
    assert diagnostic.severity == types.DiagnosticSeverity.Error
    line = text.split("\n")[diagnostic.range.start.line]
    assert line[diagnostic.range.start.character:diagnostic.range.end.character] == written
    assert diagnostic.code_description.href.endswith(f"#{code.lower()}")
