"""A real language-server session for the tests: ``tractor-rules lsp`` in a subprocess, driven by
pygls's language client over standard input and output; the client's event loop runs in a thread
of its own, so the tests call it synchronously.

One server serves every module of the run (the modules are in the xdist group "lsp", so one
worker runs them all): starting one costs about a CPU second (pygls, lsprotocol and the package
imported), which a server per module paid 25 times.  The modules cannot tell: each opens its own
files, in a folder of its own, and the documents a module opened are closed when it ends, so that
the next module meets a server holding no document, as a new one would.  A server that no longer
answers when a module starts (it crashed, or a test left it hanging) is replaced by a new one, so
that a failure stays in its module.  A module that needs a server started otherwise (other
initialization options, a locale) makes its own ``session`` fixture with ``Session(...)``.  (The
server's own CPU time is waited for when the run ends, after the last test: ``--cpu-times``, which
counts a test's child processes once they are waited for, no longer sees it; ``/usr/bin/time``
over the run does.)"""

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

    def answers(self) -> bool:
        """Whether the server still runs and answers a request (a hover on no document)."""
        if self.client.stopped:  # pygls sets it when the server's process exits
            return False
        try:
            self.hover("file:///no-such-document.tractor", 0, 0)
        except Exception:
            return False
        return True

    def close(self, answering: bool = True) -> None:
        """Shut the server down as an editor does; one that no longer answers is killed."""
        try:
            if answering:
                self.call(self.client.shutdown_async(None))
                self.client.exit(None)
            else:
                process = self.client._server  # the process pygls started (it has no public name)
                if process is not None and process.returncode is None:
                    self.loop.call_soon_threadsafe(process.kill)
            self.call(self.client.stop())
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(REPLY_TIMEOUT)

    def close_documents(self) -> None:
        """Close every document opened through this session, and forget their diagnostics.  (A
        document left open would also be checked again at each change of configuration.)"""
        if not self.client.stopped:
            for uri in self.versions:
                self.client.text_document_did_close(types.DidCloseTextDocumentParams(
                    text_document=types.TextDocumentIdentifier(uri=uri)))
        with self.arrived:
            self.versions.clear()
            self.diagnostics.clear()

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


class RunServer:
    """The run's server: started when a module first asks, started again when it no longer
    answers."""

    def __init__(self) -> None:
        self.running: Session | None = None

    def answering(self) -> Session:
        if self.running is not None and not self.running.answers():
            self.running.close(answering=False)
            self.running = None
        if self.running is None:
            self.running = Session()
        return self.running

    def close(self) -> None:
        if self.running is not None:
            self.running.close(answering=self.running.answers())


@pytest.fixture(scope="session")
def run_server() -> Iterator[RunServer]:
    server = RunServer()
    yield server
    server.close()


@pytest.fixture(scope="module")
def session(run_server: RunServer) -> Iterator[Session]:
    """The run's server, answering, for one module; the module's documents closed at its end."""
    server = run_server.answering()
    yield server
    server.close_documents()
