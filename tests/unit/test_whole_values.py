"""A value is matched whole (``re.fullmatch``): a trailing newline is not part of a time, and a time is refused
naming its field rather than read as if the newline were not there."""

from __future__ import annotations

from datetime import time
from typing import Any

import pytest

from workforce_adapters.json.commands import structure
from workforce_core.commands.rate_rules import RateRuleDefinition
from workforce_core.errors import ValidationFailed


def _rule(**band: Any) -> dict[str, Any]:
    return {
        "name": "Nights",
        "pay": {"pay_rate": 12},
        "night_bands": [{"start": "22:00", "end": "06:00", "premium": 1, **band}],
    }


@pytest.mark.parametrize(("where", "value"), [("start", "22:00\n"), ("end", "06:00\n"), ("start", "22:00:00\n")])
def test_a_night_band_time_with_a_trailing_newline_is_refused(where: str, value: str) -> None:
    with pytest.raises(ValidationFailed) as refused:
        structure(RateRuleDefinition, _rule(**{where: value}))
    assert refused.value.extra == {"field": f"night_bands[0].{where}"}


def test_a_night_band_time_without_it_is_read() -> None:
    band = structure(RateRuleDefinition, _rule(start="22:00:00")).night_bands[0]
    assert (band.start, band.end) == (time(22, 0), time(6, 0))
