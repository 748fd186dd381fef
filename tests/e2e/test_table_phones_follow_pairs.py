"""Phones that move with their players (issue 24 item 9), in Chromium: phones at 375 px, the director's room at
1280 px, a seven-pair Howell (pair 8 the phantom: in round r pair r sits out at table 1).

* The director chooses, where table entry is started, that a pair's phone follows its pair. A phone is asked once
  whose it is; the move screen says where it goes; when the next round starts it joins the pair's next table by
  itself — no QR code or PIN again — and says so; through a sit-out it says "Pair 2 sits out round 2" and goes on
  after. Two rounds are walked. The room shows which pair's phone is at which table.
* By default a table's phone stays at its table, and the move screen says to leave it there.
* The phone writes no trumps in the phone's language ("3BA" in Polish), and a phone signed out with a result not
  sent keeps offering it after a reload.

Screenshots (375 px phones, 1280 px room) go to ``$E2E_SCREENSHOTS``.
"""

from __future__ import annotations

import re
import uuid

import pytest
from playwright.sync_api import expect

from tables.models import Table
from tables.selectors.context import session_context
from tests.e2e.browser import log_in, snap

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 375, "height": 740}
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture
def seven_pairs(club_session, director):
    """A club session of 7 pairs (a Howell, 2 boards a round), its movement chosen; table entry not started."""
    from movements.services import session_movement_choose

    session_movement_choose(session=club_session, user=director, pairs=7, boards_per_round=2)
    club_session.refresh_from_db()
    return club_session


def phone_at(browser, base, table, **options):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, **options)
    page = context.new_page()
    page.goto(f"{base}/t/{table.code}/?pin={table.pin}")
    page.get_by_test_id("join-submit").click()
    expect(page.get_by_test_id("table-app")).not_to_contain_text("Loading")
    return context, page


def enter(page, board):
    """From the round screen: 4♠= by N, NS send, EW accept, back to the round."""
    page.get_by_test_id(f"board-{board}").click()
    for name in ("level-4", "strain-S", "doubling-0", "declarer-N"):
        page.get_by_test_id(name).click()
    page.get_by_test_id("contract-next").click()
    page.get_by_test_id("over-made").click()
    page.get_by_test_id("send").click()
    page.get_by_test_id("accept").click()
    expect(page.get_by_test_id("board-state")).to_contain_text("Confirmed")
    page.get_by_test_id("continue").click()


def play(session, round_number, *, tables):
    """The ``tables`` play their boards of ``round_number`` on a phone of their own (4♠= by N, sent and accepted)."""
    from tables.services.joining import table_join
    from tables.services.submissions import entry_confirm, entry_submit

    context = session_context(session)
    for number in tables:
        table = table_of(session, number)
        device, _token = table_join(code=table.code, pin=table.pin)
        for board in context.meeting(round_number, number).boards:
            data = {"board": board, "round": round_number, "level": 4, "strain": "S", "declarer": "N", "relative": "="}
            entry = entry_submit(device=device, key=uuid.uuid4().hex, data=data)
            entry_confirm(device=device, key=uuid.uuid4().hex, entry=entry.entry, side="EW")


def table_of(session, number):
    return Table.objects.get(table_session__session=session, number=number)


