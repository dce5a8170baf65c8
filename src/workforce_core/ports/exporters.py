"""The exporter port: one small writer per file format, pay files from the week's payroll lines and
invoice files from the charge schedule's lines per site. A writer yields the file's lines, each with
what the package will make of it, and the refusals (what the package could not import)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from datetime import date
from decimal import Decimal
from enum import StrEnum
from typing import Any, Protocol

import attrs
from attrs import frozen

from workforce_core.model.pay_codes import PayCode
from workforce_core.model.reference import Location
from workforce_core.ports.exports import Cell
from workforce_core.views import ChargeLine, PayrollLine


class RefusalReason(StrEnum):
    NO_WORKS_NUMBER = "no_works_number"  # a worker without an employee ID (works number, payroll code)
    NO_PAY_CODE = "no_pay_code"  # an element the client has not mapped to the package's code
    NO_ACCOUNT_REFERENCE = "no_account_reference"  # a site without the accounting package's account ref
    TOO_MANY_INVOICES = "too_many_invoices"  # more invoices than the package imports from one file


@frozen
class Refusal:
    reason: str
    message: str
    worker_id: int | None = None
    site_id: int | None = None
    element: str | None = None


@frozen
class FileLine:
    """One line of the file: its cells, and what the package makes of it (``amount`` net, ``vat``)."""

    cells: Sequence[Cell]
    amount: Decimal
    vat: Decimal = Decimal(0)
    worker_id: int | None = None
    worker_name: str | None = None
    site_id: int | None = None
    site_name: str | None = None


@frozen
class SiteInvoice:
    """One invoice: a site's charge lines of the week, its net and the VAT on it (rounded once)."""

    number: str
    site: Location
    lines: tuple[ChargeLine, ...]
    net: Decimal
    vat: Decimal
    vat_rate: Decimal


@frozen
class WeekToExport:
    """What a writer reads: the week, the payroll lines (pay files) or the invoices (charge files),
    and the client's codes of the writer's package by element."""

    client_id: int
    first: date
    last: date
    reference: str  # the charge schedule's reference of the week
    pay_lines: Iterable[PayrollLine] = ()
    invoices: Sequence[SiteInvoice] = ()
    codes: Mapping[str, PayCode] = attrs.field(factory=dict)
    refs: Mapping[str, str] = attrs.field(factory=dict)  # ``pkg_a_ref`` per element (services.pay_codes)


class Exporter(Protocol):
    """A file format: its header (``header_row`` False: the package takes no header line), the package
    whose pay codes it uses (or None), and its lines. A new package is one module implementing this."""

    @property
    def format(self) -> str: ...

    @property
    def header(self) -> tuple[str, ...]: ...

    @property
    def header_row(self) -> bool: ...

    @property
    def package(self) -> str | None: ...

    def lines(self, week: WeekToExport) -> Iterator[FileLine | Refusal]: ...


@frozen
class Tally:
    """A worker's or a site's lines in the file, and what they add up to (``vat``: invoices only)."""

    id: int
    name: str
    lines: int
    amount: Decimal
    vat: Decimal


@frozen
class ExportPreview:
    kind: str
    format: str
    first: date
    last: date
    header: tuple[str, ...]
    header_row: bool
    lines: tuple[FileLine, ...]
    refusals: tuple[Refusal, ...]

    @property
    def total(self) -> Decimal:
        return sum((line.amount for line in self.lines), Decimal(0))

    @property
    def vat(self) -> Decimal:
        return sum((line.vat for line in self.lines), Decimal(0))

    @property
    def workers(self) -> tuple[Tally, ...]:
        return _tallies((line.worker_id, line.worker_name, line) for line in self.lines)

    @property
    def sites(self) -> tuple[Tally, ...]:
        return _tallies((line.site_id, line.site_name, line) for line in self.lines)


def _tallies(found: Iterable[tuple[int | None, str | None, FileLine]]) -> tuple[Tally, ...]:
    kept: dict[int, Tally] = {}
    for key, name, line in found:
        if key is None:
            continue
        was = kept.get(key, Tally(key, name or "", 0, Decimal(0), Decimal(0)))
        kept[key] = Tally(key, was.name, was.lines + 1, was.amount + line.amount, was.vat + line.vat)
    return tuple(kept.values())


def distinct(refusals: Iterable[Refusal]) -> list[Refusal]:
    """Each refusal once (an element without a code is one refusal, however many workers it pays)."""
    return list(dict.fromkeys(refusals))


def refusal_record(refusal: Refusal) -> dict[str, Any]:
    return {
        "reason": refusal.reason,
        "message": refusal.message,
        "worker_id": refusal.worker_id,
        "site_id": refusal.site_id,
        "element": refusal.element,
    }
