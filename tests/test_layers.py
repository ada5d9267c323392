"""The layers of DESIGN.md and docs/design.md hold: the engine, the rule sheets and the export see
only the compiled rules object, never the language that produced it; the engine's parts import only
the parts below them; the commands sit above everything and nothing imports them; no module
imports another's private names; no chain of module-level imports is a cycle; an import deferred
into a function says why it waits; and docs/design.md's map names every part of the package."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "tractor_rules"


def imported_from(path: Path, node: ast.ImportFrom) -> str:
    """The absolute name of the module a ``from ... import`` in ``path`` reads from."""
    if not node.level:
        return node.module or ""
    package = path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1]
    base = package[: len(package) - node.level + 1]
    return ".".join(base + ((node.module,) if node.module else ()))


@cache
def syntax_tree(path: Path) -> ast.Module:
    """A file's syntax tree, read once for all the tests here (each walks the package's files; none
    changes a tree)."""
    return ast.parse(path.read_text(encoding="utf-8"))


@cache
def imported_modules(path: Path) -> frozenset[str]:
    """Absolute names of the package modules a file imports (relative imports resolved)."""
    found: set[str] = set()
    for node in ast.walk(syntax_tree(path)):
        if isinstance(node, ast.ImportFrom):
            name = imported_from(path, node)
            found.add(name)
            found.update(f"{name}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return frozenset(name for name in found if name.startswith("tractor_rules"))


@pytest.mark.parametrize("layer", ["engine", "render"])
def test_a_layer_never_imports_the_language(layer):
    for path in sorted((PACKAGE / layer).rglob("*.py")):
        language = sorted(m for m in imported_modules(path) if m.startswith("tractor_rules.language"))
        assert language == [], f"{path.relative_to(PACKAGE)} imports {language}"


#: the modules of the rules object (``tractor_rules/rules/``, one per section)
RULES_MODULES = sorted(f"rules/{path.name}" for path in (PACKAGE / "rules").glob("*.py"))


@pytest.mark.parametrize("module", [*RULES_MODULES, "codec.py", "errors.py"])
def test_the_rules_object_and_its_export_stand_alone(module):
    imported = imported_modules(PACKAGE / module)
    assert not any(m.startswith(("tractor_rules.language", "tractor_rules.render")) for m in imported), imported


def test_the_checks_both_readers_run_sit_with_the_rules():
    """The checks that relate several fields (and what the statements make sure of) are run by the
    compiler and by ``Rules.from_dict``, so that both refuse the same rules with the same words.  The
    export may not import the language, so the checks live with the rules (``rules/checks.py``),
    reading the rules model and the codes only, and each reader brings its own reporter: the
    compiler's positions a problem at a statement, the codec's names a field of the document."""
    imported = imported_modules(PACKAGE / "rules" / "checks.py")
    assert sorted(m for m in imported if m != "tractor_rules"
                  and not m.startswith(("tractor_rules.rules", "tractor_rules.codes"))) == []
    assert "tractor_rules.rules.checks" in imported_modules(PACKAGE / "codec.py")
    assert "tractor_rules.rules.checks" in imported_modules(PACKAGE / "language" / "compiler" / "checking.py")


def test_the_language_never_imports_the_sheets():
    for path in sorted((PACKAGE / "language").rglob("*.py")):
        assert not any(m.startswith("tractor_rules.render") for m in imported_modules(path)), path


# The command line's layers: cli.py assembles the parser from the commands package; the commands
# share commands/common.py and the safe output files of outputs.py, which the simulation layer
# (sim/) also uses without importing the commands.

#: names the package's modules may import although they start with an underscore: ``_`` is the
#: translation function of gettext's convention (render/i18n.py)
PUBLIC_UNDERSCORE_NAMES = {"_"}

def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def private_imports(path: Path) -> list[tuple[str, str]]:
    """(module, name) of each underscore-prefixed name (or module) ``path`` imports from another
    module of the package, relative imports resolved."""
    own = module_name(path)
    found: list[tuple[str, str]] = []
    for node in ast.walk(syntax_tree(path)):
        if isinstance(node, ast.ImportFrom):
            module = imported_from(path, node)
            if not module.startswith("tractor_rules") or module == own:
                continue
            private_path = [p for p in module.split(".") if p.startswith("_") and not p.startswith("__")]
            found.extend((module, p) for p in private_path)
            found.extend((module, alias.name) for alias in node.names
                         if alias.name.startswith("_") and not alias.name.startswith("__")
                         and alias.name not in PUBLIC_UNDERSCORE_NAMES)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("tractor_rules"):
                    found.extend((alias.name, p) for p in alias.name.split(".")
                                 if p.startswith("_") and not p.startswith("__"))
    return found


def test_no_module_imports_another_modules_private_names():
    found = [(str(path.relative_to(PACKAGE)), module, name)
             for path in sorted(PACKAGE.rglob("*.py")) for module, name in private_imports(path)]
    assert found == []


def test_only_the_entry_point_imports_the_command_line_module():
    entry = {PACKAGE / "cli.py", PACKAGE / "__main__.py"}
    importers = [str(path.relative_to(PACKAGE)) for path in sorted(PACKAGE.rglob("*.py"))
                 if path not in entry and any(m == "tractor_rules.cli" or m.startswith("tractor_rules.cli.")
                                              for m in imported_modules(path))]
    assert importers == []


def test_the_commands_never_import_the_command_line_module():
    for path in sorted((PACKAGE / "commands").rglob("*.py")):
        imported = imported_modules(path)
        assert not any(m == "tractor_rules.cli" or m.startswith("tractor_rules.cli.") for m in imported), path


def test_only_the_command_line_imports_the_commands():
    """The layers below the commands (sim/, interop/, outputs.py, ...) never import them."""
    for path in sorted(PACKAGE.rglob("*.py")):
        if path == PACKAGE / "cli.py" or (PACKAGE / "commands") in path.parents:
            continue
        assert not any(m.startswith("tractor_rules.commands") for m in imported_modules(path)), path


# --- the engine's sub-packages ------------------------------------------------------------------
#: the engine's parts, lowest first: each may import only itself and the parts before it (see
#: engine/__init__.py); ``errors`` sits below them all, and the facades ``engine/__init__.py`` and
#: ``engine/game.py`` above them all
ENGINE_LAYERS = ("errors", "deck", "rulings", "oracle", "flow", "players", "records")
ENGINE_FACADES = ("__init__", "game")


def engine_part(module: str) -> str | None:
    """The part of the engine a dotted name belongs to (``None`` for the package itself)."""
    rest = module.removeprefix("tractor_rules.engine")
    return rest.lstrip(".").split(".")[0] or None


def test_the_answers_kept_import_nothing_of_the_package():
    """``memo`` keeps what every layer makes (trees, rules, card orders, sheets): it sits below them
    all, so that the engine may use it without reading the language or the sheets."""
    assert imported_modules(PACKAGE / "memo.py") == set()


def engine_modules() -> list[Path]:
    return sorted((PACKAGE / "engine").rglob("*.py"))


def test_every_engine_module_sits_in_a_part():
    for path in engine_modules():
        parts = path.relative_to(PACKAGE / "engine").with_suffix("").parts
        assert parts[0] in ENGINE_LAYERS + ENGINE_FACADES, f"{path.relative_to(PACKAGE)} is in no part of the engine"


@pytest.mark.parametrize("path", engine_modules(), ids=lambda p: str(p.relative_to(PACKAGE / "engine")))
def test_an_engine_part_imports_only_the_parts_below_it(path):
    own = path.relative_to(PACKAGE / "engine").with_suffix("").parts[0]
    imported = imported_modules(path)
    outside = sorted(m for m in imported if not m.startswith(("tractor_rules.engine", "tractor_rules.rules",
                                                                "tractor_rules.errors", "tractor_rules.memo")))
    assert outside == [], (f"the engine reads only the rules model, its errors and the answers kept (memo); "
                           f"{path.relative_to(PACKAGE)} imports {outside}")
    if own in ENGINE_FACADES:
        return
    allowed = set(ENGINE_LAYERS[: ENGINE_LAYERS.index(own) + 1])
    above = sorted(m for m in imported
                   if m.startswith("tractor_rules.engine") and engine_part(m) not in (None, *allowed))
    assert above == [], f"{path.relative_to(PACKAGE)} ({own}) imports {above}, above it"


def module_level_imports(path: Path) -> set[str]:
    """The package modules a file imports when it is imported: its top-level statements, not the
    imports deferred into functions or kept for type checkers."""
    found: set[str] = set()
    tree = syntax_tree(path)
    for node in tree.body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        statements = [node] if not isinstance(node, ast.Try) else node.body
        for statement in statements:
            if isinstance(statement, ast.ImportFrom):
                name = imported_from(path, statement)
                for alias in statement.names:
                    found.add(f"{name}.{alias.name}" if f"{name}.{alias.name}" in MODULES else name)
            elif isinstance(statement, ast.Import):
                found.update(alias.name for alias in statement.names)
    return {name for name in found if name in MODULES}


MODULES = {module_name(path) for path in PACKAGE.rglob("*.py")}


def test_no_import_cycles():
    """Importing any module never comes back to itself through module-level imports (a facade's
    deferred imports, inside its functions, are the documented way up)."""
    graph = {module_name(path): module_level_imports(path) for path in PACKAGE.rglob("*.py")}
    done: set[str] = set()

    def visit(module: str, trail: list[str]) -> None:
        if module in trail:
            cycle = trail[trail.index(module):] + [module]
            raise AssertionError("import cycle: " + " -> ".join(cycle))
        if module in done:
            return
        for imported in sorted(graph.get(module, ())):
            visit(imported, [*trail, module])
        done.add(module)

    for module in sorted(graph):
        visit(module, [])


# --- the map of docs/design.md --------------------------------------------------------------------
DESIGN = PACKAGE.parent / "docs" / "design.md"


def design_map() -> set[str]:
    """The paths the map of docs/design.md names in its first column."""
    rows = re.findall(r"^\| `([^`]+)` \|", DESIGN.read_text(encoding="utf-8"), flags=re.MULTILINE)
    return {row.rstrip("/") for row in rows}


def test_the_design_map_names_every_part_of_the_package():
    """Each top-level module and package of tractor_rules, and each part of the engine, has a row."""
    parts = {p.name for p in PACKAGE.iterdir()
             if (p.suffix == ".py" and p.name != "__init__.py") or (p.is_dir() and (p / "__init__.py").exists())}
    parts |= {f"engine/{p.name}" for p in (PACKAGE / "engine").iterdir()
              if (p.suffix == ".py" and p.name != "__init__.py") or (p.is_dir() and (p / "__init__.py").exists())}
    assert sorted(parts - design_map()) == []


def test_every_path_of_the_design_map_exists():
    named = design_map() - {"grammar/ruleset.lark"}
    assert sorted(p for p in named if not (PACKAGE / p).exists()) == []
    assert (PACKAGE.parent / "grammar" / "ruleset.lark").exists()


# --- deferred imports ---------------------------------------------------------------------------
#: words that say why an import waits for its function to run (the engine is loaded only when a
#: command plays, a facade's door is an import at call time, ...)
DEFERRAL_WORDS = re.compile(r"\b(load|loads|loaded|loading|import|imports|imported|importing)\b", re.IGNORECASE)


def deferral_reasons(lines: list[str], function: ast.FunctionDef | ast.AsyncFunctionDef, line: int) -> list[str]:
    """What may say why an import inside ``function`` (at ``line``) is deferred: the comments from
    the group of definitions' opening comment (a ``# ---`` line) or the 12 lines above the
    definition, whichever is nearer, down to the import, and the function's docstring."""
    top = function.lineno - 1 - len(function.decorator_list)
    start = max(top - 12, 0)
    for number in range(top, -1, -1):
        if lines[number].lstrip().startswith("# ---"):
            start = number
            break
    comments = [text.split("#", 1)[1] for text in lines[start:line] if "#" in text]
    return [*comments, ast.get_docstring(function) or ""]


