"""The TextMate grammar in editors/: generated from the Lark grammar, and its patterns classify
every token of every shipped ruleset and gallery file the way the parser reads it.

TextMate tries every pattern at the current position of a line and takes the match that starts
first (the earlier pattern on a tie); ``scan`` does the same with Python's regular expressions,
which share the syntax the grammar uses with Oniguruma.  A test checks that VS Code's own tokenizer
(vscode-textmate with Oniguruma, run by node) reads every file exactly as ``scan`` does."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

import tractor_rules as tr
from tractor_rules.resources import builtin_path
from tractor_rules.language.parser import function_words, grammar_operators, word_operators
from tractor_rules.textmate import grammar_text, keywords

ROOT = Path(__file__).resolve().parents[2]
TOKENIZE = Path(__file__).resolve().parent / "tokenize.js"
GRAMMAR_FILE = ROOT / "editors" / "tractor.tmLanguage.json"
VSCODE = ROOT / "editors" / "vscode"
VSCODE_GRAMMAR = VSCODE / "syntaxes" / "tractor.tmLanguage.json"
LARK_GRAMMAR = ROOT / "grammar" / "ruleset.lark"
GALLERY = sorted((ROOT / "examples" / "house-rules").glob("*.tractor"))


def scan(line: str) -> list[tuple[str, str]]:
    """(scope, text) for each piece of ``line`` a pattern matches, "" for the gaps between."""
    compiled = [(re.compile(p["match"]), p) for p in json.loads(GRAMMAR_FILE.read_text("utf-8"))["patterns"]]
    out: list[tuple[str, str]] = []
    pos = 0
    while pos < len(line):
        best = None
        for regex, pattern in compiled:
            match = regex.search(line, pos)
            if match and match.end() > match.start() and (best is None or match.start() < best[0].start()):
                best = (match, pattern)
        if best is None:
            out.append(("", line[pos:]))
            break
        match, pattern = best
        if match.start() > pos:
            out.append(("", line[pos:match.start()]))
        if "captures" in pattern:
            last = match.start()
            for group, capture in sorted(pattern["captures"].items(), key=lambda kv: int(kv[0])):
                start, end = match.span(int(group))
                if start > last:
                    out.append(("", line[last:start]))
                out.append((capture["name"], line[start:end]))
                last = end
            if match.end() > last:
                out.append(("", line[last:match.end()]))
        else:
            out.append((pattern["name"], match.group()))
        pos = match.end()
    return out


def scopes(text: str) -> dict[str, str]:
    return {piece: scope for line in text.splitlines() for scope, piece in scan(line) if scope}


def test_the_file_in_editors_is_the_generated_grammar():
    assert GRAMMAR_FILE.read_text(encoding="utf-8") == grammar_text(), (
        "regenerate it: python -m tractor_rules.textmate > editors/tractor.tmLanguage.json")
    assert VSCODE_GRAMMAR.read_text(encoding="utf-8") == grammar_text(), (
        "copy it: cp editors/tractor.tmLanguage.json editors/vscode/syntaxes/")


def test_the_vscode_extension_names_the_grammar_and_the_server():
    manifest = json.loads((VSCODE / "package.json").read_text(encoding="utf-8"))
    (grammar,) = manifest["contributes"]["grammars"]
    assert (VSCODE / grammar["path"]).resolve() == VSCODE_GRAMMAR.resolve()
    assert grammar["scopeName"] == json.loads(grammar_text())["scopeName"]
    assert manifest["contributes"]["languages"][0]["extensions"] == [".tractor"]
    assert manifest["contributes"]["configuration"]["properties"]["tractor-rules.command"]["default"] == [
        "tractor-rules", "lsp"]
    json.loads((VSCODE / "language-configuration.json").read_text(encoding="utf-8"))
    checked = subprocess.run(["node", "--check", str(VSCODE / "extension.js")], capture_output=True, text=True,
                             timeout=60)
    assert checked.returncode == 0, checked.stderr


def test_every_keyword_of_the_lark_grammar_is_highlighted_as_one():
    # read the grammar file itself, not the parser built from it: an independent reading
    words = set(re.findall(r'"([A-Za-z][A-Za-z\'-]*)"', LARK_GRAMMAR.read_text(encoding="utf-8")))
    values = {w for w in words if len(w) == 1 and w.isupper()}
    assert set(keywords()) == words - values
    special = {**dict.fromkeys(word_operators(), "keyword.operator.word.tractor"),
               **dict.fromkeys(function_words(), "support.function.tractor")}
    for word in words - values:
        assert scan(f"x {word}")[-1] == (special.get(word, "keyword.other.tractor"), word), word
    for letter in values:
        assert scan(f"x {letter}")[-1] == ("constant.other.rank.tractor", letter), letter


def test_every_section_of_the_lark_grammar_is_a_header():
    grammar = LARK_GRAMMAR.read_text(encoding="utf-8")
    headers = [" ".join(re.findall(r'"([^"]+)"', body))
               for body in re.findall(r'^[a-z_]+: ((?:"[a-z]+" )+)_NL', grammar, flags=re.M)]
    assert "upgrade for a solo banker" in headers and "table" in headers
    for header in headers:
        assert scan(header) == [("entity.name.section.tractor", header)], header
        assert scan(f"  {header}  # comment")[1] == ("entity.name.section.tractor", header)
    # a section's word inside a statement is a keyword, not a header
    assert scan("  shown: at the end, kitty")[-1] == ("keyword.other.tractor", "kitty")


@pytest.mark.parametrize("path", [builtin_path(n) for n in tr.builtin_names()] + GALLERY, ids=lambda p: p.name)
def test_every_token_of_a_ruleset_is_classified(path):
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        pieces = scan(line)
        assert "".join(piece for _, piece in pieces) == line
        stray = [piece for scope, piece in pieces if not scope and piece.strip()]
        assert stray == [], f"{path.name}:{number}: {stray}"
        assert not any(scope.startswith("invalid") for scope, _ in pieces), f"{path.name}:{number}: {pieces}"


def test_kinds_of_tokens():
    found = scopes('ruleset: "X \\" #y"  # note\ntrumps\n  order: 10H > big joker > ♥ > J\n  knock  back: none\n'
                   "  no-trump: jokers only\nfollow\n  pair: pair > 2 singles\n  wrong: word\n")
    assert found['"X \\" #y"'] == "string.quoted.double.tractor"
    assert found["# note"] == "comment.line.number-sign.tractor"
    assert found["trumps"] == "entity.name.section.tractor"
    assert found["order"] == found["knock  back"] == found["no-trump"] == found["ruleset"] == "variable.other.key.tractor"
    assert found["10H"] == "constant.other.card.tractor"
    assert found["♥"] == "constant.other.suit.tractor"
    assert found["J"] == "constant.other.rank.tractor"
    assert found["joker"] == found["jokers"] == found["pair"] == found["singles"] == "keyword.other.tractor"
    assert found["2"] == "constant.numeric.integer.tractor"
    assert found[">"] == "keyword.operator.tractor"
    assert found["wrong"] == found["word"] == "invalid.illegal.unknown-word.tractor"
    assert scopes('ruleset: "open\n')['"open'] == "invalid.illegal.unterminated-string.tractor"


#: a ruleset of rule expressions: every comparator, operator, word operator and function
EXPRESSIONS = """\
levels
  when points >= 200 and (kitty points ≥ 10 or not no-trump) and points<=5 or points≤5 or levels == 2: bankers -1 level
  when points > 1 and points < 2 and points = 3 and points != 4 and points ≠ 5: winners + min(2, levels) levels
