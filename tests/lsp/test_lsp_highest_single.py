"""The language server on the follow term "highest single" (gallery F6): completion offers it
among a follow list's terms, hover shows the list's sentence with it."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.xdist_group("lsp")

TEXT = 'ruleset: "Shandong follow"\nextends: "two-decks"\n\nfollow\n  pair: pair > highest single + single\n'


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("highest")


def test_completion_offers_the_highest_single_among_the_terms(session, folder):
    text = 'extends: "two-decks"\nfollow\n  pair: pair > \n'
    uri, _ = session.open(folder / "complete.tractor", text)
    labels = {item.label for item in session.complete(uri, 2, len("  pair: pair > "))}
    assert {"highest", "single", "pairs"} <= labels


def test_hover_shows_the_list_with_the_highest_single(session, folder):
    uri, diagnostics = session.open(folder / "hover.tractor", TEXT)
    assert diagnostics == []
    hover = session.hover(uri, 4, 5).contents.value
    assert "the highest single of the suit + a single" in hover
