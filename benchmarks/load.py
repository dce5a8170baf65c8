"""Single requests to a benchmark's servers (to keep a reply, or check one), and the rate a load
generator measured. The load itself comes from ``wrk`` (``benchmarks.wrk``): on two cores a Python
load loop shares the machine with the server and saturates before it.

The client is asyncio streams with h11 (the HTTP/1.1 state machine httpx itself is built on). Every
reply must be a 2xx: a refused request is not a fast one.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any
from urllib.parse import urlsplit

import h11
from attrs import frozen


@frozen
class Call:
    method: str
    target: str
    headers: dict[str, str]
    body: bytes = b""

    @classmethod
    def post_json(cls, target: str, headers: dict[str, str], data: Any) -> Call:
        return cls("POST", target, {**headers, "Content-Type": "application/json"}, json.dumps(data).encode())


@frozen
class Rate:
    answered: int
    seconds: float

    @property
    def per_second(self) -> float:
        return self.answered / self.seconds


@frozen
class Reply:
    status: int
    headers: list[tuple[str, str]]
    body: bytes


class Connection:
    """One keep-alive connection; requests go one at a time."""

    def __init__(self, host: str, port: int, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.host = f"{host}:{port}"
        self.reader, self.writer = reader, writer
        self.http = h11.Connection(our_role=h11.CLIENT)

    @classmethod
    async def open(cls, base: str) -> Connection:
        parts = urlsplit(base)
        if parts.hostname != "127.0.0.1" or parts.port is None:
            raise ValueError(f"the benchmark loads only 127.0.0.1, not {base}")
        reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
        return cls(parts.hostname, parts.port, reader, writer)

    async def send(self, call: Call) -> Reply:
        headers = [("Host", self.host), *call.headers.items(), ("Content-Length", str(len(call.body)))]
        out = self.http.send(h11.Request(method=call.method, target=call.target, headers=headers))
        out += self.http.send(h11.Data(data=call.body)) if call.body else b""
        self.writer.write(out + self.http.send(h11.EndOfMessage()))
        status, head, body = 0, [], bytearray()
        while True:
            event = self.http.next_event()
            if event is h11.NEED_DATA:
                self.http.receive_data(await self.reader.read(65536))
            elif isinstance(event, h11.Response):
                status, head = event.status_code, [(k.decode(), v.decode()) for k, v in event.headers]
            elif isinstance(event, h11.Data):
                body += event.data
            elif isinstance(event, h11.EndOfMessage):
                self.http.start_next_cycle()
                return Reply(status, head, bytes(body))
            elif isinstance(event, h11.ConnectionClosed):
                raise AssertionError(f"{call.method} {call.target}: the server closed the connection")

    async def close(self) -> None:
        self.writer.close()
        await self.writer.wait_closed()


def check(call: Call, reply: Reply) -> Reply:
    if not 200 <= reply.status < 300:
        raise AssertionError(f"{call.method} {call.target} answered {reply.status}: {reply.body[:500]!r}")
    return reply


def fetch(base: str, call: Call) -> Reply:
    """One request on a connection of its own."""

    async def once() -> Reply:
        connection = await Connection.open(base)
        try:
            return await connection.send(call)
        finally:
            await connection.close()

    return asyncio.run(once())
