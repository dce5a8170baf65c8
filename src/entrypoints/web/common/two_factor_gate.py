"""WORKFORCE_REQUIRE_2FA at the console's door: an owner or operator admin without two-factor sign-in
reaches only its set-up pages (and signing out) until it is on; every other page sends them there."""

from __future__ import annotations

from workforce_core.services.two_factor import set_up_due
from workforce_core.views.signed_in import SignedIn
from workforce_entrypoints.bootstrap import Services

SET_UP_PAGE = "/console/two-factor"
OPEN_PATHS = (SET_UP_PAGE, "/console/sign-out")


def set_up_first(signed: SignedIn, services: Services, path: str) -> bool:
    """Must this visit go to the set-up page instead? A read only for the roles the setting names."""
    if path.startswith(OPEN_PATHS):
        return False
    return services.run(set_up_due, signed.user, services.settings.require_two_factor)
