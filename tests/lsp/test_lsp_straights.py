"""The language server on straights (``straights: N+ adjacent cards``): completion offers the
statement and its words, hover shows the sheet's sentence, in English and Chinese."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.xdist_group("lsp")

TEXT = 'ruleset: "Straights"\nextends: "two-decks"\n\ncombinations\n  straights: 5+ adjacent cards\n'


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("straights")


def test_completion_offers_the_statement_and_its_words(session, folder):
    text = 'extends: "two-decks"\ncombinations\n  \n'
    uri, _ = session.open(folder / "complete.tractor", text)
    assert "straights" in {item.label for item in session.complete(uri, 2, 2)}
    text = 'extends: "two-decks"\ncombinations\n  straights: \n'
    uri, _ = session.open(folder / "value.tractor", text)
    assert "none" in {item.label for item in session.complete(uri, 2, len("  straights: "))}


def test_hover_shows_the_sentence_of_straights(session, folder):
    uri, diagnostics = session.open(folder / "hover.tractor", TEXT)
    assert diagnostics == []
    hover = session.hover(uri, 4, 5).contents.value
    assert "Straights: 5 or more single cards of one suit" in hover


RIDING = 'ruleset: "Rain"\nextends: "two-decks"\n\ncombinations\n  straights: 5+ adjacent cards, pairs riding along\n'


def test_completion_offers_pairs_riding_along_after_the_length(session, folder):
    text = 'extends: "two-decks"\ncombinations\n  straights: 5+ adjacent cards, \n'
    uri, _ = session.open(folder / "riding.tractor", text)
    labels = {item.label for item in session.complete(uri, 2, len("  straights: 5+ adjacent cards, "))}
    assert "pairs" in labels, labels


def test_hover_shows_the_sentence_of_the_riding_pairs(session, folder):
    uri, diagnostics = session.open(folder / "riding-hover.tractor", RIDING)
    assert diagnostics == []
    hover = session.hover(uri, 4, 40).contents.value
    assert "Pairs ride along: a card of a straight held twice may come along as a pair" in hover
    assert "A throw may hold a rain as one of its parts" in " ".join(hover.split())
    assert "Straights: 5 or more single cards of one suit" in hover
