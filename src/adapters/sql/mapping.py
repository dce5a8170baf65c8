"""Rows to core records and back: columns carry the attrs field names (tuples as JSON lists)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

import attrs
from sqlalchemy import Table

from workforce_core.model.accounts import ClientAccount, ClientSettings

T = TypeVar("T")

SETTINGS = tuple(field.name for field in attrs.fields(ClientSettings))


def to_row(item: Any, table: Table) -> dict[str, Any]:
    values = attrs.asdict(item, recurse=False)
    if isinstance(item, ClientAccount):
        values.update(attrs.asdict(item.settings))
    row = {column.name: values[column.name] for column in table.columns if column.name in values}
    row.pop("id", None)
    return {k: list(v) if isinstance(v, tuple) else v for k, v in row.items()}


_NAMES: dict[type[Any], frozenset[str]] = {}


def _names(cls: type[Any]) -> frozenset[str]:
    """The attrs field names of a record class (cached: rows are mapped by the thousand)."""
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = frozenset(field.name for field in attrs.fields(cls) if field.name != "questions")
    return names


def from_row(cls: type[T], row: Mapping[Any, Any]) -> T:
    names = _names(cls)
    values = {k: tuple(v) if type(v) is list else v for k, v in row.items() if k in names}
    if cls is ClientAccount:
        values["settings"] = ClientSettings(**{k: row[k] for k in SETTINGS})
    return cls(**values)
