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
//   unpacked over the wheel in site-packages.
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
const compileArchive = pyodide.runPython(`
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


compile_archive
`);

for (const job of JSON.parse(readFileSync(jobsFile, "utf8"))) {
  pyodide.FS.writeFile("/tmp/source.zip", readFileSync(job.source));
  compileArchive("/tmp/source.zip", "/tmp/target.zip", job.into);
  writeFileSync(job.target, pyodide.FS.readFile("/tmp/target.zip"));
}
