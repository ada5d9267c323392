"""Build the playground: the page, the Python runtime and every package it loads, in one folder.

    python playground/build.py OUT          # a folder to serve (the site puts it at playground/app/)

It is also a MkDocs hook (``hooks:`` in mkdocs.yml): ``mkdocs build`` writes the playground into
the built site, so the site never ships a page without its runtime.

What goes into the folder, so that the page fetches nothing from anywhere else:

- the page (``app/``: HTML, CSS, the page's script, the worker that runs Python, ``bridge.py``,
  and ``sw.js``, the service worker that keeps every file for reloads and offline use, with the
  list of the files and a hash of them filled in);
- ``pyodide/``: the runtime from the npm package ``pyodide`` (pinned in ``package.json``;
  ``npm ci`` installs it into ``playground/node_modules`` when it is missing), its standard
  library with the bytecode of every module beside it;
- ``site-packages.tar.gz``: the files of the wheels, as they lie in site-packages, with the
  bytecode of their modules.  The wheels: tractor-rules built from this checkout, and the
  pure-Python wheels of its dependencies at the versions installed here (the same code the test
  suite runs).  Only what the page can import goes in (``page_imports``): not the rest of the
  command line (its commands, the language server, the simulations) nor the dependencies only
  that uses.  MarkupSafe has no pure wheel on PyPI: it is built from its sdist with its C speedups
  off (its own fallback).  Babel is trimmed to the locales the rule sheets are written in.  With
  them, the rule sheets' templates compiled to Python modules (``compiled_templates``) and the
  code of the functions ``dataclasses`` writes for tractor-rules' classes (``dataclass_code``).
  Dependency wheels, and the bytecode of the dependencies and the standard library, are kept in a
  cache (``$XDG_CACHE_HOME/tractor-rules/playground``) so a rebuild downloads and compiles nothing
  but tractor-rules;
- ``parser.bin``: the parser's tables, built here (the page would build them on its first check);
- ``shipped.bin``: the shipped rulesets' syntax trees, parsed here (the first check of a text that
  extends one would parse it);
- ``manifest.json``: the wheels in the archive, the languages and printed kinds, the documentation
  site's address (when the page is part of it), and the rulesets to start
  from (the shipped rulesets and the gallery's house rules, with their text).

The bytecode is compiled by the page's own Python: ``precompile.mjs``, run by Node with the
runtime.  A WebAssembly Python compiling every module it imports took most of the page's start;
what it still compiled on every start (the templates, the dataclasses' functions) is compiled here
too.
"""

from __future__ import annotations

import argparse
import ast
import base64
import csv
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable
from datetime import datetime
from importlib import metadata
from pathlib import Path
from typing import Any

PLAYGROUND = Path(__file__).resolve().parent
ROOT = PLAYGROUND.parent
APP = PLAYGROUND / "app"
GALLERY = ROOT / "examples" / "house-rules"
PACKAGE = "tractor-rules"

#: compiles the page's Python to bytecode with the page's own Python (Pyodide, run by Node)
PRECOMPILE = PLAYGROUND / "precompile.mjs"
#: the page's Python: the modules it imports are where those it can import start (``page_imports``)
BRIDGE = APP / "bridge.py"
#: tractor-rules' sources in this checkout
SOURCE = ROOT / "tractor_rules"
#: where the rule sheets' templates, compiled to Python modules, lie in the page's site-packages
TEMPLATES = "_playground_templates"
#: the file of site-packages that holds the code of dataclasses' functions (``dataclass_code``;
#: bridge.py reads it from there)
DATACLASS_CODE = "_playground_dataclasses.bin"

#: the files of the npm package that the page loads (the rest is for Node and TypeScript)
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")

#: where requirement markers are evaluated: Pyodide's Python in a browser
PYODIDE_MARKERS = {
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "os_name": "posix",
    "platform_machine": "wasm32",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "python_version": "3.14",
    "python_full_version": "3.14.0",
    "extra": "",
}

#: dependencies with no pure-Python wheel on PyPI, built from their sdist; the environment makes
#: the C compiler fail, and the sdist falls back to its pure-Python build
FROM_SDIST = {"markupsafe": {"CC": "false"}}


class BuildError(Exception):
    """A build that cannot go on: one line saying why."""


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "tractor-rules" / "playground"


