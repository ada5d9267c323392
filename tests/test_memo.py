"""What the language makes of a text is kept (tractor_rules/memo.py): the same files give the same
syntax tree and the same rules object, a change to any file of the chain gives new ones, an error
is worked out (and reported) again every time, and the caches stay within their bounds."""

from __future__ import annotations

import gc
import threading

import pytest

import tractor_rules as tr
from tractor_rules import memo
from tractor_rules.engine import oracle
from tractor_rules.render.sheet import build_sheet

HOUSE = 'ruleset: "House"\nextends: "two-decks"\n\nlevels\n  defend: 5, 10, K\n'


def test_the_same_text_gives_the_same_rules_object_and_card_orders():
    first = tr.loads(HOUSE, "house.tractor")
    again = tr.loads(HOUSE, "house.tractor")
    assert again is first
    assert first.context("2", "S") is again.context("2", "S")
    # a text of other content, or named otherwise, is its own
    assert tr.loads(HOUSE + "\n", "house.tractor") is not first
    other = tr.loads(HOUSE, "other.tractor")
    assert other is not first and other.files[0] == "other.tractor"  # messages name the file asked for


def test_a_parent_changed_on_disk_gives_new_rules(tmp_path):
    parent = tmp_path / "club.tractor"
    child = tmp_path / "house.tractor"
    parent.write_text('ruleset: "Club"\nextends: "two-decks"\n\nlead\n  throw penalty: 10 per card taken back\n',
                      encoding="utf-8")
    child.write_text('ruleset: "House"\nextends: "club.tractor"\n', encoding="utf-8")
    before = tr.load(child)
    assert tr.load(child) is before
    parent.write_text('ruleset: "Club"\nextends: "two-decks"\n\nlead\n  throw penalty: 20 per card taken back\n',
                      encoding="utf-8")
    after = tr.load(child)
    assert after is not before
    assert (before.leading.throw_penalty.points, after.leading.throw_penalty.points) == (10, 20)


def test_an_error_is_reported_every_time():
    bad = 'extends: "two-decks"\nlevels\n  defnd: 5\n'
    for _ in range(2):
        with pytest.raises(tr.RulesetError) as caught:
            tr.loads(bad, "bad.tractor")
        assert "defnd" in str(caught.value)


def test_a_sheet_is_built_once_for_its_formats_and_again_for_other_rules():
    rules = tr.loads(HOUSE, "house.tractor")
    assert build_sheet(rules) is build_sheet(rules)
    assert build_sheet(rules, "zh") is not build_sheet(rules)
    assert build_sheet(tr.loads(HOUSE, "other.tractor")) is not build_sheet(rules)


def test_a_text_longer_than_the_bound_is_not_kept():
    long = HOUSE + "# " + "x" * memo.MAX_KEPT_TEXT + "\n"
    assert tr.loads(long, "long.tractor") is not tr.loads(long, "long.tractor")


def test_by_content_keeps_the_most_recent_entries_and_no_errors():
    cache: memo.ByContent[int] = memo.ByContent(2)
    made: list[str] = []

    def make(key: str) -> int:
        made.append(key)
        return len(made)

    assert cache.get("a", 1, lambda: make("a")) == 1
    assert cache.get("b", 1, lambda: make("b")) == 2
    assert cache.get("a", 1, lambda: make("a")) == 1  # kept, and now the most recent
    assert cache.get("c", 1, lambda: make("c")) == 3  # "b", the least recent, goes
    assert cache.get("b", 1, lambda: make("b")) == 4
    assert made == ["a", "b", "c", "b"]

    def fails() -> int:
        raise ValueError("no")

    for _ in range(2):
        with pytest.raises(ValueError):
            cache.get("d", 1, fails)
    assert cache.get("d", 1, lambda: make("d")) == 5


def test_by_identity_never_takes_another_object_for_a_kept_one():
    cache: memo.ByIdentity[object, str] = memo.ByIdentity(4)
    first = object()
    assert cache.get(first, "x", lambda: "first") == "first"
    assert cache.get(first, "x", lambda: "again") == "first"
    assert cache.get(first, "y", lambda: "other detail") == "other detail"
    assert cache.kept_for(first) == {"x": "first", "y": "other detail"}
    other = object()
    assert cache.get(other, "x", lambda: "other") == "other"
    # the entry keeps its object alive, so no new object can have its id while it is kept
    del first
    gc.collect()
    assert len({id(object()) for _ in range(100)} & {key[0] for key in cache._entries}) == 0


def test_threads_asking_together_get_equal_rules():
    got: list[tr.Rules] = []
    start = threading.Barrier(6)
    text = HOUSE.replace("5, 10, K", "10, K")

    def ask() -> None:
        start.wait()
        got.append(tr.loads(text, "threads.tractor"))

    threads = [threading.Thread(target=ask) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(got) == 6 and all(rules == got[0] for rules in got)
    assert tr.loads(text, "threads.tractor") in got


def test_forget_all_empties_every_cache():
    rules = tr.loads(HOUSE, "house.tractor")
    rules.context("2", "S")
    memo.forget_all()
    assert oracle._CONTEXTS.kept_for(rules) == {}
    assert tr.loads(HOUSE, "house.tractor") is not rules


def test_answers_worked_out_in_a_kept_only_outside_block_are_forgotten_after_it():
    before = tr.loads(HOUSE, "house.tractor")
    inside_text = HOUSE + "\n# worked out inside\n"
    with memo.kept_only_outside():
        assert tr.loads(HOUSE, "house.tractor") is before  # kept before: used as ever
        inside = tr.loads(inside_text, "house.tractor")
        assert tr.loads(inside_text, "house.tractor") is inside  # kept while the block lasts
        inside.context("2", "S")
    assert tr.loads(HOUSE, "house.tractor") is before  # what was kept before stays
    assert oracle._CONTEXTS.kept_for(inside) == {}
    again = tr.loads(inside_text, "house.tractor")
    assert again is not inside and again == inside  # worked out again, to the same rules


def test_a_block_that_raises_forgets_its_answers_too():
    text = HOUSE + "\n# raised after\n"
    with pytest.raises(RuntimeError), memo.kept_only_outside():
        made = tr.loads(text, "house.tractor")
        raise RuntimeError("stop")
    assert tr.loads(text, "house.tractor") is not made
