"""Console output: JSON on stdout (a list command: a JSON array, or a table for people); failures as JSON
on stderr with exit code 1. Rich is imported only when a table or a progress bar is drawn, so that
``workforce --help`` stays fast."""

from __future__ import annotations

import enum
import functools
import json
import logging
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ParamSpec, TypeVar

import typer

# Typer carries its own copy of click; its exceptions are the ones raised under Typer's commands.
from typer._click.exceptions import ClickException as UsageProblem
from typer._click.exceptions import NoArgsIsHelpError
from typer.core import TyperGroup

from workforce_core.errors import ValidationFailed, WorkforceError

P = ParamSpec("P")
R = TypeVar("R")
log = logging.getLogger("workforce.cli")


class Format(enum.StrEnum):
    json = "json"
    table = "table"


def format_option() -> Any:
    return typer.Option(
        None,
        "--format",
        help="json (for scripts) or table (for people); default: table on a terminal, json otherwise.",
        show_default=False,
    )


def emit(payload: Any) -> None:
    """One JSON value on stdout: on one line for a script, indented when a person reads a terminal."""
    indent = 2 if sys.stdout.isatty() else None
    typer.echo(json.dumps(payload, ensure_ascii=False, default=str, indent=indent))


def emit_rows(rows: Sequence[Mapping[str, Any]], columns: Sequence[str], shown: Format | None, title: str) -> None:
    """A list: a JSON array of the records, or a table of ``columns`` (``shown`` None: a table on a terminal)."""
    if _chosen(shown) is Format.json:
        emit(list(rows))
    else:
        _table(f"{title} ({len(rows)})", columns, rows)


def emit_record(record: Mapping[str, Any], shown: Format | None, title: str) -> None:
    """One record: a JSON object, or a two-column table of its fields (nested values as JSON)."""
    if _chosen(shown) is Format.json:
        emit(dict(record))
    else:
        _table(title, ("field", "value"), [{"field": name, "value": value} for name, value in record.items()])


def _chosen(shown: Format | None) -> Format:
    return shown or (Format.table if sys.stdout.isatty() else Format.json)


def _table(title: str, columns: Sequence[str], rows: Sequence[Mapping[str, Any]]) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=title, title_justify="left")
    for column in columns:
        table.add_column(column, overflow="fold")
    for row in rows:
        table.add_row(*(_cell(row.get(column)) for column in columns))
    Console().print(table)


def _cell(value: Any) -> str:
    from rich.markup import escape

    if value is None:
        return ""
    if isinstance(value, list | tuple):
        return ", ".join(str(item) for item in value)
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False, default=str)
    return escape(str(value))


def fail(code: str, message: str, **extra: Any) -> None:
    typer.echo(json.dumps({"error_code": code, "message": message, **extra}, ensure_ascii=False), err=True)
    raise typer.Exit(1)


def command(fn: Callable[P, R]) -> Callable[P, R]:
    """Run a console command: core errors and failures become a JSON error, never a traceback."""

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(*args, **kwargs)
        except (typer.Exit, typer.Abort):
            raise
        except WorkforceError as error:
            listed = {"errors": error.errors} if isinstance(error, ValidationFailed) else {}
            fail(error.code, error.message, **error.extra, **listed)
        except Exception as error:  # a console user must never see a traceback
            log.debug("command failed", exc_info=True)
            fail("server_error", f"{type(error).__name__}: the command failed; nothing was changed.")
        raise AssertionError("unreachable")  # pragma: no cover

    return wrapper


class JsonErrorsGroup(TyperGroup):
    """The root command: usage mistakes (a missing option, a bad number) answer like every other
    failure, exit 1 with a JSON error on stderr, instead of click's exit 2 and usage text."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        kwargs["standalone_mode"] = False
        try:
            code = super().main(*args, **kwargs)
        except NoArgsIsHelpError as shown:
            typer.echo(shown.format_message())
            sys.exit(0)
        except UsageProblem as error:
            typer.echo(json.dumps({"error_code": "invalid_parameter", "message": error.format_message()}), err=True)
            sys.exit(1)
        except typer.Abort:
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


class Bar:
    """One progress bar on stderr over all of a command's long work, drawn only when stderr is a terminal.
    Call it with (done, in all) as the work reports; the total may grow as later stages are counted."""

    def __init__(self, description: str) -> None:
        self.description = description
        self.bar: Any = None
        self.task: Any = None

    def __call__(self, done: int, total: int) -> None:
        if not sys.stderr.isatty():
            return
        if self.bar is None:
            from rich.console import Console
            from rich.progress import Progress

            self.bar = Progress(transient=True, console=Console(stderr=True))
            self.bar.start()
            self.task = self.bar.add_task(self.description, total=max(total, 1))
        self.bar.update(self.task, completed=done, total=max(total, done, 1))

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def progress(total: int, description: str) -> Any:
    """A bar over ``total`` steps, moved by ``advance``; silent when stderr is not a terminal."""
    return _Steps(Bar(description), total)


class _Steps:
    def __init__(self, bar: Bar, total: int) -> None:
        self.bar, self.total, self.done = bar, total, 0
        bar(0, total)

    def advance(self, steps: int = 1) -> None:
        self.done += steps
        self.bar(self.done, self.total)

    def close(self) -> None:
        self.bar.close()
