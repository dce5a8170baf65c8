"""The approval moves as use cases (services/approvals.py) on the memory adapter: the spec's "Time entry
approval" table, the events each move records, and that a refused move changes nothing.

The rule behind the table (rules/approval.py) has its own tests (test_approval_moves.py); these check the
use cases that store the moves: all or nothing over several shifts, one event per site, and a Hypothesis
state machine that drives every move (approvals, queries, corrections, amendments, clock-outs) over three
shifts and checks each against the table and the events it recorded.
"""

from __future__ import annotations

from typing import Any

import pytest
from attrs import evolve, frozen
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from tests.time_world import NOW, TimeWorld, at, data, refused
from workforce_adapters.json.commands import structure
from workforce_adapters.json.events import entry_fields
from workforce_core.commands.time_records import AnswerQuery, EditEntry, QueryEntry, RaiseAmendment, RejectEntries
from workforce_core.errors import Conflict, NotFound, ValidationFailed
from workforce_core.model.people import Actor, Role
from workforce_core.services import amendments, approvals, corrections, time_records
from workforce_core.views import EntryView


@pytest.fixture
def world() -> TimeWorld:
    return TimeWorld()


def shift(world: TimeWorld, day: str = "2026-02-03", **options: Any) -> int:
    return world.backfill(f"{day} 08:00", f"{day} 16:00", **options).entry.id


def approve(world: TimeWorld, *ids: int) -> list[EntryView]:
    return approvals.approve(ids, uow=world.uow, clock=world.clock)


def client_approve(world: TimeWorld, *ids: int) -> list[EntryView]:
    return approvals.client_approve(ids, uow=world.uow, clock=world.clock)


def client_reject(world: TimeWorld, reason: str, *ids: int) -> list[EntryView]:
    command = structure(RejectEntries, {"entry_ids": ids, "reason": reason})
    return approvals.client_reject(command, uow=world.uow, clock=world.clock)


def revert(world: TimeWorld, *ids: int) -> list[EntryView]:
    return approvals.revert(ids, uow=world.uow, clock=world.clock)


def dispute(world: TimeWorld, entry_id: int) -> EntryView:
    return approvals.dispute(entry_id, uow=world.uow, clock=world.clock)


def query(
    world: TimeWorld,
    entry_id: int,
    via: str = "client",
    question: str | None = "Was Ann on site?",
    actor: Actor | None = None,
) -> EntryView:
    command = structure(QueryEntry, {"entry_id": entry_id, "via": via, "question": question})
    return approvals.query(command, uow=world.uow, clock=world.clock, actor=actor)


def hirer(world: TimeWorld) -> Actor:
    """A hirer contact of the world's client, signed in at the portal."""
    return Actor(1, Role.APPROVER, world.client.id)


def resolve(world: TimeWorld, entry_id: int) -> EntryView:
    return approvals.resolve_query(entry_id, uow=world.uow, clock=world.clock)


# ---- agency approval ------------------------------------------------------------------------------------------


def test_approve_moves_a_closed_pending_shift_to_approved_and_sends_timesheet_approved(world: TimeWorld) -> None:
    sid = shift(world)
    world.clock.advance(minutes=1)
    mark = len(world.db.outbox)
    [view] = approve(world, sid)
    entry = world.entry(sid)
    assert entry == view.entry
    moved = NOW.replace(minute=1)
    assert (entry.approval_status, entry.approved_at, entry.approved_by, entry.updated_at) == (
        "approved",
        moved,
        None,
        moved,
    )
    assert entry.client_approval == "pending"
    [event] = world.db.outbox[mark:]
    assert (event.name, event.client_id, event.occurred_at) == ("timesheet.approved", world.client.id, moved)
    assert data(event) == {
        "client_id": world.client.id,
        "location_id": world.north.id,
        "count": 1,
        "entry_ids": [sid],
        "entries": [entry_fields(view)],
        "via": "admin_timesheets",
    }
    assert data(event)["entries"][0]["approval_status"] == "approved"


