"""The wheel's build hook: the engine's hot modules compiled to C extensions by Cython.

The modules named in pyproject.toml (``[tool.hatch.build.targets.wheel.hooks.custom] modules``)
are compiled from their unchanged Python sources; the wheel carries both, and Python imports the
compiled one where it is there (an extension module comes before a source file on the import
path).  Where a ``.pxd`` file sits beside a module's source, Cython reads it as it compiles the
module: static types for a few classes and functions, which change nothing a caller can see
(docs/design.md, "Why the engine is compiled from its own Python sources").  The sources stay the reference: they are what an editable install, a machine without a C
compiler and the playground's browser runtime (Pyodide) run, and the tests check that both play
alike.  Cython reads the sources as plain Python (``annotation_typing`` off): a type hint never
changes what the compiled code accepts.

The wheel is pure Python, as before, when:

- ``TRACTOR_RULES_PURE`` is set to anything but ``""`` or ``0`` (the playground's build sets it);
- the build is an editable install (a compiled module would shadow the source being edited);
- compiling fails (no C compiler, no Python headers): a warning says so, and the build goes on.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

PURE_VARIABLE = "TRACTOR_RULES_PURE"


def wants_pure(environ: Mapping[str, str] = os.environ) -> bool:
    return environ.get(PURE_VARIABLE, "") not in ("", "0")


class CompiledEngineHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        self._scratch: str | None = None
        if self.target_name != "wheel" or version == "editable" or wants_pure():
            return
        modules: list[str] = list(self.config.get("modules", []))
        if not modules:
            return
        self._scratch = tempfile.mkdtemp(prefix="tractor-rules-build-")
        try:
            built = compile_modules(Path(self.root), modules, Path(self._scratch))
        except Exception as why:  # noqa: BLE001  (any failure: the pure wheel is still a good wheel)
            shutil.rmtree(self._scratch, ignore_errors=True)
            self._scratch = None
            sys.stderr.write(f"tractor-rules: the engine is not compiled ({type(why).__name__}: {why}); "
                             f"the wheel is pure Python (set {PURE_VARIABLE}=1 to skip compiling)\n")
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        for module, library in built.items():
            package = module.rpartition(".")[0].replace(".", "/")
            build_data["force_include"][str(library)] = f"{package}/{library.name}"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if self._scratch is not None:
            shutil.rmtree(self._scratch, ignore_errors=True)


def compile_modules(root: Path, modules: list[str], scratch: Path) -> dict[str, Path]:
    """Compile each dotted module name (its source under ``root``) into an extension module in
    ``scratch``; returns each module's compiled file.  The source tree is left as it is."""
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    # no debugging information: it would triple the wheel and the compiling time, and a traceback
    # names the Python source lines all the same
    flags = ["-g0"] if os.name == "posix" else []
    extensions = [Extension(module, [str(root / (module.replace(".", "/") + ".py"))], extra_compile_args=flags)
                  for module in modules]
    compiled = cythonize(
        extensions,
        build_dir=str(scratch / "c"),
        quiet=True,
        nthreads=0,
        compiler_directives={"language_level": 3, "annotation_typing": False},
    )
    command = build_ext(Distribution({"ext_modules": compiled, "script_name": "hatch_build.py"}))
    command.build_lib = str(scratch / "lib")
    command.build_temp = str(scratch / "temp")
    command.parallel = os.cpu_count() or 1
    command.ensure_finalized()
    command.run()
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    built = {}
    for module in modules:
        library = scratch / "lib" / (module.replace(".", "/") + suffix)
        if not library.is_file():
            raise FileNotFoundError(f"{module} was not built")
        built[module] = library
    return built
