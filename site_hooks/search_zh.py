"""MkDocs hook: the site's search finds Chinese words (拖拉机, 抠底, 甩牌, 庄家, ...).

The search (lunr, in the browser) splits text into words at the separator of mkdocs.yml, and
Chinese has no spaces between its words.  After MkDocs writes the search index, this hook cuts
every run of Chinese text into words with jieba, taught the game's own words (the sheets'
glossary), and joins them with a zero-width space: the separator splits there, nothing shows on
screen.  A query of one Chinese word is one lunr term, so it meets the word in the index.  The
search's `lang: [en, zh]` keeps lunr's trimmer from deleting Chinese characters."""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path

import jieba
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority

from tractor_rules.render.words import GLOSSARY

WORD_BREAK = "\u200b"
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
#: what players say that a general dictionary may cut in two (STYLE.md's players' words)
PLAYERS_WORDS = ("连对", "三连", "四连", "扣底", "抠底", "大光", "小光", "抓分", "毙牌", "主牌", "副牌",
                 "级牌", "庄家", "闲家", "升级", "拖拉机", "甩牌", "找朋友")

_taught = False


def _teach() -> None:
    global _taught
    if _taught:
        return
    jieba.setLogLevel(logging.WARNING)
    glossary = (term.strip() for _, chinese, _ in GLOSSARY for term in re.split(r"[/,，、]", chinese))
    for word in (*PLAYERS_WORDS, *glossary):
        if len(word) > 1:
            jieba.add_word(word)
    _taught = True


def cut_words(text: str) -> str:
    """``text`` with a zero-width space between the words of every run of Chinese."""
    _teach()
    return _HAN.sub(lambda run: WORD_BREAK.join(jieba.cut(run.group(0), HMM=True)), text)


@event_priority(-100)  # after the search plugin has written the index
def on_post_build(config: MkDocsConfig) -> None:
    index_path = Path(config.site_dir) / "search" / "search_index.json"
    if not index_path.exists():
        return
    index = json.loads(index_path.read_text(encoding="utf-8"))
    for doc in index["docs"]:
        doc["title"] = cut_words(doc["title"])
        doc["text"] = cut_words(doc["text"])
    index_path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
