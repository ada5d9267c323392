"""The language server where the upgrade table is read (``counted:``): the levels it may read are
offered, those of the winners and the losers and of players the bank does not name are not."""

from __future__ import annotations

from pathlib import Path

import pytest

from tractor_rules.rules.expressions import QUANTITIES

#: the language server of the run (tests/lsp/conftest.py), on the one worker of the group
pytestmark = pytest.mark.xdist_group("lsp")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("table-levels")


def test_counted_offers_the_levels_known_there(session, folder):
    text = 'extends: "two-decks"\nupgrade\n  counted: \n'
    uri, _ = session.open(folder / "counted.tractor", text)
    found = {item.label: item for item in session.complete(uri, 2, len(text.split("\n")[2]))}
    for written in ("the level of the bankers", "the level of the attackers", "the level of the banker",
                    "the level of the next seat", "the level of the banker's partner"):
        assert written in found
    assert found["the level of the bankers"].detail == QUANTITIES["team-level"].meaning
    for unknown in ("the level of the winners", "the level of the losers", "the level of the winner of the last trick",
                    "the level of the first of the winners after the banker"):
        assert unknown not in found
