"""uvicorn's h11 protocol with a deadline for the request line and headers.

uvicorn has no such timeout (``timeout_keep_alive`` runs only after a reply and is reset by every byte
received), so a client that opens a connection and sends nothing, or trickles its headers a byte at
a time, holds it for ever. Here a connection must send a complete request line and headers within
``WORKFORCE_HEADER_TIMEOUT`` seconds of being opened or of its previous reply; otherwise it is closed.
The body is not covered: the application bounds it (``BodyLimitMiddleware``). The seconds come from
the environment, which ``serve`` sets for all its processes.
"""

from __future__ import annotations

import asyncio
import os

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_TIMEOUT_ENV = "WORKFORCE_HEADER_TIMEOUT"
DEFAULT_HEADER_SECONDS = 10.0


class RequestHeadDeadline(H11Protocol):
    _head_deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm_head_deadline()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:  # the request line and headers are in (or were refused)
            self._disarm_head_deadline()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and self.conn.their_state is h11.IDLE:
            self._arm_head_deadline()  # the next request on this connection has the same time for its head

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm_head_deadline()
        super().connection_lost(exc)

    def _arm_head_deadline(self) -> None:
        self._disarm_head_deadline()
        seconds = float(os.environ.get(HEADER_TIMEOUT_ENV) or DEFAULT_HEADER_SECONDS)
        self._head_deadline = self.loop.call_later(seconds, self._head_overdue)

    def _disarm_head_deadline(self) -> None:
        if self._head_deadline is not None:
            self._head_deadline.cancel()
            self._head_deadline = None

    def _head_overdue(self) -> None:
        self._head_deadline = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.logger.info("Closed a connection that sent no complete request head in time.")
            self.transport.close()
