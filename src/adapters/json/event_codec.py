"""Event data as the outbox keeps it: each kind's fields unstructured through the one cattrs converter,
its kind named under ``_kind``, and read back.

The stored form holds the values the payloads are shaped from losslessly (times with their offset,
amounts as text), so a payload shaped at send time is the one the write would have shaped. What no
payload shows and should not be copied into every delivery row is left out: a worker's PIN hash, a
shift's GPS positions and notes.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from cattrs.gen import make_dict_unstructure_fn, override
from cattrs.strategies import configure_tagged_union

from workforce_adapters.json.converter import converter
from workforce_core.events import EventData
from workforce_core.model.time_entries import TimeEntry
from workforce_core.model.workers import Worker

KIND = "_kind"  # the key of the stored form that names the data's class (no payload has a key like it)


class JsonEventCodec:
    """The outbox's form of event data (port ``EventCodec``): ``stored`` (JSON-ready, with its kind) and
    ``restored`` (the data again)."""

    def stored(self, data: EventData) -> dict[str, Any]:
        stored: dict[str, Any] = converter.unstructure(data, EventData)
        return stored

    def restored(self, stored: dict[str, Any]) -> EventData:
        return converter.structure(stored, EventData)  # type: ignore[arg-type]


event_codec = JsonEventCodec()


def _text(value: Any) -> str:
    return value.isoformat() if isinstance(value, (date, datetime)) else str(value)


def _read(kind: Callable[[str], Any]) -> Callable[[Any, Any], Any]:
    return lambda value, _: kind(value)


converter.register_unstructure_hook(datetime, _text)
converter.register_structure_hook(datetime, _read(datetime.fromisoformat))
converter.register_unstructure_hook(date, _text)
converter.register_structure_hook(date, _read(date.fromisoformat))
converter.register_unstructure_hook(Decimal, _text)
converter.register_structure_hook(Decimal, _read(Decimal))
NOT_KEPT = {  # fields no payload shows, left out of the stored form (restored as their defaults)
    Worker: ("pin_hash",),
    TimeEntry: ("latitude", "longitude", "clock_out_latitude", "clock_out_longitude", "notes"),
}
for kind, fields in NOT_KEPT.items():
    omitted: dict[str, Any] = {name: override(omit=True) for name in fields}
    converter.register_unstructure_hook(kind, make_dict_unstructure_fn(kind, converter, **omitted))
configure_tagged_union(EventData, converter, tag_name=KIND, tag_generator=lambda cls: cls.__name__)
