"""docs/embedding.md runs as written from the source tree, on each storage it offers: memory (no URL),
SQLite and PostgreSQL (``WORKFORCE_DATABASE_URL``). The installed wheel runs it too: test_packaging.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.embedding_guide import run

DOC = Path(__file__).resolve().parents[2] / "docs" / "embedding.md"
EVENTS = ["worker.created", "clock_in", "worker.created"]


def test_the_embedding_guide_runs_in_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("WORKFORCE_DATABASE_URL", raising=False)
    left = run(DOC)
    assert type(left["uow"]).__name__ == "MemoryUnitOfWorkFactory"
    assert left["names"] == EVENTS


def test_the_embedding_guide_runs_on_a_database(database_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WORKFORCE_DATABASE_URL", database_url)
    left = run(DOC)
    assert type(left["uow"]).__name__ == "SqlUnitOfWorkFactory"
    assert left["names"] == EVENTS  # read back from the outbox table the use cases committed to
    left["uow"].engine.dispose()
