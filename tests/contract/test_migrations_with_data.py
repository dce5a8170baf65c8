"""The migrations that change tables holding data run over a database that has some, both ways, on
SQLite and PostgreSQL: pay figures (a SQLite table rebuild, refused by the foreign keys of the figures'
lines, would pass on the empty databases the other tests start from), the outbox's events, and two-factor
sign-in (audit rows of no client account)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import attrs
import pyotp
import pytest
from sqlalchemy import func, insert, select
from sqlalchemy import inspect as sa_inspect

from tests.contract.conftest import World
from tests.contract.console_pages import make_user
from tests.contract.helpers import approved_shift
from workforce_adapters.json import stored_payload
from workforce_adapters.sql import schema, tables
from workforce_adapters.sql.mapping import to_row
from workforce_core.commands.two_factor import ConfirmTwoFactor
from workforce_core.errors import KioskIdTaken
from workforce_core.model.keys import hash_secret
from workforce_core.model.kiosks import KioskClock, KioskDevice
from workforce_core.model.webhooks import Subscription
from workforce_core.services.figure_refresh import refresh_figures
from workforce_core.services.two_factor import confirm_two_factor, reset_two_factor, start_two_factor
from workforce_core.steps.fan_out import fan_out
from workforce_entrypoints.bootstrap import Services

START = datetime(2026, 3, 2, 8, tzinfo=UTC)


def test_figures_keep_their_shifts_clock_in_through_a_downgrade_and_upgrade(services: Services, world: World) -> None:
    account = world.account()
    site = world.site(account.id)
    worker = world.worker(account.id, location_id=site.id, hourly_rate=12.5).worker
    te = tables.time_entries
    with services.engine.begin() as connection:
        for day in range(3):
            entry = approved_shift(worker.id, account.id, site.id, START + timedelta(days=day))
            connection.execute(insert(te).values(to_row(entry, te)))
    assert refresh_figures(uow=services.uow) == 3  # the background pass prices and stores them
    figures, lines = tables.shift_figures, tables.shift_figure_lines
    with services.engine.connect() as connection:
        assert connection.execute(select(func.count()).select_from(lines)).scalar_one() >= 3
    try:
        schema.downgrade(services.engine, "0019")
    finally:
        schema.upgrade(services.engine)  # the shared PostgreSQL schema goes back to head whatever happened
    paired = select(figures.c.clock_in, te.c.clock_in).join(te, te.c.id == figures.c.entry_id)
    with services.engine.connect() as connection:
        rows = connection.execute(paired).all()
    assert len(rows) == 3
    assert all(kept == shift for kept, shift in rows)


def test_events_kept_before_event_data_was_typed_still_send_their_payload_after_the_upgrade(
    services: Services, world: World
) -> None:
    account = world.account()
    with services.uow() as tx:
        made = Subscription(account.id, "https://hooks.example.com/in", ("*",), "whsec_x", START)
        tx.subscriptions.add(made)
        tx.commit()
    before = {"id": 7, "kind": "pay", "client_id": account.id, "status": "done"}  # an export.created of before
    try:
        schema.downgrade(services.engine, "0028")
        with services.engine.begin() as connection:
            connection.execute(
                insert(tables.outbox).values(
                    client_id=account.id, event="export.created", data=json.dumps(before), occurred_at=START
                )
            )
    finally:
        schema.upgrade(services.engine)
    world.worker(account.id, "Ann Typed")  # worker.created, kept in the typed form
    with services.uow() as tx:
        kept = {event.event: event for event in tx.outbox.unsent(10)}
    old, typed = kept["export.created"], kept["worker.created"]
    assert stored_payload(old.event, old.client_id, old.data) == before
    assert stored_payload(typed.event, typed.client_id, typed.data)["name"] == "Ann Typed"
    assert fan_out(uow=services.uow, clock=services.clock).deliveries == 2  # both waiting to be sent
    schema.downgrade(services.engine, "0028")
    try:
        o, d = tables.outbox, tables.webhook_deliveries
        with services.engine.connect() as connection:
            events = {r.event: r for r in connection.execute(select(o.c.event, o.c.data, o.c.dispatched_at))}
            waiting = {r.event: r for r in connection.execute(select(d.c.event, d.c.status, d.c.data))}
        assert json.loads(events["export.created"].data) == before  # given back
        assert (waiting["export.created"].status, waiting["export.created"].data) == ("pending", before)
        assert json.loads(events["worker.created"].data) == {}  # a form that release cannot shape: emptied
        assert (waiting["worker.created"].status, waiting["worker.created"].data) == ("refused", {})
    finally:
        schema.upgrade(services.engine)


def test_two_factor_tables_go_down_and_up_with_people_and_audit_rows_in_them(services: Services, world: World) -> None:
    account = world.account()
    owner, _ = make_user(services, "owner", account.id)
    admin, _ = make_user(services, "operator", None)
    for user in (owner, admin):
        factor = start_two_factor(user.id, uow=services.uow, codes=services.codes, clock=services.clock)
        code = pyotp.TOTP(factor.secret).at(services.clock.now())
        confirm_two_factor(
            ConfirmTwoFactor(user_id=user.id, code=code),
            uow=services.uow,
            codes=services.codes,
            limiter=services.limiter,
            clock=services.clock,
        )
    reset_two_factor(admin.id, uow=services.uow, clock=services.clock)  # an audit row of no account
    audit = tables.audit_log
    try:
        schema.downgrade(services.engine, "0030")
        with services.engine.connect() as connection:
            kept = connection.execute(select(audit.c.action, audit.c.client_id).order_by(audit.c.id)).all()
            names = set(sa_inspect(connection).get_table_names())
        assert kept == [("turn_on_two_factor", account.id)]  # the operator's rows could not stay
        assert not names & {"user_two_factor", "recovery_codes", "sign_in_challenges"}
    finally:
        schema.upgrade(services.engine)
    with services.engine.begin() as connection:
        assert connection.execute(select(func.count()).select_from(tables.user_two_factor)).scalar_one() == 0
        connection.execute(
            insert(audit).values(
                client_id=None,
                action="reset_two_factor",
                entity="user",
                entity_id=admin.id,
                changes={},
                created_at=START,
                api_key_id=None,
                user_id=None,
            )
        )
    factor = start_two_factor(owner.id, uow=services.uow, codes=services.codes, clock=services.clock)
    assert factor.secret


def test_kiosk_names_go_per_account_and_back_with_their_devices_and_clocks(services: Services, world: World) -> None:
    """0033 over devices with clocks (SQLite rebuilds the table under its clocks' foreign keys); going
    back renames a name two accounts share, keeping the older one."""
    ours, rivals = world.account("Acme"), world.account("Rival")
    sites = [world.site(account.id, f"Depot {n}") for n, account in enumerate((ours, rivals, ours))]
    made = []
    with services.uow() as tx:
        for n, site in enumerate(sites):
            made.append(
                tx.kiosks.add(
                    KioskDevice(
                        client_id=site.client_id, location_id=site.id, kiosk_id="Front door" if n < 2 else "Back door",
                        token_hash=hash_secret(f"token-{n}"), created_at=START,
                    )
                )
            )  # fmt: skip
            tx.kiosk_clocks.add(
                KioskClock(
                    device_id=made[-1].id, client_clock_id="c-1", action="in", employee_id="E-1",
                    occurred_at=START, received_at=START, status=201,
                )
            )  # fmt: skip
        tx.commit()
    d, c = tables.kiosk_devices, tables.kiosk_clocks
    names = select(d.c.id, d.c.client_id, d.c.kiosk_id).order_by(d.c.id)
    try:
        before = schema.migration_scripts().get_revision("0033").down_revision  # whatever the chain's order
        assert isinstance(before, str)
        schema.downgrade(services.engine, before)
        with services.engine.connect() as connection:
            back = connection.execute(names).all()
            assert connection.execute(select(func.count()).select_from(c)).scalar_one() == 3
        schema.upgrade(services.engine)
    finally:
        schema.upgrade(services.engine)
    first, second, third = made
    assert [tuple(row) for row in back] == [
        (first.id, ours.id, "Front door"),
        (second.id, rivals.id, f"Front door-{second.id}"),
        (third.id, ours.id, "Back door"),
    ]
    with services.uow() as tx:
        assert [k.kiosk_id for k in tx.kiosks.of_client(rivals.id)] == [f"Front door-{second.id}"]
        again = KioskDevice(
            client_id=rivals.id, location_id=second.location_id, kiosk_id="Front door",
            token_hash=hash_secret("token-again"), created_at=START,
        )  # fmt: skip
        assert tx.kiosks.add(again).id > 0  # the name another account has
        with pytest.raises(KioskIdTaken):
            tx.kiosks.add(attrs.evolve(again, token_hash=hash_secret("token-twice"), id=0))
        tx.commit()
    with services.engine.connect() as connection:
        kept = connection.execute(select(c.c.device_id).order_by(c.c.device_id)).scalars().all()
    assert kept == [first.id, second.id, third.id]
