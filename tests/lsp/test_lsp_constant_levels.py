"""The language server on ``constant trumps: levels too`` (gallery T06): completion offers the
statement and its values, hover shows the sheet's sentence."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.xdist_group("lsp")

TEXT = ('ruleset: "Shandong trumps"\nextends: "two-decks"\n\ntrumps\n'
        "  order: big joker > small joker > level in trump suit > level in other suits > 2 in trump suit > "
        "2 in other suits > trump suit\n  constant trumps: levels too\n")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("constant-levels")


def test_completion_offers_the_statement_and_its_values(session, folder):
    uri, _ = session.open(folder / "complete.tractor", 'extends: "two-decks"\ntrumps\n  \n')
    assert "constant trumps" in {item.label for item in session.complete(uri, 2, 2)}
    uri, _ = session.open(folder / "value.tractor", 'extends: "two-decks"\ntrumps\n  constant trumps: \n')
    assert {"levels", "never"} <= {item.label for item in session.complete(uri, 2, len("  constant trumps: "))}


def test_hover_shows_the_sentence(session, folder):
    uri, diagnostics = session.open(folder / "hover.tractor", TEXT)
    assert diagnostics == []
    hover = session.hover(uri, 5, 5).contents.value
    assert "The constant trumps are levels too: at the level of 2" in hover
