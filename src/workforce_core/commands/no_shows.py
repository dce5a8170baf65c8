"""The no-show job's command (``workforce shift check-no-shows``)."""

from __future__ import annotations

from attrs import frozen

from workforce_core.commands.inputs import Whole, given

DEFAULT_LOOKBACK_HOURS = 48
MAX_LOOKBACK_HOURS = 7 * 24


@frozen(kw_only=True)
class CheckNoShows:
    """Look at published bookings that started in the last ``lookback_hours`` (older ones are left alone,
    so a first run on an old database does not send a no-show for every booking ever missed)."""

    lookback_hours: int = given(Whole(1, MAX_LOOKBACK_HOURS), DEFAULT_LOOKBACK_HOURS)
