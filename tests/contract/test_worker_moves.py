"""A worker moved to another client account, and a worker's data for the worker, over HTTP on SQLite and
PostgreSQL: after the move the old account's keys see the closed copy only as moved out and cannot book
nor clock it, while its shifts stay there; the new account's keys see the new worker and none of the old
shifts; neither reads the other's records by id. The subject-access ZIP (its JSON, CSV and evidence
bytes), refused for another account's worker; the CLI's move and export; anonymising erasing evidence."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import Console, World
from tests.contract.console_pages import console as browser
from tests.contract.console_pages import sign_in_as
from workforce_adapters.file_store import FolderFileStore
from workforce_core.model.people import Role
from workforce_entrypoints.bootstrap import Services

WORKERS, SHIFTS, CLOCK = "/api/v1/workers.php", "/api/v1/shifts.php", "/api/v1/clock.php"
TIMESHEETS = "/api/v1/timesheets.php"
TYPES, DOCUMENTS = "/api/v1/document-types.php", "/api/v1/worker-documents.php"
EVIDENCE = "/api/v1/document-evidence.php"
NOON = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + bytes(17)


class Moves:
    def __init__(self, api: TestClient, world: World, clock: FakeClock, services: Services, folder: Path) -> None:
        self.api, self.world, self.clock, self.services = api, world, clock, services
        services.file_store = FolderFileStore(folder)
        self.folder = folder
        clock.set(NOON)
        self.old = world.account("Acme")
        self.new = world.account("Rival")
        self.site = world.site(self.old.id, "Depot", geofence_mode="disabled")
        self.their_site = world.site(self.new.id, "Yard", geofence_mode="disabled")
        self.ann = world.worker(self.old.id, "Ann Able", employee_id="B-7", location_id=self.site.id).worker
        self.a, self.b = world.key(self.old.id), world.key(self.new.id)

    def ok(self, reply: Any, status: int = 200) -> Any:
        assert reply.status_code == status, reply.text
        return reply.json()["data"]

    def worked_shift(self) -> int:
        self.ok(self.api.post(CLOCK, headers=self.a, json={"action": "in", "worker_id": self.ann.id}), 201)
        self.clock.set(NOON + timedelta(hours=4))
        out = self.ok(self.api.post(CLOCK, headers=self.a, json={"action": "out", "worker_id": self.ann.id}))
        entry_id: int = out["entry_id"]
        return entry_id

    def book(self, headers: dict[str, str], worker_id: int, site_id: int, day: str) -> Any:
        body = {
            "worker_id": worker_id,
            "location_id": site_id,
            "shift_date": day,
            "start_time": "08:00",
            "end_time": "16:00",
        }
        return self.api.post(SHIFTS, headers=headers, json=body)

    def worker(self, headers: dict[str, str], worker_id: int) -> Any:
        return self.api.get(WORKERS, headers=headers, params={"id": worker_id})


@pytest.fixture
def m(api: TestClient, world: World, clock: FakeClock, services: Services, tmp_path: Path) -> Moves:
    return Moves(api, world, clock, services, tmp_path / "files")


def test_after_a_move_each_account_sees_only_its_own_copy_and_the_old_shifts_stay(m: Moves, console: Console) -> None:
    entry_id = m.worked_shift()
    booking = m.ok(m.book(m.a, m.ann.id, m.site.id, "2026-03-04"), 201)
    code, moved = console("worker", "move", str(m.ann.id), "--to-client", str(m.new.id))
    assert code == 0, moved
    new_id = moved["new"]["id"]
    assert (moved["old"]["moved_out"], moved["new"]["moved_out"], moved["new"]["employee_id"]) == (True, False, "B-7")

    old = m.ok(m.worker(m.a, m.ann.id))
    assert (old["active"], old["moved_out"], old["end_date"]) == (False, True, "2026-03-02")
    refused = m.book(m.a, m.ann.id, m.site.id, "2026-03-05")
    assert refused.status_code == 409
    assert "inactive" in refused.json()["block_codes"]
    reopened = m.api.put(WORKERS, headers=m.a, params={"id": m.ann.id}, json={"active": True})
    assert (reopened.status_code, reopened.json()["error_code"]) == (409, "conflict")
    clocked = m.api.post(CLOCK, headers=m.a, json={"action": "in", "worker_id": m.ann.id})
    assert clocked.status_code == 409, clocked.text
    assert [s["id"] for s in m.ok(m.api.get(SHIFTS, headers=m.a, params={"worker_id": m.ann.id}))] == [booking["id"]]
    assert [e["id"] for e in m.ok(m.api.get(TIMESHEETS, headers=m.a, params={"worker_id": m.ann.id}))] == [entry_id]

    new = m.ok(m.worker(m.b, new_id))
    assert (new["name"], new["active"], new["moved_out"], new["location_id"]) == ("Ann Able", True, False, None)
    assert m.ok(m.api.get(SHIFTS, headers=m.b)) == []
    assert m.ok(m.api.get(TIMESHEETS, headers=m.b)) == []
    assert m.ok(m.book(m.b, new_id, m.their_site.id, "2026-03-05"), 201)["worker_id"] == new_id

    assert m.worker(m.b, m.ann.id).status_code == 404
    assert m.worker(m.a, new_id).status_code == 404
    assert m.api.get(SHIFTS, headers=m.b, params={"id": booking["id"]}).status_code == 404
    assert m.api.get(TIMESHEETS, headers=m.b, params={"id": entry_id}).status_code == 404
    assert m.book(m.a, new_id, m.site.id, "2026-03-06").status_code == 404

    told = m.world.outbox("worker.updated")
    assert [(e["client_id"], e["data"]["id"], e["data"]["moved_out"]) for e in told] == [
        (m.old.id, m.ann.id, True),
        (m.new.id, new_id, False),
    ]
    assert "moved_in" in [r["action"] for r in m.world.audit(m.new.id)]  # and the booking made since


def test_a_moved_worker_cannot_move_again_nor_into_their_own_account(m: Moves, console: Console) -> None:
    code, refused = console("worker", "move", str(m.ann.id), "--to-client", str(m.old.id))
    assert (code, refused["error_code"]) == (1, "validation_failed")
    assert console("worker", "move", str(m.ann.id), "--to-client", str(m.new.id))[0] == 0
    code, again = console("worker", "move", str(m.ann.id), "--to-client", str(m.new.id))
    assert (code, again["error_code"]) == (1, "conflict")


def test_an_operator_admin_moves_a_worker_from_the_console_and_an_owner_cannot(m: Moves) -> None:
    page = f"/console/{m.old.id}/workers/{m.ann.id}"
    with browser(m.services) as owner:
        sign_in_as(m.services, Role.OWNER, m.old.id, owner)
        assert "Move to another client account" not in owner.get(page).text
        refused = owner.post(page + "/move", {"client_id": m.new.id}, token=owner.csrf(page))
        assert refused.status_code == 403
    assert m.ok(m.worker(m.a, m.ann.id))["moved_out"] is False
    with browser(m.services) as operator:
        sign_in_as(m.services, Role.OPERATOR, None, operator)
        shown = operator.get(page).text
        assert "Move to another client account" in shown
        assert f'<option value="{m.new.id}">Rival</option>' in shown
        landed = operator.followed(operator.post(page + "/move", {"client_id": m.new.id}, token=operator.csrf(page)))
        assert "worker moved here from another client account" in landed.text
        assert "Ann Able" in landed.text
    assert m.ok(m.worker(m.a, m.ann.id))["moved_out"] is True


def _upload(m: Moves) -> dict[str, Any]:
    kind = m.ok(m.api.post(TYPES, headers=m.a, json={"name": "Forklift", "kind": "licence", "expires": False}), 201)
    body = {"worker_id": m.ann.id, "type_id": kind["id"], "reference": "FL-1"}
    document: dict[str, Any] = m.ok(m.api.post(DOCUMENTS, headers=m.a, json=body), 201)
    sent = m.api.post(f"{EVIDENCE}?document_id={document['id']}&file_name=licence", headers=m.a, content=PNG)
    assert sent.status_code == 201, sent.text
    return document


def test_the_worker_s_data_is_one_zip_of_json_csv_and_evidence_and_the_export_is_audited(m: Moves) -> None:
    entry_id = m.worked_shift()
    document = _upload(m)
    page = f"/console/{m.old.id}/workers/{m.ann.id}"
    with browser(m.services) as owner:
        sign_in_as(m.services, Role.OWNER, m.old.id, owner)
        assert "s data (ZIP)</button>" in owner.get(page).text
        reply = owner.post(page + "/export", token=owner.csrf(page))
    assert reply.status_code == 200, reply.text[:300]
    assert reply.headers["content-type"] == "application/zip"
    assert reply.headers["cache-control"] == "no-store"
    assert reply.headers["content-disposition"].startswith(f'attachment; filename="worker-{m.ann.id}-B-7-')
    archive = zipfile.ZipFile(io.BytesIO(reply.content))
    names = set(archive.namelist())
    assert {
        "worker.json",
        "worker.csv",
        "time_entries.json",
        "documents.csv",
        "messages.json",
        "pay_figures.json",
    } <= names
    worker = json.loads(archive.read("worker.json"))
    assert (worker[0]["name"], worker[0]["employee_id"]) == ("Ann Able", "B-7")
    assert "pin_hash" not in worker[0]
    rows = list(csv.DictReader(io.StringIO(archive.read("worker.csv").decode("utf-8-sig"))))
    assert (rows[0]["id"], rows[0]["name"]) == (str(m.ann.id), "Ann Able")
    assert [e["id"] for e in json.loads(archive.read("time_entries.json"))] == [entry_id]
    assert [d["reference"] for d in json.loads(archive.read("documents.json"))] == ["FL-1"]
    (listed,) = json.loads(archive.read("evidence_files.json"))
    assert "token" not in listed
    assert listed["file"].startswith(f"evidence/{document['id']}-")
    assert archive.read(listed["file"]) == PNG
    exported = [r for r in m.world.audit(m.old.id) if r["action"] == "exported"]
    assert [(r["entity"], r["entity_id"]) for r in exported] == [("worker", m.ann.id)]
    assert exported[0]["user_id"] is not None


def test_another_account_s_worker_export_is_not_found(m: Moves) -> None:
    theirs = m.world.worker(m.new.id, "Theirs Only").worker
    with browser(m.services) as owner:
        sign_in_as(m.services, Role.OWNER, m.old.id, owner)
        token = owner.csrf(f"/console/{m.old.id}/workers/{m.ann.id}")
        assert owner.post(f"/console/{m.old.id}/workers/{theirs.id}/export", token=token).status_code == 404
        assert owner.post(f"/console/{m.new.id}/workers/{theirs.id}/export", token=token).status_code == 404
    assert [r for r in m.world.audit(m.old.id) + m.world.audit(m.new.id) if r["action"] == "exported"] == []


def test_the_cli_writes_the_zip_and_anonymising_erases_the_evidence(m: Moves, console: Console, tmp_path: Path) -> None:
    _upload(m)
    out = tmp_path / "ann.zip"
    code, told = console("worker", "export", str(m.ann.id), "--client", str(m.old.id), "--out", str(out))
    assert code == 0, told
    assert told["bytes"] == out.stat().st_size
    assert json.loads(zipfile.ZipFile(out).read("worker.json"))[0]["name"] == "Ann Able"
    assert len(list(m.folder.iterdir())) == 1
    assert console("worker", "anonymise", str(m.ann.id))[0] == 0
    assert list(m.folder.iterdir()) == []
    docs = m.ok(m.api.get(DOCUMENTS, headers=m.a, params={"worker_id": m.ann.id}))
    assert docs == []


def test_a_coordinator_s_export_has_no_pay_and_a_payroll_user_cannot_export(m: Moves) -> None:
    m.worked_shift()
    page = f"/console/{m.old.id}/workers/{m.ann.id}"
    with browser(m.services) as coordinator:
        sign_in_as(m.services, Role.COORDINATOR, m.old.id, coordinator)
        reply = coordinator.post(page + "/export", token=coordinator.csrf(page))
    assert reply.status_code == 200, reply.text[:300]
    names = zipfile.ZipFile(io.BytesIO(reply.content)).namelist()
    assert "time_entries.csv" in names
    assert not [name for name in names if name.startswith("pay_figures")]
    with browser(m.services) as payroll:
        sign_in_as(m.services, Role.PAYROLL, m.old.id, payroll)
        assert "s data (ZIP)</button>" not in payroll.get(page).text
        refused = payroll.post(page + "/export", token=payroll.csrf(page))
    assert refused.status_code == 403
    assert len([r for r in m.world.audit(m.old.id) if r["action"] == "exported"]) == 1
