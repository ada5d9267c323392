"""``tractor-rules lsp``: the language server for editors (``tractor_rules.lsp``), over standard
input and output.  It needs pygls (the ``lsp`` extra), which is imported only when it runs."""

from __future__ import annotations

import argparse
import importlib.util
import sys

from .common import EXIT_INPUT, Command

__all__ = ["LSP"]


def lsp_arguments(parser: argparse.ArgumentParser) -> None:
    # editors start servers with "--stdio"; it is the only transport, so the option changes nothing
    parser.add_argument("--stdio", action="store_true", help="talk over standard input and output (the default)")


def run_lsp(args: argparse.Namespace) -> int:
    if importlib.util.find_spec("pygls") is None:
        print("tractor-rules lsp: the language server needs pygls: pip install 'tractor-rules[lsp]'",
              file=sys.stderr)
        return EXIT_INPUT
    from ..lsp.server import run  # pygls, an optional extra, only when the server runs

    return run(args)


LSP = Command("lsp", "run the language server for editors (LSP over standard input and output)", lsp_arguments,
              run_lsp)
