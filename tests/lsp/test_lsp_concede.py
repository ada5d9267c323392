"""The language server on a player's concession (``concede: when CONDITION`` in ``levels``):
completion offers the statement and, after ``when``, the words known after a trick with the
player's side; hover shows the sheet's sentence and where a quantity is known, in English."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.xdist_group("lsp")

TEXT = 'ruleset: "Concede"\nextends: "two-decks"\n\nlevels\n  concede: when an attacker and points left < 20\n'


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("concede")


def test_completion_offers_the_statement_and_what_is_known_then(session, folder):
    uri, _ = session.open(folder / "complete.tractor", 'extends: "two-decks"\nlevels\n  \n')
    assert "concede" in {item.label for item in session.complete(uri, 2, 2)}
    line = "  concede: when "
    uri, _ = session.open(folder / "value.tractor", f'extends: "two-decks"\nlevels\n{line}\n')
    labels = {item.label for item in session.complete(uri, 2, len(line))}
    assert {"points left", "cards left", "points", "an attacker", "a banker"} <= labels
    assert "kitty points" not in labels and "points held" not in labels  # known elsewhere only


def test_hover_shows_the_sentence_and_the_moment(session, folder):
    uri, diagnostics = session.open(folder / "hover.tractor", TEXT)
    assert diagnostics == []
    hover = session.hover(uri, 4, 4).contents.value
    assert "After each trick, a player may end the hand when" in hover
    at = TEXT.splitlines()[4].index("points left")
    quantity = session.hover(uri, 4, at + 1).contents.value
    assert "points left" in quantity and "of each player who may end the hand ('concede:')" in quantity
