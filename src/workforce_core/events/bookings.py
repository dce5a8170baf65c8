"""The shift.* events' data (and the legacy shift_created an API booking sends too)."""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen

from workforce_core.views import ShiftView


@frozen
class ShiftCreated:
    """shift.created: the booking as /shifts.php shows it."""

    EVENTS: ClassVar[frozenset[str]] = frozenset({"shift.created", "shift_created"})
    shift: ShiftView


@frozen
class ShiftUpdated:
    """shift.updated: the booking, the fields that changed, and the requirement it left (moved off it)."""

    EVENTS: ClassVar[frozenset[str]] = frozenset({"shift.updated"})
    shift: ShiftView
    changes: tuple[str, ...]
    detached_demand_id: int | None = None


@frozen
class ShiftCancelled:
    """shift.cancelled: the booking with its cancel status and reason."""

    EVENTS: ClassVar[frozenset[str]] = frozenset({"shift.cancelled"})
    shift: ShiftView


@frozen
class ShiftNoShow:
    """shift.no_show: the booking, and how the no-show was found (``not_clocked_in``, ``marked_no_show``)."""

    EVENTS: ClassVar[frozenset[str]] = frozenset({"shift.no_show"})
    shift: ShiftView
    reason: str
