"""Read values: what a read returns, a record with the names a reply shows beside its ids, one module per
subject. The edge turns them into the spec's JSON shapes (``workforce_adapters.json``); events carry them
too, and the JSON edge shapes an event's ``data`` from them with the same record functions."""

from __future__ import annotations

from workforce_core.views.bookings import AbsenceView, DemandView, FreeFacts, OfferView, ShiftView
from workforce_core.views.charges import CURRENCY, ChargeGroup, ChargeLine, Charges, HeldBack, SiteTotal
from workforce_core.views.documents import DocumentView
from workforce_core.views.figures import ElementMinutes, ShiftFigures, ShiftPricing, WageWeek, WorkerWeek
from workforce_core.views.holiday import HolidayRecord, HolidayWeek
from workforce_core.views.kiosk import CLOCK_SCOPES, AtKiosk, SignedWorker
from workforce_core.views.on_site import Headcount, OnSiteNow, OnSiteWorker, SiteOnShift
from workforce_core.views.pay_weeks import PayWeekView, WeekTallies
from workforce_core.views.payroll import SIX_DAYS, Adjustment, PayrollLine, PayrollRow
from workforce_core.views.people import DepartmentView, MeView, SiteSummary, WorkerView
from workforce_core.views.time_entries import ClockResult, EntryView, ShiftGate

__all__ = [
    "CLOCK_SCOPES",
    "CURRENCY",
    "SIX_DAYS",
    "AbsenceView",
    "Adjustment",
    "AtKiosk",
    "ChargeGroup",
    "ChargeLine",
    "Charges",
    "ClockResult",
    "DemandView",
    "DepartmentView",
    "DocumentView",
    "ElementMinutes",
    "EntryView",
    "FreeFacts",
    "Headcount",
    "HeldBack",
    "HolidayRecord",
    "HolidayWeek",
    "MeView",
    "OfferView",
    "OnSiteNow",
    "OnSiteWorker",
    "PayWeekView",
    "PayrollLine",
    "PayrollRow",
    "ShiftFigures",
    "ShiftGate",
    "ShiftPricing",
    "ShiftView",
    "SignedWorker",
    "SiteOnShift",
    "SiteSummary",
    "SiteTotal",
    "WageWeek",
    "WeekTallies",
    "WorkerView",
    "WorkerWeek",
]
