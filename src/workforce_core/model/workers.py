"""Workers: identified by their badge number (``employee_id``) within a client account."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from attrs import define, field

WORKER_STATUSES: tuple[str, ...] = ("active", "pending")

# The fields a WorkerUpdate may change, in the order ``changes`` lists them.
EDITABLE_FIELDS: tuple[str, ...] = (
    "name",
    "employee_id",
    "email",
    "phone",
    "job_role",
    "location_id",
    "department_id",
    "cost_code_id",
    "start_date",
    "end_date",
    "preferred_language",
    "hourly_rate",
    "charge_rate",
    "date_of_birth",
    "apprentice_since",
    "wtr_opt_out",
    "holiday_pay",
    "leave_reason",
    "active",
)
# Set only with ``rates:write``: the rates, and what decides the worker's minimum wage band.
RATE_FIELDS: tuple[str, ...] = ("hourly_rate", "charge_rate", "date_of_birth", "apprentice_since", "holiday_pay")


@define
class Worker:
    client_id: int
    name: str
    employee_id: str
    created_at: datetime
    updated_at: datetime | None = None
    location_id: int | None = None
    department_id: int | None = None
    cost_code_id: int | None = None
    email: str | None = None
    phone: str | None = None
    job_role: str | None = None
    hourly_rate: Decimal | None = None
    charge_rate: Decimal | None = None
    max_hours_per_week: Decimal | None = None
    status: str = "active"
    active: bool = True
    dormant_since: datetime | None = None
    start_date: date | None = None
    end_date: date | None = None
    leave_reason: str | None = None
    preferred_language: str | None = None
    has_face: bool = False
    has_pin: bool = False  # written with pin_hash by services.worker_pins only
    suspended: bool = False
    anonymised_at: datetime | None = None
    moved_out_at: datetime | None = None  # moved to another client account: this copy is closed (a leaver)
    date_of_birth: date | None = None  # the minimum wage band (pay:read to see, rates:write to set)
    apprentice_since: date | None = None  # the apprenticeship's first day, when the worker is an apprentice
    wtr_opt_out: bool = False  # opted out of the 48-hour average week (Working Time Regulations, reg. 5)
    holiday_pay: str | None = None  # model.holiday.HolidayPay overriding the client's setting (None: the client's)
    pin_hash: str | None = field(default=None, repr=False)  # argon2; never shown nor sent anywhere
    id: int = 0

    @property
    def dormant(self) -> bool:
        return self.dormant_since is not None

    @property
    def moved_out(self) -> bool:
        return self.moved_out_at is not None

    @property
    def first_name(self) -> str:
        """What a kiosk greets the worker with: the first word of the name."""
        words = self.name.split()
        return words[0] if words else self.name

    @property
    def pending(self) -> bool:
        return self.status == "pending"
