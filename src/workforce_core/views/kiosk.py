"""Who is at a site kiosk and which worker signed in to it."""

from __future__ import annotations

from attrs import field, frozen

from workforce_core.model.accounts import ClientAccount
from workforce_core.model.kiosks import KioskDevice
from workforce_core.model.principal import Principal
from workforce_core.model.reference import Location
from workforce_core.model.surveys import Survey
from workforce_core.model.worker_app import WorkerSession
from workforce_core.model.workers import Worker
from workforce_core.rules.worker_app import WORKER_SCOPES, mobile_kiosk_id

CLOCK_SCOPES = ("clock:write",)


@frozen
class AtKiosk:
    """A live kiosk: its device, site, account and the survey asked before clocking in there."""

    device: KioskDevice
    site: Location
    client: ClientAccount
    survey: Survey | None

    @property
    def principal(self) -> Principal:
        """Whom the clocking use case clocks for: the account, at the kiosk's site only."""
        return Principal(key=None, client=self.client, effective_scopes=CLOCK_SCOPES)


@frozen
class SignedWorker:
    """A live session, its worker and their client account; ``token`` (the cookie's value, never
    stored) when just made."""

    worker: Worker
    client: ClientAccount
    session: WorkerSession
    token: str | None = field(default=None, repr=False)

    @property
    def principal(self) -> Principal:
        """What the worker's pages read with: the reads of their own shifts, offers, availability and
        absences (every page filters by ``worker.id``; every write checks it)."""
        return Principal(key=None, client=self.client, effective_scopes=WORKER_SCOPES)

    @property
    def kiosk_id(self) -> str:
        return mobile_kiosk_id(self.session.device)
