"""A gettext catalogue shipped as a ``.po`` file inside a package, read with Babel and compiled in
memory into ``gettext`` translations, so no ``.mo`` file is built or shipped. The pages workers see
(``workforce_entrypoints.web.common.languages``, domain ``messages``) and the notifier's messages
(``workforce_adapters.message_texts``, domain ``notifications``) read theirs this one way."""

from __future__ import annotations

import gettext
import io
from importlib.resources.abc import Traversable

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations


def compiled(po_file: Traversable, lang: str, domain: str) -> gettext.NullTranslations:
    """The translations of ``po_file`` (a catalogue of ``lang`` in ``domain``)."""
    with po_file.open("rb") as po:
        catalog = read_po(po, locale=lang, domain=domain)
    built = io.BytesIO()
    write_mo(built, catalog)
    built.seek(0)
    return Translations(built, domain=domain)
