// The playground's Python: Pyodide in a worker (so the page keeps responding while a sheet is
// rendered), with every wheel listed in manifest.json unpacked from this site (nothing comes from
// elsewhere). The page sends {id, text, lang, kind}; the worker answers with the result of bridge.py's
// `update`, for the newest request only when several arrived while it was busy.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const started = performance.now();
let update = null;
let latest = null;
let scheduled = false;

async function fetchOk(path) {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response;
}

async function start() {
  const manifest = await (await fetchOk("manifest.json")).json();
  const pyodide = await loadPyodide({
    indexURL: new URL("pyodide/", import.meta.url).href,
    stdout: (line) => console.log(line),
    stderr: (line) => console.warn(line),
  });
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  const archives = await Promise.all(
    manifest.wheels.map(async (name) => (await fetchOk(`wheels/${name}`)).arrayBuffer()),
  );
  for (const buffer of archives) pyodide.unpackArchive(buffer, "wheel", { extractDir: sitePackages });
  const namespace = pyodide.globals.get("dict")();
  pyodide.runPython(await (await fetchOk("bridge.py")).text(), { globals: namespace, filename: "bridge.py" });
  update = namespace.get("update");
  postMessage({
    type: "ready",
    seconds: (performance.now() - started) / 1000,
    starters: manifest.starters,
    languages: manifest.languages,
    kinds: manifest.kinds,
    docs: manifest.docs,
  });
  if (latest) schedule();
}

function answer() {
  scheduled = false;
  const request = latest;
  latest = null;
  if (!request || !update) return;
  try {
    postMessage({ type: "result", id: request.id, ...JSON.parse(update(request.text, request.lang, request.kind)) });
  } catch (error) {
    postMessage({ type: "result", id: request.id, crash: String(error.message || error) });
  }
}

function schedule() {
  if (!scheduled) {
    scheduled = true;
    setTimeout(answer, 0);
  }
}

onmessage = (event) => {
  latest = event.data;
  if (update) schedule();
};

start().catch((error) => postMessage({ type: "failed", message: String(error.message || error) }));
