"""Every item of a paged read, a page at a time (a use case that must see all of a worker's records)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from workforce_core.ports import Page, Paging

T = TypeVar("T")
PER_PAGE = 500


def every(read: Callable[[Paging], Page[T]], per_page: int = PER_PAGE) -> list[T]:
    items: list[T] = []
    while True:
        page = read(Paging(limit=per_page, offset=len(items)))
        items.extend(page.items)
        if not page.items or len(items) >= page.total:
            return items
