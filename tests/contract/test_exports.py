"""Exports end to end, on SQLite and PostgreSQL: ``export create`` of a locked week (pkg_a, pkg_b,
payroll), the file's digest and total against /payroll.php and /charges.php, the refusal of an
unlocked week, new batches leaving older ones unchanged, ``file_ok`` over the stored bytes, a crash
mid-export leaving nothing, /pay-weeks.php's batches and GET /export-batches.php."""

from __future__ import annotations

import csv
import hashlib
import io
import json
from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select, update
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import Console, World
from tests.contract.helpers import assert_error
from tests.contract.test_pricing import RULE_R
from workforce_adapters.csv_files import Cell
from workforce_adapters.export_files import CsvExportFiles
from workforce_adapters.sql import tables
from workforce_core.commands.exports import CreateExport
from workforce_core.services import exports

NOW = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)  # a Friday; last week is Monday 9 to Sunday 15 November
WEEK = "2026-11-11"
BATCHES = "/api/v1/export-batches.php"


class Agency:
    """Rule R, two sites, three workers with weekday, Saturday and night shifts last week, all approved."""

    def __init__(self, world: World, console: Console, tmp: Path, clock: FakeClock, api: TestClient) -> None:
        clock.set(NOW)
        self.world, self.console, self.tmp, self.api = world, console, tmp, api
        self.client = world.account("Export Ltd", walk_in_policy="pay")
        (tmp / "rule.json").write_text(json.dumps(RULE_R))
        assert console("rate-rule", "create", "--client", str(self.client.id), "--file", str(tmp / "rule.json"))[0] == 0
        north = world.site(self.client.id, "North", geofence_mode="disabled")
        south = world.site(self.client.id, "South", geofence_mode="disabled")
        self.sites = (north, south)
        self.workers = [
            world.worker(self.client.id, name, location_id=site.id).worker
            for name, site in (("Ann", north), ("Bob", south), ("=Cy", north))
        ]
        self.headers = world.key(self.client.id)
        self.entry_ids: list[int] = []
        for n, worker in enumerate(self.workers):
            site = self.sites[n % 2]
            for clock_in, clock_out in (
                ("2026-11-10 08:00", "2026-11-10 16:37"),
                ("2026-11-14 09:00", "2026-11-14 13:10"),  # Saturday
                ("2026-11-11 21:00", "2026-11-12 05:20"),  # a night
            ):
                code, entry = console(
                    *("timesheet", "backfill", "--worker", str(worker.id), "--location", str(site.id)),
                    *("--clock-in", clock_in, "--clock-out", clock_out),
                )
                assert code == 0, entry
                self.entry_ids.append(entry["id"])

    def week(self, *args: str) -> tuple[int, Any]:
        return self.console(*args, "--client", str(self.client.id), "--week", WEEK)

    def export(self, kind: str, out: Path | None = None) -> tuple[int, Any]:
        more = ("--out", str(out)) if out is not None else ()
        return self.week("export", "create", "--kind", kind, *more)

    def get(self, path: str, headers: dict[str, str] | None = None) -> Any:
        reply = self.api.get(path, headers=headers or self.headers)
        assert reply.status_code == 200, reply.text
        return reply.json()

    def payroll_lines(self) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = []
        while True:
            page = self.get(f"/api/v1/payroll.php?week={WEEK}&limit=2&offset={len(found)}")
            found.extend(page["data"])
            if len(found) >= page["pagination"]["total"]:
                return found

    def stamped(self) -> dict[int, int | None]:
        te = tables.time_entries
        with self.world.services.engine.connect() as connection:
            rows = connection.execute(select(te.c.id, te.c.exported_batch_id).where(te.c.id.in_(self.entry_ids)))
            return dict(rows.all())  # type: ignore[arg-type]

    def batch_count(self) -> int:
        with self.world.services.engine.connect() as connection:
            return int(connection.execute(select(func.count()).select_from(tables.export_batches)).scalar_one())


@pytest.fixture
def agency(world: World, console: Console, tmp_path: Path, clock: FakeClock, api: TestClient) -> Agency:
    return Agency(world, console, tmp_path, clock, api)


def read_csv(path: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(path.read_bytes().decode("utf-8"), newline="")))