def normalized(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def run(command: list[str], *, cwd: Path | None = None, env: dict[str, str] | None = None) -> None:
    """Run a build step; its output is shown only when it fails."""
    try:
        done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    except FileNotFoundError:
        raise BuildError(f"{command[0]} is needed to build the playground and was not found") from None
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-15:])
        raise BuildError(f"{' '.join(command)} failed (exit {done.returncode}):\n{tail}")


# --- the runtime -----------------------------------------------------------------------------------


def installed_version(folder: Path) -> str | None:
    try:
        return str(json.loads((folder / "package.json").read_text(encoding="utf-8"))["version"])
    except (OSError, ValueError, KeyError):
        return None


def pyodide_package() -> Path:
    """The npm package ``pyodide``, installed from the lock file when it is missing."""
    folder = PLAYGROUND / "node_modules" / "pyodide"
    wanted = json.loads((PLAYGROUND / "package.json").read_text(encoding="utf-8"))["dependencies"]["pyodide"]
    if installed_version(folder) != wanted:
        run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=PLAYGROUND)
        if installed_version(folder) != wanted:
            raise BuildError(f"npm ci did not install pyodide {wanted} into {folder}")
    missing = [name for name in RUNTIME_FILES if not (folder / name).is_file()]
    if missing:
        raise BuildError(f"the pyodide package lacks {', '.join(missing)}")
    return folder


# --- the wheels ------------------------------------------------------------------------------------


def requirements(name: str) -> list[str]:
    """The distributions ``name`` requires in the browser (its requirements, markers evaluated for
    Pyodide)."""
    from packaging.requirements import Requirement

    try:
        distribution = metadata.distribution(name)
    except metadata.PackageNotFoundError:
        raise BuildError(f"{name} is not installed: install the project first (pip install -e .)") from None
    found = []
    for line in distribution.requires or []:
        requirement = Requirement(line)
        if requirement.marker is None or requirement.marker.evaluate(PYODIDE_MARKERS):
            found.append(requirement.name)
    return found


def dependency_pins(imported: frozenset[str]) -> dict[str, str]:
    """The distributions the page loads besides tractor-rules, with the version installed here:
    those of its requirements that provide a module the page imports (``imported``, top-level
    names: ``page_imports``), and what they require in turn.  The others (the command line's
    colours and progress bars) stay out of the page."""
    provided = metadata.packages_distributions()
    needed = {normalized(dist) for name in imported for dist in provided.get(name, ())}
    pins: dict[str, str] = {}
    todo = [(name, PACKAGE) for name in requirements(PACKAGE) if normalized(name) in needed]
    while todo:
        name, needed_by = todo.pop()
        key = normalized(name)
        if key in pins:
            continue
        try:
            pins[key] = metadata.version(name)
        except metadata.PackageNotFoundError:
            raise BuildError(f"{name} (needed by {needed_by}) is not installed") from None
        todo += [(required, name) for required in requirements(name)]
    return pins


def cached_wheel(name: str, version: str, folder: Path) -> Path | None:
    for path in folder.glob("*.whl"):
        parts = path.name.split("-")
        if normalized(parts[0]) == name and parts[1] == version:
            return path
    return None


def fetch_wheel(name: str, version: str, folder: Path) -> Path:
    """The pure-Python wheel of ``name==version``, downloaded (or built from its sdist) into the
    cache once."""
    found = cached_wheel(name, version, folder)
    if found is not None:
        return found
    with tempfile.TemporaryDirectory() as scratch:
        if name in FROM_SDIST:
            env = {**os.environ, **FROM_SDIST[name]}
            run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-cache-dir", "--no-binary", name,
                 f"{name}=={version}", "-w", scratch], env=env)
        else:
            run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary", ":all:",
                 f"{name}=={version}", "-d", scratch])
        wheels = list(Path(scratch).glob("*.whl"))
        if len(wheels) != 1 or not wheels[0].name.endswith("-none-any.whl"):
            got = ", ".join(wheel.name for wheel in wheels) or "nothing"
            raise BuildError(f"no pure-Python wheel of {name} {version}: got {got}")
        folder.mkdir(parents=True, exist_ok=True)
        return Path(shutil.move(str(wheels[0]), folder / wheels[0].name))


def record_line(name: str, data: bytes) -> list[str]:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return [name, f"sha256={digest}", str(len(data))]


