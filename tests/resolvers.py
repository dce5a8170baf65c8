"""A resolver from a table, so that no test asks the system's DNS (this machine reaches no network)."""

from __future__ import annotations


class TableResolver:
    """Names to addresses from a table (the system's DNS is never asked in tests)."""

    def __init__(self, table: dict[str, list[str]]) -> None:
        self.table = table

    def resolve(self, host: str, port: int) -> list[str]:
        if host not in self.table:
            raise OSError(f"no such host {host}")
        return self.table[host]


DNS = TableResolver(
    {
        "hooks.example.com": ["93.184.216.34"],
        "v6.example.com": ["2606:2800:220:1:248:1893:25c8:1946"],
        "internal.example.com": ["10.0.0.5"],
        "loopback.example.com": ["127.0.0.1"],
        "mixed.example.com": ["93.184.216.34", "192.168.1.10"],
        "metadata.example.com": ["169.254.169.254"],
        "v6-loopback.example.com": ["::1"],
        "v6-mapped.example.com": ["::ffff:10.1.2.3"],
        "xn--mnchen-3ya.example.com": ["127.0.0.1"],  # münchen.example.com
        "localtest.me": ["127.0.0.1"],
        "zone.example.com": ["fe80::1%eth0"],
        "nothing.example.com": [],
    }
)
