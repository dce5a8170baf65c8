"""Instants and Europe/London wall times, across both clock changes of 2026.

In 2026 the UK clocks go forward at 01:00 UTC on 29 March (local 01:00-01:59 is skipped) and back at
01:00 UTC on 25 October (local 01:00-01:59 happens twice). ``updated_since`` reads a local time in
the repeated hour as its first pass and one in the skipped hour with the winter offset.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workforce_core.rules.london import (
    LONDON,
    floor_to_second,
    from_local,
    local_date,
    local_text,
    parse_instant,
    shown,
    utc,
    utc_text,
)
from workforce_core.testing.strategies import (
    AUTUMN_DAY,
    EXTREME_AWARE_TEXTS,
    FALL_BACK,
    SPRING_DAY,
    SPRING_FORWARD,
    clock_change_instants,
    dates_2026,
    existing_local_minutes_2026,
    garbage_instant_texts,
    in_repeated_hour,
    instants_2026,
    offset_minutes,
    precise_instants,
    repeated_hour_wall_times,
    skipped_hour_wall_times,
)

HOUR = timedelta(hours=1)
LOCAL_FORMAT = "%Y-%m-%d %H:%M:%S"


def london_offset(moment: datetime) -> timedelta:
    """The 2026 rule written out: BST (+1) from the spring change until the autumn one, else GMT."""
    return HOUR if SPRING_FORWARD <= moment < FALL_BACK else timedelta(0)


def wall(moment: datetime) -> str:
    return (moment.astimezone(UTC) + london_offset(moment)).strftime(LOCAL_FORMAT)


# ---- printing ----------------------------------------------------------------------------------


@given(instants_2026)
def test_local_text_is_the_wall_clock_time_in_london(moment: datetime) -> None:
    assert local_text(moment) == wall(moment)


@given(clock_change_instants)
def test_local_text_changes_offset_exactly_at_the_clock_changes(moment: datetime) -> None:
    assert local_text(moment) == wall(moment)


@pytest.mark.parametrize(
    ("moment", "local"),
    [
        (SPRING_FORWARD - timedelta(seconds=1), "2026-03-29 00:59:59"),
        (SPRING_FORWARD, "2026-03-29 02:00:00"),
        (FALL_BACK - HOUR, "2026-10-25 01:00:00"),
        (FALL_BACK - timedelta(seconds=1), "2026-10-25 01:59:59"),
        (FALL_BACK, "2026-10-25 01:00:00"),
        (datetime(2026, 7, 1, 11, 0, tzinfo=UTC), "2026-07-01 12:00:00"),
        (datetime(2026, 12, 1, 11, 0, tzinfo=UTC), "2026-12-01 11:00:00"),
    ],
)
def test_local_text_examples_at_the_edges(moment: datetime, local: str) -> None:
    assert local_text(moment) == local


@given(precise_instants)
def test_utc_text_is_iso_8601_utc_to_the_second(moment: datetime) -> None:
    text = utc_text(moment)
    assert text is not None
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", text)
    assert datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC) == floor_to_second(moment)


def test_none_prints_as_none() -> None:
    assert local_text(None) is None
    assert utc_text(None) is None


@given(instants_2026)
def test_a_naive_datetime_is_taken_as_utc(moment: datetime) -> None:
    naive = moment.replace(tzinfo=None)
    assert utc(naive) == moment
    assert local_text(naive) == local_text(moment)
    assert utc_text(naive) == utc_text(moment)


@given(instants_2026, offset_minutes)
def test_utc_converts_any_offset_to_the_same_instant(moment: datetime, offset: int) -> None:
    shown = moment.astimezone(timezone(timedelta(minutes=offset)))
    assert utc(shown) == moment
    assert utc(shown).utcoffset() == timedelta(0)


@given(instants_2026)
def test_local_date_is_the_date_of_the_local_text(moment: datetime) -> None:
    text = local_text(moment)
    assert text is not None
    assert local_date(moment) == date.fromisoformat(text[:10])


@given(precise_instants)
def test_floor_to_second_drops_only_the_microseconds(moment: datetime) -> None:
    floored = floor_to_second(moment)
    assert floored.microsecond == 0
    assert timedelta(0) <= moment - floored < timedelta(seconds=1)


# ---- parsing aware texts -----------------------------------------------------------------------


@given(precise_instants)
def test_utc_text_parses_back_to_the_same_second(moment: datetime) -> None:
    text = utc_text(moment)
    assert text is not None
    assert parse_instant(text) == floor_to_second(moment)


@given(precise_instants, offset_minutes, st.sampled_from(["T", " "]))
def test_an_aware_iso_text_with_any_offset_round_trips_exactly(moment: datetime, offset: int, sep: str) -> None:
    text = moment.astimezone(timezone(timedelta(minutes=offset))).isoformat(sep=sep)
    parsed = parse_instant(text)
    assert parsed == moment
    assert parsed is not None
    assert parsed.utcoffset() == timedelta(0)


@given(instants_2026)
def test_z_lowercase_z_and_plus_zero_are_all_utc(moment: datetime) -> None:
    base = moment.strftime("%Y-%m-%dT%H:%M:%S")
    for suffix in ("Z", "z", "+00:00", "-00:00", "+0000"):
        assert parse_instant(base + suffix) == moment


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2026-03-29T01:30:00Z", datetime(2026, 3, 29, 1, 30, tzinfo=UTC)),
        ("2026-03-29T02:30:00+01:00", datetime(2026, 3, 29, 1, 30, tzinfo=UTC)),
        ("2026-10-25T01:30:00+01:00", datetime(2026, 10, 25, 0, 30, tzinfo=UTC)),
        ("2026-10-25T01:30:00+00:00", datetime(2026, 10, 25, 1, 30, tzinfo=UTC)),
        ("2026-06-01T12:00+0100", datetime(2026, 6, 1, 11, 0, tzinfo=UTC)),
        ("2026-06-01 12:00:00.250000-05:30", datetime(2026, 6, 1, 17, 30, 0, 250000, tzinfo=UTC)),
        ("  2026-06-01T12:00:00Z  ", datetime(2026, 6, 1, 12, 0, tzinfo=UTC)),
    ],
)
def test_aware_text_examples(text: str, expected: datetime) -> None:
    assert parse_instant(text) == expected


# ---- parsing local wall times ------------------------------------------------------------------


@given(existing_local_minutes_2026, st.sampled_from(["%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S"]))
def test_a_local_time_parsed_then_printed_is_the_same_wall_time(local: datetime, form: str) -> None:
    assert local_text(parse_instant(local.strftime(form))) == local.strftime(LOCAL_FORMAT)


def _minutes(start: datetime, end: datetime, step: timedelta) -> list[datetime]:
    out, moment = [], start
    while moment < end:
        out.append(moment)
        moment += step
    return out


def test_every_minute_of_both_clock_change_weekends_reads_back_as_itself_except_the_skipped_hour() -> None:
    minutes = _minutes(datetime(2026, 3, 28), datetime(2026, 3, 31), timedelta(minutes=1)) + _minutes(
        datetime(2026, 10, 24), datetime(2026, 10, 27), timedelta(minutes=1)
    )
    wrong = []
    for local in minutes:
        if local.date() == SPRING_DAY and local.hour == 1:
            continue
        text = local.strftime(LOCAL_FORMAT)
        if local_text(parse_instant(text)) != text:
            wrong.append(text)
    assert wrong == []
    assert len(minutes) == 2 * 3 * 24 * 60


def test_the_first_and_last_minute_of_every_hour_of_2026_reads_back_as_itself() -> None:
    wrong = []
    for hour in _minutes(datetime(2026, 1, 1), datetime(2027, 1, 1), HOUR):
        if hour.date() == SPRING_DAY and hour.hour == 1:
            continue
        for local in (hour, hour + timedelta(minutes=59, seconds=59)):
            text = local.strftime(LOCAL_FORMAT)
            if local_text(parse_instant(text)) != text:
                wrong.append(text)
    assert wrong == []


def london_offset_of_wall(local: datetime) -> timedelta:
    """The offset in force at an existing, unrepeated 2026 wall time (written out, not computed)."""
    if local.date() < SPRING_DAY or (local.date() == SPRING_DAY and local.hour < 1):
        return timedelta(0)
    if local.date() < AUTUMN_DAY or (local.date() == AUTUMN_DAY and local.hour < 1):
        return HOUR
    return timedelta(0)


@given(existing_local_minutes_2026.filter(lambda local: not in_repeated_hour(local)))
def test_a_local_time_outside_the_repeated_hour_is_the_one_instant_with_that_wall_time(local: datetime) -> None:
    parsed = parse_instant(local.strftime(LOCAL_FORMAT))
    assert parsed == (local - london_offset_of_wall(local)).replace(tzinfo=UTC)


@given(repeated_hour_wall_times)
def test_a_local_time_in_the_repeated_october_hour_is_its_first_pass(local: datetime) -> None:
    parsed = parse_instant(local.strftime(LOCAL_FORMAT))
    first_pass = (local - HOUR).replace(tzinfo=UTC)  # BST, UTC+1
    second_pass = local.replace(tzinfo=UTC)  # GMT
    assert parsed == first_pass
    assert parsed < second_pass
    assert local_text(first_pass) == local_text(second_pass) == local.strftime(LOCAL_FORMAT)
    assert from_local(local.date(), local.time(), fold=1) == second_pass


def test_the_repeated_hour_example_0130_is_0030_utc() -> None:
    assert parse_instant("2026-10-25 01:30") == datetime(2026, 10, 25, 0, 30, tzinfo=UTC)
    assert parse_instant("2026-10-25 01:59:59") == datetime(2026, 10, 25, 0, 59, 59, tzinfo=UTC)
    assert parse_instant("2026-10-25 02:00") == datetime(2026, 10, 25, 2, 0, tzinfo=UTC)


@given(skipped_hour_wall_times)
def test_a_local_time_in_the_skipped_spring_hour_reads_with_the_winter_offset(local: datetime) -> None:
    parsed = parse_instant(local.strftime(LOCAL_FORMAT))
    assert parsed == local.replace(tzinfo=UTC)  # GMT, UTC+0
    assert local_text(parsed) == (local + HOUR).strftime(LOCAL_FORMAT)  # 01:30 is 02:30 BST


def test_the_skipped_hour_example_0130_is_0230_bst() -> None:
    parsed = parse_instant("2026-03-29 01:30")
    assert parsed == datetime(2026, 3, 29, 1, 30, tzinfo=UTC)
    assert local_text(parsed) == "2026-03-29 02:30:00"


@given(clock_change_instants | instants_2026)
def test_updated_since_from_a_shown_local_time_never_misses_the_change(moment: datetime) -> None:
    # A caller copies updated_at (local) into updated_since; ">=" must still find the record.
    since = parse_instant(local_text(moment) or "")
    assert since is not None
    assert since <= moment
    second_pass = FALL_BACK <= moment < FALL_BACK + HOUR
    assert moment - since == (HOUR if second_pass else timedelta(0))


@given(dates_2026)
def test_a_date_alone_is_local_midnight(day: date) -> None:
    parsed = parse_instant(day.isoformat())
    assert parsed == datetime.combine(day, time(), tzinfo=UTC) - london_offset_of_wall(datetime.combine(day, time()))
    assert local_text(parsed) == f"{day.isoformat()} 00:00:00"


def test_date_examples_in_winter_and_summer() -> None:
    assert parse_instant("2026-01-15") == datetime(2026, 1, 15, 0, 0, tzinfo=UTC)
    assert parse_instant("2026-07-01") == datetime(2026, 6, 30, 23, 0, tzinfo=UTC)


@given(dates_2026, st.integers(0, 23), st.integers(0, 59))
def test_from_local_gives_an_aware_utc_instant(day: date, hour: int, minute: int) -> None:
    moment = from_local(day, time(hour, minute))
    assert moment.utcoffset() == timedelta(0)
    assert moment.tzinfo is UTC


# ---- what is not an instant --------------------------------------------------------------------


@given(garbage_instant_texts)
def test_garbage_gives_none(text: str) -> None:
    assert parse_instant(text) is None


@settings(max_examples=300)
@given(st.text(max_size=40))
def test_any_text_gives_none_or_an_aware_utc_instant_never_an_exception(text: str) -> None:
    parsed = parse_instant(text)
    assert parsed is None or parsed.utcoffset() == timedelta(0)


@pytest.mark.parametrize("text", EXTREME_AWARE_TEXTS)
def test_an_aware_text_whose_utc_instant_is_out_of_range_gives_none(text: str) -> None:
    # The year 9999 at -23:59 is in year 10000 in UTC: not an instant the API can compare, not a crash.
    assert parse_instant(text) is None


def test_times_shown_to_people_mark_the_repeated_autumn_hour_and_only_it() -> None:
    first_pass = datetime(2026, 10, 25, 0, 30, tzinfo=UTC)  # 01:30 BST
    second_pass = datetime(2026, 10, 25, 1, 30, tzinfo=UTC)  # 01:30 GMT
    assert shown(first_pass) == "2026-10-25 01:30 BST"
    assert shown(second_pass) == "2026-10-25 01:30 GMT"
    assert shown(datetime(2026, 10, 25, 2, 30, tzinfo=UTC)) == "2026-10-25 02:30"
    assert shown(datetime(2026, 3, 29, 1, 30, tzinfo=UTC)) == "2026-03-29 02:30"  # after the skipped hour
    assert shown(datetime(2026, 7, 1, 11, 0, tzinfo=UTC)) == "2026-07-01 12:00"
    assert shown(None) == ""


@given(st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2099, 12, 31), timezones=st.just(UTC)))
def test_a_time_is_marked_exactly_when_its_wall_clock_reading_is_ambiguous(moment: datetime) -> None:
    text = shown(moment)
    local = moment.astimezone(LONDON)
    again = datetime.combine(local.date(), local.time(), tzinfo=LONDON).replace(fold=1 - local.fold)
    ambiguous = again.utcoffset() != local.utcoffset()
    assert text.endswith(("BST", "GMT")) == ambiguous
    assert text.startswith(local.strftime("%Y-%m-%d %H:%M"))
