"""The OpenAPI 3.0.3 document of the API (``openapi.json`` beside this module), served without a key.

The document is the contract: it is read once from the package data and served as it is stored.
``ROUTES`` are the Starlette routes for ``/api/v1/openapi.json`` (GET; other methods 405 ``Allow: GET``,
like the API's endpoints).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from workforce_core.errors import MethodNotAllowed
from workforce_entrypoints.http.endpoint import ALL_METHODS
from workforce_entrypoints.http.replies import error_reply, reply

PACKAGE = "workforce_entrypoints.http"
RESOURCE = "openapi.json"
PATH = "/api/v1/openapi.json"


@cache
def load_document() -> dict[str, Any]:
    """The document as a dict, parsed once (callers must not change it)."""
    text = resources.files(PACKAGE).joinpath(RESOURCE).read_text(encoding="utf-8")
    document = json.loads(text)
    if not isinstance(document, dict):
        raise TypeError(f"{RESOURCE} is not a JSON object")
    return document


async def openapi_document(request: Request) -> Response:
    """GET /api/v1/openapi.json: the document (no key needed); any other method 405 with ``Allow: GET``."""
    if request.method != "GET":
        return error_reply(MethodNotAllowed(), headers={"Allow": "GET"})
    return reply(load_document())


ROUTES: list[BaseRoute] = [Route(PATH, openapi_document, methods=ALL_METHODS, name="openapi")]
