"""Results files on the site: a director imports each real file through the page and the API and sees our ranking
and the comparison with the file's numbers; a session's results download as USEBIO and PBN, and import again to the
same ranking; who may do what; a bad file names file, line and element beside the field and saves nothing."""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from clubs.models import Pair, Session
from dealing.models import Board
from scoring.domain.formats.usebio import SAMPLE
from scoring.models import ImportedLayout, Result
from scoring.selectors.imports import session_import_report
from scoring.services.imports import MAX_IMPORT_BYTES, session_import_file
from tests.scoring.formats.test_imports import FILES, command_ranking, stored_ranking

IMPORT_PAGE = "/scoring/clubs/riverside/import/"
IMPORT_API = "/api/v1/clubs/riverside/sessions/import/"
ABF_MITCHELL = "abf-compscore3-mitchell-21tables-adjusted-2022-07-28.usebio.xml"
BRIAN = "wgcbc-brian-howell-13pairs-2025-04-09.usebio.xml"
file_ids = [name.split(".")[0] for name, *_ in FILES]


def upload(name: str, data: bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type="application/octet-stream")


def nothing_saved() -> bool:
    return not (
        Session.objects.exists()
        or Pair.objects.exists()
        or Result.objects.exists()
        or Board.objects.exists()
        or ImportedLayout.objects.exists()
    )


@pytest.fixture
def imported(club, director, events_dir):
    """``imported(name)``: a real file imported as a session of the club (through the service)."""

    def make(name: str) -> Session:
        return session_import_file(club=club, data=(events_dir / name).read_bytes(), filename=name, user=director)

    return make


# --- import through the page and the API ------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("name, results, pairs, deals, winners", FILES, ids=file_ids)
def test_each_real_file_imported_through_the_page(
    client_for, director, events_dir, name, results, pairs, deals, winners
):
    client = client_for(director)
    page = client.get(IMPORT_PAGE)
    assert page.status_code == 200 and b'enctype="multipart/form-data"' in page.content
    response = client.post(IMPORT_PAGE, {"file": upload(name, (events_dir / name).read_bytes())})
    session = Session.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/scoring/sessions/{session.pk}/import/"
    assert stored_ranking(session) == command_ranking(events_dir / name)
    report = client.get(response["Location"])
    assert report.status_code == 200
    html = report.content.decode()
    assert f'data-testid="import-lines">{results}<' in html and f'data-testid="import-pairs">{pairs}<' in html
    assert 'data-testid="import-verdict"' in html and 'data-testid="import-mathematics"' in html
    assert html.count('data-testid="ranking"') == winners
    first = stored_ranking(session)[0]
    assert f'data-testid="percentage-{first[0]}">{first[2]:.2f}<' in html


@pytest.mark.parametrize("name, results, pairs, deals, winners", FILES, ids=file_ids)
def test_each_real_file_imported_through_the_api(
    api_client_for, director, events_dir, name, results, pairs, deals, winners
):
    response = api_client_for(director).post(
        IMPORT_API, {"file": upload(name, (events_dir / name).read_bytes())}, format="multipart"
    )
    assert response.status_code == 201, response.content
    body = response.json()
    session = Session.objects.get(pk=body["session"])
    assert (body["lines"], body["pairs"], body["deals"]) == (results, pairs, deals)
    assert body["source"]["filename"] == name and body["url"].endswith(f"/scoring/sessions/{session.pk}/import/")
    assert body["comparison"]["agrees"] and body["comparison"]["scores_differ"] == 0
    assert [(p["pair"], p["place"], p["percentage"]) for p in body["ranking"]] == command_ranking(events_dir / name)


