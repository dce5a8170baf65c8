"""``make test`` on a fresh machine: without ``WORKFORCE_TEST_POSTGRES_URL``, the PostgreSQL cases run on
the server answering on 127.0.0.1:5432, in a database each test process makes and drops itself."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from tests.databases import LOCAL_SERVER, OWN_DATABASE_PREFIX, POSTGRES_ENV, PostgresSchema

ROOT = Path(__file__).resolve().parents[2]


def _own_databases() -> set[str]:
    engine = create_engine(LOCAL_SERVER)
    try:
        with engine.connect() as connection:
            names = connection.execute(
                text("SELECT datname FROM pg_database WHERE datname LIKE :p"), {"p": "workforce_test_%"}
            )
            return {name for (name,) in names if name.startswith(OWN_DATABASE_PREFIX)}
    finally:
        engine.dispose()


def _alive(name: str) -> bool:
    try:
        os.kill(int(name.removeprefix(OWN_DATABASE_PREFIX)), 0)
    except (ValueError, ProcessLookupError):
        return False
    except PermissionError:
        return True
    return True


@pytest.mark.postgres
def test_without_the_url_the_postgres_cases_run_on_the_local_server(postgres_schema: PostgresSchema) -> None:
    before = _own_databases()
    environment = {k: v for k, v in os.environ.items() if k not in (POSTGRES_ENV, "CI")}
    selection = ["tests/contract/test_smoke.py", "tests/contract/test_cors.py", "-k", "postgres"]
    command = [sys.executable, "-m", "pytest", *selection]
    run = subprocess.run(
        [*command, "-q", "-p", "no:randomly", "-p", "xdist", "-n", "2", "-rs"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )
    summary = run.stdout.strip().splitlines()[-1]
    assert run.returncode == 0, run.stdout[-3000:]
    assert re.search(r"\b([2-9]|\d\d+) passed", summary), summary  # on both xdist workers
    assert "skipped" not in summary, run.stdout[-3000:]
    left = {name for name in _own_databases() - before if not _alive(name)}
    assert left == set(), "databases of finished test processes were not dropped"
