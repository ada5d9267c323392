"""The language server on who may overturn or reinforce during the deal (``overturn: when`` and
``reinforce: when`` reading the player): completion offers, after ``when``, the player's words of
that moment (the declarer's partner and opponent among them, not in ``in turn: when``); hover shows
the sheet's sentence."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.xdist_group("lsp")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("declare_over")


@pytest.mark.parametrize("key", ["overturn", "reinforce"])
def test_completion_offers_the_words_of_a_declaration_during_the_deal(session, folder, key):
    line = f"  {key}: when "
    uri, _ = session.open(folder / f"{key}.tractor", f'extends: "two-decks"\ndeclare\n{line}\n')
    labels = {item.label for item in session.complete(uri, 2, len(line))}
    assert {"an attacker", "a banker", "overturns", "declared level cards"} <= labels
    assert "the declarer's partner" in labels and "the declarer's opponent" in labels
    assert "points" not in labels and "points held" not in labels


def test_the_declarers_partner_is_not_offered_before_the_deal(session, folder):
    line = "  in turn: when "
    uri, _ = session.open(folder / "in-turn.tractor", f'extends: "two-decks"\ndeclare\n{line}\n')
    labels = {item.label for item in session.complete(uri, 2, len(line))}
    assert "the declarer's partner" not in labels and "an attacker" not in labels


def test_hover_shows_who_may_overturn(session, folder):
    text = 'ruleset: "Sides"\nextends: "two-decks"\n\ndeclare\n  overturn: when not the declarer\'s partner\n'
    uri, diagnostics = session.open(folder / "hover.tractor", text)
    assert diagnostics == []
    assert "During the deal a player may not overturn their partner's declaration." in (
        session.hover(uri, 4, 4).contents.value)


def test_completion_offers_the_declarer_where_a_declaration_during_the_deal_is_asked_only(session, folder):
    line = "  reinforce: when the declarer's partner or "
    uri, _ = session.open(folder / "side.tractor", f'extends: "two-decks"\ndeclare\n{line}\n')
    assert "the declarer" in {item.label for item in session.complete(uri, 2, len(line))}
    line = "  overturn after kitty: when "
    uri, _ = session.open(folder / "side-after.tractor", f'extends: "two-decks"\ndeclare\n{line}\n')
    assert "the declarer" not in {item.label for item in session.complete(uri, 2, len(line))}


def test_hover_shows_who_of_the_declaring_side_reinforces(session, folder):
    text = ('ruleset: "Side"\nextends: "two-decks"\n\ndeclare\n'
            "  reinforce: when the declarer's partner or the declarer\n")
    uri, diagnostics = session.open(folder / "side-hover.tractor", text)
    assert diagnostics == []
    assert "The declarer or their partner may reinforce the standing declaration" in (
        session.hover(uri, 4, 4).contents.value)
