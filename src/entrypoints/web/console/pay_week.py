"""Close pay week: the week's counts, approve-and-lock in one step, lock one site, unlock with a reason
(kept in the week's history), and the week's export files: preview one in a package's format (its
lines, totals per worker and per site, and what would be refused), make one, see its totals and
digest, download it."""

from __future__ import annotations

from starlette.responses import Response
from starlette.routing import BaseRoute

from workforce_adapters.json import pay_week_record
from workforce_adapters.json.commands import structure
from workforce_core.commands.exports import CreateExport
from workforce_core.commands.pay_weeks import ClosePayWeek, LockPayWeek, UnlockPayWeek
from workforce_core.model.exports import EXPORT_FORMATS, EXPORT_KINDS, FORMATS, KIND_OF_FORMAT
from workforce_core.ports import LocationFilter, Paging
from workforce_core.rules.pages import Page
from workforce_core.rules.people import Power, may
from workforce_core.services import pay_weeks, people, reads
from workforce_core.services.export_preview import PreviewQuery, preview_export
from workforce_core.services.exports import create_export, export_batch
from workforce_core.services.pay_week_reads import PayWeekQuery, week_history
from workforce_core.services.pay_week_reads import pay_weeks as week_list
from workforce_entrypoints.web.common.done import Done
from workforce_entrypoints.web.common.downloads import stored_file
from workforce_entrypoints.web.common.redirects import back_to
from workforce_entrypoints.web.common.visits import Visit, console_route
from workforce_entrypoints.web.common.weeks import shown_week


def pay_week_page(visit: Visit) -> Response:
    p, s = visit.client, visit.services
    week = shown_week(visit)
    listed = s.run(week_list, p, PayWeekQuery(week_start=week.first))
    (view,) = listed.weeks
    sites = s.run(reads.locations, p, LocationFilter(p.client_id, Paging(limit=500))).items
    history = s.run(week_history, p, week.first)
    asked = visit.value("preview")
    preview = None
    if asked is not None and asked in EXPORT_FORMATS:
        preview = s.run(preview_export, p, PreviewQuery(week=week.first, format=asked))
    return visit.page(
        "pay_week.html",
        week=week,
        view=view,
        record=pay_week_record(view),
        history=history,
        names=s.run(
            people.user_names,
            [view.lock.locked_by if view.lock else None]
            + [who for lock in history for who in (lock.locked_by, lock.unlocked_by)],
        ),
        sites={site.id: site for site in sites},
        kinds=EXPORT_KINDS,
        presets=[f for f in EXPORT_FORMATS if f not in FORMATS.values()],
        formats=EXPORT_FORMATS,
        kind_of=KIND_OF_FORMAT,
        preview=preview,
        may_close=may(visit.signed.actor, Power.CLOSE_WEEK),
        may_export=may(visit.signed.actor, Power.EXPORT),
    )


def _command(visit: Visit) -> dict[str, object]:
    return {
        "client_id": visit.client.client_id,
        "week": visit.value("week"),
        "location_id": visit.number("location_id"),
    }


def _back(visit: Visit, done: Done, count: int | None = None) -> Response:
    return back_to(visit, "/pay-week", done, count=count, week=visit.value("week"))


def close(visit: Visit) -> Response:
    s = visit.services
    change = s.run(pay_weeks.close_week, structure(ClosePayWeek, _command(visit)), actor=visit.signed.actor)
    return _back(visit, Done.CLOSED, len(change.approved_entry_ids))


def lock(visit: Visit) -> Response:
    s = visit.services
    s.run(pay_weeks.lock_week, structure(LockPayWeek, _command(visit)), actor=visit.signed.actor)
    return _back(visit, Done.LOCKED)


def unlock(visit: Visit) -> Response:
    s = visit.services
    command = structure(UnlockPayWeek, {**_command(visit), "reason": visit.value("reason")})
    s.run(pay_weeks.unlock_week, command, actor=visit.signed.actor)
    return _back(visit, Done.UNLOCKED)


def export(visit: Visit) -> Response:
    s = visit.services
    preset = visit.value("format")
    kind = KIND_OF_FORMAT[preset] if preset in KIND_OF_FORMAT else visit.value("kind")
    body = {"client_id": visit.client.client_id, "week": visit.value("week"), "kind": kind, "format": preset}
    command = structure(CreateExport, body)
    s.run(create_export, command, actor=visit.signed.actor)
    return _back(visit, Done.EXPORT_MADE)


def download(visit: Visit) -> Response:
    detail = visit.services.run(export_batch, visit.client, int(visit.path["batch_id"]))
    return stored_file(detail.stored.content, detail.batch.file_name, detail.batch.file_sha256)


POST = ("POST",)
ROUTES: list[BaseRoute] = [
    console_route("/{client_id:int}/pay-week", pay_week_page, opens=Page.PAY_WEEK),
    console_route("/{client_id:int}/pay-week/close", close, methods=POST),
    console_route("/{client_id:int}/pay-week/lock", lock, methods=POST),
    console_route("/{client_id:int}/pay-week/unlock", unlock, methods=POST),
    console_route("/{client_id:int}/pay-week/export", export, methods=POST),
    console_route("/{client_id:int}/exports/{batch_id:int}/file", download, opens=Page.PAY_WEEK),
]