def deferred_imports(path: Path) -> list[tuple[int, str, bool]]:
    """Each import of a package module inside a function: its line, the function, and whether a
    comment or docstring nearby says why it waits."""
    tree, lines = syntax_tree(path), path.read_text(encoding="utf-8").splitlines()
    module_doc = ast.get_docstring(tree) or ""
    found = []
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.ImportFrom):
                name = imported_from(path, node)
            elif isinstance(node, ast.Import):
                name = node.names[0].name
            else:
                continue
            if not name.startswith("tractor_rules"):
                continue
            said = deferral_reasons(lines, function, node.lineno)
            explained = any(DEFERRAL_WORDS.search(reason) for reason in said) or bool(
                re.search(r"\b(imported|loaded) (when|by|only)", module_doc))
            found.append((node.lineno, function.name, explained))
    return found


def test_every_deferred_import_says_why_it_waits():
    """An import inside a function is a choice (a facade's door up a layer, a command that loads
    the engine only when it plays, a sheet's part loaded when first printed), never a silent way
    round a cycle: a comment, the function's docstring or the module's says why."""
    silent = [f"{path.relative_to(PACKAGE)}:{line} in {function}"
              for path in sorted(PACKAGE.rglob("*.py")) for line, function, explained in deferred_imports(path)
              if not explained]
    assert silent == []


def test_the_deferred_imports_are_found():
    """The check above sees the deferred imports there are (a facade's, a command's)."""
    found = {path.name: deferred_imports(path) for path in (PACKAGE / "rules" / "ruleset.py",
                                                              PACKAGE / "commands" / "play.py")}
    assert all(found.values()) and all(explained for entries in found.values() for *_, explained in entries)
