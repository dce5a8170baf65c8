"""The SQL read models over a SQLite copy of what a memory store committed.

Read models are not faked: a unit test that sets up its world in memory and then asks a read use case
copies the committed rows into a migrated SQLite file and reads them through ``SqlQueries``.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import insert

from tests.databases import SqliteTemplate
from workforce_adapters.memory import MemoryStore
from workforce_adapters.sql import tables
from workforce_adapters.sql.engine import make_engine
from workforce_adapters.sql.mapping import to_row
from workforce_adapters.sql.queries import SqlQueries
from workforce_adapters.sql.rate_rules import rule_to_row
from workforce_core.rules.employee_ids import employee_id_key

TABLES = {
    "clients": tables.clients,
    "keys": tables.api_keys,
    "locations": tables.locations,
    "departments": tables.departments,
    "cost_codes": tables.cost_codes,
    "workers": tables.workers,
    "surveys": tables.surveys,
    "bookings": tables.shifts,
    "entries": tables.time_entries,
    "amendments": tables.amendments,
    "rate_rules": tables.rate_rules,
}


def _row(name: str, item: Any) -> dict[str, Any]:
    row = rule_to_row(item) if name == "rate_rules" else to_row(item, TABLES[name])
    if name == "workers":
        row["employee_id_key"] = employee_id_key(item.employee_id)
    return {**row, "id": item.id}


def mirrored_queries(store: MemoryStore, template: SqliteTemplate) -> SqlQueries:
    engine = make_engine(template.fresh_url())
    with engine.begin() as connection:
        for name, table in TABLES.items():
            rows = [_row(name, item) for _, item in sorted(store.tables[name].items())]
            if rows:
                connection.execute(insert(table), rows)
        origins = [
            {"api_key_id": key.id, "origin": origin}
            for key in store.tables["keys"].values()
            for origin in key.allowed_origins
        ]
        if origins:
            connection.execute(insert(tables.api_key_origins), origins)
        questions = [
            {"id": q.id, "survey_id": s.id, "position": i, "text": q.text, "blocking_answers": list(q.blocking_answers)}
            for s in store.tables["surveys"].values()
            for i, q in enumerate(s.questions, start=1)
        ]
        if questions:
            connection.execute(insert(tables.survey_questions), questions)
    return SqlQueries(engine)
