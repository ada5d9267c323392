"""The templates compiled to Python modules (what the playground ships, so that the browser's slow
Python never compiles a template) print every kind, format and language exactly as the templates
read from their sources do."""

from __future__ import annotations

from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.render import render_sheet
from tractor_rules.render.i18n import languages
from tractor_rules.render.kinds import KINDS
from tractor_rules.render.render import compile_templates, environment, use_compiled_templates

@pytest.fixture
def compiled(tmp_path: Path):
    compile_templates(tmp_path)
    yield tmp_path
    use_compiled_templates(None)


def test_compiled_templates_print_what_the_sources_print(compiled: Path):
    rules = tr.load("house-finding-friends")
    printed = [(kind.name, format, lang) for kind in KINDS.values() for format in kind.formats for lang in languages()]
    from_sources = {key: render_sheet(rules, format=key[1], lang=key[2], kind=key[0]) for key in printed}
    use_compiled_templates(compiled)
    assert {key: render_sheet(rules, format=key[1], lang=key[2], kind=key[0]) for key in printed} == from_sources
    # each was read from its module, not compiled again from its source
    for format in ("html", "md", "txt"):
        for template in environment(format, "en").cache.values():  # type: ignore[union-attr]
            assert Path(template.filename).parent == compiled / format, template.filename


def test_a_template_the_folder_lacks_is_read_from_its_source(compiled: Path):
    for module in (compiled / "html").glob("*.py"):
        module.unlink()
    use_compiled_templates(compiled)
    html = render_sheet(tr.load("two-decks"), format="html", kind="sheet")
    assert html.startswith("<!DOCTYPE html>")
    assert all(t.filename.endswith(".j2") for t in environment("html", "en").cache.values())  # type: ignore[union-attr]
