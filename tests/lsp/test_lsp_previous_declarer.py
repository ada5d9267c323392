"""The language server on whoever declared before and the round once: completion offers the
previous declarer's words where the standing declarer's are (``overturn: when``, ``reinforce:
when``, ``overturn after kitty: when``), not before the deal nor after a hand; hover shows the
sheet's sentences."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.xdist_group("lsp")

WORDS = {"the previous declarer", "the previous declarer's partner", "nobody was overturned"}


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("previous_declarer")


@pytest.mark.parametrize("key", ["overturn", "reinforce", "overturn after kitty"])
def test_completion_offers_the_previous_declarers_words(session, folder, key):
    line = f"  {key}: when "
    uri, _ = session.open(folder / f"{key.replace(' ', '-')}.tractor", f'extends: "two-decks"\ndeclare\n{line}\n')
    labels = {item.label for item in session.complete(uri, 2, len(line))}
    assert WORDS <= labels


@pytest.mark.parametrize("section, line", [("declare", "  in turn: when "), ("levels", "  when ")])
def test_the_words_are_not_offered_where_they_are_not_known(session, folder, section, line):
    uri, _ = session.open(folder / f"{section}.tractor", f'extends: "two-decks"\n{section}\n{line}\n')
    labels = {item.label for item in session.complete(uri, 2, len(line))}
    assert not WORDS & labels


def test_hover_shows_the_round_once_and_no_overturning_back(session, folder):
    text = ('ruleset: "Once"\nextends: "two-decks"\n\ndeclare\n  overturn: when not the previous declarer\n'
            '  overturn after kitty: yes, once round\n')
    uri, diagnostics = session.open(folder / "hover.tractor", text)
    assert diagnostics == []
    assert "may not overturn back the one who overturned them" in session.hover(uri, 4, 4).contents.value
    assert "goes once round the table" in session.hover(uri, 5, 4).contents.value


def test_the_rounds_ladder_is_offered_and_hovered(session, folder):
    uri, _ = session.open(folder / "ladder-line.tractor", 'extends: "two-decks"\ndeclare\n\n')
    assert "ladder after kitty" in {item.label for item in session.complete(uri, 3, 1)}
    text = ('ruleset: "Pairs after the kitty"\nextends: "two-decks"\n\ndeclare\n  overturn after kitty: when not nobody declared\n'
            '  ladder after kitty: 2 level cards < 2 jokers\n')
    uri, diagnostics = session.open(folder / "ladder-hover.tractor", text)
    assert diagnostics == []
    assert "this ladder of its own" in session.hover(uri, 5, 4).contents.value
    assert "only when somebody declared" in session.hover(uri, 4, 4).contents.value
    line = "  overturn after kitty: when "
    uri, _ = session.open(folder / "nobody.tractor", f'extends: "two-decks"\ndeclare\n{line}\n')
    assert "nobody declared" in {item.label for item in session.complete(uri, 2, len(line))}
