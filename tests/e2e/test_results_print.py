"""In a real browser: a player prints the results of the demo's published Monday Pairs for the notice board — from the
ranking page to the printable results, choosing the ranking with every board's traveller, then the PDF of that
choice, asked twice (the second time the kept PDF: the same file) and read back with poppler.

Screenshots go to ``$E2E_SCREENSHOTS`` when it is set (``tests.e2e.browser.snap``).
"""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from playwright.sync_api import expect

from clubs.models import Session
from scoring.models import Result
from tests.e2e.browser import log_in, snap

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_player_prints_the_ranking_with_every_boards_traveller(page, demo, shots, tmp_path):
    session = Session.objects.get(club__slug="riverside", name="Monday Pairs")
    boards = sorted(set(Result.objects.filter(session=session).values_list("board", flat=True)))
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, demo, "player", "player-demo-2026")

    page.goto(f"{demo}/scoring/sessions/{session.pk}/ranking/")
    page.get_by_test_id("results-print").click()
    expect(page).to_have_url(re.compile(rf"/scoring/sessions/{session.pk}/results/print/$"))
    expect(page.locator("[data-testid^='scorecard-']").first).to_be_visible()  # the default: with the scorecards
    expect(page.get_by_test_id("travellers")).to_have_count(0)

    page.get_by_label("What to print").select_option(label="The ranking and every board's traveller")
    page.get_by_role("button", name="Show").click()
    expect(page).to_have_url(re.compile(r"\?contents=travellers$"))
    expect(page.get_by_test_id("traveller-rows")).to_have_count(len(boards))
    expect(page.locator("[data-testid^='scorecard-']")).to_have_count(0)
    expect(page.get_by_test_id(f"traveller-{boards[0]}")).to_contain_text("MP NS")
    expect(page.get_by_label("What to print")).to_have_value("travellers")  # the choice stays chosen
    snap(page, shots / "results-print-travellers-1280.png")

    link = page.get_by_test_id("results-pdf-link")
    expect(link).to_have_attribute("href", f"/scoring/sessions/{session.pk}/results.pdf?contents=travellers")
    first = page.request.get(demo + link.get_attribute("href"))
    assert first.ok and first.headers["content-type"] == "application/pdf"
    assert "-results-travellers.pdf" in first.headers["content-disposition"]
    again = page.request.get(demo + link.get_attribute("href"))
    assert again.ok and again.body() == first.body()  # the kept PDF
    if shutil.which("pdftotext"):
        path = tmp_path / "results-travellers.pdf"
        path.write_bytes(first.body())
        text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True).stdout
        assert "Travellers" in text and f"Board {boards[-1]}" in text and "Scorecards" not in text
