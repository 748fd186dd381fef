"""Hostile fields (issue 13): the pages and API endpoints that read what a person types or uploads, fed hostile
values — never a server error; a refusal is a 4xx or the form again, with a message; nothing saved changes.

Each test posts (or gets) generated and mutated values through Django's test client or DRF's API client, as a
logged-in director, scorer or a phone joined to its table, into one form or endpoint that parses text: deal and
auction text (the perfect-auction page and API), a board file uploaded on the dealing page, a commitment's fields
and its delayed value, the scorer's traveller shorthand, a results file imported (USEBIO, PBN), the SquareDeal
audit's uploads (.sqd, .sqk, hand records), the results API and the phones' entry API, the pairs page, the
movement chooser and Play it again (its API and page). The test client raises what a view raises, so a crash fails the test with its input; a
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
from hypothesis import example, given, note
from hypothesis import strategies as st

from tests.security import fields, grammar
from tests.security.fields import (
    answered,
    counts,
    decoded,
    number_text,
    odd_text,
    refused_page,
    says_why,
    text_of,
    traveller_text,
)
from tests.security.hostile import (
    BIGDEAL,
    EVENTS,
    WBG,
    feed,
    first_elements,
    first_games,
    first_lines,
    mutated,
    randoms,
    read,
)

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

#: requests made by each test
FORM_EXAMPLES = {
    "perfect_auction": 250,
    "perfect_auction_api": 200,
    "board_import": 250,
    "commitment": 150,
    "scorer_entry": 250,
    "results_import": 150,
    "audit_uploads": 150,
    "results_api": 200,
    "table_entry": 200,
    "pairs": 120,
    "movement": 150,
    "play": 150,
}


def form_settings(name: str):
    return fields.form_settings(FORM_EXAMPLES[name])


# --- values (and fields.py's: odd_text, number_text, traveller_text) -----------------------------------

_text = text_of
deal_text = st.one_of(_text(lambda m: m.deal()), odd_text)
auction_text = st.one_of(_text(lambda m: m.auction()), odd_text)
DEAL_SEEDS = [f"N:{d}".encode() for d in grammar.REAL_DEALS[:5]]
deal_text = st.one_of(deal_text, decoded(mutated(DEAL_SEEDS, ["-", ".", " ", "10", "N:"])))
auction_text = st.one_of(auction_text, decoded(mutated([b"1S P 2NT P 4S AP", b"P P P P"], ["P", "X", "7NT", " "])))


def board_files():
    """``(name, bytes)``: a board file of any of the five formats, generated or mutated, under a name of any suffix."""
    three = BIGDEAL / "three"
    seeds = {
        ".pbn": read(three / "three.pbn"),
        ".dup": read(three / "three.dup"),
        ".dlm": read(three / "three.dlm"),
        ".lin": read(three / "three.lin"),
        ".csv": read(three / "three.csv"),
    }
    builders = {".pbn": grammar.pbn, ".dup": grammar.dup, ".dlm": grammar.dlm, ".lin": grammar.lin, ".csv": grammar.csv}
    names = st.sampled_from(["boards", "x", "../../x", "ł ó", "a" * 300, ""])

    def one(suffix):
        content = st.one_of(_text(builders[suffix]), mutated([seeds[suffix]]), st.binary(max_size=400))
        return st.tuples(st.one_of(names.map(lambda n: n + suffix), names.map(lambda n: n + suffix.upper())), content)

    return st.one_of(
        *[one(s) for s in seeds], st.tuples(st.sampled_from(["x.txt", "x", ".pbn.exe"]), st.binary(max_size=100))
    )


def results_files():
    usebio = [first_elements(read(p), b"BOARD", 2) for p in sorted(EVENTS.glob("*.usebio.xml"))[:3]]
    pbn = [first_games(read(EVENTS / "wgcbc-bridgewebs-howell-13pairs-2025-04-09.pbn"), 3)]
    return st.one_of(
        st.tuples(st.sampled_from(["event.xml", "E.XML"]), st.one_of(_text(grammar.usebio), mutated(usebio))),
        st.tuples(st.sampled_from(["event.pbn", "e.PBN"]), st.one_of(_text(grammar.pbn), mutated(pbn))),
        st.tuples(st.sampled_from(["event.txt", "event", "x.xml.exe"]), st.binary(max_size=200)),
    )


# --- dealing: perfect auction, board files, commitments -----------------------------------------------


@form_settings("perfect_auction")
@given(
    deal=deal_text,
    hands=st.lists(st.one_of(deal_text, _text(lambda m: m.hand())), min_size=4, max_size=4),
    auction=auction_text,
    dealer=st.sampled_from(["N", "E", "S", "W", "X", "", "♠", "9" * 50]),
    which=st.sampled_from(["encode", "hands", "decode", "board"]),
)
def test_perfect_auction_page(director, client_for, deal, hands, auction, dealer, which):
    """The perfect-auction page (GET forms): a deal or hands, an auction, a board — a result or the form's error."""
    client = client_for(director)
    feed("form:perfect_auction requests")
    if which == "encode":
        params = {"encode-deal": deal, "encode-dealer": dealer}
    elif which == "hands":
        params = {
            "encode-dealer": dealer,
            **dict(zip(("encode-north", "encode-east", "encode-south", "encode-west"), hands)),
        }
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
@given(
    deal=deal_text,
    auction=auction_text,
    dealer=st.one_of(st.sampled_from(["N", "E", "x", "", None, 3]), odd_text),
    which=st.sampled_from(["encode", "decode"]),
    as_json=st.booleans(),
)
def test_perfect_auction_api(director, api_client_for, deal, auction, dealer, which, as_json):
    """The perfect-auction API: an auction or a deal, or a 400 in the API's one error shape."""
    client = api_client_for(director)
    feed("form:perfect_auction_api requests")
    body = {"deal": deal, "dealer": dealer} if which == "encode" else {"auction": auction, "dealer": dealer}
    note(body)
    if as_json:
        response = client.post(f"/api/v1/perfect-auction/{which}/", body, format="json")
    else:  # a form post: every value is text
        response = client.post(
            f"/api/v1/perfect-auction/{which}/", {k: "" if v is None else str(v) for k, v in body.items()}
        )
    answered(response, {}, {}, refused=response.status_code >= 400)


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
        assert (
            list(Board.objects.filter(session=dealt_session).order_by("number").values_list("deal_number"))
            == deals_before
        )


