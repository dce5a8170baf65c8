"""Locked or live figures (pricing.md section 1): a shift a standing lock froze shows the figures it was
frozen with; any other shows what pricing makes of it now. Every read chooses by these rules."""

from __future__ import annotations

from typing import Protocol, TypeVar

from workforce_core.model.pay_weeks import FiguresSource


class _Sourced(Protocol):
    @property
    def source(self) -> str: ...


Figures = TypeVar("Figures", bound=_Sourced)


def source_of(frozen: bool) -> FiguresSource:
    """A shift's figures: ``locked`` when a standing lock froze the shift, else ``live``."""
    return FiguresSource.LOCKED if frozen else FiguresSource.LIVE


def line_source(shifts: int, frozen_shifts: int) -> FiguresSource:
    """A payroll line's figures: ``locked`` when every shift it pays is frozen, else ``live``."""
    return source_of(shifts > 0 and frozen_shifts == shifts)


def shown(stored: Figures | None, live: Figures) -> Figures:
    """What a read shows of one shift: its stored figures when a lock froze them, else the live ones."""
    return stored if stored is not None and stored.source == FiguresSource.LOCKED else live
