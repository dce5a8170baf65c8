"""A message's words in its language (port ``MessageTexts``): the kind's English words (``words.WORDS``,
the msgids) through the language's gettext catalogue, read from the package's ``.po`` files as the
kiosk's catalogues are (``gettext_catalogues``: no compile step), then filled in with the message's params. A param the
text names but the message lacks shows empty rather than failing a send."""

from __future__ import annotations

import gettext
from collections.abc import Mapping
from functools import cache
from importlib.resources import files
from typing import Any

from workforce_adapters.gettext_catalogues import compiled
from workforce_adapters.message_texts.words import WORDS
from workforce_core.model.notifications import MessageKind, Words
from workforce_core.model.reference import LANGUAGES

DOMAIN = "notifications"
ENGLISH = "en"


def catalogue_path(lang: str) -> Any:
    """The ``.po`` file of a language (a Traversable inside the installed package)."""
    return files("workforce_adapters.message_texts").joinpath("locale", lang, "LC_MESSAGES", f"{DOMAIN}.po")


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The language's translations (English, or a language without a catalogue: the msgids)."""
    if lang == ENGLISH or lang not in LANGUAGES:
        return gettext.NullTranslations()
    return compiled(catalogue_path(lang), lang, DOMAIN)


class _Filled(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return ""


class CatalogueTexts:
    """Port ``MessageTexts``: a kind's words in a language."""

    def words(self, kind: str, language: str, params: Mapping[str, object], /) -> Words:
        subject, body = WORDS[MessageKind(kind)]
        found = translations(language)
        filled = _Filled(params)
        return Words(found.gettext(subject) % filled, found.gettext(body) % filled)


catalogue_texts = CatalogueTexts()
