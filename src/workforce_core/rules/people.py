"""What a person may do and see: the role tables, the screens' ``via`` labels, sign-in names,
passwords and session lifetimes. Pure: the console, the portal and the use cases all ask here."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from datetime import date, datetime, timedelta
from enum import StrEnum

from workforce_core.errors import LastOwner, RoleNotAllowed, ValidationFailed
from workforce_core.model.keys import MAX_RATE_LIMIT
from workforce_core.model.people import CLIENT_ROLES, Actor, Role, User, WebSession
from workforce_core.rules.pay_week_states import week_bounds
from workforce_core.rules.scopes import SCOPES

SESSION_IDLE = timedelta(minutes=30)  # a session unused this long has ended
SESSION_LONGEST = timedelta(hours=12)  # and none lasts longer, however busy
SESSION_TOUCH = timedelta(seconds=60)  # last use is stored at most once a minute
SIGN_OFF_LINK_LIFE = timedelta(days=7)  # a sign-off link opens the portal within a week of being sent
MIN_PASSWORD = 12
MAX_PASSWORD = 256
MAX_EMAIL = 254
MAX_USER_AGENT = 255  # a browser's User-Agent as kept with its session (longer ones are cut)

# Every attempt counts, right or wrong, before its password is checked: the count is exact however
# many attempts race on however many processes (the limiter's hits are), so no guess slips past.
SIGN_IN_PER_USER = 10  # attempts per sign-in name ...
SIGN_IN_PER_ADDRESS = 30  # ... and per address ...
SIGN_IN_WINDOW_SECONDS = 300  # ... in five minutes


class Power(StrEnum):
    """What a role may do beyond reading (the reads follow the role's scopes)."""

    APPROVE = "approve"  # approve, correct, backfill, query, decide amendments
    CLIENT_SIGN_OFF = "client_sign_off"  # the portal's client approval, rejection and queries
    CLOSE_WEEK = "close_week"  # lock, unlock, close a pay week
    EXPORT = "export"  # make and fetch pay and charge files
    CONSOLE = "console"  # open the agency console at all
    SETUP = "setup"  # the account's settings, API keys and users
    BOOK = "book"  # requirements, bookings, their changes and cancels, offers, no-shows
    WORKERS = "workers"  # create and change workers, leavers, do not return, availability, absences
    RATES = "rates"  # set a worker's pay and charge rates: the roles whose scopes have rates:write


_READS = ("workers:read", "timesheets:read", "shifts:read", "onsite:read", "locations:read", "departments:read")
ROLE_SCOPES: dict[str, tuple[str, ...]] = {
    Role.OPERATOR: SCOPES,
    Role.OWNER: SCOPES,
    Role.PAYROLL: (*_READS, "payroll:read", "pay:read", "charges:read"),
    Role.COORDINATOR: (*_READS, "availability:read", "absences:read"),
    Role.APPROVER: ("timesheets:read", "locations:read", "charges:read"),
}
_STAFFING = (Power.BOOK, Power.WORKERS)
ROLE_POWERS: dict[str, frozenset[Power]] = {
    Role.OPERATOR: frozenset(
        {Power.CONSOLE, Power.APPROVE, Power.CLOSE_WEEK, Power.EXPORT, Power.SETUP, *_STAFFING, Power.RATES}
    ),
    Role.OWNER: frozenset(
        {Power.CONSOLE, Power.APPROVE, Power.CLOSE_WEEK, Power.EXPORT, Power.SETUP, *_STAFFING, Power.RATES}
    ),
    Role.PAYROLL: frozenset({Power.CONSOLE, Power.APPROVE, Power.CLOSE_WEEK, Power.EXPORT}),
    Role.COORDINATOR: frozenset({Power.CONSOLE, Power.APPROVE, *_STAFFING}),
    Role.APPROVER: frozenset({Power.CLIENT_SIGN_OFF}),
}


OWNER_RATE_LIMIT = 120  # the most requests a minute an account's owner may give a key ...
# ... an operator admin may give up to the spec's limit (MAX_RATE_LIMIT, 600)


def sign_in_buckets(email: str, address: str | None = None) -> tuple[tuple[str, int], ...]:
    """The throttle buckets a sign-in attempt counts in: the sign-in name's, and the address's when
    given (a guess of the current password on the change page counts in the name's alone)."""
    person = (f"sign-in:user:{email}", SIGN_IN_PER_USER)
    return (person,) if address is None else (person, (f"sign-in:address:{address}", SIGN_IN_PER_ADDRESS))


def keeps_an_owner(disabled: User, owners: Collection[User]) -> None:
    """An account keeps an active owner (who else sets it up?): disabling its last one is 409
    ``last_owner``, whoever asks, the owner themselves included. ``owners``: the account's, read now."""
    if disabled.role != Role.OWNER:
        return
    if not any(owner.active and owner.id != disabled.id for owner in owners):
        raise LastOwner()


def rate_limit_cap(actor: Actor | None) -> int:
    """The highest rate limit this person may set on a key: an operator admin (or the server's
    console) the spec's 600, an account's owner 120."""
    return MAX_RATE_LIMIT if actor is None or actor.operator else OWNER_RATE_LIMIT


class Screen(StrEnum):
    """Where a change was made, for the events' ``via``."""

    TIMESHEETS = "timesheets"
    BATCH_EDIT = "batch_edit"


def scopes_of(role: str) -> tuple[str, ...]:
    return tuple(scope for scope in SCOPES if scope in ROLE_SCOPES[role])


def may(actor: Actor, power: Power) -> bool:
    return power in ROLE_POWERS[actor.role]


# what each power lets a person do, as a refusal says it: "Your role (coordinator) cannot close pay weeks."
POWER_WORDS: dict[Power, str] = {
    Power.APPROVE: "approve or correct shifts",
    Power.CLIENT_SIGN_OFF: "sign off shifts in the client portal",
    Power.CLOSE_WEEK: "close pay weeks",
    Power.EXPORT: "make pay files",
    Power.CONSOLE: "open the agency console",
    Power.SETUP: "change the account's setup",
    Power.BOOK: "book shifts",
    Power.WORKERS: "change workers",
    Power.RATES: "set pay and charge rates",
}
# the roles as a refusal names whom to ask
ROLE_WORDS: dict[str, str] = {
    Role.OPERATOR: "an operator admin",
    Role.OWNER: "an owner",
    Role.COORDINATOR: "a coordinator",
    Role.PAYROLL: "a payroll user",
    Role.APPROVER: "a hirer contact",
}


def refusal(actor: Actor, doing: str, able: Iterable[str]) -> RoleNotAllowed:
    """403 ``role_not_allowed`` in people's words: what the person's role cannot do, and whom to ask
    (the account's roles among ``able``; an operator admin when none of them is)."""
    roles = [role for role in CLIENT_ROLES if role in able] or [Role.OPERATOR]
    names = [ROLE_WORDS[role] for role in roles]
    whom = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
    return RoleNotAllowed(f"Your role ({actor.role}) cannot {doing}. Ask {whom}.")


def require(actor: Actor | None, power: Power) -> None:
    """403 ``role_not_allowed`` unless the actor's role has the power (no actor: the operator's console)."""
    if actor is not None and not may(actor, power):
        raise refusal(actor, POWER_WORDS[power], [role for role, powers in ROLE_POWERS.items() if power in powers])


def scope_refusal(actor: Actor, scope: str) -> RoleNotAllowed:
    """A read the person's role has not the scope of, said without the scope's name."""
    return refusal(actor, "see this page", [role for role, scopes in ROLE_SCOPES.items() if scope in scopes])


def reaches_account(actor: Actor | None, client_id: int) -> bool:
    """Does the actor reach this client account (some of its sites, at least)? An operator reaches every one."""
    return actor is None or actor.operator or actor.client_id == client_id


def reaches(actor: Actor | None, client_id: int, location_id: int | None) -> bool:
    """Does the actor reach this record of an account at this site (None: no site, which a person
    limited to some sites does not reach)?"""
    if not reaches_account(actor, client_id):
        return False
    limited = actor.location_ids if actor is not None and not actor.operator else None
    return limited is None or (location_id is not None and location_id in limited)


def reaches_shift(actor: Actor | None, client_id: int, location_id: int | None, clock_in: datetime) -> bool:
    """``reaches`` for a shift; a person a sign-off link signed in reaches only its pay week's shifts."""
    if not reaches(actor, client_id, location_id):
        return False
    if actor is None or actor.only_week is None:
        return True
    start, end = week_bounds(actor.only_week)
    return start <= clock_in < end


def sees_week(actor: Actor | None, week_start: date) -> bool:
    """Whether a page of this pay week is for the person (a link's session: its week only)."""
    return actor is None or actor.only_week is None or actor.only_week == week_start


def via(actor: Actor | None, screen: Screen) -> str:
    """The spec's ``via`` of an approval: ``admin_*`` for operator admins (and the server's console),
    ``tenant_*`` for the client account's own staff."""
    side = "admin" if actor is None or actor.operator else "tenant"
    return f"{side}_{screen.value}"


def created_via(actor: Actor | None) -> str:
    """``time_entry.created``'s ``via`` for a shift typed in: ``tenant`` from the client console, else ``admin``."""
    return "admin" if actor is None or actor.operator else "tenant"


def session_live(session: WebSession, now: datetime) -> bool:
    return (
        session.ended_at is None
        and now - session.last_seen_at < SESSION_IDLE
        and now - session.created_at < SESSION_LONGEST
    )


def due_touch(session: WebSession, now: datetime) -> bool:
    return now - session.last_seen_at >= SESSION_TOUCH


def sign_in_name(email: str) -> str:
    """The sign-in name as kept: trimmed, folded to lower case; an address with one ``@``."""
    name = email.strip().lower()
    local, at, domain = name.partition("@")
    if (
        not at
        or not local
        or "." not in domain
        or "@" in domain
        or len(name) > MAX_EMAIL
        or any(c.isspace() for c in name)
    ):
        raise ValidationFailed("email", "give an email address (name@example.com).")
    return name


def check_password(password: str, field: str = "password") -> None:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise ValidationFailed(field, f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters.")
