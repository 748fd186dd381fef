"""What the browser tests do again and again: log in through the login page, log out."""

from __future__ import annotations

from playwright.sync_api import expect


def log_in(page, base: str, username: str, password: str, *, succeeds: bool = True) -> None:
    """Log in on ``{base}/accounts/login/`` as a user would; by default wait until the site shows the logout button."""
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.locator("main").get_by_role("button", name="Log in").click()
    if succeeds:
        expect(page.get_by_test_id("logout")).to_be_visible()


def log_out(page) -> None:
    page.get_by_test_id("logout").click()


def seen(text: str):
    """What ``expect(...).to_contain_text`` should find for ``text`` as a sighted reader sees it: a suit symbol in a
    page keeps its letter for screen readers ("4♠S= by S": the S is visually hidden), so each symbol may be
    followed by its letter in the element's text."""
    import re

    pattern = re.escape(text)
    for symbol, letter in (("♠", "S"), ("♥", "H"), ("♦", "D"), ("♣", "C")):
        pattern = pattern.replace(symbol, f"{symbol}{letter}?")
    return re.compile(pattern)
