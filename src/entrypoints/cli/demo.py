"""``workforce demo``: a demo account with sites, departments, cost codes, workers, a rate rule, last week's
shifts, this week's bookings and one key per scope set."""

from __future__ import annotations

import json
from datetime import date, time, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import typer
from attrs import evolve

from workforce_adapters.json.commands import structure
from workforce_core.commands.availability import AddAvailabilityRule
from workforce_core.commands.bookings import BookShift
from workforce_core.commands.exports import CreateExport
from workforce_core.commands.pay_weeks import ClosePayWeek
from workforce_core.commands.rate_rules import RateRuleDefinition
from workforce_core.commands.reference import CreateCostCode, CreateDepartment, CreateLocation
from workforce_core.commands.time_records import Backfill
from workforce_core.commands.webhooks import CreateSubscription
from workforce_core.commands.workers import CreateWorker
from workforce_core.model.accounts import ClientSettings
from workforce_core.model.notifications import Recipient
from workforce_core.ports import Clock
from workforce_core.rules.london import from_local, local_date
from workforce_core.rules.pay_weeks import week_start
from workforce_core.rules.receiver_urls import parse_networks
from workforce_core.rules.scopes import SCOPES
from workforce_core.services import (
    accounts,
    approvals,
    availability,
    bookings,
    console_reads,
    exports,
    notifier_choices,
    pay_weeks,
    rate_rules,
    reference,
    time_records,
    webhooks,
    workers,
)
from workforce_core.services.auth import authenticate
from workforce_entrypoints.bootstrap import Services, has_clients
from workforce_entrypoints.cli import demo_documents, demo_people, demo_week
from workforce_entrypoints.cli.demo_week import At
from workforce_entrypoints.cli.output import command, emit, progress
from workforce_entrypoints.cli.receiver import DEFAULT_PORT, DEMO_PATH
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
# the demo's workers who read Polish, Romanian or Lithuanian: their messages come in their language
SPOKEN = {"Bogdan Ionescu": "ro", "Dawid Nowak": "pl", "Ieva Kazlauskaitė": "lt"}
TOLD_BY = ["app", "email"]  # the demo's workers' channels: the inbox, and mail into the Maildir outbox
READ_SCOPES = tuple(scope for scope in SCOPES if scope.endswith(":read"))
LOCAL_RECEIVER_NETWORK = "127.0.0.1/32"
DEFAULT_URL = "http://127.0.0.1:8000"  # what `make run` serves; the worker app link opens there
DEMO_RECEIVER = f"https://127.0.0.1:{DEFAULT_PORT}{DEMO_PATH}"  # `make receiver` (workforce webhooks receive)


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
    "pay": {"pay_rate": 12.75},
    "charge": {"charge_rate": 18.15},
}


def _worked(s: Services, worker_id: int, site_id: int, day: date, at: Clock) -> int:
    """A day shift 08:00 to 16:30 typed in from paper (a backfill), as of ``at``."""
    paper = Backfill(
        worker_id=worker_id,
        location_id=site_id,
        clock_in=from_local(day, time(8)),
        clock_out=from_local(day, time(16, 30)),
    )
    return evolve(s, clock=at).run(time_records.backfill, paper).entry.id


def _weekdays(week: date) -> list[date]:
    """Monday to Friday of the pay week starting ``week``, in the week's order."""
    return [day for day in (week + timedelta(days=n) for n in range(7)) if day.isoweekday() <= 5]


