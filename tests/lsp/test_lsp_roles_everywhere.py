"""The language server on the one grammar of roles (``buried by:``, ``first bidder:``, the first
seats, ``the next banker is``) and on who may make the first declaration: completion offers the
roles known where the statement is written, a role known elsewhere is a diagnostic where it is
written, and hover names a role's meaning."""

from __future__ import annotations

from pathlib import Path

import pytest

from tractor_rules.rules.expressions import ROLE_TABLE

pytestmark = pytest.mark.xdist_group("lsp")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("roles_everywhere")


@pytest.mark.parametrize("section, line, known, unknown", [
    ("kitty", "  buried by: ", {"the banker", "the banker's partner", "the first of the bankers after the declarer"},
     {"the declarer", "the burier", "the next seat", "the holder of"}),
    ("auction", "  first bidder: ", {"the dealer", "the seat after the dealer", "the next seat"},
     {"the banker", "the burier"}),
    ("levels", "  when a hand ends: the next banker is ", {"the declarer", "the holder of", "the first of"},
     {"the burier", "the dealer"}),
])
def test_completion_offers_the_roles_known_where_the_statement_is(session, folder, section, line, known, unknown):
    uri, _ = session.open(folder / f"{section}-roles.tractor", f'extends: "two-decks"\n{section}\n{line}\n')
    items = {item.label: item for item in session.complete(uri, 2, len(line))}
    assert known <= set(items)
    assert not unknown & set(items)
    assert items["the next seat" if section == "auction" else "the banker"].detail


def test_completion_after_first_declaration_offers_the_players_facts(session, folder):
    line = "  first declaration: when "
    uri, _ = session.open(folder / "first-declaration.tractor", f'extends: "two-decks"\ndeclare\n{line}\n')
    labels = {item.label for item in session.complete(uri, 2, len(line))}
    assert {"a", "an", "the"} & labels or {"a banker", "an attacker"} & labels


def test_a_role_known_elsewhere_is_a_diagnostic_where_it_is_written(session, folder):
    text = 'ruleset: "Declarer buries"\nextends: "two-decks"\n\nkitty\n  buried by: the declarer\n'
    _, diagnostics = session.open(folder / "bad-burier.tractor", text)
    assert [(d.code, d.range.start.line, d.range.start.character) for d in diagnostics] == [("E370", 4, 13)]


def test_hover_names_the_seat_after_a_role(session, folder):
    text = 'ruleset: "After the declarer"\nextends: "two-decks"\n\nlead\n  first lead: the seat after the declarer\n'
    uri, diagnostics = session.open(folder / "hover-seat.tractor", text)
    assert diagnostics == []
    hover = session.hover(uri, 4, 18).contents.value
    assert ROLE_TABLE["after-declarer"].meaning in hover.replace("\\", "")
