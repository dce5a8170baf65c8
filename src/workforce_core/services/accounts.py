"""Console use cases for client accounts and their API keys (the Setup > API keys screen)."""

from __future__ import annotations

from datetime import datetime, timedelta

import attrs
from attrs import field, frozen

from workforce_core.errors import NotFound, RoleNotAllowed, ValidationFailed
from workforce_core.facts import ClientPricingChanged
from workforce_core.model.accounts import (
    ACCOUNT_STATUSES,
    MAX_DOCUMENT_WARNING_DAYS,
    MAX_NO_SHOW_GRACE_MINUTES,
    MAX_SIGNOFF_DEADLINE_HOURS,
    POLICIES,
    PRICING_CHOICES,
    ClientAccount,
    ClientSettings,
)
from workforce_core.model.holiday import HOLIDAY_PAY_CHOICES
from workforce_core.model.keys import ApiKey, IssuedKey, hash_secret, new_secret, prefix_of
from workforce_core.model.people import Actor
from workforce_core.ports import Clock, UnitOfWork, UnitOfWorkFactory
from workforce_core.rules import fields, people, text
from workforce_core.rules.holiday_pay import leave_year_start_of
from workforce_core.rules.people import Power
from workforce_core.rules.scopes import SCOPES

DEFAULT_OVERLAP_HOURS = 24


@frozen
class CreateClient:
    name: str
    settings: ClientSettings = field(factory=ClientSettings)


@frozen
class UpdateClient:
    client_id: int
    api_access: bool | None = None
    status: str | None = None
    name: str | None = None
    pay_week_start_day: int | None = None
    require_client_approval: bool | None = None
    walk_in_policy: str | None = None
    cancelled_policy: str | None = None
    premium_stacking: str | None = None
    premium_day_basis: str | None = None
    site_overtime_mode: str | None = None
    no_show_grace_minutes: int | None = None
    signoff_deadline_hours: int | None = None  # 0: no deadline (None: unchanged)
    holiday_pay: str | None = None
    leave_year_start: str | None = None  # MM-DD
    right_to_work_required: bool | None = None
    document_warning_days: int | None = None


@frozen
class CreateKey:
    client_id: int
    name: str
    scopes: tuple[str, ...] = ()
    location_ids: tuple[int, ...] | None = None
    rate_limit_per_minute: int = 60
    expires_at: datetime | None = None
    allowed_origins: tuple[str, ...] = ()
    legacy: bool = False


def _check_settings(settings: ClientSettings) -> None:
    if not 1 <= settings.pay_week_start_day <= 7:
        raise ValidationFailed("pay_week_start_day", "pay_week_start_day is 1 (Monday) to 7 (Sunday).")
    for name in ("walk_in_policy", "cancelled_policy"):
        if getattr(settings, name) not in POLICIES:
            raise ValidationFailed(name, f"{name} is no_pay or pay.")
    for name, choices in PRICING_CHOICES.items():
        if getattr(settings, name) not in choices:
            raise ValidationFailed(name, f"{name} is one of {', '.join(choices)}.")
    if not 0 <= settings.no_show_grace_minutes <= MAX_NO_SHOW_GRACE_MINUTES:
        message = f"no_show_grace_minutes is 0 to {MAX_NO_SHOW_GRACE_MINUTES}."
        raise ValidationFailed("no_show_grace_minutes", message)
    if settings.holiday_pay not in HOLIDAY_PAY_CHOICES:
        raise ValidationFailed("holiday_pay", f"holiday_pay is one of {', '.join(HOLIDAY_PAY_CHOICES)}.")
    if leave_year_start_of(settings.leave_year_start) is None:
        raise ValidationFailed("leave_year_start", "leave_year_start is a day of the year as MM-DD (not 02-29).")
    if not 0 <= settings.document_warning_days <= MAX_DOCUMENT_WARNING_DAYS:
        message = f"document_warning_days is 0 to {MAX_DOCUMENT_WARNING_DAYS}."
        raise ValidationFailed("document_warning_days", message)
    hours = settings.signoff_deadline_hours
    if hours is not None and not 1 <= hours <= MAX_SIGNOFF_DEADLINE_HOURS:
        message = f"signoff_deadline_hours is 1 to {MAX_SIGNOFF_DEADLINE_HOURS} (0 or none: no deadline)."
        raise ValidationFailed("signoff_deadline_hours", message)


