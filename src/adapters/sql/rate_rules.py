"""Rate rules in SQL: nested pay/charge rates as columns, tiers and night bands as JSON."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import time
from decimal import Decimal
from typing import Any

import attrs
from sqlalchemy import Connection, Engine, func, or_, select

from workforce_adapters.sql import reading, tables
from workforce_adapters.sql.repositories import SqlRepository
from workforce_core.model.rates import CHARGE_FIELDS, PAY_FIELDS, NightBand, OvertimeTier, RateRule, Rates
from workforce_core.ports import Page, RateRuleFilter

SIDES = (("pay", PAY_FIELDS), ("charge", CHARGE_FIELDS))
PLAIN = tuple(
    field.name
    for field in attrs.fields(RateRule)
    if field.name not in ("pay", "charge", "overtime_tiers", "night_bands", "id")
)


def _plain(value: Any) -> Any:
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, time):
        return value.strftime("%H:%M")
    return value


def _json(item: Any) -> dict[str, Any]:
    return {k: _plain(v) for k, v in attrs.asdict(item, recurse=False).items() if v is not None}


def rule_to_row(rule: RateRule) -> dict[str, Any]:
    row = {name: getattr(rule, name) for name in PLAIN}
    for side, names in SIDES:
        rates = getattr(rule, side)
        row.update({name: getattr(rates, short.name) for name, short in zip(names, attrs.fields(Rates), strict=True)})
    row["overtime_tiers"] = [_json(tier) for tier in rule.overtime_tiers]
    row["night_bands"] = [_json(band) for band in rule.night_bands]
    return row


def _decimals(raw: Mapping[str, Any], cls: type[Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for field in attrs.fields(cls):
        value = raw.get(field.name)
        if value is not None and field.name in ("start", "end"):
            value = time.fromisoformat(value)
        elif value is not None:
            value = Decimal(value)
        out[field.name] = value
    return out


def rule_from_row(row: Mapping[Any, Any]) -> RateRule:
    values = {name: row[name] for name in PLAIN}
    for side, names in SIDES:
        values[side] = Rates(**{short.name: row[name] for name, short in zip(names, attrs.fields(Rates), strict=True)})
    values["overtime_tiers"] = tuple(OvertimeTier(**_decimals(t, OvertimeTier)) for t in row["overtime_tiers"])
    values["night_bands"] = tuple(NightBand(**_decimals(b, NightBand)) for b in row["night_bands"])
    return RateRule(id=row["id"], **values)


class SqlRateRuleRepository(SqlRepository[RateRule]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.rate_rules, RateRule)

    def _record(self, row: Mapping[Any, Any]) -> RateRule:
        return rule_from_row(row)

    def _row(self, item: RateRule) -> dict[str, Any]:
        return rule_to_row(item)

    def for_client(self, client_id: int) -> list[RateRule]:
        c = self.table.c
        rows = self.connection.execute(select(self.table).where(c.client_id == client_id).order_by(c.id)).mappings()
        return [rule_from_row(row) for row in rows]


def list_rate_rules(engine: Engine, query: RateRuleFilter) -> Page[RateRule]:
    """GET /rate-rules.php: a site's rules plus the client-wide ones; validity on a date; paged by id."""
    c = tables.rate_rules.c
    stmt = select(tables.rate_rules).where(c.client_id == query.client_id, c.active == query.active)
    if query.id is not None:
        stmt = stmt.where(c.id == query.id)
    if query.location_id is not None:
        stmt = stmt.where(or_(c.location_id == query.location_id, c.location_id.is_(None)))
    if query.site_ids is not None:
        stmt = stmt.where(or_(c.location_id.in_(query.site_ids), c.location_id.is_(None)))
    if query.on is not None:
        stmt = stmt.where(
            or_(c.valid_from.is_(None), c.valid_from <= query.on), or_(c.valid_to.is_(None), c.valid_to >= query.on)
        )
    with reading.connection(engine) as connection:
        total = connection.execute(select(func.count()).select_from(stmt.subquery())).scalar_one()
        rows = connection.execute(stmt.order_by(c.id).limit(query.paging.limit).offset(query.paging.offset)).mappings()
        return Page(tuple(rule_from_row(row) for row in rows), int(total))
