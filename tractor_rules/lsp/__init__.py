"""The language server of ruleset files: ``tractor-rules lsp`` (LSP over standard input and output).

``document`` keeps one state per open document (text, syntax tree, parents, compiled rules,
diagnostics), built once per version; ``hover``, ``completion``, ``navigation`` and ``symbols``
answer requests from that state in lines and columns of code points; ``positions`` converts to
the editor's UTF-16 positions, at the edge only; ``server`` wires it all to pygls.
"""
