"""When a worker's documents let them work on a day: pure rules over the stored documents.

A document is valid on a day from its check (right to work: the statutory excuse starts with the check)
or issue date to its last valid day: the expiry date; for a manual List B group 2 check without one, the
day before six months after the Positive Verification Notice (the check date); List A and identity
service provider checks, and a type that does not expire, have no end. A worker must hold a valid
right-to-work check on every day they work once the account checks everyone's right to work, or once
one has been recorded for them (a recorded check that lapsed is a known lapse); a job role's required
types must each be held valid. A valid document ending (or due its follow-up check) within the
account's warning days after the work is a warning. Evidence of right to work is kept for the
employment and two years after the worker leaves.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date, timedelta

from attrs import frozen

from workforce_core.errors import ValidationFailed
from workforce_core.model.documents import (
    DocumentKind,
    DocumentStatus,
    DocumentType,
    RightToWorkCheck,
    WorkerDocument,
)
from workforce_core.model.workers import Worker

ECS_MONTHS = 6  # a Positive Verification Notice excuses for six months from its date
RETENTION_YEARS = 2  # right-to-work evidence is kept two years after the employment ends
WARNING_DAYS = 28  # the account's default: a document ending within this many days is a warning
RIGHT_TO_WORK_WORDS = "has no valid right to work check for that day"


def add_months(day: date, months: int) -> date:
    """The same day ``months`` later; a day the month lacks is its last day (31 August + 6 = 28 February)."""
    month0 = day.month - 1 + months
    year, month = day.year + month0 // 12, month0 % 12 + 1
    for last in (day.day, 30, 29, 28):
        try:
            return date(year, month, min(day.day, last))
        except ValueError:
            continue
    raise AssertionError("unreachable")  # pragma: no cover


def add_years(day: date, years: int) -> date:
    return add_months(day, 12 * years)


def last_valid_day(document: WorkerDocument) -> date | None:
    """The document's last valid day (None: no end)."""
    if document.expiry_date is not None:
        return document.expiry_date
    if document.kind == DocumentKind.RIGHT_TO_WORK and document.list_b_group == 2 and document.checked_on:
        return add_months(document.checked_on, ECS_MONTHS) - timedelta(days=1)
    return None


def first_valid_day(document: WorkerDocument) -> date | None:
    """From when it counts: a right-to-work check from its check date (None: never checked, never valid)."""
    if document.kind == DocumentKind.RIGHT_TO_WORK:
        return document.checked_on
    return document.issue_date or date.min


def valid_on(document: WorkerDocument, day: date) -> bool:
    first = first_valid_day(document)
    last = last_valid_day(document)
    return document.removed_at is None and first is not None and first <= day and (last is None or day <= last)


def follow_up_due(document: WorkerDocument) -> date | None:
    """When the time-limited permission must be checked again: the recorded follow-up date, else its last
    valid day (a List B check, or a time-limited online check); List A and IDSP checks need none."""
    if document.kind != DocumentKind.RIGHT_TO_WORK:
        return None
    if document.follow_up_date is not None:
        return document.follow_up_date
    if document.check_method in (RightToWorkCheck.MANUAL_LIST_A, RightToWorkCheck.IDSP):
        return None
    return last_valid_day(document)


def status_on(document: WorkerDocument, day: date, warning_days: int) -> tuple[DocumentStatus, int | None]:
    """The document's standing on ``day`` and, while it is valid and ends, the days left until its last
    valid day (0: it ends that day)."""
    last = last_valid_day(document)
    if valid_on(document, day):
        left = (last - day).days if last is not None else None
        expiring = left is not None and left <= warning_days
        return (DocumentStatus.EXPIRING if expiring else DocumentStatus.VALID), left
    if last is not None and last < day:
        return DocumentStatus.EXPIRED, None
    return DocumentStatus.NOT_YET_VALID, None


@frozen
class DocumentFacts:
    """What the rule needs of a worker: their documents (removed ones may be among them), the types the
    work's job role needs, whether the account checks everyone's right to work, and its warning days."""

    documents: Sequence[WorkerDocument] = ()
    required: Sequence[DocumentType] = ()
    right_to_work_required: bool = False
    warning_days: int = WARNING_DAYS


@frozen
class Standing:
    """``right_to_work``: not allowed to work for lack of a valid check; ``expired``: the required types
    not held valid (their names); ``expiring``: the names of what ends or is due a follow-up soon."""

    right_to_work: bool = False
    expired: tuple[str, ...] = ()
    expiring: tuple[str, ...] = ()

    @property
    def blocked(self) -> bool:
        return self.right_to_work or bool(self.expired)

    def words(self) -> list[str]:
        """Why the worker may not work, as a worker and a coordinator read it."""
        found = [RIGHT_TO_WORK_WORDS] if self.right_to_work else []
        found.extend(f"has no valid {name} for that day (expired or not recorded)" for name in self.expired)
        return found

    def warning_words(self) -> list[str]:
        return [f"{name} ends or is due a follow-up check soon" for name in self.expiring]


