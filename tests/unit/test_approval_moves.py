"""The time-entry approval state table (rules/approval.move) never reaches a state the spec's table does
not allow: a Hypothesis state machine drives random moves on one shift and checks each against the table.

The spec's table ("Time entry approval"):
  pending  --approve (closed shift)-->                 approved   timesheet.approved
  approved --revert / correction / accepted amendment--> pending  timesheet.unapproved
  approved --client dispute-->                          disputed   timesheet.unapproved (disputed)
  client_approval pending --client approves-->          approved   timesheet.client_approved
  client_approval pending --client rejects-->           rejected   timesheet.client_rejected
  any      --query raised-->                            open_query (and queried, for ever) timesheet.queried
The rule adds (decided in the project): a correction or accepted amendment of a disputed shift settles the
dispute (back to pending, no event, the shift was not approved); of a pending shift it changes nothing;
resolving a query needs an open one.
"""

from __future__ import annotations

from typing import Any

import pytest
from attrs import evolve
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from workforce_core.errors import Conflict
from workforce_core.model.time_entries import APPROVAL_STATUSES, CLIENT_APPROVALS
from workforce_core.rules.approval import MOVES, ApprovalState, Move, move

UNAPPROVE_REASONS = {"revert": "reverted", "correct": "corrected", "amend": "amended"}

states = st.builds(
    ApprovalState,
    approval_status=st.sampled_from(APPROVAL_STATUSES),
    client_approval=st.sampled_from(CLIENT_APPROVALS),
    open_query=st.booleans(),
    queried=st.booleans(),
    closed=st.booleans(),
).filter(lambda s: s.queried or not s.open_query)


def expected(state: ApprovalState, action: str) -> tuple[ApprovalState, str | None, str | None] | None:
    """The spec's table (plus the rule's documented additions) as an oracle; None = the move is refused."""
    status, client = state.approval_status, state.client_approval
    if action == "approve":
        if status != "pending" or not state.closed:
            return None
        return evolve(state, approval_status="approved"), "timesheet.approved", None
    if action == "revert":
        if status != "approved":
            return None
        return evolve(state, approval_status="pending"), "timesheet.unapproved", "reverted"
    if action in ("correct", "amend"):
        if status == "approved":
            return evolve(state, approval_status="pending"), "timesheet.unapproved", UNAPPROVE_REASONS[action]
        return evolve(state, approval_status="pending"), None, None
    if action == "dispute":
        if status != "approved":
            return None
        return evolve(state, approval_status="disputed"), "timesheet.unapproved", "disputed"
    if action in ("client_approve", "client_reject"):
        if client != "pending":
            return None
        if action == "client_approve":
            return evolve(state, client_approval="approved"), "timesheet.client_approved", None
        return evolve(state, client_approval="rejected"), "timesheet.client_rejected", None
    if action == "query":
        return evolve(state, open_query=True, queried=True), "timesheet.queried", None
    if action == "resolve_query":
        if not state.open_query:
            return None
        return evolve(state, open_query=False), "time_entry.updated", None
    raise AssertionError(action)


# Moves of approval_status the table (with the rule's additions) allows, and the actions that make them.
STATUS_MOVES: dict[tuple[str, str], frozenset[str]] = {
    ("pending", "approved"): frozenset({"approve"}),
    ("approved", "pending"): frozenset({"revert", "correct", "amend"}),
    ("approved", "disputed"): frozenset({"dispute"}),
    ("disputed", "pending"): frozenset({"correct", "amend"}),
}
CLIENT_MOVES: dict[tuple[str, str], frozenset[str]] = {
    ("pending", "approved"): frozenset({"client_approve"}),
    ("pending", "rejected"): frozenset({"client_reject"}),
}


class ApprovalMachine(RuleBasedStateMachine):
    """One shift's approval state under random moves (and its clock-out)."""

    def __init__(self) -> None:
        super().__init__()
        self.state = ApprovalState()
        self.history: list[tuple[str, ApprovalState]] = []

    @initialize(closed=st.booleans())
    def start(self, closed: bool) -> None:
        self.state = ApprovalState(closed=closed)

    @rule()
    def clock_out(self) -> None:
        self.state = evolve(self.state, closed=True)

    @rule(action=st.sampled_from(MOVES))
    def apply(self, action: str) -> None:
        before = self.state
        oracle = expected(before, action)
        if oracle is None:
            with pytest.raises(Conflict) as refused:
                move(before, action)
            assert (refused.value.code, refused.value.status) == ("conflict", 409)
            return
        result = move(before, action)
        assert (result.state, result.event, result.reason_code) == oracle
        self._check_step(before, action, result)
        self.state = result.state
        self.history.append((action, result.state))

    def _check_step(self, before: ApprovalState, action: str, result: Move) -> None:
        after = result.state
        if before.approval_status != after.approval_status:
            assert action in STATUS_MOVES[(before.approval_status, after.approval_status)]
        if before.client_approval != after.client_approval:
            assert action in CLIENT_MOVES[(before.client_approval, after.client_approval)]
        assert after.closed == before.closed  # no approval move opens or closes a shift
        if result.event == "timesheet.unapproved":
            assert before.approval_status == "approved"
            assert after.approval_status in ("pending", "disputed")
            assert result.reason_code is not None
        if result.event == "timesheet.approved":
            assert after.approval_status == "approved"

    @invariant()
    def within_the_table(self) -> None:
        assert self.state.approval_status in APPROVAL_STATUSES
        assert self.state.client_approval in CLIENT_APPROVALS
        assert self.state.queried or not self.state.open_query  # an open query was raised
        if self.state.approval_status == "approved":
            assert self.state.closed  # only a closed shift is ever approved

    @invariant()
    def queried_and_client_sign_off_are_for_ever(self) -> None:
        seen_query = False
        signed: str | None = None
        for _, state in self.history:
            seen_query = seen_query or state.queried
            assert state.queried or not seen_query, "queried went back to false"
            if signed is not None:
                assert state.client_approval == signed, "client sign-off changed after it was given"
            elif state.client_approval != "pending":
                signed = state.client_approval


