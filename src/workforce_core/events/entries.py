"""The time_entry.* and timesheet.* events' data: one shift added, changed or closed by the rules, and a
move of the approval table on several shifts (per client, one event per site, at most 100 shifts each)."""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen

from workforce_core.views import EntryView

MAX_ENTRIES_PER_EVENT = 100
VIA_ADMIN = "admin_timesheets"  # the agency console's timesheet screen


@frozen
class TimeEntryCreated:
    """time_entry.created: a record typed in by hand in a console (a paper shift or a break); ``via``
    ``admin``, or ``tenant`` from a client account's own staff; ``user_id`` of a signed-in user."""

    EVENTS: ClassVar[frozenset[str]] = frozenset({"time_entry.created"})
    entry: EntryView
    via: str
    user_id: int | None = None
    change: str = "backfill"  # or manual_clock_in (``services.manual_clocks``)
    reason: str | None = None  # a manual clock-in's reason


@frozen
class TimeEntryUpdated:
    """time_entry.updated: the shift after a change (``change``: ``corrected``, ``clocked_out``,
    ``query_resolved``), the fields changed, where from, the reason given and who."""

    EVENTS: ClassVar[frozenset[str]] = frozenset({"time_entry.updated"})
    entry: EntryView
    change: str
    changes: tuple[str, ...]
    via: str = VIA_ADMIN
    reason: str | None = None
    user_id: int | None = None


@frozen
class TimeEntryAutoClosed:
    """time_entry.auto_closed: an open shift the rules closed (``change``: ``auto_closed``, ``missed_clockout``)."""

    EVENTS: ClassVar[frozenset[str]] = frozenset({"time_entry.auto_closed"})
    entry: EntryView
    change: str


@frozen
class TimesheetMoved:
    """timesheet.*: shifts of one client and site moved the same way, where from, the reason code of an
    unapproval, the client's reason of a rejection, and who."""

    EVENTS: ClassVar[frozenset[str]] = frozenset(
        {
            "timesheet.approved",
            "timesheet.unapproved",
            "timesheet.client_approved",
            "timesheet.client_rejected",
            "timesheet.queried",
        }
    )
    location_id: int | None
    entries: tuple[EntryView, ...]
    via: str
    reason_code: str | None = None
    reason: str | None = None
    user_id: int | None = None


def batches(views: list[EntryView]) -> list[tuple[int, int | None, list[EntryView]]]:
    """Entries grouped per client (in the order first seen), then one site per group, at most 100 per group."""
    by_client: dict[int, dict[int | None, list[EntryView]]] = {}
    for view in views:
        by_client.setdefault(view.entry.client_id, {}).setdefault(view.entry.location_id, []).append(view)
    return [
        (client_id, site, group[start : start + MAX_ENTRIES_PER_EVENT])
        for client_id, by_site in by_client.items()
        for site, group in by_site.items()
        for start in range(0, len(group), MAX_ENTRIES_PER_EVENT)
    ]
