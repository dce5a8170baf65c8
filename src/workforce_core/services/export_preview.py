"""A preview of an export file before it is made (GET /export-batches.php?action=preview and the
console's Close pay week): its lines as the package will import them, the totals per worker and per
site, and the refusals (a worker without a works number, an element without the package's code, a site
without an account reference). Any week may be previewed; only a locked one can be exported, and a file
is refused while its preview has refusals."""

from __future__ import annotations

from datetime import date, time, timedelta

from attrs import frozen

from workforce_core.errors import InvalidParameter, LocationNotAllowed
from workforce_core.model.accounts import ClientAccount
from workforce_core.model.exports import FORMATS, KIND_OF_FORMAT, ExportFormat, ExportKind
from workforce_core.model.principal import Principal
from workforce_core.ports import Queries, UnitOfWorkFactory
from workforce_core.ports.exporters import ExportPreview, FileLine, Refusal, distinct
from workforce_core.rules.london import from_local
from workforce_core.rules.pay_weeks import week_start
from workforce_core.steps.export_week import week_input
from workforce_core.steps.holiday_export import HOLIDAY_HEADER, holiday_records_of_week, record_file_lines
from workforce_core.steps.pay_figures import figures_current
from workforce_core.steps.presets import EXPORTERS


@frozen(kw_only=True)
class PreviewQuery:
    week: date | None
    kind: str | None = None
    format: str | None = None


def kind_and_format(kind: str | None, format: str | None) -> tuple[str, str]:
    """The kind and format asked: either may be left out when the other names it; 400 otherwise."""
    if kind is None and format is None:
        raise InvalidParameter("kind", "give kind, format or both.")
    if kind is None:
        assert format is not None
        return KIND_OF_FORMAT[format], format
    if format is None:
        return kind, FORMATS[kind]
    if KIND_OF_FORMAT[format] != kind:
        raise InvalidParameter("format", f"{format} is not a format of {kind} files.")
    return kind, format


def preview_export(
    principal: Principal, query: PreviewQuery, *, queries: Queries, uow: UnitOfWorkFactory
) -> ExportPreview:
    principal.require("payroll:read")
    kind, file_format = kind_and_format(query.kind, query.format)
    if kind == ExportKind.PKG_B:
        principal.require("charges:read")
    if principal.site_ids is not None:
        raise LocationNotAllowed("a key limited to some sites cannot preview a whole pay week's file.")
    if query.week is None:
        raise InvalidParameter("week", "week is required: a date YYYY-MM-DD inside the pay week.")
    client = principal.client
    first = week_start(query.week, client.settings.pay_week_start_day)
    last = first + timedelta(days=6)
    start, end = from_local(first, time(0)), from_local(last + timedelta(days=1), time(0))
    current = figures_current(client, start, end, queries=queries, uow=uow)
    return _preview(client, kind, file_format, first, last, queries=current, uow=uow)


def _preview(
    client: ClientAccount,
    kind: str,
    file_format: str,
    first: date,
    last: date,
    *,
    queries: Queries,
    uow: UnitOfWorkFactory,
) -> ExportPreview:
    if file_format == ExportFormat.HOLIDAY_RECORDS:  # the leave year's records: nothing is refused
        records = holiday_records_of_week(client, first, queries=queries, uow=uow)
        kept = tuple(line for record in records for line in record_file_lines(record))
        return ExportPreview(kind, file_format, first, last, HOLIDAY_HEADER, True, kept, ())
    exporter = EXPORTERS[file_format]
    week = week_input(client, first, last, exporter, queries=queries, uow=uow)
    lines: list[FileLine] = []
    refusals: list[Refusal] = []
    for found in exporter.lines(week):
        if isinstance(found, Refusal):
            refusals.append(found)
        else:
            lines.append(found)
    return ExportPreview(
        kind, file_format, first, last, exporter.header, exporter.header_row, tuple(lines), tuple(distinct(refusals))
    )
