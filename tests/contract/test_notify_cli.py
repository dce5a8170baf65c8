"""``workforce notify send|messages|vapid-keys`` on SQLite and PostgreSQL: a booking made over the API
becomes the worker's messages (the inbox in their language, e-mail into the Maildir outbox when no SMTP
server is set up), sent once however often the job runs, and listed with how each went."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract import test_booking_events as bookings
from tests.contract.conftest import Console, World
from workforce_adapters.mail_outbox import MaildirOutbox
from workforce_core.model.notifications import ChannelChoice
from workforce_entrypoints.bootstrap import Services
from workforce_entrypoints.cli.schedule import jobs, notifier_jobs


@pytest.fixture
def s(
    api: TestClient, world: World, clock: FakeClock, console: Console, services: Services, tmp_path: Path
) -> bookings.Setup:
    services.settings = attrs.evolve(services.settings, mail_outbox=str(tmp_path / "mail"))
    return bookings.Setup(api, world, clock, console)


def test_a_booking_is_told_in_the_inbox_in_polish_and_mailed_once(
    s: bookings.Setup, services: Services, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("WORKFORCE_SMTP_URL", raising=False)
    monkeypatch.setenv("WORKFORCE_VAPID_KEY_FILE", str(tmp_path / "vapid.pem"))
    with services.uow() as tx:
        ann = tx.workers.get(s.ann.id)
        assert ann is not None
        tx.workers.update(attrs.evolve(ann, preferred_language="pl", email="ann@example.com"))
        tx.channel_choices.put(ChannelChoice("worker", s.ann.id, ("email",), s.clock.now()))
        tx.commit()
    booked = s.book(s.ann.id, status="published")
    code, done = s.console("notify", "send", "--once")
    assert code == 0, done
    # the two workers made, shift.created and the legacy shift_created: one booking told twice (inbox, mail)
    assert (done["events"], done["made"], done["sent"], done["failed"]) == (4, 2, 1, 0)
    assert s.console("notify", "send", "--once")[1]["made"] == 0
    mails = MaildirOutbox(tmp_path / "mail").messages()
    assert [(to, subject) for to, subject, _ in mails] == [("ann@example.com", "Nowa zmiana zarezerwowana")]
    code, listed = s.console("notify", "messages", "--worker", str(s.ann.id))
    assert code == 0, listed
    assert (listed["total"], listed["unread"]) == (2, 1)
    by_channel = {m["channel"]: m for m in listed["data"]}
    assert by_channel["app"]["subject"] == "Nowa zmiana zarezerwowana"
    assert by_channel["app"]["body"].startswith("Masz zmianę w Depot")
    assert (by_channel["email"]["status"], by_channel["email"]["attempts"]) == ("sent", 1)
    assert booked["status"] == "published"


def test_listing_needs_one_person_and_the_vapid_key_is_made_once(
    s: bookings.Setup, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    code, _ = s.console("notify", "messages")
    assert code != 0
    monkeypatch.setenv("WORKFORCE_VAPID_KEY_FILE", str(tmp_path / "keys" / "vapid.pem"))
    code, first = s.console("notify", "vapid-keys")
    assert code == 0, first
    assert len(first["public_key"]) == 87  # 65 bytes, base64url without padding
    assert s.console("notify", "vapid-keys")[1] == first


def test_the_console_sets_a_persons_channels_and_the_accounts_settings(s: bookings.Setup) -> None:
    code, chosen = s.console("notify", "choose", "--worker", str(s.ann.id), "--channel", "sms", "--channel", "email")
    assert (code, chosen["channels"]) == (0, ["sms", "email"])
    args = ("--client", str(s.account.id), "--sms-cap", "50", "--quiet", "21:30-06:30", "--kinds-off", "no_show")
    code, shown = s.console("notify", "settings", *args)
    assert code == 0, shown
    expected = {"sms_monthly_cap": 50, "quiet_start": "21:30:00", "quiet_end": "06:30:00", "kinds_off": ["no_show"]}
    assert {name: shown[name] for name in expected} == expected
    code, refused = s.console("notify", "settings", "--client", str(s.account.id), "--reminder-hours", "99")
    assert (code, refused["error_code"]) == (1, "validation_failed")


def test_serves_notifier_pass_tells_a_booking_within_one_pass(
    s: bookings.Setup, services: Services, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("WORKFORCE_VAPID_KEY_FILE", str(tmp_path / "vapid.pem"))
    assert list(notifier_jobs(services)) == ["offer rounds", "messages"]
    assert "shift reminders" in jobs(services)
    s.book(s.ann.id, status="published")
    for job in notifier_jobs(services).values():  # one pass of serve's notifier thread
        job()
    code, listed = s.console("notify", "messages", "--worker", str(s.ann.id), "--channel", "app")
    assert (code, listed["total"], listed["unread"]) == (0, 1, 1)
