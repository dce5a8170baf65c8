"""Lock coverage: a standing lock holds its seven days, at its site or (whole client) at every site."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from workforce_core.model.pay_weeks import FiguresSource, PayWeekLock
from workforce_core.rules.locked_figures import line_source, shown, source_of
from workforce_core.rules.week_locks import covers, locked_on, scope_lock, site_locks

MONDAY = date(2026, 3, 2)
AT = datetime(2026, 3, 9, 9, 0, tzinfo=UTC)


def lock(site: int | None = None, *, week: date = MONDAY, lifted: bool = False, at: datetime = AT) -> PayWeekLock:
    return PayWeekLock(1, week, at, location_id=site, unlocked_at=at if lifted else None, id=site or 0)


def test_a_lock_holds_its_first_and_last_day_and_no_other() -> None:
    whole = lock()
    assert not covers(whole, 7, MONDAY - timedelta(days=1))
    assert covers(whole, 7, MONDAY)
    assert covers(whole, 7, MONDAY + timedelta(days=6))
    assert not covers(whole, 7, MONDAY + timedelta(days=7))


def test_a_site_lock_holds_its_site_only_and_a_lifted_lock_nothing() -> None:
    assert covers(lock(3), 3, MONDAY)
    assert not covers(lock(3), 4, MONDAY)
    assert not covers(lock(3), None, MONDAY)  # a shift with no site: only a whole-client lock holds it
    assert covers(lock(None), None, MONDAY)
    assert not covers(lock(None, lifted=True), 3, MONDAY)


@given(
    st.lists(st.tuples(st.sampled_from([None, 1, 2]), st.integers(0, 3), st.booleans()), max_size=5),
    st.sampled_from([None, 1, 2]),
    st.integers(-3, 30),
)
def test_locked_on_is_any_lock_covering(made: list[tuple[int | None, int, bool]], site: int | None, day: int) -> None:
    locks = [lock(s, week=MONDAY + timedelta(weeks=w), lifted=lifted) for s, w, lifted in made]
    on = MONDAY + timedelta(days=day)
    expected = any(
        not lifted and s in (None, site) and timedelta(0) <= on - (MONDAY + timedelta(weeks=w)) < timedelta(days=7)
        for s, w, lifted in made
    )
    assert locked_on(locks)(on, site) is expected


def test_a_scope_is_locked_by_the_whole_client_or_by_each_of_its_sites() -> None:
    later = AT + timedelta(hours=1)
    one, two = lock(1), lock(2, at=later)
    assert scope_lock([one], None) is None
    assert scope_lock([one], (1,)) is one
    assert scope_lock([one], (1, 2)) is None
    assert scope_lock([one, two], (1, 2)) is two  # the latest of their own
    assert scope_lock([one, lock(None)], (1, 2)) == lock(None)
    assert scope_lock([lock(None, lifted=True)], None) is None
    assert site_locks([one, two, lock(None)], (2, 3)) == (2,)
    assert site_locks([one, two], None) == (1, 2)


def test_frozen_figures_are_shown_as_locked_and_live_ones_as_priced_now() -> None:
    assert source_of(True) == FiguresSource.LOCKED
    assert source_of(False) == FiguresSource.LIVE
    assert line_source(3, 3) == FiguresSource.LOCKED
    assert line_source(3, 2) == FiguresSource.LIVE
    assert line_source(0, 0) == FiguresSource.LIVE


class _Figures:
    def __init__(self, source: str) -> None:
        self.source = source


def test_a_read_shows_stored_figures_only_when_a_lock_froze_them() -> None:
    live, frozen, stale = _Figures("live"), _Figures("locked"), _Figures("live")
    assert shown(frozen, live) is frozen
    assert shown(stale, live) is live
    assert shown(None, live) is live
