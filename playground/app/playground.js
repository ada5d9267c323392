// The playground page: an editor for ruleset text, its errors at their lines, its rule sheet
// beside it. Python (tractor-rules in Pyodide) runs in worker.js; this file only draws.
//
// Positions from the facade are 1-based lines and columns counted in code points; JavaScript
// strings count UTF-16 units, so every conversion goes through `Array.from` (code points).

const DEFAULT_TEXT = `# A house rule: edit it, or start from a shipped ruleset above.
ruleset: "My house rules"
description: "Two decks; the point ranks must be defended by the bankers."
extends: "two-decks"

levels
  defend: 5, 10, K
`;
const DEBOUNCE_MS = 150;

const $ = (id) => document.getElementById(id);
const textarea = $("text");
const highlight = $("highlight");
const gutter = $("gutter");
const list = $("diagnostics");
const status = $("status");
const sheet = $("sheet");
const language = $("lang");
const starterSelect = $("starter");
const printButton = $("print");
const kind = $("kind");
const paper = $("paper");
const loading = $("loading");
const output = $("output");
const staleNote = $("stale");

const worker = new Worker(new URL("worker.js", import.meta.url), { type: "module" });
// Python's interpreter (WebAssembly) compiled here, not in the worker: the browser keeps the machine
// code of a module compiled on a page between visits (not of one compiled in a worker), so that a
// reload does not compile it again.  Without it (a browser that cannot), the worker compiles it.
WebAssembly.compileStreaming(fetch(new URL("pyodide/pyodide.asm.wasm", import.meta.url)))
  .catch(() => null)
  .then((module) => {
    try {
      worker.postMessage({ type: "runtime", module });
    } catch {
      worker.postMessage({ type: "runtime", module: null }); // a browser that cannot pass a module on
    }
  });
let ready = false;
let requested = 0; // id of the newest request sent
let request = null; // the newest request sent: {id, text, lang, kind, fallback}
let shown = { text: null, tokens: [], diagnostics: [] }; // the newest answer drawn
// the sheet in view: of which text, in which language and kind, and whether the text in the editor
// has errors since (the sheet is then the last good text's, "stale")
let sheetShown = { text: null, lang: null, kind: null, stale: false };
// the newest text that compiled: while the text has errors, a change of language or kind shows it
let lastGood = null;
let pendingSettings = null; // a share link's language and kind, until Python says which it offers
let debounce = null;
let starters = new Map();
let docs = null; // the documentation site's address, when the page is part of it

// --- positions ------------------------------------------------------------------------------------

/** The string offset of a 1-based line and code-point column (clamped to the text). */
function offsetOf(text, line, column) {
  const lines = text.split("\n");
  let offset = 0;
  for (let i = 0; i < Math.min(line - 1, lines.length - 1); i++) offset += lines[i].length + 1;
  const points = Array.from(lines[Math.min(line - 1, lines.length - 1)] ?? "");
  return offset + points.slice(0, Math.max(0, column - 1)).join("").length;
}

// --- drawing the editor -----------------------------------------------------------------------------

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

/** The colour class of a token of the facade ("keyword", "number", "string", "card", "word",
 * "punctuation", "comment"); hearts and diamonds in red, as on the sheets. */
function tokenClass(token) {
  if (token.type === "card" && /[♥♦HD]/.test(token.text)) return "tok-card red";
  return `tok-${token.type}`;
}

/** Fill `classes` (per line, per code point) over a facade range. */
function paint(classes, lines, item, name) {
  const lastLine = Math.min(item.end_line ?? item.line, lines.length);
  for (let line = item.line; line <= lastLine; line++) {
    const row = classes[line - 1];
    if (!row) continue;
    const from = line === item.line ? item.column - 1 : 0;
    let to = line === lastLine && (item.end_line ?? item.line) === lastLine ? (item.end_column ?? item.column) - 1 : row.length;
    if (to <= from) to = from + 1; // an empty range still marks one character
    while (row.length < to) row.push(""); // a mark past the end of the line (a missing value)
    lines[line - 1].push(...Array(Math.max(0, to - lines[line - 1].length)).fill(" "));
    for (let i = Math.max(0, from); i < to; i++) row[i] = row[i] ? `${row[i]} ${name}` : name;
  }
}

