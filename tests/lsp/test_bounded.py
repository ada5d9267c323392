"""The language server's work and messages stay bounded whatever the text: a document of 32 KB
with thousands of mistakes blocked the server for 14 seconds and made a 4.6 MB message, from work
quadratic in the length of a line (each position converted from the line's start) and diagnostics
sent uncapped.  Measured here in what is counted, never in seconds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lsprotocol import types
from lsprotocol.converters import get_converter

from tractor_rules.errors import MAX_REPORTED
from tractor_rules.lsp.document import DocumentState
from tractor_rules.lsp.positions import PositionMap
from tractor_rules.lsp.server import RulesetLanguageServer

#: texts of about 32 KB that each hold thousands of mistakes
HOSTILE = {
    "one line, thousands of errors": "trumps\norder: " + " > ".join(["big joker"] * 2700) + "\n",
    "one line, astral characters": "table\npoints: " + ", ".join(["5 = 5"] * 4000) + "  # 🂡🂡🂡\n",
    "thousands of lines": "table\n" + "playrs: 4\n" * 3200,
    "a word of 32 KB": "table\n  players: " + "x" * 32_000 + "\n",
}


def published_size(found: list[types.Diagnostic]) -> int:
    """The bytes of the publishDiagnostics message that carries ``found``."""
    params = types.PublishDiagnosticsParams(uri="file:///house.tractor", version=1, diagnostics=found)
    return len(json.dumps(get_converter().unstructure(params)).encode("utf-8"))


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_document_gets_at_most_fifty_problems_and_a_note_in_a_message_of_a_few_kilobytes(name: str):
    state = DocumentState(Path("/nonexistent-tractor-lsp/house.tractor").as_uri(), HOSTILE[name])
    assert len(state.diagnostics) > MAX_REPORTED or name == "a word of 32 KB"
    found = RulesetLanguageServer().diagnostics_of(state)
    assert len(found) <= MAX_REPORTED + 1
    if len(state.diagnostics) > MAX_REPORTED:
        note = found[-1]
        assert note.severity == types.DiagnosticSeverity.Information
        assert note.message.startswith(f"... and {len(state.diagnostics) - MAX_REPORTED} more problems")
    assert published_size(found) < 32 * 1024


@pytest.mark.parametrize("name", HOSTILE)
def test_converting_every_position_reads_each_line_once(name: str):
    """However many positions a line has, the conversion to the editor's units reads it once."""
    text = HOSTILE[name]
    state = DocumentState("file:///nonexistent-tractor-lsp/house.tractor", text)
    where = PositionMap(text)
    positions = [(d.line, d.column, d.end_line, d.end_column) for d in state.diagnostics] * 3
    ranges = [where.range(*p) for p in positions]
    assert len(ranges) == len(positions)
    assert where.read <= len(text)


def test_positions_after_astral_characters_count_two_units_each():
    where = PositionMap("🂡a🂡b\nxyz\n")
    assert where.to_lsp(1, 5) == types.Position(line=0, character=6)
    assert where.to_lsp(1, 3) == types.Position(line=0, character=3)
    assert where.to_lsp(2, 3) == types.Position(line=1, character=2)
    assert where.from_lsp(types.Position(line=0, character=3)) == (1, 3)
