"""In a real browser at a phone's width (375 px): every print page (``templates/print/``) is readable — the guide
cards (the catalogue's, and a session's with its players' names and, for its director, the tables' QR codes), the
hand record and the results — one card under another, nothing wider than the screen, type no smaller than on
paper; at 1280 px the cards keep their paper width. The print pages carry a viewport, so a phone does not show
them shrunk to a tenth.

Screenshots go to ``$E2E_SCREENSHOTS`` when it is set (``tests.e2e.browser.snap``).
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubs.models import Session
from tests.e2e.browser import log_in, snap

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 375, "height": 740}
DESKTOP = {"width": 1280, "height": 900}


def _widths(page) -> dict:
    return page.evaluate("""() => ({
        page: document.documentElement.scrollWidth,
        viewport: document.querySelector('meta[name=viewport]')?.content,
        too_wide: [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > innerWidth)
                  .slice(0, 3).map(e => e.outerHTML.slice(0, 120)),
        cards: [...document.querySelectorAll('section.card')].map(c => c.getBoundingClientRect().width),
        smallest: Math.min(...[...document.querySelectorAll('section.card td, section.card th, section.card .names')]
                               .filter(c => c.getClientRects().length)
                               .map(c => parseFloat(getComputedStyle(c).fontSize))),
    })""")


GUESTS = [
    ("Grzegorz Brzęczyszczykiewicz", "Małgorzata Wiśniewska-Kowalczyk"),
    ("Jan Nowak", "Ewa Lis"),
    ("Zofia Szczepańska", "Piotr Dąbrowski"),
    ("Anna Lewandowska", "Marek Wójcik"),
    ("Katarzyna Zielińska", "Tomasz Kamiński"),
]


def _tonight(director):
    """Tuesday Pairs: 13 pairs (a phantom), every pair named, table-side entry started (the tables' QR codes)."""
    from clubs.models import Member
    from events.pairs import pair_set
    from movements.services import session_movement_choose
    from tables.services.setup import table_entry_start

    session = Session.objects.get(club__slug="riverside", name="Tuesday Pairs")
    session_movement_choose(session=session, user=director, pairs=13, boards_per_round=2)
    members = list(Member.objects.filter(club=session.club).order_by("pk"))[:16]
    for number in range(1, 9):
        pair_set(session=session, number=number, player_1=members[2 * number - 2], player_2=members[2 * number - 1])
    for number, (one, two) in enumerate(GUESTS, start=9):
        pair_set(session=session, number=number, player_1_name=one, player_2_name=two)
    table_entry_start(session=session, user=director)
    return session


def test_the_print_pages_fit_a_phone(browser, demo, shots):
    from django.contrib.auth import get_user_model

    published = Session.objects.get(club__slug="riverside", name="Monday Pairs")
    tonight = _tonight(get_user_model().objects.get(username="director"))
    cards = f"/movements/session/{tonight.pk}/print/"
    pages = {
        "cards-catalogue-24": "/movements/print/?pairs=24&boards_per_round=2",
        "cards-session": cards,
        "cards-published": f"/movements/session/{published.pk}/print/",
        "hand-record": reverse("dealing:hand_record_print", args=[published.pk]),
        "results": reverse("scoring:results_print", args=[published.pk]),
    }
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    log_in(page, demo, "director", "director-demo-2026")
    for name, path in pages.items():
        response = page.goto(demo + path)
        assert response.status == 200, path
        seen = _widths(page)
        assert seen["viewport"] == "width=device-width, initial-scale=1", path
        assert seen["page"] <= PHONE["width"], (path, seen["page"], seen["too_wide"])
        if name.startswith("cards"):
            assert seen["cards"] and all(300 <= w <= PHONE["width"] for w in seen["cards"]), (path, seen["cards"])
            assert seen["smallest"] >= 11, (path, seen["smallest"])  # px: readable on a phone
        snap(page, shots / f"print-{name}-375.png")
    page.goto(demo + cards + "?sections=tables")
    first = page.locator("section.table-card").first
    assert page.locator("section.table-card .table-qr img").count() == 7  # the director's QR codes
    assert first.locator("td .names").count() == 13  # the players' names
    assert first.locator("td.sits-out").first.inner_text().startswith("EW 1 sits out")  # the phantom's place
    snap(page, shots / "print-table-cards-375.png")
    context.close()

    desktop = browser.new_context(viewport=DESKTOP)
    page = desktop.new_page()
    log_in(page, demo, "director", "director-demo-2026")
    page.goto(demo + cards)
    width = page.evaluate("document.querySelector('section.card').getBoundingClientRect().width")
    assert 370 <= width <= 400  # 93 mm and its padding: the card as printed
    snap(page, shots / "print-cards-1280.png", full_page=False)
    desktop.close()
