"""The language server on conditions on a card (``called cards: when``, ``buried cards: when``):
completion offers the facts of a card and what is known as a card is judged, and nothing the play
decides; elsewhere it offers no fact of a card; hover on such a line shows its sentence."""

from __future__ import annotations

from pathlib import Path

import pytest

from tractor_rules.rules.expressions import FACTS

#: the language server of the run (tests/lsp/conftest.py), on the one worker of the group
pytestmark = pytest.mark.xdist_group("lsp")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cards")


def completions(session, folder: Path, name: str, text: str, line: int) -> dict:
    uri, _ = session.open(folder / name, text)
    return {item.label: item for item in session.complete(uri, line, len(text.split("\n")[line]))}


CARD_WORDS = {"a trump": "card-trump", "a point card": "card-points", "a level card": "card-level",
              "a joker": "card-joker", "the highest card of its suit": "card-highest",
              "shown in declaring": "card-shown"}


@pytest.mark.parametrize("header, line", [
    ('extends: "house-finding-friends"\ntable\n  called cards: when ', "called"),
    ('extends: "two-decks"\nkitty\n  buried cards: when ', "buried"),
])
def test_where_a_card_is_judged_its_facts_and_what_is_known(session, folder, header, line):
    found = completions(session, folder, f"{line}.tractor", header + "\n", 2)
    for words, name in CARD_WORDS.items():
        assert found[words].detail == FACTS[name].meaning
    assert found["the level is"].detail == FACTS["level-is"].meaning and "no-trump" in found
    assert "decks" in found and "players" in found
    assert "points" not in found and "size" not in found and "nobody declared" not in found
    assert "a hand ends" not in found
    found = completions(session, folder, f"{line}-not.tractor", header + "not a \n", 2)
    assert {"trump", "point card", "level card", "joker", "heart", "spade", "K", "A"} <= set(found)


def test_after_a_hand_no_fact_of_a_card(session, folder):
    found = completions(session, folder, "when.tractor", 'extends: "two-decks"\nlevels\n  when \n', 2)
    assert "a hand ends" in found
    assert not set(CARD_WORDS) & set(found)


def test_hover_on_a_rule_on_cards_shows_its_sentence(session, folder):
    text = 'ruleset: "Cards"\nextends: "house-finding-friends"\n\ntable\n  called cards: when not shown in declaring\n'
    uri, _ = session.open(folder / "hover.tractor", text)
    hover = session.hover(uri, 4, 5)
    assert "The banker may not call cards shown in declaring" in hover.contents.value
