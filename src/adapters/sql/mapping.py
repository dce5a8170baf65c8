"""Rows to core records and back: columns carry the attrs field names (tuples as JSON lists).

A record class is read through a plan made once per class (its field names, which of them hold
tuples), so a row becomes a record in a few C-level steps (one ``itemgetter`` over the row, one
``dict(zip(...))``) rather than a Python step per column: list pages map rows by the thousand.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from operator import itemgetter
from typing import Any, TypeVar

import attrs
from attrs import frozen
from sqlalchemy import Result, Table

from workforce_core.model.accounts import ClientAccount, ClientSettings

T = TypeVar("T")

SETTINGS = tuple(field.name for field in attrs.fields(ClientSettings))
NOT_COLUMNS = frozenset({"questions", "settings"})  # held in tables of their own / as columns of the account


def to_row(item: Any, table: Table) -> dict[str, Any]:
    values = attrs.asdict(item, recurse=False)
    if isinstance(item, ClientAccount):
        values.update(attrs.asdict(item.settings))
    row = {column.name: values[column.name] for column in table.columns if column.name in values}
    row.pop("id", None)
    return {k: list(v) if isinstance(v, tuple) else v for k, v in row.items()}


@frozen
class _Plan:
    """How rows become records of one class."""

    cls: type[Any]
    names: tuple[str, ...]  # the fields read from columns
    tuples: tuple[str, ...]  # those of them that hold tuples (JSON lists in storage)
    read: Callable[[Mapping[Any, Any]], tuple[Any, ...]]  # the row's values of ``names``, in order

    def build(self, values: dict[str, Any], row: Mapping[Any, Any]) -> Any:
        for name in self.tuples:
            value = values.get(name)  # a row of some columns only leaves the others to their defaults
            if type(value) is list:
                values[name] = tuple(value)
        if self.cls is ClientAccount:
            values["settings"] = ClientSettings(**{k: row[k] for k in SETTINGS})
        return self.cls(**values)


_PLANS: dict[type[Any], _Plan] = {}


def _plan(cls: type[Any]) -> _Plan:
    plan = _PLANS.get(cls)
    if plan is None:
        fields = [field for field in attrs.fields(cls) if field.name not in NOT_COLUMNS]
        names = tuple(field.name for field in fields)
        tuples = tuple(field.name for field in fields if "tuple" in str(field.type))
        read = itemgetter(*names) if len(names) > 1 else lambda row: (row[names[0]],)
        plan = _PLANS[cls] = _Plan(cls, names, tuples, read)
    return plan


def from_row(cls: type[T], row: Mapping[Any, Any]) -> T:
    """A record of ``cls`` from a row holding (at least) its columns; fields without one keep their default."""
    plan = _plan(cls)
    try:
        values = dict(zip(plan.names, plan.read(row), strict=True))
    except KeyError:  # a row without some of the columns
        values = {name: row[name] for name in plan.names if name in row}
    return plan.build(values, row)  # type: ignore[no-any-return]


def plain_rows(result: Result[Any]) -> list[dict[str, Any]]:
    """A result's rows as plain dicts (column name to value), each made in one C-level step."""
    keys = tuple(result.keys())
    return [dict(zip(keys, row, strict=True)) for row in result]


def unprefixed(row: Mapping[str, Any], prefix: str) -> dict[str, Any]:
    """The columns of a joined ``row`` labelled with ``prefix`` (another table's), without it."""
    return {name: row[key] for key, name in _labelled(tuple(row), prefix)}


@lru_cache(maxsize=64)  # a statement's rows have one set of keys: each set is read once
def _labelled(keys: tuple[str, ...], prefix: str) -> tuple[tuple[str, str], ...]:
    return tuple((key, key.removeprefix(prefix)) for key in keys if key.startswith(prefix))
