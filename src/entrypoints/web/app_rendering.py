"""The worker app's templates, in the worker's language: one Jinja2 environment per language (the
console's filters, the i18n extension's ``_`` with that language's catalogue installed), so pages
rendered at once on several threads never share a language."""

from __future__ import annotations

from datetime import date
from functools import cache
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

from workforce_entrypoints.web import rendering

APP_LANGUAGES: tuple[str, ...] = ("en", "pl", "ro", "lt")


def language_of(preferred: str | None) -> str:
    """The language a worker reads: their ``preferred_language``; none (or an unknown one): English."""
    return preferred if preferred in APP_LANGUAGES else "en"


def _day(value: date | None) -> str:
    return value.isoformat() if value is not None else ""


@cache
def environment(language: str) -> Environment:
    env = Environment(
        loader=PackageLoader("workforce_entrypoints.web", "templates"),
        autoescape=select_autoescape(["html"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
    )
    env.filters.update(rendering.environment().filters, app_day=_day)
    env.install_null_translations(newstyle=True)  # type: ignore[attr-defined]
    return env


def render(template: str, language: str, **context: Any) -> str:
    return environment(language_of(language)).get_template(template).render(language=language_of(language), **context)
