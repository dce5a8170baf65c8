"""Export batches: storing a batch with its file's bytes, stamping the shifts a pay file paid, the
batch reads of GET /export-batches.php, and the files themselves (written, then put in place)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date
from decimal import Decimal
from typing import Protocol

from attrs import frozen

from workforce_core.model.exports import ExportBatch
from workforce_core.ports.paging import Page, Paging

Cell = str | int | Decimal | date | None


@frozen
class BatchFilter:
    client_id: int
    paging: Paging
    period_from: date | None = None  # batches whose period overlaps [period_from, period_to]
    period_to: date | None = None
    kind: str | None = None


@frozen
class StoredBatch:
    """A batch with its ``entry_ids`` and the file's bytes as stored."""

    batch: ExportBatch
    content: bytes


class ExportBatchWrites(Protocol):
    def add(self, batch: ExportBatch, content: bytes) -> ExportBatch:
        """Store the batch, its ``entry_ids`` and the file's bytes; returns it with its id."""
        ...

    def stamp(self, batch: ExportBatch) -> int:
        """Set ``exported_batch_id`` on the batch's shifts; returns how many."""
        ...


class ExportBatchReads(Protocol):
    def export_batches(self, query: BatchFilter) -> Page[ExportBatch]:
        """The client's batches, newest first (``entry_ids`` left empty): one page, two statements."""
        ...

    def export_batch(self, client_id: int, batch_id: int) -> StoredBatch | None:
        """One batch of the client with its ``entry_ids`` and stored bytes."""
        ...


class ExportFiles(Protocol):
    """Where an export's file is written: streamed to a temporary place, read back to be stored, then
    put in place (``publish``) only after the batch is committed; ``discard`` removes what is left."""

    def write(
        self, name: str, header: Sequence[str], rows: Iterable[Sequence[Cell]], *, header_row: bool = True
    ) -> str:
        """Write the file from the rows as they come (``header_row`` False: no header line, for a package
        that takes none; the rows still have the header's width); returns a handle to the written file."""
        ...

    def content(self, written: str) -> bytes: ...

    def publish(self, written: str) -> None: ...

    def discard(self, written: str) -> None: ...
