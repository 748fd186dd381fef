"""Hostile fields (issue 13): the pages and API endpoints that read what a person types or uploads, fed hostile
values — never a server error; a refusal is a 4xx or the form again, with a message; nothing saved changes.

Each test posts (or gets) generated and mutated values through Django's test client or DRF's API client, as a
logged-in director, scorer or a phone joined to its table, into one form or endpoint that parses text: deal and
auction text (the perfect-auction page and API), a board file uploaded on the dealing page, a commitment's fields
and its delayed value, the scorer's traveller shorthand, a results file imported (USEBIO, PBN), the SquareDeal
audit's uploads (.sqd, .sqk, hand records), the results API and the phones' entry API, the pairs page and the
movement chooser. The test client raises what a view raises, so a crash fails the test with its input; a
refusal must say why (a form error, the page's error, or the API's ``{"error": {"message"}}``), and the rows
the request could have written are counted before and after it: a refused request writes none.

Values: the same builders (``grammar``) and mutations of real inputs (``hostile.mutated``) as the files' test,
plus numbers at the edges and odd characters. Fewer inputs than the parsers' test (a request is a hundred times
slower than a parse): ``FORM_EXAMPLES`` below, a few thousand in all.
"""

from __future__ import annotations

import json
import re
import uuid

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from hypothesis import HealthCheck, event, example, given, note, settings
from hypothesis import strategies as st

from tests.security import grammar
from tests.security.hostile import (BIGDEAL, EDGE_NUMBERS, EVENTS, UNICODE, WBG, feed, first_elements, first_games,
                                    first_lines, mutated, read)

pytestmark = pytest.mark.django_db

#: requests made by each test
FORM_EXAMPLES = {"perfect_auction": 250, "perfect_auction_api": 200, "board_import": 250, "commitment": 150,
                 "scorer_entry": 250, "results_import": 150, "audit_uploads": 150, "results_api": 200,
                 "table_entry": 200, "pairs": 120, "movement": 150}


def form_settings(name: str):
    return settings(max_examples=FORM_EXAMPLES[name], deadline=None, database=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                           HealthCheck.data_too_large, HealthCheck.large_base_example])


# --- values --------------------------------------------------------------------------------------------

def _text(build):
    return grammar.randoms().map(lambda r: build(grammar.Maker(r)))


#: any hostile text a field may receive
odd_text = st.one_of(st.sampled_from(UNICODE + EDGE_NUMBERS + ["", " ", "\x00", "9" * 5000, "<script>alert(1)</script>",
                                                               "' OR 1=1 --", "%00", "../../etc/passwd"]),
                     _text(lambda m: m.odd()), st.text(max_size=30))
deal_text = st.one_of(_text(lambda m: m.deal()), odd_text)
auction_text = st.one_of(_text(lambda m: m.auction()), odd_text)
traveller_text = st.one_of(_text(grammar.traveller), _text(lambda m: m.contract()), odd_text)
number_text = st.one_of(st.sampled_from(EDGE_NUMBERS), st.integers(-2 ** 70, 2 ** 70).map(str), odd_text)


def _decoded(strategy):
    return strategy.map(lambda b: b.decode("utf-8", "replace"))


DEAL_SEEDS = [f"N:{d}".encode() for d in grammar.REAL_DEALS[:5]]
deal_text = st.one_of(deal_text, _decoded(mutated(DEAL_SEEDS, ["-", ".", " ", "10", "N:"])))
auction_text = st.one_of(auction_text, _decoded(mutated([b"1S P 2NT P 4S AP", b"P P P P"], ["P", "X", "7NT", " "])))
traveller_text = st.one_of(traveller_text, _decoded(mutated([b"4SX N 9", b"3NT-2 W", b"A60/40", b"20% +650 80% +620"],
                                                            ["=", "+", "%", "/", "X"])))


def board_files():
    """``(name, bytes)``: a board file of any of the five formats, generated or mutated, under a name of any suffix."""
    three = BIGDEAL / "three"
    seeds = {".pbn": read(three / "three.pbn"), ".dup": read(three / "three.dup"), ".dlm": read(three / "three.dlm"),
             ".lin": read(three / "three.lin"), ".csv": read(three / "three.csv")}
    builders = {".pbn": grammar.pbn, ".dup": grammar.dup, ".dlm": grammar.dlm, ".lin": grammar.lin,
                ".csv": grammar.csv}
    names = st.sampled_from(["boards", "x", "../../x", "ł ó", "a" * 300, ""])

    def one(suffix):
        content = st.one_of(_text(builders[suffix]), mutated([seeds[suffix]]), st.binary(max_size=400))
        return st.tuples(st.one_of(names.map(lambda n: n + suffix), names.map(lambda n: n + suffix.upper())),
                         content)

    return st.one_of(*[one(s) for s in seeds], st.tuples(st.sampled_from(["x.txt", "x", ".pbn.exe"]),
                                                         st.binary(max_size=100)))


