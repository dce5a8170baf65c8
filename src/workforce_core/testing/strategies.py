"""Hypothesis strategies for the core's values, for property-based tests of the core and of the
services that embed it: scopes, employee ids, money, instants and Europe/London wall times around the
2026 UK clock changes, rate rules, pricing settings and whole weeks of shifts to price.

Hypothesis is an optional dependency (``pip install 'workforce-staffing[testing]'``); only this module imports it.

In 2026 the clocks go forward at 01:00 UTC on 29 March (01:00-01:59 local does not exist) and back at
01:00 UTC on 25 October (01:00-01:59 local happens twice: first BST, then GMT).
"""

from __future__ import annotations

import string
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal

from hypothesis import strategies as st

from workforce_core.model.rates import NightBand, OvertimeTier, PricingSettings, RateRule, Rates
from workforce_core.rules.london import from_local
from workforce_core.rules.paid_time import paid_time
from workforce_core.rules.pricing import ShiftToPrice
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


# ---- booked slots ------------------------------------------------------------------------------

# Days a slot may start on: any of 2026, often the evening before or the day of a clock change, so
# slots cross midnight and the change night.
slot_days = st.one_of(
    dates_2026,
    st.sampled_from([SPRING_DAY - timedelta(days=1), SPRING_DAY, AUTUMN_DAY - timedelta(days=1), AUTUMN_DAY]),
)
# Wall times of a slot, to the quarter hour (as a rota writes them) or the minute.
slot_wall_times = st.one_of(
    st.builds(time, st.integers(0, 23), st.sampled_from([0, 15, 30, 45])),
    st.builds(time, st.integers(0, 23), st.integers(0, 59)),
)


@st.composite
def booked_slots(draw: st.DrawFn) -> tuple[date, time, time]:
    """A slot as a booking writes it: ``(shift_date, start_time, end_time)``, the end at or before the start
    meaning the next day; no wall time the spring change skips, start and end different."""
    day = draw(slot_days)
    start = draw(slot_wall_times.filter(lambda t: not in_skipped_hour(datetime.combine(day, t))))
    end = draw(
        slot_wall_times.filter(
            lambda t: t != start and not in_skipped_hour(datetime.combine(day if t > start else day + timedelta(1), t))
        )
    )
    return day, start, end


# ---- rate rules and weeks of shifts to price ---------------------------------------------------

D = Decimal
multipliers = st.sampled_from([None, D("1"), D("1.25"), D("1.5")])
base_rates = st.decimals(min_value=D("8.00"), max_value=D("30.00"), places=2)
small_premiums = st.sampled_from([None, D("0.50"), D("1.00"), D("2.75")])
clock_times = st.builds(time, st.integers(0, 23), st.sampled_from([0, 15, 30, 45]))


@st.composite
def rate_rules(draw: st.DrawFn) -> RateRule:
    """A rule with pay and charge bases and any mix of overtime, tiers, premiums, night bands,
    guarantee, paid break and auto lunch (client 1, ids 1 to 5)."""
    base = draw(base_rates)
    threshold = draw(st.sampled_from([None, D(8), D(20), D("37.5"), D(40)]))
    tiers: tuple[OvertimeTier, ...] = ()
    if threshold is not None and draw(st.booleans()):
        tiers = (OvertimeTier(threshold + D(4), multiplier=D("1.75"), charge_multiplier=D("1.8")),)
    bands = tuple(
        NightBand(draw(clock_times), draw(clock_times), premium=draw(small_premiums), charge_premium=D("0.75"))
        for _ in range(draw(st.integers(0, 2)))
    )
    return RateRule(
        client_id=1,
        name="random",
        id=draw(st.integers(1, 5)),
        pay=Rates(base=base, overtime=draw(st.sampled_from([None, base * 2]))),
        charge=Rates(base=base + D("5.00")),
        overtime_threshold=threshold,
        overtime_multiplier=draw(multipliers),
        overtime_tiers=tiers,
        daily_overtime_threshold=draw(st.sampled_from([None, D(8), D("10.5")])),
        daily_overtime_multiplier=draw(multipliers),
        weekend_multiplier=draw(multipliers),
        sunday_multiplier=draw(multipliers),
        bank_holiday_multiplier=draw(multipliers),
        holiday_charge_multiplier=draw(multipliers),
        guarantee_hours=draw(st.sampled_from([None, D(4), D("7.5")])),
        paid_break_minutes=draw(st.sampled_from([None, 0, 15])),
        auto_lunch_minutes=draw(st.sampled_from([None, 30, 45])),
        auto_lunch_after_hours=draw(st.sampled_from([None, D(6)])),
        night_bands=bands,
    )


pricing_settings = st.builds(
    PricingSettings,
    premium_stacking=st.sampled_from(["stack", "highest"]),
    premium_day_basis=st.sampled_from(["shift_start", "calendar"]),
    site_overtime_mode=st.sampled_from(["off", "per_site"]),
)
# Monday-start weeks around both 2026 clock changes, two bank holiday Mondays and an ordinary week.
WEEK_STARTS: tuple[date, ...] = (
    date(2026, 3, 23),
    date(2026, 10, 19),
    date(2026, 5, 25),
    date(2026, 11, 16),
    date(2025, 8, 25),
)


def shift_to_price(
    entry_id: int, start: datetime, end: datetime, rule: RateRule, *, location_id: int | None = 1, **paid: object
) -> ShiftToPrice:
    """A completed shift ready for ``price_week``, at the rule's own base rates."""
    assert rule.pay.base is not None
    assert rule.charge.base is not None
    return ShiftToPrice(
        entry_id=entry_id,
        clock_in=start,
        location_id=location_id,
        rule=rule,
        paid=paid_time(start, end, rule, **paid),  # type: ignore[arg-type]
        base_pay=rule.pay.base,
        base_charge=rule.charge.base,
    )


@st.composite
def weeks_of_shifts(draw: st.DrawFn) -> list[ShiftToPrice]:
    """One worker's pay week under one rule: 1 to 6 shifts of up to 14 hours on different days, at two
    sites, some with a manual break or a pay adjustment, across clock changes and bank holidays."""
    rule = draw(rate_rules())
    monday = draw(st.sampled_from(WEEK_STARTS))
    shifts = []
    for n, offset in enumerate(sorted(draw(st.sets(st.integers(0, 6), min_size=1, max_size=6))), start=1):
        start = from_local(monday + timedelta(days=offset), draw(clock_times))
        length = timedelta(minutes=draw(st.integers(1, 14 * 60)))
        shifts.append(
            shift_to_price(
                n,
                start,
                start + length,
                rule,
                location_id=draw(st.sampled_from([1, 2])),
                manual_break_minutes=draw(st.sampled_from([None, None, 0, 20])),
                pay_adjustment_minutes=draw(st.sampled_from([None, None, -15, 10])),
            )
        )
    return shifts
