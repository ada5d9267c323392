"""The language server on the facts of how the bank was decided (``TEAM declared``, ``the banker
declared``, ``the bank was overturned after the kitty``): offered after ``when`` with their
meanings, after a team, and said on hover as the sheet says them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tractor_rules.rules.expressions import FACTS

#: the language server of the run (tests/lsp/conftest.py), on the one worker of the group
pytestmark = pytest.mark.xdist_group("lsp")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("bank-facts")


def completions(session, folder: Path, name: str, text: str, line: int) -> dict:
    uri, _ = session.open(folder / name, text)
    return {item.label: item for item in session.complete(uri, line, len(text.split("\n")[line]))}


def test_after_when_the_facts_with_their_meanings(session, folder):
    found = completions(session, folder, "when.tractor", 'extends: "two-decks"\nlevels\n  when \n', 2)
    assert found["the bank was overturned after the kitty"].detail == FACTS["overturned-after-kitty"].meaning
    assert found["the banker declared"].detail == FACTS["banker-declared"].meaning


def test_after_a_team_its_declaration(session, folder):
    found = completions(session, folder, "team.tractor", 'extends: "two-decks"\nlevels\n  when the attackers \n', 2)
    assert found["declared"].detail == FACTS["declared"].meaning


def test_hover_says_the_rule_as_the_sheet_does(session, folder):
    text = ('extends: "two-decks"\ndeclare\n  overturn after kitty: yes\nlevels\n'
            "  when the bank was overturned after the kitty: attackers +1 level\n")
    uri, _ = session.open(folder / "hover.tractor", text)
    shown = session.hover(uri, 4, 3).contents.value
    assert "overturned after the kitty (by another player)" in shown