def results_files():
    usebio = [first_elements(read(p), b"BOARD", 2) for p in sorted(EVENTS.glob("*.usebio.xml"))[:3]]
    pbn = [first_games(read(EVENTS / "wgcbc-bridgewebs-howell-13pairs-2025-04-09.pbn"), 3)]
    return st.one_of(
        st.tuples(st.sampled_from(["event.xml", "E.XML"]), st.one_of(_text(grammar.usebio), mutated(usebio))),
        st.tuples(st.sampled_from(["event.pbn", "e.PBN"]), st.one_of(_text(grammar.pbn), mutated(pbn))),
        st.tuples(st.sampled_from(["event.txt", "event", "x.xml.exe"]), st.binary(max_size=200)))


# --- what a refusal must be ---------------------------------------------------------------------------

def counts(*models) -> dict:
    return {m.__name__: m.objects.count() for m in models}


def says_why(response) -> bool:
    """A refusal says why: the API's error message, or an error on the page (a form's, the page's own)."""
    if response["Content-Type"].startswith("application/json"):
        error = response.json().get("error") or {}
        return bool(str(error.get("message", "")).strip())
    page = response.content.decode("utf-8", "replace")
    return bool(re.search(r'errorlist|class="[^"]*\berror\b|role="alert"|data-state="error"', page))


def answered(response, before: dict, after: dict, *, refused: bool) -> None:
    """No server error; a refusal says why and wrote nothing (``--hypothesis-show-statistics`` counts both)."""
    event("refused" if refused else "taken")
    assert response.status_code < 500, response.status_code
    if refused:
        assert says_why(response), (response.status_code, response.content[:2000])
        assert after == before, f"a refused request wrote rows: {before} → {after}"


def refused_page(response) -> bool:
    """A page's form came back (its errors beside the fields) instead of the redirect of a success."""
    return response.status_code not in (301, 302, 303)


# --- dealing: perfect auction, board files, commitments -----------------------------------------------

@form_settings("perfect_auction")
@given(deal=deal_text, hands=st.lists(st.one_of(deal_text, _text(lambda m: m.hand())), min_size=4, max_size=4),
       auction=auction_text, dealer=st.sampled_from(["N", "E", "S", "W", "X", "", "♠", "9" * 50]),
       which=st.sampled_from(["encode", "hands", "decode", "board"]))
def test_perfect_auction_page(director, client_for, deal, hands, auction, dealer, which):
    """The perfect-auction page (GET forms): a deal or hands, an auction, a board — a result or the form's error."""
    client = client_for(director)
    feed("form:perfect_auction requests")
    if which == "encode":
        params = {"encode-deal": deal, "encode-dealer": dealer}
    elif which == "hands":
        params = {"encode-dealer": dealer, **dict(zip(("encode-north", "encode-east", "encode-south", "encode-west"),
                                                      hands))}
    elif which == "decode":
        params = {"decode-auction": auction, "decode-dealer": dealer}
    else:
        params = {"board-session": deal[:20], "board-number": dealer}
    note(params)
    response = client.get("/dealing/perfect-auction/", params)
    assert response.status_code == 200
    page = response.content.decode()
    assert 'class="bidding' in page or "compass" in page or says_why(response) or which == "board", page[:3000]


@form_settings("perfect_auction_api")
@given(deal=deal_text, auction=auction_text, dealer=st.one_of(st.sampled_from(["N", "E", "x", "", None, 3]), odd_text),
       which=st.sampled_from(["encode", "decode"]), as_json=st.booleans())
def test_perfect_auction_api(director, api_client_for, deal, auction, dealer, which, as_json):
    """The perfect-auction API: an auction or a deal, or a 400 in the API's one error shape."""
    client = api_client_for(director)
    feed("form:perfect_auction_api requests")
    body = {"deal": deal, "dealer": dealer} if which == "encode" else {"auction": auction, "dealer": dealer}
    note(body)
    if as_json:
        response = client.post(f"/api/v1/perfect-auction/{which}/", body, format="json")
    else:        # a form post: every value is text
        response = client.post(f"/api/v1/perfect-auction/{which}/", {k: "" if v is None else str(v)
                                                                     for k, v in body.items()})
    answered(response, {}, {}, refused=response.status_code >= 400)


