"""GET /export-batches.php (payroll:read): export batches newest first, or one with ``id``
(ExportBatchDetail: ``entry_ids`` and ``file_ok``); ``total_charge`` only with charges:read.
``id`` with ``action=file`` answers the batch's file itself (its stored bytes, with their digest);
``action=preview`` with ``kind``/``format`` and ``week`` the preview of a file of that week."""

from __future__ import annotations

from starlette.responses import Response

from workforce_adapters.json import export_batch_detail_record, export_batch_record
from workforce_adapters.json.export_preview import export_preview_record
from workforce_core.errors import NotFound
from workforce_core.model.exports import EXPORT_FORMATS, EXPORT_KINDS
from workforce_core.rules.visibility import Sight
from workforce_core.services.export_preview import PreviewQuery, preview_export
from workforce_core.services.exports import BatchQuery, export_batch, export_batches
from workforce_entrypoints.http.endpoint import Call, Endpoint, Method
from workforce_entrypoints.http.replies import listing, record
from workforce_entrypoints.serving.files import file_reply

ACTIONS: tuple[str, ...] = ("file", "preview")


def get(call: Call) -> Response:
    p = call.params
    charge = Sight.of(call.principal.effective_scopes).charge
    s = call.services
    batch_id = p.identifier("id")
    paging = p.paging()
    query = BatchQuery(paging=paging, date_from=p.day("from"), date_to=p.day("to"), kind=p.choice("kind", EXPORT_KINDS))
    action = p.choice("action", ACTIONS)
    if action == "preview":
        asked = PreviewQuery(week=p.day("week"), kind=query.kind, format=p.choice("format", EXPORT_FORMATS))
        preview = s.run(preview_export, call.principal, asked)
        return record(export_preview_record(preview))
    if action == "file" and batch_id is None:  # the file of no batch (the document cannot tie action to id)
        raise NotFound("action=file answers the file of the batch named by id; no id was given.")
    if batch_id is not None:
        detail = s.run(export_batch, call.principal, batch_id)
        if action == "file":
            return file_reply(detail.stored.content, detail.batch.file_name, detail.batch.file_sha256)
        return record(export_batch_detail_record(detail.batch, detail.file_ok, charge=charge))
    page = s.run(export_batches, call.principal, query)
    return listing([export_batch_record(batch, charge=charge) for batch in page.items], page, paging)


ENDPOINT = Endpoint("export-batches", {"GET": Method(get, ("payroll:read",))})
