"""The Authorization header: ``Bearer <API_KEY>``, read strictly."""

from __future__ import annotations

from workforce_core.errors import InvalidApiKey, MissingApiKey

SCHEME = "Bearer "
MAX_KEY_LENGTH = 200


def bearer_secret(header: str | None) -> str:
    """The key sent, or 401: ``missing_api_key`` without a Bearer key, ``invalid_api_key`` for a malformed one."""
    if not header or not header.startswith(SCHEME) or not header[len(SCHEME) :].strip():
        raise MissingApiKey()
    secret = header[len(SCHEME) :]
    if (
        len(secret) > MAX_KEY_LENGTH
        or not secret.isascii()
        or not secret.isprintable()
        or any(ch.isspace() for ch in secret)
    ):
        raise InvalidApiKey()
    return secret
