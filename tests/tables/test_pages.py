"""Joining by code and PIN or by the QR code's address (rate-limited, shown to the director), the table's
page, leaving and taking over; the director's live room, its controls and the codes page."""

from __future__ import annotations

from django.test import Client

from tables.models import Device, JoinAttempt


def join(client, t, pin=None, take_over=False):
    data = {"code": t.code.lower(), "pin": t.pin if pin is None else pin}
    if take_over:
        data["take_over"] = "1"
    return client.post("/t/join/", data)


def test_joining_with_the_code_and_pin_opens_the_tables_page(howell, table):
    client = Client()
    response = join(client, table(3))
    assert response.status_code == 302 and response["Location"] == "/t/"
    page = client.get("/t/")
    assert page.status_code == 200
    assert b'id="table-state"' in page.content and b"Table 3" in page.content


def test_the_qr_codes_address_names_the_table_and_brings_its_pin(howell, table):
    t = table(2)
    client = Client()
    page = client.get(f"/t/{t.code}/?pin={t.pin}")
    assert page.status_code == 200 and b"Table 2" in page.content and t.pin.encode() in page.content
    assert client.post(f"/t/{t.code}/", {"pin": t.pin}).status_code == 302
    assert Device.objects.filter(table=t, left_at__isnull=True).count() == 1


def test_a_wrong_code_an_old_card_and_a_wrong_pin_are_said_clearly(howell, table):
    from clubs.models import Session

    client = Client()
    response = client.post("/t/join/", {"code": "QQQQQ", "pin": "1234"})
    assert response.status_code == 400 and b"No table has the code QQQQQ" in response.content
    t = table(1)
    wrong = "0000" if t.pin != "0000" else "1111"
    response = join(client, t, pin=wrong)
    assert b"Wrong PIN for table code" in response.content
    Session.objects.filter(pk=howell.pk).update(status=Session.Status.FINISHED)
    response = join(client, t)
    assert b"which is over" in response.content


def test_pin_guessing_is_locked_and_the_director_sees_it(howell, table, director, client_for):
    t = table(4)
    wrong = "0000" if t.pin != "0000" else "1111"
    client = Client()
    for _ in range(5):
        join(client, t, pin=wrong)
    response = join(client, t)  # the right PIN, too late
    assert response.status_code == 400 and b"Too many wrong PINs" in response.content
    assert not Device.objects.filter(table=t).exists()
    assert JoinAttempt.objects.filter(table=t, ok=False).count() == 6
    room = client_for(director).get(f"/tables/sessions/{howell.pk}/room/live/")
    assert b'data-testid="wrong-pins-4"' in room.content and b"locked until" in room.content


def test_a_phone_takes_over_and_the_old_one_is_signed_out(howell, table):
    t = table(1)
    old, new = Client(), Client()
    join(old, t)
    join(new, t, take_over=True)
    signed_out = old.get("/t/")  # its page, signed out: what it holds unsent is still offered (else it joins again)
    assert signed_out.status_code == 200 and b'data-signed-out="1"' in signed_out.content
    assert new.get("/t/").status_code == 200
    new.post("/t/leave/", {"sure": "1"})
    assert new.get("/t/").status_code == 302


def test_the_live_room_shows_every_table_and_its_controls_work(howell, director, client_for, table):
    from tables.models import TableSession

    client = client_for(director)
    page = client.get(f"/tables/sessions/{howell.pk}/room/")
    assert page.status_code == 200
    for n in range(1, 5):
        assert f'data-testid="room-table-{n}"'.encode() in page.content
    assert b'data-testid="release-round"' in page.content
    client.post(f"/tables/sessions/{howell.pk}/release/", {"round": 2, "playing_confirmed": "1"})
    assert TableSession.objects.get(session=howell).released_round == 2
    client.post(f"/tables/sessions/{howell.pk}/tables/3/lock/", {"locked": "1"})
    assert table(3).locked
    codes = client.get(f"/tables/sessions/{howell.pk}/codes/")
    assert codes.content.count(b"data:image/svg+xml") == 4 and table(3).code.encode() in codes.content


def test_only_the_clubs_directors_see_the_room(howell, scorer, player, other_director, client_for):
    for user in (scorer, player, other_director):
        assert client_for(user).get(f"/tables/sessions/{howell.pk}/room/").status_code in (403, 404)


def test_a_director_starts_table_entry_from_the_session_page(club_session, director, client_for):
    from movements.services import session_movement_choose

    session_movement_choose(session=club_session, user=director, pairs=8, boards_per_round=3)
    client = client_for(director)
    assert b'data-testid="live-room-link"' in client.get(f"/sessions/{club_session.pk}/").content
    client.post(f"/tables/sessions/{club_session.pk}/start/")
    club_session.refresh_from_db()
    assert club_session.status == "running" and club_session.table_entry.tables.count() == 4


def test_the_clubs_table_settings(club, director, client_for):
    from tables.models import TableSettings

    client = client_for(director)
    assert client.get(f"/tables/clubs/{club.slug}/settings/").status_code == 200
    client.post(
        f"/tables/clubs/{club.slug}/settings/",
        {"record_lead": "on", "show_traveller": "on", "tricks": "total", "minutes_per_board": "8"},
    )
    settings = TableSettings.objects.get(club=club)
    assert (settings.record_lead, settings.show_traveller, settings.tricks, settings.minutes_per_board) == (
        True,
        True,
        "total",
        8,
    )
