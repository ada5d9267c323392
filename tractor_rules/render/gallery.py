"""The gallery of real house rules (``examples/house-rules/``) as a page of the documentation site.

    python -m tractor_rules.render.gallery examples/house-rules docs/gallery.md

Each file of the folder is one real rule, named ``ID-short-name.tractor`` (the ID of the rule in
the project's collection, e.g. ``L02``), opening with a comment that names its source (a line
``# Source: ...``) and says the rule in plain words.  The page shows, for each: that comment, the
file, and the items of its rule sheet that the file changes from its parent (the sheet's "house
rule" items), in English and Chinese; its table of contents gives each rule's name in both.  A
test compares the committed page with a fresh one.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, replace
from pathlib import Path

from ..api import load
from ..rules import Rules
from ..titles import title_in
from .model import Item
from .render import environment
from .sheet import build_sheet

#: ``ID-short-name.tractor``: the ID in capitals and digits, the name in lower case with hyphens
FILE_NAME = re.compile(r"^(?P<id>[A-Z]+[0-9]+)-(?P<name>[a-z0-9]+(?:-[a-z0-9]+)*)\.tractor$")
LANGUAGES = ("en", "zh")


@dataclass(frozen=True, slots=True)
class Entry:
    """One rule of the gallery."""

    id: str
    path: Path
    text: str
    #: the opening comment, as paragraphs of plain text (comment markers removed)
    about: tuple[str, ...]
    #: the "Source:" line of the opening comment, without its label
    source: str
    rules: Rules


def header_comment(text: str) -> list[str]:
    """The lines of the comment a ruleset file opens with, without their ``#`` (lines as the
    language counts them: only a line feed ends one)."""
    lines = []
    for line in (line.removesuffix("\r") for line in text.split("\n")):
        if not line.startswith("#"):
            break
        lines.append(line[1:].strip())
    return lines


def _paragraphs(lines: list[str]) -> tuple[str, ...]:
    out: list[str] = []
    current: list[str] = []
    for line in lines:
        if line:
            current.append(line)
        elif current:
            out.append(" ".join(current))
            current = []
    if current:
        out.append(" ".join(current))
    return tuple(out)


def read_entry(path: Path) -> Entry:
    """The gallery entry of one file; ``ValueError`` when the file does not follow the gallery's
    conventions (its name, its opening comment)."""
    match = FILE_NAME.match(path.name)
    if match is None:
        raise ValueError(f"{path.name}: a gallery file is named ID-short-name.tractor (e.g. L02-defend-levels.tractor)")
    text = path.read_text(encoding="utf-8")
    comment = header_comment(text)
    sources = [line for line in comment if line.startswith("Source:")]
    if len(sources) != 1:
        raise ValueError(f"{path.name}: the opening comment must name the rule's source on one line '# Source: ...'")
    about = [line for line in comment if not line.startswith("Source:")]
    if about and about[0].startswith(match["id"] + ":"):  # "L02: ..." repeats the page's heading
        about[0] = about[0][len(match["id"]) + 1:].strip()
        about[0] = about[0][:1].upper() + about[0][1:]
    source = sources[0].removeprefix("Source:").strip().rstrip(".")
    return Entry(match["id"], path, text, _paragraphs(about), source, load(str(path)))


def entries(folder: Path) -> list[Entry]:
    """The gallery's entries, in the order of their file names."""
    return [read_entry(p) for p in sorted(folder.glob("*.tractor"))]


#: every way a line can end for some reader of the page: Markdown ends one at CR, LF and CRLF
_LINE_ENDS = re.compile(r"\r\n|\r|\n")


def code_block(text: str, lang: str) -> str:
    """``text`` as a fenced code block of Markdown that nothing in it can end early, whatever it holds.

    Its lines end with LF only, so that the page shows the lines Markdown reads (a carriage return
    alone ends a line for Markdown, and what followed one in a comment once came out of the block
    as HTML); and its fence is longer than any run of backticks in it, since only a fence as long
    as the opening one closes the block."""
    body = _LINE_ENDS.sub("\n", text)
    if not body.endswith("\n"):
        body += "\n"
    longest = max((len(run) for run in re.findall(r"`+", body)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{lang}\n{body}{fence}"


def house_items(rules: Rules, lang: str) -> list[Item]:
    """The items of the rule sheet that the ruleset's own file changes (its "house rule" items),
    without their badge: on the gallery page every one of them is a house rule."""
    return [replace(item, house=False) for item in build_sheet(rules, lang).items() if item.house]


def page(folder: Path) -> str:
    """The gallery page for the files of ``folder``."""
    shown = []
    for entry in entries(folder):
        excerpts = {lang: house_items(entry.rules, lang) for lang in LANGUAGES}
        parent = entry.rules.files[1] if len(entry.rules.files) > 1 else ""
        shown.append({"entry": entry, "excerpts": excerpts, "parent": parent,
                      "names": {lang: title_in(entry.rules, lang).name for lang in LANGUAGES},
                      "file": f"{folder.parent.name}/{folder.name}/{entry.path.name}",
                      "code": code_block(entry.text, "tractor")})
    labels = {lang: build_sheet(Rules(), lang).labels for lang in LANGUAGES}
    template = environment("md", "en").get_template("gallery.md.j2")
    return template.render(entries=shown, labels=labels).rstrip("\n") + "\n"


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m tractor_rules.render.gallery FOLDER PAGE.md", file=sys.stderr)
        return 2
    folder, target = Path(argv[0]), Path(argv[1])
    text = page(folder)
    target.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
