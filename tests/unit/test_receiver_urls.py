"""URL safety: every written form of a non-public address is refused, at create and at delivery."""

from __future__ import annotations

import ipaddress

import pytest

from tests.resolvers import DNS, TableResolver
from workforce_core.rules.receiver_urls import UnsafeUrl, check, ipv4_literal, parse_networks, receiver

HOSTILE_URLS = [
    # not https, or not port 443, or user info
    "http://hooks.example.com/in",
    "ftp://hooks.example.com/in",
    "https://hooks.example.com:8443/in",
    "https://hooks.example.com:80/in",
    "https://user:pass@hooks.example.com/in",
    "https://hooks.example.com@127.0.0.1/in",
    "https://hooks.example.com:443@127.0.0.1/",
    "https:///in",
    "https://hooks.example.com\\@127.0.0.1/",
    "https://hooks.example.com /in",
    "https://hooks.example.com/in#frag",
    "javascript:alert(1)",
    # IPv4 loopback, private, link-local, metadata, shared, reserved, documentation, multicast, unspecified
    "https://127.0.0.1/",
    "https://127.1/",
    "https://127.0.1/",
    "https://0x7f.1/",
    "https://0x7f000001/",
    "https://2130706433/",
    "https://0177.0.0.1/",
    "https://017700000001/",
    "https://127.0.0.1./",
    "https://0/",
    "https://0.0.0.0/",
    "https://10.0.0.1/",
    "https://172.16.5.4/",
    "https://192.168.0.1/",
    "https://169.254.169.254/latest/meta-data/",
    "https://100.64.0.1/",
    "https://100.100.100.200/",
    "https://192.0.0.192/",
    "https://192.0.2.1/",
    "https://198.51.100.7/",
    "https://203.0.113.9/",
    "https://198.18.0.1/",
    "https://224.0.0.1/",
    "https://239.255.255.250/",
    "https://240.0.0.1/",
    "https://255.255.255.255/",
    "https://256.0.0.1/",
    "https://1.2.3.4.5/",
    "https://%31%32%37.0.0.1/",
    "https://\uff11\uff12\uff17.\uff10.\uff10.\uff11/",  # fullwidth digits: IDNA maps them to 127.0.0.1
    "https://127\u30020\u30020\u30021/",  # ideographic full stops
    # IPv6 loopback, unspecified, link-local, unique-local, multicast, mapped, NAT64, 6to4, Teredo, compatible
    "https://[::1]/",
    "https://[::]/",
    "https://[0:0:0:0:0:0:0:1]/",
    "https://[fe80::1]/",
    "https://[fe80::1%25eth0]/",
    "https://[fd00:ec2::254]/",
    "https://[fc00::1]/",
    "https://[ff02::1]/",
    "https://[::ffff:127.0.0.1]/",
    "https://[::ffff:7f00:1]/",
    "https://[::ffff:169.254.169.254]/",
    "https://[64:ff9b::127.0.0.1]/",
    "https://[64:ff9b::a00:1]/",
    "https://[64:ff9b:1::1]/",
    "https://[2002:7f00:1::]/",
    "https://[2002:c0a8:101::1]/",
    "https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/",
    "https://[::127.0.0.1]/",
    "https://[2001:db8::1]/",
    "https://[::1/",
    # names: this machine, or resolving to private addresses (each one, not only the first)
    "https://localhost/",
    "https://LOCALHOST./",
    "https://api.localhost/",
    "https://loopback.example.com/",
    "https://loopback.example.com./",
    "https://internal.example.com/",
    "https://mixed.example.com/",
    "https://metadata.example.com/",
    "https://v6-loopback.example.com/",
    "https://v6-mapped.example.com/",
    "https://münchen.example.com/",
    "https://localtest.me/",
    "https://zone.example.com/",
    "https://nothing.example.com/",
    "https://unknown.example.com/",
    "https://bad_host!.example.com/",
]


@pytest.mark.parametrize("url", HOSTILE_URLS)
def test_a_hostile_url_is_refused_naming_the_url_field(url: str) -> None:
    with pytest.raises(UnsafeUrl) as refused:
        check(url, DNS)
    assert refused.value.code == "validation_failed"
    assert refused.value.extra["field"] == "url"
    assert refused.value.reason


def test_the_table_holds_at_least_forty_hostile_urls() -> None:
    assert len(HOSTILE_URLS) >= 40


