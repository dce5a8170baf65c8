"""The worker app's rules (rules/worker_app.py) at their edges: the phone's code, the app's kiosk id,
who may use the app, and when a session ends or is touched."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from attrs import evolve

from workforce_core.model.worker_app import WorkerSession
from workforce_core.model.workers import Worker
from workforce_core.rules import worker_app as rules

NOW = datetime(2026, 11, 27, 9, 0, tzinfo=UTC)
SECOND = timedelta(seconds=1)


def test_a_new_device_code_is_12_lower_case_letters_and_digits_and_reads_back_as_itself() -> None:
    codes = {rules.new_device() for _ in range(200)}
    assert len(codes) == 200  # drawn at random, not a constant
    for code in codes:
        assert len(code) == 12
        assert set(code) <= set("abcdefghijklmnopqrstuvwxyz0123456789")
        assert rules.device_code(code) == code
    # every letter and digit turns up in 2,400 draws from 36 (a missing one would be left out of the alphabet)
    assert set("".join(codes)) == set("abcdefghijklmnopqrstuvwxyz0123456789")


@pytest.mark.parametrize(
    "given",
    [None, "", "abc", "abcdefghijk", "abcdefghijklm", "ABCDEFGHIJKL", "abcdef-hijkl", " abcdefghijk", "abcdefghijk\n"],
    ids=["none", "empty", "short", "11", "13", "upper", "dash", "space", "newline"],
)
def test_a_cookie_that_is_not_a_code_the_server_makes_gives_no_device(given: str | None) -> None:
    assert rules.device_code(given) is None


def test_the_apps_kiosk_id_is_mobile_and_the_code() -> None:
    assert rules.mobile_kiosk_id("abc123def456") == "mobile:abc123def456"


def worker(**changes: Any) -> Worker:
    made = Worker(client_id=1, name="Ada Lovelace", employee_id="E1", created_at=NOW)
    return evolve(made, **changes)


def test_an_active_approved_worker_may_use_the_app() -> None:
    assert rules.may_use_app(worker())


@pytest.mark.parametrize(
    "changes",
    [{"active": False}, {"status": "pending"}, {"suspended": True}, {"anonymised_at": NOW}],
    ids=["inactive", "pending", "suspended", "anonymised"],
)
def test_a_worker_inactive_pending_suspended_or_anonymised_may_not_use_the_app(changes: dict[str, Any]) -> None:
    assert not rules.may_use_app(worker(**changes))


def session(created: datetime, last_seen: datetime, ended: datetime | None = None) -> WorkerSession:
    return WorkerSession(
        worker_id=1,
        client_id=1,
        token_hash="h",
        csrf_token="c",
        device="abc123def456",
        created_at=created,
        last_seen_at=last_seen,
        ended_at=ended,
    )


def test_a_session_lives_until_it_is_idle_for_14_hours() -> None:
    seen = NOW - timedelta(hours=2)
    assert rules.session_live(session(NOW - timedelta(days=1), seen), seen + rules.APP_SESSION_IDLE - SECOND)
    assert not rules.session_live(session(NOW - timedelta(days=1), seen), seen + rules.APP_SESSION_IDLE)


def test_a_session_used_all_along_ends_7_days_after_sign_in() -> None:
    created = NOW - rules.APP_SESSION_LONGEST
    assert rules.session_live(session(created, NOW - SECOND), NOW - SECOND)
    assert not rules.session_live(session(created, NOW - SECOND), NOW)


def test_a_session_signed_out_is_not_live_though_just_used() -> None:
    assert not rules.session_live(session(NOW - SECOND, NOW, ended=NOW), NOW)


def test_a_session_is_touched_once_a_minute_at_most() -> None:
    used = session(NOW - timedelta(hours=1), NOW)
    assert not rules.due_touch(used, NOW + timedelta(seconds=59))
    assert rules.due_touch(used, NOW + timedelta(minutes=1))
