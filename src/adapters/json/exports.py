"""ExportBatch and ExportBatchDetail records (/export-batches.php, /pay-weeks.php, ``export create``
and ``export.created``). ``total_charge`` only for a reader with charge access; no totals at all for
a site-limited key (``totals`` False)."""

from __future__ import annotations

from typing import Any

from workforce_adapters.json.shapes import day, decimal_number, twin
from workforce_core.model.exports import ExportBatch


def export_batch_record(batch: ExportBatch, *, charge: bool, totals: bool = True) -> dict[str, Any]:
    body: dict[str, Any] = {
        "id": batch.id,
        "kind": batch.kind,
        "format": batch.format,
        "client_id": batch.client_id,
        "period_start": day(batch.period_start),
        "period_end": day(batch.period_end),
        "entry_count": batch.entry_count,
        "line_count": batch.line_count,
        "file_name": batch.file_name,
        "file_sha256": batch.file_sha256,
        "reason": batch.reason,
        **twin("created_at", batch.created_at),
        "stamps_entries": batch.stamps_entries,
    }
    if totals:
        body["total_pay"] = decimal_number(batch.total_pay)
        if charge:
            body["total_charge"] = decimal_number(batch.total_charge)
    return body


def export_batch_detail_record(batch: ExportBatch, file_ok: bool, *, charge: bool) -> dict[str, Any]:
    return {**export_batch_record(batch, charge=charge), "entry_ids": list(batch.entry_ids), "file_ok": file_ok}
