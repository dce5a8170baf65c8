"""Two-factor sign-in in Chromium at phone width: a person turns it on with the key the page shows beside
its QR code, sees the recovery codes once, signs out, signs in with password and code, then with a
recovery code, whose second use is refused."""

from __future__ import annotations

import re

import pyotp
from playwright.sync_api import Page, expect

from tests.browser.conftest import Live, Problems

PHONE = {"width": 390, "height": 844}


def password(page: Page, email: str, secret_word: str) -> None:
    page.goto("/console/sign-in")
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill(secret_word)
    page.get_by_role("button", name="Sign in").click()


def code(page: Page, typed: str) -> None:
    page.wait_for_url(re.compile(r"/console/sign-in/code"))
    page.get_by_label("Code").fill(typed)
    page.get_by_role("button", name="Sign in").click()


def sign_out(page: Page) -> None:
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url(re.compile(r"/console/sign-in$"))


def fits(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], page.url


def test_a_person_turns_on_two_factor_and_signs_in_with_a_code_then_a_recovery_code_once(
    live: Live, page: Page, problems: Problems
) -> None:
    page.set_viewport_size(PHONE)
    client = live.world.account("Acme Staffing").id
    person, secret_word = live.owner(client, "coordinator")
    password(page, person.email, secret_word)
    page.wait_for_url(re.compile(rf"/console/{client}/dashboard"))
    page.get_by_role("link", name="Two-factor sign-in").click()
    page.get_by_role("button", name="Set up two-factor sign-in").click()
    expect(page.get_by_role("img", name=re.compile("QR code"))).to_be_visible()
    fits(page)
    key = page.get_by_label("Two-factor sign-in key", exact=True).inner_text().replace(" ", "")
    page.get_by_label("Code from your app").fill(pyotp.TOTP(key).at(live.clock.now()))
    page.get_by_role("button", name="Turn on two-factor sign-in").click()
    page.wait_for_url(re.compile(r"/console/two-factor/recovery-codes"))
    recovery = page.get_by_role("list", name="Recovery codes").locator("code").all_inner_texts()
    assert len(recovery) == 10
    fits(page)
    page.reload()  # shown once: the page is gone
    page.wait_for_url(re.compile(r"/console/two-factor$"))
    expect(page.get_by_role("main")).to_contain_text("Two-factor sign-in is on")
    sign_out(page)

    live.clock.advance(seconds=30)  # the code that turned it on is spent
    password(page, person.email, secret_word)
    page.wait_for_url(re.compile(r"/console/sign-in/code"))
    fits(page)
    code(page, pyotp.TOTP(key).at(live.clock.now()))
    page.wait_for_url(re.compile(rf"/console/{client}/dashboard"))
    sign_out(page)

    password(page, person.email, secret_word)
    code(page, recovery[0])
    page.wait_for_url(re.compile(r"/console/two-factor\?done="))
    expect(page.get_by_role("main")).to_contain_text("9 unused recovery codes")
    sign_out(page)

    password(page, person.email, secret_word)
    problems.allow(r"Failed to load resource: the server responded with a status of 401")  # the refusal's page
    code(page, recovery[0])
    expect(page.get_by_role("alert")).to_contain_text("used already")
    assert "/console/sign-in/code" in page.url
