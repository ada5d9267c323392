// A client of `tractor-rules serve` in another language than the server's: it drives the server over
// stdio and over HTTP and prints every answer as JSON, for tests/interop/test_interop_serve.py to
// compare with the Python API.
//
//   node rpc_client.mjs PYTHON REQUESTS.json
//
// REQUESTS.json: {"calls": [{"id": ..., "method": ..., "params": {...}}, ...]}.  Output (stdout, one
// JSON object): {"stdio": {id: response}, "http": {id: response}, "probes": {...}, "exit": {...}}.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { request } from "node:http";

const [python, requestsPath] = process.argv.slice(2);
const { calls } = JSON.parse(readFileSync(requestsPath, "utf8"));
const server = (...args) => spawn(python, ["-m", "tractor_rules.cli", "serve", ...args], { stdio: ["pipe", "pipe", "pipe"] });
const exited = (child) => new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal)));
const rpc = (call) => ({ jsonrpc: "2.0", ...call });

// --- stdio: one request per line, answers in order --------------------------------------------
async function overStdio() {
  const child = server();
  const done = exited(child);
  const answers = {};
  const extra = [];
  const lines = createInterface({ input: child.stdout });
  lines.on("line", (line) => {
    const message = JSON.parse(line);
    if (message.id === null || message.id === undefined) extra.push(message);
    else answers[message.id] = message;
  });
  for (const call of calls) child.stdin.write(JSON.stringify(rpc(call)) + "\n");
  child.stdin.write("{not json\n");
  child.stdin.write(JSON.stringify({ jsonrpc: "2.0", method: "rulesets" }) + "\n"); // a notification: no answer
  child.stdin.end();
  const code = await done;
  return { answers, extra, code };
}

// --- HTTP: every request in flight at once --------------------------------------------------------
function post(port, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, agent: false, method: "POST", path: "/", headers: { "Content-Type": "application/json", ...headers } }, (res) => {
      let data = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (data += chunk));
      res.on("end", () => resolve({ status: res.statusCode, body: data ? JSON.parse(data) : null }));
    });
    req.on("error", reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

async function overHttp() {
  const child = server("--http", "0");
  const done = exited(child);
  let stderr = "";
  const port = await new Promise((resolve, reject) => {
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
      const found = stderr.match(/listening on http:\/\/127\.0\.0\.1:(\d+)\//);
      if (found) resolve(Number(found[1]));
    });
    child.on("exit", () => reject(new Error(`the server stopped: ${stderr}`)));
  });
  // the loads first, one by one (a later question may use a handle they give); then every other
  // request at once
  const answers = {};
  for (const call of calls.filter((c) => c.method === "load")) {
    const reply = await post(port, JSON.stringify(rpc(call)));
    answers[reply.body.id] = reply.body;
  }
  const replies = await Promise.all(calls.filter((c) => c.method !== "load").map((call) => post(port, JSON.stringify(rpc(call)))));
  for (const reply of replies) answers[reply.body.id] = reply.body;
  const batch = await post(port, JSON.stringify(calls.slice(0, 5).map(rpc)));
  const probes = {
    batch: batch.body.map((a) => a.id),
    malformed: await post(port, "{\"jsonrpc\": \"2.0\", "),
    notification: await post(port, JSON.stringify({ jsonrpc: "2.0", method: "rulesets" })),
    too_large: await post(port, undefined, { "Content-Length": String(5 * 1024 * 1024) }),
    get: await new Promise((resolve) => request({ host: "127.0.0.1", port, agent: false, path: "/" }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode, allow: res.headers.allow }));
    }).end()),
    not_a_request: await post(port, "[1, 2]"),
  };
  child.kill("SIGTERM");
  const code = await done;
  return { answers, probes, code };
}

const stdio = await overStdio();
const http = await overHttp();
process.stdout.write(JSON.stringify({
  stdio: stdio.answers, stdio_extra: stdio.extra, http: http.answers, probes: http.probes,
  exit: { stdio: stdio.code, http: http.code },
}));