def test_the_comparison_says_every_difference_and_its_reason(client_for, director, imported):
    session = imported(ABF_MITCHELL)
    report = session_import_report(session=session)
    assert (report.lines, report.pairs, report.boards, report.deals) == (567, 42, 27, 27)
    assert report.checked == {"scores": 563, "matchpoints": 1134, "totals": 42, "percentages": 42, "places": 42}
    assert [c.code for c in report.conventions] == ["half_even", "override"]
    assert [(o.board, o.ns, o.ew, o.theirs) for o in report.overrides] == [
        (3, "1NS", "1EW", ("23", "11")),
        (4, "1NS", "21EW", ("21", "19")),
    ]
    assert report.agrees and not report.unexplained and len(report.differences) == 28
    html = client_for(director).get(f"/scoring/sessions/{session.pk}/import/").content.decode()
    assert "the file rounds halves to the even digit (12.65 → 12.6)" in html.lower()
    assert (
        "Board 3, 1NS v 1EW (A5050): the file carries 23/11 where the rules give 20.00/20.00 (a director&#x27;s "
        "override)"
    ) in html
    assert "M′ = (M + 1) × E ÷ A − 1" not in html  # Neuberg is not what explains this file's numbers
    maths = html[html.index('data-testid="import-differences"') :]
    assert maths[: maths.index("</table>")].count("<tr><td>") == 28  # every differing number, in the maths
    api = session_import_report(session=imported(BRIAN))
    assert [c.code for c in api.conventions] == ["factoring_none", "single_precision"]


