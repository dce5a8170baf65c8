"""One reader of ``.po`` catalogues for the pages workers see and for the notifier's messages: a
catalogue is compiled in memory (no ``.mo`` file), and each of the two domains reads its own through it."""

from __future__ import annotations

from pathlib import Path

from workforce_adapters import message_texts
from workforce_adapters.gettext_catalogues import compiled
from workforce_entrypoints.web.common import languages

PO = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=utf-8\\n"

msgid "Inbox"
msgstr "Wiadomości"

#, fuzzy
msgid "Not sure"
msgstr "Niepewne"
"""


def test_a_catalogue_is_compiled_in_memory_and_a_fuzzy_entry_is_left_in_english(tmp_path: Path) -> None:
    po_file = tmp_path / "messages.po"
    po_file.write_text(PO, encoding="utf-8")
    found = compiled(po_file, "pl", "messages")
    assert found.gettext("Inbox") == "Wiadomości"
    assert found.gettext("Not sure") == "Not sure"
    assert list(tmp_path.iterdir()) == [po_file]  # nothing built beside it


def test_the_pages_and_the_messages_read_their_own_domains_through_it() -> None:
    assert languages.translations("pl").gettext("Inbox") == "Wiadomości"
    assert message_texts.translations("pl").gettext("New shift booked") == "Nowa zmiana zarezerwowana"
    assert languages.translations("pl").gettext("New shift booked") == "New shift booked"  # not the pages'
