"""docs/architecture.md is drawn from the import-linter contracts: every contract's name is a heading
there, and every layer and module a contract names appears on the page."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def contracts() -> list[dict[str, Any]]:
    with (ROOT / "pyproject.toml").open("rb") as config:
        found: list[dict[str, Any]] = tomllib.load(config)["tool"]["importlinter"]["contracts"]
    return found


def named_modules(contract: dict[str, Any]) -> set[str]:
    names: set[str] = set()
    for key in ("layers", "modules", "source_modules", "forbidden_modules"):
        for entry in contract.get(key, []):
            names.update(part.strip() for part in entry.split("|"))
    return names


def test_every_contract_is_a_heading_of_the_architecture_page_with_every_module_it_names() -> None:
    page = (ROOT / "docs" / "architecture.md").read_text()
    headings = {line.removeprefix("### ").strip() for line in page.splitlines() if line.startswith("### ")}
    assert contracts()
    for contract in contracts():
        assert contract["name"] in headings, f"docs/architecture.md has no heading for {contract['name']!r}"
        missing = sorted(name for name in named_modules(contract) if f"`{name}`" not in page)
        assert not missing, f"{contract['name']!r}: docs/architecture.md leaves out {missing}"
