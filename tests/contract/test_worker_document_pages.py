"""A worker's documents on the console over HTTP (issue 33), on SQLite and PostgreSQL: a coordinator
adds the account's document types, a right-to-work check with a share code and a licence, sees their
status in words, changes one, keeps an evidence file and downloads it (an attachment never cached, by a
random id only a person who sees the worker can use), takes one off; a file of the wrong type is refused
in words with nothing kept; another account's document and evidence are 404; and a coordinator clocks a
worker in by hand, the event naming them (``user_id``; the spec leaves ``via`` out of a manual clock-in);
once the check lapsed, the site's kiosk and the worker app refuse the clock-in saying why (the kiosk in the
site's language)."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import func, select

from tests.clocks import FakeClock
from tests.contract.conftest import World
from tests.contract.console_pages import Person, console, sign_in_as
from tests.contract.kiosk_support import enrolled, give_pin
from tests.contract.worker_phone import phone
from tests.worker_app_world import AT_NORTH, NORTH, link_path
from workforce_adapters.file_store import FolderFileStore
from workforce_adapters.sql import tables
from workforce_entrypoints.bootstrap import Services

NOW = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)  # a Monday, GMT
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + bytes(17)
EVIDENCE = re.compile(r'href="(/console/\d+/evidence/[^"]+)"')


@pytest.fixture
def acme(world: World, clock: FakeClock, services: Services, tmp_path: Path) -> dict[str, int]:
    clock.set(NOW)
    services.file_store = FolderFileStore(tmp_path / "files")
    client = world.account("Acme", right_to_work_required=True)
    site = world.site(client.id, "Depot", geofence_mode="disabled")
    ann = world.worker(client.id, "Ann Able", employee_id="B-1", location_id=site.id).worker
    other = world.account("Rival")
    rival_site = world.site(other.id, "Yard")
    rob = world.worker(other.id, "Rob Rival", location_id=rival_site.id).worker
    return {"client": client.id, "site": site.id, "ann": ann.id, "other": other.id, "rob": rob.id}


def kept(services: Services, tmp_path: Path) -> tuple[int, list[Path]]:
    with services.engine.connect() as connection:
        rows = connection.execute(select(func.count()).select_from(tables.document_evidence)).scalar_one()
    folder = tmp_path / "files"
    return rows, sorted(folder.iterdir()) if folder.exists() else []


def add_type(person: Person, client: int, name: str, kind: str, roles: str = "", expires: bool = True) -> None:
    page = f"/console/{client}/setup/document-types"
    sent = {"name": name, "kind": kind, "job_roles": roles, **({"expires": "1"} if expires else {})}
    listed = person.followed(person.post(page, sent, token=person.csrf(page))).text
    assert "Done: document type added" in listed


def documents_of(person: Person, client: int, worker: int) -> str:
    page = person.get(f"/console/{client}/workers/{worker}/documents")
    assert page.status_code == 200, page.text[:300]
    return page.text


def _type_id(text: str) -> str:
    """The right to work type the page's form sends."""
    found = re.search(r'name="type_id" value="(\d+)"', text)
    assert found is not None, text[:500]
    return found.group(1)


def add_share_code(person: Person, client: int, worker: int, expiry: str) -> str:
    page = f"/console/{client}/workers/{worker}/documents"
    sent = {
        "type_id": _type_id(documents_of(person, client, worker)),
        "check_method": "online_share_code",
        "reference": "W12345678",
        "checked_on": "2026-03-01",
        "checked_by": "Carol Coordinator",
        "expiry_date": expiry,
    }
    return person.followed(person.post(page, sent, token=person.csrf(page))).text


def document_id(text: str) -> int:
    found = re.search(r"/documents/(\d+)/change", text)
    assert found is not None, text[:500]
    return int(found.group(1))


