"""Figures meet their lines only through ``tables.pricing.figure_lines``: a read that prices stale figures in memory
(``adapters/sql/fresh_figures.py``) reads that join as its rows plus the priced lines; a statement joining the
two tables itself would read two unions, which SQLite joins row by row."""

from __future__ import annotations

import re
from pathlib import Path

import workforce_adapters

SQL = Path(str(workforce_adapters.__file__)).parent / "sql"
JOIN = re.compile(r"\.(outer)?join\(\s*(F|L|FIGURES|LINES|tables\.shift_figures|tables\.shift_figure_lines)\b")


def test_no_statement_joins_figures_and_lines_but_through_the_one_join() -> None:
    found = [
        f"{path.name}:{number}"
        for path in sorted(SQL.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if JOIN.search(line)
    ]
    assert found == []


def test_the_check_finds_a_join_of_the_two_tables() -> None:
    assert JOIN.search("    source = F.join(TE, TE.c.id == F.c.entry_id).join(L, L.c.entry_id == F.c.entry_id)")
