"""Files people download from the console: pay files as made, and a page's table as CSV (written by
the one CSV writer of every export, formula cells neutralised)."""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence

from starlette.responses import Response

from workforce_adapters.csv_files import Cell, write_csv
from workforce_entrypoints.serving.files import file_reply
from workforce_entrypoints.web.common.request_path import secure


def stored_file(content: bytes, name: str, sha256_hex: str) -> Response:
    return secure(file_reply(content, name, sha256_hex))


def csv_reply(name: str, header: Sequence[str], rows: Iterable[Sequence[Cell]]) -> Response:
    out = io.BytesIO()
    write_csv(out, header, rows)
    return secure(file_reply(out.getvalue(), name))
