"""Time entries: shifts and the breaks inside them."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from enum import StrEnum

from attrs import define


class ClockMethod(StrEnum):
    """How a clock was made (the spec's ``clock_method``, and ``method`` in the clock events)."""

    FACE = "face"
    PIN = "pin"
    MANUAL = "manual"
    API = "api"
    MOBILE = "mobile"
    BACKFILL = "backfill"


class ClockSource(StrEnum):
    """Where a clock came from (``clock_source``; ``source`` in the clock events): a kiosk's clock sent
    when it was made, or later after the kiosk could not reach the server (``kiosk_offline``)."""

    KIOSK = "kiosk"
    KIOSK_OFFLINE = "kiosk_offline"
    APP = "app"
    API = "api"


class ApprovalStatus(StrEnum):
    """The agency's approval of a shift (the spec's ``approval_status``)."""

    PENDING = "pending"
    APPROVED = "approved"
    DISPUTED = "disputed"


class ClientApproval(StrEnum):
    """The client's sign-off of a shift (the spec's ``client_approval``)."""

    PENDING = "pending"
    APPROVED = "approved"
    REJECTED = "rejected"


APPROVAL_STATUSES: tuple[str, ...] = tuple(ApprovalStatus)
CLIENT_APPROVALS: tuple[str, ...] = tuple(ClientApproval)
OPEN_SHIFT_HOURS = 18


@define
class TimeEntry:
    worker_id: int
    client_id: int  # the owning client: the site's client, else the worker's home client
    clock_in: datetime
    created_at: datetime
    location_id: int | None = None
    entry_type: str = "shift"
    parent_id: int | None = None  # a break's shift
    clock_out: datetime | None = None
    clock_method: str = "api"
    clock_out_method: str | None = None
    clock_source: str | None = None
    kiosk_id: str | None = None
    notes: str | None = None
    match_score: Decimal | None = None
    cost_code_id: int | None = None
    scheduled_shift_id: int | None = None
    approval_status: str = ApprovalStatus.PENDING
    approved_at: datetime | None = None
    approved_by: int | None = None
    client_approval: str = ClientApproval.PENDING
    client_approved_at: datetime | None = None
    client_approved_by: int | None = None
    client_rejected_reason: str | None = None
    queried: bool = False
    open_query: bool = False
    query_text: str | None = None  # the question of the latest query (null: raised with none)
    query_answer: str | None = None  # the agency's answer to it, which settled it
    query_answered_at: datetime | None = None
    risk_flags: tuple[str, ...] = ()
    manual_break_minutes: int | None = None
    pay_adjustment_minutes: int | None = None
    edit_count: int = 0
    edited_at: datetime | None = None
    original_clock_in: datetime | None = None
    original_clock_out: datetime | None = None
    latitude: Decimal | None = None
    longitude: Decimal | None = None
    within_geofence: int | None = None
    distance_meters: int | None = None
    gps_accuracy: int | None = None
    low_gps_confidence: bool | None = None
    clock_out_latitude: Decimal | None = None
    clock_out_longitude: Decimal | None = None
    clock_out_within_geofence: int | None = None
    clock_out_distance_meters: int | None = None
    exported_batch_id: int | None = None
    updated_at: datetime | None = None
    id: int = 0

    @property
    def closed(self) -> bool:
        return self.clock_out is not None

    @property
    def edited(self) -> bool:
        return self.edit_count > 0

    @property
    def total_minutes(self) -> int | None:
        """Whole minutes of real elapsed time (correct across a clock change)."""
        if self.clock_out is None:
            return None
        return int((self.clock_out - self.clock_in).total_seconds() // 60)

    def flag(self, *flags: str) -> None:
        self.risk_flags = tuple(dict.fromkeys((*self.risk_flags, *flags)))
