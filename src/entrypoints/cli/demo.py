"""``workforce demo``: a demo account with sites, departments, cost codes, workers, a rate rule, last week's
shifts, this week's bookings and one key per scope set."""

from __future__ import annotations

import json
from datetime import time, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import typer

from workforce_adapters.json.commands import structure
from workforce_adapters.sql.schema import has_clients
from workforce_core.commands.bookings import BookShift
from workforce_core.commands.rate_rules import RateRuleDefinition
from workforce_core.commands.reference import CreateCostCode, CreateDepartment, CreateLocation
from workforce_core.commands.time_records import Backfill
from workforce_core.commands.workers import CreateWorker
from workforce_core.model.accounts import ClientSettings
from workforce_core.rules.london import from_local, local_date
from workforce_core.rules.scopes import SCOPES
from workforce_core.services import accounts, approvals, bookings, rate_rules, reference, time_records, workers
from workforce_entrypoints.bootstrap import Services
from workforce_entrypoints.cli.output import command, emit, progress
from workforce_entrypoints.cli.state import services

SITES: tuple[dict[str, Any], ...] = (
    {
        "name": "North Warehouse",
        "city": "Leeds",
        "postcode": "LS11 5AA",
        "latitude": Decimal("53.7800"),
        "longitude": Decimal("-1.5500"),
        "geofence_mode": "strict",
        "geofence_radius": 250,
        "gps_accuracy_threshold": 50,
        "capacity": 120,
        "billing_name": "Northern Goods Ltd",
        "po_reference": "PO-4411",
    },
    {
        "name": "City Depot",
        "city": "Manchester",
        "postcode": "M1 2AB",
        "latitude": Decimal("53.4794"),
        "longitude": Decimal("-2.2453"),
        "geofence_mode": "warning",
        "capacity": 60,
    },
    {"name": "Head Office", "city": "London", "postcode": "EC1A 1BB", "geofence_mode": "disabled"},
)
WORKERS: tuple[tuple[str, int, str], ...] = (
    ("Alice Brown", 0, "Picker"),
    ("Bogdan Ionescu", 0, "Picker"),
    ("Chloe Davies", 0, "Forklift driver"),
    ("Dawid Nowak", 0, "Packer"),
    ("Emma Wilson", 1, "Driver"),
    ("Femi Adeyemi", 1, "Loader"),
    ("Grace Taylor", 1, "Loader"),
    ("Hiroshi Tanaka", 2, "Administrator"),
    ("Ieva Kazlauskaitė", 2, "Receptionist"),
    ("Jack Evans", 0, "Picker"),
)
READ_SCOPES = tuple(scope for scope in SCOPES if scope.endswith(":read"))


DEMO_RULE: dict[str, Any] = {
    "name": "Warehouse standard",
    "overtime_threshold": 40,
    "overtime_multiplier": 1.5,
    "weekend_multiplier": 1.25,
    "sunday_multiplier": 1.5,
    "bank_holiday_multiplier": 2.0,
    "auto_lunch_minutes": 30,
    "auto_lunch_after_hours": 6,
    "paid_break_minutes": 0,
    "night_bands": [{"start": "22:00", "end": "06:00", "premium": 1.00, "charge_premium": 1.50}],
    "pay": {"pay_rate": 12.60},
    "charge": {"charge_rate": 17.95},
}


def _demo_shifts(s: Services, client_id: int, site_ids: list[int], worker_ids: list[int]) -> None:
    """Last week's worked shifts (approved, so they price) and this week's bookings."""
    today = local_date(s.clock.now())
    last_monday = today - timedelta(days=today.weekday() + 7)
    for worker_id in worker_ids[:3]:
        entry_ids = []
        for offset in range(5):
            day = last_monday + timedelta(days=offset)
            start, end = from_local(day, time(8, 0)), from_local(day, time(16, 30))
            paper = Backfill(worker_id=worker_id, location_id=site_ids[0], clock_in=start, clock_out=end)
            shift = time_records.backfill(paper, uow=s.uow, clock=s.clock)
            entry_ids.append(shift.entry.id)
        approvals.approve(entry_ids, uow=s.uow, clock=s.clock)
    tomorrow = today + timedelta(days=1)
    for worker_id in worker_ids[3:5]:
        slot = {
            "location_id": site_ids[0],
            "shift_date": tomorrow.isoformat(),
            "start_time": "08:00",
            "end_time": "16:30",
        }
        booked = structure(BookShift, {**slot, "worker_id": worker_id, "break_minutes": 30, "status": "published"})
        bookings.book(booked, client_id=client_id, uow=s.uow, clock=s.clock)


