"""The demo's worker documents: a forklift licence the forklift
driver's role needs, and the demo's forklift driver's licence ending within the account's warning days,
after the last booked day (booked and free, with the ``document_expiring`` warning)."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from workforce_core.commands.documents import CreateDocumentType, CreateWorkerDocument
from workforce_core.model.documents import DocumentKind
from workforce_core.services import console_reads, documents
from workforce_entrypoints.bootstrap import Services

LICENSED_ROLE = "Forklift driver"
EXPIRES_IN = timedelta(days=20)  # past the demo's bookings (to the end of next week), inside 28 warning days


def expiring_licence(s: Services, client_id: int, worker_id: int, today: date) -> dict[str, Any]:
    """The licence type and the worker's licence that ends soon; what ``workforce demo`` prints of it."""
    caller = s.run(console_reads.operator, client_id)
    licence = CreateDocumentType(name="Forklift licence", kind=DocumentKind.LICENCE, job_roles=(LICENSED_ROLE,))
    kind = s.run(documents.create_document_type, licence, principal=caller)
    held = CreateWorkerDocument(
        worker_id=worker_id,
        type_id=kind.id,
        reference="RTITB-0421",
        issue_date=today - timedelta(days=3 * 365),
        expiry_date=today + EXPIRES_IN,
    )
    view = s.run(documents.add_document, held, principal=caller)
    return {"id": view.document.id, "worker_id": worker_id, "type": kind.name, "expiry_date": str(held.expiry_date)}
