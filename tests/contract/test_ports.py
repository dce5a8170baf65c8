"""The port contract: one suite, run against the memory adapter, SQLite and PostgreSQL.

What a use case may rely on from the unit of work and its repositories is stated here once, so the
memory adapter (unit tests, embedders, property runs) and the SQL adapter cannot drift apart.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from typing import Any

import attrs
import pytest
from sqlalchemy import select

from tests.databases import PostgresSchema, SqliteTemplate
from workforce_adapters.json import event_data
from workforce_adapters.memory import MemoryUnitOfWorkFactory
from workforce_adapters.sql import tables
from workforce_adapters.sql.engine import make_engine
from workforce_adapters.sql.unit_of_work import SqlUnitOfWorkFactory
from workforce_core.errors import DuplicateEmployeeId
from workforce_core.events import Event
from workforce_core.model.accounts import ClientAccount, ClientSettings
from workforce_core.model.audit import AuditEntry
from workforce_core.model.bookings import Booking
from workforce_core.model.keys import ApiKey
from workforce_core.model.rates import NightBand, OvertimeTier, RateRule, Rates
from workforce_core.model.reference import Location
from workforce_core.model.surveys import Survey, SurveyQuestion
from workforce_core.model.time_entries import TimeEntry
from workforce_core.model.webhooks import Delivery, Subscription
from workforce_core.model.workers import Worker
from workforce_core.ports import Paging, UnitOfWork, UnitOfWorkFactory
from workforce_core.rules.booking_choice import closest_booking
from workforce_core.rules.employee_ids import employee_id_key

T0 = datetime(2026, 3, 2, 8, 0, tzinfo=UTC)  # a Monday


class Backend:
    """A unit-of-work factory and a way to read what it committed to the outbox and audit log."""

    def __init__(self, name: str, uow: UnitOfWorkFactory, engine: Any = None) -> None:
        self.name = name
        self.uow = uow
        self.engine = engine

    def events(self) -> list[tuple[str, int | None, dict[str, Any]]]:
        if isinstance(self.uow, MemoryUnitOfWorkFactory):
            return [(e.name, e.client_id, event_data(e)) for e in self.uow.store.outbox]
        with self.engine.connect() as connection:
            rows = connection.execute(select(tables.outbox).order_by(tables.outbox.c.id)).mappings().all()
        return [(r["event"], r["client_id"], json.loads(r["data"])) for r in rows]

    def audit_actions(self) -> list[str]:
        if isinstance(self.uow, MemoryUnitOfWorkFactory):
            return [entry.action for entry in self.uow.store.audit]
        with self.engine.connect() as connection:
            return list(connection.execute(select(tables.audit_log.c.action).order_by(tables.audit_log.c.id)).scalars())


@pytest.fixture(params=["memory", "sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def backend(request: pytest.FixtureRequest) -> Iterator[Backend]:
    if request.param == "memory":
        yield Backend("memory", MemoryUnitOfWorkFactory())
        return
    if request.param == "sqlite":
        template: SqliteTemplate = request.getfixturevalue("sqlite_template")
        url = template.fresh_url()
    else:
        schema: PostgresSchema = request.getfixturevalue("postgres_schema")
        url = schema.fresh_url()
    engine = make_engine(url)
    yield Backend(request.param, SqlUnitOfWorkFactory(engine), engine)
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
        tx.record([Event("worker.created", client.id, T0, extra={"id": worker.id})])
    with backend.uow(read_only=True) as tx:
        assert tx.workers.get(worker.id) is None
    assert backend.events() == []
    assert backend.audit_actions() == []


def test_commit_writes_the_recorded_events_and_audit_entries_with_the_change(backend: Backend) -> None:
    with backend.uow() as tx:
        client = _client(tx)
        worker = _worker(tx, client.id)
        tx.audit.add(AuditEntry(client.id, None, "create", "worker", worker.id, T0, {"name": "Ann"}))
        tx.record([Event("worker.created", client.id, T0, extra={"id": worker.id, "name": "Ann"})])
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
        _shift(tx, worker, T0 - timedelta(hours=20), None)  # open, but outside an 18-hour window
        _shift(tx, worker, T0, 2)  # ends 10:00
        late = _shift(tx, worker, T0 + timedelta(hours=3), 3)  # ends 14:00
        newest = _shift(tx, worker, T0 + timedelta(hours=15), None)  # open since 23:00
        tx.commit()
    window = T0 - timedelta(hours=18)
    with backend.uow(read_only=True) as tx:
        blockers = tx.entries.clock_in_blockers
        assert blockers(worker.id, window, T0 + timedelta(hours=1)) == (newest, late)
        assert blockers(worker.id, window, T0 + timedelta(hours=14)) == (newest, None)
        assert blockers(worker.id, T0 + timedelta(hours=16), T0 + timedelta(hours=1)) == (None, late)
        assert blockers(worker.id + 1, window, T0) == (None, None)


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


def test_no_pay_week_is_locked_until_locks_are_stored(backend: Backend) -> None:
    with backend.uow(read_only=True) as tx:
        assert tx.pay_weeks.is_week_locked(1, 1, T0.date()) is False


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
        tx.record([Event(name, client_id, T0 + timedelta(minutes=n), extra={"n": n}) for n, name in enumerate(names)])
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
        assert [e.data for e in unsent] == [{"client_id": client.id, "n": n} for n in range(3)]
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
    backend = Backend("postgres", SqlUnitOfWorkFactory(engine), engine)
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
