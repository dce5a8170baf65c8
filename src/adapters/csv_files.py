"""The one CSV writer of every export file (payroll, pkg_a, pkg_b, charges).

Rows stream from an iterator into a binary file through the standard ``csv`` module: UTF-8 without
a byte order mark, a header row first, ``\\r\\n`` line ends (RFC 4180), minimal quoting.

Formula injection (OWASP "CSV Injection"): a text cell that begins with ``=``, ``+``, ``-``, ``@``,
a tab or a carriage return is written with a single quote in front, so a worker named
``=HYPERLINK(...)`` reaches the spreadsheet as text. Numbers are not text: an ``int`` or a
``Decimal`` is written in plain digits (``-12.50``, never an exponent) and never prefixed, so a
spreadsheet still reads a negative amount as a number, while the text ``-2+3`` becomes ``'-2+3``.
Money must therefore reach the writer as ``Decimal``; a ``float`` (and a ``bool``) is refused, and so
is a ``datetime`` (the export decides between local and UTC text); a ``date`` is ``YYYY-MM-DD``.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from datetime import date, datetime
from decimal import Decimal
from typing import BinaryIO

from workforce_core.rules.csv_cells import text_cell

Cell = str | int | Decimal | date | None

ENCODING = "utf-8"
LINE_END = "\r\n"


def cell(value: Cell) -> str:
    """What one cell holds in the file."""
    if value is None:
        return ""
    if isinstance(value, str):
        return text_cell(value)
    if isinstance(value, bool | float | datetime):
        raise TypeError(f"a CSV cell cannot be a {type(value).__name__}: give text, an int, a Decimal or a date")
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise ValueError(f"a CSV number must be finite, not {value}")
        return format(value, "f")
    if isinstance(value, date):
        return value.isoformat()
    raise TypeError(f"a CSV cell cannot be a {type(value).__name__}")


def write_csv(out: BinaryIO, header: Sequence[str], rows: Iterable[Sequence[Cell]], *, header_row: bool = True) -> int:
    """Write the header and then each row as it comes; returns the number of rows (without the header).
    ``header_row`` False leaves the header line out (a package that takes none); rows keep its width.

    Every row must have as many cells as the header. ``out`` stays open; nothing is held in memory
    beyond the text wrapper's buffer. A lone surrogate (not a character UTF-8 can hold) is written as ``?``.
    """
    text = io.TextIOWrapper(out, encoding=ENCODING, errors="replace", newline="")
    try:
        writer = csv.writer(text, lineterminator=LINE_END)
        if header_row:
            writer.writerow([text_cell(name) for name in header])
        count = 0
        for row in rows:
            if len(row) != len(header):
                raise ValueError(f"row {count + 1} has {len(row)} cells; the header has {len(header)}")
            writer.writerow([cell(value) for value in row])
            count += 1
        return count
    finally:
        text.flush()
        text.detach()  # leave the caller's file open