def test_a_pkg_a_file_matches_its_batch_and_payroll_and_the_week_becomes_exported(agency: Agency) -> None:
    assert agency.week("pay-week", "close")[0] == 0
    out = agency.tmp / "pay.csv"
    code, batch = agency.export("pkg_a", out)
    assert code == 0, batch
    content = out.read_bytes()
    assert hashlib.sha256(content).hexdigest() == batch["file_sha256"]
    rows = read_csv(out)
    assert list(rows[0]) == [
        "employee_ref", "pay_element_ref", "description", "hours", "rate", "amount",
        "department", "cost_centre", "period_start", "period_end",
    ]  # fmt: skip
    lines = agency.payroll_lines()
    gross = sum((Decimal(str(line["gross_pay"])) for line in lines), Decimal(0))
    assert sum((Decimal(row["amount"]) for row in rows), Decimal(0)) == gross == Decimal(str(batch["total_pay"]))
    assert len(rows) == sum(len(line["pay_elements"]) for line in lines)
    assert {row["pay_element_ref"] for row in rows} >= {"regular", "weekend", "night"}
    assert {row["rate"] for row in rows if row["pay_element_ref"] == "regular"} == {"12.00"}  # never "12"
    assert {(row["period_start"], row["period_end"]) for row in rows} == {("2026-11-09", "2026-11-15")}
    assert (batch["kind"], batch["format"], batch["line_count"], batch["entry_count"]) == ("pkg_a", "pkg_a_50", 3, 9)
    assert (batch["stamps_entries"], batch["reason"], batch["client_id"]) == (True, None, agency.client.id)
    assert set(agency.stamped().values()) == {batch["id"]}
    detail = agency.get(f"{BATCHES}?id={batch['id']}")["data"]
    assert (detail["file_ok"], detail["entry_ids"]) == (True, sorted(agency.entry_ids))
    assert detail["total_charge"] == batch["total_charge"] > batch["total_pay"]
    week = agency.get(f"/api/v1/pay-weeks.php?week_start={WEEK}")["data"][0]
    assert week["status"] == "exported"
    assert [b["id"] for b in week["batches"]] == [batch["id"]]
    assert week["batches"][0]["total_pay"] == batch["total_pay"]
    event = agency.world.outbox("export.created")[0]["data"]
    assert (event["id"], event["client_id"], event["file_sha256"]) == (
        batch["id"],
        agency.client.id,
        batch["file_sha256"],
    )
    assert not {"total_charge", "entry_ids"} & set(event)
    assert not [p.name for p in agency.tmp.iterdir() if p.name.endswith(".part")]


def test_pkg_b_holds_the_charge_lines_and_payroll_the_payroll_lines(agency: Agency) -> None:
    assert agency.week("pay-week", "close")[0] == 0
    code, charged = agency.export("pkg_b", agency.tmp / "charges.csv")
    assert code == 0, charged
    rows = read_csv(agency.tmp / "charges.csv")
    schedule = agency.get(f"/api/v1/charges.php?week_start={WEEK}")["data"]
    assert [Decimal(row["amount"]) for row in rows] == [Decimal(str(line["amount"])) for line in schedule["lines"]]
    assert sum((Decimal(row["amount"]) for row in rows), Decimal(0)) == Decimal(str(charged["total_charge"]))
    assert {row["reference"] for row in rows} == {schedule["reference"]}
    assert "'=Cy" in {row["worker_name"] for row in rows}  # a formula-looking name reaches the sheet as text
    assert (charged["format"], charged["stamps_entries"], charged["line_count"]) == ("pkg_b_charges", True, len(rows))
    assert set(agency.stamped().values()) == {charged["id"]}  # the latest pkg_a or pkg_b file holding it
    code, paid = agency.export("payroll", agency.tmp / "payroll.csv")
    assert code == 0, paid
    assert paid["stamps_entries"] is False
    assert set(agency.stamped().values()) == {charged["id"]}  # a payroll lines file names nothing
    rows = read_csv(agency.tmp / "payroll.csv")
    lines = agency.payroll_lines()
    assert [(int(r["worker_id"]), Decimal(r["gross_pay"])) for r in rows] == [
        (line["worker_id"], Decimal(str(line["gross_pay"]))) for line in lines
    ]
    assert (
        Decimal(str(paid["total_pay"]))
        == Decimal(str(charged["total_pay"]))
        == sum((Decimal(r["gross_pay"]) for r in rows), Decimal(0))
    )
    assert (paid["format"], paid["line_count"]) == ("payroll_lines", 3)


def test_an_unlocked_week_is_refused_and_nothing_is_made(agency: Agency) -> None:
    code, error = agency.export("pkg_a", agency.tmp / "pay.csv")
    assert code == 1
    assert (error["error_code"], error["reason_code"]) == ("conflict", "not_locked")
    assert not (agency.tmp / "pay.csv").exists()
    assert agency.batch_count() == 0
    code, error = agency.export("pkg_c")
    assert (code, error["error_code"]) == (1, "validation_failed")


