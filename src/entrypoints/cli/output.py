"""Console output: one JSON object on stdout; failures as JSON on stderr with exit code 1."""

from __future__ import annotations

import functools
import json
import logging
import sys
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.progress import Progress

# Typer carries its own copy of click; its exceptions are the ones raised under Typer's commands.
from typer._click.exceptions import ClickException as UsageProblem
from typer._click.exceptions import NoArgsIsHelpError
from typer.core import TyperGroup

from workforce_core.errors import ValidationFailed, WorkforceError

P = ParamSpec("P")
R = TypeVar("R")
log = logging.getLogger("workforce.cli")


def emit(payload: Any) -> None:
    typer.echo(json.dumps(payload, ensure_ascii=False, default=str))


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


def progress(total: int, description: str) -> Any:
    """A progress bar on stderr when it is a terminal; a silent stand-in otherwise."""
    if not sys.stderr.isatty():
        return _Silent()
    bar = Progress(transient=True, console=Console(stderr=True))
    bar.start()
    task = bar.add_task(description, total=total)
    return _Bar(bar, task)


class _Silent:
    def advance(self, steps: int = 1) -> None:
        pass

    def close(self) -> None:
        pass


class _Bar:
    def __init__(self, bar: Any, task: Any) -> None:
        self.bar, self.task = bar, task

    def advance(self, steps: int = 1) -> None:
        self.bar.advance(self.task, steps)

    def close(self) -> None:
        self.bar.stop()
