"""The port contract: one suite, run against the memory adapter, SQLite and PostgreSQL.

What a use case may rely on from the unit of work and its repositories is stated here once, so the
memory adapter (unit tests, embedders, property runs) and the SQL adapter cannot drift apart.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from typing import Any

import attrs
import pytest
from sqlalchemy import select

from tests.databases import PostgresSchema, SqliteTemplate
from workforce_adapters.json import event_codec, event_payload, stored_payload
from workforce_adapters.memory import MemoryUnitOfWorkFactory
from workforce_adapters.sql import tables
from workforce_adapters.sql.engine import make_engine
from workforce_adapters.sql.unit_of_work import SqlUnitOfWorkFactory
from workforce_core.errors import AlreadyLocked, Conflict, DuplicateEmployeeId, EmailTaken
from workforce_core.events import Event, Shaped
from workforce_core.model.absences import Absence
from workforce_core.model.accounts import ClientAccount, ClientSettings
from workforce_core.model.audit import AuditEntry
from workforce_core.model.availability import DoNotReturn, WorkerAvailability
from workforce_core.model.bookings import Booking
from workforce_core.model.demands import Demand, Offer
from workforce_core.model.exports import ExportBatch
from workforce_core.model.keys import ApiKey
from workforce_core.model.minimum_wage import WageAcceptance
from workforce_core.model.pay_codes import PayCode
from workforce_core.model.pay_weeks import PayWeekLock, WeekCounts
from workforce_core.model.people import User, WebSession
from workforce_core.model.rates import NightBand, OvertimeTier, RateRule, Rates
from workforce_core.model.reference import Location
from workforce_core.model.surveys import Survey, SurveyQuestion
from workforce_core.model.time_entries import TimeEntry
from workforce_core.model.webhooks import Delivery, Subscription
from workforce_core.model.workers import Worker
from workforce_core.ports import Paging, UnitOfWork, UnitOfWorkFactory, WeekSpan
from workforce_core.rules.awr import Pause
from workforce_core.rules.booking_choice import closest_booking
from workforce_core.rules.employee_ids import employee_id_key
from workforce_core.rules.pay_gate import GateResult
from workforce_core.rules.pricing import Line
from workforce_core.rules.stale_weeks import StaleWeeks
from workforce_core.views import ShiftFigures

T0 = datetime(2026, 3, 2, 8, 0, tzinfo=UTC)  # a Monday


class Backend:
    """A unit-of-work factory and a way to read what it committed to the outbox and audit log."""

    def __init__(self, name: str, uow: UnitOfWorkFactory, engine: Any = None) -> None:
        self.name = name
        self.uow = uow
        self.engine = engine

    def events(self) -> list[tuple[str, int | None, dict[str, Any]]]:
        if isinstance(self.uow, MemoryUnitOfWorkFactory):
            return [(e.name, e.client_id, event_payload(e)) for e in self.uow.store.outbox]
        with self.engine.connect() as connection:
            rows = connection.execute(select(tables.outbox).order_by(tables.outbox.c.id)).mappings().all()
        return [
            (r["event"], r["client_id"], stored_payload(r["event"], r["client_id"], json.loads(r["data"])))
            for r in rows
        ]

    def audit_actions(self) -> list[str]:
        if isinstance(self.uow, MemoryUnitOfWorkFactory):
            return [entry.action for entry in self.uow.store.audit]
        with self.engine.connect() as connection:
            return list(connection.execute(select(tables.audit_log.c.action).order_by(tables.audit_log.c.id)).scalars())


@pytest.fixture(params=["memory", "sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def backend(request: pytest.FixtureRequest) -> Iterator[Backend]:
    if request.param == "memory":
        yield Backend("memory", MemoryUnitOfWorkFactory(event_codec=event_codec))
        return
    if request.param == "sqlite":
        template: SqliteTemplate = request.getfixturevalue("sqlite_template")
        url = template.fresh_url()
    else:
        schema: PostgresSchema = request.getfixturevalue("postgres_schema")
        url = schema.fresh_url()
    engine = make_engine(url)
    yield Backend(request.param, SqlUnitOfWorkFactory(engine, event_codec=event_codec), engine)
    engine.dispose()


# ---- seeding through the ports themselves --------------------------------------------------------


def _client(tx: UnitOfWork, name: str = "Acme", **settings: Any) -> ClientAccount:
    return tx.clients.add(ClientAccount(name=name, created_at=T0, settings=ClientSettings(**settings)))


def _site(tx: UnitOfWork, client_id: int, name: str = "North") -> Location:
    return tx.locations.add(Location(client_id=client_id, name=name, created_at=T0))


def _worker(tx: UnitOfWork, client_id: int, employee_id: str = "E-1", **fields: Any) -> Worker:
    worker = Worker(client_id=client_id, name="Ann", employee_id=employee_id, created_at=T0)
    return tx.workers.add(attrs.evolve(worker, **fields))


def _shift(tx: UnitOfWork, worker: Worker, start: datetime, hours: float | None, **fields: Any) -> TimeEntry:
    end = start + timedelta(hours=hours) if hours is not None else None
    entry = TimeEntry(worker_id=worker.id, client_id=worker.client_id, clock_in=start, clock_out=end, created_at=T0)
    return tx.entries.add(attrs.evolve(entry, **fields))


def _booking(tx: UnitOfWork, worker: Worker, site: Location, start: datetime, hours: int, **fields: Any) -> Booking:
    booking = Booking(
        client_id=worker.client_id,
        worker_id=worker.id,
        location_id=site.id,
        shift_date=start.date(),
        start=start,
        end=start + timedelta(hours=hours),
        created_at=T0,
    )
    return tx.bookings.add(attrs.evolve(booking, **fields))


# ---- the unit of work ----------------------------------------------------------------------------


def test_added_records_get_ids_and_read_back_equal(backend: Backend) -> None:
    with backend.uow() as tx:
        client = _client(tx, require_client_approval=True, pay_week_start_day=3)
        site = _site(tx, client.id)
        worker = _worker(tx, client.id, location_id=site.id, hourly_rate=Decimal("12.3456"), job_role="picker")
        tx.commit()
    assert client.id > 0
    assert site.id > 0
    assert worker.id > 0
    with backend.uow(read_only=True) as tx:
        assert tx.clients.get(client.id) == client
        assert tx.locations.get(site.id) == site
        assert tx.workers.get(worker.id) == worker
        assert tx.workers.get(worker.id + 1000) is None


def test_a_unit_of_work_left_without_commit_leaves_nothing(backend: Backend) -> None:
    with backend.uow() as tx:
        client = _client(tx)
        tx.commit()
    with backend.uow() as tx:
        worker = _worker(tx, client.id)
        tx.audit.add(AuditEntry(client.id, None, "create", "worker", worker.id, T0))
        tx.record([Event("worker.created", client.id, T0, Shaped({"client_id": client.id, "id": worker.id}))])
    with backend.uow(read_only=True) as tx:
        assert tx.workers.get(worker.id) is None
    assert backend.events() == []
    assert backend.audit_actions() == []


def test_commit_writes_the_recorded_events_and_audit_entries_with_the_change(backend: Backend) -> None:
    with backend.uow() as tx:
        client = _client(tx)
        worker = _worker(tx, client.id)
        tx.audit.add(AuditEntry(client.id, None, "create", "worker", worker.id, T0, {"name": "Ann"}))
        shown = {"client_id": client.id, "id": worker.id, "name": "Ann"}
        tx.record([Event("worker.created", client.id, T0, Shaped(shown))])
        tx.commit()
    assert backend.events() == [("worker.created", client.id, {"client_id": client.id, "id": worker.id, "name": "Ann"})]
    assert backend.audit_actions() == ["create"]


def test_a_loaded_record_changed_without_update_changes_nothing_stored(backend: Backend) -> None:
    with backend.uow() as tx:
        worker = _worker(tx, _client(tx).id)
        loaded = tx.workers.get(worker.id)
        assert loaded is not None
        loaded.name = "Changed"
        tx.commit()
    with backend.uow(read_only=True) as tx:
        stored = tx.workers.get(worker.id)
        assert stored is not None
        assert stored.name == "Ann"


def test_update_stores_the_change_and_new_ids_keep_rising(backend: Backend) -> None:
    with backend.uow() as tx:
        client = _client(tx)
        first = _worker(tx, client.id)
        tx.commit()
    with backend.uow() as tx:  # rolled back: SQLite may give its id again, a sequence does not
        _worker(tx, client.id, "E-2")
    with backend.uow() as tx:
        tx.workers.update(attrs.evolve(first, name="Bea", email="bea@example.com"))
        second = _worker(tx, client.id, "E-3")
        tx.commit()
    assert second.id > first.id
    with backend.uow(read_only=True) as tx:
        stored = tx.workers.get(first.id)
        assert stored is not None
        assert (stored.name, stored.email) == ("Bea", "bea@example.com")


def test_a_change_writes_what_differs_from_the_entry_as_read_and_nothing_else(backend: Backend) -> None:
    with backend.uow() as tx:
        shift = _shift(tx, _worker(tx, _client(tx).id), T0, None)
        tx.commit()
    with backend.uow() as tx:
        before = tx.entries.get(shift.id)
        assert before is not None
        tx.entries.update(attrs.evolve(before, notes="noted meanwhile"))  # another write of the row
        after = attrs.evolve(before, clock_out=T0 + timedelta(hours=8), clock_out_method="api")
        tx.entries.change(before, after)
        tx.entries.change(after, attrs.evolve(after))  # nothing differs: nothing is written
        tx.commit()
    with backend.uow(read_only=True) as tx:
        stored = tx.entries.get(shift.id)
    assert stored is not None
    assert (stored.clock_out, stored.clock_out_method, stored.notes) == (
        T0 + timedelta(hours=8),
        "api",
        "noted meanwhile",  # not a column the change touched
    )


# ---- workers -------------------------------------------------------------------------------------


def test_an_employee_id_is_unique_within_a_client_ignoring_case(backend: Backend) -> None:
    with backend.uow() as tx:
        acme, other = _client(tx), _client(tx, "Other")
        _worker(tx, acme.id, "ab-1")
        _worker(tx, other.id, "AB-1")  # another client may use it
        tx.commit()
    with backend.uow() as tx, pytest.raises(DuplicateEmployeeId):
        _worker(tx, acme.id, "AB-1")
    with backend.uow() as tx:
        bea = _worker(tx, acme.id, "B-2")
        with pytest.raises(DuplicateEmployeeId):
            tx.workers.update(attrs.evolve(bea, employee_id="Ab-1"))


def test_workers_are_found_by_employee_id_and_counted_per_client(backend: Backend) -> None:
    with backend.uow() as tx:
        acme, other = _client(tx), _client(tx, "Other")
        ann = _worker(tx, acme.id, "W-7")
        _worker(tx, acme.id, "W-8")
        _worker(tx, other.id, "W-7")
        tx.commit()
    with backend.uow(read_only=True) as tx:
        assert tx.workers.id_by_employee_id(acme.id, employee_id_key("w-7")) == ann.id
        assert tx.workers.id_by_employee_id(acme.id, employee_id_key("W-9")) is None
        assert tx.workers.employee_id_taken(acme.id, "w-7")
        assert not tx.workers.employee_id_taken(acme.id, "W-7", except_id=ann.id)
        locked = tx.workers.lock(ann.id)
        assert locked == ann


def test_the_employee_number_counter_starts_at_the_worker_count_and_keeps_what_is_saved(backend: Backend) -> None:
    with backend.uow() as tx:
        acme, other = _client(tx), _client(tx, "Other")
        _worker(tx, acme.id, "W-1")
        _worker(tx, acme.id, "W-2")
        tx.commit()
    with backend.uow() as tx:
        assert tx.workers.lock_employee_numbers(acme.id) == 2
        assert tx.workers.lock_employee_numbers(other.id) == 0
        tx.workers.save_employee_number(acme.id, 7)
        assert tx.workers.lock_employee_numbers(acme.id) == 7
        tx.commit()
    with backend.uow() as tx:  # not committed: forgotten
        tx.workers.save_employee_number(acme.id, 9)
    with backend.uow() as tx:
        assert tx.workers.lock_employee_numbers(acme.id) == 7


def test_idle_since_lists_only_working_workers_with_no_clock_since_the_cutoff(backend: Backend) -> None:
    cutoff = T0 + timedelta(days=30)
    with backend.uow() as tx:
        client = _client(tx)
        idle = _worker(tx, client.id, "I-1")
        clocked = _worker(tx, client.id, "C-1")
        _shift(tx, clocked, cutoff + timedelta(hours=1), 8)
        _worker(tx, client.id, "P-1", status="pending")
        _worker(tx, client.id, "L-1", active=False)
        _worker(tx, client.id, "D-1", dormant_since=T0)
        _worker(tx, client.id, "N-1", created_at=cutoff + timedelta(days=1))
        old_shift = _worker(tx, client.id, "O-1")
        _shift(tx, old_shift, cutoff - timedelta(days=2), 8)
        tx.commit()
    with backend.uow(read_only=True) as tx:
        assert [w.id for w in tx.workers.idle_since(client.id, cutoff)] == [idle.id, old_shift.id]


# ---- keys, sites, surveys, rate rules ------------------------------------------------------------


def test_keys_are_found_by_prefix_and_by_client(backend: Backend) -> None:
    with backend.uow() as tx:
        acme, other = _client(tx), _client(tx, "Other")
        made = [
            tx.keys.add(ApiKey(client_id=cid, name=n, key_prefix=p, key_hash=h, created_at=T0, scopes=("me",)))
            for cid, n, p, h in ((acme.id, "a", "wfk_aaaa", "h1"), (other.id, "b", "wfk_bbbb", "h2"))
        ]
        tx.keys.add(
            ApiKey(client_id=acme.id, name="c", key_prefix="wfk_cccc", key_hash="h3", created_at=T0, allowed_origins=())
        )
        tx.commit()
    with backend.uow(read_only=True) as tx:
        assert tx.keys.by_prefix("wfk_bbbb") == [made[1]]
        assert tx.keys.holders("wfk_bbbb") == [(made[1], other)]
        assert [k.name for k in tx.keys.for_client(acme.id)] == ["a", "c"]
        assert tx.keys.by_prefix("wfk_zzzz") == []
        assert tx.keys.holders("wfk_zzzz") == []
        assert tx.clients.every() == [acme, other]


def test_a_survey_keeps_its_questions_in_order_each_with_an_id(backend: Backend) -> None:
    questions = (SurveyQuestion(0, "Fit to work?", ("no",)), SurveyQuestion(0, "Any symptoms?", ("yes", "unsure")))
    with backend.uow() as tx:
        survey = tx.surveys.add(Survey(client_id=_client(tx).id, name="Daily", created_at=T0, questions=questions))
        tx.commit()
    ids = [q.id for q in survey.questions]
    assert all(i > 0 for i in ids)
    assert len(set(ids)) == 2
    with backend.uow(read_only=True) as tx:
        stored = tx.surveys.get(survey.id)
    assert stored is not None
    assert [(q.id, q.text, q.blocking_answers) for q in stored.questions] == [
        (ids[0], "Fit to work?", ("no",)),
        (ids[1], "Any symptoms?", ("yes", "unsure")),
    ]


def test_a_rate_rule_reads_back_whole_with_its_tiers_and_night_bands(backend: Backend) -> None:
    with backend.uow() as tx:
        client = _client(tx)
        rule = RateRule(
            client_id=client.id,
            name="Warehouse",
            pay=Rates(base=Decimal("12.5"), post_parity=Decimal("13.1234")),
            charge=Rates(base=Decimal("18")),
            valid_from=date(2026, 1, 1),
            priority=3,
            overtime_threshold=Decimal("40"),
            overtime_tiers=(OvertimeTier(after_hours=Decimal("50"), multiplier=Decimal("2")),),
            night_bands=(NightBand(start=time(22), end=time(6), premium=Decimal("1.00")),),
            auto_lunch_minutes=30,
            auto_lunch_after_hours=Decimal("6"),
            created_at=T0,
        )
        added = tx.rate_rules.add(rule)
        later = tx.rate_rules.add(attrs.evolve(rule, name="Later"))
        _client_other = _client(tx, "Other")
        tx.rate_rules.add(attrs.evolve(rule, client_id=_client_other.id))
        tx.commit()
    with backend.uow(read_only=True) as tx:
        assert tx.rate_rules.get(added.id) == added
        assert tx.rate_rules.for_client(client.id) == [added, later]


# ---- time entries --------------------------------------------------------------------------------


def test_the_open_shift_is_the_newest_open_one_clocked_in_since_the_window(backend: Backend) -> None:
    with backend.uow() as tx:
        worker = _worker(tx, _client(tx).id)
        _shift(tx, worker, T0 - timedelta(hours=20), None)  # open, but outside an 18-hour window
        newest = _shift(tx, worker, T0, None)
        _shift(tx, worker, T0 - timedelta(hours=10), 2)  # closed
        tx.commit()
    with backend.uow(read_only=True) as tx:
        assert tx.entries.open_shift(worker.id, T0 - timedelta(hours=18)) == newest
        assert tx.entries.open_shift(worker.id, T0 + timedelta(minutes=1)) is None
        assert [e.clock_in for e in tx.entries.open_before(T0)] == [T0 - timedelta(hours=20)]


def test_overlapping_finds_the_earliest_shift_the_interval_overlaps_and_an_open_one_occupies_on(
    backend: Backend,
) -> None:
    with backend.uow() as tx:
        worker = _worker(tx, _client(tx).id)
        morning = _shift(tx, worker, T0, 4)  # 08:00-12:00
        evening = _shift(tx, worker, T0 + timedelta(hours=10), None)  # 18:00, still open
        tx.commit()
    with backend.uow(read_only=True) as tx:
        at = tx.entries.overlapping
        assert at(worker.id, T0 + timedelta(hours=3), T0 + timedelta(hours=20)) == morning
        assert at(worker.id, T0 + timedelta(hours=4), T0 + timedelta(hours=5)) is None  # touching is not overlap
        assert at(worker.id, T0 + timedelta(days=2), None) == evening
        assert at(worker.id, T0, T0 + timedelta(hours=1), except_id=morning.id) is None


def test_clashing_is_the_recorded_shift_ending_latest_after_the_instant(backend: Backend) -> None:
    with backend.uow() as tx:
        worker = _worker(tx, _client(tx).id)
        _shift(tx, worker, T0, 2)  # ends 10:00
        late = _shift(tx, worker, T0 + timedelta(hours=3), 3)  # ends 14:00
        tx.commit()
    with backend.uow(read_only=True) as tx:
        assert tx.entries.clashing(worker.id, T0 + timedelta(hours=1)) == late
        assert tx.entries.clashing(worker.id, T0 + timedelta(hours=6)) is None


def test_the_blockers_of_a_clock_in_are_the_open_shift_and_the_clashing_one_in_one_read(backend: Backend) -> None:
    with backend.uow() as tx:
        worker = _worker(tx, _client(tx).id)
        stale = _shift(tx, worker, T0 - timedelta(hours=20), None)  # open, but outside an 18-hour window
        _shift(tx, worker, T0, 2)  # ends 10:00
        late = _shift(tx, worker, T0 + timedelta(hours=3), 3)  # ends 14:00
        newest = _shift(tx, worker, T0 + timedelta(hours=15), None)  # open since 23:00
        tx.commit()
    window = T0 - timedelta(hours=18)
    with backend.uow(read_only=True) as tx:
        blockers = tx.entries.clock_in_blockers
        assert blockers(worker.id, window, T0 + timedelta(hours=1)) == (newest, late, (stale,))
        assert blockers(worker.id, window, T0 + timedelta(hours=14)) == (newest, None, (stale,))
        assert blockers(worker.id, T0 + timedelta(hours=16), T0 + timedelta(hours=1)) == (None, late, (stale, newest))
        assert blockers(worker.id + 1, window, T0) == (None, None, ())


def test_breaks_of_lists_the_break_entries_of_one_shift(backend: Backend) -> None:
    with backend.uow() as tx:
        worker = _worker(tx, _client(tx).id)
        shift = _shift(tx, worker, T0, 8)
        other = _shift(tx, worker, T0 + timedelta(days=1), 8)
        lunch = _shift(tx, worker, T0 + timedelta(hours=4), 0.5, entry_type="break", parent_id=shift.id)
        tea = _shift(tx, worker, T0 + timedelta(hours=6), 0.25, entry_type="break", parent_id=shift.id)
        _shift(tx, worker, T0 + timedelta(days=1, hours=2), 0.5, entry_type="break", parent_id=other.id)
        tx.commit()
    with backend.uow(read_only=True) as tx:
        assert tx.entries.breaks_of(shift.id) == [lunch, tea]


def test_a_clock_out_reads_the_open_shift_with_its_breaks_only_and_its_site(backend: Backend) -> None:
    with backend.uow() as tx:
        worker = _worker(tx, _client(tx).id)
        north, south = _site(tx, worker.client_id), _site(tx, worker.client_id, "South")
        other = _worker(tx, worker.client_id, "O-1")
        _shift(tx, worker, T0 - timedelta(hours=20), None)  # open, but outside an 18-hour window
        older = _shift(tx, worker, T0, None, location_id=south.id)
        newest = _shift(tx, worker, T0 + timedelta(hours=1), None, location_id=north.id)
        _shift(tx, other, T0 + timedelta(hours=2), None)  # another worker's
        tea = _shift(tx, worker, T0 + timedelta(hours=3), 0.25, entry_type="break", parent_id=newest.id)
        lunch = _shift(tx, worker, T0 + timedelta(hours=2), 0.5, entry_type="break", parent_id=newest.id)
        _shift(tx, worker, T0 + timedelta(minutes=30), 0.1, entry_type="break", parent_id=older.id)
        tx.commit()
    with backend.uow(read_only=True) as tx:
        read = tx.entries.clock_out_reads
        assert read(worker.id, T0 - timedelta(hours=18)) == (newest, [tea, lunch], north)
        assert read(worker.id, T0 - timedelta(hours=18)) == (
            tx.entries.open_shift(worker.id, T0 - timedelta(hours=18)),
            tx.entries.breaks_of(newest.id),
            tx.locations.get(north.id),
        )
        assert read(worker.id, T0 - timedelta(minutes=1)) == (newest, [tea, lunch], north)
        assert read(other.id, T0) == (tx.entries.open_shift(other.id, T0), [], None)  # a shift with no site
        assert read(worker.id, T0 + timedelta(hours=2)) == (None, [], None)


# ---- bookings ------------------------------------------------------------------------------------


def test_near_bookings_are_the_live_ones_within_an_hours_grace(backend: Backend) -> None:
    with backend.uow() as tx:
        client = _client(tx)
        site = _site(tx, client.id)
        worker = _worker(tx, client.id)
        early = _booking(tx, worker, site, T0, 4)  # 08:00-12:00
        late = _booking(tx, worker, site, T0 + timedelta(hours=4), 4)  # 12:00-16:00, back to back
        _booking(tx, worker, site, T0 + timedelta(hours=5), 2, status="cancelled")
        _booking(tx, worker, site, T0 + timedelta(days=1), 2, status="cancelled")
        tx.commit()
    with backend.uow(read_only=True) as tx:

        def near(at: datetime) -> list[int]:
            return sorted(b.id for b in tx.bookings.near(worker.id, at))

        assert near(T0 + timedelta(hours=4, minutes=1)) == [early.id, late.id]
        assert near(T0 - timedelta(minutes=50)) == [early.id]  # within the hour's grace
        assert near(T0 - timedelta(minutes=61)) == []
        assert near(T0 + timedelta(hours=9, minutes=1)) == []
        assert near(T0 + timedelta(days=1, hours=1)) == []  # only a cancelled one
        assert (
            closest_booking(
                tx.bookings.near(worker.id, T0 + timedelta(hours=4, minutes=1)), T0 + timedelta(hours=4, minutes=1)
            )
            == late
        )


def test_a_workers_bookings_and_a_sites_live_bookings_overlapping_an_interval_come_by_start(backend: Backend) -> None:
    with backend.uow() as tx:
        client = _client(tx)
        site, other_site = _site(tx, client.id), _site(tx, client.id)
        worker, other = _worker(tx, client.id), _worker(tx, client.id, employee_id="E-2")
        late = _booking(tx, worker, site, T0 + timedelta(hours=4), 4)  # 12:00-16:00
        early = _booking(tx, worker, other_site, T0, 4, status="completed")  # 08:00-12:00, worked
        _booking(tx, worker, site, T0 + timedelta(hours=2), 2, status="sick")
        _booking(tx, worker, site, T0 + timedelta(hours=16), 2)  # after the interval
        theirs = _booking(tx, other, site, T0 + timedelta(hours=1), 4)
        tx.commit()
    with backend.uow(read_only=True) as tx:
        window = (T0 + timedelta(hours=3), T0 + timedelta(hours=12))
        assert [b.id for b in tx.bookings.of_worker(worker.id, *window)] == [early.id, late.id]
        assert tx.bookings.of_worker(worker.id, T0 + timedelta(hours=8), T0 + timedelta(hours=9)) == []  # touching
        assert [b.id for b in tx.bookings.at_site(site.id, *window)] == [theirs.id, late.id]  # live ones only


def test_shifts_between_and_worked_against_a_booking(backend: Backend) -> None:
    with backend.uow() as tx:
        client = _client(tx)
        site = _site(tx, client.id)
        worker = _worker(tx, client.id)
        booked = _booking(tx, worker, site, T0, 8)
        unworked = _booking(tx, worker, site, T0 + timedelta(days=2), 8)
        shift = _shift(tx, worker, T0, 8, scheduled_shift_id=booked.id)
        _shift(tx, worker, T0 + timedelta(hours=2), 0.5, entry_type="break", parent_id=shift.id)
        later = _shift(tx, worker, T0 + timedelta(days=1), None)  # still open
        tx.commit()
    with backend.uow(read_only=True) as tx:
        assert [
            e.id for e in tx.entries.shifts_between(worker.id, T0 + timedelta(hours=7), T0 + timedelta(days=3))
        ] == [
            shift.id,
            later.id,
        ]
        assert tx.entries.shifts_between(worker.id, T0 + timedelta(hours=8), T0 + timedelta(hours=9)) == []
        assert (tx.entries.worked_against(booked.id), tx.entries.worked_against(unworked.id)) == (True, False)


WEEK = WeekSpan(T0.date(), T0 - timedelta(hours=8), T0 + timedelta(days=7) - timedelta(hours=8))  # Mon 00:00 UTC


def _lock(client: ClientAccount, site: Location | None = None, **fields: Any) -> PayWeekLock:
    return PayWeekLock(client.id, T0.date(), T0, location_id=site.id if site else None, **fields)


def test_a_whole_client_lock_or_the_sites_own_lock_locks_the_week_for_bookings(backend: Backend) -> None:
    with backend.uow() as tx:
        client, other = _client(tx), _client(tx, "Rival")
        north, south = _site(tx, client.id), _site(tx, client.id, "South")
        assert tx.pay_weeks.is_week_locked(client.id, north.id, T0.date()) is False
        tx.pay_weeks.add_lock(_lock(client, north), WEEK)
        tx.commit()
    with backend.uow(read_only=True) as tx:
        sunday, next_monday = T0.date() + timedelta(days=6), T0.date() + timedelta(days=7)
        assert tx.pay_weeks.is_week_locked(client.id, north.id, sunday) is True
        assert tx.pay_weeks.is_week_locked(client.id, north.id, next_monday) is False
        assert tx.pay_weeks.is_week_locked(client.id, south.id, sunday) is False
        assert tx.pay_weeks.is_week_locked(other.id, north.id, sunday) is False
        assert tx.locations.with_week_lock(north.id, sunday) == (north, True)
        assert tx.locations.with_week_lock(north.id, next_monday) == (north, False)
        assert tx.locations.with_week_lock(south.id, sunday) == (south, False)
        assert tx.locations.with_week_lock(south.id + 1000, sunday) == (None, False)
    with backend.uow() as tx:
        tx.pay_weeks.add_lock(_lock(client), WEEK)
        tx.commit()
    with backend.uow(read_only=True) as tx:
        assert tx.pay_weeks.is_week_locked(client.id, south.id, T0.date() + timedelta(days=2)) is True
        assert tx.pay_weeks.is_week_locked(client.id, None, T0.date()) is True
        standing = tx.pay_weeks.standing(client.id, [T0.date(), T0.date() + timedelta(days=7)])
        assert [(lock.location_id, lock.locked_at) for lock in standing] == [(north.id, T0), (None, T0)]


def test_a_lock_freezes_the_weeks_shifts_not_frozen_yet_and_an_unlock_drops_them(backend: Backend) -> None:
    with backend.uow() as tx:
        client, other = _client(tx), _client(tx, "Rival")
        north, south = _site(tx, client.id), _site(tx, client.id, "South")
        ann, rob = _worker(tx, client.id), _worker(tx, other.id, "R-1")
        at_north = _shift(tx, ann, T0, 8, location_id=north.id)
        at_south = _shift(tx, ann, T0 + timedelta(days=1), 8, location_id=south.id)
        no_site = _shift(tx, ann, T0 + timedelta(days=2), 8)
        next_week = _shift(tx, ann, T0 + timedelta(days=7), 8, location_id=north.id)
        theirs = _shift(tx, rob, T0, 8)
        site_lock, frozen = tx.pay_weeks.add_lock(_lock(client, north), WEEK)
        assert (site_lock.id > 0, frozen) == (True, 1)
        whole, frozen = tx.pay_weeks.add_lock(_lock(client), WEEK)
        assert frozen == 2  # the north shift stays with the site lock
        tx.commit()
    every = [at_north.id, at_south.id, no_site.id, next_week.id, theirs.id]
    with backend.uow() as tx:
        assert tx.pay_weeks.frozen_among(every) == {at_north.id, at_south.id, no_site.id}
        tx.pay_weeks.unlock(attrs.evolve(whole, unlocked_at=T0 + timedelta(days=8)))
        tx.commit()
    with backend.uow() as tx:
        assert tx.pay_weeks.frozen_among(every) == {at_north.id}
        assert [lock.id for lock in tx.pay_weeks.standing(client.id, [T0.date()])] == [site_lock.id]
        assert tx.pay_weeks.is_week_locked(client.id, south.id, T0.date()) is False
        again, frozen = tx.pay_weeks.add_lock(_lock(client), WEEK)  # the history row does not stand in the way
        assert (again.id != whole.id, frozen) == (True, 2)


def test_the_same_lock_cannot_stand_twice(backend: Backend) -> None:
    with backend.uow() as tx:
        client = _client(tx)
        north = _site(tx, client.id)
        tx.pay_weeks.add_lock(_lock(client), WEEK)
        tx.pay_weeks.add_lock(_lock(client, north), WEEK)
        tx.commit()
    for site in (None, north):
        with backend.uow() as tx, pytest.raises(AlreadyLocked):
            tx.pay_weeks.add_lock(_lock(client, site), WEEK)


def test_the_tally_counts_each_weeks_shifts_and_gives_the_blocking_candidates(backend: Backend) -> None:
    with backend.uow() as tx:
        client = _client(tx)
        north, south = _site(tx, client.id), _site(tx, client.id, "South")
        ann, bob = _worker(tx, client.id), _worker(tx, client.id, "E-2")
        done = _shift(tx, ann, T0, 4, location_id=north.id, approval_status="approved")
        waiting = _shift(tx, ann, T0 + timedelta(days=1), 4, location_id=north.id)
        disputed = _shift(tx, ann, T0 + timedelta(days=2), 4, location_id=south.id, approval_status="disputed")
        still_open = _shift(tx, bob, T0 + timedelta(days=3), None, location_id=north.id)
        clash = _shift(tx, bob, T0 + timedelta(days=3, hours=2), 2, location_id=north.id)  # inside the open one
        _shift(tx, bob, T0 + timedelta(days=7), 4, location_id=north.id)  # the next week
        _shift(tx, bob, T0 - timedelta(days=1), 4, location_id=north.id)  # the week before: context only
        tx.commit()
    second = WeekSpan(WEEK.week_start + timedelta(days=7), WEEK.end, WEEK.end + timedelta(days=7))
    with backend.uow(read_only=True) as tx:
        found = tx.pay_weeks.tally(client.id, [WEEK, second], None)
        assert found.counts[WEEK.week_start] == WeekCounts(shifts=5, shifts_not_approved=3, open_clock_outs=1)
        assert found.counts[second.week_start] == WeekCounts(shifts=1, shifts_not_approved=1)
        # the open shift and the one inside it; bob's next-week shift too (his open shift reaches on: the
        # pre-filter is a superset, rules.exceptions decides)
        assert [e.id for e in found.candidates][:2] == [still_open.id, clash.id]
        assert {done.id, waiting.id, disputed.id}.isdisjoint(e.id for e in found.candidates)
        assert {e.id for e in found.context} >= {still_open.id, clash.id}
        assert done.id not in {e.id for e in found.context}  # ann has no candidate
        at_south = tx.pay_weeks.tally(client.id, [WEEK], (south.id,))
        assert at_south.counts == {WEEK.week_start: WeekCounts(shifts=1, shifts_not_approved=1)}
        assert at_south.candidates == ()
        assert tx.pay_weeks.pending_shifts(client.id, WEEK, None) == [waiting.id, clash.id]
        assert tx.pay_weeks.pending_shifts(client.id, WEEK, (south.id,)) == []
        assert disputed.id not in tx.pay_weeks.pending_shifts(client.id, WEEK, None)


# ---- the pricing read, inside the transaction ------------------------------------------------------


def test_pricing_inputs_are_the_workers_shifts_of_those_pay_weeks_with_what_pricing_needs(backend: Backend) -> None:
    week = T0  # Monday 2 March 2026 08:00 UTC
    with backend.uow() as tx:
        client = _client(tx)
        site = _site(tx, client.id)
        ann, bea = _worker(tx, client.id, "A-1"), _worker(tx, client.id, "B-1")
        rule = tx.rate_rules.add(
            RateRule(
                client_id=client.id,
                name="parity",
                pay=Rates(base=Decimal(12), post_parity=Decimal(13)),
                created_at=T0,
            )
        )
        tx.rate_rules.add(RateRule(client_id=_client(tx, "Other").id, name="theirs", created_at=T0))
        booked = _booking(tx, ann, site, week + timedelta(days=1), 8)
        tuesday = _shift(tx, ann, week + timedelta(days=1), 8, scheduled_shift_id=booked.id)
        lunch = _shift(tx, ann, week + timedelta(days=1, hours=4), 0.5, entry_type="break", parent_id=tuesday.id)
        monday = _shift(tx, ann, week, 8)
        _shift(tx, ann, week + timedelta(days=7), 8)  # next week: not read
        _shift(tx, bea, week, 8)  # another worker: not read
        for weeks_back, approval in ((1, "approved"), (2, "approved"), (3, "pending")):
            _shift(tx, ann, week - timedelta(weeks=weeks_back), 8, approval_status=approval)
        tx.commit()
    with backend.uow(read_only=True) as tx:
        inputs = tx.pricing.inputs(tx.clients.get(client.id) or client, (monday,))
    assert sorted(s.id for s in inputs.shifts) == sorted([monday.id, tuesday.id])
    assert inputs.breaks == {tuesday.id: (lunch,)}
    assert inputs.bookings == {booked.id: booked}
    assert inputs.workers == {ann.id: ann}
    assert [r.id for r in inputs.rules] == [rule.id]
    assert inputs.payable_weeks == {ann.id: (date(2026, 2, 16), date(2026, 2, 23))}  # approved weeks only


def test_pricing_inputs_carry_the_absences_that_pause_the_awr_clock_and_reach_back_over_them(
    backend: Backend,
) -> None:
    week = T0  # Monday 2 March 2026
    with backend.uow() as tx:
        client = _client(tx)
        ann = _worker(tx, client.id, "A-1")
        tx.rate_rules.add(
            RateRule(
                client_id=client.id, name="parity", pay=Rates(base=Decimal(12), post_parity=Decimal(13)), created_at=T0
            )
        )
        long_ago = week - timedelta(weeks=100)  # beyond the plain 84-week look-back
        _shift(tx, ann, long_ago, 8, approval_status="approved")
        monday = _shift(tx, ann, week, 8)
        sick_from, sick_to = (long_ago + timedelta(weeks=1)).date(), (week - timedelta(weeks=60)).date()
        for kind, status in (("sickness", "approved"), ("holiday", "requested"), ("other", "approved")):
            tx.absences.add(Absence(client.id, ann.id, kind, sick_from, sick_to, created_at=T0, status=status))
        tx.commit()
    with backend.uow(read_only=True) as tx:
        inputs = tx.pricing.inputs(tx.clients.get(client.id) or client, (monday,))
    assert inputs.pauses == {ann.id: (Pause("sickness", sick_from, sick_to),)}  # approved and pausing only
    assert inputs.payable_weeks == {ann.id: (long_ago.date(),)}  # read over the stretched look-back


def test_a_late_shift_is_paid_once_and_never_frozen_into_its_own_week_after(backend: Backend) -> None:
    later = WeekSpan(WEEK.week_start + timedelta(days=7), WEEK.end, WEEK.end + timedelta(days=7))
    with backend.uow() as tx:
        client = _client(tx)
        worker = _worker(tx, client.id)
        late = _shift(tx, worker, T0 + timedelta(days=1), 8, risk_flags=("locked_week",))
        tx.figures.note_late(late)
        lock, _ = tx.pay_weeks.add_lock(PayWeekLock(client.id, later.week_start, T0), later)
        tx.pay_weeks.pay_adjustments(lock, [late.id])
        tx.commit()
    with backend.uow() as tx:
        assert tx.pay_weeks.adjustments_paid([late.id, 999]) == {late.id: later.week_start}
        with pytest.raises(Conflict):  # the database refuses a second payment of the shift
            tx.pay_weeks.pay_adjustments(lock, [late.id])
        _, frozen = tx.pay_weeks.add_lock(_lock(client), WEEK)  # its own week locked again: not frozen
        assert frozen == 0
        assert tx.figures.late_shifts(client.id) == [late]
        lock.unlocked_at = T0
        tx.pay_weeks.unlock(lock)
        assert tx.pay_weeks.adjustments_paid([late.id]) == {}  # the unlock of the week that paid it
        tx.commit()


# ---- stored pay figures ----------------------------------------------------------------------------


def _figures(entry: TimeEntry, week: date, **fields: Any) -> ShiftFigures:
    made = ShiftFigures(
        entry_id=entry.id,
        client_id=entry.client_id,
        worker_id=entry.worker_id,
        location_id=entry.location_id,
        pay_week_start=week,
        clock_in=entry.clock_in,
        paid_minutes=450,
        unpaid_break_minutes=30,
        gate=GateResult("excluded", "walk_in", ("walk_in_no_pay",)),
        rule_id=None,
        base_pay=Decimal("12.3456"),
        base_charge=Decimal("18"),
        parity=True,
        lines=(
            Line("regular", 400, Decimal("12.3456"), Decimal("18")),
            Line("overtime", 50, Decimal("18.5184"), Decimal("27")),  # 12.3456 x 1.5: more than 4 decimals kept
            Line("night", 120, Decimal("1.00000001"), Decimal("1.5")),
        ),
    )
    return attrs.evolve(made, **fields)


def test_wage_records_sum_a_workers_payable_figures_per_week_and_keep_the_largest_acceptance(
    backend: Backend,
) -> None:
    monday = date(2026, 3, 2)
    payable = GateResult("payable", None)
    with backend.uow() as tx:
        client = _client(tx)
        ann = _worker(tx, client.id, "A-1", date_of_birth=date(2007, 6, 1), apprentice_since=date(2025, 9, 1))
        bea = _worker(tx, client.id, "B-1")
        first, second = _shift(tx, ann, T0, 8), _shift(tx, ann, T0 + timedelta(days=1), 8)
        held, theirs = _shift(tx, ann, T0 + timedelta(days=2), 8), _shift(tx, bea, T0, 8)
        figures = [
            _figures(first, monday, gate=payable),
            _figures(second, monday, gate=payable, location_id=7),
            _figures(held, monday, gate=GateResult("on_hold", "pending")),  # not paid: not counted
            _figures(theirs, monday, gate=payable),
        ]
        tx.figures.store([(ann.id, monday), (bea.id, monday)], figures)
        for amount in ("3.50", "14.00"):
            tx.wages.add(WageAcceptance(client.id, ann.id, monday, Decimal(amount), "back pay", T0))
        tx.commit()
    with backend.uow(read_only=True) as tx:
        weeks = {w.worker_id: w for w in tx.wages.wage_weeks(client.id, [monday])}
        accepted = tx.wages.accepted(client.id, [monday, monday + timedelta(days=7)])
        assert tx.wages.wage_weeks(client.id, [monday + timedelta(days=7)]) == []
    mine = weeks[ann.id]
    assert (mine.week_start, mine.date_of_birth, mine.apprentice_since) == (monday, date(2007, 6, 1), date(2025, 9, 1))
    assert mine.location_ids == frozenset({None, 7})
    assert sorted((m.element, m.pay_rate, m.minutes) for m in mine.minutes) == [
        ("night", Decimal("1.00000001"), 240),
        ("overtime", Decimal("18.5184"), 100),
        ("regular", Decimal("12.3456"), 800),
    ]
    assert weeks[bea.id].date_of_birth is None
    assert accepted == {(ann.id, monday): Decimal("14.00")}


def test_stored_figures_read_back_equal_and_a_store_replaces_its_worker_weeks(backend: Backend) -> None:
    monday = date(2026, 3, 2)
    with backend.uow() as tx:
        client = _client(tx)
        ann, bea = _worker(tx, client.id, "A-1"), _worker(tx, client.id, "B-1")
        first, second = _shift(tx, ann, T0, 8), _shift(tx, ann, T0 + timedelta(days=1), 8)
        theirs = _shift(tx, bea, T0, 8)
        unpriced = _figures(
            second, monday, lines=None, base_pay=None, base_charge=None, gate=GateResult("payable", None)
        )
        tx.figures.store(
            [(ann.id, monday), (bea.id, monday)], [_figures(first, monday), unpriced, _figures(theirs, monday)]
        )
        tx.commit()
    with backend.uow(read_only=True) as tx:
        stored = tx.figures.of([first.id, second.id, theirs.id, 999])
    assert stored == {first.id: _figures(first, monday), second.id: unpriced, theirs.id: _figures(theirs, monday)}
    with backend.uow() as tx:
        tx.figures.store([(ann.id, monday)], [_figures(first, monday, paid_minutes=1)])  # second is gone
        tx.commit()
    with backend.uow(read_only=True) as tx:
        stored = tx.figures.of([first.id, second.id, theirs.id])
    assert {k: v.paid_minutes for k, v in stored.items()} == {first.id: 1, theirs.id: 450}


def test_marking_stale_drops_only_the_figures_of_those_worker_weeks_and_those_clients(backend: Backend) -> None:
    weeks = [date(2026, 3, 2) + timedelta(weeks=n) for n in range(4)]
    with backend.uow() as tx:
        client, other = _client(tx), _client(tx, "Other")
        ann, bea, cal = _worker(tx, client.id, "A-1"), _worker(tx, client.id, "B-1"), _worker(tx, other.id, "C-1")
        shifts = {
            (worker.id, week): _shift(tx, worker, T0 + (week - weeks[0]), 8)
            for worker in (ann, bea, cal)
            for week in weeks
        }
        tx.figures.store(shifts, [_figures(entry, week) for (_, week), entry in shifts.items()])
        tx.commit()

    def left() -> set[tuple[int, date]]:
        with backend.uow(read_only=True) as tx:
            found = tx.figures.of([entry.id for entry in shifts.values()])
        return {(f.worker_id, f.pay_week_start) for f in found.values()}

    with backend.uow() as tx:
        tx.figures.mark_stale([StaleWeeks(ann.id, weeks[1], weeks[2]), StaleWeeks(bea.id, weeks[3], date.max)])
        tx.commit()
    assert left() == set(shifts) - {(ann.id, weeks[1]), (ann.id, weeks[2]), (bea.id, weeks[3])}
    with backend.uow() as tx:
        tx.figures.mark_client_stale(client.id)
        tx.figures.mark_stale([])
        tx.rollback()  # a rolled-back mark leaves the figures
    assert len(left()) == 9
    with backend.uow() as tx:
        tx.figures.lock_for_pricing(client.id, [ann.id, bea.id])
        tx.figures.mark_client_stale(client.id)
        tx.commit()
    assert left() == {(cal.id, week) for week in weeks}


def test_the_unpriced_shifts_are_found_by_their_clock_in_whatever_week_their_figures_name(backend: Backend) -> None:
    """Frozen figures keep the week they were priced in (a later change of the client's first day of the
    week leaves them so): two such strays from outside the period, with as many ids summed as the two
    shifts of the period that have no figures, must not hide those (the tally counts by clock-in)."""
    monday = date(2026, 3, 2)
    with backend.uow() as tx:
        client = _client(tx)
        ann = _worker(tx, client.id, "A-1")
        days = (8, 0, 1, 2, 3, 9)  # ids n..n+5: n and n+5 lie outside the week, n+2 + n+3 = n + n+5
        shifts = [_shift(tx, ann, T0 + timedelta(days=day), 8) for day in days]
        strays, missing = [shifts[0], shifts[5]], [shifts[2], shifts[3]]
        priced = [shifts[1], shifts[4], *strays]
        tx.figures.store([(ann.id, monday)], [_figures(entry, monday) for entry in priced])
        tx.commit()
    week = (T0 - timedelta(hours=8), T0 + timedelta(days=7, hours=-8))
    with backend.uow(read_only=True) as tx:
        assert tx.figures.unpriced(client.id, *week, None) == missing
        assert tx.figures.unpriced(client.id, T0 + timedelta(days=1, hours=1), week[1], None) == missing[1:]
        assert tx.figures.unpriced(client.id, week[1], week[1] + timedelta(days=7), None) == []


# ---- webhook subscriptions and deliveries --------------------------------------------------------


def _subscription(tx: UnitOfWork, client_id: int, **fields: Any) -> Subscription:
    made = Subscription(
        client_id=client_id, url="https://hooks.example.com/in", events=("clock_in",), secret="whsec_x", created_at=T0
    )
    return tx.subscriptions.add(attrs.evolve(made, **fields))


def _delivery(tx: UnitOfWork, subscription: Subscription, **fields: Any) -> Delivery:
    made = Delivery(
        subscription_id=subscription.id,
        client_id=subscription.client_id,
        event="clock_in",
        occurred_at=T0,
        created_at=T0,
        data={"client_id": subscription.client_id, "hourly_rate": "12.50"},
        next_retry_at=T0,
    )
    return tx.deliveries.add(attrs.evolve(made, **fields))


def test_subscriptions_read_back_equal_and_list_by_client_and_state(backend: Backend) -> None:
    with backend.uow() as tx:
        acme, other = _client(tx), _client(tx, "Other")
        first = _subscription(tx, acme.id, events=("*",), description="all")
        paused = _subscription(tx, acme.id, active=False)
        _subscription(tx, other.id)
        tx.commit()
    with backend.uow() as tx:
        assert tx.subscriptions.get(first.id) == first
        assert tx.subscriptions.for_client(acme.id) == [first, paused]
        assert tx.subscriptions.for_client(acme.id, active=True) == [first]
        assert tx.subscriptions.for_client(acme.id, active=False) == [paused]
        assert tx.subscriptions.count_for_client(acme.id) == 2
        tx.subscriptions.update(attrs.evolve(first, url="https://b.example.com/", updated_at=T0))
        tx.commit()
    with backend.uow(read_only=True) as tx:
        stored = tx.subscriptions.get(first.id)
        assert stored is not None
        assert (stored.url, stored.updated_at, stored.events) == ("https://b.example.com/", T0, ("*",))


def test_removing_a_subscription_removes_its_delivery_log_and_nothing_else(backend: Backend) -> None:
    with backend.uow() as tx:
        client = _client(tx)
        gone, kept = _subscription(tx, client.id), _subscription(tx, client.id)
        gone_delivery, kept_delivery = _delivery(tx, gone), _delivery(tx, kept)
        tx.commit()
    with backend.uow() as tx:
        tx.subscriptions.remove(gone.id)
        assert tx.subscriptions.get(gone.id) is None
    with backend.uow(read_only=True) as tx:  # not committed: still there
        assert tx.subscriptions.get(gone.id) == gone
    with backend.uow() as tx:
        tx.subscriptions.remove(gone.id)
        tx.commit()
    with backend.uow(read_only=True) as tx:
        assert tx.subscriptions.get(gone.id) is None
        assert tx.deliveries.get(gone_delivery.id) is None
        assert tx.subscriptions.for_client(client.id) == [kept]
        assert tx.deliveries.get(kept_delivery.id) == kept_delivery


def test_the_delivery_log_pages_newest_first_and_filters_by_status_and_event(backend: Backend) -> None:
    with backend.uow() as tx:
        subscription = _subscription(tx, _client(tx).id)
        made = [
            _delivery(tx, subscription, event="clock_in"),
            _delivery(tx, subscription, event="clock_out", status="delivered", attempt=1, response_code=200),
            _delivery(tx, subscription, event="clock_in", status="failed", attempt=5, response_body="x" * 10),
        ]
        tx.commit()
    with backend.uow(read_only=True) as tx:
        log = tx.deliveries.of_subscription(subscription.id, Paging(limit=2, offset=0))
        assert (log.items, log.total) == ((made[2], made[1]), 3)
        assert tx.deliveries.of_subscription(subscription.id, Paging(limit=2, offset=2)).items == (made[0],)
        assert tx.deliveries.of_subscription(subscription.id, Paging(), event="clock_in").items == (made[2], made[0])
        assert tx.deliveries.of_subscription(subscription.id, Paging(), status="delivered").items == (made[1],)
        assert tx.deliveries.waiting(subscription.id) == [made[0]]


def test_due_deliveries_are_the_pending_ones_whose_time_has_come_oldest_first(backend: Backend) -> None:
    with backend.uow() as tx:
        subscription = _subscription(tx, _client(tx).id)
        later = _delivery(tx, subscription, next_retry_at=T0 + timedelta(minutes=5))
        sooner = _delivery(tx, subscription, next_retry_at=T0 + timedelta(minutes=1))
        _delivery(tx, subscription, next_retry_at=T0 + timedelta(hours=1))
        _delivery(tx, subscription, status="delivered", next_retry_at=None)
        tx.commit()
    with backend.uow() as tx:
        assert tx.deliveries.claim_due(T0 + timedelta(minutes=10), 10) == [sooner, later]
        assert tx.deliveries.claim_due(T0 + timedelta(minutes=10), 1) == [sooner]
        assert tx.deliveries.claim_due(T0, 10) == []


# ---- batches: a fixed number of statements however many records ------------------------------------


def test_get_many_and_update_many_read_and_write_several_records_at_once(backend: Backend) -> None:
    with backend.uow() as tx:
        client = _client(tx)
        made = [_worker(tx, client.id, f"E-{n}") for n in range(3)]
        tx.commit()
    with backend.uow() as tx:
        found = tx.workers.get_many([made[2].id, made[0].id, made[0].id + 1000])
        assert found == {made[0].id: made[0], made[2].id: made[2]}
        tx.workers.update_many([attrs.evolve(made[0], name="Ada"), attrs.evolve(made[2], name="Cy")])
        assert tx.workers.lock_many([made[2].id, made[0].id]) == {
            made[0].id: attrs.evolve(made[0], name="Ada"),
            made[2].id: attrs.evolve(made[2], name="Cy"),
        }
        tx.commit()
    with backend.uow(read_only=True) as tx:
        names = {id: w.name for id, w in tx.workers.get_many([m.id for m in made]).items()}
        assert names == {made[0].id: "Ada", made[1].id: "Ann", made[2].id: "Cy"}
        assert tx.workers.get_many([]) == {}


# ---- the outbox, as the webhook dispatcher reads it ----------------------------------------------


def _record_events(backend: Backend, client_id: int, *names: str) -> None:
    with backend.uow() as tx:
        shown = [Shaped({"client_id": client_id, "n": n}) for n in range(len(names))]
        tx.record([Event(name, client_id, T0 + timedelta(minutes=n), shown[n]) for n, name in enumerate(names)])
        tx.commit()


def test_the_outbox_gives_events_not_yet_fanned_out_oldest_first_with_their_data(backend: Backend) -> None:
    with backend.uow() as tx:
        client = _client(tx)
        tx.commit()
    _record_events(backend, client.id, "clock_in", "clock_out", "worker.created")
    with backend.uow() as tx:
        unsent = tx.outbox.unsent(10)
        assert [(e.event, e.client_id, e.occurred_at) for e in unsent] == [
            ("clock_in", client.id, T0),
            ("clock_out", client.id, T0 + timedelta(minutes=1)),
            ("worker.created", client.id, T0 + timedelta(minutes=2)),
        ]
        assert [stored_payload(e.event, e.client_id, e.data) for e in unsent] == [
            {"client_id": client.id, "n": n} for n in range(3)
        ]
        assert unsent[0].id < unsent[1].id < unsent[2].id
        assert tx.outbox.unsent(2) == unsent[:2]


def test_events_marked_fanned_out_are_not_given_again_once_committed(backend: Backend) -> None:
    with backend.uow() as tx:
        client = _client(tx)
        tx.commit()
    _record_events(backend, client.id, "clock_in", "clock_out")
    with backend.uow() as tx:
        first, second = tx.outbox.unsent(10)
        tx.outbox.mark_fanned_out([first.id], T0)
    with backend.uow() as tx:  # not committed: both still waiting
        assert tx.outbox.unsent(10) == [first, second]
        tx.outbox.mark_fanned_out([first.id], T0)
        tx.commit()
    with backend.uow() as tx:
        assert tx.outbox.unsent(10) == [second]
        tx.outbox.mark_fanned_out([], T0)  # nothing to mark: no change
        tx.commit()
    _record_events(backend, client.id, "worker.created")
    with backend.uow() as tx:
        assert [e.event for e in tx.outbox.unsent(10)] == ["clock_out", "worker.created"]


@pytest.mark.postgres
def test_on_postgresql_a_second_dispatcher_skips_the_events_and_deliveries_another_holds(
    postgres_schema: PostgresSchema,
) -> None:
    engine = make_engine(postgres_schema.fresh_url())
    backend = Backend("postgres", SqlUnitOfWorkFactory(engine, event_codec=event_codec), engine)
    try:
        with backend.uow() as tx:
            client = _client(tx)
            subscription = _subscription(tx, client.id)
            held, free = _delivery(tx, subscription), _delivery(tx, subscription)
            tx.commit()
        _record_events(backend, client.id, "clock_in", "clock_out")
        with backend.uow() as first:
            [taken] = first.outbox.unsent(1)
            assert first.deliveries.claim_due(T0, 1) == [held]
            with backend.uow() as second:
                assert [e.event for e in second.outbox.unsent(10)] == ["clock_out"]
                assert second.deliveries.claim_due(T0, 10) == [free]
            assert taken.event == "clock_in"
    finally:
        engine.dispose()


def _demand(tx: UnitOfWork, site: Location, start: datetime, hours: int, headcount: int = 2) -> Demand:
    demand = Demand(
        client_id=site.client_id,
        location_id=site.id,
        shift_date=start.date(),
        start=start,
        end=start + timedelta(hours=hours),
        headcount=headcount,
        requested=headcount,
        created_at=T0,
    )
    return tx.demands.add(demand)


def test_a_requirement_reads_back_equal_and_counts_its_bookings_that_are_not_cancelled(backend: Backend) -> None:
    with backend.uow() as tx:
        client = _client(tx)
        site = _site(tx, client.id)
        worker = _worker(tx, client.id)
        demand = _demand(tx, site, T0, 8, headcount=5)
        other = _demand(tx, site, T0, 8)
        for status in ("draft", "published", "completed", "cancelled", "sick", ""):
            _booking(tx, worker, site, T0, 8, demand_id=demand.id, status=status)
        _booking(tx, worker, site, T0, 8)  # on no requirement
        tx.commit()
    with backend.uow() as tx:
        assert tx.demands.get(demand.id) == demand
        assert tx.demands.lock(demand.id) == demand
        assert tx.demands.lock(999) is None
        assert (tx.demands.filled(demand.id), tx.demands.filled(other.id)) == (3, 0)
        tx.demands.update(attrs.evolve(demand, status="cancelled", cancel_reason="gone", cancelled_at=T0))
        tx.commit()
    with backend.uow(read_only=True) as tx:
        stored = tx.demands.get(demand.id)
        assert stored is not None
        assert (stored.status, stored.cancel_reason, stored.cancelled_at) == ("cancelled", "gone", T0)


def test_an_offer_reads_back_equal_and_the_waiting_one_is_the_unanswered_one(backend: Backend) -> None:
    with backend.uow() as tx:
        client = _client(tx)
        site = _site(tx, client.id)
        ann, bob = _worker(tx, client.id), _worker(tx, client.id, employee_id="E-2")
        demand = _demand(tx, site, T0, 8)
        declined = tx.offers.add(
            Offer(client.id, demand.id, ann.id, T0, status="declined", answered_at=T0 + timedelta(minutes=5))
        )
        sent = tx.offers.add(Offer(client.id, demand.id, ann.id, T0 + timedelta(hours=1)))
        tx.commit()
    with backend.uow() as tx:
        assert tx.offers.get(declined.id) == declined
        assert tx.offers.lock(sent.id) == sent
        assert tx.offers.waiting(demand.id, ann.id) == sent
        assert tx.offers.waiting(demand.id, bob.id) is None
        tx.offers.update(attrs.evolve(sent, status="accepted", answered_at=T0 + timedelta(hours=2)))
        tx.commit()
    with backend.uow(read_only=True) as tx:
        assert tx.offers.waiting(demand.id, ann.id) is None


def test_the_unanswered_offers_are_found_by_requirement_or_by_the_end_of_theirs(backend: Backend) -> None:
    with backend.uow() as tx:
        client = _client(tx)
        site = _site(tx, client.id)
        ann = _worker(tx, client.id)
        early, late = _demand(tx, site, T0, 8), _demand(tx, site, T0 + timedelta(days=1), 8)
        waiting = [tx.offers.add(Offer(client.id, demand.id, ann.id, T0)) for demand in (early, late, early)]
        tx.offers.add(Offer(client.id, early.id, ann.id, T0, status="declined", answered_at=T0))
        tx.commit()
    with backend.uow(read_only=True) as tx:
        assert tx.offers.unanswered(demand_id=early.id) == [waiting[0], waiting[2]]
        assert tx.offers.unanswered(ended_by=T0 + timedelta(hours=8)) == [waiting[0], waiting[2]]  # ends then
        assert tx.offers.unanswered(ended_by=T0 + timedelta(hours=7)) == []
        assert tx.offers.unanswered() == waiting


@pytest.mark.postgres
def test_on_postgresql_two_locks_at_once_both_pass_their_checks_and_the_second_fails_on_the_index(
    postgres_schema: PostgresSchema,
) -> None:
    """Read committed lets both transactions see no lock; the second INSERT waits on the unique index
    until the first commits, then fails: the loser is told ``AlreadyLocked`` and stores nothing."""
    engine = make_engine(postgres_schema.fresh_url())
    backend = Backend("postgres", SqlUnitOfWorkFactory(engine, event_codec=event_codec), engine)
    try:
        with backend.uow() as tx:
            client = _client(tx)
            worker = _worker(tx, client.id)
            shift = _shift(tx, worker, T0, 8)
            tx.commit()
        outcome: list[str] = []
        with backend.uow() as first:
            assert first.pay_weeks.standing(client.id, [WEEK.week_start]) == []
            first.pay_weeks.add_lock(_lock(client), WEEK)

            def second_lock() -> None:
                with backend.uow() as second:
                    assert second.pay_weeks.standing(client.id, [WEEK.week_start]) == []  # not committed yet
                    try:
                        second.pay_weeks.add_lock(_lock(client), WEEK)
                    except AlreadyLocked:
                        outcome.append("already_locked")

            waiting = threading.Thread(target=second_lock)
            waiting.start()
            waiting.join(timeout=1)
            assert waiting.is_alive()  # held on the index by the first, uncommitted lock
            first.commit()
        waiting.join(timeout=10)
        assert outcome == ["already_locked"]
        with backend.uow(read_only=True) as tx:
            assert len(tx.pay_weeks.standing(client.id, [WEEK.week_start])) == 1
            assert tx.pay_weeks.frozen_among([shift.id]) == {shift.id}
    finally:
        engine.dispose()


# ---- availability rules, absences, do-not-return -------------------------------------------------


def test_availability_rules_read_back_equal_and_in_force_leaves_out_retired_ones(backend: Backend) -> None:
    with backend.uow() as tx:
        client = _client(tx)
        worker, other = _worker(tx, client.id), _worker(tx, client.id, employee_id="E-2")
        kept = tx.availability.add(
            WorkerAvailability(client.id, worker.id, "available", time(22), time(6), T0, day_of_week=5, notes="n")
        )
        retired = tx.availability.add(
            WorkerAvailability(client.id, worker.id, "unavailable", time(8), time(9), T0, date=date(2026, 3, 6))
        )
        tx.availability.add(WorkerAvailability(client.id, other.id, "available", time(8), time(9), T0, day_of_week=1))
        tx.commit()
    with backend.uow() as tx:
        assert tx.availability.get(kept.id) == kept
        retired.retired_at = T0 + timedelta(hours=1)
        tx.availability.update(retired)
        tx.commit()
    with backend.uow(read_only=True) as tx:
        assert tx.availability.get(retired.id) == retired
        assert tx.availability.in_force(worker.id) == [kept]


def test_approved_absences_touching_the_days_come_by_start(backend: Backend) -> None:
    with backend.uow() as tx:
        client = _client(tx)
        worker = _worker(tx, client.id)
        day = date(2026, 3, 6)
        later = tx.absences.add(
            Absence(client.id, worker.id, "holiday", day, day + timedelta(days=3), T0, "approved", Decimal("7.5"))
        )
        earlier = tx.absences.add(
            Absence(client.id, worker.id, "sickness", day - timedelta(days=4), day, T0, "approved")
        )
        tx.absences.add(Absence(client.id, worker.id, "other", day, day, T0, "requested"))
        tx.absences.add(
            Absence(client.id, worker.id, "other", day + timedelta(days=5), day + timedelta(days=6), T0, "approved")
        )
        tx.commit()
    with backend.uow(read_only=True) as tx:
        assert tx.absences.get(later.id) == later
        assert tx.absences.approved_between(worker.id, day, day + timedelta(days=1)) == [earlier, later]
        assert tx.absences.approved_between(worker.id, day + timedelta(days=4), day + timedelta(days=4)) == []


def test_do_not_return_marks_are_found_per_worker_and_site_and_removed(backend: Backend) -> None:
    with backend.uow() as tx:
        client = _client(tx)
        north, south = _site(tx, client.id), _site(tx, client.id, "South")
        worker, other = _worker(tx, client.id), _worker(tx, client.id, employee_id="E-2")
        mark = tx.do_not_return.add(DoNotReturn(client.id, worker.id, north.id, T0))
        tx.do_not_return.add(DoNotReturn(client.id, worker.id, south.id, T0))
        tx.do_not_return.add(DoNotReturn(client.id, other.id, north.id, T0))
        tx.commit()
    with backend.uow() as tx:
        assert tx.do_not_return.sites_of(worker.id) == {north.id, south.id}
        assert tx.do_not_return.find(worker.id, north.id) == mark
        tx.do_not_return.remove(mark.id)
        assert tx.do_not_return.find(worker.id, north.id) is None
        tx.commit()
    with backend.uow(read_only=True) as tx:
        assert tx.do_not_return.sites_of(worker.id) == {south.id}
        assert tx.do_not_return.sites_of(other.id) == {north.id}


def _batch(client: ClientAccount, week: date, entry_ids: tuple[int, ...], **fields: Any) -> ExportBatch:
    batch = ExportBatch(
        client_id=client.id,
        kind="pkg_a",
        format="pkg_a_50",
        period_start=week,
        period_end=week + timedelta(days=6),
        file_name="pkg_a.csv",
        file_sha256="0" * 64,
        entry_count=len(entry_ids),
        line_count=1,
        total_pay=Decimal("96.50"),
        total_charge=Decimal("144.75"),
        stamps_entries=True,
        created_at=T0,
        entry_ids=entry_ids,
    )
    return attrs.evolve(batch, **fields)


def test_an_export_batch_is_stored_with_its_shifts_stamps_them_and_is_listed_under_its_week(backend: Backend) -> None:
    with backend.uow() as tx:
        client, other = _client(tx), _client(tx, "Rival")
        ann = _worker(tx, client.id)
        first, second, left = (_shift(tx, ann, T0 + timedelta(days=n), 8) for n in range(3))
        added = tx.exports.add(_batch(client, T0.date(), (second.id, first.id)), b"a,b\r\n")
        assert added.id > 0
        assert tx.exports.stamp(added) == 2
        later = tx.exports.add(_batch(client, T0.date(), (left.id,), kind="pkg_b", stamps_entries=False), b"c\r\n")
        tx.exports.add(_batch(other, T0.date(), ()), b"")
        tx.commit()
    with backend.uow(read_only=True) as tx:
        stamped = tx.entries.get_many([first.id, second.id, left.id])
        assert [stamped[i].exported_batch_id for i in (first.id, second.id, left.id)] == [added.id, added.id, None]
        listed = tx.pay_weeks.batches(client.id, [T0.date()])
        assert [(b.id, b.kind, b.entry_ids) for b in listed] == [(later.id, "pkg_b", ()), (added.id, "pkg_a", ())]
        assert (listed[1].total_pay, listed[1].total_charge) == (Decimal("96.50"), Decimal("144.75"))
        assert tx.pay_weeks.batches(client.id, [T0.date() + timedelta(days=7)]) == []


# ---- people who sign in --------------------------------------------------------------------------


def test_users_read_back_whole_and_an_email_is_taken_once(backend: Backend) -> None:
    with backend.uow() as tx:
        client = _client(tx)
        site = _site(tx, client.id)
        owner = tx.users.add(User("owner@example.com", "$argon2id$x", "owner", T0, client_id=client.id))
        contact = tx.users.add(
            User("hirer@example.com", "$argon2id$y", "approver", T0, client_id=client.id, location_ids=(site.id,))
        )
        admin = tx.users.add(User("ops@example.com", "$argon2id$z", "operator", T0))
        tx.commit()
    with backend.uow(read_only=True) as tx:
        assert tx.users.get(contact.id) == contact
        assert tx.users.by_email("owner@example.com") == owner
        assert tx.users.by_email("nobody@example.com") is None
        assert [u.id for u in tx.users.listed(client.id)] == [owner.id, contact.id]
        assert [u.id for u in tx.users.listed(None)] == [owner.id, contact.id, admin.id]
    with backend.uow() as tx:
        assert tx.users.lock_owners(client.id) == [owner]  # the owners only, by id
        assert tx.users.lock_owners(client.id + 1) == []
    with backend.uow() as tx, pytest.raises(EmailTaken):
        tx.users.add(User("owner@example.com", "$argon2id$w", "coordinator", T0, client_id=client.id))


def test_sessions_are_found_by_token_hash_and_ended_all_at_once(backend: Backend) -> None:
    with backend.uow() as tx:
        user = tx.users.add(User("ops@example.com", "$argon2id$z", "operator", T0))
        other = tx.users.add(User("other@example.com", "$argon2id$z", "operator", T0))
        first = tx.sessions.add(WebSession(user.id, "a" * 64, "csrf-1", T0, T0, address="192.0.2.1"))
        tx.sessions.add(WebSession(user.id, "b" * 64, "csrf-2", T0, T0))
        kept = tx.sessions.add(WebSession(other.id, "c" * 64, "csrf-3", T0, T0))
        tx.commit()
    with backend.uow() as tx:
        assert tx.sessions.by_token_hash("a" * 64) == first
        assert tx.sessions.by_token_hash("d" * 64) is None
        assert tx.sessions.end_all(user.id, T0 + timedelta(hours=1)) == 2
        tx.commit()
    with backend.uow(read_only=True) as tx:
        ended = tx.sessions.by_token_hash("b" * 64)
        assert ended is not None
        assert ended.ended_at == T0 + timedelta(hours=1)
        assert tx.sessions.by_token_hash("c" * 64) == kept


def test_a_persons_sessions_not_ended_are_read_newest_first_and_all_but_one_ended(backend: Backend) -> None:
    with backend.uow() as tx:
        user = tx.users.add(User("ops@example.com", "$argon2id$z", "operator", T0))
        other = tx.users.add(User("other@example.com", "$argon2id$z", "operator", T0))
        old = tx.sessions.add(WebSession(user.id, "a" * 64, "csrf-1", T0 - timedelta(hours=13), T0))
        here = tx.sessions.add(
            WebSession(user.id, "b" * 64, "csrf-2", T0, T0, address="192.0.2.1", user_agent="Firefox")
        )
        phone = tx.sessions.add(WebSession(user.id, "c" * 64, "csrf-3", T0, T0, user_agent="Phone " + "x" * 249))
        ended = tx.sessions.add(WebSession(user.id, "d" * 64, "csrf-4", T0, T0, ended_at=T0))
        theirs = tx.sessions.add(WebSession(other.id, "e" * 64, "csrf-5", T0, T0))
        tx.commit()
    with backend.uow(read_only=True) as tx:
        assert tx.sessions.not_ended(user.id, T0 - timedelta(hours=12)) == [phone, here]
        assert tx.sessions.get(here.id) == here
    with backend.uow() as tx:
        assert tx.sessions.end_all(user.id, T0 + timedelta(hours=1), keep=here.id) == 2  # old and phone
        tx.commit()
    with backend.uow(read_only=True) as tx:
        assert [s.id for s in tx.sessions.not_ended(user.id, T0 - timedelta(days=1))] == [here.id]
        assert tx.sessions.not_ended(other.id, T0) == [theirs]
        assert {tx.sessions.get(s.id).ended_at for s in (old, phone)} == {T0 + timedelta(hours=1)}  # type: ignore[union-attr]
        assert tx.sessions.get(ended.id) == ended


def test_a_clients_pay_codes_are_put_replaced_read_by_package_and_element_and_removed(backend: Backend) -> None:
    with backend.uow() as tx:
        acme, other = _client(tx).id, _client(tx, "Other").id
        first = tx.pay_codes.put(PayCode(acme, "staffology", "regular", "BASIC"))
        tx.pay_codes.put(PayCode(acme, "brightpay", "overtime", "Overtime", Decimal("1.5")))
        tx.pay_codes.put(PayCode(other, "staffology", "regular", "OTHER"))
        replaced = tx.pay_codes.put(PayCode(acme, "staffology", "regular", "HOURLY"))
        tx.commit()
    assert first.id > 0
    assert replaced.id == first.id  # one code per client, package and element
    with backend.uow() as tx:
        assert [(c.package, c.element, c.code, c.multiplier) for c in tx.pay_codes.for_client(acme)] == [
            ("brightpay", "overtime", "Overtime", Decimal("1.5")),
            ("staffology", "regular", "HOURLY", None),
        ]
        assert tx.pay_codes.remove(acme, "staffology", "regular") is True
        assert tx.pay_codes.remove(acme, "staffology", "regular") is False
        tx.commit()
    with backend.uow(read_only=True) as tx:
        assert [c.element for c in tx.pay_codes.for_client(acme)] == ["overtime"]
        assert [c.code for c in tx.pay_codes.for_client(other)] == ["OTHER"]