def seed(s: Services) -> dict[str, Any]:
    clock, uow = s.clock, s.uow
    bar = progress(len(SITES) + len(WORKERS) + 8, "Seeding the demo account")
    client = accounts.create_client(
        accounts.CreateClient(name="Demo Staffing Ltd", settings=ClientSettings(walk_in_policy="pay")),
        uow=uow,
        clock=clock,
    )
    sites = []
    for fields in SITES:
        sites.append(
            reference.create_location(structure(CreateLocation, fields), client_id=client.id, uow=uow, clock=clock)
        )
        bar.advance()
    picking = reference.create_department(
        CreateDepartment(name="Picking", location_id=sites[0].id), client_id=client.id, uow=uow, clock=clock
    )
    reference.create_department(
        CreateDepartment(name="Transport", location_id=sites[1].id), client_id=client.id, uow=uow, clock=clock
    )
    reference.create_department(
        CreateDepartment(name="Agency Pool", description="Shared by every client"), client_id=None, uow=uow, clock=clock
    )
    code = reference.create_cost_code(
        CreateCostCode(code="CC-100", description="Warehouse labour"), client_id=client.id, uow=uow, clock=clock
    )
    reference.create_cost_code(CreateCostCode(code="GEN", description="General"), client_id=None, uow=uow, clock=clock)
    bar.advance(5)
    made: list[int] = []
    for index, (name, site, role) in enumerate(WORKERS, start=1):
        raw = {
            "name": name,
            "location_id": sites[site].id,
            "job_role": role,
            "email": f"worker{index}@example.com",
            "department_id": picking.id if site == 0 else None,
            "cost_code_id": code.id,
            "hourly_rate": Decimal("12.60"),
            "charge_rate": Decimal("17.95"),
        }
        made.append(
            workers.create_worker(structure(CreateWorker, raw), client_id=client.id, uow=uow, clock=clock).worker.id
        )
        bar.advance()
    workers.create_worker(
        CreateWorker(name="Karol Zieliński", location_id=sites[0].id),
        client_id=client.id,
        uow=uow,
        clock=clock,
        pending=True,
    )
    rule = rate_rules.create_rate_rule(
        structure(RateRuleDefinition, DEMO_RULE), client_id=client.id, uow=uow, clock=clock
    )
    _demo_shifts(s, client.id, [site.id for site in sites], made)
    key_sets: list[tuple[str, tuple[str, ...], tuple[int, ...] | None, bool]] = [
        ("demo-full", SCOPES, None, False),
        ("demo-read-only", READ_SCOPES, None, False),
        (
            "demo-north-warehouse",
            (
                "workers:read",
                "workers:write",
                "locations:read",
                "departments:read",
                "cost_codes:read",
                "timesheets:read",
                "clock:write",
            ),
            (sites[0].id,),
            False,
        ),
        ("demo-legacy", (), None, True),
    ]
    issued = []
    for name, scopes, site_ids, legacy in key_sets:
        key = accounts.create_key(
            accounts.CreateKey(client_id=client.id, name=name, scopes=scopes, location_ids=site_ids, legacy=legacy),
            uow=uow,
            clock=clock,
        )
        issued.append(
            {
                "name": name,
                "key": key.secret,
                "key_prefix": key.key.key_prefix,
                "scopes": list(scopes),
                "legacy": legacy,
                "location_ids": list(site_ids) if site_ids else None,
            }
        )
        bar.advance()
    bar.close()
    return {
        "seeded": True,
        "client_id": client.id,
        "location_ids": [site.id for site in sites],
        "rate_rule_id": rule.id,
        "keys": issued,
    }


def _kept(keys_file: Path | None) -> dict[str, Any]:
    """What a run on a seeded database shows: everything the first run kept in ``keys_file`` (its keys,
    and whatever else it printed once), and where it is kept."""
    again = "The database already has an account; the demo was not seeded again."
    if keys_file is None or not keys_file.is_file():
        where = f"{keys_file} is missing" if keys_file else "no --keys-file was given"
        return {
            "seeded": False,
            "keys": [],
            "message": f"{again} Its keys are shown only once and {where}: make a new one with "
            "`workforce key create --client ID --name NAME --scope S`.",
        }
    kept = json.loads(keys_file.read_text(encoding="utf-8"))
    return {
        **kept,
        "seeded": False,
        "keys_file": str(keys_file),
        "message": f"{again} Its keys, as kept in {keys_file} (delete the file and the database to start over):",
    }


@command
def demo(
    ctx: typer.Context,
    if_empty: bool = typer.Option(False, help="Seed only when the database has no client yet."),
    keys_file: Path | None = typer.Option(
        None, help="Also keep the result (with the keys) in this file; shown again by a later run with --if-empty."
    ),
) -> None:
    """A demo account; prints its keys (shown this once, unless kept with --keys-file)."""
    s = services(ctx)
    if if_empty and has_clients(s.engine):
        emit(_kept(keys_file))
        return
    result = seed(s)
    if keys_file is not None:
        result["keys_file"] = str(keys_file)
        keys_file.parent.mkdir(parents=True, exist_ok=True)
        keys_file.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
        keys_file.chmod(0o600)
    emit(result)
