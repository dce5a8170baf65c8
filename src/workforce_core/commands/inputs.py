"""How a command's field is read from its JSON value (a request body or console input).

A command field names its input kind in its attrs metadata (``given(Text(...))``); the edge's one
converter (``workforce_adapters.json.commands``) reads each field with it, so the checks themselves
(ranges, the text policy, dates) stay here in the core, written once, and every entry point that
builds a command answers a bad value the same way: ``ValidationFailed`` naming the field.
"""

from __future__ import annotations

import enum
from datetime import date, datetime
from decimal import Decimal
from typing import Any, ClassVar

import attrs
from attrs import frozen

from workforce_core.errors import ValidationFailed
from workforce_core.rules import fields
from workforce_core.rules.console_times import console_time
from workforce_core.rules.london import is_local, parse_instant, passes
from workforce_core.rules.text import TextKind, single_line

INPUT = "workforce.input"  # the attrs metadata key holding a field's input kind


class Unset(enum.Enum):
    """A field the request did not send (PUT changes only what it sends; null clears)."""

    UNSET = "unset"


UNSET = Unset.UNSET


@frozen
class Input:
    """An input kind. ``required``: null or blank is refused (a field made with ``needed`` must also be
    sent; one made with ``given`` may be left out)."""

    required: bool = attrs.field(default=False, kw_only=True)
    # what a read value is: a command made in code is refused a value of another type (``typed`` below);
    # empty for kinds whose values the converter builds (nested commands, lists)
    produces: ClassVar[tuple[type, ...]] = ()
    described: ClassVar[str] = ""

    def read(self, value: Any, field: str) -> Any:  # pragma: no cover - every kind overrides it
        raise NotImplementedError


@frozen
class Id(Input):
    produces: ClassVar[tuple[type, ...]] = (int,)
    described: ClassVar[str] = "a whole number"

    def read(self, value: Any, field: str) -> int | None:
        return fields.read_id(value, field, required=self.required)


@frozen
class Text(Input):
    produces: ClassVar[tuple[type, ...]] = (str,)
    described: ClassVar[str] = "a string"
    kind: TextKind = single_line
    max_length: int = 255
    may_be_empty: bool = False  # a string must be sent, but "" is a value (an empty survey answer)

    def read(self, value: Any, field: str) -> str | None:
        if self.may_be_empty and isinstance(value, str) and not self.kind(value, field).strip():
            return ""  # the text policy first: "\r" is no empty answer (``str.strip`` takes it for one)
        return fields.read_text(value, field, kind=self.kind, max_length=self.max_length, required=self.required)


@frozen
class Email(Input):
    produces: ClassVar[tuple[type, ...]] = (str,)
    described: ClassVar[str] = "a string"

    def read(self, value: Any, field: str) -> str | None:
        return fields.read_email(value, field)


@frozen
class Choice(Input):
    produces: ClassVar[tuple[type, ...]] = (str,)
    described: ClassVar[str] = "a string"
    options: tuple[str, ...] = ()

    def read(self, value: Any, field: str) -> str | None:
        return fields.read_choice(value, field, self.options, required=self.required)


@frozen
class Day(Input):
    produces: ClassVar[tuple[type, ...]] = (date,)
    described: ClassVar[str] = "a date"

    def read(self, value: Any, field: str) -> date | None:
        return fields.read_day(value, field, required=self.required)


@frozen
class Flag(Input):
    produces: ClassVar[tuple[type, ...]] = (bool,)
    described: ClassVar[str] = "true or false"

    def read(self, value: Any, field: str) -> bool:
        return fields.read_flag(value, field)


@frozen
class Money(Input):
    """A rate of pay or charge: 0 to ``maximum``, at most 2 decimals."""

    produces: ClassVar[tuple[type, ...]] = (Decimal,)
    described: ClassVar[str] = "a Decimal (money is never a float)"

    maximum: Decimal = Decimal("9999.99")

    def read(self, value: Any, field: str) -> Decimal | None:
        return fields.read_money(value, field, maximum=self.maximum)


@frozen
class Number(Input):
    """A JSON number from ``low`` to ``high``; ``what`` words the range in the refusal ("{field} must be
    {what}."); ``places``: at most that many decimals."""

    produces: ClassVar[tuple[type, ...]] = (Decimal,)
    described: ClassVar[str] = "a Decimal"

    low: Decimal = Decimal(0)
    high: Decimal = Decimal(0)
    what: str | None = None
    places: int | None = None

    def read(self, value: Any, field: str) -> Decimal | None:
        if value is None and self.required:
            raise ValidationFailed(field, f"{field} is required.")
        message = f"{field} must be {self.what}." if self.what else None
        number = fields.read_number(value, field, self.low, self.high, message=message)
        exponent = number.as_tuple().exponent if number is not None else 0
        if self.places is not None and isinstance(exponent, int) and exponent < -self.places:
            raise ValidationFailed(field, f"{field} has at most {self.places} decimals.")
        return number


