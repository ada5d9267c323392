"""Ways into a ruleset for programs that are not this package: the oracle's questions as JSON
(``questions``), conformance vectors and their checker (``vectors``), the JSON-RPC server
(``server``), and other engines' settings (``targets``).

Everything here speaks plain JSON values: cards in the card notation ("10S 10S JS JS"), suits as
letters, seats as numbers.
"""
