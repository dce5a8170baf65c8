"""Records as files a person can open: attrs values as plain JSON-ready rows (decimals, dates and times as
text, enums as their value, secrets left out), and rows as JSON and as CSV (one column per field of the
first row; a nested value is its JSON text in its cell)."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Collection, Mapping, Sequence
from datetime import date, datetime
from decimal import Decimal
from enum import Enum
from typing import Any

import attrs

from workforce_core.rules.csv_cells import text_cell

NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?")  # a plain number: no sign of a formula, left as it is
SECRETS = frozenset({"pin_hash", "token", "token_hash", "secret"})  # never in a file, whoever it is for


def plain(value: Any) -> Any:
    """A value as JSON holds it: a record as a mapping of its fields (secrets left out), a decimal,
    date or time as text, an enum as its value, a sequence as a list."""
    if attrs.has(type(value)):
        return {f.name: plain(getattr(value, f.name)) for f in attrs.fields(type(value)) if f.name not in SECRETS}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items() if k not in SECRETS}
    if isinstance(value, list | tuple | set | frozenset):
        return [plain(v) for v in value]
    return value


def json_text(rows: Any) -> bytes:
    return json.dumps(rows, indent=2, ensure_ascii=False, sort_keys=False).encode()


def csv_text(rows: Sequence[Mapping[str, Any]], columns: Collection[str] = ()) -> bytes:
    """The rows as CSV with a header (``columns``, else the first row's keys); UTF-8 with a BOM, so a
    spreadsheet reads its accents."""
    names = list(columns) or (list(rows[0]) if rows else [])
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(names)
    for row in rows:
        writer.writerow([_cell(row.get(name)) for name in names])
    return ("\ufeff" + out.getvalue()).encode()


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, bool):
        return "true" if value else "false"
    text = str(value)
    return text if _number(text) else text_cell(text)


def _number(text: str) -> bool:
    return NUMBER.fullmatch(text) is not None