@pytest.fixture
def dealt_session(club_session, director):
    """A session with its three boards dealt (so an import must say "replace" and keep them when refused)."""
    from dealing.services.boards import session_deal_fresh

    session_deal_fresh(session=club_session, user=director, boards=3, queue_analysis=False)
    return club_session


@form_settings("board_import")
@given(file=board_files(), replace=st.booleans(), boards=number_text, source=st.sampled_from(["import", "fresh"]))
def test_board_file_import(dealt_session, director, client_for, file, replace, boards, source):
    """The dealing page's import (a PBN, DUP, DLM, LIN or CSV file) and fresh dealing: the boards, or the form again
    with the file's error (its line); the boards already dealt stay as they were."""
    from dealing.models import Board, SessionDealing

    client = client_for(director)
    feed("form:board_import requests")
    name, content = file
    note((name, content[:3000], replace, boards))
    deals_before = list(Board.objects.filter(session=dealt_session).order_by("number").values_list("deal_number"))
    before = counts(Board, SessionDealing)
    data = {"replace": "on"} if replace else {}
    if source == "import":
        data["file"] = SimpleUploadedFile(name or "x", content)
    else:
        data["boards"] = boards
    response = client.post(f"/dealing/sessions/{dealt_session.pk}/boards/deal/{source}/", data)
    refused = refused_page(response)
    answered(response, before, counts(Board, SessionDealing), refused=refused)
    if refused:
        assert list(Board.objects.filter(session=dealt_session).order_by("number").values_list("deal_number")) == \
            deals_before


@form_settings("commitment")
@given(event=st.one_of(st.sampled_from(["Riverside Pairs", "Jesień 2026"]), odd_text),
       promise=st.one_of(st.just("DJIA close on 2026-11-20"), odd_text, _text(lambda m: m.word(" abcdefgh.", 1, 40))),
       dv_format=st.sampled_from(["decimal:2", "decimal:0", "text", "decimal:9", "", "x"]),
       boards=st.one_of(st.sampled_from(["24", "1", "999"]), number_text),
       chosen=st.booleans(), dv=st.one_of(number_text, _text(lambda m: m.pick(["43275.91", "43 275,91", "1e5"]))))
def test_commitment_fields(club_session, director, client_for, event, promise, dv_format, boards, chosen, dv):
    """A commitment's form (event, promise, format, boards) and its delayed value: a commitment, or the form again
    with its error; a commitment already published keeps its delayed value."""
    from dealing.models import Commitment, PublicationLogEntry

    client = client_for(director)
    feed("form:commitment requests")
    note((event, promise, dv_format, boards, chosen, dv))
    before = counts(Commitment, PublicationLogEntry)
    data = {"event": event, "promise": promise, "dv_format": dv_format, f"boards_{club_session.pk}": boards}
    if chosen:
        data[f"session_{club_session.pk}"] = "on"
    response = client.post(f"/dealing/commitments/new/{club_session.club.slug}/", data)
    answered(response, before, counts(Commitment, PublicationLogEntry), refused=refused_page(response))
    commitment = Commitment.objects.order_by("-pk").first()
    if commitment is not None:
        before = counts(Commitment, PublicationLogEntry)
        dv_before = (commitment.dv if hasattr(commitment, "dv") else None)
        response = client.post(f"/dealing/commitments/{commitment.pk}/delayed-value/", {"value": dv})
        refused = refused_page(response)
        answered(response, before, counts(Commitment, PublicationLogEntry), refused=refused)
        if refused and dv_before is not None:
            commitment.refresh_from_db()
            assert commitment.dv == dv_before


# --- scoring: the scorer's shorthand, results files, the results API -----------------------------------

@pytest.fixture
def howell_in_play(club_session, director):
    """Tuesday Pairs: a complete Howell for 8 pairs, 3 boards a round, pairs named (the scorer's page and API)."""
    from movements.services import session_movement_choose
    from scoring.services.sessions import session_pairs_ensure

    session_movement_choose(session=club_session, user=director, pairs=8, boards_per_round=3)
    club_session.refresh_from_db()
    session_pairs_ensure(session=club_session)
    return club_session


@form_settings("scorer_entry")
@given(typed=traveller_text, board=st.sampled_from([1, 4, 21]), table=st.integers(0, 3),
       pairs=st.one_of(st.none(), st.tuples(odd_text, odd_text)))
