"""``tests/corpus.py``'s grouping is sound: the sections named ``CARD_PLAY`` are every section of the
rules that the card play's modules read (the card order, the units, the pools, the follow duty and a
trick's winner), so two files alike in them are the same input to the tests that run once per
group; and the groups cover every file."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import tractor_rules as tr
from corpus import CARD_PLAY, EVERY, distinct
from tractor_rules.rules import Rules

ENGINE = Path(tr.__file__).resolve().parent / "engine"
#: the modules of the card play: every module of the deck, the follow duty and the tricks' rulings
CARD_PLAY_MODULES = [*sorted((ENGINE / "deck").glob("*.py")), ENGINE / "rulings" / "follow.py",
                     ENGINE / "rulings" / "tricks.py"]
SECTIONS = {field.name for field in dataclasses.fields(Rules)}


def test_the_card_play_reads_no_section_but_those_named():
    read = {section for path in CARD_PLAY_MODULES
            for section in re.findall(r"\brules\.([a-z_]+)", path.read_text(encoding="utf-8"))} & SECTIONS
    assert read, "the scan found no section read: the modules moved?"
    assert read <= set(CARD_PLAY), f"add to CARD_PLAY: {sorted(read - set(CARD_PLAY))}"


def test_every_file_is_in_a_group_whose_first_file_has_its_card_play():
    firsts = distinct(CARD_PLAY)
    assert set(firsts) <= set(EVERY) and len(firsts) < len(EVERY)
    signature = {name: tuple(getattr(tr.load(name), s) for s in CARD_PLAY) for name in EVERY}
    kept = {signature[name] for name in firsts}
    assert len(kept) == len(firsts)  # one file per group
    assert all(signature[name] in kept for name in EVERY)  # and every file's group is kept
