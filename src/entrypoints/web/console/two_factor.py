"""A person's two-factor sign-in page (from the name beside "Sign out"): set it up from a QR code (segno,
inline SVG) or its secret typed in, confirm it with a code, see the ten recovery codes once, turn it off
with a code; and an operator admin's reset of someone's, from an account's Setup users.

The recovery codes travel from the confirming POST to the page that shows them (POST/redirect/GET) as
every value a page shows once does (``once.py``: sealed in a cookie of that page's path, taken when
shown): they are never stored in clear.
"""

from __future__ import annotations

import segno
from markupsafe import Markup
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute

from workforce_core.commands.two_factor import ConfirmTwoFactor, TurnOffTwoFactor
from workforce_core.errors import CodeRefused, CodesThrottled, TwoFactorOff
from workforce_core.rules.people import Power
from workforce_core.services.two_factor import (
    confirm_two_factor,
    reset_two_factor,
    start_two_factor,
    turn_off_two_factor,
    two_factor_state,
)
from workforce_entrypoints.web.common.done import Done
from workforce_entrypoints.web.common.redirects import back_to
from workforce_entrypoints.web.common.request_path import secure
from workforce_entrypoints.web.common.visits import Visit, console_route

PAGE = "/console/two-factor"
CODES_PATH = f"{PAGE}/recovery-codes"


def two_factor_page(visit: Visit, *, error: str | None = None, status: int = 200) -> Response:
    s = visit.services
    state = s.run(two_factor_state, visit.signed.user)
    qr = None
    if state.uri is not None:
        qr = Markup(segno.make(state.uri, error="m").svg_inline(scale=4, svgclass="qr-code"))
    grouped = " ".join(state.secret[at : at + 4] for at in range(0, len(state.secret), 4)) if state.secret else None
    reply = visit.page("two_factor.html", state=state, qr=qr, secret=grouped, error=error)
    reply.status_code = status
    return reply


def start(visit: Visit) -> Response:
    s = visit.services
    s.run(start_two_factor, visit.signed.user.id)
    return secure(RedirectResponse(PAGE, status_code=303))


def confirm(visit: Visit) -> Response:
    s = visit.services
    command = ConfirmTwoFactor(user_id=visit.signed.user.id, code=visit.value("code") or "")
    try:
        recovery = s.run(confirm_two_factor, command)
    except (CodeRefused, CodesThrottled) as refused:
        return two_factor_page(visit, error=refused.message, status=refused.status)
    return visit.once_there(secure(RedirectResponse(CODES_PATH, status_code=303)), recovery=" ".join(recovery))


def recovery_codes(visit: Visit) -> Response:
    """The ten codes, once (the page's request takes them; a reload goes back to the set-up page)."""
    recovery = (visit.once or {}).get("recovery", "").split()
    if not recovery:
        return secure(RedirectResponse(PAGE, status_code=303))
    return visit.page("two_factor_codes.html", recovery=recovery)


def turn_off(visit: Visit) -> Response:
    s = visit.services
    command = TurnOffTwoFactor(user_id=visit.signed.user.id, code=visit.value("code") or "")
    try:
        s.run(turn_off_two_factor, command)
    except (CodeRefused, CodesThrottled, TwoFactorOff) as refused:
        return two_factor_page(visit, error=refused.message, status=refused.status)
    return secure(RedirectResponse(f"{PAGE}?done={Done.TWO_FACTOR_OFF.value}", status_code=303))


def reset(visit: Visit) -> Response:
    """An operator admin turns off the two-factor sign-in of one of the account's people (a lost device)."""
    s = visit.services
    s.run(reset_two_factor, int(visit.path["user_id"]), actor=visit.signed.actor)
    return back_to(visit, "/setup", Done.TWO_FACTOR_RESET)


ROUTES: list[BaseRoute] = [
    console_route("/two-factor", two_factor_page, client=False, power=None),
    console_route("/two-factor/start", start, methods=("POST",), client=False, power=None),
    console_route("/two-factor/confirm", confirm, methods=("POST",), client=False, power=None),
    console_route("/two-factor/recovery-codes", recovery_codes, client=False, power=None),
    console_route("/two-factor/turn-off", turn_off, methods=("POST",), client=False, power=None),
    console_route(
        "/{client_id:int}/setup/users/{user_id:int}/reset-two-factor", reset, methods=("POST",), power=Power.SETUP
    ),
]
