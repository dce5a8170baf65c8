"""No-show notices in memory: as the SQL adapter answers (the port-contract suite holds both to it).

A writing unit of work holds the store's lock throughout, so two runs of the job never interleave."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

from workforce_adapters.memory.repositories import MemoryTable
from workforce_core.model.bookings import Booking, BookingStatus
from workforce_core.model.no_shows import NoShowNotice
from workforce_core.model.time_entries import TimeEntry


class MemoryNoShowNotices:
    def __init__(
        self, notices: MemoryTable[NoShowNotice], bookings: MemoryTable[Booking], entries: MemoryTable[TimeEntry]
    ) -> None:
        self._notices = notices
        self._bookings = bookings
        self._entries = entries

    def due(self, since: datetime, until: datetime) -> list[Booking]:
        sent = {notice.booking_id for notice in self._notices.rows()}
        found = self._bookings.where(
            lambda b: b.status == BookingStatus.PUBLISHED and since <= b.start < until and b.id not in sent
        )
        return sorted(found, key=lambda b: (b.start, b.id))

    def clocked(self, booking_ids: Collection[int]) -> set[int]:
        wanted = set(booking_ids)
        return {
            e.scheduled_shift_id
            for e in self._entries.where(lambda e: e.entry_type == "shift" and e.scheduled_shift_id in wanted)
            if e.scheduled_shift_id is not None
        }

    def record(self, notice: NoShowNotice) -> bool:
        if self._notices.where(lambda n: n.booking_id == notice.booking_id):
            return False
        self._notices.insert(notice)
        return True
