"""In a real browser: the director names a session's pairs on one page, keyboard only — Tab through the fields,
type a few letters, pick a member from the list; a name that is no member's shows as "guest"; a member entered
twice is refused beside the field with everything typed kept; saved, the guide cards print the names. The page
in Polish, and no wider than a phone (375 px).

Screenshots go to ``$E2E_SCREENSHOTS`` when it is set (``tests.e2e.browser.snap``).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from clubs.models import Pair, Session
from tests.e2e.browser import log_in, snap

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 375, "height": 740}


@pytest.fixture
def tuesday(demo):
    """The demo's planned Tuesday Pairs with a 7-pair Howell chosen (pairs not named yet)."""
    from django.contrib.auth import get_user_model

    from movements.services import session_movement_choose

    session = Session.objects.get(club__slug="riverside", name="Tuesday Pairs")
    session_movement_choose(
        session=session, user=get_user_model().objects.get(username="director"), pairs=7, boards_per_round=3
    )
    return session


def test_director_names_the_pairs_with_the_keyboard(page, demo, tuesday, shots):
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, demo, "director", "director-demo-2026")
    page.goto(f"{demo}/sessions/{tuesday.pk}/")
    page.get_by_test_id("pairs-page-link").click()
    expect(page.locator("tr[data-pair]")).to_have_count(7)
    expect(page.locator("main")).to_contain_text("phantom pair")

    # The club's members are offered as the director types (the browser's own list, <datalist>; headless
    # Chromium draws no list, so the test types the names whole).
    first = page.get_by_label("Pair 1, first player")
    expect(first).to_have_attribute("list", "club-members")
    expect(page.locator("#club-members option")).to_have_count(16)
    first.focus()
    page.keyboard.type("Ada Adamska")
    page.keyboard.press("Tab")
    expect(page.get_by_label("Pair 1, second player")).to_be_focused()
    page.keyboard.type("Bruno Bianchi")
    page.keyboard.press("Tab")
    page.keyboard.type("Jan Gość")  # no member: a guest
    row_2 = page.locator('tr[data-pair="2"]')
    expect(row_2.locator(".guest-tag").first).to_be_visible()
    expect(page.locator('tr[data-pair="1"] .guest-tag').first).to_be_hidden()
    page.keyboard.press("Tab")
    page.keyboard.type("Ada Adamska")  # a second time: refused
    snap(page, shots / "pairs-typing.png")
    page.get_by_test_id("save-pairs").click()

    expect(row_2.locator(".field-error")).to_have_text("Pair 2: Ada Adamska already plays in pair 1.")
    expect(page.get_by_label("Pair 2, first player")).to_have_value("Jan Gość")  # nothing lost
    expect(page.get_by_label("Pair 1, second player")).to_have_value("Bruno Bianchi")
    assert not Pair.objects.filter(session=tuesday).exclude(player_1=None, player_1_name="").exists()
    snap(page, shots / "pairs-error.png")

    page.get_by_label("Pair 2, second player").fill("Celia Carter")
    page.get_by_test_id("save-pairs").click()
    expect(page.locator(".messages")).to_contain_text("Pairs saved.")
    expect(row_2.locator(".guest-tag").first).to_be_visible()
    pair_2 = Pair.objects.get(session=tuesday, number=2)
    assert (pair_2.player_1_name, pair_2.player_2.full_name) == ("Jan Gość", "Celia Carter")
    snap(page, shots / "pairs-1280.png")

    page.goto(f"{demo}/movements/session/{tuesday.pk}/print/")
    expect(page.locator('section.pair-card[data-pair="1"] h2')).to_have_text("Pair 1 — Ada Adamska & Bruno Bianchi")
    expect(page.locator("section.table-card").first).to_contain_text("(Gość – Carter)")
    snap(page, shots / "cards-with-names.png")

    # On a phone, and in Polish.
    page.set_viewport_size(PHONE)
    page.context.add_cookies([{"name": "django_language", "value": "pl", "url": demo}])
    page.goto(f"{demo}/sessions/{tuesday.pk}/pairs/")
    expect(page.get_by_test_id("save-pairs")).to_have_text("Zapisz pary")
    expect(page.locator('tr[data-pair="2"] .guest-tag').first).to_have_text("gość")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    snap(page, shots / "pairs-375-pl.png")


