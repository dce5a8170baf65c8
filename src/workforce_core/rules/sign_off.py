"""The client's sign-off deadline: a completed shift still pending the client's sign-off this many hours
after its pay week ends is signed off by the service (``via`` ``auto``)."""

from __future__ import annotations

from datetime import datetime, timedelta

from workforce_core.model.accounts import ClientSettings
from workforce_core.rules.approval import ApprovalState, allowed
from workforce_core.rules.pay_week_states import week_bounds
from workforce_core.rules.pay_weeks import week_of

VIA_AUTO = "auto"


def deadline(clock_in: datetime, settings: ClientSettings) -> datetime | None:
    """When a shift clocked in at ``clock_in`` is signed off if still pending (None: no deadline): its pay
    week's end (local midnight after the last day) plus the client's hours."""
    hours = settings.signoff_deadline_hours
    if hours is None:
        return None
    return week_bounds(week_of(clock_in, settings.pay_week_start_day))[1] + timedelta(hours=hours)


def signs_off(state: ApprovalState, clock_in: datetime, settings: ClientSettings, now: datetime) -> bool:
    """Whether the service signs this shift off now: its deadline has passed, the table allows the
    client's sign-off (still pending, clocked out) and no query holds it (a query is the client's
    doubt, which a deadline must not overrule)."""
    ends = deadline(clock_in, settings)
    return (
        ends is not None and now >= ends and state.closed and not state.open_query and allowed(state, "client_approve")
    )


def earliest_due_clock_in(settings: ClientSettings, now: datetime) -> datetime | None:
    """A bound for the storage's pre-filter: no shift clocked in at or after this is due yet (its week
    cannot have ended ``hours`` before ``now``)."""
    hours = settings.signoff_deadline_hours
    return None if hours is None else now - timedelta(hours=hours)
