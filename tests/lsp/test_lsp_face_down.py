"""The language server on ``declarations: face down until the kitty is buried`` (gallery D33):
completion offers the statement and its values, hover shows the sheet's sentence."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.xdist_group("lsp")

TEXT = ('ruleset: "Face down"\nextends: "two-decks"\n\ndeclare\n'
        "  declarations: face down until the kitty is buried\n")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("face-down")


def test_completion_offers_the_statement_and_its_values(session, folder):
    uri, _ = session.open(folder / "complete.tractor", 'extends: "two-decks"\ndeclare\n  \n')
    assert "declarations" in {item.label for item in session.complete(uri, 2, 2)}
    uri, _ = session.open(folder / "value.tractor", 'extends: "two-decks"\ndeclare\n  declarations: \n')
    assert {"face"} <= {item.label for item in session.complete(uri, 2, len("  declarations: "))}


def test_hover_shows_the_sentence(session, folder):
    uri, diagnostics = session.open(folder / "hover.tractor", TEXT)
    assert diagnostics == []
    hover = session.hover(uri, 4, 5).contents.value
    assert "Declarations are made face down" in hover
