"""Time records typed in or corrected by hand, approval moves that carry more than ids, and client
amendment requests (the agency and client consoles)."""

from __future__ import annotations

from datetime import datetime

from attrs import frozen

from workforce_core.commands.inputs import Choice, ConsoleTime, Id, Text, Whole, given, needed
from workforce_core.errors import ValidationFailed
from workforce_core.rules import text

MAX_MINUTES = 24 * 60
QUERY_VIA: tuple[str, ...] = ("client", "agency", "worker")
QUERY_TEXT_LENGTH = 500  # a question or an answer, as long as an amendment's reason


def within(minutes: int | None, field: str, low: int, high: int) -> None:
    """A number of minutes in range, also for a command made in code (the JSON reader checks it too)."""
    if minutes is not None and not low <= minutes <= high:
        raise ValidationFailed(field, f"{field} must be a whole number of minutes from {low} to {high}.")


@frozen(kw_only=True)
class Backfill:
    """A paper shift typed in (``clock_method`` ``backfill``), at a site of the worker's client."""

    worker_id: int = needed(Id(required=True))
    location_id: int = needed(Id(required=True))
    clock_in: datetime = needed(ConsoleTime(required=True))
    clock_out: datetime = needed(ConsoleTime(required=True))
    break_minutes: int | None = given(Whole(0, MAX_MINUTES))
    booking_id: int | None = given(Id())  # the booking worked; default: a live one at the site covering it

    def __attrs_post_init__(self) -> None:
        within(self.break_minutes, "break_minutes", 0, MAX_MINUTES)


@frozen(kw_only=True)
class AddBreak:
    """A break entry inside a shift."""

    shift_id: int = needed(Id(required=True))  # the time entry of the shift
    start: datetime = needed(ConsoleTime(required=True))
    end: datetime = needed(ConsoleTime(required=True))

    def __attrs_post_init__(self) -> None:
        if self.end <= self.start:
            raise ValidationFailed("end", "the break must end after it starts.")


@frozen(kw_only=True)
class EditEntry:
    """A correction by hand; a value left out stays as it is."""

    entry_id: int = needed(Id(required=True))
    clock_in: datetime | None = given(ConsoleTime())
    clock_out: datetime | None = given(ConsoleTime())
    break_minutes: int | None = given(Whole(0, MAX_MINUTES))
    pay_adjustment_minutes: int | None = given(Whole(-MAX_MINUTES, MAX_MINUTES))
    reason: str | None = given(Text(text.free_text, 255))  # why (the console asks for it)

    def __attrs_post_init__(self) -> None:
        within(self.break_minutes, "break_minutes", 0, MAX_MINUTES)
        within(self.pay_adjustment_minutes, "pay_adjustment_minutes", -MAX_MINUTES, MAX_MINUTES)
        if all(v is None for v in (self.clock_in, self.clock_out, self.break_minutes, self.pay_adjustment_minutes)):
            raise ValidationFailed(None, "give at least one of clock-in, clock-out, break minutes, pay adjustment.")


@frozen(kw_only=True)
class RejectEntries:
    """The client rejects shifts, with a reason."""

    entry_ids: tuple[int, ...]
    reason: str = needed(Text(text.free_text, 255, required=True))


@frozen(kw_only=True)
class QueryEntry:
    """A query raised on a shift by the client, the agency or the worker: payroll holds it."""

    entry_id: int = needed(Id(required=True))
    via: str = needed(Choice(QUERY_VIA, required=True))
    question: str | None = given(Text(text.free_text, QUERY_TEXT_LENGTH))  # what the hirer asks


@frozen(kw_only=True)
class AnswerQuery:
    """The agency's answer to a shift's open query: it settles the query and the hirer reads it."""

    entry_id: int = needed(Id(required=True))
    answer: str = needed(Text(text.free_text, QUERY_TEXT_LENGTH, required=True))


@frozen(kw_only=True)
class RaiseAmendment:
    """The client asks for other times or another break on a completed shift."""

    entry_id: int = needed(Id(required=True))
    reason: str = needed(Text(text.free_text, 500, required=True))
    clock_in: datetime | None = given(ConsoleTime())
    clock_out: datetime | None = given(ConsoleTime())
    break_minutes: int | None = given(Whole(0, MAX_MINUTES))
    raised_by: str = given(Text(text.single_line, 100, required=True), "client")

    def __attrs_post_init__(self) -> None:
        within(self.break_minutes, "break_minutes", 0, MAX_MINUTES)
        if self.clock_in is None and self.clock_out is None and self.break_minutes is None:
            raise ValidationFailed(None, "ask for at least one of clock-in, clock-out or break minutes.")