@pytest.mark.slow
def test_the_comparison_in_polish(client_for, director, imported):
    session = imported(ABF_MITCHELL)
    html = (
        client_for(director).get(f"/scoring/sessions/{session.pk}/import/", HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    )
    assert "Zaimportowane wyniki" in html and "Matematyka" in html
    assert "The file's numbers and ours" not in html


def test_a_handicap_file_shows_the_handicap_ranking_beside_the_scratch_one(club, director, client_for):
    """The hand-made handicap event (tests/scoring/formats/test_what_programs_write.py): scratch 25, 75, 75, 25 %,
    handicaps 30, −10, 0, 20 → 40, 70, 75, 35 %; every number agrees, and both rankings are named."""
    from tests.scoring.formats.test_what_programs_write import handicap_usebio  # (a helper of the formats' tests)

    data = handicap_usebio(
        [(1, "30", "40.00", "3"), (2, "-10", "70.00", "2"), (3, "0", "75.00", "1"), (4, "20", "35.00", "4")]
    )
    session = session_import_file(club=club, data=data, filename="handicap.xml", user=director)
    report = session_import_report(session=session)
    assert report.agrees and not report.differences and report.handicaps == {"1": 30, "2": -10, "3": 0, "4": 20}
    html = client_for(director).get(f"/scoring/sessions/{session.pk}/import/").content.decode()
    assert "Scratch ranking" in html and "Handicap ranking" in html
    handicap = html[html.index('data-testid="handicap-ranking"') :]
    assert re.findall(r'data-testid="handicap-percentage-(\d+)">([\d.]+)<', handicap) == [
        ("3", "75.00"),
        ("2", "70.00"),
        ("1", "40.00"),
        ("4", "35.00"),
    ]


def test_a_file_with_no_numbers_of_its_own_says_so(client_for, director, imported):
    session = imported("wgcbc-bridgewebs-howell-13pairs-2025-04-09.pbn")
    html = client_for(director).get(f"/scoring/sessions/{session.pk}/import/").content.decode()
    assert "there is nothing to compare" in html


# --- export, and export → import ------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("kind, suffix", [("usebio", ".usebio.xml"), ("pbn", ".pbn")])
@pytest.mark.parametrize("name", [f[0] for f in FILES], ids=file_ids)
def test_an_exported_file_imports_again_to_the_same_ranking(client_for, club, director, imported, name, kind, suffix):
    session = imported(name)
    response = client_for(director).get(f"/scoring/sessions/{session.pk}/export/{kind}/")
    assert response.status_code == 200
    filename = re.fullmatch(r'attachment; filename="(.+)"', response["Content-Disposition"])[1]
    assert filename.startswith(f"riverside-{session.date:%Y-%m-%d}-") and filename.endswith(suffix)
    again = session_import_file(club=club, data=response.content, filename=filename, user=director)
    assert stored_ranking(again) == stored_ranking(session)
    assert Board.objects.filter(session=again).count() == Board.objects.filter(session=session).count()
    report = session_import_report(session=again)
    assert report.compared and not report.differences  # our own numbers, compared with ours


def test_the_files_hold_names_numbers_and_hands(club, director, client_for, imported):
    from clubs.services import member_create

    member_create(club=club, first_name="Ada", last_name="Adamska", national_id="100095")
    session = imported(ABF_MITCHELL)
    client = client_for(director)
    usebio = client.get(f"/scoring/sessions/{session.pk}/export/usebio/")
    assert usebio["Content-Type"] == "application/xml; charset=utf-8"
    assert usebio["Content-Disposition"] == (
        'attachment; filename="riverside-2022-07-28-el-thu-100pm-open-28-jul-22.usebio.xml"'
    )
    text = usebio.content.decode()
    assert 'EVENT_TYPE="MP_PAIRS"' in text and "<WINNER_TYPE>2</WINNER_TYPE>" in text
    assert "<PLAYER_NAME>Ada Adamska</PLAYER_NAME>" in text and "<NATIONAL_ID_NUMBER>100095<" in text
    assert text.count("<HAND>") == 27 * 4 and "<SCORE>A6040</SCORE>" in text
    pbn = client.get(f"/scoring/sessions/{session.pk}/export/pbn/")
    assert pbn["Content-Type"] == "application/x-chess-pbn; charset=utf-8"
    text = pbn.content.decode()
    assert text.count("[ScoreTable ") == 27 and text.count("[TotalScoreTable ") == 1
    assert '[Deal "N:' in text and "Ada Adamska" in text


@pytest.fixture
def running_with_a_result(howell_session, director, pair):
    """Tuesday Pairs dealt (21 boards) and in play, one result recorded on board 1."""
    from bridge.cards import Seat
    from dealing.services.boards import session_deal_fresh
    from scoring.domain.results import Played
    from scoring.selectors.layout import session_layout
    from scoring.services.results import result_record

    session_deal_fresh(session=howell_session, user=director, boards=21, queue_analysis=False)
    Session.objects.filter(pk=howell_session.pk).update(status=Session.Status.RUNNING)
    howell_session.refresh_from_db()
    meeting = session_layout(howell_session).meetings_of_board(1)[0]
    result_record(
        session=howell_session,
        board=1,
        ns_pair=pair(meeting.ns),
        ew_pair=pair(meeting.ew),
        result=Played.of("4S", Seat.NORTH.letter, 10),
        user=director,
        round=meeting.round,
        table=meeting.table,
    )
    return howell_session


def test_no_hands_before_the_session_is_over(client_for, director, scorer, running_with_a_result):
    session = running_with_a_result
    for user in (director, scorer):
        client = client_for(user)
        usebio = client.get(f"/scoring/sessions/{session.pk}/export/usebio/")
        pbn = client.get(f"/scoring/sessions/{session.pk}/export/pbn/")
        assert usebio.status_code == pbn.status_code == 200
        assert b"<HANDSET>" not in usebio.content and b"<HAND>" not in usebio.content
        assert b'[Deal ""]' in pbn.content and b'[Deal "N:' not in pbn.content
        assert usebio["Content-Disposition"] == 'attachment; filename="riverside-2026-11-24-tuesday-pairs.usebio.xml"'
    Session.objects.filter(pk=session.pk).update(status=Session.Status.FINISHED)
    usebio = client_for(director).get(f"/scoring/sessions/{session.pk}/export/usebio/")
    assert usebio.content.count(b"<HAND>") == 4  # the one board played, its four hands


def test_a_session_without_results_has_nothing_to_export(client_for, director, howell_session):
    response = client_for(director).get(f"/scoring/sessions/{howell_session.pk}/export/pbn/")
    assert response.status_code == 404


# --- who may do what ------------------------------------------------------------------------------------------------


@pytest.mark.slow
def test_who_may_download(client, client_for, api_client_for, director, scorer, player, other_director, imported):
    session = imported(ABF_MITCHELL)
    page = f"/scoring/sessions/{session.pk}/export/usebio/"
    api = f"/api/v1/sessions/{session.pk}/export/pbn/"
    assert client.get(page).status_code == 302 and "/accounts/login/" in client.get(page)["Location"]
    assert api_client_for(None).get(api).status_code in (401, 403)
    assert client_for(other_director).get(page).status_code == 404
    assert api_client_for(other_director).get(api).json()["error"]["code"] == "not_found"
    for user in (director, scorer):
        assert client_for(user).get(page).status_code == 200
        assert api_client_for(user).get(api).status_code == 200
    # a player: once the results are published, not before
    refused = api_client_for(player).get(api)
    assert client_for(player).get(page).status_code == 403
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "permission_denied"
    Session.objects.filter(pk=session.pk).update(status=Session.Status.PROVISIONAL)
    assert client_for(player).get(page).status_code == 200
    got = api_client_for(player).get(api)
    assert got.status_code == 200 and got["Content-Disposition"].endswith('.pbn"') and b'[Deal "N:' in got.content


def test_who_may_import(client, client_for, api_client_for, director, scorer, player, other_director):
    sample = upload("club.xml", SAMPLE)
    assert client.get(IMPORT_PAGE).status_code == 302
    assert api_client_for(None).post(IMPORT_API, {"file": sample}, format="multipart").status_code in (401, 403)
    assert client_for(other_director).get(IMPORT_PAGE).status_code == 404
    assert (
        api_client_for(other_director)
        .post(IMPORT_API, {"file": upload("club.xml", SAMPLE)}, format="multipart")
        .status_code
        == 404
    )
    for user in (scorer, player):
        assert client_for(user).get(IMPORT_PAGE).status_code == 403
        assert client_for(user).post(IMPORT_PAGE, {"file": upload("club.xml", SAMPLE)}).status_code == 403
        assert (
            api_client_for(user).post(IMPORT_API, {"file": upload("club.xml", SAMPLE)}, format="multipart").status_code
            == 403
        )
    assert nothing_saved()


def test_who_may_read_the_comparison(client_for, director, scorer, player, other_director, imported, club_session):
    session = imported(ABF_MITCHELL)
    url = f"/scoring/sessions/{session.pk}/import/"
    assert client_for(director).get(url).status_code == 200 and client_for(scorer).get(url).status_code == 200
    assert client_for(player).get(url).status_code == 403
    assert client_for(other_director).get(url).status_code == 404
    assert client_for(director).get(f"/scoring/sessions/{club_session.pk}/import/").status_code == 404


@pytest.mark.slow
def test_the_links_on_the_club_and_session_pages(client_for, director, scorer, player, imported):
    session = imported(ABF_MITCHELL)
    assert f'href="{IMPORT_PAGE}"' in client_for(director).get("/clubs/riverside/").content.decode()
    assert f'href="{IMPORT_PAGE}"' not in client_for(player).get("/clubs/riverside/").content.decode()
    page = f"/sessions/{session.pk}/"
    for user in (director, scorer):
        html = client_for(user).get(page).content.decode()
        assert f'href="/scoring/sessions/{session.pk}/export/usebio/"' in html
        assert f'href="/scoring/sessions/{session.pk}/export/pbn/"' in html
        assert f'href="/scoring/sessions/{session.pk}/import/"' in html
    html = client_for(player).get(page).content.decode()
    assert "export-usebio" not in html and "import-report-link" not in html
    Session.objects.filter(pk=session.pk).update(status=Session.Status.PUBLISHED)
    html = client_for(player).get(page).content.decode()
    assert "export-usebio" in html and "import-report-link" not in html


# --- bad files ------------------------------------------------------------------------------------------------------

BAD_FILES = [
    (
        "malformed",
        "club.xml",
        SAMPLE.replace(b"</CLUB_NAME>", b"</CLUB>"),
        "club.xml: line 3 (CLUB_NAME): this is not well-formed XML (mismatched tag, column 31)",
    ),
    (
        "truncated",
        "club.xml",
        SAMPLE[: SAMPLE.index(b"<SCORE>400")],
        "club.xml: line 12 (TRAVELLER_LINE): the file ends before &lt;TRAVELLER_LINE&gt; (opened on line 11) is closed: "
        "it is truncated",
    ),
    (
        "unknown event type",
        "club.xml",
        SAMPLE.replace(b"MP_PAIRS", b"TEAMS_OF_FOUR"),
        "event type TEAMS_OF_FOUR cannot be scored here",
    ),
    ("a bad contract", "club.xml", SAMPLE.replace(b"<CONTRACT>3NT", b"<CONTRACT>8S"), "line 11 (CONTRACT)"),
    (
        "not USEBIO",
        "notes.xml",
        b"<?xml version='1.0'?><html><body>hello</body></html>",
        "not a USEBIO file: the root element is &lt;html&gt;",
    ),
    (
        "a PBN with no results",
        "deals.pbn",
        b'[Event "x"]\n[Board "1"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n',
        "the file has no traveller lines: there is nothing to score",
    ),
    (
        "not a results file",
        "minutes.docx",
        b"PK\x03\x04 not a results file",
        "minutes.docx: not a results file this site reads",
    ),
]


@pytest.mark.parametrize("case, name, data, words", BAD_FILES, ids=[c[0] for c in BAD_FILES])
def test_a_bad_file_on_the_page_is_named_beside_the_field_and_nothing_is_saved(
    client_for, director, case, name, data, words
):
    response = client_for(director).post(IMPORT_PAGE, {"file": upload(name, data)})
    assert response.status_code == 400
    html = response.content.decode()
    error = re.search(r'<small class="field-error" id="id_file-error" role="alert">(.*?)</small>', html, re.S)
    assert error is not None and words in error[1], html
    assert nothing_saved()


@pytest.mark.parametrize("case, name, data, words", BAD_FILES, ids=[c[0] for c in BAD_FILES])
def test_a_bad_file_through_the_api_is_one_error_and_nothing_is_saved(
    api_client_for, director, case, name, data, words
):
    response = api_client_for(director).post(IMPORT_API, {"file": upload(name, data)}, format="multipart")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid" and error["field"] == "file"
    assert words.replace("&lt;", "<").replace("&gt;", ">") in error["message"]
    assert nothing_saved()


def test_a_file_too_big_is_refused_before_it_is_read(client_for, api_client_for, director):
    big = b"<USEBIO>" + b" " * MAX_IMPORT_BYTES
    response = client_for(director).post(IMPORT_PAGE, {"file": upload("huge.xml", big)})
    assert response.status_code == 400 and "huge.xml is larger than 5 MB" in response.content.decode()
    api = api_client_for(director).post(IMPORT_API, {"file": upload("huge.xml", big)}, format="multipart")
    assert api.status_code == 400 and api.json()["error"] == {
        "code": "invalid",
        "field": "file",
        "message": "huge.xml is larger than 5 MB",
    }
    assert nothing_saved()


def test_no_file_at_all(client_for, api_client_for, director):
    assert client_for(director).post(IMPORT_PAGE, {}).status_code == 400
    response = api_client_for(director).post(IMPORT_API, {}, format="multipart")
    assert response.status_code == 400 and response.json()["error"]["field"] == "file"
    assert nothing_saved()


def test_a_bad_file_is_said_in_polish(client_for, director):
    response = client_for(director).post(
        IMPORT_PAGE, {"file": upload("club.xml", SAMPLE[:200])}, HTTP_ACCEPT_LANGUAGE="pl"
    )
    assert response.status_code == 400
    assert "club.xml" in response.content.decode() and "truncated" not in response.content.decode()
