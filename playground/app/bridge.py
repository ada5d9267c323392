"""The playground's calls into tractor-rules, run by Pyodide in the page's worker.

One call per edit: what the text prints as (the rule sheet, or another kind: the card, the
tracker) in HTML, with the text's diagnostics (errors, or the compiler's warnings), the linter's
warnings once the text compiles, and the tokens that colour the editor.
The answer is JSON text holding the facade's shapes, each diagnostic with one more field: "docs",
where the documentation site explains its code.
"""

import importlib.util
import json
import sys
from typing import Any

from tractor_rules import facade
from tractor_rules.codes import code_info
from tractor_rules.language.parser import use_saved_parser

#: the name of the editor's text, in its diagnostics and on its sheet; Pyodide's file system holds
#: no file beside it, so the text can extend shipped rulesets (by name) only
ORIGIN = "playground.tractor"


def docs_section(code: str) -> str | None:
    """Where the documentation site explains a diagnostic code: its page (as the site names it)
    and anchor, e.g. "errors/#e001"."""
    try:
        info = code_info(code)
    except KeyError:
        return None
    return f"{info.page.removesuffix('.md')}/#{info.anchor}"


def prepare(saved_parser: Any) -> bool:
    """Read the parser the build saved (``parser.bin``, a JavaScript Uint8Array): the page would
    otherwise build its tables on its first answer, the longest part of it.  False, and the parser
    built when needed, if it was saved for another grammar."""
    return use_saved_parser(saved_parser.to_bytes())


def bytecode_report() -> dict[str, int]:
    """Of the modules imported from files (the stdlib's archive, site-packages; not those frozen
    into the runtime), how many ran from the bytecode the build compiled: in the archive, the module
    is its .pyc; in site-packages, its cached .pyc is of this Python and unchecked (so used as is).
    The page shows it (its tests check it)."""
    magic = importlib.util.MAGIC_NUMBER
    unchecked = (0b01).to_bytes(4, "little")  # PEP 552: hash-based, source not checked
    modules = precompiled = 0
    for module in list(sys.modules.values()):
        spec = getattr(module, "__spec__", None)
        if spec is None or not spec.has_location or not spec.origin:
            continue
        modules += 1
        if spec.origin.endswith(".pyc"):
            precompiled += 1
        elif spec.cached:
            try:
                with open(spec.cached, "rb") as cached:
                    precompiled += cached.read(8) == magic + unchecked
            except OSError:
                pass
    return {"modules": modules, "precompiled": precompiled}


def update(text: str, lang: str, kind: str = "sheet", fallback: str | None = None) -> str:
    """The answer to one edit.  ``fallback``: the last text that compiled, whose sheet (in ``lang``
    and ``kind``) is the answer's when ``text`` has errors, marked "stale"."""
    rendered = facade.render(text, ORIGIN, lang=lang, fmt="html", kind=kind)
    diagnostics = rendered["diagnostics"]
    sheet, stale = rendered["output"], False
    if sheet is None and fallback is not None:
        sheet = facade.render(fallback, ORIGIN, lang=lang, fmt="html", kind=kind)["output"]
        stale = sheet is not None
    if rendered["output"] is not None:
        seen = {(d["code"], d["line"], d["column"]) for d in diagnostics}
        diagnostics += [warning for warning in facade.lint(text, ORIGIN)["diagnostics"]
                        if (warning["code"], warning["line"], warning["column"]) not in seen]
    for diagnostic in diagnostics:
        diagnostic["docs"] = docs_section(diagnostic["code"]) if diagnostic.get("code") else None
    return json.dumps({"diagnostics": diagnostics, "tokens": facade.tokens(text), "sheet": sheet, "stale": stale})