@frozen
class Whole(Input):
    """A JSON integer from ``low`` to ``high``; ``what`` words the range in the refusal. ``required``:
    null is refused with the same words."""

    produces: ClassVar[tuple[type, ...]] = (int,)
    described: ClassVar[str] = "a whole number"

    low: int = 0
    high: int = 0
    what: str | None = None

    def read(self, value: Any, field: str) -> int | None:
        message = f"{field} must be {self.what}." if self.what else None
        return fields.read_whole(value, field, self.low, self.high, required=self.required, message=message)


@frozen
class WrittenInstant:
    """An instant as a client wrote it: a local time in the repeated autumn hour has two readings."""

    at: datetime
    passes: tuple[datetime, ...]


@frozen
class Instant(Input):
    """ISO 8601 with ``Z`` or an offset, or a Europe/London local time (the spec's convention)."""

    produces: ClassVar[tuple[type, ...]] = (WrittenInstant,)
    described: ClassVar[str] = "an instant as written"

    def read(self, value: Any, field: str) -> WrittenInstant | None:
        if value is None:
            return None
        found = parse_instant(single_line(value, field)) if isinstance(value, str) else None
        if found is None:
            raise ValidationFailed(field, f"{field} is ISO 8601 with Z or an offset, or a local time.")
        return WrittenInstant(found, passes(found) if is_local(value) else (found,))


@frozen
class ConsoleTime(Input):
    """A time typed at the console: local ``YYYY-MM-DD HH:MM[:SS]`` (Europe/London) or ISO 8601 with an
    offset (``rules.console_times``)."""

    produces: ClassVar[tuple[type, ...]] = (datetime,)
    described: ClassVar[str] = "an aware datetime"

    def read(self, value: Any, field: str) -> datetime | None:
        if value is None:
            if self.required:
                raise ValidationFailed(field, f"{field} is required.")
            return None
        if isinstance(value, datetime) and value.tzinfo is not None:
            return value  # an instant given by code (an embedder, a test) rather than typed
        if not isinstance(value, str):
            raise ValidationFailed(field, f"{field} must be a local time YYYY-MM-DD HH:MM (Europe/London).")
        return console_time(value, field)


@frozen
class Items(Input):
    """A list of nested commands (``of``), at most ``most``. A fault in one is this field's, or with
    ``indexed`` the item's own, named by its path (``night_bands[1].start``, ``night_bands[1]``)."""

    of: type = object
    most: int = 100
    indexed: bool = False

    def read(self, value: Any, field: str) -> list[Any]:
        if value is None:
            return []
        if not isinstance(value, list) or len(value) > self.most:
            raise ValidationFailed(field, f"{field} is a list of at most {self.most} items.")
        if not self.indexed and not all(isinstance(item, dict) for item in value):
            raise ValidationFailed(field, f"each item of {field} is an object.")
        return value


@frozen
class Words(Input):
    """A list of at most ``most`` short texts (``kind``, each at most ``max_length``), as a tuple."""

    produces: ClassVar[tuple[type, ...]] = (tuple,)
    described: ClassVar[str] = "a tuple of strings"
    kind: TextKind = single_line
    max_length: int = 100
    most: int = 50

    def read(self, value: Any, field: str) -> tuple[str, ...]:
        if value is None:
            return ()
        if not isinstance(value, list) or len(value) > self.most:
            raise ValidationFailed(field, f"{field} is a list of at most {self.most} strings.")
        read = (fields.read_text(item, field, kind=self.kind, max_length=self.max_length) for item in value)
        return tuple(item for item in read if item)


@frozen
class Nested(Input):
    """One nested command (``of``), a JSON object; null or left out is an empty one. A fault in it is
    named by its path (``pay.pay_rate``)."""

    of: type = object


def typed(instance: Any, field: attrs.Attribute[Any], value: Any) -> None:
    """A command made in code (not by the converter) gets the types the converter would give: a float
    where money is expected is refused here, naming the field, before anything reaches storage."""
    kind = field.metadata.get(INPUT)
    if value is None or value is UNSET or not isinstance(kind, Input) or not kind.produces:
        return
    if not isinstance(value, kind.produces) or (isinstance(value, bool) and bool not in kind.produces):
        raise ValidationFailed(field.name, f"{field.name} must be {kind.described}, not {type(value).__name__}.")


def given(kind: Input, default: Any = None) -> Any:
    """A command field read with ``kind``; ``default`` when the key is absent."""
    return attrs.field(default=default, metadata={INPUT: kind}, validator=typed)


def needed(kind: Input) -> Any:
    """A command field that must be sent: a missing key is read as null, which ``kind`` refuses."""
    return attrs.field(metadata={INPUT: kind}, validator=typed)


def must_send(field: attrs.Attribute[Any]) -> bool:
    return input_of(field) is not None and field.default is attrs.NOTHING


def input_of(field: attrs.Attribute[Any]) -> Input | None:
    kind = field.metadata.get(INPUT)
    return kind if isinstance(kind, Input) else None
