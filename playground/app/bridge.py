"""The playground's calls into tractor-rules, run by Pyodide in the page's worker.

One call per edit: what the text prints as (the rule sheet, or another kind: the card, the
tracker) in HTML, with the text's diagnostics (errors, or the compiler's warnings), the linter's
warnings once the text compiles, and the tokens that colour the editor.
The answer is JSON text holding the facade's shapes, each diagnostic with one more field: "docs",
where the documentation site explains its code.
"""

import builtins
import dataclasses
import importlib.util
import json
import marshal
import sys
import sysconfig
from pathlib import Path
from types import CodeType, ModuleType
from typing import Any

#: where the build put the code of the functions ``dataclasses`` writes for the classes of the
#: modules the page imports (``precompile.mjs``): {the source dataclasses writes: its code}
DATACLASS_CODE = "_playground_dataclasses.bin"


class CompiledDataclasses:
    """``dataclasses``' ``exec`` of the functions it writes for a class (``__init__``, ``__eq__``,
    ...), with the code the build compiled for the same source when it has it: this Python compiles
    slowly, and these functions, compiled anew on every start, took a third of the time of
    importing tractor-rules.  A source the build did not see is compiled as dataclasses would."""

    def __init__(self, compiled: dict[str, CodeType]):
        self.compiled = compiled
        self.used = self.missed = 0

    def __call__(self, source: Any, globals: Any = None, locals: Any = None) -> None:
        code = self.compiled.get(source) if isinstance(source, str) else None
        if code is None:
            self.missed += 1
        else:
            self.used += 1
        builtins.exec(source if code is None else code, globals, locals)


def use_compiled_dataclasses(path: Path) -> CompiledDataclasses | None:
    """Make dataclasses take the code compiled at ``path`` (when the build put it there: not when
    this file runs outside the page); it must be done before the classes are made."""
    try:
        compiled = marshal.loads(path.read_bytes())
    except OSError:
        return None
    replacement = CompiledDataclasses(compiled)
    dataclasses.exec = replacement  # type: ignore[attr-defined]  (a global of the module shadows the builtin)
    return replacement


compiled_dataclasses = use_compiled_dataclasses(Path(sysconfig.get_path("purelib")) / DATACLASS_CODE)

from tractor_rules import facade  # noqa: E402  (after dataclasses takes the compiled code)
from tractor_rules.codes import code_info  # noqa: E402
from tractor_rules.language.parser import use_saved_parser  # noqa: E402
from tractor_rules.language.resolve import use_saved_shipped_trees  # noqa: E402
from tractor_rules.render.render import use_compiled_templates  # noqa: E402

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


#: the start of the names of the packages Jinja makes for templates read from modules
TEMPLATE_PACKAGES = "_jinja2_module_templates_"


#: how many shipped rulesets' syntax trees the page took from the build (``prepare``)
shipped_trees = 0


def prepare(saved_parser: Any, templates: str | None = None, saved_trees: Any = None) -> bool:
    """Read the parser the build saved (``parser.bin``, a JavaScript Uint8Array): the page would
    otherwise build its tables on its first answer, the longest part of it.  ``templates``: the
    folder of site-packages that holds the sheets' templates compiled to modules, which the sheets
    are then printed with (compiling a template took a tenth of a second).  ``saved_trees``: the
    shipped rulesets' syntax trees (``shipped.bin``), which a text that extends one then does not
    parse.  False, and the parser built when needed, if it was saved for another grammar."""
    global shipped_trees
    if templates:
        use_compiled_templates(Path(sysconfig.get_path("purelib")) / templates)
    if saved_trees is not None:
        shipped_trees = use_saved_shipped_trees(saved_trees.to_bytes())
    return use_saved_parser(saved_parser.to_bytes())


def bytecode_report() -> dict[str, int]:
    """Of the modules imported from files (the stdlib's archive, site-packages; not those frozen
    into the runtime), how many ran from the bytecode the build compiled: in the archive, the module
    is its .pyc; in site-packages, its cached .pyc is of this Python and unchecked (so used as is);
    how many of them are templates (read from the modules the build compiled them to); how many
    sources of dataclasses' functions took the code the build compiled, and how many were compiled
    here; and how many shipped rulesets' trees it took.  The page shows it (its tests check it)."""
    magic = importlib.util.MAGIC_NUMBER
    unchecked = (0b01).to_bytes(4, "little")  # PEP 552: hash-based, source not checked
    modules = precompiled = 0
    # Jinja keeps the modules of the templates on their package, out of sys.modules
    templates = [template for name, package in list(sys.modules.items()) if name.startswith(TEMPLATE_PACKAGES)
                 for template in vars(package).values() if isinstance(template, ModuleType)]
    for module in list(sys.modules.values()) + templates:
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
    dataclass_code = compiled_dataclasses or CompiledDataclasses({})
    return {"modules": modules, "precompiled": precompiled, "templates": len(templates), "shipped_trees": shipped_trees,
            "dataclass_functions": dataclass_code.used, "dataclass_functions_compiled": dataclass_code.missed}


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
