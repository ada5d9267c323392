"""The language server on who may stop a throw (``throw stopped by: ... when``) and on free bombs
(``exempt:``): completion offers, after ``when``, the words of the moment a throw is checked (the
thrower's partner and opponent among them, not elsewhere); hover shows the sheet's sentences."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.xdist_group("lsp")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("throws_follow")


def test_completion_offers_the_words_of_a_throw_check(session, folder):
    line = "  throw stopped by: any other player when "
    uri, _ = session.open(folder / "stoppers.tractor", f'extends: "two-decks"\nlead\n{line}\n')
    labels = {item.label for item in session.complete(uri, 2, len(line))}
    assert {"an attacker", "a banker", "the thrower's partner", "the thrower's opponent"} <= labels
    assert "points" not in labels and "overturns" not in labels and "the declarer's partner" not in labels


def test_the_throwers_partner_is_not_offered_elsewhere(session, folder):
    line = "  overturn: when "
    uri, _ = session.open(folder / "overturn.tractor", f'extends: "two-decks"\ndeclare\n{line}\n')
    labels = {item.label for item in session.complete(uri, 2, len(line))}
    assert "the thrower's partner" not in labels


def test_hover_shows_who_may_stop_a_throw_and_free_bombs(session, folder):
    text = ('ruleset: "Free"\nextends: "four-decks"\n\ncombinations\n  bombs: 4+ identical cards\n\nlead\n'
            '  throw stopped by: any other player when an attacker\n\nfollow\n  exempt: bombs from following suit\n')
    uri, diagnostics = session.open(folder / "hover.tractor", text)
    assert diagnostics == []
    assert "Only a player of whom this holds can stop a throw: the player is an attacker." in (
        session.hover(uri, 7, 4).contents.value)
    assert "Free bombs: a player holding a bomb" in session.hover(uri, 10, 4).contents.value
