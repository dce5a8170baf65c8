"""The worker app's pages in each worker's language, whichever languages were rendered before in the
same process (each language's environment keeps its own gettext)."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from workforce_entrypoints.web.app.rendering import environment, render

WORDS = {
    "en": "Agency account number",
    "pl": "Numer konta agencji",
    "ro": "Numărul de cont al agenției",
    "lt": "Agentūros paskyros numeris",
}


@pytest.mark.parametrize("order", [("pl", "en", "ro", "lt", "en"), ("en", "lt", "pl", "ro", "pl")])
def test_each_language_renders_its_own_words_in_any_order(order: tuple[str, ...]) -> None:
    for lang in order:
        page = render("app/start.html", lang, me=None, csrf_token=None)
        assert WORDS[lang] in page
        assert f'<html lang="{lang}">' in page
        for other, words in WORDS.items():
            if other != lang:
                assert words not in page


def test_a_missing_or_unknown_language_is_english() -> None:
    assert WORDS["en"] in render("app/start.html", "xx", me=None, csrf_token=None)


def test_dates_and_times_are_written_in_the_workers_language() -> None:
    at = datetime(2026, 3, 20, 9, 0, tzinfo=UTC)
    assert environment("en").filters["app_time"](at) == "Fri 20 Mar 09:00"
    assert environment("pl").filters["app_day"](date(2026, 3, 20)) != environment("en").filters["app_day"](
        date(2026, 3, 20)
    )
    summer = datetime(2026, 7, 1, 8, 0, tzinfo=UTC)
    assert environment("en").filters["app_hour"](summer) == "09:00"  # Europe/London, BST
