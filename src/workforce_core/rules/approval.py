"""The time-entry approval state table of the spec, as a pure rule.

A move either gives the entry's next approval state and the event it sends, or raises
``Conflict`` for a move the table does not allow from the current state.
"""

from __future__ import annotations

from attrs import evolve, frozen

from workforce_core.errors import Conflict
from workforce_core.model.time_entries import ApprovalStatus, ClientApproval

MOVES: tuple[str, ...] = (
    "approve",
    "revert",
    "correct",
    "amend",
    "dispute",
    "client_approve",
    "client_reject",
    "query",
    "resolve_query",
)


@frozen
class ApprovalState:
    approval_status: str = ApprovalStatus.PENDING
    client_approval: str = ClientApproval.PENDING
    open_query: bool = False
    queried: bool = False
    closed: bool = True


@frozen
class Move:
    state: ApprovalState
    event: str | None  # the event the move sends
    reason_code: str | None = None  # on timesheet.unapproved


def allowed(state: ApprovalState, action: str) -> bool:
    """Whether the table has this move from ``state``."""
    try:
        move(state, action)
    except Conflict:
        return False
    return True


def move(state: ApprovalState, action: str) -> Move:
    """Apply one move of the table; ``Conflict`` when the table has no such move from ``state``."""
    status = state.approval_status
    if action == "approve":
        if not state.closed:
            raise Conflict("an open shift cannot be approved; clock it out first.")
        if status != ApprovalStatus.PENDING:
            raise Conflict(f"only a pending shift can be approved (this one is {status}).")
        return Move(evolve(state, approval_status=ApprovalStatus.APPROVED), "timesheet.approved")
    if action in ("revert", "correct", "amend"):
        # A correction or accepted amendment of an approved shift sends it back to pending; of a
        # disputed one it settles the dispute the same way. Of a pending shift it changes nothing.
        if action == "revert" and status != ApprovalStatus.APPROVED:
            raise Conflict("only an approved shift can be reverted.")
        if status == ApprovalStatus.PENDING:
            return Move(state, None)
        if status == ApprovalStatus.DISPUTED:
            return Move(evolve(state, approval_status=ApprovalStatus.PENDING), None)
        reason = {"revert": "reverted", "correct": "corrected", "amend": "amended"}[action]
        return Move(evolve(state, approval_status=ApprovalStatus.PENDING), "timesheet.unapproved", reason)
    if action == "dispute":
        if status != ApprovalStatus.APPROVED:
            raise Conflict("only an approved shift can be disputed.")
        return Move(evolve(state, approval_status=ApprovalStatus.DISPUTED), "timesheet.unapproved", "disputed")
    if action in ("client_approve", "client_reject"):
        if state.client_approval != ClientApproval.PENDING:
            raise Conflict(f"the client has already signed off this shift ({state.client_approval}).")
        if action == "client_approve":
            return Move(evolve(state, client_approval=ClientApproval.APPROVED), "timesheet.client_approved")
        return Move(evolve(state, client_approval=ClientApproval.REJECTED), "timesheet.client_rejected")
    if action == "query":
        return Move(evolve(state, open_query=True, queried=True), "timesheet.queried")
    if action == "resolve_query":
        if not state.open_query:
            raise Conflict("the shift has no open query.")
        return Move(evolve(state, open_query=False), "time_entry.updated")
    raise ValueError(f"unknown move {action}")
