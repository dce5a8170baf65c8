"""/workers.php: list or one worker (GET), create (POST), change (PUT)."""

from __future__ import annotations

from starlette.responses import Response

from workforce_adapters.json import worker_record
from workforce_adapters.json.commands import structure
from workforce_adapters.json.pricing import awr_record
from workforce_core.commands.workers import CreateWorker, UpdateWorker
from workforce_core.errors import InvalidParameter
from workforce_core.model.workers import WORKER_STATUSES
from workforce_core.ports import WorkerFilter
from workforce_core.rules.scopes import require_rates_write
from workforce_core.rules.visibility import Sight, visible
from workforce_core.services import reads
from workforce_core.services.workers import create_worker, update_worker
from workforce_core.views import WorkerView
from workforce_entrypoints.http.endpoint import Call, Endpoint, Method
from workforce_entrypoints.http.replies import listing, record


def _shown(call: Call, view: WorkerView, sight: Sight | None = None) -> dict[str, object]:
    return visible(worker_record(view), sight or Sight.of(call.principal.effective_scopes))


def _one(call: Call, view: WorkerView) -> dict[str, object]:
    """A worker replied alone: with ``pay:read``, their AWR clock at the start of the current pay week too."""
    sight = Sight.of(call.principal.effective_scopes)
    shown = _shown(call, view, sight)
    if sight.pay:
        s = call.services
        clock = s.run(reads.worker_awr, call.principal, view)
        shown["awr"] = awr_record(clock)
    return shown


def get(call: Call) -> Response:
    p = call.params
    paging = p.paging()
    query = WorkerFilter(
        client_id=call.principal.client_id,
        paging=paging,
        id=p.identifier("id"),
        department_id=p.identifier("department_id"),
        status=p.choice("status", WORKER_STATUSES),
        active=p.boolean("active"),
        dormant=p.boolean("dormant"),
        updated_since=p.instant("updated_since"),
        search=p.words("search"),
    )
    page = call.services.run(reads.workers, call.principal, query, location_id=p.identifier("location_id"))
    if query.id is not None:
        return record(_one(call, reads.one(page)))
    sight = Sight.of(call.principal.effective_scopes)
    return listing([_shown(call, view, sight) for view in page.items], page, paging)


def post(call: Call) -> Response:
    s = call.services
    body = call.body()
    require_rates_write(body, call.principal)  # 403 before any value of the body is looked at
    view = s.run(
        create_worker,
        structure(CreateWorker, body, exact=True),
        client_id=call.principal.client_id,
        principal=call.principal,
    )
    return record(_one(call, view), status=201, message="Worker created.")


def put(call: Call) -> Response:
    worker_id = call.params.identifier("id")
    if worker_id is None:
        raise InvalidParameter("id", "id is required: PUT /workers.php?id=<worker_id>.")
    s = call.services
    body = call.body()
    require_rates_write(body, call.principal)
    view = s.run(
        update_worker,
        worker_id,
        structure(UpdateWorker, body, exact=True),
        client_id=call.principal.client_id,
        principal=call.principal,
    )
    return record(_one(call, view), message="Worker updated.")


ENDPOINT = Endpoint(
    "workers",
    {
        "GET": Method(get, ("workers:read",)),
        "POST": Method(post, ("workers:write",)),
        "PUT": Method(put, ("workers:write",)),
    },
)