def standing(facts: DocumentFacts, days: Iterable[date]) -> Standing:
    """The worker's standing for work on the local ``days`` (every day a shift touches)."""
    wanted = sorted(set(days))
    if not wanted:
        return Standing()
    live = [d for d in facts.documents if d.removed_at is None]
    checks = [d for d in live if d.kind == DocumentKind.RIGHT_TO_WORK]
    expiring: list[str] = []
    lapsed = False
    if facts.right_to_work_required or checks:
        lapsed = not _held(checks, wanted)
        if not lapsed and _ends_soon(checks, wanted, facts.warning_days):
            expiring.append("the right to work check")
    expired: list[str] = []
    for kind in facts.required:
        held = [d for d in live if d.type_id == kind.id]
        if not _held(held, wanted):
            expired.append(kind.name)
        elif _ends_soon(held, wanted, facts.warning_days):
            expiring.append(kind.name)
    return Standing(lapsed, tuple(expired), tuple(expiring))


def _held(documents: Sequence[WorkerDocument], days: Sequence[date]) -> bool:
    return all(any(valid_on(d, day) for d in documents) for day in days)


def _ends_soon(documents: Sequence[WorkerDocument], days: Sequence[date], warning_days: int) -> bool:
    """No document valid on the last day stays valid past the ``warning_days`` after it, clear of its
    follow-up check (one ending or due on the last of those days warns)."""
    horizon = days[-1] + timedelta(days=warning_days)
    after = horizon + timedelta(days=1)
    return not any(
        valid_on(d, days[-1]) and valid_on(d, after) and (follow_up_due(d) or date.max) > horizon for d in documents
    )


def required_types(types: Iterable[DocumentType], job_role: str | None) -> list[DocumentType]:
    """The account's types the ``job_role`` needs (none for work without a role); retired types need nothing."""
    role = (job_role or "").strip().casefold()
    if not role:
        return []
    return [t for t in types if t.retired_at is None and role in {r.strip().casefold() for r in t.job_roles}]


def retention_until(worker: Worker) -> date | None:
    """The last day right-to-work evidence is kept: two years after the worker's last day (None while they
    work, or for a leaver without a last day, kept until one is recorded)."""
    if worker.active or worker.end_date is None:
        return None
    return add_years(worker.end_date, RETENTION_YEARS)


def kept_at_erasure(document: WorkerDocument, worker: Worker, today: date) -> bool:
    """Does a worker's erasure keep this document (its record and evidence)? Only a right-to-work check
    within its retention (two years after the worker leaves, ``retention_until``; the timed job deletes
    its evidence after): the law asks for it; everything else goes."""
    if document.kind != DocumentKind.RIGHT_TO_WORK:
        return False
    until = retention_until(worker)
    return until is None or today <= until


def check_document(document: WorkerDocument, kind: DocumentType, today: date) -> None:
    """400 ``validation_failed`` naming the field when ``document`` is not a whole record of its type: a
    right-to-work check names its method, date (not after ``today``) and who checked; a manual List B
    check its group, group 1 its permission's expiry; a licence or card has no check, and the expiry date
    its type expects."""
    if document.kind == DocumentKind.RIGHT_TO_WORK:
        for name in ("check_method", "checked_on", "checked_by"):
            if getattr(document, name) is None:
                raise ValidationFailed(name, f"a right to work check needs {name}.")
        if document.checked_on is not None and document.checked_on > today:
            raise ValidationFailed("checked_on", "checked_on is the day the check was made, not a later day.")
        list_b = document.check_method == RightToWorkCheck.MANUAL_LIST_B
        if list_b and document.list_b_group is None:
            raise ValidationFailed("list_b_group", "a List B check names its group (1 or 2).")
        if not list_b and document.list_b_group is not None:
            raise ValidationFailed("list_b_group", "only a manual List B check has a group.")
        if list_b and document.list_b_group == 1 and document.expiry_date is None:
            raise ValidationFailed("expiry_date", "a List B group 1 check needs the permission's expiry date.")
        return
    for name in ("check_method", "list_b_group", "checked_on", "checked_by"):
        if getattr(document, name) is not None:
            raise ValidationFailed(name, f"only a right to work check has {name}.")
    if kind.expires and document.expiry_date is None:
        raise ValidationFailed("expiry_date", f"a {kind.name} expires: its expiry_date is required.")