function drawEditor() {
  const text = textarea.value;
  const current = shown.text === text;
  const lines = text.split("\n").map((line) => Array.from(line));
  const classes = lines.map((line) => Array(line.length).fill(""));
  if (current) {
    for (const token of shown.tokens) {
      paint(classes, lines, token, tokenClass(token));
    }
  }
  const marks = new Map(); // line -> "error" | "warning"
  for (const diagnostic of shown.diagnostics) {
    if (diagnostic.line < 1) continue;
    if (current) paint(classes, lines, diagnostic, `mark-${diagnostic.severity}`);
    if (marks.get(diagnostic.line) !== "error") marks.set(diagnostic.line, diagnostic.severity);
  }
  highlight.innerHTML = lines.map((points, i) => {
    let html = "";
    let run = "";
    let runClass = null;
    points.forEach((point, j) => {
      const name = classes[i][j] || "";
      if (name !== runClass && run) {
        html += runClass ? `<span class="${runClass}">${escapeHtml(run)}</span>` : escapeHtml(run);
        run = "";
      }
      runClass = name;
      run += point;
    });
    if (run) html += runClass ? `<span class="${runClass}">${escapeHtml(run)}</span>` : escapeHtml(run);
    return html;
  }).join("\n") + "\n";
  gutter.innerHTML = lines.map((_, i) => {
    const severity = marks.get(i + 1);
    return severity ? `<div class="${severity}" data-line="${i + 1}">${i + 1}</div>` : `<div>${i + 1}</div>`;
  }).join("");
  syncScroll();
}

function syncScroll() {
  highlight.scrollTop = textarea.scrollTop;
  highlight.scrollLeft = textarea.scrollLeft;
  gutter.scrollTop = textarea.scrollTop;
}

// --- the diagnostics list ---------------------------------------------------------------------------

function select(diagnostic) {
  const text = textarea.value;
  textarea.focus();
  textarea.setSelectionRange(
    offsetOf(text, diagnostic.line, diagnostic.column),
    offsetOf(text, diagnostic.end_line ?? diagnostic.line, diagnostic.end_column ?? diagnostic.column),
  );
}

function applyFix(fix) {
  const text = textarea.value;
  const from = offsetOf(text, fix.line, fix.column);
  const to = offsetOf(text, fix.end_line, fix.end_column);
  textarea.value = text.slice(0, from) + fix.replacement + text.slice(to);
  textarea.setSelectionRange(from + fix.replacement.length, from + fix.replacement.length);
  edited();
}

function drawDiagnostics() {
  list.replaceChildren(...shown.diagnostics.map((diagnostic) => {
    const item = document.createElement("li");
    item.className = diagnostic.severity;
    item.dataset.line = diagnostic.line;
    const where = diagnostic.line > 0 ? `line ${diagnostic.line}, column ${diagnostic.column}` : "";
    const code = diagnostic.code ? escapeHtml(diagnostic.code) : "";
    const linked = code && docs && diagnostic.docs
      ? `<a href="${escapeHtml(new URL(diagnostic.docs, docs).href)}" target="_blank">${code}</a>` : code;
    item.innerHTML = `<span class="where">${where}</span><span class="severity">${diagnostic.severity}` +
      `${code ? `[${linked}]` : ""}</span>: <span class="message"></span>`;
    item.querySelector("a")?.addEventListener("click", (event) => event.stopPropagation());
    item.querySelector(".message").textContent = diagnostic.message;
    if (diagnostic.line > 0) item.addEventListener("click", () => select(diagnostic));
    for (const fix of diagnostic.fixes ?? []) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "fix";
      button.textContent = fix.title;
      button.addEventListener("click", (event) => { event.stopPropagation(); applyFix(fix); });
      item.append(button);
    }
    return item;
  }));
}

// --- the sheet --------------------------------------------------------------------------------------

