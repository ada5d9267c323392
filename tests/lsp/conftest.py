"""A real language-server session for the tests: ``tractor-rules lsp`` in a subprocess, driven by
pygls's language client over standard input and output.  One server per test module (starting
one costs about a second); the client's event loop runs in a thread of its own, so the tests call
it synchronously."""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types
from pygls.lsp.client import LanguageClient

#: no answer within this long means the server hangs: a failure, not a timing measurement
REPLY_TIMEOUT = 60


class Session:
    """A client connected to a server process; every method waits for the server's answer."""

    def __init__(self, initialization_options: dict[str, Any] | None = None, locale: str | None = None):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.client = LanguageClient("tractor-rules-tests", "1")
        self.diagnostics: dict[str, list[types.PublishDiagnosticsParams]] = {}
        self.arrived = threading.Condition()
        self.versions: dict[str, int] = {}

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: types.PublishDiagnosticsParams) -> None:
            with self.arrived:
                self.diagnostics.setdefault(params.uri, []).append(params)
                self.arrived.notify_all()

        self.call(self.client.start_io(sys.executable, "-m", "tractor_rules.cli", "lsp", "--stdio"))
        self.initialize_result = self.call(self.client.initialize_async(types.InitializeParams(
            capabilities=types.ClientCapabilities(), locale=locale,
            initialization_options=initialization_options or {})))
        self.client.initialized(types.InitializedParams())

    def call(self, coroutine: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(REPLY_TIMEOUT)

    def close(self) -> None:
        try:
            self.call(self.client.shutdown_async(None))
            self.client.exit(None)
            self.call(self.client.stop())
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(REPLY_TIMEOUT)

    # --- documents ------------------------------------------------------------------------------

    def open(self, path: Path, text: str | None = None) -> tuple[str, list[types.Diagnostic]]:
        """Open ``path`` (with ``text``, else its contents); its first diagnostics."""
        uri = path.as_uri()
        text = path.read_text(encoding="utf-8") if text is None else text
        self.versions[uri] = 1
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="tractor", version=1, text=text)))
        return uri, self.wait_diagnostics(uri, 1)

    def change(self, uri: str, text: str) -> list[types.Diagnostic]:
        """Replace the whole text; the diagnostics of the new version."""
        return self.wait_diagnostics(uri, self.send_change(uri, text))

    def send_change(self, uri: str, text: str) -> int:
        """Replace the whole text without waiting; the new version."""
        version = self.versions[uri] = self.versions[uri] + 1
        self.client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))
        return version

    def wait_diagnostics(self, uri: str, version: int) -> list[types.Diagnostic]:
        with self.arrived:
            done = self.arrived.wait_for(
                lambda: any(p.version == version for p in self.diagnostics.get(uri, [])), REPLY_TIMEOUT)
            assert done, f"no diagnostics for version {version} of {uri}"
            return list(next(p for p in self.diagnostics[uri] if p.version == version).diagnostics)

    def configure(self, settings: dict[str, Any]) -> None:
        self.client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=settings))

    # --- requests -------------------------------------------------------------------------------

    def hover(self, uri: str, line: int, character: int) -> types.Hover | None:
        return self.call(self.client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=line, character=character))))

    def complete(self, uri: str, line: int, character: int) -> list[types.CompletionItem]:
        found = self.call(self.client.text_document_completion_async(types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=line, character=character))))
        return found.items if isinstance(found, types.CompletionList) else list(found or [])

    def definition(self, uri: str, line: int, character: int) -> Any:
        return self.call(self.client.text_document_definition_async(types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=line, character=character))))

    def format(self, uri: str) -> list[types.TextEdit] | None:
        return self.call(self.client.text_document_formatting_async(types.DocumentFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            options=types.FormattingOptions(tab_size=2, insert_spaces=True))))

    def symbols(self, uri: str) -> list[types.DocumentSymbol]:
        return self.call(self.client.text_document_document_symbol_async(types.DocumentSymbolParams(
            text_document=types.TextDocumentIdentifier(uri=uri))))

    def code_actions(self, uri: str, diagnostics: list[types.Diagnostic]) -> list[types.CodeAction]:
        span = diagnostics[0].range if diagnostics else types.Range(
            start=types.Position(line=0, character=0), end=types.Position(line=0, character=0))
        return self.call(self.client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=span,
            context=types.CodeActionContext(diagnostics=diagnostics)))) or []


@pytest.fixture(scope="module")
def session() -> Iterator[Session]:
    started = Session()
    yield started
    started.close()
