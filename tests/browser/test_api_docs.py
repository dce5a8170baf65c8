"""``/api/v1/docs`` renders the OpenAPI document in a browser, from files the package serves: every
operation of the document is listed on the page."""

from __future__ import annotations

from playwright.sync_api import Page

from workforce_entrypoints.http.openapi import load_document

METHODS = ("get", "put", "post", "delete", "patch")


def test_the_api_docs_page_lists_every_operation(server_url: str, page: Page) -> None:
    elsewhere: list[str] = []
    page.on(
        "request",
        lambda request: None if request.url.startswith(server_url) else elsewhere.append(request.url),
    )
    page.goto(f"{server_url}/api/v1/docs")
    page.wait_for_selector(".opblock", timeout=30_000)
    listed = page.eval_on_selector_all(
        ".opblock",
        """blocks => blocks.map(block => [
            block.querySelector('.opblock-summary-method').textContent.trim().toLowerCase(),
            block.querySelector('.opblock-summary-path').getAttribute('data-path'),
        ])""",
    )
    document = load_document()
    expected = {(method, path) for path, item in document["paths"].items() for method in item if method in METHODS}
    assert {(method, path) for method, path in listed} == expected
    assert page.locator(".info .title").first.inner_text().startswith(document["info"]["title"])
    assert elsewhere == []  # nothing from a CDN or the public Swagger validator
