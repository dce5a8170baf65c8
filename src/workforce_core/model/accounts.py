"""Client accounts (a staffing agency's account) and their settings."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from attrs import define, field, frozen

AccountStatus = Literal["active", "suspended", "cancelled", "trial_ended"]
ACCOUNT_STATUSES: tuple[str, ...] = ("active", "suspended", "cancelled", "trial_ended")
POLICIES: tuple[str, ...] = ("no_pay", "pay")


@frozen
class ClientSettings:
    pay_week_start_day: int = 1
    require_client_approval: bool = False
    walk_in_policy: str = "no_pay"
    cancelled_policy: str = "no_pay"
    default_shift_hours: int = 8  # auto clock-out of an unbooked shift: clock-in plus this
    dormant_after_days: int = 90


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
