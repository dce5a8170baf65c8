"""Hypothesis strategies shared by the unit tests: scopes, employee ids, money, and instants and
Europe/London wall times around the 2026 UK clock changes.

In 2026 the clocks go forward at 01:00 UTC on 29 March (01:00-01:59 local does not exist) and back at
01:00 UTC on 25 October (01:00-01:59 local happens twice: first BST, then GMT).
"""

from __future__ import annotations

import string
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal

from hypothesis import strategies as st

from workforce_core.rules.scopes import SCOPES

# ---- scopes ------------------------------------------------------------------------------------

scope_names = st.sampled_from(SCOPES)
scope_sets = st.frozensets(scope_names)

# Names a key may hold that are not spec scopes: near misses first, then anything.
NEAR_MISSES: tuple[str, ...] = (
    "clock:read",
    "rates:read",
    "payroll:write",
    "pay:write",
    "charges:write",
    "onsite:write",
    "Workers:read",
    "WORKERS:WRITE",
    "workers:read ",
    " workers:write",
    "workers",
    "read",
    "write",
    ":write",
    "*",
    "",
    "admin",
    "locations:write",
    "departments:write",
)
unknown_scope_names = st.one_of(st.sampled_from(NEAR_MISSES), st.text(max_size=20)).filter(lambda s: s not in SCOPES)
stored_scopes = st.lists(st.one_of(scope_names, unknown_scope_names), max_size=30)

# ---- employee ids ------------------------------------------------------------------------------

EMPLOYEE_ID_ALPHABET = string.ascii_letters + string.digits + "-_"
valid_employee_ids = st.text(alphabet=EMPLOYEE_ID_ALPHABET, min_size=1, max_size=32)
_bad_characters = st.characters(exclude_characters=EMPLOYEE_ID_ALPHABET)
invalid_employee_ids = st.one_of(
    st.just(""),
    st.text(alphabet=EMPLOYEE_ID_ALPHABET, min_size=33, max_size=80),
    st.builds(
        lambda head, bad, tail: head + bad + tail,
        st.text(alphabet=EMPLOYEE_ID_ALPHABET, max_size=15),
        _bad_characters,
        st.text(alphabet=EMPLOYEE_ID_ALPHABET, max_size=15),
    ),
    st.sampled_from(["AB 1", " AB1", "AB1 ", "AB1\n", "AB.1", "AB/1", "Zoë", "١٢٣", "AB\x001", "AB+1"]),
)


@st.composite
def case_variants(draw: st.DrawFn, employee_id: str) -> str:
    """The same badge with its letters in another case."""
    flips = draw(st.lists(st.booleans(), min_size=len(employee_id), max_size=len(employee_id)))
    return "".join(c.swapcase() if flip else c for c, flip in zip(employee_id, flips, strict=True))


# ---- money -------------------------------------------------------------------------------------

MAX_RATE = Decimal("9999.99")
valid_money = st.decimals(min_value=Decimal(0), max_value=MAX_RATE, places=2)
over_two_decimals = st.decimals(min_value=Decimal(0), max_value=MAX_RATE, places=4).filter(
    lambda d: d != d.quantize(Decimal("0.01"))
)
out_of_range_money = st.one_of(
    st.decimals(max_value=Decimal("-0.01"), places=2, allow_nan=False, allow_infinity=False),
    st.decimals(min_value=Decimal("10000.00"), places=2, allow_nan=False, allow_infinity=False),
)

# ---- instants and wall times -------------------------------------------------------------------

SPRING_FORWARD = datetime(2026, 3, 29, 1, 0, tzinfo=UTC)  # 01:00 GMT becomes 02:00 BST
FALL_BACK = datetime(2026, 10, 25, 1, 0, tzinfo=UTC)  # 02:00 BST becomes 01:00 GMT
CLOCK_CHANGES = (SPRING_FORWARD, FALL_BACK)
SPRING_DAY = date(2026, 3, 29)
AUTUMN_DAY = date(2026, 10, 25)
YEAR_START = datetime(2026, 1, 1)
MINUTES_IN_2026 = 365 * 24 * 60


def _naive(moment: datetime) -> datetime:
    return moment.astimezone(UTC).replace(tzinfo=None)


def instants_between(start: datetime, end: datetime) -> st.SearchStrategy[datetime]:
    """Aware UTC instants, whole seconds (the API's texts carry seconds)."""
    return st.datetimes(min_value=_naive(start), max_value=_naive(end), timezones=st.just(UTC)).map(
        lambda moment: moment.replace(microsecond=0)
    )


