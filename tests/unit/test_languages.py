"""The languages of the pages workers see: every message of the kiosk's and the app's templates and of
their Python sources (as ``babel.cfg`` names them, extracted with Babel's extractors) has a non-empty
translation in Polish, Romanian and Lithuanian, and no catalogue keeps a message nobody uses."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from workforce_entrypoints.web.common import languages
from workforce_entrypoints.web.common.worker_words import REFUSALS, refusal_words

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = tuple(lang for lang in languages.LANGUAGES if lang != languages.ENGLISH)


def extracted() -> set[str]:
    with (ROOT / "babel.cfg").open() as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    messages: set[str] = set()
    for _file, _line, message, _comments, _context in extract_from_dir(str(ROOT), method_map, options_map):
        assert isinstance(message, str), f"plural messages are not used: {message!r}"
        messages.add(message)
    return messages


def test_the_languages_are_the_models() -> None:
    assert languages.LANGUAGES == ("en", "pl", "ro", "lt")
    assert languages.language(None) == "en"
    assert languages.language("xx") == "en"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_has_a_translation_and_no_catalogue_keeps_a_stale_one(lang: str) -> None:
    wanted = extracted()
    assert set(REFUSALS.values()) <= wanted  # the extraction sees the Python sources
    with languages.catalogue_path(lang).open("rb") as po:
        catalog = read_po(po, locale=lang)
    kept = {message.id: message for message in catalog if message.id}
    assert sorted(wanted - kept.keys()) == [], f"{lang}: messages without an entry"
    assert sorted(kept.keys() - wanted) == [], f"{lang}: stale entries"
    empty = sorted(str(m.id) for m in kept.values() if not m.string or m.fuzzy)
    assert empty == [], f"{lang}: entries without a translation"
    same = sorted(str(m.id) for m in kept.values() if m.string == m.id and len(str(m.id)) > 12)
    assert same == [], f"{lang}: entries left in English"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_language_translates_at_run_time_without_a_compile_step(lang: str) -> None:
    words = refusal_words("pin_refused")
    translated = languages.translations(lang).gettext(words)
    assert translated
    assert translated != words
    assert languages.gettext_in(lang, refusal_words("no such code")) != refusal_words(None)


def test_english_is_the_msgid() -> None:
    assert languages.gettext_in("en", refusal_words("pin_refused")) == "That badge number and PIN do not match."
    assert languages.gettext_in(None, refusal_words("pin_refused")) == refusal_words("pin_refused")


def test_each_language_renders_in_its_own_words_side_by_side() -> None:
    """One environment per language: rendering Polish does not change what English or the console say."""
    pages = {lang: languages.render_in(lang, "kiosk/not_enrolled.html") for lang in languages.LANGUAGES}
    assert '<html lang="en">' in pages["en"]
    assert "This device is not enrolled as a kiosk." in pages["en"]
    assert '<html lang="pl">' in pages["pl"]
    assert "To urządzenie nie jest zarejestrowane jako kiosk." in pages["pl"]
    assert "Acest dispozitiv nu este înregistrat ca chioșc." in pages["ro"]
    assert "Šis įrenginys neužregistruotas kaip kioskas." in pages["lt"]
    assert languages.render_in("en", "kiosk/not_enrolled.html") == pages["en"]
    assert "gettext" not in languages.rendering.environment().globals
