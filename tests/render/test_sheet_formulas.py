"""Every kitty formula reads as words in the sheet's language: no variable name ("size",
"cards"), no operator ("^", "×", "*"), no Latin word on a Chinese sheet; numbers stay numbers and a
compound inside another is bracketed."""

from __future__ import annotations

import re

import pytest

import tractor_rules as tr
from tractor_rules.render.sheet import build_sheet

FORMULAS = [
    "2 * size",
    "2 × size",
    "2 ^ size, at most 64",
    "(size + 1) * 2, at most 64",
    "size * cards, at most 64",
    "2 ^ (size + 1), at most 64",
    "cards + 2",
    "3",
]
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
OPERATORS = re.compile(r"[\^×*]")


def multiplier_text(formula: str, lang: str) -> str:
    rules = tr.loads(f"kitty\n  multiplier: {formula}\n")
    (item,) = [i for i in build_sheet(rules, lang).items() if i.key == "kitty.multiplier"]
    return item.text


@pytest.mark.parametrize("formula", FORMULAS)
def test_a_formula_reads_as_words(formula):
    english, chinese = multiplier_text(formula, "en"), multiplier_text(formula, "zh")
    for text in (english, chinese):
        assert not OPERATORS.search(text), text
        assert not re.search(r"\bsize\b", text), text  # ("cards" is also an English word)
        for number in re.findall(r"\d+", formula):
            assert number in text
    assert not LATIN_WORD.search(chinese), chinese  # neither "size" nor "cards"


def test_the_power_kitty_in_both_languages():
    assert multiplier_text("2 ^ size, at most 64", "en") == (
        "If the attackers win the last trick, they score the kitty's points multiplied by 2 to the power of "
        "the number of cards in the largest combination of the last trick's lead. The multiplier is at most 64.")
    assert multiplier_text("2 ^ size, at most 64", "zh") == (
        "如果闲家赢得最后一轮（抠底），底牌分乘以2的若干次方（次数为最后一轮首家所出最大牌型的张数），计入闲家得分。"
        "倍数最多为64。")


def test_a_compound_inside_another_is_bracketed():
    assert "2 times (the number of cards in the largest combination of the last trick's lead plus 1)" in \
        multiplier_text("(size + 1) * 2", "en")
    assert "（最后一轮首家所出最大牌型的张数加1）的2倍" in multiplier_text("(size + 1) * 2", "zh")
    assert "to the power of (the number of cards in the largest combination of the last trick's lead plus 1)" \
        in multiplier_text("2 ^ (size + 1), at most 64", "en")


@pytest.mark.parametrize("name", tr.builtin_names())
def test_no_shipped_chinese_sheet_prints_a_variable(name):
    sheet = build_sheet(tr.load(name), "zh")
    for item in sheet.items():
        assert not re.search(r"\b(size|cards)\b|\^", item.text), item.text
