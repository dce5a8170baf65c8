"""The notifier's repositories in memory, answering as the SQL ones do (tests/contract/test_notifier_ports.py)."""

from __future__ import annotations

from datetime import datetime

import attrs

from workforce_adapters.memory.repositories import MemoryRepository, MemoryTable
from workforce_core.model.bookings import Booking, BookingStatus
from workforce_core.model.notifications import (
    Channel,
    ChannelChoice,
    Message,
    MessageStatus,
    NotifierSettings,
    PushSubscription,
)
from workforce_core.ports.paging import Page, Paging


def _key(message: Message) -> tuple[str, int, str, str]:
    return (message.recipient_kind, message.recipient_id, message.channel, message.source)


class MemoryMessageRepository(MemoryRepository[Message]):
    def add(self, item: Message) -> Message | None:  # type: ignore[override]
        # a writing unit of work holds the store's lock: nobody adds the same one meanwhile
        if self._table.where(lambda m: _key(m) == _key(item)):
            return None
        return self._table.insert(item)

    def claim_due(self, now: datetime, limit: int) -> list[Message]:
        due = self._table.where(
            lambda m: m.status == MessageStatus.QUEUED and m.next_try_at is not None and m.next_try_at <= now
        )
        return sorted(due, key=lambda m: (m.next_try_at or now, m.id))[:limit]

    def of_person(
        self, recipient_kind: str, recipient_id: int, paging: Paging, *, channel: str | None = None
    ) -> Page[Message]:
        found = self._table.where(
            lambda m: (
                m.recipient_kind == recipient_kind
                and m.recipient_id == recipient_id
                and (channel is None or m.channel == channel)
            )
        )
        newest = sorted(found, key=lambda m: m.id, reverse=True)
        return Page(tuple(newest[paging.offset : paging.offset + paging.limit]), len(found))

    def unread(self, recipient_kind: str, recipient_id: int) -> int:
        return len(
            self._table.where(
                lambda m: (
                    m.recipient_kind == recipient_kind
                    and m.recipient_id == recipient_id
                    and m.channel == Channel.APP
                    and m.read_at is None
                )
            )
        )

    def texts_since(self, client_id: int, since: datetime) -> int:
        counted = (MessageStatus.QUEUED, MessageStatus.SENT)
        return len(
            self._table.where(
                lambda m: (
                    m.client_id == client_id
                    and m.channel == Channel.SMS
                    and m.status in counted
                    and m.created_at >= since
                )
            )
        )


class MemoryChannelChoices:
    def __init__(self, table: MemoryTable[ChannelChoice]) -> None:
        self._table = table

    def of(self, recipient_kind: str, recipient_id: int) -> ChannelChoice | None:
        found = self._table.where(lambda c: c.recipient_kind == recipient_kind and c.recipient_id == recipient_id)
        return found[0] if found else None

    def put(self, choice: ChannelChoice) -> None:
        before = self.of(choice.recipient_kind, choice.recipient_id)
        if before is None:
            self._table.insert(choice)
        else:
            self._table.replace(attrs.evolve(choice, id=before.id))


class MemoryPushSubscriptions:
    def __init__(self, table: MemoryTable[PushSubscription]) -> None:
        self._table = table

    def of_worker(self, worker_id: int) -> list[PushSubscription]:
        return self._table.where(lambda s: s.worker_id == worker_id)

    def add(self, item: PushSubscription) -> PushSubscription:
        self.remove(item.endpoint)
        return self._table.insert(item)

    def remove(self, endpoint: str) -> None:
        for found in self._table.where(lambda s: s.endpoint == endpoint):
            self._table.delete(found.id)


class MemoryNotifierSettings:
    def __init__(self, table: MemoryTable[NotifierSettings]) -> None:
        self._table = table

    def of(self, client_id: int) -> NotifierSettings:
        found = self._table.where(lambda s: s.client_id == client_id)
        return found[0] if found else NotifierSettings(client_id=client_id)

    def put(self, settings: NotifierSettings) -> None:
        found = self._table.where(lambda s: s.client_id == settings.client_id)
        if found:
            self._table.replace(attrs.evolve(settings, id=found[0].id))
        else:
            self._table.insert(settings)


class MemoryUpcomingShifts:
    def __init__(self, bookings: MemoryTable[Booking]) -> None:
        self._bookings = bookings

    def published_starting(self, since: datetime, until: datetime) -> list[Booking]:
        found = self._bookings.where(lambda b: b.status == BookingStatus.PUBLISHED and since <= b.start < until)
        return sorted(found, key=lambda b: (b.start, b.id))
