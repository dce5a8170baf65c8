"""CORS: a key's ``allowed_origins`` decide; an empty list means server to server only.

A preflight carries no key, so it is answered for an origin that some working key lists. The
real request then needs its own key to list the origin: otherwise it is refused (403 ``forbidden``)
and carries no ``Access-Control-Allow-Origin``.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from workforce_core.errors import Forbidden
from workforce_core.model.principal import Principal

ALLOWED_HEADERS = "Authorization, Content-Type, Idempotency-Key"
EXPOSED_HEADERS = (
    "X-Request-Id, X-API-Version, X-RateLimit-Limit, X-RateLimit-Remaining, Retry-After, Idempotent-Replayed"
)
MAX_AGE = "600"


def is_preflight(request: Request) -> bool:
    return (
        request.method == "OPTIONS"
        and "origin" in request.headers
        and "access-control-request-method" in request.headers
    )


def preflight_reply(origin_allowed: bool, origin: str, allow: str) -> Response:
    headers = {"Vary": "Origin", "Allow": allow}
    if origin_allowed:
        headers.update(
            {
                "Access-Control-Allow-Origin": origin,
                "Access-Control-Allow-Methods": allow,
                "Access-Control-Allow-Headers": ALLOWED_HEADERS,
                "Access-Control-Max-Age": MAX_AGE,
            }
        )
    return Response(status_code=204, headers=headers)


def origin_headers(request: Request, principal: Principal) -> dict[str, str]:
    """Headers for a request from a browser origin the key allows; 403 for one it does not."""
    origin = request.headers.get("origin")
    if origin is None:
        return {}
    if origin not in principal.api_key.allowed_origins:
        raise Forbidden("This API key does not allow requests from this browser origin.")
    return {"Access-Control-Allow-Origin": origin, "Vary": "Origin", "Access-Control-Expose-Headers": EXPOSED_HEADERS}