kitty
  multiplier: max(2 ^ (size - 1), 4 × decks * 2) ÷ 2 / 1 + cards, at most 64
"""


def test_the_words_and_symbols_of_rule_expressions():
    assert set(word_operators()) == {"and", "or", "not"} and set(function_words()) == {"min", "max"}
    assert {"<=", ">=", "!=", "==", "≤", "≥", "≠", "/", "÷", "-", "^"} <= set(grammar_operators())
    lines = EXPRESSIONS.splitlines()
    first = scan(lines[1])
    assert [piece for scope, piece in first if scope == "keyword.operator.word.tractor"] == [
        "and", "or", "not", "and", "or", "or"]
    # a comparator of two characters is one operator, written tight or spaced
    assert [piece for scope, piece in first if scope == "keyword.operator.tractor"] == [
        ">=", "≥", "<=", "≤", "==", "-"]
    assert ("keyword.other.tractor", "when") in first and ("keyword.other.tractor", "no-trump") in first
    second = scan(lines[2])
    assert [piece for scope, piece in second if scope == "keyword.operator.tractor"] == [">", "<", "=", "!=", "≠", "+"]
    assert ("support.function.tractor", "min") in second and ("punctuation.separator.tractor", "(") in second
    formula = scan(lines[4])
    assert ("support.function.tractor", "max") in formula
    assert [piece for scope, piece in formula if scope == "keyword.operator.tractor"] == [
        "^", "-", "×", "*", "÷", "/", "+"]
    for line in lines:
        assert not [piece for scope, piece in scan(line) if not scope and piece.strip()], line
        assert not any(scope.startswith("invalid") for scope, _ in scan(line)), line


def test_vscode_reads_every_file_as_scan_does(tmp_path):
    sample = tmp_path / "sample.tractor"
    sample.write_text('ruleset: "🂡 \\" #" # note\ntrumps\n  order: 10H > ♥ > J\n  knock  back: none\n'
                      "follow\n  pair: pair > n-1 singles\n  wrong: word\n", encoding="utf-8")
    expressions = tmp_path / "expressions.tractor"
    expressions.write_text(EXPRESSIONS, encoding="utf-8")
    files = [builtin_path(n) for n in tr.builtin_names()] + GALLERY + [sample, expressions]
    done = subprocess.run(["node", str(TOKENIZE), str(GRAMMAR_FILE), *map(str, files)], capture_output=True,
                          text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    read = json.loads(done.stdout)
    for path in files:
        lines = path.read_text(encoding="utf-8").split("\n")
        assert len(read[str(path)]) == len(lines)
        for number, (line, tokens) in enumerate(zip(lines, read[str(path)]), start=1):
            by_vscode = [(scope, text) for scope, text in tokens if scope]
            by_scan = [(scope, text) for scope, text in scan(line) if scope]
            assert by_vscode == by_scan, f"{path.name}:{number}"
