"""The gallery of real house rules, ``examples/house-rules/``: every file follows the gallery's
conventions, compiles as a house file of a shipped ruleset, renders its sheet in English and
Chinese (its own rules marked), plays ``HANDS`` hands with random and with greedy players through
``tractor-rules simulate`` without an error, and every hand of the log replays clean.  The gallery
page of the site is current."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sharing import cores_per_test

import tractor_rules as tr
from tractor_rules import cli
from tractor_rules.engine.records.replay import replay_log
from tractor_rules.render import gallery
from tractor_rules.render.render import render_sheet

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "examples" / "house-rules"
PAGE = ROOT / "docs" / "gallery.md"
FILES = sorted(FOLDER.glob("*.tractor"))
REFRESH = "refresh with: python -m tractor_rules.render.gallery examples/house-rules docs/gallery.md"


def test_the_gallery_holds_the_collected_rules():
    assert len(FILES) >= 1
    assert sorted(p.name for p in FOLDER.iterdir() if p.suffix != ".tractor") == []


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_gallery_file_is_a_house_rule_with_its_source(path: Path):
    entry = gallery.read_entry(path)
    rules = entry.rules
    assert len(rules.files) >= 2, "a gallery rule extends a shipped ruleset"
    assert Path(rules.files[-1]).stem in tr.builtin_names()
    assert rules.house_changes, "the file changes nothing of its parent"
    assert entry.source and entry.about, "the opening comment names the source and says the rule"
    parent = tr.load(Path(rules.files[1]).stem) if len(rules.files) == 2 else None
    if parent is not None:
        assert rules.name != parent.name and rules.description != parent.description, \
            "a gallery rule has a name and description of its own"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_gallery_file_renders_its_rules_marked(path: Path, lang: str):
    rules = tr.load(str(path))
    for format in ("md", "html", "txt"):
        assert render_sheet(rules, format=format, lang=lang).strip()
    assert gallery.house_items(rules, lang), "the sheet marks no rule of the file"


#: The hands each file plays with each kind of players, and then replays.  What they buy is the
#: engine's and the replay's code that the file's own rules lead to (a kind of bomb, a ladder, a
#: way of calling a friend), reached in play.  Measured on 2026-12-05 with branch coverage of
#: tractor_rules (coverage.py arcs), hand by hand, over the 58 files with both kinds of players:
#: 200 hands reached 11,653 arcs; the first 5, 10, 20, 40, 80 hands of every file miss 274, 167,
#: 108, 31, 23 of them.  From 21 hands on, every arc missed is reached by another test (the last
#: ones: rainbows of C07-rainbows, met at its 21st hand; the follow context's bounded memory,
#: tests/engine/test_follow_demands.py), so the suite's union of arcs is the same as with 200.
#: 40 hands is about twice that: the margin for rules and files that move a path a few hands on.
#: (docs/contributing.md, "Sample sizes", says how to measure it again.)
HANDS = 40
#: the command plays its hands in a worker process per core by default; where xdist already keeps
#: every core busy with other tests, the run plays them in its own process instead of starting
#: processes for each file (the hands and the log are the same: tests/sim/test_parallel.py)
WORKERS = [] if cores_per_test() > 1 else ["--workers", "1"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
@pytest.mark.parametrize("players", ["random", "greedy"])
def test_a_gallery_file_plays_hands_and_replays_clean(path: Path, players: str, tmp_path: Path, capsys, unsettled):
    log = tmp_path / "hands.jsonl"
    status = cli.main(["simulate", str(path), "--hands", str(HANDS), "--seed", "7", "--players", players,
                       "--log", str(log), "--json", *WORKERS])
    out = capsys.readouterr()
    assert status == 0, out.err
    assert json.loads(out.out)["hands"] == HANDS
    lines = log.read_text(encoding="utf-8").splitlines()
    assert len(lines) == HANDS
    assert replay_log(lines, tr.load(str(path))) == {}


def test_the_gallery_page_is_current_and_shows_every_rule_with_its_sheet_excerpt(monkeypatch):
    # the sheets' house items the page is made of, kept as it asks for them: building them again
    # for the second check would double the test's cost (a sheet of every file in two languages)
    excerpts: dict[tuple[str, str], list] = {}
    made_of = gallery.house_items

    def kept(rules: tr.Rules, lang: str) -> list:
        excerpts[Path(rules.files[0]).name, lang] = items = made_of(rules, lang)
        return items

    monkeypatch.setattr(gallery, "house_items", kept)
    text = PAGE.read_text(encoding="utf-8")
    assert text == gallery.page(FOLDER), REFRESH
    for path in FILES:
        entry = gallery.read_entry(path)
        assert f"{{ #{entry.id.lower()} }}" in text
        assert entry.text in text
        for lang in ("en", "zh"):
            first = excerpts[path.name, lang][0]
            assert first.text.split("\n")[0][:30].replace("*", "") in text.replace("\\", "")


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


HOUSE = ('# X01: a rule in plain words.\n# Source: a published rule page.\n'
         'ruleset: "Mine"\ndescription: "Mine, with 2s mandatory."\nextends: "two-decks"\n\n'
         'levels\n  mandatory: 5, A\n')


def test_read_entry_takes_the_opening_comment_apart(tmp_path: Path):
    entry = gallery.read_entry(_write(tmp_path, "X01-mine.tractor", HOUSE))
    assert (entry.id, entry.source, entry.about) == ("X01", "a published rule page", ("A rule in plain words.",))
    assert entry.rules.levels.mandatory == ("5", "A")


@pytest.mark.parametrize("name, text, message", [
    ("mine.tractor", HOUSE, "named ID-short-name.tractor"),
    ("X01-Mine.tractor", HOUSE, "named ID-short-name.tractor"),
    ("X01-mine.tractor", HOUSE.replace("# Source: a published rule page.\n", ""), "must name the rule's source"),
])
def test_read_entry_refuses_files_that_break_the_conventions(tmp_path: Path, name: str, text: str, message: str):
    with pytest.raises(ValueError, match=message):
        gallery.read_entry(_write(tmp_path, name, text))


def test_the_page_of_a_folder_links_each_rule_to_its_excerpts(tmp_path: Path):
    _write(tmp_path, "X01-mine.tractor", HOUSE)
    text = gallery.page(tmp_path)
    # no Chinese name: the Chinese sheet's title, the English one
    assert "| [X01](#x01) | Mine | Mine | a published rule page |" in text
    assert "## X01: Mine { #x01 }" in text
    assert "Levels 5 and A must be played" in text
    assert "5和A必打" in text
    assert "house rule" not in text.split("## X01")[1]


#: what a ruleset's text might hold to end the page's code block early, were the compiler to let it
#: through: a carriage return alone (a line end for Markdown), runs of backticks and tildes
HOSTILE_TEXT = ('# X02: a rule in plain words.\n# Source: a published rule page.\n'
                '# end of note\r```\n# ````\r<script>alert(1)</script>\n# ~~~\rsecond\r\n'
                'ruleset: "Mine"\nextends: "two-decks"\n')


def _site_html(markdown_text: str) -> str:
    """The HTML the site's Markdown (the extensions of mkdocs.yml) makes of a page."""
    import markdown
    import yaml

    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    extensions, configs = [], {}
    for entry in config["markdown_extensions"]:
        name, options = next(iter(entry.items())) if isinstance(entry, dict) else (entry, None)
        extensions.append(name)
        if options:
            configs[name] = options
    return markdown.markdown(markdown_text, extensions=extensions, extension_configs=configs)


