"""The language server on an auction in which each player bids once (``bids: ..., each player
once``): completion offers the words after the bids, hover shows the sheet's sentence, and lint's
warning of two bids only is a diagnostic; and on who bids first by a role (``first bidder in the first hand:``)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.xdist_group("lsp")

AUCTION = 'extends: "one-deck"\ntable\n  partners: banker alone\nauction\n'


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("bid_once")


def test_completion_offers_each_player_once_after_the_bids(session, folder):
    line = "  bids: 60 up to 80 by 5, "
    uri, _ = session.open(folder / "words.tractor", f"{AUCTION}{line}\n")
    labels = {item.label for item in session.complete(uri, 4, len(line))}
    assert "each" in labels or "each player once" in labels
    line = "  bids: 60 up to 80 by 5, each player "
    uri, _ = session.open(folder / "once.tractor", f"{AUCTION}{line}\n")
    assert "once" in {item.label for item in session.complete(uri, 4, len(line))}


def test_hover_shows_that_each_player_has_one_turn(session, folder):
    text = f'ruleset: "Once"\n{AUCTION}  bids: 60 up to 80 by 5, each player once\n'
    uri, diagnostics = session.open(folder / "hover.tractor", text)
    assert diagnostics == []
    hover = session.hover(uri, 5, 4).contents.value
    assert "each player has one turn only" in hover and "ends when every player has had their turn" in hover


def test_two_bids_only_is_a_warning_where_written(session, folder):
    text = f'ruleset: "Two bids"\n{AUCTION}  bids: 60 up to 80 by 20, each player once\n'
    _, diagnostics = session.open(folder / "two.tractor", text)
    assert [(d.code, d.range.start.line) for d in diagnostics] == [("W146", 5)]


def test_completion_offers_the_holder_of_a_card_for_the_first_bidder(session, folder):
    for line in ("  first bidder in the first hand: ", "  first bidder: "):
        uri, _ = session.open(folder / "holder.tractor", f"{AUCTION}  bids: 60 up to 80 by 5\n{line}\n")
        labels = {item.label for item in session.complete(uri, 5, len(line))}
        assert {"the holder of", "the dealer"} <= labels
        assert not {"the burier", "the declarer"} & labels


def test_hover_shows_who_bids_first_in_the_first_hand(session, folder):
    text = f'ruleset: "First"\n{AUCTION}  bids: 60 up to 80 by 5\n  first bidder in the first hand: the holder of 3D\n'
    uri, diagnostics = session.open(folder / "hover-first.tractor", text)
    assert diagnostics == []
    assert "In the game's first hand the player dealt ♦3 bids first" in session.hover(uri, 6, 4).contents.value