def test_scorer_entry(howell_in_play, scorer, client_for, typed, board, table, pairs):
    """The scorer's line (``4SX N 9``), described as typed and saved: the result said back, or the line's error;
    a refused line leaves the results as they were."""
    from scoring.models import Result, ResultChange
    from scoring.selectors.layout import session_layout

    client = client_for(scorer)
    feed("form:scorer_entry requests")
    meetings = session_layout(howell_in_play).meetings_of_board(board)
    meeting = meetings[table % len(meetings)]
    ns, ew = pairs or (meeting.ns, meeting.ew)
    note((typed, board, ns, ew))
    url = f"/scoring/sessions/{howell_in_play.pk}/entry/{board}/"
    described = client.get(url + "describe/", {"entry": typed, "ns": ns, "ew": ew})
    assert described.status_code == 200
    before = counts(Result, ResultChange)
    response = client.post(url + "save/", {"ns": ns, "ew": ew, "entry": typed}, HTTP_HX_REQUEST="true")
    if pairs is not None and response.status_code == 404:       # no such table on this board: nothing written
        assert counts(Result, ResultChange) == before
        return
    refused = response.get("X-Line-Status") == "error"
    answered(response, before, counts(Result, ResultChange), refused=refused)


USEBIO_SMALL = read(EVENTS / "wgcbc-brian-howell-13pairs-2025-04-09.usebio.xml")
PBN_RESULTS = first_games(read(EVENTS / "wgcbc-bridgewebs-howell-13pairs-2025-04-09.pbn"), 3)


@form_settings("results_import")
@given(file=results_files())
@example(file=("event.pbn", PBN_RESULTS.replace(b'[Event "', b'[Event "\x00', 1)))   # PostgreSQL stores no NUL
@example(file=("event.xml", re.sub(rb"<BOARD_NUMBER>[^<]*", b"<BOARD_NUMBER>40000", USEBIO_SMALL, count=1)))
@example(file=("event.xml", re.sub(rb"<PAIR_NUMBER>[^<]*", b"<PAIR_NUMBER>40000", USEBIO_SMALL, count=1)))
def test_results_file_import(club, director, client_for, file):
    """A results file imported on the club's page (USEBIO, PBN): a finished session, or the form again with the
    file's error (file, line, element) and no session, pair, board or result saved."""
    from clubs.models import Pair, Session
    from dealing.models import Board
    from scoring.models import Result

    client = client_for(director)
    feed("form:results_import requests")
    name, content = file
    note((name, content[:3000]))
    before = counts(Session, Pair, Board, Result)
    response = client.post(f"/scoring/clubs/{club.slug}/import/", {"file": SimpleUploadedFile(name, content)})
    answered(response, before, counts(Session, Pair, Board, Result), refused=refused_page(response))


def result_bodies():
    """A line for the results API: mostly a real table of the Howell (so the line is taken when the result reads),
    with any of its fields hostile."""
    result = st.one_of(st.builds(lambda m: grammar.result_data(m), grammar.randoms().map(grammar.Maker)),
                       st.dictionaries(st.sampled_from(["contract", "declarer", "tricks", "score", "adjusted",
                                                        "weighted", "kind", "lead"]),
                                       st.one_of(odd_text, st.integers(-2 ** 70, 2 ** 70), st.none(), st.booleans(),
                                                 st.floats(allow_nan=True)), max_size=5))
    hostile = st.one_of(odd_text, st.integers(-2 ** 70, 2 ** 70), st.sampled_from([0, 999, 1000, 32768, 40000]))
    return st.fixed_dictionaries(
        {"meeting": st.integers(0, 100)},
        optional={"board": hostile, "ns": hostile, "ew": hostile, "round": hostile, "table": hostile,
                  "reason": odd_text, "entry": traveller_text, "result": result})


@form_settings("results_api")
@given(body=result_bodies())
@example(body={"meeting": 0, "entry": "4S N 10", "round": 40000})      # once a PostgreSQL smallint overflow: a 500
def test_results_api(howell_in_play, director, api_client_for, body):
    """The results API (a line entered by a program): the line, or a 4xx in the API's one shape, nothing written."""
    from scoring.models import Result, ResultChange
    from scoring.selectors.layout import session_layout

    client = api_client_for(director)
    feed("form:results_api requests")
    meetings = [(m, board) for m in session_layout(howell_in_play).meetings for board in m.boards]
    meeting, board = meetings[body.pop("meeting") % len(meetings)]
    body = {"board": board, "ns": meeting.ns, "ew": meeting.ew, **body}
    if "entry" not in body and "result" not in body:
        body["entry"] = "3NT S 9"
    note(body)
    before = counts(Result, ResultChange)
    try:
        payload = json.dumps(body, allow_nan=True)
    except ValueError:
        payload = json.dumps({k: v for k, v in body.items() if k != "result"})
    response = client.post(f"/api/v1/sessions/{howell_in_play.pk}/results/", payload, content_type="application/json")
    answered(response, before, counts(Result, ResultChange), refused=response.status_code >= 400)