def _past_weeks(s: Services, client_id: int, site_id: int, worker_ids: list[int], this_week: date) -> dict[str, Any]:
    """Two weeks ago: worked, approved and locked. Last week's second day a paper shift of that locked
    week came in late, approved then: a late clock, paid with last week. Last week: worked, approved,
    locked (paying the late clock as an adjustment) and exported as a payroll file."""
    before_last, last = this_week - timedelta(days=14), this_week - timedelta(days=7)
    typed = At(from_local(last, time(8, 30)))  # from the paper timesheets, first thing the next week
    for worker_id in worker_ids[:3]:
        for day in _weekdays(before_last):
            _worked(s, worker_id, site_id, day, typed)
    close = At(from_local(last, time(9)))
    evolve(s, clock=close).run(pay_weeks.close_week, ClosePayWeek(client_id=client_id, week=before_last))
    late_at = At(from_local(last + timedelta(days=1), time(10)))
    late = _worked(s, worker_ids[3], site_id, _weekdays(before_last)[1], late_at)
    evolve(s, clock=late_at).run(approvals.approve, [late])
    typed = At(from_local(this_week, time(8, 30)))
    for worker_id in worker_ids[:5]:
        for day in _weekdays(last):
            _worked(s, worker_id, site_id, day, typed)
    s.run(pay_weeks.close_week, ClosePayWeek(client_id=client_id, week=last))
    batch = s.run(exports.create_export, CreateExport(client_id=client_id, week=last, kind="payroll"))
    return {
        "locked_weeks": [before_last.isoformat(), last.isoformat()],
        "late_clock_id": late,
        "export_batch_id": batch.id,
    }


def _bookings(s: Services, client_id: int, site_ids: list[int], worker_ids: list[int], this_week: date) -> int:
    """Booked weekday shifts from tomorrow to the end of next week, at the sites the workers belong to."""
    today = local_date(s.clock.now())
    end = this_week + timedelta(days=13)
    made = 0
    for day in (today + timedelta(days=n) for n in range(1, (end - today).days + 1)):
        if day.isoweekday() > 5:
            continue
        for worker_id, site_id in (
            (worker_ids[3], site_ids[0]),
            (worker_ids[4], site_ids[1]),
            (worker_ids[7], site_ids[2]),
        ):
            slot = {"location_id": site_id, "shift_date": day.isoformat(), "start_time": "08:00", "end_time": "16:30"}
            booked = structure(BookShift, {**slot, "worker_id": worker_id, "break_minutes": 30, "status": "published"})
            s.run(bookings.book, booked, client_id=client_id)
            made += 1
    return made


def _availability(s: Services, client_id: int, worker_ids: list[int]) -> int:
    """Weekday availability for most workers (who-is-free finds them), and Sundays off for some."""
    caller = s.run(console_reads.operator, client_id)
    made = 0
    for index, worker_id in enumerate(worker_ids[:8]):
        for day in range(1, 6):
            rule = {
                "worker_id": worker_id,
                "kind": "available",
                "day_of_week": day,
                "start_time": "07:00",
                "end_time": "19:00",
            }
            s.run(availability.add_rule, structure(AddAvailabilityRule, rule), principal=caller)
            made += 1
        if index % 2:
            off = {
                "worker_id": worker_id,
                "kind": "unavailable",
                "day_of_week": 7,
                "start_time": "00:00",
                "end_time": "23:59",
            }
            s.run(availability.add_rule, structure(AddAvailabilityRule, off), principal=caller)
            made += 1
    return made