def test_the_demo_sessions_pairs_fit_a_phone(page, demo, shots):
    page.set_viewport_size(PHONE)
    log_in(page, demo, "director", "director-demo-2026")
    for name in ("Thursday Howell", "Monday Pairs"):
        session = Session.objects.get(club__slug="riverside", name=name)
        for path in (f"/sessions/{session.pk}/pairs/", f"/sessions/{session.pk}/"):
            assert page.goto(demo + path).status == 200
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], path
        snap(page, shots / f"pairs-375-{session.pk}.png")


@pytest.mark.parametrize("width", [1280, PHONE["width"]])
def test_a_mistyped_member_is_asked_about_before_a_guest_is_made(page, demo, tuesday, shots, width):
    """ "Klara Kowalczik" for the member Klara Kowalczyk: saving asks "did you mean Klara Kowalczyk?" beside the field,
    saves nothing meanwhile and keeps everything typed; picking the member saves her; a real guest with a name close
    to a member's is saved as a guest once the director says so."""
    from clubs.models import Member

    page.set_viewport_size({"width": width, "height": 900})
    log_in(page, demo, "director", "director-demo-2026")
    page.goto(f"{demo}/sessions/{tuesday.pk}/pairs/")
    page.get_by_label("Pair 1, first player").fill("Klara Kowalczik")
    page.get_by_label("Pair 1, second player").fill("Liam Lindqvist")
    page.get_by_label("Pair 2, first player").fill("Ida Adamska")  # a guest, close to the member Ada Adamska
    page.get_by_label("Pair 2, second player").fill("Jan Gość")
    page.get_by_test_id("save-pairs").click()

    expect(page.get_by_test_id("pairs-questions")).to_contain_text("2 names are close to members'")
    row_1, row_2 = page.locator('tr[data-pair="1"]'), page.locator('tr[data-pair="2"]')
    expect(row_1.locator(".field-error")).to_have_text(
        "“Klara Kowalczik” is no member's name: did you mean Klara Kowalczyk?"
    )
    expect(row_2.locator(".field-error")).to_have_text("“Ida Adamska” is no member's name: did you mean Ada Adamska?")
    expect(page.get_by_label("Pair 1, second player")).to_have_value("Liam Lindqvist")  # nothing typed is lost
    expect(page.get_by_label("Pair 2, second player")).to_have_value("Jan Gość")
    assert not Pair.objects.filter(session=tuesday).exclude(player_1=None, player_1_name="").exists()  # nor saved
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    snap(page, shots / f"pairs-did-you-mean-{width}.png")

    row_1.get_by_label("Klara Kowalczyk").check()
    expect(page.get_by_label("Pair 1, first player")).to_have_value("Klara Kowalczyk")  # written in at once
    row_2.get_by_label("No: Ida Adamska plays as a guest").check()
    page.get_by_test_id("save-pairs").click()
    expect(page.locator(".messages")).to_contain_text("Pairs saved.")
    pair_1, pair_2 = (Pair.objects.get(session=tuesday, number=n) for n in (1, 2))
    assert pair_1.player_1 == Member.objects.get(club=tuesday.club, first_name="Klara", last_name="Kowalczyk")
    assert (pair_2.player_1, pair_2.player_1_name) == (None, "Ida Adamska")
    expect(page.get_by_label("Pair 1, first player")).to_have_value("Klara Kowalczyk")
    expect(row_2.locator(".guest-tag").first).to_be_visible()
    page.get_by_test_id("save-pairs").click()  # saved again: the guest is not asked about twice
    expect(page.locator(".messages")).to_contain_text("Pairs saved.")
    expect(page.get_by_test_id("did-you-mean")).to_have_count(0)
