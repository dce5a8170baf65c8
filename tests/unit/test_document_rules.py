"""The documents' rules (issue 33), pure: when a right-to-work check or a licence is valid, List B follow
ups, the block and warning windows, the retention date, and what a document must hold."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest

from workforce_core.errors import ValidationFailed
from workforce_core.model.documents import DocumentKind, DocumentStatus, DocumentType, RightToWorkCheck, WorkerDocument
from workforce_core.model.workers import Worker
from workforce_core.rules.documents import (
    DocumentFacts,
    check_document,
    follow_up_due,
    last_valid_day,
    required_types,
    retention_until,
    standing,
    status_on,
    valid_on,
)

MADE = datetime(2026, 1, 1, tzinfo=UTC)
FORKLIFT = DocumentType(1, "Forklift licence", DocumentKind.LICENCE, True, MADE, job_roles=("Forklift Driver",), id=7)
RTW = DocumentType(1, "Right to work", DocumentKind.RIGHT_TO_WORK, False, MADE, id=3)


def check(method: str = RightToWorkCheck.MANUAL_LIST_A, **fields: Any) -> WorkerDocument:
    given: dict[str, Any] = {"checked_on": date(2026, 1, 5), "checked_by": "Carol Coordinator"}
    return WorkerDocument(1, 1, RTW.id, MADE, kind=DocumentKind.RIGHT_TO_WORK, check_method=method, **given | fields)


def licence(expiry: date | None, **fields: Any) -> WorkerDocument:
    return WorkerDocument(1, 1, FORKLIFT.id, MADE, kind=DocumentKind.LICENCE, expiry_date=expiry, **fields)


def test_a_list_a_check_counts_from_its_check_day_with_no_end_and_no_follow_up() -> None:
    found = check()
    assert (
        valid_on(found, date(2026, 1, 4)),
        valid_on(found, date(2026, 1, 5)),
        valid_on(found, date(2040, 1, 1)),
    ) == (
        False,
        True,
        True,
    )
    assert (last_valid_day(found), follow_up_due(found)) == (None, None)


def test_a_list_b_group_1_check_ends_with_the_permission_and_is_followed_up_by_then() -> None:
    found = check(RightToWorkCheck.MANUAL_LIST_B, list_b_group=1, expiry_date=date(2026, 3, 31))
    assert valid_on(found, date(2026, 3, 31))
    assert not valid_on(found, date(2026, 4, 1))
    assert follow_up_due(found) == date(2026, 3, 31)
    assert follow_up_due(check(RightToWorkCheck.MANUAL_LIST_B, list_b_group=1, follow_up_date=date(2026, 3, 1))) == (
        date(2026, 3, 1)
    )


@pytest.mark.parametrize(
    ("notice", "last"),
    [(date(2026, 1, 5), date(2026, 7, 4)), (date(2025, 8, 31), date(2026, 2, 27))],  # 31 Aug + 6 months: 28 Feb
)
def test_a_list_b_group_2_check_excuses_for_six_months_from_the_employer_checking_service_notice(
    notice: date, last: date
) -> None:
    found = check(RightToWorkCheck.MANUAL_LIST_B, list_b_group=2, checked_on=notice)
    assert (last_valid_day(found), follow_up_due(found)) == (last, last)
    assert valid_on(found, last)
    assert not valid_on(found, last + timedelta(days=1))


def test_a_removed_document_is_never_valid() -> None:
    assert not valid_on(check(removed_at=MADE), date(2026, 2, 1))


def test_no_check_blocks_only_where_the_account_asks_for_one_but_a_lapsed_check_always_blocks() -> None:
    day = [date(2026, 2, 10)]
    assert not standing(DocumentFacts(), day).blocked
    assert standing(DocumentFacts(right_to_work_required=True), day).right_to_work
    lapsed = check(RightToWorkCheck.ONLINE_SHARE_CODE, expiry_date=date(2026, 2, 9), reference="W12 345 678")
    found = standing(DocumentFacts([lapsed]), day)
    assert found.right_to_work
    assert found.blocked
    assert found.words() == ["has no valid right to work check for that day"]


def test_every_day_of_a_night_shift_must_be_covered() -> None:
    ends = check(RightToWorkCheck.ONLINE_SHARE_CODE, expiry_date=date(2026, 2, 10))
    assert not standing(DocumentFacts([ends]), [date(2026, 2, 10)]).blocked
    assert standing(DocumentFacts([ends]), [date(2026, 2, 10), date(2026, 2, 11)]).right_to_work


@pytest.mark.parametrize(("days_left", "warned"), [(0, True), (27, True), (28, True), (29, False), (400, False)])
def test_a_document_ending_within_the_warning_days_is_a_warning(days_left: int, warned: bool) -> None:
    day = date(2026, 2, 10)
    ends = check(RightToWorkCheck.ONLINE_SHARE_CODE, expiry_date=day + timedelta(days=days_left))
    found = standing(DocumentFacts([ends], warning_days=28), [day])
    assert not found.blocked
    assert found.expiring == (("the right to work check",) if warned else ())


def test_a_later_check_covers_the_follow_up_so_nothing_warns() -> None:
    day = date(2026, 3, 20)
    first = check(RightToWorkCheck.MANUAL_LIST_B, list_b_group=1, expiry_date=date(2026, 3, 31))
    renewed = check(RightToWorkCheck.ONLINE_SHARE_CODE, checked_on=date(2026, 3, 15), expiry_date=date(2028, 3, 31))
    assert standing(DocumentFacts([first, renewed]), [day]) == standing(DocumentFacts([renewed]), [day])
    assert not standing(DocumentFacts([first, renewed]), [day]).expiring


def test_a_role_s_required_licence_missing_or_expired_blocks_with_its_name() -> None:
    needed = required_types([FORKLIFT, RTW], " forklift driver ")
    assert needed == [FORKLIFT]
    assert required_types([FORKLIFT], None) == []
    day = [date(2026, 2, 10)]
    assert standing(DocumentFacts([], needed), day).expired == ("Forklift licence",)
    assert standing(DocumentFacts([licence(date(2026, 2, 9))], needed), day).expired == ("Forklift licence",)
    held = standing(DocumentFacts([licence(date(2027, 2, 9))], needed), day)
    assert (held.blocked, held.expired, held.expiring) == (False, (), ())
    soon = standing(DocumentFacts([licence(date(2026, 2, 20))], needed), day)
    assert soon.expiring == ("Forklift licence",)
    assert not soon.blocked


@pytest.mark.parametrize(
    ("last_day", "kept_until"),
    [(date(2026, 3, 31), date(2028, 3, 31)), (date(2028, 2, 29), date(2030, 2, 28))],
)
def test_right_to_work_evidence_is_kept_two_years_after_the_last_day(last_day: date, kept_until: date) -> None:
    leaver = Worker(1, "Ann", "E-1", MADE, active=False, end_date=last_day)
    assert retention_until(leaver) == kept_until
    assert retention_until(Worker(1, "Bob", "E-2", MADE, end_date=last_day)) is None  # still working
    assert retention_until(Worker(1, "Cy", "E-3", MADE, active=False)) is None  # no last day: kept


@pytest.mark.parametrize(
    ("document", "kind", "field"),
    [
        (check(checked_by=None), RTW, "checked_by"),
        (check(checked_on=date(2026, 2, 11)), RTW, "checked_on"),
        (check(RightToWorkCheck.MANUAL_LIST_B), RTW, "list_b_group"),
        (check(RightToWorkCheck.MANUAL_LIST_B, list_b_group=1), RTW, "expiry_date"),
        (check(list_b_group=2), RTW, "list_b_group"),
        (licence(None), FORKLIFT, "expiry_date"),
        (licence(date(2027, 1, 1), check_method=RightToWorkCheck.IDSP), FORKLIFT, "check_method"),
    ],
)
def test_a_document_missing_what_its_type_needs_is_refused_naming_the_field(
    document: WorkerDocument, kind: DocumentType, field: str
) -> None:
    with pytest.raises(ValidationFailed) as refused:
        check_document(document, kind, date(2026, 2, 10))
    assert refused.value.extra["field"] == field


def test_a_documents_status_on_a_day_says_valid_expiring_with_the_days_left_expired_or_not_yet_valid() -> None:
    licence = WorkerDocument(1, 1, 1, MADE, issue_date=date(2026, 1, 10), expiry_date=date(2026, 3, 31))
    assert status_on(licence, date(2026, 1, 9), 28) == (DocumentStatus.NOT_YET_VALID, None)
    assert status_on(licence, date(2026, 2, 1), 28) == (DocumentStatus.VALID, 58)
    assert status_on(licence, date(2026, 3, 3), 28) == (DocumentStatus.EXPIRING, 28)
    assert status_on(licence, date(2026, 3, 31), 28) == (DocumentStatus.EXPIRING, 0)
    assert status_on(licence, date(2026, 4, 1), 28) == (DocumentStatus.EXPIRED, None)
    for_ever = WorkerDocument(1, 1, 1, MADE)
    assert status_on(for_ever, date(2030, 1, 1), 28) == (DocumentStatus.VALID, None)