def seed(s: Services, link_base: str = DEFAULT_URL) -> dict[str, Any]:
    """The demo account (its current pay week around today: ``demo_week``); what to print of it."""
    bar = progress(len(SITES) + len(WORKERS) + 12, "Seeding the demo account")
    today = local_date(s.clock.now())
    settings = ClientSettings(walk_in_policy="pay", pay_week_start_day=demo_week.pay_week_start_day(today))
    client = s.run(accounts.create_client, accounts.CreateClient(name="Demo Staffing Ltd", settings=settings))
    this_week = week_start(today, settings.pay_week_start_day)
    sites = []
    for fields in SITES:
        sites.append(s.run(reference.create_location, structure(CreateLocation, fields), client_id=client.id))
        bar.advance()
    picking = s.run(
        reference.create_department, CreateDepartment(name="Picking", location_id=sites[0].id), client_id=client.id
    )
    s.run(reference.create_department, CreateDepartment(name="Transport", location_id=sites[1].id), client_id=client.id)
    s.run(
        reference.create_department,
        CreateDepartment(name="Agency Pool", description="Shared by every client"),
        client_id=None,
    )
    code = s.run(
        reference.create_cost_code, CreateCostCode(code="CC-100", description="Warehouse labour"), client_id=client.id
    )
    s.run(reference.create_cost_code, CreateCostCode(code="GEN", description="General"), client_id=None)
    bar.advance(5)
    # keys and the webhook subscription first: the demo's history below is delivered to the receiver
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
        key = s.run(
            accounts.create_key,
            accounts.CreateKey(client_id=client.id, name=name, scopes=scopes, location_ids=site_ids, legacy=legacy),
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
    full = s.run(authenticate, str(issued[0]["key"]))
    # the demo's receiver runs on this machine
    local = evolve(s, webhooks=evolve(s.webhooks, trusted_networks=parse_networks(LOCAL_RECEIVER_NETWORK)))
    subscription = local.run(
        webhooks.create_subscription,
        structure(CreateSubscription, {"url": DEMO_RECEIVER, "events": ["*"], "description": "make receiver"}),
        principal=full,
    )
    made: list[int] = []
    for index, (name, site, role) in enumerate(WORKERS, start=1):
        raw = {
            "name": name,
            "location_id": sites[site].id,
            "job_role": role,
            "email": f"worker{index}@example.com",
            "department_id": picking.id if site == 0 else None,
            "cost_code_id": code.id,
            "hourly_rate": Decimal("12.75"),
            "charge_rate": Decimal("18.15"),
            "preferred_language": SPOKEN.get(name),
            **demo_week.PAID_UNDER_BAND.get(name, {}),
        }
        made.append(s.run(workers.create_worker, structure(CreateWorker, raw), client_id=client.id).worker.id)
        s.run(notifier_choices.choose_channels, Recipient.WORKER, made[-1], TOLD_BY)
        bar.advance()
    s.run(
        workers.create_worker,
        CreateWorker(name="Karol Zieliński", location_id=sites[0].id),
        client_id=client.id,
        pending=True,
    )
    rule = s.run(rate_rules.create_rate_rule, structure(RateRuleDefinition, DEMO_RULE), client_id=client.id)
    site_list = [site.id for site in sites]
    shown = _past_weeks(s, client.id, site_list[0], made, this_week)
    bar.advance(2)
    signing_in = demo_people.console_people(s, client.id)
    sites_by_name = {site.name: site.id for site in sites}
    hirer, hirer_sign_in = demo_people.hirer(s, client.id, tuple(sites_by_name[name] for name in demo_week.HIRER_SITES))
    by_name = {name: worker_id for (name, _, _), worker_id in zip(WORKERS, made, strict=True)}
    week = demo_week.Demo(full, hirer, sites_by_name, by_name)
    shown |= demo_week.this_week(s, week, this_week)
    shown["availability_rules"] = _availability(s, client.id, made)  # Sundays off from now: the week is worked
    shown["bookings"] = _bookings(s, client.id, site_list, made, this_week)
    bar.advance(2)
    badges = demo_people.badges(s, by_name, demo_week.BADGES)
    app_link = demo_people.app_link(s, by_name[demo_week.APP_WORKER], demo_week.APP_WORKER, link_base)
    driver = by_name[next(name for name, _, role in WORKERS if role == demo_documents.LICENSED_ROLE)]
    shown["expiring_document"] = demo_documents.expiring_licence(s, client.id, driver, today)
    bar.close()
    return {
        "seeded": True,
        "client_id": client.id,
        "location_ids": [site.id for site in sites],
        "rate_rule_id": rule.id,
        **shown,
        "keys": issued,
        "webhook": {"id": subscription.id, "url": subscription.url, "events": ["*"], "secret": subscription.secret},
        "sign_in": {"path": "/console/", "users": signing_in},
        "hirer_sign_in": hirer_sign_in,
        "kiosk_badges": badges,
        "worker_app_link": app_link,
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
    url: str | None = typer.Option(
        None,
        help=f"The server's address, for the worker app link (default: WORKFORCE_PUBLIC_URL, else {DEFAULT_URL}).",
    ),
) -> None:
    """A demo account; prints its keys and console sign-ins (shown this once, unless kept with --keys-file)."""
    s = services(ctx)
    if if_empty and has_clients(s.engine):
        emit(_kept(keys_file))
        return
    result = seed(s, url or s.settings.public_url or DEFAULT_URL)
    if keys_file is not None:
        result["keys_file"] = str(keys_file)
        keys_file.parent.mkdir(parents=True, exist_ok=True)
        keys_file.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
        keys_file.chmod(0o600)
    emit(result)
