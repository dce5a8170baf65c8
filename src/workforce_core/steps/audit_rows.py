"""The audit rows a write leaves when its use case wrote none of its own: one per record its events name
(the shift, the worker, the time entry, ...; the fields they say changed, with their values after), else
one naming the use case with the values its command asked for (secrets left out)."""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from datetime import date, datetime
from decimal import Decimal
from typing import Any, cast

import attrs
from attrs import frozen

from workforce_core.commands.inputs import UNSET
from workforce_core.events import Event
from workforce_core.model.audit import AuditEntry
from workforce_core.model.people import Actor
from workforce_core.model.principal import Principal

LEGACY = frozenset({"worker_created", "worker_updated", "shift_created"})  # the same change as its dotted twin
SECRET = re.compile(r"password|(^|_)pin$|secret|token|^code$|recovery_codes?$|hash", re.IGNORECASE)  # never kept
RECORDS = (  # an event's data attribute -> the record it is about, and the attribute of that record's id
    ("shift", "booking", "booking"),
    ("worker", "worker", "worker"),
    ("entry", "entry", "time_entry"),
    ("amendment", None, "amendment"),
    ("batch", None, "export"),
)


def plain(value: Any) -> Any:
    """A value as the log keeps it (JSON): dates, decimals and anything else not JSON as text."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, enum.Enum):
        return plain(value.value)
    if isinstance(value, Decimal | date | datetime):
        return str(value)
    if isinstance(value, tuple | list | frozenset | set):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    return str(value)


def _record(data: Any) -> tuple[str, int, Any] | None:
    """The record an event's data is about: its kind, id, and the record itself (None: it names none)."""
    for name, inner, kind in RECORDS:
        found = getattr(data, name, None)
        if found is not None:
            record = getattr(found, inner) if inner else found
            return kind, record.id, record
    week = getattr(data, "week", None)
    if week is not None:
        return "pay_week", data.lock_id, None
    attempt = getattr(data, "attempt", None)
    if attempt is not None:
        return "worker", attempt.worker_id, None
    if hasattr(data, "document_id"):
        return "worker_document", data.document_id, None
    entries = getattr(data, "entries", None)
    if entries:
        return "time_entry", entries[0].entry.id, None
    return None


def _changed(data: Any, record: Any) -> dict[str, Any]:
    names = getattr(data, "changes", None)
    if not isinstance(names, tuple) or record is None:
        return {}
    return {name: {"before": None, "after": plain(getattr(record, name, None))} for name in names}


@frozen
class Who:
    """Who wrote: a key, a signed-in user, or neither (a kiosk, a worker's app, the command line), in an account."""

    api_key_id: int | None
    user_id: int | None
    client_id: int | None

    @classmethod
    def of(cls, principal: Principal | None, actor: Actor | None) -> Who:
        if principal is not None:
            user = principal.actor or actor
            key_id = principal.key.id if principal.key else None
            return cls(key_id, user.user_id if user else None, principal.client_id)
        if actor is not None:
            return cls(None, actor.user_id, actor.client_id)
        return cls(None, None, None)


def event_rows(events: Iterable[Event], who: Who, now: datetime) -> list[AuditEntry]:
    """One row per record the events name (the first event about it names the change)."""
    key_id, user_id = who.api_key_id, who.user_id
    rows: dict[tuple[str, int], AuditEntry] = {}
    for event in events:
        found = None if event.name in LEGACY else _record(event.data)
        if found is None or found[:2] in rows:
            continue
        kind, record_id, record = found
        rows[kind, record_id] = AuditEntry(
            client_id=event.client_id,
            api_key_id=key_id,
            user_id=user_id,
            action=event.name[:60],
            entity=kind,
            entity_id=record_id,
            created_at=now,
            changes=_changed(event.data, record),
        )
    return list(rows.values())


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def command_row(
    use_case: str,
    command: object,
    who: Who,
    client_id: int | None,
    now: datetime,
    subject: tuple[str, int] | None = None,
) -> AuditEntry:
    """The use case by name, about the record its command names (``id`` or a ``..._id``), else ``subject``
    (the record the call named by its id), else none (0: a new one); the values the command asked for as
    ``after``."""
    values: dict[str, Any] = {}
    if attrs.has(type(command)):
        values = {a.name: getattr(command, a.name) for a in attrs.fields(cast(Any, type(command)))}
    kind = _snake(type(command).__name__).split("_", 1)[-1] if values else use_case
    record_id = 0
    for name, value in values.items():
        names_record = name == "id" or (name.endswith("_id") and (name != "client_id" or kind == "client"))
        if isinstance(value, int) and not isinstance(value, bool) and names_record:
            kind, record_id = (kind if name == "id" else name[: -len("_id")]), value
            break
    if record_id == 0 and subject is not None:
        kind, record_id = subject
    if client_id is None and isinstance(values.get("client_id"), int):
        client_id = values["client_id"]
    return AuditEntry(
        client_id=client_id,
        api_key_id=who.api_key_id,
        user_id=who.user_id,
        action=use_case[:60],
        entity=kind[:40],
        entity_id=record_id,
        created_at=now,
        changes={
            name: {"before": None, "after": plain(value)}
            for name, value in values.items()
            if not SECRET.search(name) and value is not None and value is not UNSET
        },
    )