def a_checked_worker(
    services: Services, acme: dict[str, int], person: Person, expiry: str = "2027-03-01"
) -> tuple[int, int]:
    """A coordinator signed in on ``person`` adds the right to work type and Ann's share code check
    (permission to ``expiry``): the coordinator's id and the check's."""
    client = acme["client"]
    coordinator = sign_in_as(services, "coordinator", client, person)
    add_type(person, client, "Right to work", "right_to_work", expires=False)
    return coordinator, document_id(add_share_code(person, client, acme["ann"], expiry))


def test_a_coordinator_records_a_share_code_check_and_a_licence_sees_their_status_and_changes_them(
    services: Services, world: World, acme: dict[str, int]
) -> None:
    client, ann = acme["client"], acme["ann"]
    with console(services) as person:
        sign_in_as(services, "coordinator", client, person)
        assert "add one" in documents_of(person, client, ann)
        add_type(person, client, "Right to work", "right_to_work", expires=False)
        add_type(person, client, "Forklift licence", "licence", roles="Forklift Driver")
        types = person.get(f"/console/{client}/setup/document-types").text
        assert "Forklift Driver" in types
        base = f"/console/{client}/workers/{ann}/documents"
        early = {"type_id": _type_id(documents_of(person, client, ann)), "check_method": "idsp", "checked_by": "Carol"}
        refused = person.post(base, {**early, "checked_on": "2026-03-03"}, token=person.csrf(base))
        assert refused.status_code == 400
        assert "“Check date” is the day the check was made, not a later day." in refused.text
        page = add_share_code(person, client, ann, "2026-03-20")
        assert "Done: document added" in page
        assert "expiring in 18 days" in page  # within the account's 28 days
        assert "Online check with the worker&#39;s share code" in page
        assert "W12345678" in page
        assert "Carol Coordinator" in page
        rtw = document_id(page)
        licence_type = re.search(r'<select id="l-type" name="type_id" required><option value="(\d+)"', page)
        assert licence_type is not None
        sent = {"type_id": licence_type.group(1), "reference": "FL-1", "issue_date": "2025-01-01"}
        refused = person.post(base, sent, token=person.csrf(base))
        assert refused.status_code == 400
        assert "a Forklift licence expires: its “Expiry date” is required." in refused.text
        page = person.followed(person.post(base, {**sent, "expiry_date": "2027-01-01"}, token=person.csrf(base))).text
        assert page.count('class="badge badge-done">valid<') == 1
        changed = person.post(f"{base}/{rtw}/change", {"expiry_date": "2027-03-01"}, token=person.csrf(base))
        page = person.followed(changed).text
        assert "Done: document changed" in page
        assert page.count('class="badge badge-done">valid<') == 2
        removed = person.followed(person.post(f"{base}/{rtw}/remove", {}, token=person.csrf(base))).text
        assert "Done: document taken off" in removed
        assert "W12345678" not in removed
    actions = [(r["entity"], r["action"]) for r in world.audit(client) if r["entity"] != "worker"]
    assert actions == [
        ("document_type", "create"),
        ("document_type", "create"),
        ("worker_document", "create"),
        ("worker_document", "create"),
        ("worker_document", "update"),
        ("worker_document", "remove"),
    ]


def _evidence_form(services: Services, acme: dict[str, int], person: Person) -> tuple[str, str]:
    """Where Ann's right to work check takes its evidence, and the form's token."""
    client, ann = acme["client"], acme["ann"]
    _, rtw = a_checked_worker(services, acme, person)
    return f"/console/{client}/workers/{ann}/documents/{rtw}/evidence", person.csrf(
        f"/console/{client}/workers/{ann}/documents"
    )


