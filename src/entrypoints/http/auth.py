"""The Authorization header: ``Bearer <API_KEY>``, read strictly."""

from __future__ import annotations

from workforce_core.errors import InvalidApiKey, MissingApiKey
from workforce_core.model.keys import well_formed

SCHEME = "Bearer "


def bearer_secret(header: str | None) -> str:
    """The key sent, or 401: ``missing_api_key`` without a Bearer key, ``invalid_api_key`` for a malformed one."""
    if not header or not header.startswith(SCHEME) or not header[len(SCHEME) :].strip():
        raise MissingApiKey()
    secret = header[len(SCHEME) :]
    if not well_formed(secret):
        raise InvalidApiKey()
    return secret
