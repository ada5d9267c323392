// Compile the playground's Python to bytecode ahead of time, with the Python of the page itself
// (Pyodide, run by Node): a browser would otherwise compile every module from its source on every
// load, which is most of the time the page takes to start (the stdlib alone is compiled in seconds
// by a WebAssembly Python).
//
//     node precompile.mjs PYODIDE_FOLDER JOBS.json
//
// JOBS.json is a list of {"source": archive, "target": archive, "into": "stdlib" | "site-packages"}:
// - "stdlib": the runtime's python_stdlib.zip, written again with a .pyc beside each .py (zipimport
//   takes the .pyc; the .py stays for tracebacks);
// - "site-packages": a wheel; the target holds only the __pycache__/*.pyc of its modules, to be
//   unpacked over the wheel in site-packages;
// and of {"into": "dataclasses", "archives": [archive, ...], "bridge": bridge.py, "target": file}:
// the archives unpacked into site-packages, the page's bridge.py run on every printed kind in every
// language, and the code of each function `dataclasses` wrote meanwhile (its source, compiled) saved
// in the target, a marshalled {source: code}, which the page's dataclasses take instead of compiling
// the same sources again (bridge.py's CompiledDataclasses).
// Every .pyc is "unchecked hash-based" (PEP 552): Python uses it without reading its source or its
// time stamp, which the page's file system does not keep. Each code object is named with the path
// its module has in the page (so tracebacks there point at the right file).

import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const [folder, jobsFile] = process.argv.slice(2);
if (!folder || !jobsFile) {
  console.error("usage: node precompile.mjs PYODIDE_FOLDER JOBS.json");
  process.exit(2);
}
const { loadPyodide } = await import(path.resolve(folder, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: path.resolve(folder) + "/", stdout: () => {}, stderr: () => {} });
const [compileArchive, recordDataclasses] = pyodide.runPython(`
import importlib.util
import sys
import sysconfig
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc


def pyc(source: bytes, filename: str) -> bytes | None:
    try:
        code = compile(source, filename, "exec", dont_inherit=True)
    except (SyntaxError, ValueError):  # a file the stdlib keeps as data (test fixtures): never imported
        return None
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def compile_archive(source: str, target: str, into: str) -> None:
    with zipfile.ZipFile(source) as archive, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        if into == "stdlib":
            where = next(entry for entry in sys.path if entry.endswith(".zip")) + "/"
        else:
            where = sysconfig.get_path("purelib") + "/"
        for info in archive.infolist():
            data = archive.read(info)
            if into == "stdlib":
                out.writestr(info, data)
            if not info.filename.endswith(".py"):
                continue
            code = pyc(data, where + info.filename)
            if code is None:
                continue
            if into == "stdlib":
                name = info.filename + "c"
            else:
                folder, _, module = info.filename.rpartition("/")
                name = f"{folder}/__pycache__/" if folder else "__pycache__/"
                name += module.removesuffix(".py") + f".{sys.implementation.cache_tag}.pyc"
            out.writestr(zipfile.ZipInfo(name, info.date_time), code, zipfile.ZIP_DEFLATED)


def record_dataclasses(archives: list[str], bridge: str, target: str) -> None:
    import builtins
    import dataclasses
    import marshal

    purelib = sysconfig.get_path("purelib")
    for archive in archives:
        with zipfile.ZipFile(archive) as files:
            files.extractall(purelib)
    written = {}

    def recording(source, globals=None, locals=None):
        if isinstance(source, str):  # as dataclasses' own exec compiles it (it has no __future__ imports)
            written[source] = compile(source, "<string>", "exec", dont_inherit=True)
        return builtins.exec(source, globals, locals)

    dataclasses.exec = recording
    namespace = {"__name__": "bridge"}
    with open(bridge, encoding="utf-8") as file:
        builtins.exec(compile(file.read(), "bridge.py", "exec"), namespace)
    from tractor_rules.render.i18n import languages
    from tractor_rules.render.kinds import KINDS

    good = 'extends: "two-decks"\\nlevels\\n  defend: 5\\n'
    for lang in languages():
        for kind in KINDS:
            namespace["update"](good, lang, kind, None)
            namespace["update"](good.replace("defend", "defnd"), lang, kind, good)
    with open(target, "wb") as out:
        out.write(marshal.dumps(written))


(compile_archive, record_dataclasses)
`);

for (const job of JSON.parse(readFileSync(jobsFile, "utf8"))) {
  if (job.into === "dataclasses") {
    const archives = job.archives.map((archive, i) => {
      pyodide.FS.writeFile(`/tmp/archive-${i}.zip`, readFileSync(archive));
      return `/tmp/archive-${i}.zip`;
    });
    pyodide.FS.writeFile("/tmp/bridge.py", readFileSync(job.bridge));
    recordDataclasses(pyodide.toPy(archives), "/tmp/bridge.py", "/tmp/dataclasses.bin");
    writeFileSync(job.target, pyodide.FS.readFile("/tmp/dataclasses.bin"));
    continue;
  }
  pyodide.FS.writeFile("/tmp/source.zip", readFileSync(job.source));
  compileArchive("/tmp/source.zip", "/tmp/target.zip", job.into);
  writeFileSync(job.target, pyodide.FS.readFile("/tmp/target.zip"));
}
