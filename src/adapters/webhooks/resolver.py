"""The system's DNS as the core's ``Resolver``: every address a name has, IPv4 and IPv6."""

from __future__ import annotations

import socket


class SystemResolver:
    def resolve(self, host: str, port: int) -> list[str]:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        return list(dict.fromkeys(str(info[4][0]) for info in found))
