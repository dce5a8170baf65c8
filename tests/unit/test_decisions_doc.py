"""docs/decisions.md stays findable from what cites it, and what it cites exists.

Docstrings in src/ and tests/ name a subject of the decisions ("Holiday pay", "Migrations", ...); each
must still be a heading or a row of the document. The document names the tests that hold its worked
examples (``tests/...py::test_...``); each must still exist.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DECISIONS = ROOT / "docs" / "decisions.md"
# decisions.md, "Holiday pay" / decisions.md "exceptions" / ``docs/decisions.md``, "Migrations" / decisions.md, AWR:
CITED = re.compile(r"decisions\.md`{0,2}(?:,? \"([^\"]+)\"|, ([A-Za-z][A-Za-z ]{1,40}):)")
TEST_NAMED = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")


def subjects() -> set[str]:
    """Headings and the first cell of every table row, in lower case."""
    found = set()
    for line in DECISIONS.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            found.add(line.lstrip("#").strip().lower())
        elif line.startswith("| "):
            found.add(line.split(" | ", 1)[0].lstrip("| ").strip().lower())
    return found


def citations() -> dict[str, str]:
    cited = {}
    for folder in ("src", "tests"):
        for path in (ROOT / folder).rglob("*.py"):
            if path.name == Path(__file__).name:
                continue
            for match in CITED.finditer(path.read_text(encoding="utf-8")):
                cited[(match.group(1) or match.group(2)).strip().lower()] = str(path.relative_to(ROOT))
    return cited


def test_every_subject_cited_from_the_code_has_a_heading_or_row() -> None:
    cited = citations()
    assert {"holiday pay", "migrations", "exceptions", "awr", "minimum wage"} <= set(cited)
    known = subjects()
    missing = {name: where for name, where in cited.items() if not any(name in subject for subject in known)}
    assert not missing, f"cited subjects with no heading or row in docs/decisions.md: {missing}"


def test_every_test_the_document_names_exists() -> None:
    named = TEST_NAMED.findall(DECISIONS.read_text(encoding="utf-8"))
    assert len(named) >= 8
    absent = [
        f"{path}::{name}"
        for path, name in named
        if not (ROOT / path).is_file() or f"def {name}(" not in (ROOT / path).read_text(encoding="utf-8")
    ]
    assert not absent, f"docs/decisions.md names tests that do not exist: {absent}"
