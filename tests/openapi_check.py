"""Check a reply the tests received against the OpenAPI document (``src/entrypoints/http/openapi.json``).

``validate_reply(response)`` takes the httpx response a Starlette ``TestClient`` (or httpx) returned and
checks its status code, headers and JSON body against the documented operation, with openapi-core.
The no-suffix form of a path (``/api/v1/workers``) is the same operation as ``/api/v1/workers.php``.

Replies outside the documented operations are checked against what the document says of them:
an unknown path answers the ``NotFound`` error reply; a method a documented path does not support
answers the ``MethodNotAllowed`` reply, whose ``Allow`` header lists exactly the documented methods;
a CORS preflight (``OPTIONS``) answers 204 with the same ``Allow``.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from functools import cache
from typing import Any, Protocol
from urllib.parse import parse_qsl

from openapi_core import OpenAPI
from openapi_core.datatypes import RequestParameters
from openapi_schema_validator import OAS30Validator
from werkzeug.datastructures import Headers, ImmutableMultiDict

from workforce_entrypoints.http.front import is_front
from workforce_entrypoints.http.openapi import load_document

PREFIX = "/api/v1"
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
SUFFIX = ".php"


class ReplyMismatch(AssertionError):
    """The reply does not conform to the document; the message lists every difference found."""


class _Url(Protocol):
    @property
    def path(self) -> str: ...

    @property
    def query(self) -> bytes: ...


class _Request(Protocol):
    method: str
    url: _Url
    headers: Any

    @property
    def content(self) -> bytes: ...


class Reply(Protocol):
    """What is read of a reply: an ``httpx`` / ``httpx2`` response (a ``TestClient`` returns one)."""

    status_code: int
    headers: Any

    @property
    def content(self) -> bytes: ...

    @property
    def request(self) -> _Request: ...


@cache
def openapi() -> OpenAPI:
    return OpenAPI.from_dict(copy.deepcopy(load_document()))


def documented_path(path: str) -> str | None:
    """The document's path for a request path (``/api/v1/workers`` -> ``/workers.php``), or None."""
    if not path.startswith(PREFIX + "/"):
        return None
    relative = path[len(PREFIX) :]
    paths = load_document()["paths"]
    if relative in paths:
        return relative
    if not relative.endswith(SUFFIX) and relative + SUFFIX in paths:
        return relative + SUFFIX
    return None


def documented_methods(path: str) -> list[str]:
    """Upper-case methods the document gives a documented path, in the document's order."""
    return [method.upper() for method in load_document()["paths"][path] if method in METHODS]


def validate_reply(response: Reply) -> None:
    """Raise ``ReplyMismatch`` unless the reply conforms to the document."""
    request = response.request
    if is_front(request.url.path) and response.status_code not in (404, 405):
        return  # the front page, health checks and rendered docs: pages outside the API's contract
    path = documented_path(request.url.path)
    problems: list[str]
    if path is None:
        problems = _component_reply_problems("NotFound", response)
        where = f"{request.method} {request.url.path} (not a documented path)"
    elif request.method.lower() not in load_document()["paths"][path]:
        problems = _undocumented_method_problems(path, response)
        where = f"{request.method} {request.url.path} (method not documented for {path})"
    else:
        errors = openapi().iter_response_errors(_CoreRequest(path, request), _CoreResponse(response))
        problems = [_describe(error) for error in errors]
        where = f"{request.method} {path}"
    if problems:
        body = response.content[:2000].decode("utf-8", "replace")
        raise ReplyMismatch(
            f"{where} -> {response.status_code} does not conform to openapi.json:\n  - "
            + "\n  - ".join(problems)
            + f"\nreply headers: {dict(response.headers)}\nreply body: {body}"
        )


class _CoreRequest:
    """openapi-core's request protocol, over the request that was sent (path mapped to the documented one)."""

    def __init__(self, path: str, request: _Request) -> None:
        self.host_url = "http://testserver"
        self.path = PREFIX + path
        self.method = request.method.lower()
        self.body = request.content
        self.content_type = request.headers.get("content-type", "application/json")
        query = parse_qsl(request.url.query.decode("latin-1"), keep_blank_values=True)
        self.parameters = RequestParameters(query=ImmutableMultiDict(query), header=Headers(dict(request.headers)))


class _CoreResponse:
    """openapi-core's response protocol over an httpx response."""

    def __init__(self, response: Reply) -> None:
        self.status_code = response.status_code
        self.headers = Headers(list(_header_items(response.headers)))
        self.content_type = response.headers.get("content-type", "")
        self.data = response.content


