"""The text policy: which characters a string the API or the console accepts may hold.

Every string that is read from a request, a query or a console option passes one of these, by the kind of
text it is, before anything else is done with it (stored, looked up, compared), so SQLite and PostgreSQL
see the same text and answer the same:

- ``free_text`` (notes, descriptions, reasons): any text but a control character other than tab and
  newline (C0 ``U+0000``-``U+001F`` with ``CR``, ``DEL``, C1 ``U+0080``-``U+009F``) and a lone surrogate;
- ``single_line`` (roles, addresses, references, answers, search words): free text without line breaks
  (newline, and the line and paragraph separators ``U+2028``/``U+2029``);
- ``name`` (the names and codes people pick records by): a single line without the Unicode bidirectional
  embeddings, overrides and isolates (``U+202A``-``U+202E``, ``U+2066``-``U+2069``), which can make a name
  read as another.

Each takes the value and the name of the field it came from, returns the value unchanged, and raises
``ValidationFailed(field)`` saying what was refused. Blank, trimming and length are the callers' business.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeAlias

from workforce_core.errors import ValidationFailed

TextKind: TypeAlias = Callable[[str, str], str]
"""A kind of text: ``kind(value, field)`` returns ``value`` or raises ``ValidationFailed(field)``."""

LINE_BREAKS = "\n\u2028\u2029"
BIDI_CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"

# Control characters (Unicode category Cc) but tab and newline, and the surrogate code points (not text).
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
_LINE_BREAK = re.compile(f"[{LINE_BREAKS}]")
_BIDI = re.compile(f"[{BIDI_CONTROLS}]")


def free_text(value: str, field: str) -> str:
    """Notes, descriptions and reasons: tab and newline allowed; other control characters refused."""
    found = _CONTROL.search(value)
    if found is not None:
        raise ValidationFailed(field, f"{field} cannot hold the control character {_code(found.group())}.")
    return value


def single_line(value: str, field: str) -> str:
    """One line of text: free text without line breaks."""
    free_text(value, field)
    found = _LINE_BREAK.search(value)
    if found is not None:
        raise ValidationFailed(field, f"{field} is one line: it cannot hold the line break {_code(found.group())}.")
    return value


def name(value: str, field: str) -> str:
    """A name or code: a single line without bidirectional controls."""
    single_line(value, field)
    found = _BIDI.search(value)
    if found is not None:
        raise ValidationFailed(
            field, f"{field} cannot hold the bidirectional control character {_code(found.group())}."
        )
    return value


def _code(character: str) -> str:
    return f"U+{ord(character):04X}"