def test_exporting_again_makes_a_new_batch_and_unlock_relock_start_over(agency: Agency) -> None:
    assert agency.week("pay-week", "close")[0] == 0
    first = agency.export("pkg_a")[1]
    second = agency.export("pkg_a")[1]
    assert second["id"] != first["id"]
    assert (first["file_sha256"], first["total_pay"]) == (second["file_sha256"], second["total_pay"])
    assert second["file_name"] != first["file_name"]
    listed = agency.get(BATCHES)["data"]
    assert [b["id"] for b in listed] == [second["id"], first["id"]]
    assert listed[1] == {**first, "total_charge": first["total_charge"]}
    assert agency.get(f"{BATCHES}?id={first['id']}")["data"]["entry_ids"] == sorted(agency.entry_ids)
    assert set(agency.stamped().values()) == {second["id"]}
    code, unlocked = agency.week("pay-week", "unlock")
    assert (code, unlocked["status"]) == (0, "ready_to_lock")
    assert [b["id"] for b in unlocked["batches"]] == [second["id"], first["id"]]  # history stays listed
    code, relocked = agency.week("pay-week", "lock")
    assert (code, relocked["status"]) == (0, "locked")  # no batch since this lock
    assert agency.export("payroll")[0] == 0
    assert agency.get(f"/api/v1/pay-weeks.php?week_start={WEEK}")["data"][0]["status"] == "exported"


def test_file_ok_is_false_once_the_stored_bytes_are_altered(agency: Agency) -> None:
    assert agency.week("pay-week", "close")[0] == 0
    batch = agency.export("pkg_a")[1]
    files = tables.export_files
    with agency.world.services.engine.begin() as connection:
        content = connection.execute(select(files.c.content).where(files.c.batch_id == batch["id"])).scalar_one()
        altered = bytes(content).replace(b"Regular", b"Regulax")
        assert altered != content
        connection.execute(update(files).where(files.c.batch_id == batch["id"]).values(content=altered))
    assert agency.get(f"{BATCHES}?id={batch['id']}")["data"]["file_ok"] is False


class FailingFiles(CsvExportFiles):
    """Breaks after a few rows, as a full disk or a killed process would."""

    def write(
        self, name: str, header: Sequence[str], rows: Iterable[Sequence[Cell]], *, header_row: bool = True
    ) -> str:
        def breaking() -> Iterator[Sequence[Cell]]:
            for n, row in enumerate(rows):
                if n == 2:
                    raise OSError("no space left on device")
                yield row

        return super().write(name, header, breaking(), header_row=header_row)


def test_a_crash_mid_export_leaves_no_batch_no_stamp_and_no_file(agency: Agency) -> None:
    assert agency.week("pay-week", "close")[0] == 0
    s, out = agency.world.services, agency.tmp / "pay.csv"
    wanted = CreateExport(client_id=agency.client.id, week=NOW.date().replace(day=11), kind="pkg_a")
    with pytest.raises(OSError, match="no space"):
        exports.create_export(wanted, uow=s.uow, queries=s.queries, files=FailingFiles(out), clock=s.clock)

    def dies_at_the_end(done: int, total: int) -> None:
        if done == total:  # inside the transaction, after the batch and the stamps were written
            raise RuntimeError("killed")

    with pytest.raises(RuntimeError, match="killed"):
        exports.create_export(
            wanted, uow=s.uow, queries=s.queries, files=CsvExportFiles(out), clock=s.clock, progress=dies_at_the_end
        )
    assert agency.batch_count() == 0
    assert set(agency.stamped().values()) == {None}
    assert agency.world.outbox("export.created") == []
    assert list(agency.tmp.iterdir()) == [agency.tmp / "rule.json"]  # no pay file, no temporary file
    assert agency.get(f"/api/v1/pay-weeks.php?week_start={WEEK}")["data"][0]["status"] == "locked"