def _header_items(headers: Any) -> Iterator[tuple[str, str]]:
    items = headers.multi_items() if hasattr(headers, "multi_items") else headers.items()
    yield from items


def _describe(error: BaseException) -> str:
    """An openapi-core error, by its JSON schema errors (each names the JSON path at fault) when it has them."""
    chain: list[BaseException] = []
    current: BaseException | None = error
    while current is not None and current not in chain:
        chain.append(current)
        current = current.__cause__ or current.__context__
    details = [
        detail
        for link in chain
        for schema_error in getattr(link, "schema_errors", None) or ()
        for detail in _schema_error_details(schema_error)
    ]
    if not details:
        details = [str(link)[:300] for link in chain if type(link).__module__.startswith("openapi_core")] or [
            str(error)[:300]
        ]
    return f"{type(error).__name__}: " + "; ".join(dict.fromkeys(details))


def _schema_error_details(error: Any) -> list[str]:
    """A JSON schema error as "at <path>: <message>" lines. For a ``oneOf``/``anyOf``, the errors of the
    branch that came closest: one whose shape (the type of the body and of its top-level members) fits,
    then the fewest errors; so ``{data: <Worker>}`` missing a field names the field, not the list branch."""
    if error.context:
        branches: dict[Any, list[Any]] = {}
        for sub in error.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)

        def distance(errors: list[Any]) -> tuple[bool, int]:
            wrong_shape = any(e.validator == "type" and len(e.relative_path) <= 1 for e in errors)
            return wrong_shape, len(errors)

        closest = min(branches.values(), key=distance)
        return [detail for sub in closest for detail in _schema_error_details(sub)]
    return [f"at {'/'.join(str(p) for p in error.absolute_path) or '<root>'}: {error.message}"]


def _undocumented_method_problems(path: str, response: Reply) -> list[str]:
    allow = ", ".join(documented_methods(path))
    if response.request.method == "OPTIONS" and response.status_code == 204:
        problems = _headers_problems(response, {"X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}})
    else:
        problems = _component_reply_problems("MethodNotAllowed", response)
    got = response.headers.get("allow")
    if got is not None and sorted(m.strip() for m in got.split(",")) != sorted(documented_methods(path)):
        problems.append(f"Allow is {got!r}; the document gives {path} the methods {allow!r}")
    return problems


def _component_reply_problems(name: str, response: Reply) -> list[str]:
    """Differences between a reply and ``#/components/responses/<name>`` (an error reply)."""
    document = load_document()
    spec = document["components"]["responses"][name]
    schema = spec["content"]["application/json"]["schema"]
    problems = _headers_problems(response, spec.get("headers", {}))
    content_type = response.headers.get("content-type", "")
    if content_type.split(";")[0].strip() != "application/json":
        problems.append(f"content type {content_type!r} is not application/json")
        return problems
    try:
        body = json.loads(response.content)
    except ValueError:
        return [*problems, "the body is not JSON"]
    problems += _schema_problems(schema, body)
    statuses = _schema_of(schema)["allOf"][1]["properties"]["status"]["enum"]
    if response.status_code not in statuses:
        problems.append(f"status {response.status_code}; the document gives {name} the status {statuses}")
    return problems


def _headers_problems(response: Reply, headers: dict[str, Any]) -> list[str]:
    problems = []
    for header_name, header_ref in headers.items():
        header = _schema_of(header_ref)
        value = response.headers.get(header_name)
        if value is None:
            if header.get("required"):
                problems.append(f"header {header_name} is missing")
            continue
        schema = header["schema"]
        typed: Any = value
        if schema.get("type") == "integer":
            try:
                typed = int(value)
            except ValueError:
                problems.append(f"header {header_name}={value!r} is not an integer")
                continue
        problems += [f"header {header_name}: {p}" for p in _schema_problems(schema, typed)]
    return problems


def _schema_problems(schema: dict[str, Any], value: Any) -> list[str]:
    document = load_document()
    validator = OAS30Validator({**schema, "components": document["components"]})
    return [detail for error in validator.iter_errors(value) for detail in _schema_error_details(error)]


def _schema_of(node: dict[str, Any]) -> dict[str, Any]:
    """A node with its ``$ref`` (within the document) followed."""
    document = load_document()
    while "$ref" in node:
        target: Any = document
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        node = target
    return node
