"""The language server on who acts first in a phase (``first to overturn after kitty``, ``first to
declare in turn`` in ``declare``, ``first lead`` in ``lead``): completion offers the statements and,
after the key, only the seats known when that phase begins, with their meanings; hover shows the
sheet's sentence of the order, in English and Chinese."""

from __future__ import annotations

from pathlib import Path

import pytest

from tractor_rules.rules.expressions import SEATS

pytestmark = pytest.mark.xdist_group("lsp")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("phase_order")


@pytest.mark.parametrize("section, key", [
    ("declare", "first to overturn after kitty"),
    ("declare", "first to declare in turn"),
    ("lead", "first lead"),
])
def test_completion_offers_the_statements(session, folder, section, key):
    uri, _ = session.open(folder / f"{section}-keys.tractor", f'extends: "two-decks"\n{section}\n  \n')
    assert key in {item.label for item in session.complete(uri, 2, 2)}


@pytest.mark.parametrize("section, key, known, unknown", [
    ("declare", "first to overturn after kitty", {"the burier", "the seat after the declarer", "the banker"},
     {"the dealer", "the seat after the dealer"}),
    ("declare", "first to declare in turn", {"the banker", "the seat after the banker"},
     {"the burier", "the declarer", "the dealer"}),
    ("lead", "first lead", {"the declarer", "the seat after the burier"}, {"the dealer"}),
])
def test_completion_offers_the_seats_known_when_the_phase_begins(session, folder, section, key, known, unknown):
    line = f"  {key}: "
    uri, _ = session.open(folder / f"{section}-{len(key)}.tractor", f'extends: "two-decks"\n{section}\n{line}\n')
    items = {item.label: item for item in session.complete(uri, 2, len(line))}
    assert known <= set(items)
    assert not unknown & set(items)
    assert items["the banker"].detail == SEATS["banker"].meaning


def test_hover_shows_the_first_lead_in_words(session, folder):
    text = 'ruleset: "Declarer leads"\nextends: "two-decks"\n\nlead\n  first lead: the declarer\n'
    uri, diagnostics = session.open(folder / "hover.tractor", text)
    assert diagnostics == []
    hover = session.hover(uri, 4, 4).contents.value
    assert "The declarer (the banker when nobody declared) leads the first trick" in hover


def test_an_unknown_seat_is_a_diagnostic_where_it_is_written(session, folder):
    text = 'ruleset: "Dealer leads"\nextends: "two-decks"\n\nlead\n  first lead: the dealer\n'
    _, diagnostics = session.open(folder / "bad.tractor", text)
    assert [(d.code, d.range.start.line, d.range.start.character) for d in diagnostics] == [("E339", 4, 14)]
