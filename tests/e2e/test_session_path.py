"""In Chromium: a director walks a session's path from its page — pairs (how many, then their names), the movement
by clicking a chooser's row (and lands back on the path), the boards (what a commitment is for, said and linked) (first too many: the path says so in words; then as many as the movement
plays, the dealing form's default), the four-up guide cards (the PDF turned into images), play on paper, finishing
through its confirmation (cancelled once, then confirmed), and publication through the results page's; and meets
the error pages on the way (a player on the director's dealing page: 403; another club's director: 404). Printing
before play gives the cards with every table's code; after publication a commitment's key still to reveal is what
the path says is left, until it is.

At each stage the session page is kept at 1280 px and 375 px, the end also in Polish, and checked: no page wider
than the screen, the header on one row at 1280 px, no table cut off on a phone, no English left on a Polish page.
Screenshots (when ``$E2E_SCREENSHOTS`` is set: ``tests.e2e.browser.snap``) and the PDF's pages go to ``$E2E_SCREENSHOTS/session-path`` (default ``test-artifacts/session-path``),
to be looked at.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import expect

from clubs.models import Pair, Session
from scoring.domain.results import Played
from scoring.selectors.layout import session_layout
from tests.e2e.browser import cut_tables, header_rows, log_in, log_out, snap

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

REPO = Path(__file__).resolve().parents[2]
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 740}
#: Words of the path and its pages that must not be left in English on a Polish page.
ENGLISH = ["The evening, step by step", "Next", "Done", "Not complete", "To do", "Waiting", "Ready", "Pairs", "Movement",
           "Boards", "Printing", "Play", "Scores", "Publication", "boards in all", "results entered", "Published as",
           "Step the session back", "Back to", "Guide cards", "Hand records", "Results and corrections", "Cancel",
           "Finish the session", "Every player", "The ranking"]  # fmt: skip


@pytest.fixture
def art() -> Path:
    folder = Path(os.environ.get("E2E_SCREENSHOTS", REPO / "test-artifacts")) / "session-path"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _look(page, art: Path, name: str, *, polish: bool = False) -> list[str]:
    """Screenshots of the page at 1280 and 375 px, and what is wrong with it at each width."""
    problems = []
    for viewport in (DESKTOP, PHONE):
        width = viewport["width"]
        page.set_viewport_size(viewport)
        page.evaluate("document.querySelectorAll('main details').forEach(d => { d.open = true; })")
        page.wait_for_timeout(150)
        snap(page, art / f"{name}-{width}.png")
        where = f"{name} at {width} px"
        if page.evaluate("document.documentElement.scrollWidth") > width:
            problems.append(f"{where}: wider than the screen")
        if width == DESKTOP["width"] and header_rows(page) != 1:
            problems.append(f"{where}: the header takes {header_rows(page)} rows")
        if width == PHONE["width"] and (cut := cut_tables(page)):
            problems.append(f"{where}: columns cut off in {cut}")
        if polish:
            text = page.locator("main").inner_text().replace("Tuesday Pairs", "")  # the session's own name
            english = [w for w in ENGLISH if re.search(rf"\b{re.escape(w)}\b", text)]
            if english:
                problems.append(f"{where}: English on a Polish page: {english}")
    page.set_viewport_size(DESKTOP)
    return problems


def _step(page, key: str):
    return page.get_by_test_id(f"step-{key}")


def _all_results(session, user) -> int:
    from scoring.services.results import result_record

    pairs = {p.label: p for p in Pair.objects.filter(session=session)}
    count = 0
    for meeting in session_layout(session).meetings:
        for board in meeting.boards:
            result_record(
                session=session,
                board=board,
                ns_pair=pairs[meeting.ns],
                ew_pair=pairs[meeting.ew],
                result=Played.of("3NT", "N", 9 + (board + meeting.table) % 3),
                user=user,
            )
            count += 1
    return count


def test_a_director_walks_the_session_path(browser, demo, art):
    from django.contrib.auth import get_user_model

    session = Session.objects.get(club__slug="riverside", name="Tuesday Pairs")
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    log_in(page, demo, "director", "director-demo-2026")
    url = f"{demo}/sessions/{session.pk}/"
    problems = []

    # 1. A new session: the path starts with the pairs, asking how many.
    page.goto(url)
    expect(page.get_by_test_id("path-next")).to_have_text("Next: Pairs")
    expect(_step(page, "pairs")).to_have_attribute("data-state", "todo")
    expect(_step(page, "boards")).to_contain_text("Choose the movement first: it says how many boards to deal.")
    problems += _look(page, art, "1-new")
    ask = page.get_by_test_id("step-pairs-ask")
    ask.get_by_label("Pairs playing").fill("8")
    ask.get_by_role("button", name="Choose a movement for them").click()

    # 2. The movement: the chooser for 8 pairs, a row chosen with one click, and back on the path.
    expect(page.get_by_test_id("chooser-heading")).to_contain_text("For 8 pairs")
    best = page.get_by_test_id("offer").first
    expect(best).to_have_attribute("data-best", "1")
    best.get_by_test_id("choose-offer").click()
    expect(page).to_have_url(re.compile(rf"/sessions/{session.pk}/$"))
    expect(page.locator(".messages")).to_contain_text("Movement chosen")
    session.refresh_from_db()
    boards = len(session_layout(session).boards)
    expect(_step(page, "movement")).to_have_attribute("data-state", "done")
    expect(_step(page, "movement")).to_contain_text(f"{boards} boards in all")
    expect(page.get_by_test_id("path-next")).to_have_text("Next: Pairs")
    expect(page.get_by_test_id("step-pairs-missing")).to_have_text(
        "No pair is named yet: the guide cards and the ranking show only the pairs' numbers."
    )
    expect(_step(page, "boards")).to_contain_text(f"Not dealt yet: the movement plays {boards} boards.")
    expect(_step(page, "boards")).to_contain_text("To let anyone check afterwards that nobody chose the deals")
    expect(_step(page, "boards").get_by_test_id("path-commitment")).to_have_attribute(
        "href", "/dealing/commitments/new/riverside/"
    )
    problems += _look(page, art, "2-movement-chosen")

    # 3. The pairs named (guests), on the pairs page the step links to.
    _step(page, "pairs").get_by_test_id("pairs-page-link").click()
    for number in range(1, 9):
        page.get_by_label(f"Pair {number}, first player").fill(f"Guest {number}A")
        page.get_by_label(f"Pair {number}, second player").fill(f"Guest {number}B")
    page.get_by_test_id("save-pairs").click()
    expect(page.locator(".messages")).to_contain_text("Pairs saved.")
    page.goto(url)
    expect(_step(page, "pairs")).to_have_attribute("data-state", "done")
    expect(page.get_by_test_id("path-next")).to_have_text("Next: Boards")

    # 4. The boards: too many first — the path says so in the layout's words — then the movement's own number,
    #    which is the dealing form's default.
    _step(page, "boards").get_by_test_id("dealing-page-link").click()
    expect(page.get_by_test_id("movement-boards")).to_have_text(f"The movement plays {boards} boards (1–{boards}).")
    expect(page.get_by_test_id("commitment-offer")).to_contain_text("deal them from a commitment")
    expect(page.get_by_role("spinbutton", name="Boards")).to_have_value(str(boards))
    page.get_by_role("spinbutton", name="Boards").fill(str(boards + 3))
    page.get_by_test_id("deal-fresh").click()
    expect(page.locator(".messages")).to_contain_text(
        f"{boards + 3} boards dealt from a new key, not committed. Their double-dummy analysis is running."
    )
    expect(page.locator(".messages")).to_contain_text(
        f"The movement plays {boards} boards (1–{boards}) but {boards + 3} were dealt"
    )
    problems += _look(page, art, "4-dealing-too-many")
    page.goto(url)
    expect(_step(page, "boards")).to_have_attribute("data-state", "partial")
    expect(page.get_by_test_id("step-boards-missing")).to_contain_text(
        f"The movement plays {boards} boards (1–{boards}) but {boards + 3} were dealt: boards {boards + 1}, "
        f"{boards + 2}, {boards + 3} are not played."
    )
    expect(page.get_by_test_id("path-next")).to_have_text("Next: Boards")
    problems += _look(page, art, "4-too-many-boards")
    _step(page, "boards").get_by_test_id("dealing-page-link").click()
    expect(page.get_by_role("spinbutton", name="Boards")).to_have_value(str(boards))
    page.get_by_label("Replace the boards already dealt").first.check()
    page.get_by_test_id("deal-fresh").click()
    expect(page.locator(".messages")).to_contain_text(f"{boards} boards dealt from a new key, not committed.")
    page.goto(url)
    expect(_step(page, "boards")).to_have_attribute("data-state", "done")
    expect(page.get_by_test_id("path-next")).to_have_text("Next: Printing")
    problems += _look(page, art, "4-dealt")

    # 5. Printing: the guide cards' PDF, four A6 cards to an A4 sheet, turned into images to be looked at.
    href = _step(page, "printing").get_by_test_id("path-cards-pdf").get_attribute("href")
    answer = context.request.get(demo + href)
    assert answer.ok and answer.headers["content-type"] == "application/pdf"
    pdf = art / "5-guide-cards.pdf"
    pdf.write_bytes(answer.body())
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    size = re.search(r"Page size:\s+([\d.]+) x ([\d.]+) pts", info)
    assert size and (round(float(size[1])), round(float(size[2]))) in ((595, 842), (842, 595)), info  # A4
    for old in art.glob("5-guide-cards-page-*.png"):
        old.unlink()
    subprocess.run(["pdftoppm", "-r", "40", "-png", str(pdf), str(art / "5-guide-cards-page")], check=True)
    pages = sorted(art.glob("5-guide-cards-page-*.png"))
    assert pages, "the PDF has no page"
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert "Guest 1A" in text and "Pair 8" in text

    # 6. Play on paper travellers: one click, nothing to confirm (it hides nothing and shows nothing).
    _step(page, "play").get_by_test_id("path-start-paper").click()
    expect(page.get_by_test_id("session-status")).to_have_text("In play")
    expect(page.get_by_test_id("path-next")).to_have_text("Next: Play")
    expect(_step(page, "play")).to_contain_text("In play, on paper travellers.")
    problems += _look(page, art, "6-in-play")

    # 7. The scores come in (as a scorer would type them); finishing asks first and says what it does.
    expected = _all_results(session, get_user_model().objects.get(username="scorer"))
    page.reload()
    expect(_step(page, "scores")).to_contain_text(f"{expected} of {expected} results entered.")
    _step(page, "play").get_by_test_id("path-finish").click()
    confirm = page.get_by_test_id("confirm")
    expect(confirm).to_contain_text("Finish the session?")
    expect(confirm).to_contain_text("Every player can then see every deal of this session")
    expect(confirm).to_contain_text("This cannot be undone")
    problems += _look(page, art, "7-finish-confirmation")
    page.get_by_test_id("confirm-cancel").click()  # not yet
    expect(page.get_by_test_id("session-status")).to_have_text("In play")
    _step(page, "play").get_by_test_id("path-finish").click()
    page.get_by_test_id("confirm-button").click()
    expect(page.get_by_test_id("session-status")).to_have_text("Finished")
    expect(_step(page, "play")).to_have_attribute("data-state", "done")
    expect(page.get_by_test_id("path-next")).to_have_text("Next: Publication")
    expect(_step(page, "boards").get_by_test_id("hand-record-link")).to_be_visible()
    problems += _look(page, art, "7-finished")

    # 8. Publication: the path links to the results page, whose buttons ask first.
    _step(page, "publication").get_by_test_id("path-publish").click()
    expect(page).to_have_url(re.compile(rf"/scoring/sessions/{session.pk}/results/#publication$"))
    page.get_by_test_id("publish-final").click()
    expect(page.get_by_test_id("confirm")).to_contain_text("Publish the results as final?")
    page.get_by_test_id("confirm-button").click()
    page.goto(url)
    expect(page.get_by_test_id("session-status")).to_have_text("Published")
    expect(page.get_by_test_id("path-next")).to_have_text("Every step is done: the results are final.")
    expect(_step(page, "publication")).to_have_attribute("data-state", "done")
    problems += _look(page, art, "8-published")

    # The same page in Polish.
    context.add_cookies([{"name": "django_language", "value": "pl", "url": demo}])
    page.goto(url)
    expect(page.get_by_test_id("path-next")).to_have_text("Wszystkie kroki zrobione: wyniki są ostateczne.")
    problems += _look(page, art, "8-published-pl", polish=True)
    context.close()
    assert problems == []


def test_a_session_in_play_in_polish_and_its_finish_confirmation(browser, demo, art):
    from django.contrib.auth import get_user_model

    from movements.services import session_movement_choose

    director = get_user_model().objects.get(username="director")
    session = Session.objects.get(club__slug="riverside", name="Tuesday Pairs")
    session_movement_choose(session=session, user=director, pairs=7, boards_per_round=3)
    from dealing.services.boards import session_deal_fresh

    session_deal_fresh(session=session, user=director, boards=24, queue_analysis=False)
    Session.objects.filter(pk=session.pk).update(status=Session.Status.RUNNING)
    context = browser.new_context(viewport=DESKTOP)
    context.add_cookies([{"name": "django_language", "value": "pl", "url": demo}])
    page = context.new_page()
    page.goto(f"{demo}/accounts/login/")
    page.locator("#id_username").fill("director")
    page.locator("#id_password").fill("director-demo-2026")
    page.locator("main").get_by_role("button").click()
    page.goto(f"{demo}/sessions/{session.pk}/")
    expect(page.get_by_test_id("path-next")).to_have_text("Następny krok: Gra")
    expect(page.get_by_test_id("step-boards-missing")).to_contain_text("22, 23, 24")
    problems = _look(page, art, "pl-in-play", polish=True)
    _step(page, "play").get_by_test_id("path-finish").click()
    expect(page.get_by_test_id("confirm")).to_contain_text("Zakończyć turniej?")
    problems += _look(page, art, "pl-finish-confirmation", polish=True)
    context.close()
    assert problems == []


def test_the_error_pages_on_the_path(browser, demo, art):
    session = Session.objects.get(club__slug="riverside", name="Tuesday Pairs")
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    problems = []

    # a player follows the director's dealing link: 403, saying why, in the site's layout
    log_in(page, demo, "player", "player-demo-2026")
    page.goto(f"{demo}/sessions/{session.pk}/")
    expect(page.get_by_test_id("session-path")).to_have_count(0)  # players see the panels, not the path
    answer = page.goto(f"{demo}/dealing/sessions/{session.pk}/boards/", referer=f"{demo}/sessions/{session.pk}/")
    assert answer.status == 403
    expect(page.get_by_test_id("error-403")).to_contain_text("This page is not for your role")
    problems += _look(page, art, "error-403")
    context.add_cookies([{"name": "django_language", "value": "pl", "url": demo}])
    assert page.goto(f"{demo}/dealing/sessions/{session.pk}/boards/").status == 403
    expect(page.get_by_test_id("error-403")).to_contain_text("Ta strona nie jest dostępna dla Twojej roli")
    problems += _look(page, art, "error-403-pl", polish=True)
    context.add_cookies([{"name": "django_language", "value": "en", "url": demo}])
    log_out(page)

    # another club's director: this club's session does not exist for them (404, nothing said about it)
    log_in(page, demo, "hilltop", "hilltop-demo-2026")
    assert page.goto(f"{demo}/sessions/{session.pk}/").status == 404
    expect(page.get_by_test_id("error-404")).to_contain_text("There is no such page")
    problems += _look(page, art, "error-404")
    context.add_cookies([{"name": "django_language", "value": "pl", "url": demo}])
    assert page.goto(f"{demo}/sessions/{session.pk}/").status == 404
    problems += _look(page, art, "error-404-pl", polish=True)
    context.close()
    assert problems == []


def _planned_and_dealt(session, director) -> None:
    from dealing.services.boards import session_deal_fresh
    from movements.services import session_movement_choose

    session_movement_choose(session=session, user=director, pairs=8, boards_per_round=3)
    session.refresh_from_db()
    session_deal_fresh(session=session, user=director, boards=21, queue_analysis=False)


def test_a_director_prints_the_cards_with_their_codes_before_play(browser, demo, art):
    """Printing comes before play, and the table cards carry the QR codes the phones scan: the Printing step starts
    table entry and gives the cards with every table's code in one click; the path then points to play."""
    from django.contrib.auth import get_user_model

    from tables.models import Table

    session = Session.objects.get(club__slug="riverside", name="Tuesday Pairs")
    _planned_and_dealt(session, get_user_model().objects.get(username="director"))
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    log_in(page, demo, "director", "director-demo-2026")
    url = f"{demo}/sessions/{session.pk}/"
    page.goto(url)
    printing = _step(page, "printing")
    expect(printing).to_contain_text("start it here and print the cards with their codes")
    problems = _look(page, art, "print-with-codes")
    printing.get_by_test_id("path-cards-with-codes").click()
    expect(page).to_have_url(re.compile(rf"/movements/session/{session.pk}/print/\?format=pdf$"))  # the PDF opens
    answer = context.request.get(page.url)
    assert answer.ok and answer.headers["content-type"] == "application/pdf"
    pdf = art / "print-with-codes.pdf"
    pdf.write_bytes(answer.body())
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    codes = list(Table.objects.filter(table_session__session=session).values_list("code", flat=True))
    assert len(codes) == 4 and all(code in text for code in codes), (codes, text[:2000])
    page.goto(url)
    expect(page.get_by_test_id("session-status")).to_have_text("In play")
    expect(page.get_by_test_id("path-next")).to_have_text("Next: Play")
    expect(_step(page, "play")).to_contain_text("In play at the tables' phones: round 1 of 7 released.")
    expect(_step(page, "printing")).to_contain_text("The table cards carry each table's QR code, code and PIN")
    problems += _look(page, art, "printed-with-codes")
    context.close()
    assert problems == []


