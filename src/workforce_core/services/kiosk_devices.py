"""Site kiosk devices: an owner or operator enrols the browser in use for one site of the account (a
long-lived token in an HttpOnly cookie; only its hash is kept, as for API keys), lists and revokes the
account's devices; a request from a kiosk is matched to its live device here (``kiosk_of``)."""

from __future__ import annotations

from datetime import datetime, timedelta

from attrs import field, frozen

from workforce_core.commands.kiosks import EnrolKiosk
from workforce_core.errors import AccountSuspended, KioskNotEnrolled, NotFound
from workforce_core.model.audit import AuditEntry
from workforce_core.model.keys import hash_secret
from workforce_core.model.kiosks import KioskDevice, default_kiosk_id, new_device_token
from workforce_core.model.principal import Principal
from workforce_core.ports import Clock, UnitOfWork, UnitOfWorkFactory
from workforce_core.rules import people
from workforce_core.rules.access import owned_site
from workforce_core.rules.people import Power
from workforce_core.views import AtKiosk

SEEN_TOUCH = timedelta(minutes=1)  # a device's last use is stored at most once a minute


@frozen
class EnrolledKiosk:
    """A device just enrolled, and its token (the cookie's value, never stored)."""

    device: KioskDevice
    token: str = field(repr=False)


@frozen
class KioskListing:
    device: KioskDevice
    site_name: str


def enrol_kiosk(command: EnrolKiosk, *, principal: Principal, uow: UnitOfWorkFactory, clock: Clock) -> EnrolledKiosk:
    """An owner or operator (``Power.SETUP``) enrols the browser in use for one of the account's sites."""
    people.require(principal.actor, Power.SETUP)
    now = clock.now()
    token = new_device_token()
    with uow() as tx:
        site = owned_site(principal, tx.locations.get(command.location_id), field="location_id")
        name = command.kiosk_id or default_kiosk_id(site.id, tx.kiosks.count_at(site.id) + 1)
        device = KioskDevice(
            client_id=principal.client_id,
            location_id=site.id,
            kiosk_id=name,
            token_hash=hash_secret(token),
            created_at=now,
            created_by=principal.actor.user_id if principal.actor is not None else None,
        )
        device = tx.kiosks.add(device)
        _audit(tx, principal, device, "enrol_kiosk", now)
        tx.commit()
    return EnrolledKiosk(device, token)


def kiosks(principal: Principal, *, uow: UnitOfWorkFactory) -> list[KioskListing]:
    """The account's devices (revoked ones too) with their sites' names, at the sites the person sees."""
    with uow(read_only=True) as tx:
        devices = [d for d in tx.kiosks.of_client(principal.client_id) if principal.sees_site(d.location_id)]
        sites = tx.locations.get_many({d.location_id for d in devices})
    return [KioskListing(d, sites[d.location_id].name if d.location_id in sites else "") for d in devices]


def revoke_kiosk(device_id: int, *, principal: Principal, uow: UnitOfWorkFactory, clock: Clock) -> KioskDevice:
    """The device can no longer clock (its token is refused); revoking twice changes nothing."""
    people.require(principal.actor, Power.SETUP)
    now = clock.now()
    with uow() as tx:
        device = tx.kiosks.get(device_id)
        if device is None or device.client_id != principal.client_id or not principal.sees_site(device.location_id):
            raise NotFound(f"kiosk {device_id} was not found.")
        if device.revoked_at is None:
            device.revoked_at = now
            tx.kiosks.update(device)
            _audit(tx, principal, device, "revoke_kiosk", now)
            tx.commit()
    return device


def _audit(tx: UnitOfWork, principal: Principal, device: KioskDevice, action: str, now: datetime) -> None:
    tx.audit.add(
        AuditEntry(
            client_id=device.client_id,
            api_key_id=None,
            user_id=principal.actor.user_id if principal.actor is not None else None,
            action=action,
            entity="kiosk",
            entity_id=device.id,
            created_at=now,
            changes={"kiosk_id": {"before": None, "after": device.kiosk_id}, "location_id": device.location_id},
        )
    )


def kiosk_of(token: str | None, *, uow: UnitOfWorkFactory, clock: Clock) -> AtKiosk:
    """The kiosk of a device cookie's token: 401 ``kiosk_not_enrolled`` without one, for an unknown
    or a revoked one; 403 ``account_suspended`` when the account is not active."""
    if not token:
        raise KioskNotEnrolled()
    now = clock.now()
    with uow(read_only=True) as tx:
        device = tx.kiosks.by_token_hash(hash_secret(token))
        if device is None or device.revoked:
            raise KioskNotEnrolled()
        client = tx.clients.get(device.client_id)
        site = tx.locations.get(device.location_id)
        survey = tx.surveys.for_site(device.client_id, device.location_id)
    if client is None or site is None:
        raise KioskNotEnrolled()
    if not client.usable:
        raise AccountSuspended()
    if device.last_seen_at is None or now - device.last_seen_at >= SEEN_TOUCH:
        with uow() as tx:
            device.last_seen_at = now
            tx.kiosks.update(device)
            tx.commit()
    return AtKiosk(device, site, client, survey)
