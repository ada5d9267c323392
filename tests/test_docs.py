"""The documentation's ruleset examples are true: every ```tractor block compiles, unless the
block right after it is the error output it is documented to give, which must then match; an
example documented with a warning compiles and gives that warning first (from the linter)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules import facade

DOCS = Path(__file__).resolve().parent.parent / "docs"
FENCE = re.compile(r"```(\w*)\n(.*?)```", re.S)
DIAGNOSTIC = re.compile(r"^\S+?:(\d+):(\d+): (?:error|warning)\[([EW]\d{3})\]: (.*)$")


def examples() -> list[tuple[str, int, str, str | None]]:
    found = []
    for page in sorted(DOCS.glob("*.md")):
        text = page.read_text(encoding="utf-8")
        blocks = list(FENCE.finditer(text))
        for index, block in enumerate(blocks):
            if block.group(1) != "tractor":
                continue
            # The error an example is documented to give: the first diagnostic of a text block
            # that comes after it, before the next example.
            expected = None
            for after in blocks[index + 1 :]:
                if after.group(1) == "tractor":
                    break
                first = after.group(2).splitlines()[0] if after.group(2) else ""
                if after.group(1) == "text" and DIAGNOSTIC.match(first):
                    expected = first
                    break
            line = text[: block.start()].count("\n") + 1
            found.append((page.name, line, block.group(2), expected))
    return found


EXAMPLES = examples()


def test_the_docs_have_ruleset_examples():
    assert len(EXAMPLES) > 50
    assert sum(1 for *_, expected in EXAMPLES if expected) > 20


@pytest.mark.parametrize("page, line, body, expected", EXAMPLES, ids=[f"{p}:{n}" for p, n, _, _ in EXAMPLES])
def test_example(page, line, body, expected, tmp_path):
    origin = str(tmp_path / "house.tractor")
    # A page may show a house rule built on another of the reader's files: stand one in for it.
    for parent in re.findall(r'^extends: "([^"/]+\.tractor)"', body, re.M):
        if expected is None or "cannot find" not in expected:
            (tmp_path / parent).write_text('extends: "two-decks"\n', encoding="utf-8")
    if expected is None:
        assert isinstance(tr.loads(body, origin=origin), tr.Rules)
        return
    want = DIAGNOSTIC.match(expected)
    if want.group(3).startswith("W"):
        assert isinstance(tr.loads(body, origin=origin), tr.Rules)
        first = facade.lint(body, origin)["diagnostics"][0]
        assert (first["line"], first["column"], first["code"], first["message"]) == (
            int(want.group(1)), int(want.group(2)), want.group(3), want.group(4))
        return
    with pytest.raises(tr.RulesetError) as info:
        tr.loads(body, origin=origin)
    got = info.value.diagnostics[0]
    message = got.message.replace(str(tmp_path), "/home/me/rules")
    assert (got.line, got.column, got.code, message) == (int(want.group(1)), int(want.group(2)), want.group(3),
                                                         want.group(4))