ApprovalMachine.TestCase.settings = settings(max_examples=200, stateful_step_count=40, deadline=None)
TestApprovalMachine = ApprovalMachine.TestCase


@given(state=states, action=st.sampled_from(MOVES))
def test_every_move_from_every_state_matches_the_table(state: ApprovalState, action: str) -> None:
    oracle = expected(state, action)
    if oracle is None:
        with pytest.raises(Conflict):
            move(state, action)
        return
    result = move(state, action)
    assert (result.state, result.event, result.reason_code) == oracle


@given(state=states, actions=st.lists(st.sampled_from(MOVES), max_size=30))
def test_no_sequence_of_moves_leaves_the_table(state: ApprovalState, actions: list[str]) -> None:
    for action in actions:
        try:
            state = move(state, action).state
        except Conflict:
            continue
        assert state.approval_status in APPROVAL_STATUSES
        assert state.client_approval in CLIENT_APPROVALS


@pytest.mark.parametrize(
    ("start", "action", "status", "event", "reason"),
    [
        (ApprovalState(), "approve", "approved", "timesheet.approved", None),
        (ApprovalState(approval_status="approved"), "revert", "pending", "timesheet.unapproved", "reverted"),
        (ApprovalState(approval_status="approved"), "correct", "pending", "timesheet.unapproved", "corrected"),
        (ApprovalState(approval_status="approved"), "amend", "pending", "timesheet.unapproved", "amended"),
        (ApprovalState(approval_status="approved"), "dispute", "disputed", "timesheet.unapproved", "disputed"),
        (ApprovalState(approval_status="disputed"), "correct", "pending", None, None),
        (ApprovalState(), "correct", "pending", None, None),
    ],
)
def test_each_row_of_the_table(start: ApprovalState, action: str, status: str, event: str, reason: Any) -> None:
    result = move(start, action)
    assert (result.state.approval_status, result.event, result.reason_code) == (status, event, reason)


@pytest.mark.parametrize(
    ("start", "action"),
    [
        (ApprovalState(closed=False), "approve"),
        (ApprovalState(approval_status="approved"), "approve"),
        (ApprovalState(approval_status="disputed"), "approve"),
        (ApprovalState(), "revert"),
        (ApprovalState(approval_status="disputed"), "revert"),
        (ApprovalState(), "dispute"),
        (ApprovalState(approval_status="disputed"), "dispute"),
        (ApprovalState(client_approval="approved"), "client_approve"),
        (ApprovalState(client_approval="approved"), "client_reject"),
        (ApprovalState(client_approval="rejected"), "client_approve"),
        (ApprovalState(), "resolve_query"),
    ],
)
def test_moves_the_table_does_not_allow_are_conflicts(start: ApprovalState, action: str) -> None:
    with pytest.raises(Conflict):
        move(start, action)


@pytest.mark.parametrize(
    ("state", "action", "message"),
    [
        (ApprovalState(closed=False), "approve", "an open shift cannot be approved; clock it out first."),
        (ApprovalState(), "revert", "only an approved shift can be reverted."),
        (ApprovalState(), "dispute", "only an approved shift can be disputed."),
        (
            ApprovalState(client_approval="approved"),
            "client_approve",
            "the client has already signed off this shift (approved).",
        ),
        (ApprovalState(), "resolve_query", "the shift has no open query."),
    ],
)
def test_each_refused_move_says_why(state: ApprovalState, action: str, message: str) -> None:
    with pytest.raises(Conflict) as refused:
        move(state, action)
    assert refused.value.message == message


def test_an_unknown_move_is_a_programming_error_naming_it() -> None:
    with pytest.raises(ValueError, match=r"^unknown move fly$"):
        move(ApprovalState(), "fly")