def test_phones_follow_their_pairs_through_two_rounds(browser, live_server, seven_pairs, director, shots):
    from tables.services.setup import round_release

    base, session = live_server.url, seven_pairs
    desk = browser.new_context(viewport=DESKTOP)
    room = desk.new_page()
    log_in(room, base, director.username, f"{director.username}-pass-2026")
    room.goto(f"{base}/tables/sessions/{session.pk}/room/")
    expect(room.get_by_test_id("phones-table")).to_be_checked()  # today's way is the default
    room.get_by_test_id("phones-pair").check()
    room.get_by_test_id("start-tables").click()
    expect(room.get_by_test_id("phones-mode")).to_contain_text("A pair's phone follows its pair")
    session.refresh_from_db()
    context = session_context(session)
    assert (context.meeting(1, 3).ns, context.meeting(2, 4).ew, context.meeting(3, 4).ns) == ("5", "5", "5")
    assert (context.meeting(1, 2).ns, context.meeting(3, 3).ew) == ("2", "2")  # pair 2 sits out round 2

    five_context, five = phone_at(browser, base, table_of(session, 3))
    whose = five.get_by_test_id("phone-whose")
    expect(whose).to_contain_text("Whose phone is this?")
    expect(five.get_by_test_id("phone-pair-7")).to_be_visible()
    five.get_by_test_id("phone-pair-5").click()
    expect(five.get_by_test_id("phone-with")).to_have_text("This phone goes with pair 5.")
    expect(whose).to_have_count(0)  # asked once
    two_context, two = phone_at(browser, base, table_of(session, 2))
    two.get_by_test_id("phone-pair-2").click()
    expect(two.get_by_test_id("phone-with")).to_have_text("This phone goes with pair 2.")

    for board in context.meeting(1, 3).boards:
        enter(five, board)
    expect(five.get_by_test_id("round-done")).to_contain_text("Round 1 is done")
    expect(five.get_by_test_id("phone-note")).to_have_text(
        "This phone goes with pair 5: when round 2 starts it joins table 4, EW, by itself (no code or PIN)."
    )
    snap(five, shots / "phone-follows-pair-moves-375.png")
    for board in context.meeting(1, 2).boards:
        enter(two, board)
    expect(two.get_by_test_id("phone-note")).to_have_text(
        "Pair 2 sits out round 2: this phone goes with it and joins its next table by itself."
    )
    room.reload()
    expect(room.get_by_test_id("room-phones-3")).to_contain_text("pair 5's")
    expect(room.get_by_test_id("room-phones-2")).to_contain_text("pair 2's")

    round_release(session=session, user=director, round_number=2, playing_confirmed=True)  # table 4 still plays
    expect(five.locator(".phone-bar")).to_contain_text("Table 4")  # joined by itself: no code, no PIN
    expect(five.get_by_test_id("phone-notice")).to_contain_text("This phone has joined table 4 with pair 5.")
    expect(five.get_by_test_id("phone-behind")).to_contain_text("Table 4 is still playing round 1")
    expect(five.get_by_test_id("round-title")).to_contain_text("Round 1")  # its players may still use it
    play(session, 1, tables=(4,))  # table 4's players finish round 1 (on their own phone)
    five.get_by_test_id("moved-on").click()  # they have moved: pair 5 sits down for round 2
    expect(five.get_by_test_id("round-title")).to_contain_text("Round 2")
    expect(five.get_by_test_id("pair-ew")).to_contain_text("EW 5")
    snap(five, shots / "phone-follows-pair-joined-375.png")
    expect(two.locator(".phone-bar")).to_contain_text("Table 1")
    expect(two.get_by_test_id("sitting-out")).to_have_text("Pair 2 sits out round 2.")
    expect(two.get_by_test_id("phone-note")).to_contain_text("This phone goes with pair 2: when round 3 starts")
    snap(two, shots / "phone-follows-pair-sits-out-375.png")
    room.reload()
    expect(room.get_by_test_id("room-phones-4")).to_contain_text("pair 5's")
    expect(room.get_by_test_id("room-phones-1")).to_contain_text("pair 2's")
    snap(room, shots / "room-phones-follow-pairs-1280.png")

    for board in context.meeting(2, 4).boards:  # the second round, at the table it joined
        enter(five, board)
    expect(five.get_by_test_id("phone-note")).to_contain_text("joins table 4, NS")  # pair 5 stays, NS
    play(session, 2, tables=(2, 3))
    round_release(session=session, user=director, round_number=3)  # every table done: nothing to ask
    expect(five.get_by_test_id("round-title")).to_contain_text("Round 3")
    expect(five.get_by_test_id("pair-ns")).to_contain_text("NS 5")
    expect(two.locator(".phone-bar")).to_contain_text("Table 3")  # after the sit-out, the pair's next table
    expect(two.get_by_test_id("round-title")).to_contain_text("Round 3")
    expect(two.get_by_test_id("pair-ew")).to_contain_text("EW 2")
    for ctx in (five_context, two_context, desk):
        ctx.close()


def test_by_default_the_phone_stays_and_the_move_screen_says_so(browser, live_server, tables_started):
    context, page = phone_at(browser, live_server.url, table_of(tables_started, 2))
    expect(page.get_by_test_id("phone-whose")).to_have_count(0)
    for board in session_context(tables_started).meeting(1, 2).boards:
        enter(page, board)
    expect(page.get_by_test_id("phone-note")).to_have_text(
        "Leave this phone at table 2: the players who come to table 2 next use it."
    )
    context.close()


def test_a_polish_phone_writes_no_trumps_in_polish(browser, live_server, tables_started):
    context, page = phone_at(
        browser,
        live_server.url,
        table_of(tables_started, 1),
        locale="pl-PL",
        extra_http_headers={"Accept-Language": "pl"},
    )
    board = session_context(tables_started).meeting(1, 1).boards[0]
    page.get_by_test_id(f"board-{board}").click()
    expect(page.get_by_test_id("strain-N")).to_have_text("BA")
    for name in ("level-3", "strain-N", "doubling-0", "declarer-S"):
        page.get_by_test_id(name).click()
    page.get_by_test_id("contract-next").click()
    page.get_by_test_id("over-plus1").click()
    expect(page.get_by_test_id("said")).to_contain_text("3BA")
    expect(page.get_by_test_id("said")).not_to_contain_text("NT")
    context.close()


def test_a_signed_out_phone_keeps_its_unsent_result_after_a_reload(browser, live_server, tables_started):
    base, table = live_server.url, table_of(tables_started, 1)
    board = session_context(tables_started).meeting(1, 1).boards[0]
    old_context, old = phone_at(browser, base, table)
    old_context.set_offline(True)
    old.get_by_test_id(f"board-{board}").click()
    for name in ("level-4", "strain-S", "doubling-0", "declarer-N"):
        old.get_by_test_id(name).click()
    old.get_by_test_id("contract-next").click()
    old.get_by_test_id("over-made").click()
    old.get_by_test_id("send").click()
    expect(old.get_by_test_id("not-sent")).to_be_visible()
    new_context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    new = new_context.new_page()
    new.goto(f"{base}/t/{table.code}/?pin={table.pin}")
    new.get_by_test_id("take-over").check()
    new.get_by_test_id("join-submit").click()
    old_context.set_offline(False)
    expect(old.get_by_test_id("held")).to_contain_text(f"Board {board}")
    old.reload()  # before choosing: the result is still there, and still offered
    expect(old).to_have_url(re.compile(r"/t/$"))
    expect(old.get_by_test_id("held")).to_contain_text(f"Board {board}")
    old.get_by_test_id("hand-to-table").click()
    expect(old.get_by_test_id("handed")).to_contain_text("Handed to the table's phone")
    expect(new.get_by_test_id("handed-in")).to_contain_text(f"Board {board}")
    for ctx in (old_context, new_context):
        ctx.close()
