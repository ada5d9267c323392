"""The language server on declaring in turn (``in turn: when CONDITION`` in ``declare``):
completion offers the statement and, after ``when``, the words known before the deal; hover shows
the sheet's sentence, in English and Chinese."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.xdist_group("lsp")

TEXT = 'ruleset: "In turn"\nextends: "two-decks"\n\ndeclare\n  in turn: when not the first hand\n'


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("in_turn")


def test_completion_offers_the_statement_and_what_is_known_before_the_deal(session, folder):
    uri, _ = session.open(folder / "complete.tractor", 'extends: "two-decks"\ndeclare\n  \n')
    assert "in turn" in {item.label for item in session.complete(uri, 2, 2)}
    line = "  in turn: when "
    uri, _ = session.open(folder / "value.tractor", f'extends: "two-decks"\ndeclare\n{line}\n')
    labels = {item.label for item in session.complete(uri, 2, len(line))}
    assert "decks" in labels and "points" not in labels  # a quantity known before the deal, one not
    assert "an attacker" not in labels


def test_hover_shows_the_sentence_of_declaring_in_turn(session, folder):
    uri, diagnostics = session.open(folder / "hover.tractor", TEXT)
    assert diagnostics == []
    hover = session.hover(uri, 4, 4).contents.value
    assert "nobody declares during the deal: after it, from the banker" in hover


@pytest.mark.parametrize("section, line, words, sentence", [
    ("kitty", "  buried by: the first of the bankers after the declarer\n", "buried by",
     "After the deal the first player of the banker's team after the declarer"),
    ("declare", "  first dealer: highest cut card, suits ♠ > ♥ > ♣ > ♦\n", "first dealer",
     "each player cuts a card from the shuffled pack, and the highest deals"),
    ("declare", "  first banker: contest winner\n", "first banker",
     "all the players play rock-paper-scissors, and the winner becomes the banker"),
])
def test_the_other_declaring_phases_are_offered_and_hovered(session, folder, section, line, words, sentence):
    uri, _ = session.open(folder / f"{section}-complete.tractor", f'extends: "two-decks"\n{section}\n  \n')
    assert words in {item.label for item in session.complete(uri, 2, 2)}
    text = f'ruleset: "Phases"\nextends: "two-decks"\n\n{section}\n{line}'
    uri, diagnostics = session.open(folder / f"{section}-hover.tractor", text)
    assert diagnostics == []
    assert sentence in session.hover(uri, 4, 4).contents.value
