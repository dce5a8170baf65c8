"""The sign-off deadline on the memory adapter: pending shifts are signed off by the service (``via``
``auto``) once their week has ended plus the client's hours, never before, never twice, never one a
query holds; with no deadline nothing happens."""

from __future__ import annotations

from datetime import datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.time_world import NOW, TimeWorld, data
from workforce_adapters.json.commands import structure
from workforce_core.commands.time_records import QueryEntry
from workforce_core.model.accounts import ClientSettings
from workforce_core.rules import sign_off
from workforce_core.services import approvals
from workforce_core.services.sign_off import auto_sign_off


def run(world: TimeWorld) -> list[int]:
    done = auto_sign_off(uow=world.uow, clock=world.clock)
    return [view.entry.id for view in done]


def shift_on(world: TimeWorld, day: datetime) -> int:
    text = day.strftime("%Y-%m-%d")
    return world.backfill(f"{text} 08:00", f"{text} 16:00").entry.id


def test_a_pending_shift_is_signed_off_when_its_deadline_passes_and_says_so() -> None:
    world = TimeWorld(settings=ClientSettings(require_client_approval=True, signoff_deadline_hours=48))
    shift = world.backfill("2026-02-03 08:00", "2026-02-03 16:00").entry.id  # week of 2 February ends on the 9th
    world.clock.set(datetime.fromisoformat("2026-02-10T23:59:00+00:00"))
    assert run(world) == []
    world.clock.set(datetime.fromisoformat("2026-02-11T00:00:00+00:00"))
    assert run(world) == [shift]
    assert run(world) == []
    (event,) = world.db.events("timesheet.client_approved")
    assert (data(event)["via"], data(event)["entry_ids"]) == ("auto", [shift])
    assert "user_id" not in data(event)
    assert world.db.entries[shift].client_approval == "approved"


def test_no_deadline_signs_nothing_off() -> None:
    world = TimeWorld(settings=ClientSettings(require_client_approval=True))
    world.backfill("2026-02-03 08:00", "2026-02-03 16:00")
    world.clock.advance(days=400)
    assert run(world) == []


@settings(max_examples=40, deadline=None)
@given(
    hours=st.integers(min_value=1, max_value=96),
    days=st.lists(st.integers(min_value=1, max_value=21), min_size=1, max_size=6, unique=True),
    queried=st.sets(st.integers(min_value=0, max_value=5), max_size=2),
    steps=st.lists(st.integers(min_value=0, max_value=40), min_size=1, max_size=8),
)
def test_no_shift_is_signed_off_before_its_deadline_nor_twice_nor_while_queried(
    hours: int, days: list[int], queried: set[int], steps: list[int]
) -> None:
    world = TimeWorld(settings=ClientSettings(require_client_approval=True, signoff_deadline_hours=hours))
    shifts = [shift_on(world, NOW - timedelta(days=day)) for day in days]
    held = {shifts[n] for n in queried if n < len(shifts)}
    for entry_id in held:
        approvals.query(
            structure(QueryEntry, {"entry_id": entry_id, "via": "client", "question": "Was Ann on site?"}),
            uow=world.uow,
            clock=world.clock,
        )
    signed: dict[int, datetime] = {}
    for step in [*steps, 24 * 40]:
        world.clock.advance(hours=step)
        for entry_id in run(world):
            assert entry_id not in signed, "signed off twice"
            signed[entry_id] = world.clock.now()
    client = world.db.clients[world.client.id]
    for entry_id, at in signed.items():
        deadline = sign_off.deadline(world.db.entries[entry_id].clock_in, client.settings)
        assert deadline is not None
        assert at >= deadline
    assert set(signed) == set(shifts) - held  # 40 days on, every shift no query holds is signed off
    events = world.db.events("timesheet.client_approved")
    ids = [entry_id for event in events for entry_id in data(event)["entry_ids"]]
    assert sorted(ids) == sorted(signed)
    assert {data(event)["via"] for event in events} <= {"auto"}
