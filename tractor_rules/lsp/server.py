"""``tractor-rules lsp``: the language server over standard input and output (pygls).

Each handler finds the document's state (``document.DocumentState``, rebuilt when the text
changes), converts the editor's position to code points, asks the feature module, and converts the
answer back: positions change units here only.  Diagnostics link to their code's section of the
documentation; a diagnostic's did-you-mean fixes become quick-fix code actions."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path

from .. import __version__
from ..codes import code_info
from ..errors import terminal_safe
from ..language.format import format_document
from ..render.i18n import languages
from . import completion, diagnostics, hover, navigation, symbols
from .document import DocumentState
from .positions import PositionMap

#: where the documentation lives; an editor may give another in its initialization options
#: ("docsUrl"), e.g. a copy built with ``mkdocs build``
DOCS_URL = "https://tractor-rules.invalid/docs/"

#: how long after the last change the server checks the text (seconds)
CHECK_DELAY = 0.15

_SEVERITY = {"error": types.DiagnosticSeverity.Error, "warning": types.DiagnosticSeverity.Warning,
             "information": types.DiagnosticSeverity.Information}
_COMPLETION_KIND = {
    "section": types.CompletionItemKind.Module,
    "key": types.CompletionItemKind.Property,
    "keyword": types.CompletionItemKind.Keyword,
    "value": types.CompletionItemKind.Value,
    "file": types.CompletionItemKind.File,
}


def language_of(locale: str | None, options: Any) -> str:
    """The language of hovers: the "language" initialization option, else the editor's locale
    ("zh-CN" → "zh"), else English; only a language the sheets are written in."""
    wanted = options.get("language") if isinstance(options, dict) else None
    for candidate in (wanted, locale):
        if isinstance(candidate, str):
            base = candidate.replace("_", "-").split("-")[0].lower()
            if base in languages():
                return base
    return "en"


def code_url(docs_url: str, code: str) -> str | None:
    """The documentation section of a diagnostic code (its page and anchor in ``codes``)."""
    try:
        info = code_info(code)
    except KeyError:
        return None
    return f"{docs_url.rstrip('/')}/{info.page.removesuffix('.md')}/#{info.anchor}"


class RulesetLanguageServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("tractor-rules", __version__)
        self.states: dict[str, DocumentState] = {}
        #: the checks waiting for the user to pause typing, by document
        self.pending: dict[str, asyncio.TimerHandle] = {}
        self.lang = "en"
        self.docs_url = DOCS_URL

    def configure(self, settings: Any, locale: str | None) -> None:
        """Take the editor's settings: ``{"language": "zh", "docsUrl": "..."}``, given bare or
        under the key "tractor-rules" (as editors nest each server's settings)."""
        if isinstance(settings, dict) and isinstance(settings.get("tractor-rules"), dict):
            settings = settings["tractor-rules"]
        if not isinstance(settings, dict):
            settings = {}
        if "language" in settings or locale is not None:
            self.lang = language_of(locale, settings)
        if isinstance(settings.get("docsUrl"), str):
            self.docs_url = settings["docsUrl"]

    def state(self, uri: str) -> DocumentState | None:
        """The state of the document's current text (built when the text has changed); None for a
        document the editor has not opened (its text is the editor's, not the disk's)."""
        if uri not in self.workspace.text_documents:
            return None
        document = self.workspace.get_text_document(uri)
        state = self.states.get(uri)
        if state is None or state.text != document.source:
            state = DocumentState(uri, document.source, document.version)
            self.states[uri] = state
        return state

    def publish(self, uri: str) -> None:
        """Check the document's current text now and send its diagnostics."""
        self.pending.pop(uri, None)
        state = self.state(uri)
        if state is None:
            return
        version = self.workspace.get_text_document(uri).version
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri, version=version, diagnostics=self.diagnostics_of(state)))

    def diagnostics_of(self, state: DocumentState) -> list[types.Diagnostic]:
        """What ``publish`` sends for a document: its problems placed in it, capped
        (``diagnostics.capped``), their positions in the editor's units."""
        found = diagnostics.capped(diagnostics.for_document(state, diagnostics.check(state)))
        where = PositionMap(state.text)
        return [self._diagnostic(d, where) for d in found]

    def publish_soon(self, uri: str) -> None:
        """Check the document once the user pauses: each change postpones the check by
        ``CHECK_DELAY``, so that typing fast checks the text once, not at every keystroke (a hover
        in between still reads the newest text)."""
        earlier = self.pending.pop(uri, None)
        if earlier is not None:
            earlier.cancel()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # not called from the server's loop: no one to wait with
            self.publish(uri)
            return
        self.pending[uri] = loop.call_later(CHECK_DELAY, self.publish, uri)

    def _diagnostic(self, d: dict[str, Any], where: PositionMap) -> types.Diagnostic:
        code = d.get("code") or None
        url = code_url(self.docs_url, code) if code else None
        return types.Diagnostic(
            range=where.range(d["line"], d["column"], d["end_line"], d["end_column"]),
            message=d["message"],
            severity=_SEVERITY.get(d["severity"], types.DiagnosticSeverity.Error),
            code=code,
            code_description=types.CodeDescription(href=url) if url else None,
            source="tractor-rules",
            data={"fixes": d.get("fixes", [])},
        )


