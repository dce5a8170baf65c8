"""The worker app's templates in the worker's language: the workers' pages' environment of that
language (``languages.environment``: the console's filters, the i18n extension with the language's
catalogue) with the app's own filters, dates written as the language writes them (Babel)."""

from __future__ import annotations

from datetime import date, datetime
from functools import cache
from typing import Any

from babel.dates import format_date, format_datetime
from jinja2 import Environment

from workforce_core.rules.london import LONDON
from workforce_entrypoints.web.common import languages
from workforce_entrypoints.web.common.worker_words import REFUSALS, SOMETHING_WRONG


def language_of(preferred: str | None) -> str:
    """The language a worker reads: their ``preferred_language``; none (or an unknown one): English."""
    return languages.language(preferred)


@cache
def environment(language: str) -> Environment:
    parent = languages.environment(language)
    env = parent.overlay()
    env.globals = dict(parent.globals)  # an overlay shares its parent's globals and filters: the app's own
    locale = "en_GB" if language == languages.ENGLISH else language

    def day(value: date | None) -> str:
        return format_date(value, "EEE d MMM y", locale=locale) if value is not None else ""

    def when(value: datetime | None) -> str:
        return format_datetime(value, "EEE d MMM HH:mm", tzinfo=LONDON, locale=locale) if value is not None else ""

    def hour(value: datetime | None) -> str:
        return format_datetime(value, "HH:mm", tzinfo=LONDON, locale=locale) if value is not None else ""

    env.filters = {**env.filters, "app_day": day, "app_time": when, "app_hour": hour}
    return env


def render(template: str, language: str, **context: Any) -> str:
    lang = language_of(language)
    words = {"refusals": REFUSALS, "something_wrong": SOMETHING_WRONG}
    return environment(lang).get_template(template).render(language=lang, **words, **context)