def create_client(cmd: CreateClient, *, uow: UnitOfWorkFactory, clock: Clock) -> ClientAccount:
    name = fields.text_value(cmd.name, "name", kind=text.name, max_length=200)
    _check_settings(cmd.settings)
    with uow() as tx:
        client = tx.clients.add(ClientAccount(name=name, created_at=clock.now(), settings=cmd.settings))
        tx.commit()
    return client


def update_client(
    cmd: UpdateClient, *, uow: UnitOfWorkFactory, clock: Clock, actor: Actor | None = None
) -> ClientAccount:
    people.require(actor, Power.SETUP)
    if actor is not None and not actor.operator and (cmd.status is not None or cmd.api_access is not None):
        raise RoleNotAllowed("an account's status and API access are the operator's to change.")
    with uow() as tx:
        client = _client(tx, cmd.client_id, actor)
        changes = {
            name: getattr(cmd, name)
            for name in (
                "pay_week_start_day",
                "require_client_approval",
                "walk_in_policy",
                "cancelled_policy",
                *PRICING_CHOICES,
                "no_show_grace_minutes",
                "holiday_pay",
                "leave_year_start",
                "right_to_work_required",
                "document_warning_days",
            )
            if getattr(cmd, name) is not None
        }
        if cmd.signoff_deadline_hours is not None:
            changes["signoff_deadline_hours"] = cmd.signoff_deadline_hours or None
        settings_before = client.settings
        client.settings = attrs.evolve(client.settings, **changes)
        _check_settings(client.settings)
        if cmd.status is not None:
            if cmd.status not in ACCOUNT_STATUSES:
                raise ValidationFailed("status", f"status is one of {', '.join(ACCOUNT_STATUSES)}.")
            client.status = cmd.status
        if cmd.name is not None and cmd.name.strip():
            client.name = fields.text_value(cmd.name, "name", kind=text.name, max_length=200)
        if cmd.api_access is not None:
            if client.api_access and not cmd.api_access:
                _revoke_every_key(tx, client.id, clock.now())
            client.api_access = cmd.api_access
        tx.clients.update(client)
        # the leave year is worked out when read; the documents' settings price nothing
        unpriced = ("signoff_deadline_hours", "leave_year_start", "right_to_work_required", "document_warning_days")
        priced_before = attrs.evolve(settings_before, **{name: getattr(client.settings, name) for name in unpriced})
        if client.settings != priced_before:  # policies, premiums and the pay week price shifts; those not
            tx.note(ClientPricingChanged(client.id))
        tx.commit()
    return client


