"""The overview's step of the score where the upgrade table reads a counted number: the kitty's
points are named only where the kitty is scored (a game with `multiplier: none`, or no kitty, never
adds them)."""

from __future__ import annotations

from pathlib import Path

import pytest
from sheet_words import sheet_text

import tractor_rules as tr

GALLERY = Path(__file__).resolve().parents[2] / "examples" / "house-rules"
KITTY_CLAUSE = {"en": "(and the kitty's, where they win it)", "zh": "（抠底时连同底牌分）"}
SCORE = {"en": "The score: the attackers count the points they won; the upgrade table turns",
         "zh": "计分：闲家数自己抓到的分；按升级表把"}


def _gallery(prefix: str) -> tr.Rules:
    (path,) = GALLERY.glob(f"{prefix}-*.tractor")
    return tr.load(str(path))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_kitty_never_scored_is_not_named_in_the_score(lang):
    rules = _gallery("A02")  # counted from the bid, `multiplier: none`
    assert rules.counted and rules.kitty.kind == "none"
    text = sheet_text(rules, lang)
    assert SCORE[lang] in text
    assert KITTY_CLAUSE[lang] not in text


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_scored_kitty_is_named_beside_the_counted_number(lang):
    rules = _gallery("A01")  # counted from the bid, the kitty scored by the parent's table
    assert rules.counted and rules.kitty.kind != "none"
    text = sheet_text(rules, lang)
    assert KITTY_CLAUSE[lang] in text
    assert SCORE[lang] not in text
