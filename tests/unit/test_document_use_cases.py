"""Worker documents through their use cases on the memory adapter (issue 33): recorded with the Home
Office's check, their audit rows, booking, API and kiosk clocking refused once the right to work lapsed
(with the words), a role's licence, the document_expired job, evidence files and their retention; and the
property: no booking or clock is ever accepted for a day the worker's right to work has lapsed on,
whatever the order of changes."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.time_world import TimeWorld, at
from workforce_adapters.file_store import FolderFileStore
from workforce_adapters.file_types import SignatureSniffer
from workforce_adapters.json import event_payload
from workforce_adapters.json.commands import structure
from workforce_adapters.memory_limits import memory_rate_limiter
from workforce_adapters.passwords import Argon2PasswordHasher
from workforce_core.commands.documents import CreateDocumentType, CreateWorkerDocument, UpdateWorkerDocument
from workforce_core.commands.kiosks import ClockAtKiosk, EnrolKiosk
from workforce_core.commands.manual_clocks import ManualClockIn
from workforce_core.commands.worker_pins import SetWorkerPin
from workforce_core.errors import NotEligible, NotFound, ValidationFailed, WorkforceError
from workforce_core.model.accounts import ClientSettings
from workforce_core.model.documents import DocumentType
from workforce_core.model.principal import Principal
from workforce_core.services import document_jobs, documents, evidence, kiosks, manual_clocks
from workforce_core.services.kiosk_devices import enrol_kiosk, kiosk_of
from workforce_core.services.worker_pins import set_worker_pin
from workforce_core.views import DocumentView

SCOPES = ("workers:read", "workers:write", "clock:write", "shifts:write")
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + bytes(17)
PDF = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n"


class DocumentWorld(TimeWorld):
    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.writer = self.db.principal(self.db.add_key(self.client.id, SCOPES).key.id)
        self.rtw = self.kind(name="Right to work", kind="right_to_work", expires=False)

    def kind(self, **body: Any) -> DocumentType:
        command = structure(CreateDocumentType, body)
        return documents.create_document_type(command, principal=self.writer, uow=self.uow, clock=self.clock)

    def record(self, principal: Principal | None = None, **body: Any) -> DocumentView:
        given = {"worker_id": self.ann.id, "type_id": self.rtw.id, "checked_on": "2026-01-05", "checked_by": "Carol"}
        command = structure(CreateWorkerDocument, given | body)
        return documents.add_document(command, principal=principal or self.writer, uow=self.uow, clock=self.clock)

    def share_code(self, expiry: date) -> DocumentView:
        return self.record(check_method="online_share_code", reference="W12345678", expiry_date=expiry.isoformat())

    def change(self, **body: Any) -> DocumentView:
        command = structure(UpdateWorkerDocument, body)
        return documents.update_document(command, principal=self.writer, uow=self.uow, clock=self.clock)


@pytest.fixture
def world() -> DocumentWorld:
    return DocumentWorld(settings=ClientSettings(right_to_work_required=True))


def test_a_share_code_check_is_kept_with_who_checked_its_standing_today_and_an_audit_row(world: DocumentWorld) -> None:
    view = world.share_code(date(2026, 6, 30))
    assert (view.document.check_method, view.document.reference, view.document.checked_by) == (
        "online_share_code",
        "W12345678",
        "Carol",
    )
    assert (view.valid_today, view.valid_until, view.follow_up_due) == (True, date(2026, 6, 30), date(2026, 6, 30))
    row = world.db.audit[-1]
    assert (row.entity, row.action, row.entity_id, row.api_key_id) == (
        "worker_document",
        "create",
        view.document.id,
        world.writer.api_key.id,
    )
    assert row.changes["expiry_date"] == {"before": None, "after": "2026-06-30"}


def test_a_follow_up_check_moves_the_expiry_and_records_before_and_after(world: DocumentWorld) -> None:
    first = world.share_code(date(2026, 2, 28)).document
    view = world.change(id=first.id, expiry_date="2027-02-28", checked_on="2026-02-10", checked_by="Dan")
    assert view.valid_until == date(2027, 2, 28)
    assert world.db.audit[-1].changes == {
        "expiry_date": {"before": "2026-02-28", "after": "2027-02-28"},
        "checked_on": {"before": "2026-01-05", "after": "2026-02-10"},
        "checked_by": {"before": "Carol", "after": "Dan"},
    }
    assert [
        d.document.id for d in documents.worker_documents(world.writer, world.ann.id, uow=world.uow, clock=world.clock)
    ] == [first.id]


def test_another_account_s_worker_and_document_are_not_found_and_nothing_is_kept(world: DocumentWorld) -> None:
    stranger = world.db.principal(world.db.add_key(world.other.id, SCOPES).key.id)
    before = world.db.state()
    with pytest.raises(NotFound):
        world.record(principal=stranger)
    mine = world.share_code(date(2026, 6, 30)).document
    before = world.db.state()
    with pytest.raises(NotFound):
        documents.one_document(stranger, mine.id, uow=world.uow, clock=world.clock)
    with pytest.raises(NotFound):
        documents.remove_document(mine.id, principal=stranger, uow=world.uow, clock=world.clock)
    assert world.db.state() == before


def test_the_day_after_the_share_code_s_expiry_the_worker_cannot_be_booked_nor_clock_in_and_is_told_why(
    world: DocumentWorld,
) -> None:
    world.share_code(date(2026, 2, 20))
    booked = world.book("2026-02-20", "08:00", "16:00")
    assert booked.warning_codes == ("document_expiring",)
    with pytest.raises(NotEligible) as refused:
        world.book("2026-02-21", "08:00", "16:00")
    assert refused.value.extra["block_codes"] == ["right_to_work"]
    assert refused.value.message == "Ann Worker cannot work that day: has no valid right to work check for that day."
    world.clock.set(at("2026-02-20 23:00"))
    world.clock_("in")
    world.clock.set(at("2026-02-21 02:00"))
    world.clock_("out")  # a clock-out is never refused: the shift began while allowed
    world.clock.set(at("2026-02-21 08:00"))
    mark = len(world.db.outbox)
    with pytest.raises(NotEligible) as stopped:
        world.clock_("in")
    assert stopped.value.extra == {"block_codes": ["right_to_work"], "warning_codes": []}
    assert world.names_since(mark) == []


def test_without_the_account_setting_only_a_recorded_check_that_lapsed_blocks() -> None:
    world = DocumentWorld()
    world.book("2026-02-20", "08:00", "16:00")  # no check recorded, none asked for
    world.share_code(date(2026, 2, 20))
    with pytest.raises(NotEligible):
        world.book("2026-02-21", "08:00", "16:00")


def test_a_job_role_s_licence_must_be_held_valid(world: DocumentWorld) -> None:
    world.record(check_method="manual_list_a", reference="British passport")
    forklift = world.kind(name="Forklift licence", kind="licence", job_roles=["Forklift driver"])
    with pytest.raises(NotEligible) as refused:
        world.book("2026-02-20", "08:00", "16:00", job_role="forklift driver")
    assert refused.value.extra["block_codes"] == ["document_expired"]
    assert "has no valid Forklift licence" in refused.value.message
    world.record(type_id=forklift.id, checked_on=None, checked_by=None, expiry_date="2027-01-31", reference="FL-1")
    assert world.book("2026-02-20", "08:00", "16:00", job_role="Forklift driver").warning_codes == ("role",)


def test_document_expired_is_sent_once_on_the_expiry_day(world: DocumentWorld) -> None:
    view = world.share_code(date(2026, 2, 12))
    world.clock.set(at("2026-02-11 09:00"))
    assert document_jobs.send_document_expiries(uow=world.uow, clock=world.clock) == 0
    world.clock.set(at("2026-02-12 00:10"))
    assert document_jobs.send_document_expiries(uow=world.uow, clock=world.clock) == 1
    assert document_jobs.send_document_expiries(uow=world.uow, clock=world.clock) == 0
    [event] = world.events("document_expired")
    assert event_payload(event) == {
        "client_id": world.client.id,
        "document_id": view.document.id,
        "worker_id": world.ann.id,
        "worker_name": "Ann Worker",
        "employee_id": "E-1",
        "type_id": world.rtw.id,
        "type_name": "Right to work",
        "kind": "right_to_work",
        "expiry_date": "2026-02-12",
    }


def upload(world: DocumentWorld, store: FolderFileStore, document_id: int, content: bytes, name: str | None) -> Any:
    return evidence.add_evidence(
        document_id,
        content,
        name,
        principal=world.writer,
        uow=world.uow,
        clock=world.clock,
        file_store=store,
        sniffer=SignatureSniffer(),
    )


def test_evidence_is_kept_by_its_bytes_type_under_a_random_token_and_served_back(
    world: DocumentWorld, tmp_path: Path
) -> None:
    store = FolderFileStore(tmp_path)
    document = world.share_code(date(2026, 6, 30)).document
    kept = upload(world, store, document.id, PNG, "passport page.jpg")
    again = upload(world, store, document.id, PDF, None)
    assert (kept.content_type, kept.size, kept.file_name, again.content_type) == (
        "image/png",
        len(PNG),
        "passport page.jpg",
        "application/pdf",
    )
    assert len(kept.token) >= 43
    assert kept.token != again.token
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([kept.token, again.token])
    found, content = evidence.evidence_content(kept.token, principal=world.writer, uow=world.uow, file_store=store)
    assert (found.id, content) == (kept.id, PNG)
    stranger = world.db.principal(world.db.add_key(world.other.id, SCOPES).key.id)
    with pytest.raises(NotFound):
        evidence.evidence_content(kept.token, principal=stranger, uow=world.uow, file_store=store)


@pytest.mark.parametrize(
    ("content", "name", "field"),
    [
        (b"<html>not a scan</html>", "scan.pdf", "file"),
        (b"GIF89a" + bytes(40), "scan.png", "file"),
        (PNG + bytes(1024 * 1024), "big.png", "file"),
        (b"", "empty.png", "file"),
        (PNG, "../../etc/passwd", "file_name"),
        (PNG, "C:\\scans\\a.png", "file_name"),
    ],
)
def test_a_refused_file_leaves_nothing_behind(
    world: DocumentWorld, tmp_path: Path, content: bytes, name: str, field: str
) -> None:
    store = FolderFileStore(tmp_path / "files")
    document = world.share_code(date(2026, 6, 30)).document
    before = world.db.state()
    with pytest.raises(ValidationFailed) as refused:
        upload(world, store, document.id, content, name)
    assert refused.value.extra["field"] == field
    assert world.db.state() == before
    assert not (tmp_path / "files").exists() or not list((tmp_path / "files").iterdir())


def test_a_leaver_s_evidence_is_deleted_two_years_after_their_last_day_and_the_deletion_recorded(
    world: DocumentWorld, tmp_path: Path
) -> None:
    store = FolderFileStore(tmp_path)
    kept = upload(world, store, world.share_code(date(2026, 6, 30)).document.id, PNG, None)
    world.set_worker(world.ann.id, active=False, end_date=date(2026, 3, 31))
    world.clock.set(at("2028-03-31 12:00"))
    assert document_jobs.delete_kept_evidence(uow=world.uow, clock=world.clock, file_store=store) == 0
    world.clock.set(at("2028-04-01 12:00"))
    assert document_jobs.delete_kept_evidence(uow=world.uow, clock=world.clock, file_store=store) == 1
    assert list(tmp_path.iterdir()) == []
    assert world.db.tables["document_evidence"][kept.id].deleted_at is not None
    assert (world.db.audit[-1].action, world.db.audit[-1].user_id, world.db.audit[-1].api_key_id) == (
        "delete_evidence",
        None,
        None,
    )


# ---- the property ------------------------------------------------------------------------------------

FIRST_DAY = date(2026, 2, 16)
change = st.one_of(
    st.tuples(st.just("record"), st.integers(-3, 20)),
    st.tuples(st.just("extend"), st.integers(-3, 20)),
    st.tuples(st.just("remove"), st.just(0)),
    st.tuples(st.just("book"), st.integers(0, 20)),
    st.tuples(st.just("clock"), st.integers(0, 20)),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=st.lists(change, min_size=1, max_size=12))
def test_no_booking_or_clock_is_accepted_for_a_day_the_right_to_work_has_lapsed_on(
    steps: list[tuple[str, int]],
) -> None:
    world = DocumentWorld()  # no account setting: only lapsed checks block, the harder case
    for action, offset in steps:
        day = FIRST_DAY + timedelta(days=offset)
        held = documents.worker_documents(world.writer, world.ann.id, uow=world.uow, clock=world.clock)
        try:
            if action == "record":
                world.share_code(day)
            elif action == "extend" and held:
                world.change(id=held[-1].document.id, expiry_date=day.isoformat())
            elif action == "remove" and held:
                documents.remove_document(
                    held[-1].document.id, principal=world.writer, uow=world.uow, clock=world.clock
                )
            elif action == "book":
                world.book(day.isoformat(), "09:00", "10:00")
            elif action == "clock":
                world.clock.set(at(f"{day.isoformat()} 12:00"))
                world.clock_("in")
                world.clock.advance(minutes=30)
                world.clock_("out")
        except WorkforceError:
            continue
        if action in ("book", "clock"):
            checks = [d.document for d in held]
            lapsed = bool(checks) and not any(d.checked_on <= day <= d.expiry_date for d in checks)  # type: ignore[operator]
            assert not lapsed, (action, day, checks)


def test_the_kiosk_refuses_a_clock_in_the_day_after_expiry_with_the_words(world: DocumentWorld) -> None:
    hasher = Argon2PasswordHasher(fast=True)
    set_worker_pin(SetWorkerPin(worker_id=world.ann.id, pin="1357"), uow=world.uow, hasher=hasher, clock=world.clock)
    made = enrol_kiosk(EnrolKiosk(location_id=world.north.id), principal=world.key, uow=world.uow, clock=world.clock)
    world.share_code(date(2026, 2, 20))
    world.clock.set(at("2026-02-21 07:55"))
    at_kiosk = kiosk_of(made.token, uow=world.uow, clock=world.clock)
    command = ClockAtKiosk(employee_id="E-1", pin="1357", action="in")
    mark = len(world.db.outbox)
    with pytest.raises(NotEligible) as refused:
        kiosks.clock_at_kiosk(
            at_kiosk,
            command,
            address="192.0.2.1",
            uow=world.uow,
            hasher=hasher,
            limiter=memory_rate_limiter(),
            clock=world.clock,
        )
    assert refused.value.extra["block_codes"] == ["right_to_work"]
    assert refused.value.message == "Ann Worker cannot work that day: has no valid right to work check for that day."
    assert (world.names_since(mark), world.shifts()) == ([], [])


# ---- a manual clock-in ------------------------------------------------------------------------------


def clock_in_by_hand(world: DocumentWorld, **body: Any) -> Any:
    given = {"worker_id": world.ann.id, "location_id": world.north.id, "reason": "Forgot to clock at the gate"}
    command = structure(ManualClockIn, given | body)
    return manual_clocks.manual_clock_in(command, uow=world.uow, clock=world.clock)


def test_a_manual_clock_in_sends_time_entry_created_with_its_change_and_reason_not_clock_in() -> None:
    world = DocumentWorld()
    booked = world.book("2026-02-10", "11:30", "16:00")
    view = clock_in_by_hand(world, clock_in="2026-02-10 11:50")
    assert (view.entry.clock_in, view.entry.clock_method, view.entry.scheduled_shift_id) == (
        at("2026-02-10 11:50"),
        "manual",
        booked.id,
    )
    [event] = world.events("time_entry.created")
    shown = event_payload(event)
    assert (shown["change"], shown["reason"], shown["entry_id"], "via" in shown) == (
        "manual_clock_in",
        "Forgot to clock at the gate",
        view.entry.id,
        False,
    )
    assert world.events("clock_in") == []
    with pytest.raises(WorkforceError) as again:
        clock_in_by_hand(world)
    assert again.value.code == "already_clocked_in"


@pytest.mark.parametrize("when", ["2026-02-10 12:05", "2026-02-10 10:59"])
def test_a_manual_clock_in_is_now_or_up_to_an_hour_back(when: str) -> None:
    world = DocumentWorld()
    with pytest.raises(ValidationFailed) as refused:
        clock_in_by_hand(world, clock_in=when)
    assert refused.value.extra["field"] == "clock_in"


def test_a_manual_clock_in_is_refused_the_day_after_the_right_to_work_lapsed(world: DocumentWorld) -> None:
    world.share_code(date(2026, 2, 9))
    with pytest.raises(NotEligible) as refused:
        clock_in_by_hand(world)
    assert refused.value.extra["block_codes"] == ["right_to_work"]
    assert world.shifts() == []