/** The printed pages' paper: the sheets print on A4, and on Letter with #letter in their address. */
function choosePaper() {
  const fragment = paper.value === "letter" ? "#letter" : "";
  if (sheet.contentWindow && sheet.contentWindow.location.hash !== fragment) {
    sheet.contentWindow.location.hash = fragment;
  }
}

/** Say, above the sheet, whether it is the sheet of the text in the editor or of the last text
 * without errors (the sheet of a text with errors cannot be made). */
function showStale(isStale) {
  sheetShown.stale = isStale;
  staleNote.hidden = !isStale;
  output.classList.toggle("stale", isStale);
}

/** Show a new sheet where the reader was in the old one; resolves once it is shown. */
function drawSheet(html) {
  const scroll = sheet.contentWindow?.scrollY ?? 0;
  return new Promise((resolve) => {
    sheet.addEventListener("load", () => {
      choosePaper();
      sheet.contentWindow.scrollTo(0, scroll);
      printButton.disabled = false;
      resolve();
    }, { once: true });
    sheet.srcdoc = html;
  });
}

// --- talking to Python ------------------------------------------------------------------------------

function send() {
  debounce = null;
  if (!ready) return;
  requested += 1;
  status.textContent = "Checking";
  status.className = "busy";
  const [lang, what] = [language.value, kind.value];
  // the last good text goes along when the sheet in view is not in the language and kind asked for:
  // if the text has errors, Python makes that text's sheet in them instead
  const fallback = lastGood !== null && (sheetShown.lang !== lang || sheetShown.kind !== what) ? lastGood : null;
  request = { id: requested, text: textarea.value, lang, kind: what, fallback };
  worker.postMessage(request);
}

function edited() {
  drawEditor();
  clearTimeout(debounce);
  debounce = setTimeout(send, DEBOUNCE_MS);
}

function summary(diagnostics) {
  const count = (severity) => diagnostics.filter((d) => d.severity === severity).length;
  const errors = count("error");
  const warnings = count("warning");
  const parts = [];
  if (errors) parts.push(`${errors} error${errors === 1 ? "" : "s"}`);
  if (warnings) parts.push(`${warnings} warning${warnings === 1 ? "" : "s"}`);
  return parts.length ? parts.join(", ") : "No errors";
}

function fillStarters(groups) {
  for (const group of groups) {
    const optgroup = document.createElement("optgroup");
    optgroup.label = group.group;
    for (const item of group.items) {
      starters.set(item.id, item.text);
      optgroup.append(new Option(item.title, item.id));
    }
    starterSelect.append(optgroup);
  }
}

/** While Python starts: what it is doing, in the status and the progress bar beside it. */
function showProgress({ step, steps, what }) {
  status.textContent = `${what} (${step} of ${steps})`;
  status.className = "busy";
  loading.max = steps;
  loading.value = step - 1;
}

/** Once the page has been answered: keep its files for offline use and fast reloads (sw.js). */
function keepOffline() {
  navigator.serviceWorker?.register(new URL("sw.js", import.meta.url)).catch(() => {});
}

