"""``workforce demo`` (issue 21, item 6): a demo worth opening, made through the use cases. Who is free
finds most workers; there are bookings this week and next; last week is approved, locked and exported,
paying a late clock of the week before as an adjustment; and a webhook subscription points at the local
receiver `make receiver` starts (``workforce webhooks receive``), which gets signed deliveries."""

from __future__ import annotations

import io
import json
import threading
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import attrs
import pytest
import trustme
from starlette.testclient import TestClient

from tests.contract.conftest import Console
from tests.webhook_receiver import write_ca
from workforce_adapters.json.commands import structure
from workforce_adapters.mail_outbox import MaildirOutbox
from workforce_core.commands.webhooks import UpdateSubscription
from workforce_core.rules.receiver_urls import parse_networks
from workforce_core.services import webhooks
from workforce_core.services.auth import authenticate
from workforce_core.services.dispatch import dispatch
from workforce_entrypoints.bootstrap import Webhooks
from workforce_entrypoints.cli.receiver import receiver


@pytest.fixture
def demo(console: Console) -> dict[str, Any]:
    code, made = console("demo")
    assert code == 0, made
    return dict(made)


def _get(api: TestClient, key: str, path: str) -> Any:
    reply = api.get(f"/api/v1/{path}", headers={"Authorization": f"Bearer {key}"})
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]


def _full(demo: dict[str, Any]) -> str:
    return str(next(key["key"] for key in demo["keys"] if key["name"] == "demo-full"))


def test_most_workers_are_free_on_a_weekday_morning(demo: dict[str, Any], api: TestClient, console: Console) -> None:
    after = date.fromisoformat(demo["pay_week"]) + timedelta(days=14)  # the demo books to the end of next week
    monday = after + timedelta(days=-after.weekday() % 7)
    slot = f"available_from={monday}T09:00:00Z&available_to={monday}T12:00:00Z"
    free = _get(api, _full(demo), f"availability.php?{slot}")
    assert demo["availability_rules"] >= 40
    assert len([worker for worker in free if worker["available"]]) >= 8


def test_a_forklift_licence_ends_soon_and_who_is_free_warns_of_it(demo: dict[str, Any], api: TestClient) -> None:
    expiring = demo["expiring_document"]
    key = _full(demo)
    [held] = _get(api, key, f"worker-documents.php?worker_id={expiring['worker_id']}")
    assert (held["id"], held["expiry_date"]) == (expiring["id"], expiring["expiry_date"])
    after = date.fromisoformat(demo["pay_week"]) + timedelta(days=14)
    slot = f"available_from={after}T09:00:00Z&available_to={after}T12:00:00Z&job_role=Forklift%20driver"
    found = {item["worker_id"]: item for item in _get(api, key, f"availability.php?{slot}")}
    driver = found[expiring["worker_id"]]
    assert driver["warning_codes"] == ["document_expiring"]  # booked that day too: an overlap blocks, not it
    assert not {"document_expired", "right_to_work"} & set(driver["block_codes"])
    assert all("document_expiring" not in item["warning_codes"] for item in found.values() if item is not driver)


def test_bookings_this_week_and_next(demo: dict[str, Any], console: Console) -> None:
    next_week = (date.fromisoformat(demo["pay_week"]) + timedelta(days=7)).isoformat()
    code, booked = console("shift", "list", "--client", str(demo["client_id"]), "--week", next_week)
    assert code == 0, booked
    assert len(booked) == 15  # three workers, five weekdays
    assert demo["bookings"] >= 15


def test_last_week_is_exported_and_pays_a_late_clock_as_an_adjustment(
    demo: dict[str, Any], api: TestClient, console: Console
) -> None:
    key = _full(demo)
    before_last, last = demo["locked_weeks"]
    [week] = _get(api, key, f"pay-weeks.php?week_start={last}")
    assert week["status"] == "exported"
    assert [batch["kind"] for batch in week["batches"]] == ["payroll"]
    assert _get(api, key, f"pay-weeks.php?week_start={before_last}")[0]["status"] == "locked"
    late = _get(api, key, f"timesheets.php?id={demo['late_clock_id']}")
    assert (late["payroll_status"], late["payroll_excluded_reason"]) == ("excluded", "paid_adjustment")
    lines = _get(api, key, f"payroll.php?week={last}&adjustments=1")
    adjustments = [item for line in lines for item in line.get("adjustments", [])]
    assert [(item["entry_id"], item["state"]) for item in adjustments] == [(demo["late_clock_id"], "paid")]


def test_the_demo_subscription_delivers_to_the_local_receiver(
    demo: dict[str, Any], console: Console, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ca = trustme.CA()
    monkeypatch.setenv("SSL_CERT_FILE", str(write_ca(ca, tmp_path)))
    issued = ca.issue_cert("127.0.0.1")
    cert, key = tmp_path / "receiver.pem", tmp_path / "receiver-key.pem"
    issued.cert_chain_pems[0].write_to_path(str(cert))
    issued.private_key_pem.write_to_path(str(key))
    printed = io.StringIO()
    server = receiver("127.0.0.1", 0, cert=cert, key=key, secret=demo["webhook"]["secret"], out=printed)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        s = console.services
        local = attrs.evolve(s.webhooks, trusted_networks=parse_networks("127.0.0.1/32"))
        assert isinstance(local, Webhooks)
        port = server.server_address[1]
        assert demo["webhook"]["url"] == "https://127.0.0.1:8443/demo-webhooks"  # what `make receiver` serves
        moved = structure(UpdateSubscription, {"url": f"https://127.0.0.1:{port}/demo-webhooks"})
        caller = authenticate(_full(demo), uow=s.uow, clock=s.clock)
        webhooks.update_subscription(
            demo["webhook"]["id"], moved, principal=caller, uow=s.uow, clock=s.clock,
            resolver=local.resolver, trusted=local.trusted_networks,
        )  # fmt: skip
        done = dispatch(uow=s.uow, clock=s.clock, sender=local.sender(s.clock))
    finally:
        server.shutdown()
        server.server_close()
    lines = [json.loads(line) for line in printed.getvalue().splitlines()]
    assert done.delivered == len(lines) > 0
    assert all(line["verified"] for line in lines)
    assert "export.created" in {line["event"] for line in lines}


def test_the_demos_bookings_reach_the_inbox_in_each_workers_language_and_the_maildir(
    demo: dict[str, Any], console: Console, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("WORKFORCE_SMTP_URL", raising=False)
    monkeypatch.setenv("WORKFORCE_VAPID_KEY_FILE", str(tmp_path / "vapid.pem"))
    console.services.settings = attrs.evolve(console.services.settings, mail_outbox=str(tmp_path / "mail"))
    code, done = console("notify", "send", "--once")
    assert code == 0, done
    assert done["made"] >= 2 * demo["bookings"]  # each booking: the inbox and a mail
    assert done["sent"] > 0
    assert done["failed"] + done["dead"] == 0
    mails = MaildirOutbox(tmp_path / "mail").messages()
    assert len(mails) == done["sent"]
    subjects = {subject for _, subject, _ in mails}
    assert "New shift booked" in subjects
    assert subjects & {"Nowa zmiana zarezerwowana", "Tură nouă rezervată", "Užsakyta nauja pamaina"}
