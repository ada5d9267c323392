"""The sheets' languages: every message translated, the template in step with the code, the
glossary's Chinese used consistently, placeholders kept."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po

import tractor_rules as tr
from tractor_rules.render import i18n, render_sheet
from tractor_rules.render.sheet import build_sheet
from tractor_rules.render.words import GLOSSARY

PACKAGE = Path(i18n.__file__).parent
REFRESH = ("refresh the template with pybabel extract and update the catalogs as docs/sheets.md says "
           "('Adding or changing a message')")


def extracted_ids() -> set:
    method_map = [("**.py", "python"), ("**/templates/**.j2", "jinja2")]
    options_map = {"**/templates/**.j2": {"extensions": "jinja2.ext.i18n"}}
    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
            str(PACKAGE), method_map, options_map, keywords=DEFAULT_KEYWORDS):
        found.add(message)
    return found


def catalog(path: Path):
    with path.open("rb") as f:
        return read_po(f)


def test_the_languages_are_english_and_chinese():
    assert i18n.languages()[:1] == ("en",)
    assert "zh" in i18n.languages()


def test_the_template_lists_every_message_of_the_code():
    pot = {m.id for m in catalog(PACKAGE / "locale" / "tractor_rules.pot") if m.id}
    code = extracted_ids()
    assert code - pot == set(), f"messages missing from tractor_rules.pot: {sorted(map(str, code - pot))}; {REFRESH}"
    assert pot - code == set(), f"stale messages in tractor_rules.pot: {sorted(map(str, pot - code))}; {REFRESH}"


@pytest.mark.parametrize("lang", [lang for lang in i18n.languages() if lang != "en"])
def test_every_message_has_a_translation(lang):
    cat = catalog(i18n.catalog_path(lang))
    translated = {m.id: m for m in cat if m.id and not m.fuzzy and all(m.string if isinstance(m.string, tuple)
                                                                        else [m.string])}
    missing = sorted(map(str, extracted_ids() - set(translated)))
    assert not missing, f"{lang}: untranslated (or fuzzy) messages: {missing}"


PLACEHOLDER = re.compile(r"%\((\w+)\)s|%%")


@pytest.mark.parametrize("lang", [lang for lang in i18n.languages() if lang != "en"])
def test_translations_keep_their_placeholders(lang):
    for m in catalog(i18n.catalog_path(lang)):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        allowed = set().union(*(PLACEHOLDER.findall(i) for i in ids))
        for s in strings:
            used = set(PLACEHOLDER.findall(s))
            assert used <= allowed, f"{m.id!r}: {s!r} uses {used - allowed}"
            # every placeholder of the (plural) message must survive: a number must not vanish
            assert set(PLACEHOLDER.findall(ids[-1])) <= used, f"{m.id!r}: {s!r} drops a placeholder"


#: English words of the glossary (RULES.md §1) and the Chinese each translation must use with them
TERMS = {
    r"\btractors?\b(?!-rules)": "拖拉机|连对",  # players call a tractor of pairs 连对, 3连对
    r"\bkitty\b": "底牌",
    r"\bbanker\b": "庄家",
    r"\battackers?\b": "闲家",
    r"\bthrows?\b": "甩牌",
    r"\bno-trump\b": "无主",
    r"\bbig jokers?\b": "大王",
    r"\bsmall jokers?\b": "小王",
    r"\blevel cards?\b": "级牌",
    r"\bruffs?\b": "毙",
    r"\bovertrumps?\b": "盖毙",
    r"\bdiscard\b": "垫牌",
    r"\breinforce\b": "加固",
    r"\boverturns?\b": "反主",
    r"\bconstant trumps?\b": "常主",
    r"\bpairs?\b": "对子|连对",
    r"\btriples?\b": "三张",
    r"\bsingles?\b": "单张",
    r"\bbombs?\b": "炸弹",
    r"\bpartners?\b": "对家",
    r"\bdeclares?\b": "亮主",
    r"\bside.suits?\b": "副牌",
    r"\btricks?\b": "轮",  # 墩 is bridge
    r"\b(bury|buries|buried)\b": "扣",
    r"\bcollect points\b": "抓分",
    r"\btractors? of (\S+ )?pairs\b": "连对",
}

#: Chinese that is not the players' own: each with the reason
FOREIGN = {
    "墩": "墩 / 赢墩 read as bridge: a trick is 一轮",
    "牌组": "not a players' word: 同张组合, or the set's own name (对子, 三张)",
    "读": "a play is 算作 its combinations, not 读",
}
#: a count before 副 makes it the measure word of decks ("两副牌", "每副54张")
DECK_MEASURE = re.compile(r"(?:[0-9两三四五六七八九十几整每多]|%\(\w+\)[sd])副")


def test_the_glossary_matches_the_terms_checked():
    chinese = {zh for _en, zh, _meaning in GLOSSARY}
    for zh in TERMS.values():
        assert any(re.search(zh, c) for c in chinese), zh
    for word, _meaning in [("大光", ""), ("小光", ""), ("抠底", ""), ("扣底", ""), ("抓分", ""), ("连对", "")]:
        assert any(word in c for c in chinese), word


def _pairs():
    for m in catalog(i18n.catalog_path("zh")):
        if m.id:
            yield (" ".join(m.id) if isinstance(m.id, tuple) else m.id,
                   " ".join(m.string) if isinstance(m.string, tuple) else m.string)


def test_chinese_avoids_words_players_do_not_use():
    problems = [f"{english!r} → {chinese!r}: {reason}" for english, chinese in _pairs()
                for word, reason in FOREIGN.items() if word in chinese]
    assert not problems, "\n".join(problems)


def test_fu_means_decks_or_side_suits_never_a_hand():
    """副 after a count is the measure word of decks, and only a message about decks may use it; 副牌
    alone is the side suits, and only a message about side suits (or the other suits) may say it.
    副数 is the number of decks.  A hand (one deal played out) is 局, never 副."""
    problems = []
    for english, chinese in _pairs():
        for match in re.finditer("副", chinese):
            start = match.start()
            counted = DECK_MEASURE.match(chinese, max(0, start - 1)) or re.search(r"%\(\w+\)[sd]$", chinese[:start])
            if counted or chinese.startswith("副数", start):  # 副数: the number of decks
                if not re.search(r"\b(decks?|pack)\b", english):
                    problems.append(f"{english!r} → {chinese!r}: 副 as a measure word where no deck is meant")
            elif not re.search(r"side.suits?|other suits|plain cards", english):
                problems.append(f"{english!r} → {chinese!r}: 副 (side suits) where no side suit is meant")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("name", tr.builtin_names())
def test_a_chinese_sheet_speaks_as_players_do(name):
    sheet = build_sheet(tr.load(name), "zh")
    texts = [sheet.title, sheet.description, *sheet.intro]
    for item in sheet.items():
        texts += [item.text, *item.points]
        if item.table:
            texts += [*item.table.header, *(cell for row in item.table.rows for cell in row)]
    for text in texts:
        for word, reason in FOREIGN.items():
            assert word not in text, f"{text!r}: {reason}"
        assert not re.search(r"(这|本|上一|第一|各)副牌", text), f"{text!r}: a hand is 局"


def test_chinese_uses_the_glossary_terms():
    problems = []
    for m in catalog(i18n.catalog_path("zh")):
        if not m.id:
            continue
        english = " ".join(m.id) if isinstance(m.id, tuple) else m.id
        chinese = " ".join(m.string) if isinstance(m.string, tuple) else m.string
        for pattern, zh in TERMS.items():
            if re.search(pattern, english, re.IGNORECASE) and not re.search(zh, chinese):
                problems.append(f"{english!r} → {chinese!r} lacks {zh}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("name", tr.builtin_names())
def test_a_chinese_sheet_has_no_english_left(name):
    sheet = build_sheet(tr.load(name), "zh")
    # lower-case words only: "A" is a rank
    english = re.compile(r"\b(the|The|and|of|a|is|to|trumps?|pairs?|level|with|points?)\b")
    for section in sheet.sections:
        assert not english.search(section.title)
        for item in section.items:
            texts = [item.text, *item.points]
            if item.table:
                texts += [*item.table.header, *(cell for row in item.table.rows for cell in row)]
            for text in texts:
                assert not english.search(text), f"{item.key}: {text!r}"


def test_an_unknown_language_is_refused_clearly():
    with pytest.raises(ValueError, match="unknown language 'fr'.*en, zh"):
        render_sheet(tr.load("two-decks"), "md", "fr")


def test_a_catalog_is_compiled_in_memory_from_the_po_file():
    zh = i18n.translations("zh")
    assert zh.gettext("tractor") == "tractor"  # not a message: passes through
    assert zh.gettext("Card order") == "牌的大小"
    assert zh.ngettext("pair", "pairs", 3) == "对子"
    assert not list(PACKAGE.rglob("*.mo")), "catalogs are compiled at run time; no .mo is shipped"