def trim_babel(wheel: Path, out: Path, languages: tuple[str, ...]) -> Path:
    """Babel's wheel with only the locale data of ``languages`` (each with its regional variants,
    and the root locale they inherit from); its RECORD lists what is left."""
    def kept(member: str) -> bool:
        if not member.startswith("babel/locale-data/"):
            return True
        stem = member.rsplit("/", 1)[1].removesuffix(".dat")
        return stem == "root" or any(stem == lang or stem.startswith(lang + "_") for lang in languages)

    target = out / wheel.name
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as trimmed:
        record_name = next(n for n in source.namelist() if n.endswith(".dist-info/RECORD"))
        rows = []
        for info in source.infolist():
            if info.filename == record_name or not kept(info.filename):
                continue
            data = source.read(info)
            trimmed.writestr(info, data)
            rows.append(record_line(info.filename, data))
        rows.append([record_name, "", ""])
        text = io.StringIO()
        csv.writer(text, lineterminator="\n").writerows(rows)
        trimmed.writestr(record_name, text.getvalue())
    return target


def own_wheel(out: Path) -> Path:
    """tractor-rules itself, built from this checkout (without a fresh build environment when the
    build backend is installed), pure Python: the browser runs the engine's sources, not the
    extension modules a wheel for this machine would carry (hatch_build.py)."""
    with tempfile.TemporaryDirectory() as scratch:
        command = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(ROOT), "-w", scratch]
        try:
            import hatchling  # noqa: F401  (only asks whether the backend is here)
        except ImportError:
            pass
        else:
            command.insert(5, "--no-build-isolation")
        run(command, env={**os.environ, "TRACTOR_RULES_PURE": "1"})
        (wheel,) = Path(scratch).glob("*.whl")
        return Path(shutil.move(str(wheel), out / wheel.name))


def wheels(out: Path, imported: frozenset[str]) -> list[str]:
    """Every wheel the page loads (``dependency_pins`` of the top-level modules it imports,
    ``imported``), written into ``out``; their file names, tractor-rules last."""
    from tractor_rules.render.i18n import languages

    cache = cache_dir() / "wheels"
    names = []
    for name, version in sorted(dependency_pins(imported).items()):
        wheel = fetch_wheel(name, version, cache)
        if name == "babel":
            names.append(trim_babel(wheel, out, languages()).name)
        else:
            shutil.copy2(wheel, out / wheel.name)
            names.append(wheel.name)
    names.append(own_wheel(out).name)
    return names


# --- what the page imports ----------------------------------------------------------------------------


def imported_names(path: Path, module: str) -> set[str]:
    """What the import statements of ``path`` (module ``module``) name, those inside functions
    too: each module, and each name imported from one (which may be a module)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def module_source(name: str) -> Path | None:
    """The file of tractor-rules' module ``name`` in this checkout; None for any other name."""
    if name.split(".")[0] != SOURCE.name:
        return None
    path = ROOT.joinpath(*name.split("."))
    return next((file for file in (path / "__init__.py", path.with_suffix(".py")) if file.is_file()), None)


def page_imports() -> tuple[frozenset[str], frozenset[str]]:
    """What the page can import: the modules of tractor-rules that bridge.py imports and, in turn,
    every module an import statement of theirs names, those inside functions too (a text that
    takes a rarer path still finds its module); and the top-level names of the other modules
    they import (the standard library's among them)."""
    own: set[str] = set()
    others: set[str] = set()
    todo = sorted(imported_names(BRIDGE, "__main__"))
    while todo:
        name = todo.pop()
        if name in own:
            continue
        source = module_source(name)
        if source is None:
            if name.split(".")[0] != SOURCE.name:
                others.add(name.split(".")[0])
            continue  # a name imported from a module
        own.add(name)
        todo.append(name.rpartition(".")[0])  # a module's packages are imported first
        todo += sorted(imported_names(source, name))
    own.discard("")
    return frozenset(own), frozenset(others)


def page_file(name: str, modules: frozenset[str]) -> bool:
    """Whether the file ``name`` (of tractor-rules' wheel, of its bytecode) goes to the page: one
    of the ``modules`` it can import (``page_imports``), their bytecode, a data file of their
    packages (templates, catalogs, shipped rulesets), the wheel's metadata; not the rest of the
    command line (its commands, the language server, the simulations), nor the declarations of the
    compiled engine (.pxd), which the page never builds."""
    parts = name.split("/")
    if parts[0] != SOURCE.name or name.endswith(".pxd"):
        return parts[0] != SOURCE.name
    folder, file = parts[:-1], parts[-1]
    if file.endswith(".py"):
        module = folder + ([] if file == "__init__.py" else [file.removesuffix(".py")])
    elif folder[-1:] == ["__pycache__"] and file.endswith(".pyc"):
        stem = file.split(".")[0]
        module = folder[:-1] + ([] if stem == "__init__" else [stem])
    else:  # data: of the package it lies in
        module = list(folder)
        while module and not ROOT.joinpath(*module, "__init__.py").is_file():
            module.pop()
    return ".".join(module) in modules


