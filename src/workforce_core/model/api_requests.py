"""The API log: one record of each request a recognised API key made (what was asked, what was answered,
how long it took, and the request id its caller was given), kept for a number of days."""

from __future__ import annotations

from datetime import datetime

from attrs import frozen

DEFAULT_DAYS = 30  # how long the log keeps a request (WORKFORCE_API_LOG_DAYS)
PATH_LENGTH = 2000  # the longest path (with its query) kept; longer ones are cut


@frozen
class ApiRequest:
    """``path`` is the path and query string as sent, with every secret-like value cut
    (``rules.api_log.logged_path``); ``duration_ms`` from the request's arrival to its reply's end."""

    client_id: int
    api_key_id: int
    at: datetime
    method: str
    path: str
    status: int
    duration_ms: int
    request_id: str