@pytest.mark.parametrize(
    ("url", "host", "addresses"),
    [
        ("https://hooks.example.com/in?x=1", "hooks.example.com", ("93.184.216.34",)),
        ("https://HOOKS.example.com.:443/in", "hooks.example.com", ("93.184.216.34",)),
        ("https://v6.example.com/", "v6.example.com", ("2606:2800:220:1:248:1893:25c8:1946",)),
        ("https://93.184.216.34/", "93.184.216.34", ("93.184.216.34",)),
        ("https://[2606:4700::1111]/", "2606:4700::1111", ("2606:4700::1111",)),
    ],
)
def test_a_public_https_url_on_port_443_passes_with_the_addresses_to_use(
    url: str, host: str, addresses: tuple[str, ...]
) -> None:
    checked = check(url, DNS)
    assert checked.receiver.host == host
    assert checked.receiver.port == 443
    assert checked.addresses == addresses


def test_a_trusted_network_allows_its_receivers_on_any_port() -> None:
    trusted = parse_networks("127.0.0.0/8, 10.0.0.0/8")
    assert check("https://127.0.0.1:8443/hook", DNS, trusted).addresses == ("127.0.0.1",)
    assert check("https://internal.example.com:9000/", DNS, trusted).addresses == ("10.0.0.5",)
    with pytest.raises(UnsafeUrl):  # a public receiver still needs 443
        check("https://hooks.example.com:8443/", DNS, trusted)
    with pytest.raises(UnsafeUrl):  # and every address must be trusted or public
        check("https://mixed.example.com/", DNS, parse_networks("10.0.0.0/8"))
    with pytest.raises(UnsafeUrl):  # https even so
        check("http://127.0.0.1:8443/", DNS, trusted)


def test_trusted_networks_that_cannot_be_read_are_an_operator_error() -> None:
    assert parse_networks("") == ()
    assert parse_networks(None) == ()
    with pytest.raises(ValueError, match="TRUSTED_NETWORKS"):
        parse_networks("10.0.0.0/8, nonsense")


@pytest.mark.parametrize(
    ("host", "address"),
    [("127.1", "127.0.0.1"), ("0x7f.1", "127.0.0.1"), ("2130706433", "127.0.0.1"), ("0300.0250.1", "192.168.0.1")],
)
def test_short_hex_octal_and_decimal_ipv4_forms_are_read_as_inet_aton_reads_them(host: str, address: str) -> None:
    assert ipv4_literal(host) == ipaddress.IPv4Address(address)


def test_the_target_keeps_path_and_query() -> None:
    assert receiver("https://hooks.example.com/a/b?c=d").target == "/a/b?c=d"
    assert receiver("https://hooks.example.com").target == "/"


def test_a_name_is_decided_by_its_addresses_so_localhost_passes_where_loopback_is_trusted() -> None:
    machine = TableResolver({"localhost": ["127.0.0.1", "::1"], "api.localhost": ["127.0.0.1"]})
    loopback = parse_networks("127.0.0.0/8, ::1/128")
    assert check("https://localhost:8443/hook", machine, loopback).addresses == ("127.0.0.1", "::1")
    assert check("https://api.localhost/", machine, loopback).addresses == ("127.0.0.1",)
    with pytest.raises(UnsafeUrl, match="::1 is not a public address"):  # every address must be allowed
        check("https://localhost:8443/hook", machine, parse_networks("127.0.0.0/8"))
    with pytest.raises(UnsafeUrl, match="not a public address"):  # nothing trusted: loopback is refused
        check("https://localhost/", machine)


# ---- each refusal says why (the reason is written to the delivery log and shown on the API's error) ----


class RecordingResolver(TableResolver):
    """The table resolver, remembering the ports it was asked for."""

    def __init__(self, table: dict[str, list[str]]) -> None:
        super().__init__(table)
        self.ports: list[int] = []

    def resolve(self, host: str, port: int) -> list[str]:
        self.ports.append(port)
        return super().resolve(host, port)


