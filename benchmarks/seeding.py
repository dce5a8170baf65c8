"""The benchmarks' data, built by the benchmarks themselves on a migrated SQLite file.

Accounts, sites, rate rules, keys and (up to a thousand) workers go through the use cases; the many
shifts, and the thousands of workers only the pricing benchmark needs, are bulk-inserted through the
SQL adapter's tables and row mapping (one ``executemany`` each), so a run builds them in seconds.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

from attrs import frozen
from sqlalchemy import insert, update
from tests.databases import SqliteTemplate

from workforce_adapters.json.commands import structure
from workforce_adapters.sql import tables
from workforce_adapters.sql.mapping import to_row
from workforce_core.commands.rate_rules import RateRuleDefinition
from workforce_core.commands.reference import CreateLocation
from workforce_core.commands.workers import CreateWorker
from workforce_core.model.accounts import ClientAccount, ClientSettings
from workforce_core.model.time_entries import TimeEntry
from workforce_core.model.workers import Worker
from workforce_core.rules.employee_ids import employee_id_key
from workforce_core.rules.scopes import SCOPES
from workforce_core.services import accounts, rate_rules, reference, workers
from workforce_entrypoints.bootstrap import Services

BASE_RULE: dict[str, Any] = {
    "name": "Base",
    "overtime_threshold": 40,
    "overtime_multiplier": 1.5,
    "weekend_multiplier": 1.25,
    "night_bands": [{"start": "22:00", "end": "06:00", "premium": 1}],
    "pay": {"pay_rate": 12.75},  # above the 21-and-over minimum wage (12.71 from April 2026), or no week locks
    "charge": {"charge_rate": 18},
}
SHIFTS_PER_WEEK = 5  # Monday to Friday: a page of 50 shifts prices about 250 (the profile)
UNLIMITED = 1_000_000  # requests a minute: the load loop must never meet a 429


def migrated_sqlite(directory: Path) -> str:
    """The URL of a freshly migrated SQLite file in ``directory``."""
    return SqliteTemplate(directory).fresh_url()


@frozen
class Agency:
    """One client account with a site, the base rate rule and a key with every scope."""

    account: ClientAccount
    site_id: int
    headers: dict[str, str]


def agency(services: Services, name: str) -> Agency:
    """An account, a site, the base rate rule and a key, through the use cases. The key's allowance is
    then raised past the console's cap in the database: the limiter still counts every request."""
    uow, clock = services.uow, services.clock
    account = accounts.create_client(
        accounts.CreateClient(name=name, settings=ClientSettings(walk_in_policy="pay")), uow=uow, clock=clock
    )
    site = reference.create_location(
        structure(CreateLocation, {"name": "Depot"}), client_id=account.id, uow=uow, clock=clock
    )
    rate_rules.create_rate_rule(structure(RateRuleDefinition, BASE_RULE), client_id=account.id, uow=uow, clock=clock)
    issued = accounts.create_key(
        accounts.CreateKey(client_id=account.id, name="bench", scopes=SCOPES), uow=uow, clock=clock
    )
    with services.engine.begin() as connection:
        keys = tables.api_keys
        connection.execute(update(keys).where(keys.c.id == issued.key.id).values(rate_limit_per_minute=UNLIMITED))
    return Agency(account, site.id, {"Authorization": f"Bearer {issued.secret}"})


def workers_through_use_case(services: Services, agency: Agency, count: int) -> list[int]:
    """``count`` workers made one by one as ``POST /workers.php`` makes them."""
    made = []
    for n in range(count):
        raw = {"name": f"Worker {n:05d}", "location_id": agency.site_id}
        view = workers.create_worker(
            structure(CreateWorker, raw), client_id=agency.account.id, uow=services.uow, clock=services.clock
        )
        made.append(view.worker.id)
    return made


def bulk_workers(services: Services, agency: Agency, count: int) -> list[int]:
    """``count`` workers in one insert (badges ``B000001``...), their ids in order."""
    now = services.clock.now()
    client_id = agency.account.id
    rows = []
    for n in range(count):
        worker = Worker(client_id, f"Bulk Worker {n:06d}", f"B{n + 1:06d}", now, location_id=agency.site_id)
        rows.append({**to_row(worker, tables.workers), "employee_id_key": employee_id_key(worker.employee_id)})
    w = tables.workers
    with services.engine.begin() as connection:
        connection.execute(insert(w), rows)
        found = connection.execute(w.select().with_only_columns(w.c.id).where(w.c.client_id == client_id))
        return sorted(found.scalars())


def week_start(day: date) -> date:
    """The Monday of ``day``'s week (the default pay week starts on Monday)."""
    return day - timedelta(days=day.weekday())


def approved_shifts(
    agency: Agency, worker_ids: Sequence[int], weeks: Iterable[date], *, approved: bool = True
) -> list[TimeEntry]:
    """Five approved shifts a week for each worker, Monday to Friday: most 08:00 to 17:00 (staggered by
    the minute), every third worker 20:00 to 06:30 (night premium), so pricing meets both kinds. With
    ``approved`` false they are completed and wait for approval instead."""
    entries = []
    for monday in weeks:
        for n, worker_id in enumerate(worker_ids):
            night = n % 3 == 0
            for day in range(SHIFTS_PER_WEEK):
                begin = datetime.combine(monday + timedelta(days=day), datetime.min.time(), UTC)
                clock_in = begin + (timedelta(hours=20) if night else timedelta(hours=8, minutes=n % 60))
                clock_out = clock_in + (timedelta(hours=10, minutes=30) if night else timedelta(hours=9))
                entries.append(
                    TimeEntry(
                        worker_id=worker_id,
                        client_id=agency.account.id,
                        location_id=agency.site_id,
                        clock_in=clock_in,
                        clock_out=clock_out,
                        created_at=clock_out,
                        approval_status="approved" if approved else "pending",
                        approved_at=clock_out if approved else None,
                    )
                )
    return entries


def bulk_insert(services: Services, entries: Sequence[TimeEntry]) -> None:
    """The shifts in one ``executemany`` through the adapter's table and row mapping."""
    with services.engine.begin() as connection:
        connection.execute(insert(tables.time_entries), [to_row(e, tables.time_entries) for e in entries])
