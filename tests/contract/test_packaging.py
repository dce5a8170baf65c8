"""The distribution people install: ``workforce-staffing`` (``workforce`` on the public index is another
project). Its wheel and sdist are built, their metadata checked (``twine check``), and the wheel, with its
``testing`` extra, installed into a fresh virtual environment where the three packages import from it,
the ``workforce`` command answers and docs/embedding.md runs as written."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DISTRIBUTION = "workforce-staffing"
GUIDE = ROOT / "tests" / "embedding_guide.py"


def _run(command: list[str | Path], **options: object) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(command, capture_output=True, text=True, **options)  # type: ignore[call-overload]
    assert done.returncode == 0, (done.stdout + done.stderr)[-4000:]
    return done  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sdist, and the wheel built from it (so the sdist is shown to hold everything the wheel needs)."""
    out = tmp_path_factory.mktemp("dist")
    _run([sys.executable, "-m", "build", "--no-isolation", "--outdir", out, ROOT], timeout=300)
    return out


@pytest.fixture(scope="module")
def installed(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment holding the wheel and its ``testing`` extra (dependencies from the index)."""
    home = tmp_path_factory.mktemp("fresh") / "venv"
    venv.create(home, with_pip=True, clear=True)
    [wheel] = dist.glob("workforce_staffing-*.whl")
    _run([home / "bin" / "python", "-m", "pip", "install", "-q", f"{wheel}[testing]"], timeout=600)
    return home


def _outside_the_tree(home: Path, *arguments: str | Path, url: str | None = None) -> str:
    """``arguments`` run by the fresh environment's interpreter, isolated from this checkout."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("PYTHON", "WORKFORCE_"))}
    if url:
        env["WORKFORCE_DATABASE_URL"] = url
    done = _run([home / "bin" / "python", "-I", *arguments], timeout=300, cwd=home.parent, env=env)
    return done.stdout


def test_the_sdist_and_the_wheel_pass_twine_check(dist: Path) -> None:
    built = sorted(path.name for path in dist.iterdir())
    assert [name.split("-")[0] for name in built] == ["workforce_staffing", "workforce_staffing"], built
    done = _run([sys.executable, "-m", "twine", "check", "--strict", *sorted(dist.iterdir())], timeout=120)
    assert done.stdout.count("PASSED") == 2, done.stdout
    [wheel] = dist.glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        [metadata] = [name for name in archive.namelist() if name.endswith(".dist-info/METADATA")]
        text = archive.read(metadata).decode()
    assert f"Name: {DISTRIBUTION}\n" in text
    assert "Provides-Extra: testing" in text
    assert any(
        line.startswith("Requires-Dist: hypothesis") and 'extra == "testing"' in line for line in text.splitlines()
    )


def test_the_wheel_installs_the_core_the_adapters_and_the_entry_points(installed: Path) -> None:
    probe = (
        "import json, workforce_core, workforce_adapters, workforce_entrypoints\n"
        "from workforce_adapters.sql import schema\n"
        "from workforce_entrypoints.http.openapi import load_document\n"
        "from workforce_entrypoints.app import create_app\n"  # every resource, use case and command
        "from workforce_entrypoints.cli.main import COMMANDS, load_command\n"
        "loaded = [load_command(name) for name in COMMANDS]\n"  # every console command
        "print(json.dumps({'files': [m.__file__ for m in (workforce_core, workforce_adapters, workforce_entrypoints)],"
        " 'head': schema.head_revision(), 'openapi': load_document()['openapi']}))\n"
    )
    found = json.loads(_outside_the_tree(installed, "-c", probe))
    assert all(path.startswith(str(installed)) for path in found["files"]), found
    assert found["head"] is not None
    assert found["openapi"] == "3.0.3"
    helped = _run([installed / "bin" / "workforce", "--help"], timeout=60, cwd=installed.parent)
    assert "Usage: workforce" in helped.stdout


@pytest.mark.parametrize("storage", ["memory", "sqlite"])
def test_the_embedding_guide_runs_against_the_installed_wheel(installed: Path, storage: str) -> None:
    url = f"sqlite:///{installed.parent / 'embedded.db'}" if storage == "sqlite" else None
    found = json.loads(_outside_the_tree(installed, GUIDE, ROOT / "docs" / "embedding.md", url=url))
    assert found["core"].startswith(str(installed)), found  # the wheel's code, not this checkout's
    assert found["names"] == ["worker.created", "clock_in", "worker.created"]


def test_the_wheel_ships_the_kiosks_pages_scripts_and_every_languages_catalogue(dist: Path) -> None:
    [wheel] = dist.glob("workforce_staffing-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    web = "workforce_entrypoints/web/"
    wanted = {f"{web}locale/{lang}/LC_MESSAGES/messages.po" for lang in ("pl", "ro", "lt")} | {
        f"{web}templates/kiosk/page.html",
        f"{web}templates/kiosk/not_enrolled.html",
        f"{web}static/kiosk.js",
        f"{web}static/kiosk-sw.js",
        f"{web}static/kiosk.css",
        f"{web}templates/portal_link.html",
        "workforce_entrypoints/http/pages/front.css",  # the front pages' style and script (no inline ones)
        "workforce_entrypoints/http/pages/docs.js",
    }
    assert sorted(wanted - names) == []
