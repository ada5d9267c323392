"""The language server on which kinds a throw may hold (``throws: allowed, without ...``, ``of ...
only``): completion offers the two forms after ``allowed,`` and the kinds by their family words;
hover shows the sheet's sentence; a kind the rules do not have is a diagnostic."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.xdist_group("lsp")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("throw_kinds")


def test_completion_offers_the_forms_after_allowed(session, folder):
    line = "  throws: allowed, "
    uri, _ = session.open(folder / "forms.tractor", f'extends: "two-decks"\nlead\n{line}\n')
    labels = {item.label for item in session.complete(uri, 2, len(line))}
    assert {"without", "of"} <= labels
    assert "tractors" not in labels


def test_completion_offers_the_kinds(session, folder):
    line = "  throws: allowed, without "
    uri, _ = session.open(folder / "kinds.tractor", f'extends: "two-decks"\nlead\n{line}\n')
    labels = {item.label for item in session.complete(uri, 2, len(line))}
    assert {"singles", "pairs", "tractors", "straights", "bombs", "rainbows"} <= labels
    assert "allowed" not in labels


def test_hover_shows_the_kinds_a_throw_may_hold(session, folder):
    text = 'ruleset: "Kinds"\nextends: "two-decks"\n\nlead\n  throws: allowed, of singles and pairs only\n'
    uri, diagnostics = session.open(folder / "hover.tractor", text)
    assert diagnostics == []
    assert "A throw may hold only singles and pairs" in session.hover(uri, 4, 4).contents.value


def test_a_kind_the_rules_do_not_have_is_a_diagnostic(session, folder):
    text = 'extends: "two-decks"\nlead\n  throws: allowed, without straights\n'
    _, diagnostics = session.open(folder / "unknown.tractor", text)
    assert [(d.code, d.range.start.line) for d in diagnostics] == [("E374", 2)]
