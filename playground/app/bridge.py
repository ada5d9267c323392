"""The playground's calls into tractor-rules, run by Pyodide in the page's worker.

One call per edit: what the text prints as (the rule sheet, or another kind: the card, the
tracker) in HTML, with the text's diagnostics (errors, or the compiler's warnings), the linter's
warnings once the text compiles, and the tokens that colour the editor.
The answer is JSON text holding the facade's shapes, each diagnostic with one more field: "docs",
where the documentation site explains its code.
"""

import json

from tractor_rules import facade
from tractor_rules.codes import code_info

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


def update(text: str, lang: str, kind: str = "sheet") -> str:
    rendered = facade.render(text, ORIGIN, lang=lang, fmt="html", kind=kind)
    diagnostics = rendered["diagnostics"]
    if rendered["output"] is not None:
        seen = {(d["code"], d["line"], d["column"]) for d in diagnostics}
        diagnostics += [warning for warning in facade.lint(text, ORIGIN)["diagnostics"]
                        if (warning["code"], warning["line"], warning["column"]) not in seen]
    for diagnostic in diagnostics:
        diagnostic["docs"] = docs_section(diagnostic["code"]) if diagnostic.get("code") else None
    return json.dumps({"diagnostics": diagnostics, "tokens": facade.tokens(text), "sheet": rendered["output"]})