def test_evidence_is_kept_downloaded_never_cached_and_a_wrong_type_is_refused_with_nothing_kept(
    services: Services, world: World, acme: dict[str, int], tmp_path: Path
) -> None:
    client = acme["client"]
    with console(services) as person:
        upload, token = _evidence_form(services, acme, person)
        files = {"file": ("scan.png.exe", b"MZ\x90\x00 not a picture", "image/png")}
        refused = person.client.post(upload, data={"csrf_token": token}, files=files, follow_redirects=False)
        assert refused.status_code == 400
        assert "Evidence is a PDF, JPEG or PNG file." in refused.text
        assert kept(services, tmp_path) == (0, [])
        files = {"file": ("scan.png", PNG, "application/octet-stream")}
        reply = person.client.post(upload, data={"csrf_token": token}, files=files, follow_redirects=False)
        page = person.followed(reply).text
        assert "Done: evidence file kept" in page
        (link,) = EVIDENCE.findall(page)
        got = person.get(link)
        assert (got.status_code, got.content, got.headers["content-type"]) == (200, PNG, "image/png")
        assert got.headers["cache-control"] == "no-store"
        assert got.headers["content-disposition"].startswith("attachment")
        assert person.get(link + "x").status_code == 404
    with console(services) as outsider:
        sign_in_as(services, "coordinator", acme["other"], outsider)
        theirs = link.replace(f"/console/{client}/", f"/console/{acme['other']}/")
        assert outsider.get(theirs).status_code == 404  # knowing the id is not enough
        assert outsider.get(link).status_code == 404  # nor is another account's address


def test_a_file_over_the_limit_is_refused_on_the_page_in_words_with_nothing_kept(
    services: Services, world: World, acme: dict[str, int], tmp_path: Path
) -> None:
    with console(services) as person:
        upload, token = _evidence_form(services, acme, person)
        files = {"file": ("scan.png", PNG + bytes(1024 * 1024), "image/png")}
        refused = person.client.post(upload, data={"csrf_token": token}, files=files, follow_redirects=False)
        assert refused.status_code == 413
        assert refused.headers["content-type"].startswith("text/html")  # the console's page, not the API's JSON
        assert "choose a smaller file" in refused.text
        assert kept(services, tmp_path) == (0, [])


def test_another_accounts_worker_and_document_are_not_found_on_the_console(
    services: Services, world: World, acme: dict[str, int]
) -> None:
    client, ann = acme["client"], acme["ann"]
    with console(services) as person:
        _, rtw = a_checked_worker(services, acme, person)
    with console(services) as rival:
        sign_in_as(services, "owner", acme["other"], rival)
        other = acme["other"]
        base = f"/console/{other}/workers/{ann}/documents"
        assert rival.get(base).status_code == 404
        token = rival.csrf(f"/console/{other}/workers/{acme['rob']}/documents")
        for action in ("change", "remove"):
            reply = rival.post(f"{base}/{rtw}/{action}", {"reference": "X"}, token=token)
            assert reply.status_code == 404, reply.text[:300]
        upload = f"/console/{other}/workers/{acme['rob']}/documents/{rtw}/evidence"
        files = {"file": ("scan.png", PNG, "image/png")}
        reply = rival.client.post(upload, data={"csrf_token": token}, files=files, follow_redirects=False)
        assert reply.status_code == 404
    actions = [r["action"] for r in world.audit(client) if r["entity"] == "worker_document"]
    assert actions == ["create"]  # nothing the rival sent changed it


