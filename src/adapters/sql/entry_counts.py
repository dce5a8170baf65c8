"""Totals of completed-entry lists read from the counts the database keeps (migration 0018's triggers
keep ``completed_entry_counts`` per worker and type), so a timesheet page's total costs a sum over the
client's workers, however many shifts they have worked."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Select, func, select

from workforce_adapters.sql import tables
from workforce_core.ports import EntryFilter


def completed_count(query: EntryFilter) -> Select[Any] | None:
    """The total of a list of completed entries from the counts the database keeps per worker and type
    (``completed_entry_counts``), when the filters are ones those counts answer: the client, the
    types and at most the workers. None otherwise (the rows are counted)."""
    if query.closed is not True or any(
        value is not None
        for value in (
            query.id,
            query.clocked_in_since,
            query.clock_in_from,
            query.clock_in_before,
            query.updated_since,
            query.location_ids,
            query.department_id,
            query.approval_status,
            query.client_approval,
        )
    ):
        return None
    counts = tables.completed_entry_counts
    stmt = select(func.coalesce(func.sum(counts.c.completed), 0)).where(
        counts.c.client_id == query.client_id, counts.c.entry_type.in_(query.entry_types)
    )
    if query.worker_id is not None:
        stmt = stmt.where(counts.c.worker_id == query.worker_id)
    if query.worker_ids is not None:
        stmt = stmt.where(counts.c.worker_id.in_(query.worker_ids))
    return stmt
