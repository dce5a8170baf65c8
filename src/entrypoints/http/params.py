"""Query parameters: each reader returns a typed value or raises 400 ``invalid_parameter`` naming it.

Unknown parameters are ignored; a known one given twice is refused (which value was meant is unclear).
"""

from __future__ import annotations

import re
from datetime import date, datetime
from decimal import Decimal
from typing import NoReturn

from starlette.datastructures import QueryParams

from workforce_core.errors import InvalidParameter, ValidationFailed
from workforce_core.ports import Paging
from workforce_core.rules.fields import MAX_ID
from workforce_core.rules.london import parse_instant
from workforce_core.rules.text import single_line

TRUE, FALSE = ("true", "1"), ("false", "0")
FIRST_DAY, LAST_DAY = date(1900, 1, 1), date(2999, 12, 31)  # room for periods around any date asked
_INTEGER = re.compile(r"[0-9]{1,10}")
_NUMBER = re.compile(r"[+-]?([0-9]{1,20}(\.[0-9]{0,20})?|\.[0-9]{1,20})([eE][+-]?[0-9]{1,3})?")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class Params:
    def __init__(self, query: QueryParams) -> None:
        self.query = query

    def text(self, name: str, *, max_length: int = 200) -> str | None:
        values = self.query.getlist(name)
        if not values:
            return None
        if len(values) > 1:
            raise InvalidParameter(name, f"{name} is given more than once.")
        value = values[0]
        try:
            single_line(value, name)  # a query value is one line of text, as every string the API reads
        except ValidationFailed as refused:
            raise InvalidParameter(name, refused.message) from None
        if len(value) > max_length:
            raise InvalidParameter(name, f"{name} is at most {max_length} characters.")
        return value

    def words(self, name: str, *, max_length: int = 200) -> str | None:
        """Text looked up among stored text (``search``, ``job_role``): trimmed as stored text is; blank
        is not given."""
        value = self.text(name, max_length=max_length)
        return value.strip() or None if value is not None else None

    def integer(self, name: str, *, low: int = 1, high: int = MAX_ID) -> int | None:
        value = self.text(name)
        if value is None or value == "":
            return None if value is None else self._bad(name, "an integer")
        if not _INTEGER.fullmatch(value) or not low <= int(value) <= high:
            self._bad(name, f"an integer from {low} to {high}")
        return int(value)

    def identifier(self, name: str = "id") -> int | None:
        return self.integer(name)

    def boolean(self, name: str) -> bool | None:
        value = self.text(name)
        if value is None:
            return None
        lowered = value.lower()
        if lowered in TRUE:
            return True
        if lowered in FALSE:
            return False
        return self._bad(name, "true, false, 1 or 0")

    def choice(self, name: str, options: tuple[str, ...]) -> str | None:
        value = self.text(name)
        if value is None:
            return None
        if value not in options:
            self._bad(name, "one of " + ", ".join(options))
        return value

    def number(self, name: str, *, low: Decimal, high: Decimal) -> Decimal | None:
        """A decimal number (as JSON writes one: a sign, digits, a point, an exponent) from ``low`` to ``high``."""
        value = self.text(name)
        if value is None:
            return None
        try:
            number = Decimal(value) if _NUMBER.fullmatch(value) else None
        except ArithmeticError:
            number = None
        if number is None or not low <= number <= high:
            self._bad(name, f"a number from {low} to {high}")
        return number

    def day(self, name: str) -> date | None:
        value = self.text(name)
        if value is None:
            return None
        if not _DATE.fullmatch(value):
            self._bad(name, "a date YYYY-MM-DD")
        try:
            day = date.fromisoformat(value)
        except ValueError:
            return self._bad(name, "a real date YYYY-MM-DD")
        if not FIRST_DAY <= day <= LAST_DAY:
            self._bad(name, f"a date from {FIRST_DAY} to {LAST_DAY}")
        return day

    def instant(self, name: str) -> datetime | None:
        value = self.text(name)
        if value is None:
            return None
        parsed = parse_instant(value)
        if parsed is None:
            self._bad(name, "ISO 8601 with Z or an offset, or a local time YYYY-MM-DD HH:MM:SS")
        return parsed

    def paging(self, *, maximum: int = 100, default: int = 50) -> Paging:
        limit = self.integer("limit", low=1, high=maximum)
        offset = self.integer("offset", low=0, high=MAX_ID)
        return Paging(limit=default if limit is None else limit, offset=offset or 0)

    @staticmethod
    def _bad(name: str, wanted: str) -> NoReturn:
        raise InvalidParameter(name, f"{name} must be {wanted}.")