# --- bytecode ---------------------------------------------------------------------------------------


def precompile(runtime: Path, jobs: list[tuple[Path, Path, str]]) -> None:
    """Run precompile.mjs (Node, with the page's own Pyodide) on ``jobs``: (source archive, target
    archive, "stdlib" or "site-packages")."""
    if jobs:
        run_precompile(runtime, [{"source": str(source), "target": str(target), "into": into}
                                 for source, target, into in jobs])


def run_precompile(runtime: Path, jobs: list[dict[str, Any]]) -> None:
    """Run precompile.mjs on ``jobs``, as it reads them (its opening comment)."""
    with tempfile.TemporaryDirectory() as scratch:
        spec = Path(scratch) / "jobs.json"
        spec.write_text(json.dumps(jobs), encoding="utf-8")
        run(["node", str(PRECOMPILE), str(runtime), str(spec)])


def dataclass_code(runtime: Path, archives: list[Path], out: Path) -> Path:
    """The code of the functions ``dataclasses`` writes for the classes of the modules the page
    imports, compiled by the page's Python (precompile.mjs runs the bridge on every printed kind, in
    every language, with ``archives`` in its site-packages), in an archive laid out as in
    site-packages: the page's dataclasses take it instead of compiling those sources on every start
    (bridge.py's ``CompiledDataclasses``)."""
    target = out / DATACLASS_CODE
    run_precompile(runtime, [{"into": "dataclasses", "archives": [str(path) for path in archives],
                              "bridge": str(BRIDGE), "target": str(target)}])
    archive = out / f"{DATACLASS_CODE}.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as bundle:
        bundle.writestr(zipfile.ZipInfo(DATACLASS_CODE, (1980, 1, 1, 0, 0, 0)), target.read_bytes(),
                        zipfile.ZIP_DEFLATED)
    return archive


def cache_key(archive: Path, runtime: Path) -> str:
    """What a compiled archive depends on: the archive, the compiler (the Pyodide version) and
    precompile.mjs."""
    digest = hashlib.sha256(archive.read_bytes())
    digest.update(PRECOMPILE.read_bytes())
    digest.update((installed_version(runtime) or "").encode())
    return digest.hexdigest()[:32]


def bytecode(runtime: Path, stdlib: Path, wheels: list[Path], scratch: Path) -> list[Path]:
    """Compile the page's Python ahead of time: ``stdlib`` (the runtime's python_stdlib.zip) gets a
    .pyc beside each module, in place; each wheel (or archive of modules laid out as in
    site-packages) gets an archive of the .pyc of its modules (returned, in the order of
    ``wheels``).  The stdlib and the dependencies (pinned) are compiled once into the cache;
    tractor-rules and its compiled templates, into ``scratch``, on every build."""
    cache = cache_dir() / "bytecode"
    cache.mkdir(parents=True, exist_ok=True)
    jobs: list[tuple[Path, Path, str]] = []
    compiled_stdlib = cache / f"stdlib-{cache_key(stdlib, runtime)}.zip"
    if not compiled_stdlib.is_file():
        jobs.append((stdlib, compiled_stdlib, "stdlib"))
    compiled = []
    for wheel in wheels:
        if wheel.name.startswith((PACKAGE.replace("-", "_") + "-", TEMPLATES)):
            target = scratch / f"{wheel.name}.zip"
        else:
            target = cache / f"{normalized(wheel.name.split('-')[0])}-{cache_key(wheel, runtime)}.zip"
        if not target.is_file():
            jobs.append((wheel, target, "site-packages"))
        compiled.append(target)
    # the cache's files appear whole or not at all: a build stopped half-way leaves none half-written
    staged = [(source, target.with_name(f".{target.name}.part"), into) for source, target, into in jobs]
    precompile(runtime, staged)
    for (_, target, _), (_, part, _) in zip(jobs, staged, strict=True):
        part.replace(target)
    shutil.copy2(compiled_stdlib, stdlib)
    return compiled