def create_key(cmd: CreateKey, *, uow: UnitOfWorkFactory, clock: Clock, actor: Actor | None = None) -> IssuedKey:
    people.require(actor, Power.SETUP)
    unknown = [scope for scope in cmd.scopes if scope not in SCOPES]
    if unknown:
        raise ValidationFailed("scope", f"unknown scope {unknown[0]}; scopes are {', '.join(SCOPES)}.")
    cap = people.rate_limit_cap(actor)
    if not 1 <= cmd.rate_limit_per_minute <= cap:
        raise ValidationFailed("rate_limit", f"rate limit is 1 to {cap} requests per minute.")
    name = fields.text_value(cmd.name, "name", kind=text.name, max_length=100)
    origins = tuple(fields.text_value(o, "origin", kind=text.single_line, max_length=255) for o in cmd.allowed_origins)
    with uow() as tx:
        _client(tx, cmd.client_id, actor)
        for location_id in cmd.location_ids or ():
            site = tx.locations.get(location_id)
            if site is None or site.client_id != cmd.client_id:
                raise ValidationFailed("location", f"site {location_id} is not a site of client {cmd.client_id}.")
        secret = new_secret()
        key = tx.keys.add(
            ApiKey(
                client_id=cmd.client_id,
                name=name,
                key_prefix=prefix_of(secret),
                key_hash=hash_secret(secret),
                created_at=clock.now(),
                scopes=_unique(cmd.scopes),
                legacy=cmd.legacy,
                location_ids=tuple(sorted(set(cmd.location_ids))) if cmd.location_ids is not None else None,
                rate_limit_per_minute=cmd.rate_limit_per_minute,
                allowed_origins=_unique(origins),
                expires_at=cmd.expires_at,
            )
        )
        tx.commit()
    return IssuedKey(key=key, secret=secret)


def revoke_key(key_id: int, *, uow: UnitOfWorkFactory, clock: Clock, actor: Actor | None = None) -> ApiKey:
    people.require(actor, Power.SETUP)
    with uow() as tx:
        key = _key(tx, key_id, actor)
        now = clock.now()
        if not key.revoked(now):
            key.revoked_at = now
            tx.keys.update(key)
        tx.commit()
    return key


def rotate_key(
    key_id: int,
    *,
    uow: UnitOfWorkFactory,
    clock: Clock,
    overlap_hours: float = DEFAULT_OVERLAP_HOURS,
    actor: Actor | None = None,
) -> IssuedKey:
    """A replacing key with the same settings; the old one answers until the overlap ends."""
    people.require(actor, Power.SETUP)
    if not 0 <= overlap_hours <= 24 * 30:
        raise ValidationFailed("overlap_hours", "overlap is 0 to 720 hours.")
    with uow() as tx:
        old = _key(tx, key_id, actor)
        now = clock.now()
        if old.revoked(now):
            raise ValidationFailed("id", "a revoked key cannot be rotated.")
        secret = new_secret()
        new = tx.keys.add(
            attrs.evolve(
                old,
                id=0,
                key_prefix=prefix_of(secret),
                key_hash=hash_secret(secret),
                created_at=now,
                revoked_at=None,
                replaces_id=old.id,
            )
        )
        ends = now + timedelta(hours=overlap_hours)
        old.revoked_at = ends if old.revoked_at is None else min(old.revoked_at, ends)
        tx.keys.update(old)
        tx.commit()
    return IssuedKey(key=new, secret=secret)


def _revoke_every_key(tx: UnitOfWork, client_id: int, now: datetime) -> None:
    for key in tx.keys.for_client(client_id):
        if not key.revoked(now):
            key.revoked_at = now
            tx.keys.update(key)


def _client(tx: UnitOfWork, client_id: int, actor: Actor | None = None) -> ClientAccount:
    client = tx.clients.get(client_id)
    if client is None or not people.reaches_account(actor, client_id):
        raise NotFound(f"client {client_id} not found")
    return client


def _key(tx: UnitOfWork, key_id: int, actor: Actor | None = None) -> ApiKey:
    key = tx.keys.get(key_id)
    if key is None or not people.reaches_account(actor, key.client_id):
        raise NotFound(f"key {key_id} not found")
    return key


def client_keys(client_id: int, *, uow: UnitOfWorkFactory, actor: Actor | None = None) -> list[ApiKey]:
    """The account's keys, by id (never their secrets: only prefixes and hashes are kept)."""
    people.require(actor, Power.SETUP)
    with uow(read_only=True) as tx:
        _client(tx, client_id, actor)
        return sorted(tx.keys.for_client(client_id), key=lambda key: key.id)


def _unique(items: tuple[str, ...]) -> tuple[str, ...]:
    out: list[str] = []
    for item in items:
        if item not in out:
            out.append(item)
    return tuple(out)
