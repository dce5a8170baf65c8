"""Where a webhook may be sent: a public HTTPS address on port 443, checked in every written form.

``receiver(url)`` reads a URL the way a sender would and refuses what it cannot read plainly (user
info, odd IPv4 spellings such as ``0x7f.1``, ``127.1`` or ``2130706433``, zone ids, control
characters). ``refused_address(ip)`` refuses every address that is not public, IPv4 addresses hidden
inside IPv6 ones (mapped, NAT64, 6to4, Teredo) included. ``check`` puts the two together with a
``Resolver``: every address a name resolves to must pass, and the sender connects only to those. A
name is decided by its addresses alone: ``localhost`` resolves to loopback addresses, refused unless an
operator trusts them. An operator's trusted networks (``WORKFORCE_WEBHOOK_TRUSTED_NETWORKS``) are
allowed on any port.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Collection, Sequence
from typing import Protocol
from urllib.parse import urlsplit

from attrs import frozen

from workforce_core.errors import ValidationFailed

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network
HTTPS_PORT = 443
MAX_URL_LENGTH = 2048

# Not reachable from the public internet, or not meant to be: each is refused even where the
# standard library's ``is_global`` would pass it (multicast, 192.0.0.0/24, IPv4-compatible IPv6).
BLOCKED: tuple[Network, ...] = tuple(
    ipaddress.ip_network(block)
    for block in (
        "0.0.0.0/8",  # this network, unspecified
        "10.0.0.0/8",  # private
        "100.64.0.0/10",  # shared (carrier-grade NAT; also a cloud metadata address)
        "127.0.0.0/8",  # loopback
        "169.254.0.0/16",  # link-local, cloud metadata
        "172.16.0.0/12",  # private
        "192.0.0.0/24",  # IETF protocol assignments (a cloud metadata address too)
        "192.0.2.0/24",  # documentation
        "192.88.99.0/24",  # 6to4 relay anycast
        "192.168.0.0/16",  # private
        "198.18.0.0/15",  # benchmarking
        "198.51.100.0/24",  # documentation
        "203.0.113.0/24",  # documentation
        "224.0.0.0/4",  # multicast
        "240.0.0.0/4",  # reserved, broadcast
        "::/96",  # unspecified, loopback, IPv4-compatible (deprecated)
        "64:ff9b:1::/48",  # local-use NAT64
        "100::/64",  # discard
        "2001::/23",  # IETF protocol assignments (Teredo, ORCHIDv2, ...)
        "2001:db8::/32",  # documentation
        "3fff::/20",  # documentation
        "5f00::/16",  # segment routing
        "fc00::/7",  # unique local
        "fe80::/10",  # link-local
        "fec0::/10",  # site-local (deprecated)
        "ff00::/8",  # multicast
    )
)
NAT64 = ipaddress.IPv6Network("64:ff9b::/96")
_NUMERIC_LABEL = re.compile(r"^(0x[0-9a-f]*|[0-9]+)$")
_NAME = re.compile(r"^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$")
_FORBIDDEN_CHARACTERS = re.compile(r"[\x00-\x20\x7f\\]")


class Resolver(Protocol):
    """Names to addresses (the system's DNS in production; a table in tests)."""

    def resolve(self, host: str, port: int) -> list[str]:
        """Every address ``host`` has, as text; empty or ``OSError`` when it has none."""
        ...


@frozen
class Receiver:
    """A URL read plainly: ``host`` in its ASCII form (no trailing dot), the address when it is one."""

    url: str
    host: str
    port: int
    target: str  # path and query, as sent in the request line
    address: IPAddress | None


@frozen
class CheckedReceiver:
    """A receiver and the addresses that passed the check: the only ones a sender may connect to."""

    receiver: Receiver
    addresses: tuple[str, ...]


class UnsafeUrl(ValidationFailed):
    """400 ``validation_failed`` on ``url``; ``reason`` says why (also written to a delivery log)."""

    def __init__(self, reason: str) -> None:
        super().__init__("url", f"url is refused: {reason}.")
        self.reason = reason


def parse_networks(text: str | None) -> tuple[Network, ...]:
    """``WORKFORCE_WEBHOOK_TRUSTED_NETWORKS``: comma-separated CIDRs (default none)."""
    items = [item.strip() for item in (text or "").split(",") if item.strip()]
    try:
        return tuple(ipaddress.ip_network(item, strict=False) for item in items)
    except ValueError as error:
        raise ValueError(f"WORKFORCE_WEBHOOK_TRUSTED_NETWORKS: {error}") from None


def ipv4_literal(host: str) -> ipaddress.IPv4Address | None:
    """``host`` read as an IPv4 address the way ``inet_aton`` and browsers read it (``127.1``,
    ``0x7f.0.0.1``, ``0177.0.0.1``, ``2130706433``); None when its last label is not a number."""
    labels = host.split(".")
    if not _NUMERIC_LABEL.match(labels[-1]):
        return None
    if len(labels) > 4 or not all(_NUMERIC_LABEL.match(label) for label in labels):
        raise UnsafeUrl("the host is neither a name nor an IPv4 address")
    numbers = [_number(label) for label in labels]
    *leading, last = numbers
    if any(n > 255 for n in leading) or last >= 256 ** (5 - len(numbers)):
        raise UnsafeUrl("the host is not a valid IPv4 address")
    value = last
    for index, number in enumerate(leading):
        value += number << (8 * (3 - index))
    return ipaddress.IPv4Address(value)


def _number(label: str) -> int:
    if label.startswith("0x"):
        return int(label[2:] or "0", 16)
    if len(label) > 1 and label.startswith("0"):
        if not set(label) <= set("01234567"):
            raise UnsafeUrl("the host is not a valid IPv4 address")
        return int(label, 8)
    return int(label)


def receiver(url: str) -> Receiver:
    """``url`` read plainly, or ``UnsafeUrl``: https only, no user info, a plain host."""
    if len(url) > MAX_URL_LENGTH or _FORBIDDEN_CHARACTERS.search(url):
        raise UnsafeUrl("the URL has spaces, control characters or backslashes, or is too long")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise UnsafeUrl("the URL cannot be read") from None
    if parts.scheme.lower() != "https":
        raise UnsafeUrl("only https URLs are accepted")
    if "@" in parts.netloc or parts.username is not None:
        raise UnsafeUrl("user info (user:password@) is not accepted")
    if parts.fragment or url.endswith("#"):
        raise UnsafeUrl("a fragment is not accepted")
    host_text = parts.netloc.rsplit(":", 1)[0] if not parts.netloc.endswith("]") else parts.netloc
    host, address = _host(host_text)
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return Receiver(url=url, host=host, port=HTTPS_PORT if port is None else port, target=target, address=address)


def _host(text: str) -> tuple[str, IPAddress | None]:
    if text.startswith("["):
        if not text.endswith("]") or "%" in text:
            raise UnsafeUrl("the IPv6 address cannot be read")
        try:
            v6 = ipaddress.IPv6Address(text[1:-1])
        except ValueError:
            raise UnsafeUrl("the IPv6 address cannot be read") from None
        return str(v6), v6
    try:
        name = text.encode("idna").decode("ascii").lower() if not text.isascii() else text.lower()
    except UnicodeError:
        raise UnsafeUrl("the host name is not a valid international name") from None
    name = name[:-1] if name.endswith(".") else name
    if not name:
        raise UnsafeUrl("the URL has no host")
    v4 = ipv4_literal(name)
    if v4 is not None:
        return str(v4), v4
    if not _NAME.match(name):
        raise UnsafeUrl("the host name cannot be read")
    return name, None  # a name is judged by the addresses it resolves to (``localhost`` too)


def embedded_ipv4(address: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 one carries (mapped, NAT64, 6to4, Teredo client), if any."""
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped
    if address in NAT64:
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    if address.sixtofour is not None:
        return address.sixtofour
    if address.teredo is not None:
        return address.teredo[1]
    return None


def refused_address(address: IPAddress, trusted: Collection[Network] = ()) -> str | None:
    """Why a sender may not connect to ``address`` (None: it may)."""
    if any(address.version == net.version and address in net for net in trusted):
        return None
    if isinstance(address, ipaddress.IPv6Address):
        inner = embedded_ipv4(address)
        if inner is not None and refused_address(inner, trusted) is not None:
            return f"{address} carries the address {inner}, which is not public"
    if any(address.version == net.version and address in net for net in BLOCKED) or not address.is_global:
        return f"{address} is not a public address"
    return None


def check(url: str, resolver: Resolver, trusted: Collection[Network] = ()) -> CheckedReceiver:
    """The receiver and the addresses a sender may use, or ``UnsafeUrl``: every address the host
    resolves to must be public (or trusted), and the port 443 unless every address is trusted."""
    found = receiver(url)
    if found.address is not None:
        texts: Sequence[str] = [str(found.address)]
    else:
        try:
            texts = resolver.resolve(found.host, found.port)
        except OSError:
            raise UnsafeUrl(f"the host {found.host} cannot be resolved") from None
        if not texts:
            raise UnsafeUrl(f"the host {found.host} cannot be resolved")
    addresses: list[str] = []
    for text in texts:
        try:
            address = ipaddress.ip_address(text.split("%", 1)[0])
        except ValueError:
            raise UnsafeUrl(f"the host {found.host} resolves to an unreadable address") from None
        reason = refused_address(address, trusted)
        if reason is not None:
            raise UnsafeUrl(reason)
        if found.port != HTTPS_PORT and not any(address.version == net.version and address in net for net in trusted):
            raise UnsafeUrl("only port 443 is accepted")
        if str(address) not in addresses:
            addresses.append(str(address))
    return CheckedReceiver(found, tuple(addresses))
