"""Where a console or portal form leads: back to a page of the client account, saying what was done."""

from __future__ import annotations

from urllib.parse import urlencode

from starlette.responses import RedirectResponse, Response

from workforce_entrypoints.web.common.done import Done
from workforce_entrypoints.web.common.request_path import secure
from workforce_entrypoints.web.common.visits import Visit


def back_to(visit: Visit, path: str, done: Done, *, prefix: str = "/console", **more: int | str | None) -> Response:
    """303 to the account's page at ``path`` saying ``done`` (a code, never words); ``more`` (``count``,
    ``worker``, ``week``) rides along when given."""
    query = urlencode({"done": done.value, **{name: value for name, value in more.items() if value is not None}})
    return secure(RedirectResponse(f"{prefix}/{visit.client.client_id}{path}?{query}", status_code=303))
