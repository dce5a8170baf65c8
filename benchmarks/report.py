"""The figures the benchmarks print at the end of the run (``conftest.pytest_terminal_summary``)."""

from __future__ import annotations

LINES: list[str] = []


def note(line: str) -> None:
    LINES.append(line)
