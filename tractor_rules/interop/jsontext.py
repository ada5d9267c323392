"""JSON from strangers: a request to the server, a line of a vector file, another engine's settings.

``json.loads`` takes text that later breaks a program that trusted it, each a different exception
or none at all: an integer of more than 4,300 digits (``ValueError`` from ``int``), arrays nested
thousands deep (``RecursionError``), a lone surrogate (``"\\ud800"``, read into a ``str`` that no
UTF-8 output can write: the error comes later, when the answer or the file is written), and the
constants ``NaN`` and ``Infinity`` (not JSON at all; written back, they make an answer no other
JSON reader takes).  ``loads`` reads JSON and refuses each of these with a ``JSONTextError`` that
says what is wrong, in one short line.
"""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["MAX_DIGITS", "JSONTextError", "loads"]

#: the most digits of an integer: Python's own limit for turning text into an int (beyond it
#: ``int`` raises, and without it the conversion takes time that grows with the square of the
#: length); checked here whatever the process's ``sys.set_int_max_str_digits`` says
MAX_DIGITS = 4300

#: an escape that may write a surrogate: ``\\uD800`` to ``\\uDFFF``, in either case
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


class JSONTextError(ValueError):
    """Text that is not JSON this package reads; the message says why, in one line (with the line
    and column where the JSON reader found a syntax error).  ``reason`` is the message without the
    place, ``line`` and ``column`` the place (None for the problems found after reading)."""

    def __init__(self, reason: str, line: int | None = None, column: int | None = None):
        super().__init__(reason if line is None else f"{reason} (line {line}, column {column})")
        self.reason = reason
        self.line = line
        self.column = column


def _no_constant(name: str) -> Any:
    raise JSONTextError(f"{name} is not a JSON number")


def _whole_number(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise JSONTextError(f"a number of more than {MAX_DIGITS:,} digits")
    return int(digits)


def loads(text: str) -> Any:
    """The JSON value of ``text``; ``JSONTextError`` for anything else (see the module's text)."""
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_int=_whole_number)
    except json.JSONDecodeError as exc:
        raise JSONTextError(exc.msg, exc.lineno, exc.colno) from None
    except JSONTextError:
        raise
    except RecursionError:
        raise JSONTextError("arrays or objects nested too deep") from None
    except ValueError:  # int() refuses the digits: the process set a lower limit than MAX_DIGITS
        raise JSONTextError("a number with too many digits") from None
    if _SURROGATE_ESCAPE.search(text) is not None:
        where = _lone_surrogate(value)
        if where is not None:
            raise JSONTextError(f"a lone surrogate ({where}) is not a character: the text is not Unicode")
    return value


def _lone_surrogate(value: Any) -> str | None:
    """The first lone surrogate in a string of ``value`` (keys included), escaped; None if none.
    Iterative: the value may be nested as deep as the JSON reader allows."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError as exc:
                return f"\\u{ord(item[exc.start]):04x}"
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return None