@pytest.fixture
def phone_api(howell_in_play, director):
    """A phone joined to table 1 of the Howell with table entry started: a DRF client holding its token."""
    from rest_framework.test import APIClient

    from tables.models import Table
    from tables.services.joining import table_join
    from tables.services.setup import table_entry_start

    table_entry_start(session=howell_in_play, user=director)
    table = Table.objects.get(table_session__session=howell_in_play, number=1)
    _device, token = table_join(code=table.code, pin=table.pin)
    return APIClient(HTTP_X_TABLE_TOKEN=token)


short = st.one_of(st.sampled_from(["", "1", "4", "7", "8", "0", "-1", "S", "NT", "N", "X", "XX", "=", "+1", "13", "14",
                                   "²", "٣", "HK", "D10"]), st.text(max_size=4))


@form_settings("table_entry")
@given(body=st.fixed_dictionaries({}, optional={
    "board": st.one_of(short, st.integers(-2 ** 40, 2 ** 40)), "level": short, "strain": short, "doubling": short,
    "declarer": short, "tricks": short, "relative": short, "lead": short, "passed_out": st.sampled_from(
        [True, False, "true", "x"]), "round": st.one_of(st.integers(-2 ** 40, 2 ** 40), st.none(), short),
    "side": st.sampled_from(["NS", "EW", "", "X"]), "replaces": st.one_of(st.just(""), st.text(max_size=64)),
    "key": st.one_of(st.just(None), st.text(max_size=64))}), kind=st.sampled_from(["entries", "confirmations",
                                                                                   "requests"]))
def test_table_entry_api(phone_api, body, kind):
    """The phones' API (a result entered at the table, confirmed, a request to the director): an answer, or a 4xx in
    the API's one shape and nothing written."""
    from scoring.models import Result
    from tables.models import Conflict, CorrectionRequest, Submission

    feed("form:table_entry requests")
    body = {**body, "key": body.get("key") or uuid.uuid4().hex}
    if kind == "confirmations":
        body = {"key": body["key"], "entry": body.get("replaces") or uuid.uuid4().hex, "side": body.get("side", "EW")}
    elif kind == "requests":
        body = {"key": body["key"], "board": body.get("board", ""), "note": body.get("lead", "")}
    note(body)
    before = counts(Result, Submission, Conflict, CorrectionRequest)
    response = phone_api.post(f"/api/v1/tables/{kind}/", body, format="json")
    answered(response, before, counts(Result, Submission, Conflict, CorrectionRequest),
             refused=response.status_code >= 400)


# --- SquareDeal audits ---------------------------------------------------------------------------------

@form_settings("audit_uploads")
@given(sqd=st.one_of(mutated([read(WBG / "WBG2024.sqd")], ["SN ", ":", "x", "KH "]), _text(grammar.sqd)),
       sqk=st.one_of(st.none(), mutated([read(WBG / "WBG2024.sqk")], [",", ":", "\r\n"]), _text(grammar.sqk)),
       records=st.lists(st.tuples(st.sampled_from(["OPRR01.pbn", "FIN1.pbn", "allpbn.actual", "x.txt", "OPRR01-99.pbn",
                                                   f"OPRR{'9' * 300}.pbn"]),
                                  st.one_of(mutated([first_lines(read(WBG / "allpbn.actual"), 16),
                                                     first_games(read(BIGDEAL / "wbg2024-fin1" / "FIN1.pbn"), 3)]),
                                            _text(lambda m: grammar.hand_records(m)[1]))), max_size=2))
