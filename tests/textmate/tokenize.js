// Tokenizes ruleset files with the TextMate grammar the way VS Code does (vscode-textmate driving
// the Oniguruma engine), for tests/textmate/test_textmate.py:
//   node tokenize.js GRAMMAR.json FILE...
// prints {FILE: [[[scopes, text], ...] per line]} as JSON, scopes without the grammar's own.
"use strict";

const fs = require("fs");
const vsctm = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

async function main() {
  const [grammarPath, ...files] = process.argv.slice(2);
  await oniguruma.loadWASM(fs.readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm")).buffer);
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (text) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async () => vsctm.parseRawGrammar(fs.readFileSync(grammarPath, "utf8"), grammarPath),
  });
  const grammar = await registry.loadGrammar("source.tractor");
  const out = {};
  for (const file of files) {
    let state = vsctm.INITIAL;
    out[file] = fs.readFileSync(file, "utf8").split("\n").map((line) => {
      const result = grammar.tokenizeLine(line, state);
      state = result.ruleStack;
      return result.tokens.map((t) => [
        t.scopes.filter((s) => s !== "source.tractor").join(" "),
        line.slice(t.startIndex, t.endIndex),
      ]);
    });
  }
  process.stdout.write(JSON.stringify(out));
}

main().catch((error) => {
  process.stderr.write(`${error.stack || error}\n`);
  process.exit(1);
});