worker.onmessage = async ({ data }) => {
  if (data.type === "progress") {
    showProgress(data);
  } else if (data.type === "bytecode") {
    document.body.dataset.bytecode = `${data.precompiled} of ${data.modules}`;
    document.body.dataset.templates = String(data.templates);
    document.body.dataset.shippedTrees = String(data.shipped_trees);
    document.body.dataset.dataclassFunctions = `${data.dataclass_functions} of ` +
      `${data.dataclass_functions + data.dataclass_functions_compiled}`;
  } else if (data.type === "ready") {
    ready = true;
    fillStarters(data.starters);
    docs = data.docs ? new URL(data.docs, location.href) : null;
    language.replaceChildren(...data.languages.map(({ code, name }) => new Option(name, code)));
    kind.replaceChildren(...data.kinds.map(({ name, title }) => new Option(title, name)));
    if (pendingSettings) applySettings(pendingSettings);
    pendingSettings = null;
    document.body.dataset.loadSeconds = data.seconds.toFixed(2);
    send();
  } else if (data.type === "failed") {
    loading.hidden = true;
    status.textContent = `Python could not start: ${data.message}`;
    status.className = "failed";
  } else if (data.type === "result" && data.id === requested) {
    status.className = "";
    loading.hidden = true;
    if (data.crash) {
      status.textContent = `Internal error: ${data.crash}`;
      return;
    }
    const answered = request;
    shown = { text: answered.text, tokens: data.tokens, diagnostics: data.diagnostics };
    status.textContent = summary(data.diagnostics);
    drawEditor();
    drawDiagnostics();
    if (data.sheet !== null) {
      if (!data.stale) lastGood = answered.text;
      sheetShown = { text: data.stale ? answered.fallback : answered.text, lang: answered.lang, kind: answered.kind };
      await drawSheet(data.sheet);
    }
    showStale(data.sheet === null ? sheetShown.text !== null : data.stale);
    if (!document.body.dataset.firstAnswerSeconds) {
      // from opening the page to its first sheet (the tests measure it)
      document.body.dataset.firstAnswerSeconds = (performance.now() / 1000).toFixed(2);
      keepOffline();
    }
    document.body.dataset.answered = String(data.id);
  }
};
worker.onerror = (event) => {
  status.textContent = `Python could not start: ${event.message || "the worker failed to load"}`;
  status.className = "failed";
};

// --- share links: the text, deflated, in the URL's fragment (never sent to any server) --------------
//
// A link is data from anyone: its text only ever goes into the textarea (as a value) and to Python,
// and what the page says about a link is set as text, never as HTML. A deflated text can be a
// thousand times its link's size: the inflation is streamed and stops at MAX_TEXT_BYTES, the most
// a ruleset may be (tractor_rules.language.parser.MAX_BYTES, which the tests compare with it), so a
// short link cannot make the page inflate, hold and draw megabytes.

const MAX_TEXT_BYTES = 256 * 1024;
// the longest fragment a text of MAX_TEXT_BYTES deflates to, in base64 (deflate makes a text it
// cannot compress larger by less than 5 bytes per 16 KB, and a few bytes: zlib's deflateBound): a
// longer one is refused unread
const MAX_LINK_CHARS = Math.ceil(((MAX_TEXT_BYTES + 5 * Math.ceil(MAX_TEXT_BYTES / 16384) + 64) * 4) / 3);
// compressed bytes given to the inflater at a time: each inflates to at most about 1,000 times its size
const INFLATE_SLICE = 256;
const LINK_UNREADABLE = "The link's text could not be read: it is cut short or changed";
const LINK_TOO_LARGE = `The link's text was not opened: it is larger than a ruleset may be ` +
  `(${MAX_TEXT_BYTES / 1024} KB), so the link is damaged or was not made by this page`;

class LinkRefused extends Error {}

async function pipe(bytes, stream) {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());
}

