"""Worker documents over the API (issue 33), on SQLite and PostgreSQL: types, right-to-work checks and
their follow-up, evidence files (kept by content, refused with nothing kept: a wrong type, an oversize
file, a path in a file name, another account's file or document), booking and clocking refused once the
right to work lapsed, document_expired, the retention's deletion, and the audit rows of every write."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import Console, World
from workforce_adapters.file_store import FolderFileStore
from workforce_adapters.sql import tables
from workforce_core.services import document_jobs
from workforce_entrypoints.bootstrap import Services

TYPES = "/api/v1/document-types.php"
DOCUMENTS = "/api/v1/worker-documents.php"
EVIDENCE = "/api/v1/document-evidence.php"
SHIFTS = "/api/v1/shifts.php"
CLOCK = "/api/v1/clock.php"
AVAILABILITY = "/api/v1/availability.php"
NOON = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + bytes(17)
JPEG = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + bytes(32)


class Setup:
    def __init__(self, api: TestClient, world: World, clock: FakeClock, services: Services, folder: Path) -> None:
        self.api, self.world, self.clock, self.services, self.folder = api, world, clock, services, folder
        services.file_store = FolderFileStore(folder)  # the deployment's mounted volume, here a test's own folder
        clock.set(NOON)
        self.account = world.account(right_to_work_required=True)
        self.site = world.site(self.account.id, "Depot", geofence_mode="disabled")
        self.ann = world.worker(self.account.id, "Ann Able", location_id=self.site.id).worker
        self.headers = world.key(self.account.id)
        self.other = world.account("Rival")
        self.rival = world.key(self.other.id)
        self.rtw = self.post(TYPES, {"name": "Right to work", "kind": "right_to_work", "expires": False})["data"]

    def post(self, url: str, body: dict[str, Any], headers: dict[str, str] | None = None, status: int = 201) -> Any:
        reply = self.api.post(url, headers=headers or self.headers, json=body)
        assert reply.status_code == status, reply.text
        return reply.json()

    def share_code(self, expiry: str) -> dict[str, Any]:
        body = {
            "worker_id": self.ann.id,
            "type_id": self.rtw["id"],
            "check_method": "online_share_code",
            "reference": "W12345678",
            "checked_on": "2026-03-01",
            "checked_by": "Carol Coordinator",
            "expiry_date": expiry,
        }
        made: dict[str, Any] = self.post(DOCUMENTS, body)["data"]
        return made

    def upload(
        self, document_id: int, content: bytes, name: str = "scan", headers: dict[str, str] | None = None
    ) -> httpx.Response:
        return self.api.post(
            f"{EVIDENCE}?document_id={document_id}&file_name={name}", headers=headers or self.headers, content=content
        )

    def kept(self) -> tuple[int, list[Path]]:
        with self.services.engine.connect() as connection:
            rows = connection.execute(select(func.count()).select_from(tables.document_evidence)).scalar_one()
        return rows, sorted(self.folder.iterdir()) if self.folder.exists() else []


@pytest.fixture
def s(api: TestClient, world: World, clock: FakeClock, services: Services, tmp_path: Path) -> Setup:
    return Setup(api, world, clock, services, tmp_path / "files")


def test_a_share_code_check_is_recorded_read_followed_up_and_removed_each_with_an_audit_row(s: Setup) -> None:
    made = s.share_code("2026-08-31")
    assert {k: made[k] for k in ("kind", "check_method", "reference", "checked_by", "valid_today", "valid_until")} == {
        "kind": "right_to_work",
        "check_method": "online_share_code",
        "reference": "W12345678",
        "checked_by": "Carol Coordinator",
        "valid_today": True,
        "valid_until": "2026-08-31",
    }
    listed = s.api.get(f"{DOCUMENTS}?worker_id={s.ann.id}", headers=s.headers).json()
    assert [d["id"] for d in listed["data"]] == [made["id"]]
    assert listed["pagination"]["total"] == 1
    changed = s.api.put(
        f"{DOCUMENTS}?id={made['id']}",
        headers=s.headers,
        json={"expiry_date": "2027-08-31", "checked_on": "2026-03-02"},
    )
    assert changed.status_code == 200, changed.text
    assert changed.json()["data"]["follow_up_due"] == "2027-08-31"
    assert s.api.delete(f"{DOCUMENTS}?id={made['id']}", headers=s.headers).status_code == 200
    assert s.api.get(f"{DOCUMENTS}?worker_id={s.ann.id}", headers=s.headers).json()["data"] == []
    rows = [(r["entity"], r["action"]) for r in s.world.audit(s.account.id) if r["entity"] != "worker"]
    assert rows == [
        ("document_type", "create"),
        ("worker_document", "create"),
        ("worker_document", "update"),
        ("worker_document", "remove"),
    ]
    update = next(
        r for r in s.world.audit(s.account.id) if r["action"] == "update" and r["entity"] == "worker_document"
    )
    assert update["changes"]["expiry_date"] == {"before": "2026-08-31", "after": "2027-08-31"}
    assert update["api_key_id"] == s.world.key_id(s.headers)


def test_a_list_b_check_without_its_group_is_refused_naming_the_field_and_another_client_s_worker_is_not_found(
    s: Setup,
) -> None:
    body = {"worker_id": s.ann.id, "type_id": s.rtw["id"], "check_method": "manual_list_b"}
    refused = s.post(DOCUMENTS, {**body, "checked_on": "2026-03-01", "checked_by": "Carol"}, status=400)
    assert (refused["error_code"], refused["field"]) == ("validation_failed", "list_b_group")
    assert s.post(DOCUMENTS, body, headers=s.rival, status=404)["error_code"] == "not_found"
    assert s.api.get(f"{DOCUMENTS}?worker_id={s.ann.id}", headers=s.rival).status_code == 404


def test_evidence_is_kept_by_content_and_served_only_to_its_account_never_cached(s: Setup) -> None:
    document = s.share_code("2026-08-31")
    reply = s.upload(document["id"], JPEG, name="passport.png")
    assert reply.status_code == 201, reply.text
    kept = reply.json()["data"]
    assert (kept["content_type"], kept["size"], kept["file_name"]) == ("image/jpeg", len(JPEG), "passport.png")
    got = s.api.get(f"{EVIDENCE}?id={kept['id']}", headers=s.headers)
    assert got.status_code == 200
    assert got.content == JPEG
    assert got.headers["content-type"] == "image/jpeg"
    assert got.headers["cache-control"] == "no-store"
    assert got.headers["content-disposition"].startswith("attachment;")
    assert s.api.get(f"{EVIDENCE}?id={kept['id']}", headers=s.rival).status_code == 404
    shown = s.api.get(f"{DOCUMENTS}?id={document['id']}", headers=s.headers).json()["data"]
    assert [e["id"] for e in shown["evidence"]] == [kept["id"]]


@pytest.mark.parametrize(
    ("content", "name", "status", "field"),
    [
        (b"%!PS-Adobe-3.0 not a pdf", "scan.pdf", 400, "file"),
        (b"GIF89a" + bytes(64), "scan.png", 400, "file"),
        (PNG + bytes(1024 * 1024), "scan.png", 413, None),
        (PNG, "..%2F..%2Fetc%2Fpasswd", 400, "file_name"),
    ],
)
def test_a_refused_file_keeps_nothing(s: Setup, content: bytes, name: str, status: int, field: str | None) -> None:
    document = s.share_code("2026-08-31")
    reply = s.upload(document["id"], content, name=name)
    assert reply.status_code == status, reply.text
    assert reply.json().get("field") == field
    assert s.kept() == (0, [])


def test_another_account_s_document_takes_no_file(s: Setup) -> None:
    document = s.share_code("2026-08-31")
    reply = s.upload(document["id"], PNG, headers=s.rival)
    assert reply.status_code == 404
    assert s.kept() == (0, [])


def test_the_day_after_expiry_the_worker_cannot_be_booked_nor_clock_in_and_the_reply_says_why(s: Setup) -> None:
    s.share_code("2026-03-10")
    shift = {"worker_id": s.ann.id, "location_id": s.site.id, "start_time": "08:00", "end_time": "16:00"}
    booked = s.api.post(SHIFTS, headers=s.headers, json={**shift, "shift_date": "2026-03-10"})
    assert booked.status_code == 201, booked.text
    assert booked.json()["data"]["warning_codes"] == ["document_expiring"]
    refused = s.api.post(SHIFTS, headers=s.headers, json={**shift, "shift_date": "2026-03-11"})
    assert refused.status_code == 409
    assert refused.json()["block_codes"] == ["right_to_work"]
    assert "no valid right to work check" in refused.json()["message"]
    s.clock.set(datetime(2026, 3, 11, 8, 0, tzinfo=UTC))
    clocked = s.api.post(CLOCK, headers=s.headers, json={"action": "in", "worker_id": s.ann.id})
    assert clocked.status_code == 409, clocked.text
    assert (clocked.json()["error_code"], clocked.json()["block_codes"]) == ("not_eligible", ["right_to_work"])
    assert s.world.outbox("clock_in") == []


def test_document_expired_is_sent_once_and_a_leaver_s_evidence_goes_after_two_years(s: Setup) -> None:
    document = s.share_code("2026-03-10")
    assert s.upload(document["id"], PNG).status_code == 201
    s.clock.set(datetime(2026, 3, 10, 9, 0, tzinfo=UTC))
    assert document_jobs.send_document_expiries(uow=s.services.uow, clock=s.clock) == 1
    assert document_jobs.send_document_expiries(uow=s.services.uow, clock=s.clock) == 0
    [sent] = s.world.outbox("document_expired")
    assert sent["data"] == {
        "client_id": s.account.id,
        "document_id": document["id"],
        "worker_id": s.ann.id,
        "worker_name": "Ann Able",
        "employee_id": s.ann.employee_id,
        "type_id": s.rtw["id"],
        "type_name": "Right to work",
        "kind": "right_to_work",
        "expiry_date": "2026-03-10",
    }
    left = s.api.put(
        f"/api/v1/workers.php?id={s.ann.id}", headers=s.headers, json={"active": False, "end_date": "2026-03-10"}
    )
    assert left.status_code == 200, left.text
    s.clock.set(datetime(2028, 3, 11, 9, 0, tzinfo=UTC))
    assert document_jobs.delete_kept_evidence(uow=s.services.uow, clock=s.clock, file_store=s.services.file_store) == 1
    assert s.kept() == (1, [])  # the row stays, marked deleted; the bytes are gone
    deleted = [r for r in s.world.audit(s.account.id) if r["action"] == "delete_evidence"]
    assert [(r["entity_id"], r["user_id"], r["api_key_id"]) for r in deleted] == [(document["id"], None, None)]


def test_the_account_s_settings_turn_the_check_on_for_everyone_and_set_the_warning_days(
    api: TestClient, world: World, clock: FakeClock, console: Console
) -> None:
    clock.set(NOON)
    account = world.account()
    site = world.site(account.id, "Depot", geofence_mode="disabled")
    ann = world.worker(account.id, "Ann Able", location_id=site.id).worker
    headers = world.key(account.id)
    shift = {"worker_id": ann.id, "location_id": site.id, "start_time": "08:00", "end_time": "16:00"}
    booked = api.post(SHIFTS, headers=headers, json={**shift, "shift_date": "2026-03-10"})
    assert booked.status_code == 201, booked.text  # no check recorded, none asked for
    code, shown = console(
        "client", "update", str(account.id), "--right-to-work-required", "--document-warning-days", "7"
    )
    assert code == 0, shown
    assert (shown["right_to_work_required"], shown["document_warning_days"]) == (True, 7)
    refused = api.post(SHIFTS, headers=headers, json={**shift, "shift_date": "2026-03-11"})
    assert (refused.status_code, refused.json()["block_codes"]) == (409, ["right_to_work"])
    code, shown = console("client", "update", str(account.id), "--document-warning-days", "400")
    assert (code, shown["field"]) == (1, "document_warning_days")


def test_who_is_free_shows_the_documents_block_and_warning_a_booking_would_meet(s: Setup) -> None:
    bob = s.world.worker(s.account.id, "Bob Bold", location_id=s.site.id).worker  # no check: blocked
    s.share_code("2026-03-20")  # Ann: covered, ending within 28 days
    reply = s.api.get(
        f"{AVAILABILITY}?available_from=2026-03-10T08:00:00Z&available_to=2026-03-10T16:00:00Z", headers=s.headers
    )
    assert reply.status_code == 200, reply.text
    shown = {item["worker_id"]: (item["block_codes"], item["warning_codes"]) for item in reply.json()["data"]}
    assert shown == {s.ann.id: ([], ["document_expiring"]), bob.id: (["right_to_work"], [])}


def test_a_worker_clocked_in_by_hand_at_the_console_sends_time_entry_created_manual_clock_in(
    s: Setup, console: Console
) -> None:
    s.share_code("2026-08-31")
    args = [
        "--worker",
        str(s.ann.id),
        "--location",
        str(s.site.id),
        "--reason",
        "Kiosk down",
        "--at",
        "2026-03-02 11:45",
    ]
    code, made = console("timesheet", "clock-in", *args)
    assert code == 0, made
    assert (made["clock_in"], made["clock_method"], made["clock_out"]) == ("2026-03-02 11:45:00", "manual", None)
    [sent] = s.world.outbox("time_entry.created")
    assert (sent["data"]["change"], sent["data"]["reason"], sent["data"]["entry_id"]) == (
        "manual_clock_in",
        "Kiosk down",
        made["id"],
    )
    assert s.world.outbox("clock_in") == []
    code, refused = console("timesheet", "clock-in", *args[:6], "--at", "2026-03-02 10:30")
    assert (code, refused["field"]) == (1, "clock_in")
