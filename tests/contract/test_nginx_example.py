"""The example nginx configuration (``deploy/nginx/workforce.conf``): ``nginx -t`` accepts it, and the
API served through it counts unknown keys per client address whatever ``X-Forwarded-For`` says.

nginx comes from Debian's packages (``.ci/run`` installs ``nginx-light``); without it these tests
skip locally and fail under CI. The file is used as committed, but for its ports and certificate.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.contract.server_process import free_port, serving
from tests.databases import SqliteTemplate

EXAMPLE = Path(__file__).resolve().parents[2] / "deploy" / "nginx" / "workforce.conf"
SELF_SIGNED = ("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1")
NGINX_MISSING = "the nginx example needs nginx (apt-get install nginx-light; .ci/run installs it)"


def _nginx() -> str:
    found = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail(f"CI must check the nginx example: {NGINX_MISSING}")
        pytest.skip(NGINX_MISSING)
    return found


def _certificate(directory: Path) -> tuple[Path, Path]:
    certificate, key = directory / "fullchain.pem", directory / "privkey.pem"
    subprocess.run(
        [*SELF_SIGNED, "-keyout", str(key), "-out", str(certificate)],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return certificate, key


def _configuration(directory: Path, listen: int, upstream: int) -> Path:
    """The example with this test's ports and certificate, inside a main file that keeps nginx in ``directory``."""
    certificate, key = _certificate(directory)
    example = EXAMPLE.read_text()
    for committed, local in {
        "listen 443 ssl;": f"listen 127.0.0.1:{listen} ssl;",
        "server 127.0.0.1:8000;": f"server 127.0.0.1:{upstream};",
        "/etc/ssl/workforce/fullchain.pem": str(certificate),
        "/etc/ssl/workforce/privkey.pem": str(key),
    }.items():
        assert committed in example, committed
        example = example.replace(committed, local)
    (directory / "workforce.conf").write_text(example)
    temp_paths = "\n".join(
        f"    {kind}_temp_path {directory / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    main = directory / "nginx.conf"
    main.write_text(
        f"pid {directory / 'nginx.pid'};\nerror_log {directory / 'error.log'};\nevents {{}}\n"
        f"http {{\n    access_log off;\n{temp_paths}\n    include {directory / 'workforce.conf'};\n}}\n"
    )
    return main


def _nginx_command(nginx: str, main: Path, *options: str) -> list[str]:
    return [nginx, "-p", str(main.parent), "-e", str(main.parent / "error.log"), "-c", str(main), *options]


def test_nginx_accepts_the_example_configuration(tmp_path: Path) -> None:
    nginx = _nginx()
    main = _configuration(tmp_path, free_port(), free_port())
    checked = subprocess.run(_nginx_command(nginx, main, "-t"), capture_output=True, text=True, timeout=60)
    assert checked.returncode == 0, checked.stderr
    assert "syntax is ok" in checked.stderr


@pytest.fixture
def through_nginx(sqlite_template: SqliteTemplate, tmp_path: Path) -> Iterator[str]:
    nginx = _nginx()
    listen = free_port()
    with serving(sqlite_template.fresh_url(), tmp_path, "--forwarded-allow-ips", "127.0.0.1") as api:
        main = _configuration(tmp_path, listen, int(api.rsplit(":", 1)[1]))
        process = subprocess.Popen(_nginx_command(nginx, main, "-g", "daemon off;"), stderr=subprocess.DEVNULL)
        base = f"https://127.0.0.1:{listen}"
        try:
            deadline = time.monotonic() + 15
            while True:
                try:
                    httpx.get(f"{base}/api/v1/me.php", verify=False, timeout=2)
                    break
                except httpx.HTTPError:
                    if process.poll() is not None or time.monotonic() > deadline:
                        raise AssertionError((tmp_path / "error.log").read_text(errors="replace")) from None
                    time.sleep(0.2)
            yield base
        finally:
            process.terminate()
            process.wait(timeout=15)


def test_through_nginx_a_forged_forwarded_for_does_not_dodge_the_unknown_key_throttle(through_nginx: str) -> None:
    codes = []
    with httpx.Client(base_url=through_nginx, verify=False, timeout=10) as client:
        for n in range(21):
            headers = {"Authorization": f"Bearer wfk_unknown-{n}", "X-Forwarded-For": f"198.51.100.{n}"}
            reply = client.get("/api/v1/me.php", headers=headers)
            assert reply.headers["cache-control"] == "no-store"
            codes.append(reply.json()["error_code"])
    assert codes == ["invalid_api_key"] * 20 + ["rate_limited"]
