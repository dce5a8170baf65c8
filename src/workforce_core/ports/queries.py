"""All read ports together: what the SQL adapter's read models implement (tested on a real database)."""

from __future__ import annotations

from typing import Protocol

from workforce_core.ports.amendment_reads import AmendmentReads
from workforce_core.ports.availability_reads import AvailabilityReads
from workforce_core.ports.charge_reads import ChargeReads
from workforce_core.ports.demand_reads import DemandReads
from workforce_core.ports.entry_reads import EntryReads
from workforce_core.ports.exports import ExportBatchReads
from workforce_core.ports.figure_reads import FigureReads
from workforce_core.ports.pay_weeks import PayWeekHistory, PayWeekTallies
from workforce_core.ports.payroll_reads import PayrollReads
from workforce_core.ports.pricing_reads import PricingReads
from workforce_core.ports.rate_rule_reads import RateRuleReads
from workforce_core.ports.reference_reads import ReferenceReads
from workforce_core.ports.shift_reads import ShiftReads
from workforce_core.ports.worker_reads import WorkerReads


class Queries(
    WorkerReads,
    ReferenceReads,
    EntryReads,
    AmendmentReads,
    RateRuleReads,
    PricingReads,
    ShiftReads,
    FigureReads,
    PayrollReads,
    ChargeReads,
    DemandReads,
    PayWeekTallies,
    PayWeekHistory,
    AvailabilityReads,
    ExportBatchReads,
    Protocol,
):
    """Every read port; a use case asks for the narrow one it needs."""