def site_packages(archives: list[Path], target: Path, kept: Callable[[str], bool]) -> None:
    """The files of ``archives`` (the wheels, then their bytecode) that ``kept`` keeps, in one
    gzipped tar, as they lie in site-packages: the page unpacks it in JavaScript, in a few tens of
    milliseconds, where unpacking the wheels one by one in Python took half a second.  Plain ustar
    (the page reads no other kind of tar), every name in UTF-8."""
    import tarfile

    seen: set[str] = set()
    with tarfile.open(target, "w:gz", format=tarfile.USTAR_FORMAT, compresslevel=6, encoding="utf-8") as bundle:
        for path in archives:
            with zipfile.ZipFile(path) as archive:
                for info in archive.infolist():
                    if info.is_dir() or info.filename in seen or not kept(info.filename):
                        continue
                    seen.add(info.filename)
                    data = archive.read(info)
                    member = tarfile.TarInfo(info.filename)
                    member.size = len(data)
                    member.mode = 0o644
                    member.mtime = int(datetime(*info.date_time).timestamp())
                    bundle.addfile(member, io.BytesIO(data))


# --- the templates ----------------------------------------------------------------------------------


def compiled_templates(out: Path) -> Path:
    """The rule sheets' templates compiled to Python modules (by Jinja, the version the page loads),
    in an archive laid out as in site-packages (``TEMPLATES``/<format>/): the page imports them,
    with the bytecode ``bytecode`` compiles for them, instead of compiling each template from its
    source on its first sheet (``tractor_rules.render.render.use_compiled_templates``)."""
    from tractor_rules.render.render import compile_templates

    archive = out / f"{TEMPLATES}.zip"
    with tempfile.TemporaryDirectory() as scratch:
        compile_templates(Path(scratch))
        with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as bundle:
            for path in sorted(Path(scratch).rglob("*.py")):
                name = f"{TEMPLATES}/{path.relative_to(scratch).as_posix()}"
                bundle.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), path.read_bytes(), zipfile.ZIP_DEFLATED)
    return archive


# --- what to start from -----------------------------------------------------------------------------


def starters() -> list[dict[str, Any]]:
    """The shipped rulesets and the gallery's house rules, as groups of {id, title, text}."""
    from tractor_rules import load
    from tractor_rules.render.gallery import entries
    from tractor_rules.resources import builtin_names, builtin_path

    shipped = []
    for name in builtin_names():
        path = builtin_path(name)
        assert path is not None
        shipped.append({"id": name, "title": f"{load(name).name} ({name})", "text": path.read_text(encoding="utf-8")})
    gallery = [{"id": entry.path.stem, "title": f"{entry.id}: {entry.rules.name}", "text": entry.text}
               for entry in entries(GALLERY)]
    return [{"group": "Shipped rulesets", "items": shipped}, {"group": "House rules gallery", "items": gallery}]


def sheet_languages() -> list[dict[str, str]]:
    """The languages of the rule sheets, each named in itself ("English", "中文")."""
    from babel import Locale
    from tractor_rules.render.i18n import languages

    return [{"code": lang, "name": Locale.parse(lang).get_display_name(lang) or lang} for lang in languages()]


#: how the page names each printed kind (a kind without a name here shows its own name)
KIND_TITLES = {"sheet": "Rule sheet", "card": "Quick reference card", "tracker": "Score tracker"}


def printed_kinds() -> list[dict[str, str]]:
    """The printed kinds that come as HTML (the page shows and prints HTML), the sheet first."""
    from tractor_rules.render.kinds import KINDS

    return [{"name": name, "title": KIND_TITLES.get(name, name.capitalize())}
            for name, kind in KINDS.items() if "html" in kind.formats]


def saved_shipped_trees() -> bytes:
    """The shipped rulesets' syntax trees, parsed here for the page to read (tractor-rules and Lark
    are the same code in the browser): most texts extend one, which the first answer parsed."""
    from tractor_rules.language.resolve import saved_shipped_trees as saved

    return saved()


def saved_parser() -> bytes:
    """The parser's tables, built here for the page to read (tractor-rules and Lark are the same
    code in the browser): building them was the longest part of the page's first answer."""
    from tractor_rules.language.parser import saved_parser as saved

    return saved()


# --- the service worker -----------------------------------------------------------------------------

#: the placeholders of app/sw.js that the build fills in
SW_BUILD = '"__BUILD__"'
SW_FILES = '["__FILES__"]'


