"""In a real browser at a phone's width (375 px): no page of the demo club is wider than the screen.

Table-side use is on phones, so a page that scrolls sideways (a long hash, a wide table) is a bug:
wide tables scroll inside their ``<figure>`` and hashes wrap (``static/css/site.css``). The print
pages of guide cards are laid out for paper and are left out.
"""

from __future__ import annotations

import pytest

from clubs.models import Session
from dealing.models import Commitment
from tests.e2e.browser import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 375, "height": 740}


def test_no_page_is_wider_than_a_phone(browser, demo):
    published = Session.objects.get(club__slug="riverside", name="Monday Pairs")
    planned = Session.objects.get(club__slug="riverside", name="Tuesday Pairs")
    commitment = Commitment.objects.filter(club__slug="riverside").first()
    pages = [
        "/",
        "/clubs/riverside/",
        "/clubs/riverside/sessions/",
        "/clubs/riverside/members/",
        f"/sessions/{published.pk}/",
        f"/sessions/{planned.pk}/",
        f"/dealing/sessions/{published.pk}/hand-record/",
        f"/dealing/sessions/{published.pk}/hand-record/1/",
        f"/dealing/sessions/{planned.pk}/boards/",
        "/dealing/commitments/",
        f"/dealing/commitments/{commitment.pk}/",
        f"/dealing/commitments/{commitment.pk}/audit/",
        "/dealing/deal-sets/",
        "/dealing/deal-sets/new/",
        "/dealing/perfect-auction/",
        "/movements/",
        "/movements/show/?pairs=16",
        f"/movements/session/{planned.pk}/",
    ]
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    log_in(page, demo, "director", "director-demo-2026")
    too_wide = {}
    for path in pages:
        response = page.goto(demo + path)
        assert response.status == 200, path
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE["width"]:
            too_wide[path] = width
    context.close()
    assert too_wide == {}, f"pages wider than {PHONE['width']} px: {too_wide}"