LONG_PATH = "https://hooks.example.com/" + "a" * (2048 - len("https://hooks.example.com/"))


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("http://hooks.example.com/in", "only https URLs are accepted"),
        ("https://hooks.example.com:8443/in", "only port 443 is accepted"),
        ("https://user:pass@hooks.example.com/in", "user info (user:password@) is not accepted"),
        ("https:///in", "the URL has no host"),
        ("https://hooks.example.com /in", "the URL has spaces, control characters or backslashes, or is too long"),
        (LONG_PATH + "a", "the URL has spaces, control characters or backslashes, or is too long"),
        ("https://hooks.example.com/in#frag", "a fragment is not accepted"),
        ("https://hooks.example.com/in#", "a fragment is not accepted"),
        ("https://[::1/", "the URL cannot be read"),
        ("https://256.0.0.1/", "the host is not a valid IPv4 address"),
        ("https://1.1.1.08/", "the host is not a valid IPv4 address"),
        ("https://1.2.3.4.5/", "the host is neither a name nor an IPv4 address"),
        ("https://[fe80::1%25eth0]/", "the IPv6 address cannot be read"),
        ("https://" + "ü" * 70 + ".example.com/", "the host name is not a valid international name"),
        ("https://a..b/", "the host name cannot be read"),
        ("https://bad_host!.example.com/", "the host name cannot be read"),
        ("https://münchen.example.com/", "127.0.0.1 is not a public address"),
        ("https://MÜNCHEN.example.com/", "127.0.0.1 is not a public address"),
        ("https://[64:ff9b::a00:1]/", "64:ff9b::a00:1 carries the address 10.0.0.1, which is not public"),
        ("https://zone.example.com/", "fe80::1 is not a public address"),
        ("https://nothing.example.com/", "the host nothing.example.com cannot be resolved"),
        ("https://unknown.example.com/", "the host unknown.example.com cannot be resolved"),
    ],
)
def test_each_refusal_says_why(url: str, reason: str) -> None:
    with pytest.raises(UnsafeUrl) as refused:
        check(url, DNS)
    assert refused.value.reason == reason
    assert refused.value.message == f"url is refused: {reason}."


def test_a_url_of_2048_characters_is_read_and_one_more_is_refused() -> None:
    assert len(LONG_PATH) == 2048
    assert receiver(LONG_PATH).target == LONG_PATH.removeprefix("https://hooks.example.com")


def test_an_address_with_a_zone_or_unreadable_from_the_resolver_is_judged_without_its_zone() -> None:
    odd = TableResolver({"zones.example.com": ["fe80::1%eth0%x"], "junk.example.com": ["not an address"]})
    with pytest.raises(UnsafeUrl, match="fe80::1 is not a public address"):
        check("https://zones.example.com/", odd)
    with pytest.raises(UnsafeUrl) as unreadable:
        check("https://junk.example.com/", odd)
    assert unreadable.value.reason == "the host junk.example.com resolves to an unreadable address"


def test_the_resolver_is_asked_for_the_urls_port_and_each_address_is_given_once() -> None:
    twice = RecordingResolver({"hooks.example.com": ["93.184.216.34", "93.184.216.34", "2606:4700::1111"]})
    assert check("https://hooks.example.com/", twice).addresses == ("93.184.216.34", "2606:4700::1111")
    trusted_twice = RecordingResolver({"internal.example.com": ["10.0.0.5"]})
    check("https://internal.example.com:9000/", trusted_twice, parse_networks("10.0.0.0/8"))
    assert (twice.ports, trusted_twice.ports) == ([443], [9000])


def test_an_ipv6_address_carrying_a_trusted_ipv4_one_is_still_judged_itself() -> None:
    with pytest.raises(UnsafeUrl) as refused:
        check("https://v6-mapped.example.com/", DNS, parse_networks("10.0.0.0/8"))
    assert refused.value.reason == "::ffff:a01:203 is not a public address"


def test_trusted_networks_may_be_written_with_host_bits_set() -> None:
    assert parse_networks("10.0.0.1/8, 127.0.0.1") == (
        ipaddress.ip_network("10.0.0.0/8"),
        ipaddress.ip_network("127.0.0.1/32"),
    )


@pytest.mark.parametrize(
    ("host", "address"),
    [("0x", "0.0.0.0"), ("255.0.0.1", "255.0.0.1"), ("01234567", "0.5.57.119"), ("1.2.3.255", "1.2.3.255")],
)
def test_edge_ipv4_spellings_are_read(host: str, address: str) -> None:
    assert ipv4_literal(host) == ipaddress.IPv4Address(address)


@pytest.mark.parametrize("host", ["1.2.3.256", "1.2.65536", "1.16777216", "4294967296", "256.1", "1.2.08"])
def test_a_number_too_large_for_its_place_or_a_bad_octal_is_refused(host: str) -> None:
    with pytest.raises(UnsafeUrl, match="the host is not a valid IPv4 address"):
        ipv4_literal(host)


def test_a_bracketed_ipv6_address_with_a_port_is_read_and_the_url_kept() -> None:
    found = receiver("https://[2606:4700::1111]:443/in")
    assert (found.url, found.host, found.port) == ("https://[2606:4700::1111]:443/in", "2606:4700::1111", 443)
    assert receiver("https://hooks.example.com:443/in").url == "https://hooks.example.com:443/in"
