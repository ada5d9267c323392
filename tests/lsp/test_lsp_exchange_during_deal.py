"""The language server on ``exchange with the declarer: during the deal`` (gallery D62):
completion offers the timings after the key, hover shows the sheet's sentence for the exchange
made while the cards are dealt."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.xdist_group("lsp")

TEXT = ('ruleset: "Sticking during the deal"\nextends: "two-decks"\n\ndeclare\n'
        "  ladder: 1 joker + 2 level cards < 2 jokers + 2 level cards\n"
        "  exchange with the declarer: during the deal\n")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("exchange-during-deal")


def test_completion_offers_the_timings(session, folder):
    key = "  exchange with the declarer: "
    uri, _ = session.open(folder / "value.tractor", f'extends: "two-decks"\ndeclare\n{key}\n')
    assert {"yes", "no", "during", "after"} <= {item.label for item in session.complete(uri, 2, len(key))}
    uri, _ = session.open(folder / "deal.tractor", f'extends: "two-decks"\ndeclare\n{key}during \n')
    assert "the" in {item.label for item in session.complete(uri, 2, len(key) + len("during "))}


def test_hover_shows_the_sentence(session, folder):
    uri, diagnostics = session.open(folder / "hover.tractor", TEXT)
    assert diagnostics == []
    hover = session.hover(uri, 5, 5).contents.value
    assert "The exchange with the declarer, while the cards are dealt" in hover
    assert "nobody declares or overturns for the rest of the deal" in hover
