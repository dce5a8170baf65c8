"""An export file's preview (GET /export-batches.php?action=preview): its lines as the file will hold
them (each cell as written), what the package makes of each, totals per worker and per site, and the
refusals that keep the file from being made."""

from __future__ import annotations

from typing import Any

from workforce_adapters.csv_files import cell
from workforce_adapters.json.shapes import decimal_number
from workforce_core.ports.exporters import ExportPreview, refusal_record


def export_preview_record(preview: ExportPreview) -> dict[str, Any]:
    total, vat = preview.total, preview.vat
    return {
        "kind": preview.kind,
        "format": preview.format,
        "week_start": preview.first.isoformat(),
        "week_end": preview.last.isoformat(),
        "columns": list(preview.header),
        "header_row": preview.header_row,
        "lines": [
            {
                "cells": [cell(value) for value in line.cells],
                "amount": decimal_number(line.amount),
                "vat": decimal_number(line.vat),
                "worker_id": line.worker_id,
                "site_id": line.site_id,
            }
            for line in preview.lines
        ],
        "workers": [
            {"worker_id": t.id, "worker_name": t.name, "lines": t.lines, "amount": decimal_number(t.amount)}
            for t in preview.workers
        ],
        "sites": [
            {
                "site_id": t.id,
                "site_name": t.name,
                "lines": t.lines,
                "amount": decimal_number(t.amount),
                "vat": decimal_number(t.vat),
            }
            for t in preview.sites
        ],
        "total": decimal_number(total),
        "vat": decimal_number(vat),
        "gross": decimal_number(total + vat),
        "refusals": [refusal_record(refusal) for refusal in preview.refusals],
        "ready": not preview.refusals,
    }
