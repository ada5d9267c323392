"""The language server on roles (#25): after `the next banker is` and after `otherwise`, completion
offers the roles known after a hand (``rules.expressions.ROLE_TABLE``) with their meanings; hover on
a role shows its meaning and where the engine finds the player; a misplaced fallback is a
diagnostic where it is written."""

from __future__ import annotations

from pathlib import Path

import pytest

from tractor_rules.rules.expressions import ROLE_TABLE

pytestmark = pytest.mark.xdist_group("lsp")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("roles")


@pytest.mark.parametrize("written", ["the next banker is ", "the next banker is the declarer, otherwise "])
def test_completion_offers_the_roles_known_after_a_hand(session, folder, written):
    line = f"  when a hand ends: {written}"
    uri, _ = session.open(folder / f"complete-{len(written)}.tractor", f'extends: "two-decks"\nlevels\n{line}\n')
    items = {item.label: item for item in session.complete(uri, 2, len(line))}
    assert {"the declarer", "the previous declarer", "the first of", "the holder of", "the next seat"} <= set(items)
    assert not {"the dealer", "the burier"} & set(items)  # seats of a phase, not known after a hand
    assert items["the previous declarer"].detail == ROLE_TABLE["previous-declarer"].meaning


def test_hover_on_a_role_shows_its_meaning(session, folder):
    text = 'extends: "two-decks"\n\nlevels\n  when a hand ends: the next banker is the previous declarer, otherwise the next seat\n'
    uri, diagnostics = session.open(folder / "hover.tractor", text)
    assert diagnostics == []
    hover = session.hover(uri, 3, 45).contents.value
    assert "**the previous declarer**" in hover and "overturned last" in hover
    assert "the log's 'previous_declarer'" in hover


def test_a_misplaced_fallback_is_a_diagnostic_where_it_is_written(session, folder):
    text = 'extends: "two-decks"\n\nlevels\n  when a hand ends: bankers + 1 level, otherwise the declarer\n'
    _, diagnostics = session.open(folder / "bad.tractor", text)
    assert [(d.code, d.range.start.line, d.range.start.character) for d in diagnostics] == [("E355", 3, 39)]


def test_completion_offers_whom_the_kitty_may_be_shown_to(session, folder):
    """After ``shown: MOMENT to``: everyone, the teams and the roles known while the kitty is taken
    (``rules.expressions.AUDIENCES``), each with its meaning; not the roles known only after a hand."""
    line = "  shown: after burying to "
    uri, _ = session.open(folder / "complete-shown.tractor", f'extends: "two-decks"\nkitty\n{line}\n')
    items = {item.label: item for item in session.complete(uri, 2, len(line))}
    assert {"everyone", "the bankers", "the attackers", "the banker's friends", "the banker", "the banker's partner",
            "the burier", "the declarer"} == set(items)
    assert items["the burier"].detail == ROLE_TABLE["burier"].meaning


def test_hover_on_whom_the_kitty_is_shown_to_shows_the_role(session, folder):
    text = 'extends: "two-decks"\n\nkitty\n  shown: after burying to the burier and at the end to the banker\'s partner\n'
    uri, diagnostics = session.open(folder / "hover-shown.tractor", text)
    assert [d.code for d in diagnostics] == ["W141"]  # the burier knows the kitty already
    burier = session.hover(uri, 3, 32).contents.value
    assert "**the burier**" in burier and "buried the kitty" in burier
    partner = session.hover(uri, 3, 70).contents.value
    assert "**the banker's partner**" in partner
