"""In a real browser, with real Celery workers: a director asks for a large deal set, watches the
live progress bar, downloads the PBN and checks its SHA-256; a bad request is refused next to the field.

Screenshots go to ``$E2E_SCREENSHOTS`` (default: the test's temporary directory).
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from dealing.models import DealSet
from tests.dealing.deal_sets.workers import start_pool
from tests.e2e.browser import snap

pytestmark = [pytest.mark.e2e, pytest.mark.worker, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def workers(settings, tmp_path):
    pool = start_pool(settings, tmp_path)
    yield pool
    pool.stop_all()


def test_a_director_makes_a_large_deal_set_and_downloads_it(page, live_server, workers, director, club, shots):
    for name in ("left", "right"):
        workers.start(name)
    workers.wait_ready()

    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("dana")
    page.get_by_label("Password").fill("dana-pass-2026")
    page.locator("main").get_by_role("button", name="Log in").click()
    page.get_by_role("link", name="Deal sets").click()
    page.get_by_test_id("new-deal-set").click()

    # a bad request: the error stands next to the field and nothing is made
    page.get_by_label("Number of deals").fill("0")
    page.get_by_role("button", name="Make the deal set").click()
    expect(page.locator("#id_count-error")).to_contain_text("1 … 100,000,000 deals, not 0")
    snap(page, shots / "deal-set-form-error.png")
    assert not DealSet.objects.exists()

    page.get_by_label("Number of deals").fill("1,500,000")
    page.get_by_label("Label").fill("Autumn simultaneous")
    page.get_by_label("Binary: 12-byte deal numbers").check()
    page.get_by_role("button", name="Make the deal set").click()

    progress = page.get_by_test_id("deal-set-numbers")
    expect(progress).to_contain_text("deals per second", timeout=30_000)  # the bar moves while workers deal
    expect(page.get_by_test_id("cancel-deal-set")).to_be_visible()
    snap(page, shots / "deal-set-running.png")
    expect(page.get_by_test_id("deal-set-status")).to_have_text("Done", timeout=90_000)
    expect(progress).to_contain_text("1,500,000 of 1,500,000 deals")
    expect(page.get_by_test_id("cancel-deal-set")).to_have_count(0)
    snap(page, shots / "deal-set-done.png")

    deal_set = DealSet.objects.get()
    shown = page.get_by_test_id("deal-set-files").locator("code.sha256").first.inner_text()
    with page.expect_download() as info:
        page.get_by_test_id("download-pbn").click()
    data = Path(info.value.path()).read_bytes()
    assert info.value.suggested_filename == f"riverside-autumn-simultaneous-{deal_set.pk}.pbn"
    assert hashlib.sha256(data).hexdigest() == shown == deal_set.files.get(output="pbn").sha256
    assert len(re.findall(rb"\[Deal \"N:", data)) == 1_500_000
