"""The sheet on which kinds a throw may hold (``throws: allowed, without ...``, ``of ... only``):
the sentence in English and Chinese, and every compiled value stated."""

from __future__ import annotations

import tractor_rules as tr
from tractor_rules.render import render_sheet

NO_TRACTORS = 'extends: "two-decks"\nlead\n  throws: allowed, without tractors\n'
SINGLES_AND_PAIRS = 'extends: "two-decks"\nlead\n  throws: allowed, of singles and pairs only\n'
NO_BOMBS = 'extends: "four-decks"\ncombinations\n  bombs: 4+ identical cards\nlead\n  throws: allowed, without bombs\n'


def _flat(rules: tr.Rules, lang: str) -> str:
    return " ".join(render_sheet(rules, format="txt", lang=lang).split())


def test_the_sentences_in_english():
    assert ("A throw may not hold tractors; such a combination is never part of a throw, and is led alone."
            in _flat(tr.loads(NO_TRACTORS), "en"))
    assert ("A throw may hold only singles and pairs; a combination of another kind is never part of a throw, "
            "and is led alone." in _flat(tr.loads(SINGLES_AND_PAIRS), "en"))
    assert "A throw may not hold bombs;" in _flat(tr.loads(NO_BOMBS), "en")
    assert "A throw may" not in _flat(tr.load("two-decks"), "en")


def test_the_sentences_in_chinese():
    assert "甩牌中不能有拖拉机；这样的牌型不能放进甩牌，只能单独出。" in _flat(tr.loads(NO_TRACTORS), "zh")
    assert "甩牌只能由单张和对子组成；" in _flat(tr.loads(SINGLES_AND_PAIRS), "zh")
    assert "甩牌中不能有炸弹；" in _flat(tr.loads(NO_BOMBS), "zh")


def test_the_example_is_worked_by_the_lead_check():
    text = _flat(tr.loads(NO_TRACTORS), "en")
    assert "Which throws may be led:" in text
    assert "♥A ♥J ♥J may be thrown" in text
    assert "♥A ♥J ♥J ♥9 ♥9 not a lead: ♥J ♥J ♥9 ♥9 is led alone" in text
    only = _flat(tr.loads('extends: "two-decks"\nlead\n  throws: allowed, of singles only\n'), "en")
    assert "♥A ♥J ♥J not a lead: ♥J ♥J is led alone" in only
    assert "Which throws may be led:" not in _flat(tr.load("two-decks"), "en")
    assert "哪些甩牌可以出：" in _flat(tr.loads(NO_TRACTORS), "zh")


def test_the_sheet_states_the_kinds():
    from test_sheet_coverage import check_every_value_is_stated

    for text in (NO_TRACTORS, SINGLES_AND_PAIRS, NO_BOMBS):
        check_every_value_is_stated(tr.loads(text))
