"""The corpus of real house rules in ``docs/house-rules.md`` ("How far the language reaches"): its
table keeps its shape, every row says what the language had to gain for the rule (``needed``:
nothing new, vocabulary or grammar) and has its gallery file, and the sentences under the table
count the column as it stands."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "house-rules.md"
GALLERY = ROOT / "examples" / "house-rules"
SECTION = "## How far the language reaches: a corpus of real house rules"
HEADER = ["id", "rule", "source", "family", "needed", "today"]
NEEDED = ("nothing new", "vocabulary", "grammar")
COUNTS = re.compile(
    r"Of these (\d+) rules, all (\d+) are written in the gallery today: (\d+) needed nothing new, "
    r"(\d+) needed new vocabulary and (\d+) needed new grammar\.")
GRAMMAR_ROWS = re.compile(r"The six that needed grammar \(([A-Z0-9, ]+)\)")


def _cells(line: str) -> list[str]:
    assert line.startswith("| ") and line.endswith(" |"), line
    return [cell.strip() for cell in line[2:-2].split(" | ")]


def corpus(text: str) -> tuple[list[dict[str, str]], str]:
    """The corpus table's rows, as dicts by the header's names, and the section's text after it."""
    section = text.split(SECTION, 1)[1].split("\n## ", 1)[0]
    lines = section.split("\n")
    top = next(i for i, line in enumerate(lines) if line.startswith("| id |"))
    assert _cells(lines[top]) == HEADER
    assert lines[top + 1] == "|" + "---|" * len(HEADER)
    rows = []
    end = top + 2
    while end < len(lines) and lines[end].startswith("|"):
        cells = _cells(lines[end])
        assert len(cells) == len(HEADER), lines[end]
        rows.append(dict(zip(HEADER, cells)))
        end += 1
    return rows, "\n".join(lines[end:])


ROWS, AFTER = corpus(DOC.read_text(encoding="utf-8"))


def test_the_corpus_table_has_its_rows_once_each():
    assert len(ROWS) >= 84
    ids = [row["id"] for row in ROWS]
    assert all(re.fullmatch(r"[A-Z]+[0-9]+", i) for i in ids), ids
    assert len(set(ids)) == len(ids), [i for i, n in Counter(ids).items() if n > 1]


@pytest.mark.parametrize("row", ROWS, ids=lambda row: row["id"])
def test_a_corpus_row_says_what_it_needed_and_has_its_gallery_file(row: dict[str, str]):
    assert row["needed"] in NEEDED
    files = sorted(GALLERY.glob(f"{row['id']}-*.tractor"))
    assert [f.name.split("-", 1)[0] for f in files] == [row["id"]]
    assert row["today"].startswith(f"written: [{row['id']}](gallery.md#{row['id'].lower()})")


def test_the_counts_under_the_table_are_the_column_s():
    said = COUNTS.search(" ".join(AFTER.split()))
    assert said, "the counts sentence under the corpus table"
    total, written, nothing, vocabulary, grammar = (int(n) for n in said.groups())
    counted = Counter(row["needed"] for row in ROWS)
    assert total == written == len(ROWS)
    assert (nothing, vocabulary, grammar) == (counted["nothing new"], counted["vocabulary"],
                                              counted["grammar"])
    assert nothing + vocabulary + grammar == len(ROWS)


def test_the_rows_that_needed_grammar_are_the_ones_the_text_names():
    named = GRAMMAR_ROWS.search(" ".join(AFTER.split()))
    assert named, "the paragraph on the rows that needed grammar"
    listed = named.group(1).split(", ")
    assert listed == [row["id"] for row in ROWS if row["needed"] == "grammar"]
    assert len(listed) == 6


def test_the_reader_rejects_a_row_without_its_needed_cell():
    text = DOC.read_text(encoding="utf-8")
    broken = text.replace(" | nothing new | written: [C08]", " | written: [C08]", 1)
    assert broken != text
    with pytest.raises(AssertionError):
        corpus(broken)