def service_worker(out: Path) -> None:
    """Fill in ``out/sw.js``: the list of every file of the page (what the worker keeps for
    offline use) and a hash of them all (a new build is a new worker, with a cache of its own)."""
    script = out / "sw.js"
    files = sorted(path.relative_to(out).as_posix() for path in out.rglob("*") if path.is_file() and path != script)
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + hashlib.sha256((out / name).read_bytes()).digest())
    text = script.read_text(encoding="utf-8")
    if text.count(SW_BUILD) != 1 or text.count(SW_FILES) != 1:
        raise BuildError(f"{APP / 'sw.js'} lacks its placeholders {SW_BUILD} and {SW_FILES}")
    # the page's own address ("./") is its index.html, which a server gives for the folder
    text = text.replace(SW_BUILD, json.dumps(digest.hexdigest()[:16]))
    script.write_text(text.replace(SW_FILES, json.dumps(["./", *files])), encoding="utf-8")


# --- the whole build --------------------------------------------------------------------------------


def build(out: Path, docs: str | None = None) -> Path:
    """Write the playground into ``out`` (replaced whole, never left half-written).  ``docs``: the
    address of the documentation site, relative to the page or absolute; each diagnostic's code
    then links to its section there."""
    out = out.resolve()
    if out.exists() and not out.is_dir():
        raise BuildError(f"{out} is a file, not a folder")
    existing = next(folder for folder in out.parents if folder.exists())
    if not existing.is_dir():
        raise BuildError(f"cannot write {out}: {existing} is a file, not a folder")
    runtime = pyodide_package()
    out.parent.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=".playground-", dir=out.parent))
    scratch.chmod(0o755)  # mkdtemp makes it private; a web server must read it
    try:
        for path in APP.iterdir():
            if path.is_file():
                shutil.copy2(path, scratch / path.name)
        (scratch / "pyodide").mkdir()
        for name in RUNTIME_FILES:
            shutil.copy2(runtime / name, scratch / "pyodide" / name)
        with tempfile.TemporaryDirectory() as parts:
            wheel_folder = Path(parts) / "wheels"
            wheel_folder.mkdir()
            modules, imported = page_imports()
            wheel_names = wheels(wheel_folder, imported)
            archives = [wheel_folder / name for name in wheel_names] + [compiled_templates(Path(parts))]
            compiled = bytecode(runtime, scratch / "pyodide" / "python_stdlib.zip", archives, Path(parts))
            archives += compiled
            archives.append(dataclass_code(runtime, archives, Path(parts)))
            site_packages(archives, scratch / "site-packages.tar.gz", lambda name: page_file(name, modules))
        manifest = {
            "pyodide": json.loads((runtime / "package.json").read_text(encoding="utf-8"))["version"],
            "languages": sheet_languages(),
            "kinds": printed_kinds(),
            "docs": docs,
            "wheels": wheel_names,
            "site_packages": "site-packages.tar.gz",
            "templates": TEMPLATES,
            "parser": "parser.bin",
            "shipped": "shipped.bin",
            "starters": starters(),
        }
        (scratch / manifest["parser"]).write_bytes(saved_parser())
        (scratch / manifest["shipped"]).write_bytes(saved_shipped_trees())
        (scratch / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False, indent=1), encoding="utf-8")
        service_worker(scratch)
        if out.exists():
            shutil.rmtree(out)
        scratch.rename(out)
    except BaseException:
        shutil.rmtree(scratch, ignore_errors=True)
        raise
    return out


def on_post_build(config: Any, **kwargs: Any) -> None:
    """MkDocs hook: the playground goes into the built site at ``playground/app/``."""
    from mkdocs.exceptions import PluginError

    out = Path(config["site_dir"]) / "playground" / "app"
    try:
        build(out, docs="../../")
    except BuildError as error:
        raise PluginError(f"playground: {error}") from None
    except OSError as error:
        raise PluginError(f"playground: cannot write {out}: {error.strerror or error}") from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python playground/build.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="the folder to write (replaced whole)")
    parser.add_argument("--docs", metavar="URL",
                        help="the documentation site's address (relative to the page, or absolute): "
                             "each diagnostic's code links to its section there")
    args = parser.parse_args(argv)
    try:
        out = build(args.out, docs=args.docs)
    except BuildError as error:
        print(f"playground: {error}", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"playground: cannot write {args.out}: {error.strerror or error}", file=sys.stderr)
        return 1
    print(f"playground written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