@form_settings("commitment")
@given(
    event=st.one_of(st.sampled_from(["Riverside Pairs", "Jesień 2026"]), odd_text),
    promise=st.one_of(st.just("DJIA close on 2026-11-20"), odd_text, _text(lambda m: m.word(" abcdefgh.", 1, 40))),
    dv_format=st.sampled_from(["decimal:2", "decimal:0", "text", "decimal:9", "", "x"]),
    boards=st.one_of(st.sampled_from(["24", "1", "999"]), number_text),
    chosen=st.booleans(),
    dv=st.one_of(number_text, _text(lambda m: m.pick(["43275.91", "43 275,91", "1e5"]))),
)
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
        dv_before = commitment.dv if hasattr(commitment, "dv") else None
        response = client.post(f"/dealing/commitments/{commitment.pk}/delayed-value/", {"value": dv})
        refused = refused_page(response)
        answered(response, before, counts(Commitment, PublicationLogEntry), refused=refused)
        if refused and dv_before is not None:
            commitment.refresh_from_db()
            assert commitment.dv == dv_before


# --- scoring: the scorer's shorthand, results files, the results API -----------------------------------


@form_settings("scorer_entry")
@given(
    typed=traveller_text,
    board=st.sampled_from([1, 4, 21]),
    table=st.integers(0, 3),
    pairs=st.one_of(st.none(), st.tuples(odd_text, odd_text)),
)
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
    if pairs is not None and response.status_code == 404:  # no such table on this board: nothing written
        assert counts(Result, ResultChange) == before
        return
    refused = response.get("X-Line-Status") == "error"
    answered(response, before, counts(Result, ResultChange), refused=refused)


USEBIO_SMALL = read(EVENTS / "wgcbc-brian-howell-13pairs-2025-04-09.usebio.xml")
PBN_RESULTS = first_games(read(EVENTS / "wgcbc-bridgewebs-howell-13pairs-2025-04-09.pbn"), 3)


@form_settings("results_import")
@given(file=results_files())
@example(file=("event.pbn", PBN_RESULTS.replace(b'[Event "', b'[Event "\x00', 1)))  # PostgreSQL stores no NUL
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
    result = st.one_of(
        st.builds(lambda m: grammar.result_data(m), randoms().map(grammar.Maker)),
        st.dictionaries(
            st.sampled_from(["contract", "declarer", "tricks", "score", "adjusted", "weighted", "kind", "lead"]),
            st.one_of(odd_text, st.integers(-(2**70), 2**70), st.none(), st.booleans(), st.floats(allow_nan=True)),
            max_size=5,
        ),
    )
    hostile = st.one_of(odd_text, st.integers(-(2**70), 2**70), st.sampled_from([0, 999, 1000, 32768, 40000]))
    return st.fixed_dictionaries(
        {"meeting": st.integers(0, 100)},
        optional={
            "board": hostile,
            "ns": hostile,
            "ew": hostile,
            "round": hostile,
            "table": hostile,
            "reason": odd_text,
            "entry": traveller_text,
            "result": result,
        },
    )