def test_a_code_block_of_the_page_holds_whatever_the_text_holds():
    """The page builder does not trust the compiler to have refused what would end its code block:
    no text makes HTML outside the block."""
    block = gallery.code_block(HOSTILE_TEXT, "tractor")
    assert block.startswith("`````tractor\n") and block.endswith("\n`````")
    assert "\r" not in block
    html = _site_html("Before.\n\n" + block + "\n\nAfter.\n")
    assert "<script" not in html
    assert html.count("<pre") == 1 and "alert(" in html.split("<pre")[1].split("</pre>")[0]
    assert html.index("After.") > html.index("</pre>")


def test_the_page_keeps_a_file_whose_text_would_break_a_plain_fence_in_its_block(tmp_path: Path, monkeypatch):
    _write(tmp_path, "X02-hostile.tractor", HOSTILE_TEXT)
    # the compiler refuses the lone carriage returns (E016); the page must be safe without that
    with pytest.raises(tr.RulesetError, match="E016"):
        gallery.read_entry(tmp_path / "X02-hostile.tractor")
    monkeypatch.setattr(gallery, "load", lambda path: tr.loads(HOUSE))
    page = gallery.page(tmp_path)
    html = _site_html(page)
    assert "<script" not in html
    assert "alert(" in html.split("<pre")[1].split("</pre>")[0]


def test_the_site_refuses_a_page_made_from_rulesets_that_holds_active_html():
    """The site's hook is the last guard: the gallery's HTML as built holds none, a page that did
    would fail the build."""
    import sys

    sys.path.insert(0, str(ROOT))
    from site_hooks.generated_pages import active_html

    assert active_html(_site_html(PAGE.read_text(encoding="utf-8"))) is None
    assert active_html("<p>x</p><script>alert(1)</script>") == "a <script> element"
    assert active_html('<img src="x" onerror="alert(1)">') == "an event attribute 'onerror' on <img>"
    assert active_html('<a href=" JavaScript:alert(1)">x</a>') == "a javascript: link on <a>"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_gallery_file_is_written_as_fmt_writes_it(path: Path):
    from tractor_rules.language.format import format_text

    text = path.read_text(encoding="utf-8")
    assert format_text(text, str(path)) == text, f"run: tractor-rules fmt {path.relative_to(ROOT)}"
