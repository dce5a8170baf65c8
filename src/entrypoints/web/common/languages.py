"""The languages of the pages workers see (the kiosk, the worker app): English, Polish, Romanian and
Lithuanian, from gettext catalogues shipped in the package (``locale/<lang>/LC_MESSAGES/messages.po``,
English is the msgid). The ``.po`` files are read when first used and turned into ``gettext``
translations in memory (``workforce_adapters.gettext_catalogues``, as the notifier's messages are), so
there is no compile step. The console's pages stay English.

Templates of ``templates/kiosk/`` and ``templates/app/`` use ``{{ _("...") }}`` and ``{% trans %}``
(``jinja2.ext.i18n``, new style: autoescaped, ``%(name)s`` filled in); ``render_in`` renders one in a
language. ``babel.cfg`` at the repository root names every source of messages (for ``pybabel extract``
and ``tests/unit/test_languages.py``).
"""

from __future__ import annotations

import gettext
from functools import cache
from importlib.resources import files
from typing import Any

from jinja2 import Environment

from workforce_adapters.gettext_catalogues import compiled
from workforce_core.model.reference import LANGUAGES
from workforce_entrypoints.web.common import rendering

ENGLISH = "en"
DOMAIN = "messages"
__all__ = ["ENGLISH", "LANGUAGES", "catalogue_path", "language", "render_in", "translations"]


def language(code: str | None) -> str:
    """A stored ``kiosk_language`` / ``preferred_language`` as a language shown: null (or unknown) is English."""
    return code if code in LANGUAGES else ENGLISH


def catalogue_path(lang: str) -> Any:
    """The ``.po`` file of a language (a Traversable inside the installed package)."""
    return files("workforce_entrypoints.web").joinpath("locale", lang, "LC_MESSAGES", f"{DOMAIN}.po")


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The language's translations (English: none, the msgids are the English words)."""
    lang = language(lang)
    if lang == ENGLISH:
        return gettext.NullTranslations()
    return compiled(catalogue_path(lang), lang, DOMAIN)


@cache
def environment(lang: str) -> Environment:
    """An environment of the language's own (its globals hold its gettext): the console's loader,
    filters and autoescape, with ``jinja2.ext.i18n``."""
    console = rendering.environment()
    env = Environment(
        loader=console.loader,
        autoescape=console.autoescape,
        undefined=console.undefined,
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
    )
    env.filters.update(console.filters)
    env.globals.update(console.globals)  # the console's helpers; the gettext installed below is this one's
    env.policies["ext.i18n.trimmed"] = True
    env.install_gettext_translations(translations(lang), newstyle=True)  # type: ignore[attr-defined]
    env.globals["lang"] = language(lang)
    return env


def render_in(lang: str | None, template: str, **context: Any) -> str:
    return environment(language(lang)).get_template(template).render(**context)


def gettext_in(lang: str | None, message: str) -> str:
    """One message in a language (for words sent as JSON to a page's script)."""
    return translations(language(lang)).gettext(message)
