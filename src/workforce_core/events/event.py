"""One event to publish, and the builders of the events a write sends several of."""

from __future__ import annotations

from datetime import datetime

from attrs import frozen

from workforce_core.event_types import EVENT_TYPES
from workforce_core.events.entries import TimesheetMoved, batches
from workforce_core.events.kinds import EventData
from workforce_core.events.people import WorkerCreated, WorkerUpdated
from workforce_core.views import EntryView, WorkerView


@frozen
class Event:
    """One event: its name, the client whose subscriptions get it, when, and its data (a kind the name
    may carry: ``EVENTS`` of the data's class)."""

    name: str
    client_id: int
    occurred_at: datetime
    data: EventData

    def __attrs_post_init__(self) -> None:
        if self.name not in EVENT_TYPES:
            raise ValueError(f"unknown event {self.name}")
        if self.name not in self.data.EVENTS:
            raise ValueError(f"{self.name} does not carry {type(self.data).__name__}")


def worker_created(view: WorkerView, *, client_id: int, at: datetime, via_api: bool) -> list[Event]:
    """worker.created, and the legacy worker_created for a worker the API created."""
    names = ("worker.created", "worker_created") if via_api else ("worker.created",)
    return [Event(name, client_id, at, WorkerCreated(view)) for name in names]


def worker_updated(view: WorkerView, *, client_id: int, at: datetime, changes: list[str], via_api: bool) -> list[Event]:
    """worker.updated, and the legacy worker_updated for a change made through the API."""
    names = ("worker.updated", "worker_updated") if via_api else ("worker.updated",)
    return [Event(name, client_id, at, WorkerUpdated(view, tuple(changes))) for name in names]


def timesheet_events(
    name: str,
    views: list[EntryView],
    now: datetime,
    *,
    via: str,
    reason_code: str | None = None,
    reason: str | None = None,
    user_id: int | None = None,
) -> list[Event]:
    """timesheet.* events: per client, one per site, at most 100 entries each."""
    return [
        Event(name, client_id, now, TimesheetMoved(site, tuple(group), via, reason_code, reason, user_id))
        for client_id, site, group in batches(views)
    ]
