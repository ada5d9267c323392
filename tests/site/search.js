// Runs the built site's own search, as the browser does, over the site's own index.
//
//   node search.js SITE_DIR QUERY [QUERY ...]   → {"QUERY": [location, ...], ...} on stdout
//
// The site's search/worker.js runs as written, in a context that stands in for the browser's web
// worker: importScripts reads the site's scripts (lunr and its language files), XMLHttpRequest reads
// search_index.json, and postMessage collects the answers.
"use strict";
const fs = require("fs");
const path = require("path");
const vm = require("vm");

const [siteDir, ...queries] = process.argv.slice(2);
const searchDir = path.join(siteDir, "search");
const answers = [];

const worker = {
  console: { log() {}, error: (...args) => process.stderr.write(args.join(" ") + "\n") },
  postMessage: (message) => answers.push(message),
  importScripts: (...scripts) => {
    for (const script of scripts) {
      vm.runInContext(fs.readFileSync(path.join(searchDir, script), "utf8"), worker, { filename: script });
    }
  },
  XMLHttpRequest: class {
    addEventListener(event, listener) { this.listener = listener; }
    open(method, url) { this.url = url; }
    send() {
      this.responseText = fs.readFileSync(path.join(searchDir, this.url), "utf8");
      this.listener.call(this);
    }
  },
};
vm.createContext(worker);
vm.runInContext(fs.readFileSync(path.join(searchDir, "worker.js"), "utf8"), worker, { filename: "worker.js" });

worker.onmessage({ data: { init: true } });
if (!answers.some((message) => message.allowSearch)) {
  process.stderr.write("the search did not start\n");
  process.exit(1);
}
const found = {};
for (const query of queries) {
  answers.length = 0;
  worker.onmessage({ data: { query } });
  found[query] = answers[0].results.map((doc) => doc.location);
}
process.stdout.write(JSON.stringify(found));
