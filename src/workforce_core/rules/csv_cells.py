"""Formula injection (OWASP "CSV Injection"): a text cell that begins with ``=``, ``+``, ``-``, ``@``, a
tab or a carriage return is written with a single quote in front, so a worker named ``=HYPERLINK(...)``
reaches a spreadsheet as text. Every CSV file the product writes asks this one rule."""

from __future__ import annotations

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def text_cell(value: str) -> str:
    """A text cell a spreadsheet will not run: a leading formula character gets a ``'`` in front."""
    return "'" + value if value.startswith(FORMULA_STARTS) else value
