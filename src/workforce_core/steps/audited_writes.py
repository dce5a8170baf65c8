"""Every write ends with audit rows: the units of work a use case opens for a person, a key or a device
(``Acting``) stamp each row with where the write came from, and a write that wrote no row of its own gets
the rows of its events, else one naming the use case and its command (``steps.audit_rows``), all in one
INSERT just before the commit. The composition root binds them in ``Services.run``: no use case changes.

Reads (``read_only``) are given the plain unit of work: nothing is added to them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from types import TracebackType
from typing import Any, Self

import attrs
from attrs import frozen

from workforce_core.events import Event
from workforce_core.model.audit import AuditEntry, Origin
from workforce_core.ports import UnitOfWork, UnitOfWorkFactory
from workforce_core.ports.paging import Page, Paging
from workforce_core.ports.repositories import AuditLog
from workforce_core.steps.audit_rows import Who, command_row, event_rows
from workforce_core.views.audit import AuditFilter, AuditRow


@frozen
class Acting:
    """Who writes, from where, and which use case with which command."""

    who: Who
    origin: Origin | None
    use_case: str
    command: object = None
    subject: tuple[str, int] | None = None  # the record the call names by its id (its first argument)


class _StampedLog:
    """The use case's own rows, each with where the write came from; counted."""

    def __init__(self, log: AuditLog, origin: Origin | None) -> None:
        self.log = log
        self.origin = origin
        self.written = 0

    def add(self, entry: AuditEntry) -> None:
        self.written += 1
        self.log.add(entry.from_origin(self.origin))

    def add_all(self, entries: Sequence[AuditEntry]) -> None:
        self.written += len(entries)
        self.log.add_all([entry.from_origin(self.origin) for entry in entries])

    def find(self, query: AuditFilter, paging: Paging) -> Page[AuditRow]:
        return self.log.find(query, paging)


class _Watched:
    """A unit of work seen through: its own audit rows (stamped, counted) and its events noted on the way;
    everything else is the inner one's."""

    def __init__(self, inner: UnitOfWork, origin: Origin | None) -> None:
        self._inner = inner
        self._origin = origin
        self._events: list[Event] = []
        self._log: _StampedLog | None = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    def __enter__(self) -> Self:
        self._inner.__enter__()
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._inner.__exit__(exc_type, exc, tb)

    @property
    def audit(self) -> _StampedLog:
        if self._log is None:
            self._log = _StampedLog(self._inner.audit, self._origin)
        return self._log

    def record(self, events: list[Event]) -> None:
        self._events.extend(events)
        self._inner.record(events)

    def rollback(self) -> None:
        self._inner.rollback()
        self._clear()

    def _unaudited_change(self) -> bool:
        """Settled, it changed rows or recorded events, and wrote no audit row of its own."""
        self._inner.settle()  # the facts' handlers may write and record too
        return (self._log is None or not self._log.written) and (bool(self._events) or self._inner.wrote())

    def _clear(self) -> None:
        self._events = []
        if self._log is not None:
            self._log.written = 0


class AuditedUnitOfWork(_Watched):
    """A unit of work whose commit leaves at least one audit row when it changed anything."""

    def __init__(self, inner: UnitOfWork, acting: Acting, now: Callable[[], datetime]) -> None:
        super().__init__(inner, acting.origin)
        self._acting = acting
        self._now = now

    def commit(self) -> None:
        """The write's own rows, else its events', else its command's; none for a write that changed nothing."""
        if self._unaudited_change():
            acting, now = self._acting, self._now()
            rows = event_rows(self._events, acting.who, now) or [self._command_row(now)]
            self.audit.add_all(rows)
        self._inner.commit()
        self._clear()

    def _command_row(self, now: datetime) -> AuditEntry:
        acting = self._acting
        row = command_row(acting.use_case, acting.command, acting.who, acting.who.client_id, now, acting.subject)
        if row.client_id is None and row.entity_id:  # the command line's: the account of the record it names
            return attrs.evolve(row, client_id=self._account_of(row.entity, row.entity_id))
        return row

    def _account_of(self, entity: str, entity_id: int) -> int | None:
        """The account of a record by its kind (its repository is the kind's plural), if it has one."""
        repository = getattr(self._inner, f"{entity}s", None)
        record = getattr(repository, "get", lambda _id: None)(entity_id)
        client_id = getattr(record, "client_id", None)
        return client_id if isinstance(client_id, int) else None


class AuditedUnitOfWorkFactory:
    """``inner``'s units of work, those that write audited as ``acting``."""

    def __init__(self, inner: UnitOfWorkFactory, acting: Acting, now: Callable[[], datetime]) -> None:
        self.inner = inner
        self.acting = acting
        self.now = now

    def __call__(self, *, read_only: bool = False) -> UnitOfWork:
        tx = self.inner(read_only=read_only)
        return tx if read_only else AuditedUnitOfWork(tx, self.acting, self.now)


class UnauditedWrite(RuntimeError):
    """A write made in a request (or at the command line) for no one the audit log can name: the strict
    mode of the tests refuses it, so a write use case whose entry point passes no one is found."""


class _Refusing(_Watched):
    """A unit of work whose commit fails if it changed anything with no audit row (the strict mode's, for a
    call made for no one)."""

    def __init__(self, inner: UnitOfWork, use_case: str) -> None:
        super().__init__(inner, None)
        self._use_case = use_case

    def commit(self) -> None:
        if self._unaudited_change():
            raise UnauditedWrite(f"{self._use_case} wrote for no one the audit log can name")
        self._inner.commit()
        self._clear()


class RefusingUnauditedFactory:
    """``inner``'s units of work, those that write refusing to commit a change (strict mode only)."""

    def __init__(self, inner: UnitOfWorkFactory, use_case: str) -> None:
        self.inner = inner
        self.use_case = use_case

    def __call__(self, *, read_only: bool = False) -> UnitOfWork:
        tx = self.inner(read_only=read_only)
        return tx if read_only else _Refusing(tx, self.use_case)
