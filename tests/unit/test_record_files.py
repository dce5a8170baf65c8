"""Records as files (steps/record_files.py): plain JSON-ready values with secrets left out, and CSV whose
text never runs as a spreadsheet formula while numbers stay numbers."""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import UTC, date, datetime
from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from workforce_core.model.documents import DocumentKind
from workforce_core.model.workers import Worker
from workforce_core.rules.csv_cells import FORMULA_STARTS
from workforce_core.steps.record_files import csv_text, json_text, plain


def test_a_record_is_plain_values_without_its_secrets() -> None:
    worker = Worker(
        client_id=1,
        name="Ann",
        employee_id="B-7",
        created_at=datetime(2026, 3, 2, 10, 0, tzinfo=UTC),
        hourly_rate=Decimal("12.50"),
        start_date=date(2026, 3, 2),
        pin_hash="argon2-secret",
    )
    row = plain(worker)
    assert "pin_hash" not in row
    assert (row["hourly_rate"], row["start_date"], row["created_at"]) == (
        "12.50",
        "2026-03-02",
        "2026-03-02T10:00:00+00:00",
    )
    assert plain({"kind": DocumentKind.LICENCE, "token": "x", "days": (date(2026, 1, 1),)}) == {
        "kind": "licence",
        "days": ["2026-01-01"],
    }
    assert json.loads(json_text([row]))[0]["name"] == "Ann"


def _read(content: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(content.decode("utf-8-sig"))))


@given(st.text(min_size=1).filter(lambda t: "\x00" not in t))
def test_no_text_cell_starts_a_formula(text: str) -> None:
    (_, row) = _read(csv_text([{"name": text}]))
    assert row[0] == text or row[0] == "'" + text
    if re.fullmatch(r"-?[0-9]+(\.[0-9]+)?", text) is None:
        assert not row[0].startswith(FORMULA_STARTS)


def test_numbers_stay_numbers_and_nested_values_are_json() -> None:
    header, row = _read(csv_text([{"pay": "-12.50", "elements": {"base": 1}, "ok": True, "none": None}]))
    assert header == ["pay", "elements", "ok", "none"]
    assert row == ["-12.50", '{"base": 1}', "true", ""]
