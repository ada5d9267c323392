"""The language server on who held a card after the kitty, its holder, and the standing
declarer's partner and opponent after the kitty: the words offered where they are known (and not
where they are not), the sheet's sentence on hover, and E328 where it is written."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types

from tractor_rules.rules.expressions import FACTS

#: the language server of the run (tests/lsp/conftest.py), on the one worker of the group
pytestmark = pytest.mark.xdist_group("lsp")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("vocab")


def completions(session, folder: Path, name: str, text: str, line: int) -> dict[str, types.CompletionItem]:
    uri, _ = session.open(folder / name, text)
    return {item.label: item for item in session.complete(uri, line, len(text.split("\n")[line]))}


def test_after_the_card_held_the_kitty_is_offered(session, folder):
    found = completions(session, folder, "held.tractor", 'extends: "two-decks"\nlevels\n  when the bankers held 5H \n',
                        2)
    assert "after" in found
    found = completions(session, folder, "holder.tractor",
                        'extends: "two-decks"\nlevels\n  when a hand ends: the next banker is the holder of AH \n', 2)
    assert "after" in found


def test_the_declarers_partner_is_offered_after_the_kitty_not_where_unknown(session, folder):
    found = completions(session, folder, "overturn.tractor",
                        'extends: "two-decks"\ndeclare\n  overturn after kitty: when the \n', 2)
    assert found["declarer's partner"].detail == FACTS["declarer-partner"].meaning
    assert found["declarer's opponent"].detail == FACTS["declarer-opponent"].meaning
    found = completions(session, folder, "in-turn.tractor", 'extends: "two-decks"\ndeclare\n  in turn: when the \n', 2)
    assert "declarer's partner" not in found


def test_hover_shows_the_sheets_sentence(session, folder):
    text = ('extends: "two-decks"\nlevels\n'
            "  when the bankers held AH after the kitty: the next banker is the holder of 3H after the kitty\n")
    uri, found = session.open(folder / "hover.tractor", text)
    assert found == []
    value = session.hover(uri, 2, 5).contents.value
    assert "the bankers hold ♥A as the tricks begin (the kitty taken and buried)" in value
    assert "the first player after the banker in turn order who holds ♥3 as the tricks begin banks" in value


def test_e328_is_published_where_it_is_written(session, folder):
    text = 'extends: "house-finding-friends"\ndeclare\n  overturn after kitty: when the declarer\'s opponent\n'
    uri, found = session.open(folder / "e328.tractor", text)
    (diagnostic,) = [d for d in found if d.code == "E328"]
    assert diagnostic.severity == types.DiagnosticSeverity.Error
    assert diagnostic.range.start.line == 2
    assert diagnostic.code_description.href.endswith("#e328")