def test_approve_sends_one_event_per_site_and_takes_each_shift_once(world: TimeWorld) -> None:
    a = shift(world)
    b = shift(world, "2026-02-04", site=world.south)
    c = shift(world, worker=world.bob)
    mark = len(world.db.outbox)
    views = approve(world, a, b, c, a)
    assert [view.entry.id for view in views] == [a, b, c]
    north, south = world.db.outbox[mark:]
    assert (data(north)["location_id"], data(north)["count"], data(north)["entry_ids"]) == (world.north.id, 2, [a, c])
    assert [e["worker_name"] for e in data(north)["entries"]] == ["Ann Worker", "Bob Worker"]
    assert (data(south)["location_id"], data(south)["entry_ids"]) == (world.south.id, [b])
    assert data(south)["entries"][0]["location_name"] == "South Depot"


def test_approve_sends_at_most_100_shifts_per_event(world: TimeWorld) -> None:
    ids = [shift(world, f"2026-01-{day:02d}") for day in range(1, 32)]
    for worker_no in range(3):
        worker = world.worker(f"Worker {worker_no}", f"W-{worker_no}", location_id=world.north.id)
        ids += [shift(world, f"2026-01-{day:02d}", worker=worker) for day in range(1, 24)]
    assert len(ids) == 100
    ids.append(shift(world, "2026-02-01"))
    mark = len(world.db.outbox)
    approve(world, *ids)
    batches = [data(event) for event in world.db.outbox[mark:]]
    assert [batch["count"] for batch in batches] == [100, 1]
    assert [batch["entry_ids"] for batch in batches] == [ids[:100], ids[100:]]
    assert len(batches[0]["entries"]) == 100


def test_approve_is_all_or_nothing(world: TimeWorld) -> None:
    a = shift(world)
    open_id = world.clocked_shift("2026-02-10 08:00", worker=world.bob)
    world.clock.set(NOW)
    assert refused(world, NotFound, approve, world, a, 9999).extra == {"entry_id": 9999}
    error = refused(world, Conflict, approve, world, a, open_id)
    assert (error.code, error.extra) == ("conflict", {"entry_id": open_id})
    assert refused(world, ValidationFailed, approve, world).extra == {"field": "entry_ids"}
    approve(world, a)
    error = refused(world, Conflict, approve, world, a)
    assert error.extra == {"entry_id": a}
    assert "pending" in error.message


def test_approvals_act_on_shifts_not_breaks(world: TimeWorld) -> None:
    sid = shift(world)
    piece, _ = world.add_break(sid, "2026-02-03 12:00", "2026-02-03 12:30")
    for move in (approve, client_approve, revert):
        assert refused(world, Conflict, move, world, piece.entry.id).extra == {"entry_id": piece.entry.id}
    assert refused(world, Conflict, query, world, piece.entry.id).extra == {"entry_id": piece.entry.id}


def test_an_open_shift_is_approved_once_it_is_clocked_out(world: TimeWorld) -> None:
    open_id = world.clocked_shift("2026-02-10 08:00")
    world.clock.set(NOW)
    assert "clock it out" in refused(world, Conflict, approve, world, open_id).message
    world.clock_("out")
    assert approve(world, open_id)[0].entry.approval_status == "approved"


# ---- client sign-off ------------------------------------------------------------------------------------------


def test_client_approve_signs_off_once_via_the_portal(world: TimeWorld) -> None:
    sid = shift(world)
    mark = len(world.db.outbox)
    [view] = client_approve(world, sid)
    assert (view.entry.client_approval, view.entry.client_approved_at, view.entry.approval_status) == (
        "approved",
        NOW,
        "pending",
    )
    [event] = world.db.outbox[mark:]
    assert (event.name, data(event)["via"], data(event)["entry_ids"]) == ("timesheet.client_approved", "portal", [sid])
    assert refused(world, Conflict, client_approve, world, sid).extra == {"entry_id": sid}
    assert refused(world, Conflict, client_reject, world, "late", sid).extra == {"entry_id": sid}


def test_client_reject_records_the_reason(world: TimeWorld) -> None:
    sid = shift(world)
    approve(world, sid)
    mark = len(world.db.outbox)
    [view] = client_reject(world, "  Not on site  ", sid)
    assert (view.entry.client_approval, view.entry.client_rejected_reason, view.entry.approval_status) == (
        "rejected",
        "Not on site",
        "approved",
    )
    [event] = world.db.outbox[mark:]
    assert (event.name, data(event)["reason"], data(event)["via"]) == (
        "timesheet.client_rejected",
        "Not on site",
        "portal",
    )
    assert data(event)["entries"][0]["client_rejected_reason"] == "Not on site"
    assert refused(world, Conflict, client_approve, world, sid).extra == {"entry_id": sid}


