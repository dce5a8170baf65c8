"""The three packages import from an installed wheel, not only from the source tree."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(command: list[str], **options: object) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(command, capture_output=True, text=True, **options)  # type: ignore[call-overload]
    assert done.returncode == 0, done.stderr[-4000:]
    return done  # type: ignore[no-any-return]


def test_the_wheel_installs_the_core_the_adapters_and_the_entry_points(tmp_path: Path) -> None:
    wheels, site = tmp_path / "wheels", tmp_path / "site"
    build = [
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "--no-deps",
        "-q",
        "-w",
        str(wheels),
        str(ROOT),
    ]
    _run(build, timeout=300)
    [wheel] = wheels.glob("workforce-*.whl")
    install = [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(site), str(wheel)]
    _run(install, timeout=300)
    probe = (
        "import json, workforce_core, workforce_adapters, workforce_entrypoints\n"
        "from workforce_adapters.sql import schema\n"
        "from workforce_entrypoints.http.openapi import load_document\n"
        "from workforce_entrypoints.http.app import create_app\n"  # every resource, use case and command
        "from workforce_entrypoints.cli.main import app\n"  # every console command
        "print(json.dumps({'files': [m.__file__ for m in (workforce_core, workforce_adapters, workforce_entrypoints)],"
        " 'head': schema.head_revision(), 'openapi': load_document()['openapi']}))\n"
    )
    result = _run(
        [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(site)!r})\n{probe}"],
        timeout=120,
        cwd=tmp_path,
    )
    found = json.loads(result.stdout)
    assert all(path.startswith(str(site)) for path in found["files"]), found
    assert found["head"] is not None
    assert found["openapi"] == "3.0.3"
