"""What a file's bytes are, by their signature (port ``ContentSniffer``), with the ``filetype`` library:
never by a name or a declared type."""

from __future__ import annotations

import filetype


class SignatureSniffer:
    def content_type(self, head: bytes) -> str | None:
        kind = filetype.guess(head)
        return kind.mime if kind is not None else None