@form_settings("results_api")
@given(body=result_bodies())
@example(body={"meeting": 0, "entry": "4S N 10", "round": 40000})  # once a PostgreSQL smallint overflow: a 500
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


short = st.one_of(
    st.sampled_from(
        ["", "1", "4", "7", "8", "0", "-1", "S", "NT", "N", "X", "XX", "=", "+1", "13", "14", "²", "٣", "HK", "D10"]
    ),
    st.text(max_size=4),
)


@form_settings("table_entry")
@given(
    body=st.fixed_dictionaries(
        {},
        optional={
            "board": st.one_of(short, st.integers(-(2**40), 2**40)),
            "level": short,
            "strain": short,
            "doubling": short,
            "declarer": short,
            "tricks": short,
            "relative": short,
            "lead": short,
            "passed_out": st.sampled_from([True, False, "true", "x"]),
            "round": st.one_of(st.integers(-(2**40), 2**40), st.none(), short),
            "side": st.sampled_from(["NS", "EW", "", "X"]),
            "replaces": st.one_of(st.just(""), st.text(max_size=64)),
            "key": st.one_of(st.just(None), st.text(max_size=64)),
        },
    ),
    kind=st.sampled_from(["entries", "confirmations", "requests"]),
)
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
    answered(
        response, before, counts(Result, Submission, Conflict, CorrectionRequest), refused=response.status_code >= 400
    )


# --- Play it again ----------------------------------------------------------------------------------------

# The bands deal, 3NT by South: every card of a legal play (the first legal card each time), to cut and mutate.
BANDS = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
CARD_NAMES = [suit + rank for suit in "SHDC" for rank in "AKQJT98765432"]


def _legal_play() -> list[str]:
    from bridge.cards import Deal
    from bridge.contract import Contract
    from dealing.domain.play import Play

    play = Play.start(Deal.from_pbn(BANDS), Contract.from_str("3NT", "S"))
    while not play.is_over:
        play = play.play(play.legal_cards()[0])
    return [str(card) for card in play.cards]


@st.composite
def played_cards(draw):
    """Cards played so far: a legal play cut anywhere, then perhaps one card changed, dropped, repeated or moved;
    or any cards; as a list or as one string."""
    legal = _legal_play()
    cards = legal[: draw(st.integers(0, len(legal)))]
    how = draw(st.sampled_from(["legal", "changed", "dropped", "repeated", "swapped", "any"]))
    token = st.one_of(st.sampled_from(CARD_NAMES + ["10S", "S10", "h2", "XX", "", "♠A", "SA SK"]), short, odd_text)
    if how == "any":
        cards = draw(st.lists(token, max_size=60))
    elif cards and how != "legal":
        at = draw(st.integers(0, len(cards) - 1))
        if how == "changed":
            cards[at] = draw(token)
        elif how == "dropped":
            del cards[at]
        elif how == "repeated":
            cards.insert(at, cards[at])
        else:
            other = draw(st.integers(0, len(cards) - 1))
            cards[at], cards[other] = cards[other], cards[at]
    return draw(st.sampled_from([cards, " ".join(map(str, cards))]))


@pytest.fixture
def board_to_play_again(club_session, director):
    """A finished session whose board 1 is the bands deal, analysed (Play it again solves against it)."""
    from bridge.cards import Deal, board_dealer, board_vulnerability
    from clubs.models import Session
    from dealing.domain.analysis import analyse
    from dealing.models import Board
    from dealing.services.boards import session_deal_fresh

    session_deal_fresh(session=club_session, user=director, boards=3, queue_analysis=False)
    board = Board.objects.get(session=club_session, number=1)
    analysis = analyse(Deal.from_pbn(BANDS), board_vulnerability(1), board_dealer(1))
    board.deal_pbn, board.dd_tricks, board.par_score = BANDS, analysis.table.to_pbn_tricks(), analysis.par.score
    board.par_contracts, board.analysis_status = analysis.par.par_contract_pbn(), Board.AnalysisStatus.DONE
    board.save()
    Session.objects.filter(pk=club_session.pk).update(status=Session.Status.FINISHED)
    return club_session