@pytest.mark.parametrize("reason", ["", "   ", "x" * 256, "bad\x00reason"])
def test_client_reject_needs_a_reason_of_1_to_255_characters(world: TimeWorld, reason: str) -> None:
    sid = shift(world)
    assert refused(world, ValidationFailed, client_reject, world, reason, sid).extra == {"field": "reason"}


# ---- revert and dispute -----------------------------------------------------------------------------------------


def test_revert_sends_an_approved_shift_back_to_pending(world: TimeWorld) -> None:
    sid = shift(world)
    approve(world, sid)
    mark = len(world.db.outbox)
    [view] = revert(world, sid)
    assert (view.entry.approval_status, view.entry.approved_at) == ("pending", None)
    [event] = world.db.outbox[mark:]
    assert (event.name, data(event)["reason_code"], data(event)["via"]) == (
        "timesheet.unapproved",
        "reverted",
        "admin_timesheets",
    )
    assert refused(world, Conflict, revert, world, sid).extra == {"entry_id": sid}


def test_dispute_moves_an_approved_shift_to_disputed(world: TimeWorld) -> None:
    sid = shift(world)
    assert refused(world, Conflict, dispute, world, sid).extra == {"entry_id": sid}
    approve(world, sid)
    mark = len(world.db.outbox)
    view = dispute(world, sid)
    assert (view.entry.approval_status, view.entry.approved_at) == ("disputed", None)
    [event] = world.db.outbox[mark:]
    assert (event.name, data(event)["reason_code"], data(event)["via"]) == (
        "timesheet.unapproved",
        "disputed",
        "tenant_timesheets",
    )
    for move in (approve, revert):
        assert refused(world, Conflict, move, world, sid).extra == {"entry_id": sid}
    assert refused(world, Conflict, dispute, world, sid).extra == {"entry_id": sid}


# ---- queries ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("via", ["client", "agency", "worker"])
def test_a_query_holds_the_shift_and_resolving_it_releases_it(world: TimeWorld, via: str) -> None:
    sid = shift(world)
    approve(world, sid)
    mark = len(world.db.outbox)
    held = query(world, sid, via)
    assert (held.entry.open_query, held.entry.queried, held.entry.approval_status) == (True, True, "approved")
    [event] = world.db.outbox[mark:]
    assert (event.name, data(event)["via"], data(event)["entry_ids"]) == ("timesheet.queried", via, [sid])
    released = resolve(world, sid)
    assert (released.entry.open_query, released.entry.queried) == (False, True)
    updated = world.db.outbox[-1]
    assert updated.name == "time_entry.updated"
    assert data(updated) == {
        **entry_fields(released),
        "change": "query_resolved",
        "via": "admin_timesheets",
        "reason_code": None,
        "changes": ["open_query"],
        "adjustment_id": None,
    }
    assert refused(world, Conflict, resolve, world, sid).extra == {"entry_id": sid}


def test_a_query_names_who_raised_it(world: TimeWorld) -> None:
    sid = shift(world)
    assert refused(world, ValidationFailed, query, world, sid, "boss").extra == {"field": "via"}


def test_a_query_may_be_raised_on_an_open_shift_and_again_while_open(world: TimeWorld) -> None:
    open_id = world.clocked_shift("2026-02-10 08:00")
    world.clock.set(NOW)
    query(world, open_id)
    query(world, open_id, "worker")
    assert [data(event)["via"] for event in world.events("timesheet.queried")] == ["client", "worker"]


def answer(world: TimeWorld, entry_id: int, text: Any) -> EntryView:
    command = structure(AnswerQuery, {"entry_id": entry_id, "answer": text})
    return approvals.answer_query(command, uow=world.uow, clock=world.clock)