def test_the_batch_reads_filter_page_and_hide_what_a_key_may_not_see(agency: Agency) -> None:
    assert agency.week("pay-week", "close")[0] == 0
    a, b = agency.export("pkg_a")[1], agency.export("pkg_b")[1]
    assert [x["id"] for x in agency.get(f"{BATCHES}?kind=pkg_b")["data"]] == [b["id"]]
    assert [x["id"] for x in agency.get(f"{BATCHES}?from=2026-11-15&to=2026-11-15")["data"]] == [b["id"], a["id"]]
    assert agency.get(f"{BATCHES}?from=2026-11-16")["data"] == []
    assert agency.get(f"{BATCHES}?to=2026-11-08")["data"] == []
    page = agency.get(f"{BATCHES}?limit=1&offset=1")
    assert ([x["id"] for x in page["data"]], page["pagination"]["total"]) == ([a["id"]], 2)
    payroll_only = agency.world.key(agency.client.id, ("payroll:read",))
    shown = agency.get(BATCHES, payroll_only)["data"][0]
    assert "total_charge" not in shown
    assert shown["total_pay"] == b["total_pay"]
    limited = agency.world.key(agency.client.id, ("payroll:read",), location_ids=(agency.sites[0].id,))
    week = agency.get(f"/api/v1/pay-weeks.php?week_start={WEEK}", limited)["data"][0]
    assert [x["id"] for x in week["batches"]] == [b["id"], a["id"]]
    assert not {"total_pay", "total_charge"} & set(week["batches"][0])
    for query, parameter in (("kind=pkg_c", "kind"), ("from=2026-02-30", "from"), ("limit=0", "limit"),
                             ("from=2026-11-20&to=2026-11-01", "to"), ("id=abc", "id")):  # fmt: skip
        assert_error(
            agency.api.get(f"{BATCHES}?{query}", headers=agency.headers), 400, "invalid_parameter", parameter=parameter
        )
    assert agency.api.get(f"{BATCHES}?id=999999", headers=agency.headers).status_code == 404
    timesheets_only = agency.world.key(agency.client.id, ("timesheets:read",))
    assert agency.api.get(BATCHES, headers=timesheets_only).status_code == 403


def test_the_file_is_the_same_whatever_the_page_size_it_is_read_in(
    agency: Agency, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert agency.week("pay-week", "close")[0] == 0
    whole = agency.export("pkg_a")[1]
    monkeypatch.setattr(exports, "PAGE", 2)  # three lines: two pages
    paged = agency.export("pkg_a")[1]
    assert (paged["file_sha256"], paged["line_count"], paged["entry_count"]) == (whole["file_sha256"], 3, 9)
    assert paged["total_pay"] == whole["total_pay"]


def test_a_batch_file_is_served_over_http_with_its_digest_and_only_to_its_account(agency: Agency) -> None:
    assert agency.week("pay-week", "close")[0] == 0
    out = agency.tmp / "payroll.csv"
    code, batch = agency.export("payroll", out)
    assert code == 0, batch
    reply = agency.api.get(f"{BATCHES}?id={batch['id']}&action=file", headers=agency.headers)
    assert reply.status_code == 200
    assert reply.content == out.read_bytes()
    assert reply.headers["content-type"].startswith("text/csv")
    assert reply.headers["content-disposition"] == f'attachment; filename="{batch["file_name"]}"'
    assert reply.headers["x-file-sha256"] == hashlib.sha256(reply.content).hexdigest() == batch["file_sha256"]
    rival = agency.world.account("Rival")
    other = agency.api.get(f"{BATCHES}?id={batch['id']}&action=file", headers=agency.world.key(rival.id))
    assert_error(other, 404, "not_found")
    missing = agency.api.get(f"{BATCHES}?action=file", headers=agency.headers)
    assert_error(missing, 404, "not_found")
    unknown = agency.api.get(f"{BATCHES}?id={batch['id']}&action=zip", headers=agency.headers)
    assert_error(unknown, 400, "invalid_parameter", parameter="action")


def test_an_export_reports_one_count_over_all_its_work_from_the_start(agency: Agency) -> None:
    """The console's progress bar: shown from the first step (pricing what is stale), never going back,
    and full when the batch is stored."""
    assert agency.week("pay-week", "close")[0] == 0
    s = agency.world.services
    heard: list[tuple[int, int]] = []
    wanted = CreateExport(client_id=agency.client.id, week=NOW.date().replace(day=11), kind="payroll")
    batch = exports.create_export(
        wanted,
        uow=s.uow,
        queries=s.queries,
        files=CsvExportFiles(agency.tmp / "pay.csv"),
        clock=s.clock,
        progress=lambda done, total: heard.append((done, total)),
    )
    assert heard[0][0] == 0
    assert [done for done, _ in heard] == sorted(done for done, _ in heard)
    assert all(done <= total for done, total in heard)
    assert heard[-1][0] == heard[-1][1] >= batch.line_count
