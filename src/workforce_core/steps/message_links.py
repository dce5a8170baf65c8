"""A message's params as a reader other than its worker sees them: a one-tap link's token cut."""

from __future__ import annotations

from typing import Any


def link_hidden(params: dict[str, Any]) -> dict[str, Any]:
    """``params`` with a one-tap link's token cut (``.../offers/link/...``)."""
    link = params.get("link")
    if not isinstance(link, str) or "/" not in link:
        return params
    return {**params, "link": link.rsplit("/", 1)[0] + "/..."}