def test_a_hirers_query_needs_its_question_and_keeps_it(world: TimeWorld) -> None:
    sid = shift(world)
    contact = hirer(world)
    assert refused(world, ValidationFailed, query, world, sid, "client", None, contact).extra == {"field": "question"}
    assert refused(world, ValidationFailed, query, world, sid, "client", "x" * 501).extra == {"field": "question"}
    asked = query(world, sid, "client", "  Was Ann on site after 4?  ", contact)
    assert (asked.entry.query_text, asked.entry.query_answer) == ("Was Ann on site after 4?", None)
    assert world.events("time_entry.updated") == []
    [event] = world.events("timesheet.queried")
    assert data(event)["entries"][0]["query_text"] == "Was Ann on site after 4?"


def test_the_server_console_raises_a_clients_query_without_a_question_as_its_contract_has_it(world: TimeWorld) -> None:
    asked = query(world, shift(world), "client", None)
    assert (asked.entry.open_query, asked.entry.query_text) == (True, None)


def test_an_answer_settles_the_query_and_the_event_carries_it(world: TimeWorld) -> None:
    sid = shift(world)
    query(world, sid, "client", "Was Ann on site after 4?")
    assert refused(world, ValidationFailed, answer, world, sid, " ").extra == {"field": "answer"}
    answered = answer(world, sid, "Yes: she signed out at 16:05.")
    e = answered.entry
    assert (e.open_query, e.queried, e.query_answer, e.query_answered_at) == (
        False,
        True,
        "Yes: she signed out at 16:05.",
        world.clock.now(),
    )
    updated = world.db.outbox[-1]
    assert (data(updated)["change"], data(updated)["changes"]) == ("query_resolved", ["open_query", "query_answer"])
    assert (data(updated)["query_text"], data(updated)["query_answer"]) == (
        "Was Ann on site after 4?",
        "Yes: she signed out at 16:05.",
    )
    assert refused(world, Conflict, answer, world, sid, "Again").extra == {"entry_id": sid}


def test_a_new_query_replaces_the_answered_one(world: TimeWorld) -> None:
    sid = shift(world)
    query(world, sid, "client", "First?")
    answer(world, sid, "First answer.")
    again = query(world, sid, "agency", None)
    assert (again.entry.open_query, again.entry.query_text, again.entry.query_answer) == (True, None, None)
    assert again.entry.query_answered_at is None


# ---- a state machine over every move --------------------------------------------------------------------------


@frozen
class Shift:
    """What the table knows of one shift, and its break minutes (so a correction always changes something)."""

    approval_status: str = "pending"
    client_approval: str = "pending"
    open_query: bool = False
    queried: bool = False
    closed: bool = True
    break_minutes: int | None = None
    edits: int = 0


Recorded = list[tuple[str, Any]]  # (event name, reason_code)
UNAPPROVED = "timesheet.unapproved"


def table(state: Shift, action: str) -> tuple[Shift, Recorded] | None:
    """The spec's table as an oracle (None: the move is refused); the rule's additions as test_approval_moves."""
    status = state.approval_status
    if action == "approve":
        if status != "pending" or not state.closed:
            return None
        return evolve(state, approval_status="approved"), [("timesheet.approved", None)]
    if action == "revert":
        if status != "approved":
            return None
        return evolve(state, approval_status="pending"), [(UNAPPROVED, "reverted")]
    if action == "dispute":
        if status != "approved":
            return None
        return evolve(state, approval_status="disputed"), [(UNAPPROVED, "disputed")]
    if action in ("client_approve", "client_reject"):
        if state.client_approval != "pending":
            return None
        name = {"client_approve": "timesheet.client_approved", "client_reject": "timesheet.client_rejected"}[action]
        signed = {"client_approve": "approved", "client_reject": "rejected"}[action]
        return evolve(state, client_approval=signed), [(name, None)]
    if action == "query":
        return evolve(state, open_query=True, queried=True), [("timesheet.queried", None)]
    if action == "resolve_query":
        if not state.open_query:
            return None
        return evolve(state, open_query=False), [("time_entry.updated", None)]
    if action == "clock_out":
        if state.closed:
            return None
        return evolve(state, closed=True), [("time_entry.updated", None)]
    if action in ("correct", "amend"):
        if action == "amend" and not state.closed:
            return None  # an open shift cannot be amended
        minutes = 10 if state.break_minutes != 10 else 20
        after = evolve(state, approval_status="pending", break_minutes=minutes, edits=state.edits + 1)
        events: Recorded = [("time_entry.updated", None)]
        if status == "approved":
            events.append((UNAPPROVED, "corrected" if action == "correct" else "amended"))
        if action == "amend":
            events = [("timesheet.amended", None), ("timesheet.amended", None), *events]
        return after, events
    raise AssertionError(action)


