"""Clocking (POST /clock.php and the worker app): a worker clocked in or out (``steps.clocking``)."""

from __future__ import annotations

from workforce_core.commands.clocking import ClockWorker
from workforce_core.model.principal import Principal
from workforce_core.ports import Clock, UnitOfWorkFactory
from workforce_core.steps import clocking
from workforce_core.views import ClockResult


def clock_worker(command: ClockWorker, *, principal: Principal, uow: UnitOfWorkFactory, clock: Clock) -> ClockResult:
    """Clock the worker in or out for ``principal`` (an API key, or the worker app's session); a refused
    clock changes nothing but its refusal event."""
    return clocking.clock(command, principal=principal, uow=uow, clock=clock)
