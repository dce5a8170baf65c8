"""Client accounts (a staffing agency's account) and their settings."""

from __future__ import annotations

from datetime import datetime

from attrs import define, field, frozen

ACCOUNT_STATUSES: tuple[str, ...] = ("active", "suspended", "cancelled", "trial_ended")
POLICIES: tuple[str, ...] = ("no_pay", "pay")
PRICING_CHOICES: dict[str, tuple[str, ...]] = {
    "premium_stacking": ("stack", "highest"),
    "premium_day_basis": ("shift_start", "calendar"),
    "site_overtime_mode": ("off", "per_site"),
}
MAX_NO_SHOW_GRACE_MINUTES = 720
MAX_SIGNOFF_DEADLINE_HOURS = 24 * 28
MAX_DOCUMENT_WARNING_DAYS = 366


@frozen
class ClientSettings:
    pay_week_start_day: int = 1
    require_client_approval: bool = False
    walk_in_policy: str = "no_pay"
    cancelled_policy: str = "no_pay"
    default_shift_hours: int = 8  # auto clock-out of an unbooked shift: clock-in plus this
    dormant_after_days: int = 90
    premium_stacking: str = "stack"  # or "highest"
    premium_day_basis: str = "shift_start"  # or "calendar"
    site_overtime_mode: str = "off"  # or "per_site"
    multi_shift_priority: str = "closest"
    no_show_grace_minutes: int = 15  # a published booking not clocked by its start plus this is a no-show
    signoff_deadline_hours: int | None = None  # shifts still pending sign-off this long after their week: approved
    holiday_pay: str = "none"  # model.holiday.HolidayPay: none, rolled_up or accrued (a worker may override it)
    leave_year_start: str = "01-01"  # MM-DD: the first day of the leave year holiday accrues in
    right_to_work_required: bool = False  # every worker needs a valid right-to-work check to work (rules.documents)
    document_warning_days: int = 28  # a document ending within this many days of the work is a warning


@define
class ClientAccount:
    name: str
    created_at: datetime
    settings: ClientSettings = field(factory=ClientSettings)
    status: str = "active"
    api_access: bool = True
    id: int = 0

    @property
    def usable(self) -> bool:
        return self.status == "active"