def build_server() -> RulesetLanguageServer:
    server = RulesetLanguageServer()

    @server.feature(types.INITIALIZE)
    def initialize(ls: RulesetLanguageServer, params: types.InitializeParams) -> None:
        ls.configure(params.initialization_options, params.locale)

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    def configuration_changed(ls: RulesetLanguageServer, params: types.DidChangeConfigurationParams) -> None:
        ls.configure(params.settings, None)
        for uri in list(ls.states):  # diagnostics link to the documentation: it may have moved
            ls.publish(uri)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: RulesetLanguageServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: RulesetLanguageServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.publish_soon(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: RulesetLanguageServer, params: types.DidSaveTextDocumentParams) -> None:
        # a parent file may have changed on disk: check again from scratch
        ls.states.pop(params.text_document.uri, None)
        ls.publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: RulesetLanguageServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.states.pop(params.text_document.uri, None)
        waiting = ls.pending.pop(params.text_document.uri, None)
        if waiting is not None:
            waiting.cancel()
        ls.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def on_hover(ls: RulesetLanguageServer, params: types.HoverParams) -> types.Hover | None:
        state = ls.state(params.text_document.uri)
        if state is None:
            return None
        where = PositionMap(state.text)
        line, column = where.from_lsp(params.position)
        found = hover.hover(state, line, column, ls.lang)
        if found is None:
            return None
        pos = found.pos
        return types.Hover(
            contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=found.markdown),
            range=where.range(pos.line, pos.column, pos.end_line, pos.end_column))

    @server.feature(types.TEXT_DOCUMENT_COMPLETION,
                    types.CompletionOptions(trigger_characters=[" ", ":", '"']))
    def on_completion(ls: RulesetLanguageServer, params: types.CompletionParams) -> types.CompletionList:
        state = ls.state(params.text_document.uri)
        if state is None:
            return types.CompletionList(is_incomplete=False, items=[])
        line, column = PositionMap(state.text).from_lsp(params.position)
        items = [types.CompletionItem(label=c.label, kind=_COMPLETION_KIND[c.kind], insert_text=c.insert,
                                      detail=c.detail or None)
                 for c in completion.complete(state, line, column)]
        return types.CompletionList(is_incomplete=False, items=items)

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    def on_definition(ls: RulesetLanguageServer, params: types.DefinitionParams) -> types.Location | None:
        state = ls.state(params.text_document.uri)
        if state is None:
            return None
        line, _ = PositionMap(state.text).from_lsp(params.position)
        target = navigation.definition(state, line)
        if target is None:
            return None
        pos = target.pos
        return types.Location(uri=from_fs_path(str(target.path)) or target.path.as_uri(),
                              range=PositionMap(target.text).range(pos.line, pos.column, pos.end_line, pos.end_column))

    @server.feature(types.TEXT_DOCUMENT_FORMATTING)
    def on_formatting(ls: RulesetLanguageServer, params: types.DocumentFormattingParams) -> list[types.TextEdit] | None:
        state = ls.state(params.text_document.uri)
        if state is None:
            return None
        document = state.analysis.document
        if document is None or document.diagnostics:  # a text that does not parse is left as it is
            return None
        formatted = format_document(document)
        if formatted == state.text:
            return []
        return [types.TextEdit(range=PositionMap(state.text).whole(), new_text=formatted)]

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def on_symbols(ls: RulesetLanguageServer, params: types.DocumentSymbolParams) -> list[types.DocumentSymbol]:
        state = ls.state(params.text_document.uri)
        if state is None:
            return []
        where = PositionMap(state.text)

        def convert(symbol: symbols.Symbol) -> types.DocumentSymbol:
            pos = symbol.pos
            span = where.range(pos.line, pos.column, pos.end_line, pos.end_column)
            return types.DocumentSymbol(
                name=symbol.name, detail=symbol.detail or None, range=span, selection_range=span,
                kind=types.SymbolKind.Namespace if symbol.kind == "section" else types.SymbolKind.Property,
                children=[convert(child) for child in symbol.children])

        return [convert(symbol) for symbol in symbols.symbols(state)]

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
    def on_code_action(ls: RulesetLanguageServer, params: types.CodeActionParams) -> list[types.CodeAction]:
        uri = params.text_document.uri
        state = ls.state(uri)
        if state is None:
            return []
        where = PositionMap(state.text)
        actions: list[types.CodeAction] = []
        for diagnostic in params.context.diagnostics:
            data = diagnostic.data if isinstance(diagnostic.data, dict) else {}
            for fix in data.get("fixes", []):
                edit = types.TextEdit(
                    range=where.range(fix["line"], fix["column"], fix["end_line"], fix["end_column"]),
                    new_text=fix["replacement"])
                actions.append(types.CodeAction(
                    title=fix["title"], kind=types.CodeActionKind.QuickFix, diagnostics=[diagnostic],
                    is_preferred=len(data["fixes"]) == 1, edit=types.WorkspaceEdit(changes={uri: [edit]})))
        return actions

    return server