async function encodeText(text) {
  const packed = await pipe(new TextEncoder().encode(text), new CompressionStream("deflate-raw"));
  let binary = "";
  for (const byte of packed) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The bytes `packed` inflates to, or LinkRefused as soon as they pass `cap`: the compressed bytes
 * go in by slices, as the inflater asks for them, so no more than a slice's worth is inflated
 * beyond the cap. */
async function inflate(packed, cap) {
  let at = 0;
  const source = new ReadableStream({
    pull(controller) {
      if (at >= packed.length) {
        controller.close();
      } else {
        controller.enqueue(packed.slice(at, at + INFLATE_SLICE));
        at += INFLATE_SLICE;
      }
    },
  }, { highWaterMark: 0 });
  const reader = source.pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const chunks = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > cap) throw new LinkRefused(LINK_TOO_LARGE);
      chunks.push(value);
    }
  } catch (error) {
    reader.cancel().catch(() => {}); // stops the inflation (and whatever error the cancel itself meets)
    throw error instanceof LinkRefused ? error : new LinkRefused(LINK_UNREADABLE);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

async function decodeText(encoded) {
  if (!/^[A-Za-z0-9_-]*$/.test(encoded)) throw new LinkRefused(LINK_UNREADABLE);
  if (encoded.length > MAX_LINK_CHARS) throw new LinkRefused(LINK_TOO_LARGE);
  let binary;
  try {
    binary = atob(encoded.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    throw new LinkRefused(LINK_UNREADABLE);
  }
  const bytes = await inflate(Uint8Array.from(binary, (c) => c.charCodeAt(0)), MAX_TEXT_BYTES);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new LinkRefused(LINK_UNREADABLE);
  }
}

/** Say why a link was not opened, until the reader dismisses it or opens another link: apart from
 * the status, which the checks of the text overwrite. */
function notify(message) {
  const notice = $("notice");
  notice.querySelector(".message").textContent = message;
  notice.hidden = false;
}

function dismiss() {
  $("notice").hidden = true;
}

// A link's fragment: the settings of the page, then the text, which is all the rest:
// "#lang=zh&kind=card&paper=letter&text=...".  The first links held the text alone ("#text=..."), and
// still open.  A setting the page does not know, or a value it does not offer, is left out.
const LINK_SETTING = /^([a-z]+)=([A-Za-z0-9_-]*)&/;
const LINK_SETTINGS = { lang: language, kind, paper };

/** The settings and the text (still encoded; null when there is none) of the address's fragment. */
function readFragment(fragment) {
  let rest = fragment.replace(/^#/, "");
  const settings = {};
  for (let match; (match = LINK_SETTING.exec(rest)) && match[1] !== "text";) {
    settings[match[1]] = match[2];
    rest = rest.slice(match[0].length);
  }
  return { settings, encoded: rest.startsWith("text=") ? rest.slice("text=".length) : null };
}

/** Choose the language, kind and paper a link carries, those the page offers (the language and
 * kind once Python has said which it offers). */
function applySettings(settings) {
  for (const [name, select] of Object.entries(LINK_SETTINGS)) {
    const value = settings[name];
    if (value !== undefined && [...select.options].some((option) => option.value === value)) select.value = value;
  }
  choosePaper();
}

/** The share link in the address: {text, settings}, or null (no link, or one refused and said so:
 * any fragment is a link, as the page makes no other, so a fragment that is not one is damaged). */
async function openLink() {
  if (!location.hash || location.hash === "#") return null;
  const { settings, encoded } = readFragment(location.hash);
  try {
    if (encoded === null) throw new LinkRefused(LINK_UNREADABLE);
    const text = await decodeText(encoded);
    dismiss();
    return { text, settings };
  } catch (error) {
    notify(error instanceof LinkRefused ? error.message : LINK_UNREADABLE);
    return null;
  }
}

/** Open the share link in the address, if there is one that opens: its settings, then its text. */
async function followLink() {
  const link = await openLink();
  if (link === null) return null;
  if (ready) {
    applySettings(link.settings);
  } else {
    applySettings({ paper: link.settings.paper });
    pendingSettings = link.settings;
  }
  return link.text;
}

$("share").addEventListener("click", async () => {
  const link = new URL(location.href);
  link.hash = `lang=${language.value}&kind=${kind.value}&paper=${paper.value}&text=${await encodeText(textarea.value)}`;
  history.replaceState(null, "", link);
  try {
    await navigator.clipboard.writeText(link.href);
    status.textContent = "Link copied";
  } catch {
    status.textContent = "The link is in the address bar";
  }
});

window.addEventListener("hashchange", async () => {
  const text = await followLink();
  if (text !== null) {
    textarea.value = text;
    starterSelect.value = "";
    edited();
  }
});

$("notice").querySelector("button").addEventListener("click", dismiss);

// --- the rest of the controls -------------------------------------------------------------------------

textarea.addEventListener("input", () => { starterSelect.value = ""; edited(); });
textarea.addEventListener("scroll", syncScroll);
starterSelect.addEventListener("change", () => {
  if (!starters.has(starterSelect.value)) return;
  textarea.value = starters.get(starterSelect.value);
  textarea.scrollTop = 0;
  edited();
});
language.addEventListener("change", send);
kind.addEventListener("change", send);
paper.addEventListener("change", choosePaper);
printButton.addEventListener("click", () => sheet.contentWindow.print());

textarea.value = (await followLink()) ?? DEFAULT_TEXT;
drawEditor();
