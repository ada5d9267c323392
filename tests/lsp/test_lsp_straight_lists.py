"""The language server on follow lists whose lead is a straight or a rainbow (gallery F9, F10):
completion offers `straight` and `rainbow` as a lead and as a term, hover shows the list's
sentence, and a list for straights in a game without them is diagnosed (E308), one for rainbows of
any cards too (E368)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.xdist_group("lsp")

TEXT = ('ruleset: "Shandong straights"\nextends: "two-decks"\n\ncombinations\n  straights: 5+ adjacent cards\n'
        'follow\n  straight of n cards: straight of n cards > highest single + singles\n')


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("straight-lists")


def test_completion_offers_straight_as_a_lead_and_as_a_term(session, folder):
    text = 'extends: "two-decks"\ncombinations\n  straights: 5+ adjacent cards\nfollow\n  \n'
    uri, _ = session.open(folder / "lead.tractor", text)
    assert {"straight", "rainbow"} <= {item.label for item in session.complete(uri, 4, 2)}
    text = 'extends: "two-decks"\ncombinations\n  straights: 5+ adjacent cards\nfollow\n  pair: pair > \n'
    uri, _ = session.open(folder / "term.tractor", text)
    assert {"straight", "straights", "highest"} <= {item.label for item in session.complete(uri, 4, len("  pair: pair > "))}


def test_hover_shows_the_list_for_straights(session, folder):
    uri, diagnostics = session.open(folder / "hover.tractor", TEXT)
    assert diagnostics == []
    hover = session.hover(uri, 6, 5).contents.value
    assert "To a straight of n cards" in hover
    assert "the highest single of the suit + as many singles as the hand allows" in hover


def test_a_list_for_straights_without_straights_is_diagnosed(session, folder):
    text = 'extends: "two-decks"\nfollow\n  straight of n cards: straight of n cards > singles\n'
    _, diagnostics = session.open(folder / "none.tractor", text)
    assert [d.code for d in diagnostics] == ["E308"]
    assert "there are no straights" in diagnostics[0].message


def test_hover_shows_the_list_for_rainbows_and_e368_is_diagnosed(session, folder):
    text = ('extends: "two-decks-constant-twos"\ncombinations\n  rainbows: 4+ trumps of one rank in four suits\n'
            'follow\n  rainbow of n cards: rainbow of n cards > highest single + singles\n')
    uri, diagnostics = session.open(folder / "rainbow.tractor", text)
    assert diagnostics == []
    hover = session.hover(uri, 4, 5).contents.value
    assert "To a rainbow of n trumps" in hover and "a rainbow of the lead's ranks" in hover
    _, diagnostics = session.open(folder / "any.tractor", text.replace("trumps of one rank", "cards of one rank"))
    assert [d.code for d in diagnostics] == ["E368"]
