"""Prints the side-by-side figures after pytest-benchmark's tables (they are ratios, never asserted)."""

from __future__ import annotations

from typing import Any

from benchmarks.report import LINES


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if LINES:
        terminalreporter.section("side by side (ratios are product / baseline; nothing here is asserted)")
        for line in LINES:
            terminalreporter.write_line(line)
