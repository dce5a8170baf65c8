"""A bounded load loop: ``connections`` keep-alive HTTP/1.1 connections to 127.0.0.1 sending requests
until ``requests`` are answered or ``seconds`` have passed, whichever comes first; the answered
requests per second of wall time is the figure. Every reply must be a 2xx: a refused request is not a
fast one.

The client is asyncio streams with h11 (the HTTP/1.1 state machine httpx itself is built on), without
httpx's pool and models above it: on two cores the load loop shares the machine with the server, and
httpx's own cost per request capped the bare app's figure (and so flattered every ratio) at a fifth of
what this loop reaches.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

import h11
from attrs import frozen

WARM_UP = 2  # requests per connection before the clock starts (an even number: clocking in, then out)


@frozen
class Call:
    method: str
    target: str
    headers: dict[str, str]
    body: bytes = b""

    @classmethod
    def post_json(cls, target: str, headers: dict[str, str], data: Any) -> Call:
        return cls("POST", target, {**headers, "Content-Type": "application/json"}, json.dumps(data).encode())


Calls = Callable[[int, int], Call]
"""The request connection ``lane`` (0 to connections - 1) sends ``n``-th."""


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


async def _load(base: str, calls: Calls, connections: int, requests: int, seconds: float) -> Rate:
    lanes = [await Connection.open(base) for _ in range(connections)]
    try:

        async def one(lane: int, n: int) -> None:
            call = calls(lane, n)
            check(call, await lanes[lane].send(call))

        for n in range(WARM_UP):  # warm the server's paths up, unmeasured
            await asyncio.gather(*(one(lane, n) for lane in range(connections)))
        answered = 0
        started = time.perf_counter()
        deadline = started + seconds

        async def lane_loop(lane: int) -> None:
            nonlocal answered
            n = WARM_UP
            while answered < requests and time.perf_counter() < deadline:
                answered += 1
                await one(lane, n)
                n += 1

        await asyncio.gather(*(lane_loop(lane) for lane in range(connections)))
        return Rate(answered, time.perf_counter() - started)
    finally:
        for connection in lanes:
            await connection.close()


def load(base: str, calls: Calls, *, connections: int, requests: int, seconds: float) -> Rate:
    """Answered requests per second over ``connections`` connections, at most ``requests`` of them and
    for at most ``seconds`` (plus the requests in flight at the deadline)."""
    return asyncio.run(_load(base, calls, connections, requests, seconds))


def fetch(base: str, call: Call) -> Reply:
    """One request on a connection of its own."""

    async def once() -> Reply:
        connection = await Connection.open(base)
        try:
            return await connection.send(call)
        finally:
            await connection.close()

    return asyncio.run(once())
