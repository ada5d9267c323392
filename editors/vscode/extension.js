// The VS Code side of tractor-rules: starts `tractor-rules lsp` for .tractor files and passes the
// extension's settings to it.  Highlighting comes from the TextMate grammar in syntaxes/.
"use strict";

const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function settings() {
  const config = vscode.workspace.getConfiguration("tractor-rules");
  const options = {};
  if (config.get("language")) options.language = config.get("language");
  if (config.get("docsUrl")) options.docsUrl = config.get("docsUrl");
  return { command: config.get("command"), options };
}

function activate(context) {
  const { command, options } = settings();
  const [program, ...args] = command && command.length ? command : ["tractor-rules", "lsp"];
  client = new LanguageClient(
    "tractor-rules",
    "Tractor rulesets",
    { command: program, args },
    {
      documentSelector: [{ scheme: "file", language: "tractor" }, { scheme: "untitled", language: "tractor" }],
      initializationOptions: options,
      // sends {"tractor-rules": {...}} to the server whenever these settings change
      synchronize: { configurationSection: "tractor-rules" },
    },
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
