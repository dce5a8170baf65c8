"""The worker.* events' data (and the legacy worker_created and worker_updated an API change sends too)."""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen

from workforce_core.views import WorkerView


@frozen
class WorkerCreated:
    """worker.created: the worker as the API shows it."""

    EVENTS: ClassVar[frozenset[str]] = frozenset({"worker.created", "worker_created"})
    worker: WorkerView


@frozen
class WorkerUpdated:
    """worker.updated: the worker as the API shows it, and the fields that changed."""

    EVENTS: ClassVar[frozenset[str]] = frozenset({"worker.updated", "worker_updated"})
    worker: WorkerView
    changes: tuple[str, ...]
