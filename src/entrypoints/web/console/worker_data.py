"""The worker page's actions on the worker's whole record: download the worker's data (a subject-access
export: one ZIP, served as a ``no-store`` attachment, recorded in the audit trail) and, for an operator
admin, move the worker to another client account (then the new copy's page opens)."""

from __future__ import annotations

from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute

from workforce_core.commands.worker_moves import MoveWorker
from workforce_core.errors import ValidationFailed
from workforce_core.rules.people import Power
from workforce_core.services.subject_access import export_worker_data
from workforce_core.services.worker_moves import move_worker
from workforce_entrypoints.web.common.done import Done
from workforce_entrypoints.web.common.request_path import secure
from workforce_entrypoints.web.common.visits import Visit, console_route

WORKER = "/{client_id:int}/workers/{worker_id:int}"


def export(visit: Visit) -> Response:
    made = visit.services.run(export_worker_data, int(visit.path["worker_id"]), principal=visit.client)
    reply = Response(made.content, media_type="application/zip")
    reply.headers["Content-Disposition"] = f'attachment; filename="{made.file_name}"'
    reply.headers["Cache-Control"] = "no-store"
    return secure(reply)


def move(visit: Visit) -> Response:
    target = (visit.value("client_id") or "").strip()
    if not target.isdigit() or int(target) < 1:
        raise ValidationFailed("client_id", "choose the client account the worker moves to.")
    worker_id = int(visit.path["worker_id"])
    command = MoveWorker(worker_id=worker_id, client_id=int(target), from_client_id=visit.client.client_id)
    moved = visit.services.run(move_worker, command, actor=visit.signed.actor)
    new = moved.new.worker
    to = f"/console/{new.client_id}/workers/{new.id}?done={Done.WORKER_MOVED.value}"
    return secure(RedirectResponse(to, status_code=303))


ROUTES: list[BaseRoute] = [
    console_route(WORKER + "/export", export, methods=("POST",)),
    console_route(WORKER + "/move", move, methods=("POST",), power=Power.WORKERS),
]
