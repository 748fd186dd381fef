"""What the browser tests do again and again: log in through the login page, log out; measure how a page is laid
out (the header's rows, tables cut at the right edge)."""

from __future__ import annotations

import os

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


def snap(page, path, *, full_page: bool = True) -> None:
    """A screenshot for a person to look at, taken when ``E2E_SCREENSHOTS`` names a folder (the tests' screenshot
    fixtures then put their files there). ``make test`` sets none: nobody looks at them there, each costs Chromium
    about a fifth of a second, and no test asserts on one. A test's failure screenshots are taken always."""
    if os.environ.get("E2E_SCREENSHOTS"):
        page.screenshot(path=str(path), full_page=full_page)


def header_rows(page) -> int:
    """How many rows the header's parts take: brand, links and account side by side are one."""
    tops = page.evaluate("""() => [...document.querySelectorAll('.site-header nav > ul')]
        .filter(ul => ul.getBoundingClientRect().height > 0)
        .map(ul => Math.round(ul.getBoundingClientRect().top + ul.getBoundingClientRect().height / 2))""")
    rows = []
    for top in sorted(tops):
        if not rows or top - rows[-1] > 12:
            rows.append(top)
    return len(rows)


def cut_tables(page) -> list[str]:
    """Tables whose right edge is past what the reader can see without scrolling sideways."""
    return page.evaluate("""() => [...document.querySelectorAll('main table')].filter(t => t.offsetParent !== null)
        .filter(t => {
            let right = innerWidth;
            for (let e = t.parentElement; e && e !== document.body; e = e.parentElement) {
                if (getComputedStyle(e).overflowX !== 'visible') {
                    right = Math.min(right, e.getBoundingClientRect().right); break;
                }
            }
            return t.getBoundingClientRect().right > right + 1;
        }).map(t => t.className || t.getAttribute('data-testid') || 'table')""")