@form_settings("play")
@given(
    body=st.fixed_dictionaries(
        {},
        optional={
            "contract": st.one_of(
                st.sampled_from(["3NT", "4S", "1C", "7NTXX", "3NX", "8S", "0H", "3", "NT", "4♠", ""]), short, odd_text
            ),
            "declarer": st.one_of(st.sampled_from(["N", "E", "S", "W", "s", "X", "North", ""]), short),
            "cards": played_cards(),
            "defenders_play": st.sampled_from([True, False, "true", "x", None, 1]),
        },
    ),
    where=st.sampled_from(["api", "page"]),
    number=st.sampled_from([1, 1, 1, 2, 99]),
)
@example(body={"contract": "3NT", "declarer": "S", "cards": _legal_play()}, where="api", number=1)
def test_play_it_again(board_to_play_again, player, client_for, api_client_for, body, where, number):
    """Play it again (a finished session's board played card by card against double dummy), its API and its page:
    where the play stands, or a 4xx (the API's one shape) or the page saying why; never a server error."""
    from urllib.parse import urlencode

    feed("form:play requests")
    session = board_to_play_again
    note(body)
    if where == "api":
        body = {k: v for k, v in body.items() if v is not None}
        response = api_client_for(player).post(
            f"/api/v1/sessions/{session.pk}/boards/{number}/play/", body, format="json"
        )
    else:
        query = {
            k: v if isinstance(v, str) else " ".join(map(str, v)) if isinstance(v, list) else str(v)
            for k, v in body.items()
            if k != "defenders_play" and v is not None
        }
        response = client_for(player).get(f"/dealing/sessions/{session.pk}/boards/{number}/play/?{urlencode(query)}")
    answered(response, {}, {}, refused=response.status_code >= 400)
    if number == 99:  # no such board: refused (the API reads the body first)
        assert response.status_code in (400, 404)
    elif response.status_code == 200 and where == "api":
        assert len(response.json()["cards"]) <= 52


# --- SquareDeal audits ---------------------------------------------------------------------------------


@form_settings("audit_uploads")
@given(
    sqd=st.one_of(mutated([read(WBG / "WBG2024.sqd")], ["SN ", ":", "x", "KH "]), _text(grammar.sqd)),
    sqk=st.one_of(st.none(), mutated([read(WBG / "WBG2024.sqk")], [",", ":", "\r\n"]), _text(grammar.sqk)),
    records=st.lists(
        st.tuples(
            st.sampled_from(
                ["OPRR01.pbn", "FIN1.pbn", "allpbn.actual", "x.txt", "OPRR01-99.pbn", f"OPRR{'9' * 300}.pbn"]
            ),
            st.one_of(
                mutated(
                    [
                        first_lines(read(WBG / "allpbn.actual"), 16),
                        first_games(read(BIGDEAL / "wbg2024-fin1" / "FIN1.pbn"), 3),
                    ]
                ),
                _text(lambda m: grammar.hand_records(m)[1]),
            ),
        ),
        max_size=2,
    ),
)
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
@given(
    rows=st.lists(
        st.fixed_dictionaries(
            {
                "number": number_text,
                "direction": st.one_of(st.sampled_from(["", "NS", "EW"]), odd_text),
                "section": st.one_of(st.just(""), odd_text),
                "player_1": odd_text,
                "player_2": st.one_of(odd_text, _text(lambda m: m.word(" ąęłóśżźćń", 1, 30))),
            }
        ),
        min_size=0,
        max_size=9,
    ),
    total=st.one_of(st.none(), st.sampled_from(["0", "-1", "+1", "x", "\x00", "", "9" * 5000, "1001"])),
)
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
    names_before = list(
        Pair.objects.filter(session=howell_in_play)
        .order_by("pk")
        .values_list("number", "player_1_name", "player_2_name", "player_1_id", "player_2_id")
    )
    before = counts(Pair)
    response = client.post(f"/sessions/{howell_in_play.pk}/pairs/", data)
    refused = refused_page(response)
    answered(response, before, counts(Pair), refused=refused)
    if refused:
        assert (
            list(
                Pair.objects.filter(session=howell_in_play)
                .order_by("pk")
                .values_list("number", "player_1_name", "player_2_name", "player_1_id", "player_2_id")
            )
            == names_before
        )


movement_fields = st.fixed_dictionaries(
    {},
    optional={
        "pairs": number_text,
        "tables": number_text,
        "boards": st.one_of(number_text, st.sampled_from(["24–28", "24-28", "3x8", "½"])),
        "length": st.one_of(number_text, st.sampled_from(["3 h", "2:45", "170 min", "99:99", "1e9 h"])),
        "kind": st.sampled_from(["howell", "mitchell", "x", ""]),
        "rounds": number_text,
        "boards_per_round": number_text,
        "half_sets": st.sampled_from(["on", ""]),
        "variant": st.one_of(st.sampled_from(["", "skip", "relay"]), odd_text),
        "arrow_switch": st.sampled_from(["on", ""]),
    },
)


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
