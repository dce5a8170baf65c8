"""The spec's error table as classes: each has a stable ``code`` and an HTTP ``status``.

Entry points map these to replies (HTTP envelope, console JSON); nothing else builds error envelopes.
Extra fields (``field``, ``parameter``, ``required_scope``, ``entry_id`` ...) travel in ``extra``.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any, ClassVar


class WorkforceError(Exception):
    code: ClassVar[str] = "bad_request"
    status: ClassVar[int] = 400
    default_message: ClassVar[str] = "The request is not valid."

    def __init__(self, message: str | None = None, **extra: Any) -> None:
        self.message = message or self.default_message
        self.extra: dict[str, Any] = extra
        super().__init__(self.message)


class MissingApiKey(WorkforceError):
    code, status, default_message = "missing_api_key", 401, "Send the header Authorization: Bearer <API_KEY>."


class InvalidApiKey(WorkforceError):
    code, status, default_message = "invalid_api_key", 401, "The API key is not recognised."


class KeyRefused(WorkforceError):
    """A key that was recognised and does not work now (revoked, expired, its account's API access off or
    the account not active). ``holder``: the key's (client id, key id), so that the API log keeps the
    request under its key; never part of the reply."""

    holder: tuple[int, int] | None = None


class KeyExpired(KeyRefused):
    code, status, default_message = "key_expired", 401, "The API key has expired."


class KeyRevoked(KeyRefused):
    code, status, default_message = "key_revoked", 401, "The API key has been revoked."


class ApiAccessDisabled(KeyRefused):
    code, status, default_message = "api_access_disabled", 403, "API access is switched off for this account."


class AccountSuspended(KeyRefused):
    code, status, default_message = (
        "account_suspended",
        403,
        "The account is suspended, cancelled or its trial ended.",
    )


class InsufficientScope(WorkforceError):
    code, status, default_message = "insufficient_scope", 403, "The API key lacks the scope this call needs."

    def __init__(self, required_scope: str, message: str | None = None, **extra: Any) -> None:
        super().__init__(
            message or f"This call needs the scope {required_scope}.", required_scope=required_scope, **extra
        )


class LocationNotAllowed(WorkforceError):
    code, status, default_message = "location_not_allowed", 403, "The API key is limited to other sites."


class Forbidden(WorkforceError):
    code, status, default_message = "forbidden", 403, "Not allowed."


class RateLimited(WorkforceError):
    code, status, default_message = "rate_limited", 429, "Too many requests; retry after Retry-After seconds."

    def __init__(self, retry_after: int, message: str | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class MethodNotAllowed(WorkforceError):
    code, status, default_message = "method_not_allowed", 405, "This method is not supported here."


class NotFound(WorkforceError):
    code, status, default_message = "not_found", 404, "The record was not found."


class LocationNotFound(NotFound):
    code, default_message = "location_not_found", "The site was not found."


class DepartmentNotFound(NotFound):
    code, default_message = "department_not_found", "The department was not found."


class CostCodeNotFound(NotFound):
    code, default_message = "cost_code_not_found", "The cost code was not found."


class InvalidBody(WorkforceError):
    code, status, default_message = "invalid_body", 400, "The body must be a JSON object."


class InvalidParameter(WorkforceError):
    code, status, default_message = "invalid_parameter", 400, "A query parameter or header is not valid."

    def __init__(self, parameter: str, message: str | None = None) -> None:
        super().__init__(message or f"The parameter {parameter} is not valid.", parameter=parameter)


class ValidationFailed(WorkforceError):
    """400 ``validation_failed``: ``field`` names the first fault (in the spec's order) and ``errors``
    every fault of the request, each ``{field, message}`` (the first is ``field``'s)."""

    code, status, default_message = "validation_failed", 400, "A body field is missing or not valid."

    def __init__(self, field: str | None, message: str | None = None) -> None:
        super().__init__(message or f"The field {field} is missing or not valid.", field=field)
        self.also: tuple[ValidationFailed, ...] = ()  # the request's other faults, after this one

    @property
    def errors(self) -> list[dict[str, str | None]]:
        """Every fault, this one first: ``{field, message}`` each (the envelope's ``errors``)."""
        return [{"field": self.field, "message": self.message}, *(e for fault in self.also for e in fault.errors)]

    @staticmethod
    def of_all(faults: Sequence[ValidationFailed]) -> ValidationFailed:
        """The first of ``faults``, the others (and the faults each lists) listed after it in ``errors``."""
        first = faults[0]
        if len(faults) == 1:
            return first
        made = copy.copy(first)
        made.also = (*first.also, *faults[1:])
        return made

    @property
    def field(self) -> str | None:
        found: str | None = self.extra["field"]
        return found


class WeakPassword(ValidationFailed):
    """A password the strength estimator finds too easy to guess; the message is its reason."""

    code, default_message = "weak_password", "That password is too easy to guess."


class CurrentPasswordWrong(ValidationFailed):
    """Changing one's own password: the current password given is not the person's."""

    code = "current_password_wrong"

    def __init__(self) -> None:
        super().__init__("current_password", "That is not your current password.")


class BadRequest(WorkforceError):
    code, status = "bad_request", 400


class PayloadTooLarge(WorkforceError):
    code, status, default_message = (
        "payload_too_large",
        413,
        "What was sent is larger than 1 MiB: choose a smaller file.",
    )


class RequestTimeout(WorkforceError):
    code, status, default_message = "request_timeout", 408, "The request body did not arrive in time."


class Conflict(WorkforceError):
    code, status, default_message = "conflict", 409, "The record is in a state that does not allow this."


class DuplicateEmployeeId(Conflict):
    code, default_message = "duplicate_employee_id", "That employee ID is taken within the company."


class NotEligible(Conflict):
    code, default_message = "not_eligible", "The worker cannot take this shift."

    def __init__(
        self, block_codes: tuple[str, ...], warning_codes: tuple[str, ...], message: str | None = None
    ) -> None:
        super().__init__(message, block_codes=list(block_codes), warning_codes=list(warning_codes))


class WeekLocked(Conflict):
    """A booking, cancel or move into a locked pay week (409 ``conflict`` with ``reason_code`` ``week_locked``)."""

    default_message = "The pay week is locked."

    def __init__(self, message: str | None = None) -> None:
        super().__init__(message, reason_code="week_locked")


class WeekNotReady(Conflict):
    """A pay-week lock or close the week's state refuses: 409 ``conflict`` with ``week_status`` and
    ``left`` (the counts that keep an ended week from ``ready_to_lock``)."""

    default_message = "The pay week cannot be locked yet."

    def __init__(self, message: str, *, week_status: str, left: dict[str, int]) -> None:
        super().__init__(message, reason_code="week_not_ready", week_status=week_status, left=left)


class AlreadyLocked(Conflict):
    """A lock of a week (or site) already locked, also the loser of two concurrent locks: 409
    ``conflict`` with ``reason_code`` ``already_locked``."""

    default_message = "The pay week is already locked."

    def __init__(self, message: str | None = None) -> None:
        super().__init__(message, reason_code="already_locked")


class NotLocked(Conflict):
    """An unlock of a week (or site) with no lock standing: 409 ``conflict``, ``reason_code`` ``not_locked``."""

    default_message = "The pay week is not locked."

    def __init__(self, message: str | None = None) -> None:
        super().__init__(message, reason_code="not_locked")


class LastOwner(Conflict):
    """Disabling an account's last active owner: 409 ``conflict`` with ``reason_code`` ``last_owner``."""

    default_message = "An account needs an active owner: add another owner before disabling this one."

    def __init__(self, message: str | None = None) -> None:
        super().__init__(message, reason_code="last_owner")


class WorkerPending(Conflict):
    code, default_message = "worker_pending", "The worker is not yet approved."


class WorkerInactive(Conflict):
    code, default_message = "worker_inactive", "The worker is not active."


class AlreadyClockedIn(Conflict):
    code, default_message = "already_clocked_in", "The worker already has an open clock-in."


class NoOpenClockIn(Conflict):
    code, default_message = "no_open_clock_in", "The worker has no open clock-in in the last 18 hours."


class GpsRequired(WorkforceError):
    code, status, default_message = "gps_required", 403, "This site needs latitude and longitude to clock."


class OutsideGeofence(WorkforceError):
    code, status, default_message = "outside_geofence", 403, "The clock is outside the site's geofence."


class SiteNotMapped(WorkforceError):
    code, status, default_message = "site_not_mapped", 403, "The site has a strict geofence but no map pin."


class BlockedBySurvey(WorkforceError):
    code, status, default_message = "blocked_by_survey", 403, "A survey answer blocks this clock-in."


class IdempotencyKeyReused(WorkforceError):
    code, status, default_message = (
        "idempotency_key_reused",
        422,
        "This Idempotency-Key was used with a different request.",
    )


class IdempotencyInProgress(Conflict):
    code, default_message = (
        "idempotency_in_progress",
        "The first request with this Idempotency-Key is still running.",
    )

    def __init__(self, retry_after: int, message: str | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class RoleNotAllowed(WorkforceError):
    code, status, default_message = "role_not_allowed", 403, "Your role does not allow this."


class SignInRefused(WorkforceError):
    """The same words for an unknown user, a wrong password and a disabled user."""

    code, status, default_message = "sign_in_refused", 401, "That email and password do not match an account."


class SignInThrottled(RateLimited):
    default_message = "Too many sign-in attempts; wait a few minutes and try again."


class CodeRefused(WorkforceError):
    """A two-factor code that is not one of the person's: wrong, out of its time, or not a code at all."""

    code, status, default_message = (
        "code_refused",
        401,
        "That code is not right: type the code your app shows now, or one of your recovery codes.",
    )


class CodeUsed(CodeRefused):
    """A time-based code accepted once already, or a recovery code used before."""

    code, default_message = "code_used", "That code has been used already: wait for your app's next code."


class CodesThrottled(RateLimited):
    default_message = "Too many codes tried; wait a few minutes and try again."


class SecondStepEnded(WorkforceError):
    code, status, default_message = "second_step_ended", 401, "Your sign-in took too long; sign in again."


class TwoFactorOn(Conflict):
    code, default_message = "two_factor_on", "Two-factor sign-in is on already."


class TwoFactorOff(Conflict):
    code, default_message = "two_factor_off", "Two-factor sign-in is not set up."


class PinRefused(WorkforceError):
    """The same words for an unknown badge, a wrong PIN, no PIN set and a worker who may not clock."""

    code, status, default_message = "pin_refused", 401, "That badge number and PIN do not match."


class PinThrottled(RateLimited):
    """Five wrong PINs in a row for a badge (or too many from one device): wait ``retry_after`` seconds."""

    code = "pin_throttled"
    default_message = "Too many wrong PINs; wait a few minutes and try again."


class KioskNotEnrolled(WorkforceError):
    """No device token, an unknown one, or a revoked one: the kiosk must be enrolled (again)."""

    code, status, default_message = "kiosk_not_enrolled", 401, "This device is not enrolled as a kiosk."


class KioskIdTaken(Conflict):
    code, default_message = "kiosk_id_taken", "Another kiosk of this account has this name."


class SessionEnded(WorkforceError):
    code, status, default_message = "session_ended", 401, "You are signed out; sign in again."


class CsrfRefused(WorkforceError):
    code, status, default_message = "csrf_refused", 403, "The form is out of date; reload the page and try again."


class EmailTaken(Conflict):
    code, default_message = "email_taken", "A user with this email exists already."


class ServerError(WorkforceError):
    code, status, default_message = "server_error", 500, "The server failed; the failure was logged."


class DatabaseNotMigrated(WorkforceError):
    code, status = "database_not_migrated", 503
    default_message = "The database is not at the latest schema: run `workforce db upgrade` first."


class UnsupportedDatabase(WorkforceError):
    code, status = "unsupported_database", 400
    default_message = "The database URL is not one this service supports."


class DatabaseUnreachable(WorkforceError):
    code, status = "database_unreachable", 503
    default_message = "The database cannot be reached."


class ExportRefused(Conflict):
    """A file whose preview has refusals (a worker without a works number, an element without the
    package's code, a site without an account reference): 409 ``conflict`` with ``reason_code``
    ``export_refused`` and ``refusals``, each ``{reason, message, worker_id, site_id, element}``."""

    default_message = "The file cannot be made while its preview has refusals."

    def __init__(self, refusals: list[dict[str, Any]], message: str | None = None) -> None:
        super().__init__(message, reason_code="export_refused", refusals=refusals)
