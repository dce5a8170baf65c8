"""The figures the benchmarks print at the end of the run (``conftest.pytest_terminal_summary``)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

LINES: list[str] = []


def note(line: str) -> None:
    LINES.append(line)


def median_seconds(call: Callable[[], object], rounds: int = 30) -> float:
    """The median time of ``rounds`` calls, in seconds."""
    times = []
    for _ in range(rounds):
        began = time.perf_counter()
        call()
        times.append(time.perf_counter() - began)
    return statistics.median(times)