class _OneLine(logging.Formatter):
    """A log record as one line on standard error (the editor shows the server's standard error in
    its log): the message and the error's own words, never a traceback."""

    def format(self, record: logging.LogRecord) -> str:
        message = f"tractor-rules lsp: {record.getMessage()}"
        if record.exc_info and record.exc_info[1] is not None:
            message += f": {record.exc_info[1]}"
        return terminal_safe(message.replace("\n", " "))


def run(args: argparse.Namespace) -> int:
    """Serve one editor over standard input and output until it says exit (or closes its end)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_OneLine())
    pygls_log = logging.getLogger("pygls")
    pygls_log.addHandler(handler)
    pygls_log.setLevel(logging.WARNING)
    pygls_log.propagate = False
    output = _Output(sys.stdout.buffer)
    build_server().start_io(stdout=output)  # type: ignore[arg-type]
    if output.failure is not None:
        raise output.failure  # the command line's one line and exit status 1, as every command's
    return 0


class _Output:
    """Standard output for pygls.  pygls logs a failed write and goes on, so that a server whose
    output cannot be written (a full disk, ``> /dev/full``) logged each answer it lost, then died
    flushing at exit (status 120).  No editor can hear such a server: the first failure stops it,
    and ``run`` raises it.  A closed pipe (the editor went away) stays pygls' own affair."""

    def __init__(self, stream: Any):
        self._stream = stream
        self.failure: OSError | None = None

    def write(self, data: bytes) -> Any:
        return self._guard(self._stream.write, data)

    def flush(self) -> Any:
        return self._guard(self._stream.flush)

    def close(self) -> None:
        self._stream.close()

    def _guard(self, call: Any, *args: Any) -> Any:
        try:
            return call(*args)
        except BrokenPipeError:
            raise
        except OSError as error:
            self.failure = self.failure or error
            raise SystemExit(1) from error  # not an Exception: pygls' handlers let it through
