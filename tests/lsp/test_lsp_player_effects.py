"""The language server on the effects on one player's level and on what a hand is worth (#25):
completion offers the roles where an effect opens, the words of a level effect after a role, and
`game points` (the worth so far) only in `the hand is worth ...`; hover on `game points` says what
it counts and where it is known, and on a role in a level effect what the role means."""

from __future__ import annotations

from pathlib import Path

import pytest

from tractor_rules.rules.expressions import QUANTITIES, ROLE_TABLE

pytestmark = pytest.mark.xdist_group("lsp")

FRIENDS = 'extends: "house-finding-friends"\n'


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("player-effects")


def _labels(session, folder: Path, name: str, line: str) -> dict:
    uri, _ = session.open(folder / name, f"{FRIENDS}levels\n{line}\n")
    return {item.label: item for item in session.complete(uri, 2, len(line))}


def test_completion_offers_the_roles_where_an_effect_opens(session, folder):
    items = _labels(session, folder, "open.tractor", "  when a hand ends: ")
    assert {"the declarer", "the holder of", "the winner of the last trick", "the hand is worth"} <= set(items)


def test_completion_offers_the_level_words_after_a_role(session, folder):
    items = _labels(session, folder, "after-role.tractor", "  when a hand ends: the declarer ")
    assert {"back to", "to", "knocked back to"} <= set(items)
    assert items["back to"].detail == "the player goes back to the level (a player below it stays)"


def test_game_points_is_offered_in_a_hands_worth_only(session, folder):
    worth = _labels(session, folder, "worth.tractor", "  when a hand ends: the hand is worth ")
    assert worth["game points"].detail == QUANTITIES["game-points"].meaning
    condition = _labels(session, folder, "condition.tractor", "  when ")
    assert "game points" not in condition and "points" in condition


def test_hover_on_game_points_and_on_a_role_of_a_level_effect(session, folder):
    text = f"{FRIENDS}\nlevels\n  when a hand ends: the hand is worth game points * 2, the declarer + 1 level\n"
    uri, diagnostics = session.open(folder / "hover.tractor", text)
    assert diagnostics == []
    hover = session.hover(uri, 3, 40).contents.value
    assert "**game points**" in hover and "the worth so far" not in hover and "so far" in hover
    assert "where a house rule changes what a hand is worth" in hover
    role = session.hover(uri, 3, 60).contents.value
    assert "**the declarer**" in role and ROLE_TABLE["declarer"].found in role
