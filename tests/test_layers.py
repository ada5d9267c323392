"""The layers of DESIGN.md hold: the engine, the rule sheets and the export see only the compiled
rules object, never the language that produced it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "tractor_rules"


def imported_modules(path: Path) -> set[str]:
    """Absolute names of the package modules a file imports (relative imports resolved)."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    package = parts[:-1] if parts[-1] != "__init__" else parts[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                name = ".".join(base + ((node.module,) if node.module else ()))
            else:
                name = node.module or ""
            found.add(name)
            found.update(f"{name}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name.startswith("tractor_rules")}


@pytest.mark.parametrize("layer", ["engine", "render"])
def test_a_layer_never_imports_the_language(layer):
    for path in sorted((PACKAGE / layer).rglob("*.py")):
        language = sorted(m for m in imported_modules(path) if m.startswith("tractor_rules.language"))
        assert language == [], f"{path.relative_to(PACKAGE)} imports {language}"


@pytest.mark.parametrize("module", ["rules.py", "codec.py", "errors.py"])
def test_the_rules_object_and_its_export_stand_alone(module):
    imported = imported_modules(PACKAGE / module)
    assert not any(m.startswith(("tractor_rules.language", "tractor_rules.render")) for m in imported), imported


def test_the_language_never_imports_the_sheets():
    for path in sorted((PACKAGE / "language").rglob("*.py")):
        assert not any(m.startswith("tractor_rules.render") for m in imported_modules(path)), path