def instants_near(change: datetime, *, hours: int = 3) -> st.SearchStrategy[datetime]:
    return instants_between(change - timedelta(hours=hours), change + timedelta(hours=hours))


clock_change_instants = st.one_of(instants_near(SPRING_FORWARD), instants_near(FALL_BACK))
instants_2026 = st.one_of(
    instants_between(datetime(2026, 1, 1, tzinfo=UTC), datetime(2026, 12, 31, 23, 59, 59, tzinfo=UTC)),
    clock_change_instants,
)
# Instants with microseconds too, for round trips that must keep them.
precise_instants = st.datetimes(
    min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1), timezones=st.just(UTC)
) | st.datetimes(
    min_value=_naive(SPRING_FORWARD) - timedelta(hours=2), max_value=_naive(FALL_BACK), timezones=st.just(UTC)
)

# A UTC offset as ISO text shows it: -23:59 to +23:59.
offset_minutes = st.integers(min_value=-(23 * 60 + 59), max_value=23 * 60 + 59)


def in_skipped_hour(wall: datetime) -> bool:
    return wall.date() == SPRING_DAY and wall.hour == 1


def in_repeated_hour(wall: datetime) -> bool:
    return wall.date() == AUTUMN_DAY and wall.hour == 1


_minute_of_year = st.integers(min_value=0, max_value=MINUTES_IN_2026 - 1).map(
    lambda m: YEAR_START + timedelta(minutes=m)
)
_minute_of_change_days = st.builds(
    lambda day, m: datetime.combine(day, time()) + timedelta(minutes=m),
    st.sampled_from([SPRING_DAY, AUTUMN_DAY]),
    st.integers(min_value=0, max_value=24 * 60 - 1),
)
# Naive Europe/London wall-clock times of 2026, to the minute, often on the clock-change days.
local_minutes_2026 = st.one_of(_minute_of_year, _minute_of_change_days)
# ... and those that exist exactly once or twice (not in the skipped spring hour).
existing_local_minutes_2026 = local_minutes_2026.filter(lambda wall: not in_skipped_hour(wall))

_seconds_in_hour = st.integers(min_value=0, max_value=3599)
skipped_hour_wall_times = _seconds_in_hour.map(lambda s: datetime(2026, 3, 29, 1, 0) + timedelta(seconds=s))
repeated_hour_wall_times = _seconds_in_hour.map(lambda s: datetime(2026, 10, 25, 1, 0) + timedelta(seconds=s))

dates_2026 = st.dates(min_value=date(2026, 1, 1), max_value=date(2026, 12, 31))

# Texts that are not an instant in any accepted form.
garbage_instant_texts = st.sampled_from(
    [
        "",
        " ",
        "now",
        "yesterday",
        "2026",
        "2026-13-01",
        "2026-02-30",
        "2026-00-10",
        "2026-1-1",
        "26-03-29",
        "2026/03/29",
        "2026-03-29T25:00:00Z",
        "2026-03-29 24:00",
        "2026-03-29 12:60",
        "2026-03-29 12:00:61",
        "2026-03-29T12:00:00+25:00",
        "2026-03-29T12:00:00+99:99",
        "2026-03-29T12:00:00 +01:00",
        "2026-03-29T12",
        "2026-03-29T",
        "T12:00:00Z",
        "12:00",
        "2026-03-29T12:00:00.1234567Z",
        "2026-03-29T12:00:00ZZ",
        "2026-03-29T12:00:00GMT",
        "2026-03-29T12:00:00BST",
        "2026-03-29T12:00:00+1",
        "1711670400",
        "2026-03-29\x0012:00",
        "\uff12\uff10\uff12\uff16-03-29",  # full-width digits
        "\uff12\uff10\uff12\uff16-03-29T12:00:00Z",
        "2026-03-29T12:00:00Z; DROP TABLE workers",
        "0000-01-01",
        "0000-01-01T00:00:00Z",
    ]
)
# Aware texts at the edge of what a datetime can hold.
EXTREME_AWARE_TEXTS: tuple[str, ...] = (
    "9999-12-31T23:59:59-23:59",
    "9999-12-31T23:00:00-01:00",
    "0001-01-01T00:00:00+01:00",
    "0001-01-01T00:30:00+00:31",
    "9999-12-31 23:59:59-00:01",
)
