"""axe-core in the browser tests: the WCAG 2.1 AA rules (levels A and AA of WCAG 2.0 and 2.1) run over a
page as Chromium shows it; every violation is reported with the elements it names."""

from __future__ import annotations

from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

WCAG_21_AA: dict[str, Any] = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
    "resultTypes": ["violations"],
}
AXE = Axe()


def violations(page: Page) -> list[str]:
    """The page's WCAG 2.1 AA violations, one line each with the elements it names."""
    page.wait_for_load_state("networkidle")
    found = AXE.run(page, options=WCAG_21_AA).response["violations"]
    return [
        f"{page.url}: {rule['id']} ({rule['impact']}): {rule['help']}: "
        + "; ".join(
            " ".join(node["target"]) + " " + node.get("failureSummary", "").replace("\n", " ") for node in rule["nodes"]
        )
        for rule in found
    ]


class Audit:
    """The violations of every page visited, kept to assert on at the end (all at once, to fix them all)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.found: list[str] = []
        self.visited: list[str] = []

    def visit(self, path: str, status: int = 200) -> None:
        """Open ``path``, which must answer ``status`` itself (not by a redirect, as to the sign-in page)."""
        reply = self.page.goto(path)
        assert reply is not None, path
        assert reply.status == status, f"{path}: {reply.status}"
        assert reply.request.redirected_from is None, f"{path} was redirected to {self.page.url}"
        self.here()

    def here(self) -> None:
        self.visited.append(self.page.url)
        self.found += violations(self.page)

    def passed(self) -> None:
        assert self.visited
        assert not self.found, "\n".join(self.found)
