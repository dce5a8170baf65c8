"""Domain facts: what a write changed, noted on its unit of work for the handlers to act on.

A use case notes a fact (``tx.note``) for each change that something else depends on; it never calls
the step that keeps that something current. The unit of work runs the handlers of the facts noted
(``workforce_core.handlers``) before it commits, in the same transaction, so a write cannot commit a
change whose stored figures still say otherwise. Facts are not events: events go to subscribers, facts
stay inside the transaction.
"""

from __future__ import annotations

from datetime import date

from attrs import frozen

from workforce_core.model.absences import Absence
from workforce_core.model.accounts import ClientAccount
from workforce_core.model.time_entries import TimeEntry


@frozen
class EntriesChanged:
    """Time entries added, changed or deleted: ``(before, or None for a new one; after)`` each.
    ``client``: the entries' client when the writer has it already (saves reading it again)."""

    changes: tuple[tuple[TimeEntry | None, TimeEntry], ...]
    client: ClientAccount | None = None


@frozen
class AbsenceApproved:
    """An absence was approved (an AWR pause can change the worker's later weeks)."""

    absence: Absence


@frozen
class WorkerPricingChanged:
    """A worker's own rates, job role or holiday pay changed: every week of theirs may price differently."""

    worker_id: int


@frozen
class ClientPricingChanged:
    """A rate rule or a client setting changed: every week of the client may price differently."""

    client_id: int


@frozen
class PayWeekLocked:
    """A pay week (or a site of it) was locked: the client's late clocks are paid or due later."""

    client: ClientAccount


@frozen
class PayWeekUnlocked:
    """A lock was lifted: the week's figures are live again and its late clocks due again."""

    client: ClientAccount
    week_start: date
    location_id: int | None


Fact = EntriesChanged | AbsenceApproved | WorkerPricingChanged | ClientPricingChanged | PayWeekLocked | PayWeekUnlocked