def test_after_publication_the_path_says_the_key_is_left_to_reveal(browser, demo, art):
    """Published as final, dealt from a commitment whose key is not revealed: the path does not say every step is
    done; it says what is left and leads to it, and says every step is done once the key is revealed."""
    from django.contrib.auth import get_user_model

    from dealing.services import boards as board_services
    from dealing.services import commitments
    from events.pairs import pair_set
    from movements.services import session_movement_choose
    from scoring.services.sessions import session_results_publish, session_status_set

    users = get_user_model().objects
    director = users.get(username="director")
    session = Session.objects.get(club__slug="riverside", name="Tuesday Pairs")
    session_movement_choose(session=session, user=director, pairs=8, boards_per_round=3)
    session.refresh_from_db()
    commitment = commitments.commitment_create(
        club=session.club, user=director, event="Tuesday", promise="P", dv_format="decimal:2", sessions=[(session, 21)]
    )
    commitment = commitments.commitment_publish(commitment=commitment, user=director)
    commitments.commitment_enter_dv(commitment=commitment, user=director, value="1.00")
    board_services.session_deal_from_commitment(session=session, user=director, queue_analysis=False)
    for number in range(1, 9):
        pair_set(session=session, number=number, player_1_name=f"Guest {number}A", player_2_name=f"Guest {number}B")
    session_status_set(session=session, status=Session.Status.RUNNING)
    session_status_set(session=session, status=Session.Status.FINISHED)
    _all_results(session, users.get(username="scorer"))
    session_results_publish(session=session, user=director, query_hours=0)

    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    log_in(page, demo, "director", "director-demo-2026")
    url = f"{demo}/sessions/{session.pk}/"
    page.goto(url)
    expect(page.get_by_test_id("path-next")).to_have_text(
        "The results are final. Still to do: Boards — reveal the commitment's key, so that anyone can check the deals."
    )
    expect(_step(page, "boards")).to_have_attribute("aria-current", "step")
    expect(page.get_by_test_id("step-boards-state")).to_have_text("Next")
    problems = _look(page, art, "published-key-left")
    context.add_cookies([{"name": "django_language", "value": "pl", "url": demo}])
    page.goto(url)
    expect(page.get_by_test_id("path-next")).to_contain_text("Wyniki są ostateczne. Zostało do zrobienia: Rozdania")
    problems += _look(page, art, "published-key-left-pl", polish=True)
    context.add_cookies([{"name": "django_language", "value": "en", "url": demo}])
    page.goto(url)
    page.get_by_test_id("path-next").get_by_role("link", name="Boards").click()
    _step(page, "boards").get_by_test_id("path-reveal").click()
    page.get_by_test_id("reveal").click()
    page.get_by_test_id("confirm-button").click()
    expect(page.get_by_test_id("commitment-status")).to_have_text("Revealed")
    page.goto(url)
    expect(page.get_by_test_id("path-next")).to_have_text("Every step is done: the results are final.")
    expect(_step(page, "boards")).to_have_attribute("data-state", "done")
    context.add_cookies([{"name": "django_language", "value": "pl", "url": demo}])
    page.goto(url)
    expect(page.get_by_test_id("path-next")).to_have_text("Wszystkie kroki zrobione: wyniki są ostateczne.")
    context.close()
    assert problems == []
