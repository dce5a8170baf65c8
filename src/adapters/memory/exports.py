"""Export batches in memory: the same writes as the SQL adapter (the batch with its entry ids and
file bytes, and the stamp on the shifts a pay file paid)."""

from __future__ import annotations

from collections.abc import Collection
from datetime import date

import attrs
from attrs import define

from workforce_adapters.memory.repositories import MemoryTable
from workforce_core.model.exports import ExportBatch
from workforce_core.model.time_entries import TimeEntry


@define
class StoredFile:
    batch_id: int
    content: bytes
    id: int = 0


class MemoryExportBatches:
    def __init__(
        self, batches: MemoryTable[ExportBatch], files: MemoryTable[StoredFile], entries: MemoryTable[TimeEntry]
    ) -> None:
        self._batches, self._files, self._entries = batches, files, entries

    def add(self, batch: ExportBatch, content: bytes) -> ExportBatch:
        added = self._batches.insert(attrs.evolve(batch, entry_ids=tuple(sorted(set(batch.entry_ids)))))
        self._files.insert(StoredFile(added.id, content))
        return added

    def stamp(self, batch: ExportBatch) -> int:
        held = set(batch.entry_ids)
        shifts = self._entries.where(lambda e: e.id in held)
        for shift in shifts:
            self._entries.replace(attrs.evolve(shift, exported_batch_id=batch.id))
        return len(shifts)

    def content(self, batch_id: int) -> bytes | None:
        found = self._files.where(lambda f: f.batch_id == batch_id)
        return found[0].content if found else None


def week_batches(table: MemoryTable[ExportBatch], client_id: int, week_starts: Collection[date]) -> list[ExportBatch]:
    weeks = set(week_starts)
    mine = table.where(lambda b: b.client_id == client_id and b.period_start in weeks)
    return [attrs.evolve(b, entry_ids=()) for b in sorted(mine, key=lambda b: -b.id)]
