"""Stored pay figures on SQL: ``shift_figures`` and their ``shift_figure_lines``.

Marking stale deletes the figures after locking the rows a repricing reader holds (PostgreSQL; SQLite
writers are serialised anyway): the workers ``FOR NO KEY UPDATE`` (which clock inserts referencing them
do not block), the client ``FOR SHARE`` for a reader and ``FOR NO KEY UPDATE`` for a client-wide change.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date, datetime
from typing import Any

from sqlalchemy import ColumnElement, Connection, and_, bindparam, delete, exists, insert, or_, select

from workforce_adapters.sql import prepared, tables
from workforce_adapters.sql.breaks import CHUNK
from workforce_adapters.sql.figure_reads import unpriced_shifts
from workforce_adapters.sql.mapping import from_row
from workforce_adapters.sql.tables.pricing import figure_lines
from workforce_core.model.pay_gate import GateReason, PayrollStatus
from workforce_core.model.time_entries import TimeEntry
from workforce_core.rules.locked_figures import source_of
from workforce_core.rules.pay_gate import LATE_REASONS, GateResult
from workforce_core.rules.pricing import Line
from workforce_core.rules.stale_weeks import StaleWeeks
from workforce_core.views import ShiftFigures, ShiftGate

FIGURES = tables.shift_figures
LINES = tables.shift_figure_lines
FROZEN_ENTRIES = tables.frozen_entries
FIGURE_LINES = figure_lines
# what every read of the figures asks of a row: frozen by a standing lock; a late clock due or paid
FROZEN = exists().where(FROZEN_ENTRIES.c.entry_id == FIGURES.c.entry_id)
NOT_FROZEN = ~FROZEN
LATE = and_(FIGURES.c.adjust_week.is_not(None), FIGURES.c.payroll_reason.in_(LATE_REASONS))


SPANS_PER_STATEMENT = 100  # an OR of this many spans stays well inside SQLite's expression depth (1,000)


def _dropping(where: ColumnElement[bool]) -> tuple[Any, Any]:
    """The two DELETEs of figures (their lines first) ``where`` holds, frozen figures left alone."""
    where = and_(where, NOT_FROZEN)  # frozen figures stay until their lock is lifted
    doomed = select(FIGURES.c.entry_id).where(where)
    return delete(LINES).where(LINES.c.entry_id.in_(doomed)), delete(FIGURES).where(where)


# one worker's span of weeks (a clock-out's, an edit's), built once: ``worker_id``, ``first``, ``last``
ONE_SPAN = tuple(
    map(
        prepared.hot,
        _dropping(
            and_(
                FIGURES.c.worker_id == bindparam("worker_id"),
                FIGURES.c.pay_week_start.between(bindparam("first"), bindparam("last")),
            )
        ),
    )
)


def _chunks(items: Sequence[Any], size: int = CHUNK) -> Iterable[Sequence[Any]]:
    for at in range(0, len(items), size):
        yield items[at : at + size]


_FIGURE_ROWS = select(
    *(
        FIGURES.c[name]
        for name in (
            "entry_id",
            "client_id",
            "worker_id",
            "location_id",
            "pay_week_start",
            "clock_in",
            "paid_minutes",
            "unpaid_break_minutes",
            "payroll_status",
            "payroll_reason",
            "flags",
            "rule_id",
            "base_pay_rate",
            "base_charge_rate",
            "parity",
            "priced",
            "adjust_week",
        )
    ),
    FROZEN.label("frozen"),
).where(FIGURES.c.entry_id.in_(bindparam("ids", expanding=True)))
_LINE_ROWS = (
    select(LINES.c.entry_id, LINES.c.element, LINES.c.minutes, LINES.c.pay_rate, LINES.c.charge_rate)
    .where(LINES.c.entry_id.in_(bindparam("ids", expanding=True)))
    .order_by(LINES.c.entry_id, LINES.c.line_no)
)


def read_figures(connection: Connection, entry_ids: Sequence[int]) -> dict[int, ShiftFigures]:
    """The stored figures of those entries that have them: two statements per 500 entries (built once,
    the ids bound as a list), rows read as tuples."""
    ids = sorted(set(entry_ids))
    figures: dict[int, ShiftFigures] = {}
    for chunk in _chunks(ids):
        lines: dict[int, list[Line]] = {}
        for entry_id, element, minutes, pay_rate, charge_rate in connection.execute(_LINE_ROWS, {"ids": chunk}):
            lines.setdefault(entry_id, []).append(Line(element, minutes, pay_rate, charge_rate))
        for (
            entry_id,
            client_id,
            worker_id,
            location_id,
            week,
            clock_in,
            paid,
            unpaid,
            status,
            reason,
            flags,
            rule_id,
            base_pay,
            base_charge,
            parity,
            priced,
            adjust_week,
            frozen,
        ) in connection.execute(_FIGURE_ROWS, {"ids": chunk}):
            figures[entry_id] = ShiftFigures(
                entry_id=entry_id,
                client_id=client_id,
                worker_id=worker_id,
                location_id=location_id,
                pay_week_start=week,
                clock_in=clock_in,
                paid_minutes=paid,
                unpaid_break_minutes=unpaid,
                gate=GateResult(_status(status), _reason(reason), tuple(flags.split(",")) if flags else ()),
                rule_id=rule_id,
                base_pay=base_pay,
                base_charge=base_charge,
                parity=parity,
                lines=tuple(lines.get(entry_id, ())) if priced else None,
                source=source_of(bool(frozen)),
                adjust_week=adjust_week,
            )
    return figures


class SqlPayFigures:
    def __init__(self, connection: Connection, held: set[int] | None = None) -> None:
        self.connection = connection
        self.held = held if held is not None else set()  # workers this transaction has locked already
        self.postgres = connection.dialect.name == "postgresql"

    def of(self, entry_ids: Sequence[int]) -> dict[int, ShiftFigures]:
        return read_figures(self.connection, entry_ids)

    def store(self, worker_weeks: Iterable[tuple[int, date]], figures: Sequence[ShiftFigures]) -> None:
        by_week: dict[date, list[int]] = {}
        for worker_id, week in sorted(set(worker_weeks)):
            by_week.setdefault(week, []).append(worker_id)
        for week, workers in by_week.items():  # a page's shifts lie in one or two weeks
            for chunk in _chunks(workers):
                self._drop(and_(FIGURES.c.pay_week_start == week, FIGURES.c.worker_id.in_(chunk)))
        kept = self._frozen([f.entry_id for f in figures])  # a lock's figures stay as they were frozen
        figures = [f for f in figures if f.entry_id not in kept]
        if not figures:
            return
        self.connection.execute(insert(FIGURES), [figure_row(f) for f in figures])
        lines = line_rows(figures)
        if lines:
            self.connection.execute(insert(LINES), lines)

    def mark_stale(self, spans: Sequence[StaleWeeks]) -> None:
        if not spans:
            return
        self._lock_workers(sorted({span.worker_id for span in spans}))
        if len(spans) == 1:
            only = {"worker_id": spans[0].worker_id, "first": spans[0].first, "last": spans[0].last}
            for statement in ONE_SPAN:
                prepared.execute(self.connection, statement, only)
            return
        for chunk in _chunks(spans, SPANS_PER_STATEMENT):
            self._drop(
                or_(
                    *(
                        and_(FIGURES.c.worker_id == s.worker_id, FIGURES.c.pay_week_start.between(s.first, s.last))
                        for s in chunk
                    )
                )
            )

    def mark_client_stale(self, client_id: int) -> None:
        self._lock_client(client_id)
        self._drop(FIGURES.c.client_id == client_id)

    def mark_week_stale(self, client_id: int, week: date, location_ids: tuple[int, ...] | None) -> None:
        self._lock_client(client_id)
        where = and_(FIGURES.c.client_id == client_id, FIGURES.c.pay_week_start == week)
        self._drop(where if location_ids is None else and_(where, FIGURES.c.location_id.in_(location_ids)))

    def unpriced(
        self, client_id: int, start: datetime, end: datetime, location_ids: tuple[int, ...] | None
    ) -> list[TimeEntry]:
        return unpriced_shifts(self.connection, client_id, start, end, location_ids)

    def note_late(self, entry: TimeEntry) -> None:
        self.connection.execute(insert(tables.late_clocks).values(entry_id=entry.id, client_id=entry.client_id))

    def late_shifts(self, client_id: int) -> list[TimeEntry]:
        te, late = tables.time_entries, tables.late_clocks
        query = (
            select(te)
            .join(late, late.c.entry_id == te.c.id)
            .where(late.c.client_id == client_id, te.c.entry_type == "shift", te.c.clock_out.is_not(None))
        )
        return [from_row(TimeEntry, row) for row in self.connection.execute(query.order_by(te.c.id)).mappings()]

    def _lock_client(self, client_id: int) -> None:
        if self.postgres:
            query = select(tables.clients.c.id).where(tables.clients.c.id == client_id)
            self.connection.execute(query.with_for_update(key_share=True))

    def _frozen(self, entry_ids: Sequence[int]) -> set[int]:
        found: set[int] = set()
        for chunk in _chunks(sorted(set(entry_ids))):
            found.update(
                self.connection.execute(
                    select(FROZEN_ENTRIES.c.entry_id).where(FROZEN_ENTRIES.c.entry_id.in_(chunk))
                ).scalars()
            )
        return found

    def lock_for_pricing(self, client_id: int, worker_ids: Sequence[int]) -> None:
        if self.postgres:
            query = select(tables.clients.c.id).where(tables.clients.c.id == client_id)
            self.connection.execute(query.with_for_update(read=True))
        self._lock_workers(worker_ids)

    def _lock_workers(self, worker_ids: Sequence[int]) -> None:
        if not self.postgres:
            return
        workers = tables.workers
        wanted = sorted(set(worker_ids) - self.held)
        self.held.update(wanted)
        for chunk in _chunks(wanted):
            query = select(workers.c.id).where(workers.c.id.in_(chunk)).order_by(workers.c.id)
            self.connection.execute(query.with_for_update(key_share=True))

    def _drop(self, where: ColumnElement[bool]) -> None:
        for statement in _dropping(where):
            self.connection.execute(statement)


def line_rows(figures: Sequence[ShiftFigures]) -> list[dict[str, Any]]:
    """The ``shift_figure_lines`` rows of these figures."""
    return [
        {
            "entry_id": f.entry_id,
            "line_no": number,
            "element": line.element,
            "minutes": line.minutes,
            "pay_rate": line.pay_rate,
            "charge_rate": line.charge_rate,
        }
        for f in figures
        for number, line in enumerate(f.lines or ())
    ]


def figure_row(f: ShiftFigures) -> dict[str, Any]:
    """The ``shift_figures`` row of a shift's figures."""
    return {
        "entry_id": f.entry_id,
        "client_id": f.client_id,
        "worker_id": f.worker_id,
        "location_id": f.location_id,
        "pay_week_start": f.pay_week_start,
        "clock_in": f.clock_in,
        "paid_minutes": f.paid_minutes,
        "unpaid_break_minutes": f.unpaid_break_minutes,
        "payroll_status": f.gate.status,
        "payroll_reason": f.gate.reason,
        "flags": ",".join(f.gate.flags),
        "rule_id": f.rule_id,
        "base_pay_rate": f.base_pay,
        "base_charge_rate": f.base_charge,
        "parity": f.parity,
        "priced": f.lines is not None,
        "adjust_week": f.adjust_week,
    }


def _status(stored: str | None) -> PayrollStatus | None:
    return PayrollStatus(stored) if stored is not None else None


def _reason(stored: str | None) -> GateReason | None:
    return GateReason(stored) if stored is not None else None


def shift_gate(row: Any) -> ShiftGate | None:
    """A read model row's joined figures (columns ``_f_*``) as the shift's paid time and pay gate; None
    when the shift has no current figures."""
    if row["_f_entry_id"] is None:
        return None
    flags = row["_f_flags"]
    return ShiftGate(
        row["_f_paid_minutes"],
        row["_f_unpaid_break_minutes"],
        GateResult(
            _status(row["_f_payroll_status"]),
            _reason(row["_f_payroll_reason"]),
            tuple(flags.split(",")) if flags else (),
        ),
    )