def test_a_coordinator_clocks_a_worker_in_by_hand_a_few_minutes_back_with_the_reason(
    services: Services, world: World, acme: dict[str, int]
) -> None:
    client, ann = acme["client"], acme["ann"]
    with console(services) as person:
        coordinator, _ = a_checked_worker(services, acme, person)
        page = f"/console/{client}/workers/{ann}"
        assert "Clock in by hand" in person.get(page).text
        sent = {"location_id": acme["site"], "minutes_back": "10", "reason": "forgot to clock in"}
        too_far = person.post(f"{page}/clock-in", {**sent, "minutes_back": "90"}, token=person.csrf(page))
        assert too_far.status_code == 400
        assert "up to an hour back" in too_far.text
        done = person.followed(person.post(f"{page}/clock-in", sent, token=person.csrf(page))).text
        assert "Done: clocked in by hand" in done
    (event,) = world.outbox("time_entry.created")
    data = event["data"]
    assert (data["change"], data["reason"], data["user_id"]) == ("manual_clock_in", "forgot to clock in", coordinator)
    assert "via" not in data  # the spec leaves via out of a manual clock-in; user_id says who
    assert (data["clock_method"], data["clock_in_utc"][:16]) == ("manual", "2026-03-02T11:50")


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (None, "You cannot clock in: your right to work check is not valid. Please ask your agency."),
        ("pl", "Nie możesz odbić wejścia: Twoje sprawdzenie prawa do pracy jest nieważne. Skontaktuj się z agencją."),
    ],
)
def test_the_kiosk_says_in_the_sites_language_that_a_lapsed_right_to_work_check_stops_the_clock_in(
    services: Services, world: World, clock: FakeClock, acme: dict[str, int], language: str | None, words: str
) -> None:
    client, ann = acme["client"], acme["ann"]
    site = world.site(client, "Kiosk Site", geofence_mode="disabled", kiosk_language=language).id
    with console(services) as person:
        a_checked_worker(services, acme, person, "2026-03-02")
    with services.uow() as tx:
        found = tx.workers.get(ann)
    assert found is not None
    give_pin(services, found, "4711")
    clock.set(datetime(2026, 3, 3, 8, 0, tzinfo=UTC))  # the day after the permission's last day
    with enrolled(services, client, site) as kiosk:
        reply = kiosk.post("/kiosk/clock", {"employee_id": "B-1", "pin": "4711", "action": "in"})
    assert reply.status_code == 409, reply.text
    assert (reply.json()["error_code"], reply.json()["message"]) == ("not_eligible", words)
    assert world.outbox("clock_in") == []


def test_the_worker_app_says_a_lapsed_right_to_work_check_stops_the_clock_in(
    services: Services, world: World, clock: FakeClock, acme: dict[str, int]
) -> None:
    client, ann = acme["client"], acme["ann"]
    world.site(client, "North Warehouse", **NORTH)  # where the phone is
    with console(services) as person:
        a_checked_worker(services, acme, person, "2026-03-02")
    clock.set(datetime(2026, 3, 3, 8, 0, tzinfo=UTC))  # the day after the permission's last day
    with phone(services) as worker:
        assert worker.open_link(link_path(services, ann)).status_code == 303
        lat, lon = AT_NORTH
        sent = {"action": "in", "latitude": lat, "longitude": lon}
        refused = worker.post("/app/clock", sent, token=worker.csrf("/app/clock"))
    assert refused.status_code == 409, refused.text[:300]
    assert "You cannot clock in: your right to work check is not valid. Please ask your agency." in refused.text
    assert world.outbox("clock_in") == []


def test_a_role_that_does_not_look_after_workers_reads_the_documents_but_changes_nothing_and_a_form_needs_its_token(
    services: Services, world: World, acme: dict[str, int], tmp_path: Path
) -> None:
    client, ann = acme["client"], acme["ann"]
    with console(services) as person:
        _, rtw = a_checked_worker(services, acme, person)
        upload = f"/console/{client}/workers/{ann}/documents/{rtw}/evidence"
        files = {"file": ("scan.png", PNG, "image/png")}
        assert person.client.post(upload, files=files, follow_redirects=False).status_code == 403  # no token
        assert kept(services, tmp_path) == (0, [])
    with console(services) as payroll:
        sign_in_as(services, "payroll", client, payroll)
        base = f"/console/{client}/workers/{ann}/documents"
        page = payroll.get(base)
        assert page.status_code == 200, page.text[:300]
        assert "W12345678" in page.text
        assert "Add a right to work check" not in page.text
        token = payroll.csrf("/console/")
        assert payroll.post(f"{base}/{rtw}/remove", {}, token=token).status_code == 403
        sent = {"name": "CSCS card", "kind": "licence", "expires": "1"}
        assert payroll.post(f"/console/{client}/setup/document-types", sent, token=token).status_code == 403
    actions = [(r["entity"], r["action"]) for r in world.audit(client) if r["entity"] != "worker"]
    assert actions == [("document_type", "create"), ("worker_document", "create")]