ACTIONS = ("approve", "revert", "dispute", "client_approve", "client_reject", "query", "resolve_query")
ALL_ACTIONS = (*ACTIONS, "clock_out", "correct", "amend")


class ApprovalUseCases(RuleBasedStateMachine):
    """Two closed shifts at two sites and one open shift, under random moves through the use cases."""

    def __init__(self) -> None:
        super().__init__()
        world = self.world = TimeWorld()
        self.ids = [shift(world), shift(world, site=world.south, worker=world.bob)]
        self.ids.append(world.clocked_shift("2026-02-10 08:00"))
        world.clock.set(NOW)
        self.model = {self.ids[0]: Shift(), self.ids[1]: Shift(), self.ids[2]: Shift(closed=False)}

    def _call(self, action: str, entry_id: int) -> None:
        world, current = self.world, self.model[entry_id]
        if action in ("approve", "client_approve", "revert"):
            {"approve": approve, "client_approve": client_approve, "revert": revert}[action](world, entry_id)
        elif action == "client_reject":
            client_reject(world, "not agreed", entry_id)
        elif action == "dispute":
            dispute(world, entry_id)
        elif action == "query":
            query(world, entry_id, "agency")
        elif action == "resolve_query":
            resolve(world, entry_id)
        elif action == "clock_out":
            time_records.clock_out(entry_id, at("2026-02-10 11:00"), uow=world.uow, clock=world.clock)
        else:
            minutes = 10 if current.break_minutes != 10 else 20
            if action == "correct":
                corrections.edit(EditEntry(entry_id=entry_id, break_minutes=minutes), uow=world.uow, clock=world.clock)
            else:
                asked = RaiseAmendment(entry_id=entry_id, reason="break was longer", break_minutes=minutes)
                raised = amendments.raise_amendment(asked, uow=world.uow, clock=world.clock)
                amendments.accept(raised.id, uow=world.uow, clock=world.clock)

    @rule(action=st.sampled_from(ALL_ACTIONS), which=st.integers(min_value=0, max_value=2))
    def move(self, action: str, which: int) -> None:
        entry_id = self.ids[which]
        oracle = table(self.model[entry_id], action)
        before, mark = self.world.db.state(), len(self.world.db.outbox)
        if oracle is None:
            with pytest.raises(Conflict) as refusal:
                self._call(action, entry_id)
            assert refusal.value.extra == {"entry_id": entry_id}
            assert self.world.db.state() == before  # a refused move changes nothing
            return
        self._call(action, entry_id)
        after, expected = oracle
        recorded = [(event.name, data(event).get("reason_code")) for event in self.world.db.outbox[mark:]]
        assert recorded == expected, (action, self.model[entry_id])
        assert self.world.uow.last.committed
        for event in self.world.db.outbox[mark:]:
            if event.name.startswith("timesheet.") and event.name != "timesheet.amended":
                assert data(event)["entry_ids"] == [entry_id]
        self.model[entry_id] = after

    @invariant()
    def stored_as_the_table_says(self) -> None:
        for entry_id, state in self.model.items():
            entry = self.world.entry(entry_id)
            assert (entry.approval_status, entry.client_approval, entry.open_query, entry.queried, entry.closed) == (
                state.approval_status,
                state.client_approval,
                state.open_query,
                state.queried,
                state.closed,
            )
            assert (entry.approved_at is not None) == (entry.approval_status == "approved")
            assert (entry.client_approved_at is not None) == (entry.client_approval != "pending")
            assert (entry.manual_break_minutes, entry.edit_count) == (state.break_minutes, state.edits)


ApprovalUseCases.TestCase.settings = settings(max_examples=40, stateful_step_count=25, deadline=None)
TestApprovalUseCases = ApprovalUseCases.TestCase