def test_audit_uploads(auditor, client_for, sqd, sqk, records):
    """An audit's uploads (the published .sqd, then the .sqk and hand records): the audit, or the form again naming
    the file and its line; nothing saved for a refused upload."""
    from audits.models import AuditFile, SquareDealAudit

    client = client_for(auditor)
    feed("form:audit_uploads requests")
    note((sqd[:2000], sqk and sqk[:500], [(n, c[:500]) for n, c in records]))
    before = counts(SquareDealAudit, AuditFile)
    response = client.post("/audits/new/", {"sqd": SimpleUploadedFile("event.sqd", sqd)})
    answered(response, before, counts(SquareDealAudit, AuditFile), refused=refused_page(response))
    audit = SquareDealAudit.objects.order_by("-pk").first()
    if audit is None or not (sqk is not None or records):
        return
    before = counts(SquareDealAudit, AuditFile)
    data = {"hand_records": [SimpleUploadedFile(name, content) for name, content in records]}
    if sqk is not None:
        data["sqk"] = SimpleUploadedFile("event.sqk", sqk)
    response = client.post(f"/audits/{audit.pk}/files/", data)
    answered(response, before, counts(SquareDealAudit, AuditFile), refused=refused_page(response))


# --- clubs and movements: the pairs page, the movement chooser -----------------------------------------

@form_settings("pairs")
@given(rows=st.lists(st.fixed_dictionaries({"number": number_text, "direction": st.one_of(
    st.sampled_from(["", "NS", "EW"]), odd_text), "section": st.one_of(st.just(""), odd_text),
    "player_1": odd_text, "player_2": st.one_of(odd_text, _text(lambda m: m.word(" ąęłóśżźćń", 1, 30)))}),
    min_size=0, max_size=9), total=st.one_of(st.none(), st.sampled_from(["0", "-1", "+1", "x", "\x00", "", "9" * 5000,
                                                                          "1001"])))
def test_pairs_page(howell_in_play, director, client_for, rows, total):
    """The pairs page (a formset: which pair, two players typed by name): saved, or the page again with the error
    beside its field; the pairs stay as they were."""
    from clubs.models import Pair

    client = client_for(director)
    feed("form:pairs requests")
    data = {"pairs-TOTAL_FORMS": str(len(rows)) if total is None else total, "pairs-INITIAL_FORMS": "0"}
    for i, row in enumerate(rows):
        data.update({f"pairs-{i}-{k}": v for k, v in row.items()})
    note(data)
    names_before = list(Pair.objects.filter(session=howell_in_play).order_by("pk").values_list(
        "number", "player_1_name", "player_2_name", "player_1_id", "player_2_id"))
    before = counts(Pair)
    response = client.post(f"/sessions/{howell_in_play.pk}/pairs/", data)
    refused = refused_page(response)
    answered(response, before, counts(Pair), refused=refused)
    if refused:
        assert list(Pair.objects.filter(session=howell_in_play).order_by("pk").values_list(
            "number", "player_1_name", "player_2_name", "player_1_id", "player_2_id")) == names_before


movement_fields = st.fixed_dictionaries({}, optional={
    "pairs": number_text, "tables": number_text, "boards": st.one_of(number_text, st.sampled_from(["24–28", "24-28",
                                                                                                  "3x8", "½"])),
    "length": st.one_of(number_text, st.sampled_from(["3 h", "2:45", "170 min", "99:99", "1e9 h"])),
    "kind": st.sampled_from(["howell", "mitchell", "x", ""]), "rounds": number_text, "boards_per_round": number_text,
    "half_sets": st.sampled_from(["on", ""]), "variant": st.one_of(st.sampled_from(["", "skip", "relay"]), odd_text),
    "arrow_switch": st.sampled_from(["on", ""])})


@form_settings("movement")
@given(fields=movement_fields, how=st.sampled_from(["chooser", "detail", "offer", "expert"]))
def test_movement_chooser(club_session, director, client_for, fields, how):
    """The movement chooser's question and parameters (pairs or tables, boards, length, kind, rounds): the rows, the
    movement, or the form again with its error; the session's movement stays as it was when refused."""
    from movements.models import SessionMovement

    client = client_for(director)
    feed("form:movement requests")
    note((how, fields))
    if how in ("chooser", "detail"):
        url = "/movements/" if how == "chooser" else "/movements/show/"
        response = client.get(url, fields)
        assert response.status_code in (200, 400), response.status_code
        if response.status_code == 400:
            assert says_why(response)
        return
    before = counts(SessionMovement)
    url = f"/movements/session/{club_session.pk}/choose/"
    if how == "offer":
        from urllib.parse import urlencode

        response = client.post(url, {"offer": urlencode(fields) or "x=1"})
    else:
        response = client.post(url, {f"expert-{k}": v for k, v in fields.items()})
    answered(response, before, counts(SessionMovement), refused=refused_page(response))
