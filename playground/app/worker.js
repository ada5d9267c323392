// The playground's Python: Pyodide in a worker (so the page keeps responding while a sheet is
// rendered), with tractor-rules and its dependencies unpacked from this site (nothing comes from
// elsewhere). The page sends {id, text, lang, kind, fallback}; the worker answers with the result of
// bridge.py's `update`, for the newest request only when several arrived while it was busy.
//
// While it starts, the worker says what it is doing ({type: "progress", step, steps, what}).
// The page's first message is the runtime's WebAssembly module, compiled by the page ({type:
// "runtime", module}, or module null): the browser keeps the machine code of a module compiled on
// the page between visits, and does not for one compiled in a worker, so a reload would compile
// Python's interpreter again here.  Pyodide starts loading at once (its script, the standard
// library) and waits for that module only when it instantiates the interpreter.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const started = performance.now();
const STEPS = ["Starting Python", "Installing tractor-rules", "Importing tractor-rules", "Checking the text"];
let update = null;
let report = null;
let latest = null;
let scheduled = false;
let runtime = null;
const runtimeGiven = new Promise((resolve) => { runtime = resolve; });

function progress(step) {
  postMessage({ type: "progress", step: step + 1, steps: STEPS.length, what: STEPS[step] });
}

async function fetchOk(path) {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response;
}

/** Make Pyodide instantiate the module the page compiles (`given`, a promise of it) rather than
 * download and compile the runtime again: its download of pyodide.asm.wasm gets an empty answer, and
 * its streaming instantiation the module, once the page has sent it.  When the page could not
 * compile it (null), Pyodide downloads and compiles it here, as it would on its own. */
function instantiateGiven(given) {
  const ownFetch = globalThis.fetch;
  const ownInstantiate = WebAssembly.instantiateStreaming;
  globalThis.fetch = async (resource, options) => {
    if (!String(resource).endsWith("/pyodide.asm.wasm")) return ownFetch(resource, options);
    globalThis.fetch = ownFetch;
    return (await given) ? new Response(null) : ownFetch(resource, options);
  };
  WebAssembly.instantiateStreaming = async (source, imports) => {
    WebAssembly.instantiateStreaming = ownInstantiate;
    const module = await given;
    if (!module) return ownInstantiate(source, imports);
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
}

async function gunzip(response) {
  return new Uint8Array(await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
}

/** Write the files of a ustar archive (build.py's site-packages.tar.gz, unzipped) under `folder`:
 * in JavaScript, straight into Pyodide's file system (Python's own unpacking took half a second). */
function untar(bytes, folder, FS) {
  const decoder = new TextDecoder();
  const made = new Set();
  for (let at = 0; at + 512 <= bytes.length;) {
    const header = bytes.subarray(at, at + 512);
    const field = (from, length) => decoder.decode(header.subarray(from, from + length)).split("\0")[0];
    if (!field(0, 100)) break; // the two empty blocks that end the archive
    const prefix = field(345, 155);
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    const size = parseInt(field(124, 12).trim() || "0", 8);
    const type = field(156, 1);
    at += 512;
    if (type === "0" || type === "") {
      const parent = `${folder}/${name}`.replace(/\/[^/]*$/, "");
      if (!made.has(parent)) {
        FS.mkdirTree(parent);
        made.add(parent);
      }
      FS.writeFile(`${folder}/${name}`, bytes.subarray(at, at + size));
    }
    at += Math.ceil(size / 512) * 512;
  }
}

async function start() {
  progress(0);
  // the files Python needs after it starts are fetched (and unzipped) while it starts
  const manifestLoaded = fetchOk("manifest.json").then((response) => response.json());
  const filesLoaded = Promise.all([
    manifestLoaded.then((manifest) => fetchOk(manifest.site_packages)).then((response) => gunzip(response)),
    manifestLoaded.then((manifest) => fetchOk(manifest.parser)).then((response) => response.arrayBuffer()),
    manifestLoaded.then((manifest) => fetchOk(manifest.shipped)).then((response) => response.arrayBuffer()),
    fetchOk("bridge.py").then((response) => response.text()),
  ]);
  filesLoaded.catch(() => {}); // a failure is reported where it is awaited
  instantiateGiven(runtimeGiven);
  const pyodide = await loadPyodide({
    indexURL: new URL("pyodide/", import.meta.url).href,
    stdout: (line) => console.log(line),
    stderr: (line) => console.warn(line),
  });
  progress(1);
  const manifest = await manifestLoaded;
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  const [files, savedParser, shippedTrees, bridge] = await filesLoaded;
  untar(files, sitePackages, pyodide.FS);
  progress(2);
  const namespace = pyodide.globals.get("dict")();
  pyodide.runPython(bridge, { globals: namespace, filename: "bridge.py" });
  namespace.get("prepare")(new Uint8Array(savedParser), manifest.templates ?? null, new Uint8Array(shippedTrees));
  update = namespace.get("update");
  report = namespace.get("bytecode_report");
  progress(3);
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
    const result = update(request.text, request.lang, request.kind, request.fallback);
    postMessage({ type: "result", id: request.id, ...JSON.parse(result) });
  } catch (error) {
    postMessage({ type: "result", id: request.id, crash: String(error.message || error) });
  }
  if (report) {
    // once the first answer has imported what a sheet needs: how much of it ran from bytecode
    postMessage({ type: "bytecode", ...report().toJs({ dict_converter: Object.fromEntries }) });
    report = null;
  }
}

function schedule() {
  if (!scheduled) {
    scheduled = true;
    setTimeout(answer, 0);
  }
}

onmessage = (event) => {
  if (event.data.type === "runtime") {
    runtime(event.data.module);
    return;
  }
  latest = event.data;
  if (update) schedule();
};

start().catch((error) => postMessage({ type: "failed", message: String(error.message || error) }));
