"""Paging of list reads: what was asked (limit, offset) and what came back (items, total)."""

from __future__ import annotations

from typing import Generic, TypeVar

from attrs import frozen

T_co = TypeVar("T_co", covariant=True)


@frozen
class Page(Generic[T_co]):
    items: tuple[T_co, ...]
    total: int


@frozen
class Paging:
    limit: int = 50
    offset: int = 0
