"""A stored file as an HTTP reply: an attachment with its name and, when known, its SHA-256 in the
``Repr-Digest`` header (RFC 9530) and as hex in ``X-File-SHA256`` (the batch's ``file_sha256``)."""

from __future__ import annotations

import base64

from starlette.responses import Response

CSV = "text/csv; charset=utf-8"


def file_reply(content: bytes, name: str, sha256_hex: str | None = None, media_type: str = CSV) -> Response:
    headers = {"Content-Disposition": f'attachment; filename="{name}"'}
    if sha256_hex is not None:
        headers["Repr-Digest"] = f"sha-256=:{base64.b64encode(bytes.fromhex(sha256_hex)).decode('ascii')}:"
        headers["X-File-SHA256"] = sha256_hex
    return Response(content, media_type=media_type, headers=headers)
