"""Whether scripts/test must install the package again into the active environment.

``pip install '.[test]'`` builds the wheel, compiling the engine (hatch_build.py: a minute or two),
every time it runs, even when nothing changed; ``pip install -e '.[test]'`` is quicker but still
resolves every dependency.  So scripts/test installs only when the fingerprint of what the install
is made from differs from the one it wrote into the environment after its last install:

- both kinds: pyproject.toml (dependencies, extras, entry points, the modules compiled),
  hatch_build.py, the checkout's path and the Python version;
- a wheel (not editable) also carries every file it copies: tractor_rules/, grammar/, rulesets/,
  README.md and LICENSE, so that any change to the sources installs them again (an editable
  install reads the sources where they are).

An environment without the package, or whose install is of the other kind, or in which some
requirement of the test extra is missing or at a version it does not allow, never matches.  To
install again whatever the fingerprint says, delete the stamp (``tractor-rules-install.stamp`` in
the environment's folder, ``sys.prefix``).

    python scripts/install_stamp.py check editable|wheel    # exit 0: installed and current
    python scripts/install_stamp.py write editable|wheel    # after a successful install
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STAMP_NAME = "tractor-rules-install.stamp"
MODES = ("editable", "wheel")
#: what every install is made from
BUILD_FILES = ("pyproject.toml", "hatch_build.py")
#: what a wheel also copies (pyproject.toml: packages and force-include; the metadata's readme and license)
WHEEL_FOLDERS = ("tractor_rules", "grammar", "rulesets")
WHEEL_FILES = ("README.md", "LICENSE")


def _sources(root: Path, mode: str) -> list[str]:
    """The files the install is made from, relative to ``root``, in a fixed order."""
    files = list(BUILD_FILES)
    if mode == "wheel":
        files += WHEEL_FILES
        for top in WHEEL_FOLDERS:
            for folder, subfolders, names in os.walk(root / top):
                # caches Python writes beside the sources, and compiled modules (.gitignore: not in the wheel)
                subfolders[:] = sorted(d for d in subfolders if d != "__pycache__")
                files += sorted(str(Path(folder, name).relative_to(root)) for name in names
                                if not name.endswith((".pyc", ".so")))
    return files


def fingerprint(root: Path, mode: str) -> str:
    """A digest of everything an install of kind ``mode`` from the checkout ``root`` depends on."""
    if mode not in MODES:
        raise ValueError(f"the kind of install is one of {', '.join(MODES)}, not {mode!r}")
    digest = hashlib.sha256(f"{mode}\n{root.resolve()}\n{sys.version}\n".encode())
    for name in _sources(root, mode):
        path = root / name
        digest.update(f"{name}\0".encode())
        digest.update(path.read_bytes() if path.is_file() else b"(missing)")
        digest.update(b"\0")
    return digest.hexdigest()


def installed() -> bool:
    from importlib.metadata import PackageNotFoundError, distribution

    try:
        distribution("tractor-rules")
    except PackageNotFoundError:
        return False
    return True


def requirements_met(root: Path = ROOT, extra: str = "test") -> bool:
    """Every requirement that pyproject.toml gives the package with its ``extra`` (and the extras
    that one names of the package itself) is installed at a version it allows: an environment
    changed since the last install (a dependency upgraded past its bound, or removed) is installed
    again.  Read from pyproject.toml, not from the installed metadata, which an older install wrote."""
    import tomllib
    from importlib.metadata import PackageNotFoundError, version

    try:
        from packaging.requirements import InvalidRequirement, Requirement
    except ImportError:  # nothing to tell with: install
        return False
    try:
        project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
        optional = project.get("optional-dependencies", {})
        texts = list(project.get("dependencies", []))
        extras, todo = set(), [extra]
        while todo:  # the extras the asked one names ("tractor-rules[serve]"), and theirs
            name = todo.pop()
            if name in extras:
                continue
            extras.add(name)
            for text in optional.get(name, []):
                req = Requirement(text)
                if req.name == project["name"]:
                    todo += sorted(req.extras)
                else:
                    texts.append(text)
        wanted = [Requirement(text) for text in texts]
    except (OSError, KeyError, TypeError, tomllib.TOMLDecodeError, InvalidRequirement):
        return False
    for req in wanted:
        if req.marker is not None and not req.marker.evaluate({"extra": extra}):
            continue
        try:
            if not req.specifier.contains(version(req.name), prereleases=True):
                return False
        except PackageNotFoundError:
            return False
    return True


def is_current(root: Path, mode: str, stamp: Path) -> bool:
    """The package is installed, with every requirement of its test extra met, and the stamp holds
    the fingerprint of the checkout as it is now."""
    try:
        written = stamp.read_text(encoding="utf-8").strip()
    except OSError:
        return False
    return installed() and written == fingerprint(root, mode) and requirements_met(root)


def write(root: Path, mode: str, stamp: Path) -> None:
    stamp.write_text(fingerprint(root, mode) + "\n", encoding="utf-8")


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("check", "write") or argv[1] not in MODES:
        print("usage: install_stamp.py check|write editable|wheel", file=sys.stderr)
        return 2
    stamp = Path(sys.prefix) / STAMP_NAME
    if argv[0] == "check":
        return 0 if is_current(ROOT, argv[1], stamp) else 1
    write(ROOT, argv[1], stamp)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
