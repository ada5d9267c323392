"""The playground's calls into tractor-rules, run by Pyodide in the page's worker.

One call per edit: the facade's diagnostics (errors, then the lint's warnings once the text
compiles), the tokens that colour the editor, and the rule sheet as HTML when the text compiles.
The answer is JSON text, the facade's shapes unchanged.
"""

import json

from tractor_rules import facade

#: the name of the editor's text, in its diagnostics and on its sheet; Pyodide's file system holds
#: no file beside it, so the text can extend shipped rulesets (by name) only
ORIGIN = "playground.tractor"


def update(text: str, lang: str) -> str:
    diagnostics = facade.check(text, ORIGIN)["diagnostics"]
    sheet = None
    if not any(diagnostic["severity"] == "error" for diagnostic in diagnostics):
        seen = {(d["code"], d["line"], d["column"]) for d in diagnostics}
        for warning in facade.lint(text, ORIGIN)["diagnostics"]:
            if (warning["code"], warning["line"], warning["column"]) not in seen:
                diagnostics.append(warning)
        rendered = facade.render(text, ORIGIN, lang=lang, fmt="html")
        sheet = rendered["output"]
        diagnostics += [d for d in rendered["diagnostics"] if d["severity"] == "error"]
    return json.dumps({"diagnostics": diagnostics, "tokens": facade.tokens(text), "sheet": sheet})
