"""Column types that keep money exact and instants in UTC on both SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import BigInteger, DateTime, Dialect, String
from sqlalchemy.types import TypeDecorator

SCALE = Decimal("0.0001")


class Money(TypeDecorator[Decimal]):
    """A Decimal kept as a whole number of ten-thousandths (exact everywhere, rates up to 4 decimals)."""

    impl = BigInteger
    cache_ok = True

    def process_bind_param(self, value: Decimal | None, dialect: Dialect) -> int | None:
        if value is None:
            return None
        return int((Decimal(value) / SCALE).to_integral_value())

    def process_result_value(self, value: Any, dialect: Dialect) -> Decimal | None:
        if value is None:
            return None
        amount = Decimal(int(value)).scaleb(-4)
        pennies = amount.quantize(Decimal("0.01"))
        return pennies if pennies == amount else amount.normalize()


class UtcDateTime(TypeDecorator[datetime]):
    """Aware UTC datetimes in; stored naive UTC; aware UTC out."""

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to a UTC column")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC)


class ExactDecimal(TypeDecorator[Decimal]):
    """A Decimal of any precision kept as its plain text (a rate times a multiplier may need more than
    4 decimals); one text per value, so equal rates group together in SQL."""

    impl = String(40)
    cache_ok = True

    def process_bind_param(self, value: Decimal | None, dialect: Dialect) -> str | None:
        if value is None:
            return None
        return format(Decimal(value).normalize(), "f")

    def process_result_value(self, value: Any, dialect: Dialect) -> Decimal | None:
        return None if value is None else Decimal(value)
