"""In a real browser: a director imports a USEBIO file from the club page, sees the new session ranked by us and the
comparison with the file's numbers (the mathematics collapsed until asked for), finds the session's results files on
its page and downloads the USEBIO; a damaged file is named beside the field. At 1280 px and 375 px (screenshots in
``$E2E_SCREENSHOTS``)."""

from __future__ import annotations

import datetime
import re

import pytest
from playwright.sync_api import expect

from clubs.models import Session
from scoring.domain.engine import score_event
from scoring.domain.formats.event import FileEvent
from scoring.domain.formats.usebio_writer import write_usebio
from scoring.domain.options import ScoringOptions
from scoring.domain.results import Played, TravellerLine
from tests.e2e.browser import log_in, snap

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 740}
ABF_MITCHELL = "abf-compscore3-mitchell-21tables-adjusted-2022-07-28.usebio.xml"


def _fits(page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url


def test_a_director_imports_a_file_and_sees_the_ranking_and_the_comparison(
    browser, live_server, club, director, events_dir, shots, tmp_path
):
    base = live_server.url
    context = browser.new_context(viewport=DESKTOP, accept_downloads=True)
    page = context.new_page()
    log_in(page, base, director.username, f"{director.username}-pass-2026")
    page.goto(f"{base}/clubs/{club.slug}/")
    page.get_by_test_id("import-results-link").click()
    expect(page).to_have_url(re.compile(r"/scoring/clubs/riverside/import/$"))

    # a damaged file first: its message beside the field, nothing saved
    bad = tmp_path / "club-night.xml"
    bad.write_bytes((events_dir / ABF_MITCHELL).read_bytes()[:3000])
    page.locator("#id_file").set_input_files(str(bad))
    page.get_by_test_id("import-submit").click()
    error = page.locator("#id_file-error")
    expect(error).to_contain_text("club-night.xml: line")
    expect(error).to_contain_text("it is truncated")
    snap(page, shots / "import-bad-file-1280.png")
    assert not Session.objects.exists()

    page.locator("#id_file").set_input_files(str(events_dir / ABF_MITCHELL))
    page.get_by_test_id("import-submit").click()
    session = Session.objects.get()
    expect(page).to_have_url(re.compile(rf"/scoring/sessions/{session.pk}/import/$"))
    expect(page.locator(".message-success")).to_contain_text(f"{ABF_MITCHELL} is imported as the session")
    expect(page.get_by_test_id("import-lines")).to_have_text("567")
    expect(page.get_by_test_id("import-pairs")).to_have_text("42")
    expect(page.get_by_test_id("import-verdict")).to_contain_text("each for a reason named below")
    expect(page.get_by_test_id("import-overrides")).to_contain_text(
        "Board 3, 1NS v 1EW (A5050): the file carries 23/11 where the rules give 20.00/20.00"
    )
    rankings = page.get_by_test_id("ranking")
    expect(rankings).to_have_count(2)  # a two-winner Mitchell: NS and EW
    expect(rankings.first.locator("tbody tr").first).to_contain_text("1")
    maths = page.get_by_test_id("import-mathematics")
    differences = page.get_by_test_id("import-differences")
    expect(differences).to_be_hidden()  # the mathematics is collapsed
    snap(page, shots / "import-report-1280.png")
    maths.locator("summary").click()
    expect(differences).to_be_visible()
    expect(differences.locator("tbody tr")).to_have_count(28)
    expect(maths).to_contain_text("halves rounded to even")
    snap(page, shots / "import-report-maths-1280.png")

    page.set_viewport_size(PHONE)
    _fits(page, PHONE["width"])
    snap(page, shots / "import-report-maths-375.png")

    # the session page offers its results files; the USEBIO downloads with its name
    page.get_by_test_id("session-link").click()
    panel = page.get_by_test_id("exports-panel")
    expect(panel).to_be_visible()
    _fits(page, PHONE["width"])
    snap(page, shots / "import-session-page-375.png")
    with page.expect_download() as download:
        panel.get_by_test_id("export-usebio").click()
    assert download.value.suggested_filename == "riverside-2022-07-28-el-thu-100pm-open-28-jul-22.usebio.xml"
    assert b"<HANDSET>" in open(download.value.path(), "rb").read()
    page.set_viewport_size(DESKTOP)
    snap(page, shots / "import-session-page-1280.png")
    panel.get_by_test_id("import-report-link").click()
    expect(page).to_have_url(re.compile(rf"/scoring/sessions/{session.pk}/import/$"))

    page.goto(f"{base}/scoring/clubs/riverside/import/")
    page.set_viewport_size(PHONE)
    _fits(page, PHONE["width"])
    snap(page, shots / "import-form-375.png")
    context.close()


def test_a_director_sees_a_changed_number_unexplained_and_the_convention_named(
    browser, live_server, club, director, shots, tmp_path
):
    """Our own USEBIO of the hand-made ties event (tests/scoring/domain/test_conventions.py: board 2 short, scored as
    ties) with pair 2's 50.00 % changed to 57.00 %: the change is listed first as unexplained, the lines and the
    other percentages are explained by the named convention, missing results as ties."""
    from tests.scoring.domain.test_conventions import PLAYS  # (the hand-made event, worked by hand there)

    lines = [TravellerLine(board, ns, ew, Played.of(*played)) for board, ns, ew, played in PLAYS]
    event = FileEvent(name="Ties night", date=datetime.date(2026, 11, 20), lines=lines)
    written = write_usebio(event, score_event(lines, ScoringOptions(factoring="ties")))
    assert written.count(b"<PERCENTAGE>50.00</PERCENTAGE>") == 1  # pair 2's
    path = tmp_path / "ties-night.xml"
    path.write_bytes(written.replace(b"<PERCENTAGE>50.00</PERCENTAGE>", b"<PERCENTAGE>57.00</PERCENTAGE>"))

    base = live_server.url
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    log_in(page, base, director.username, f"{director.username}-pass-2026")
    page.goto(f"{base}/scoring/clubs/{club.slug}/import/")
    page.locator("#id_file").set_input_files(str(path))
    page.get_by_test_id("import-submit").click()
    session = Session.objects.get()
    expect(page).to_have_url(re.compile(rf"/scoring/sessions/{session.pk}/import/$"))
    expect(page.get_by_test_id("import-verdict")).to_contain_text("with no reason we know: 1")
    unexplained = page.get_by_test_id("import-unexplained")
    expect(unexplained.locator("li")).to_have_count(1)
    expect(unexplained).to_contain_text(
        "Percentage of pair 2: the file has 57.00, we have 50.00, and no convention explains it"
    )
    conventions = page.get_by_test_id("import-conventions")
    expect(conventions).to_contain_text("The file scores the results missing on a short board as ties")
    # the unexplained difference comes first on the page
    assert page.evaluate(
        "Boolean(document.querySelector('[data-testid=import-unexplained]').compareDocumentPosition("
        "document.querySelector('[data-testid=import-conventions]')) & Node.DOCUMENT_POSITION_FOLLOWING)"
    )
    snap(page, shots / "import-ties-unexplained-1280.png")
    page.set_viewport_size(PHONE)
    _fits(page, PHONE["width"])
    context.close()
