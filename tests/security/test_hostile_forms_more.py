"""Hostile fields (issue 13), the forms ``test_hostile_forms.py`` leaves: the director's changes to a traveller line
(correct a result, an artificial or an assigned adjusted score, delete), the scoring options and the publication;
the club's forms (its details, members, a member's login and roles, sessions and their status; a session created
and its pairs named and its movement chosen through the API, a line corrected or deleted through it); deal sets
(the page's form and the API); the director's live room (release a round, lock a table, resolve a conflict, enter or
correct a table's result, close a table's request, finish the session); a club's table and movement settings, a
player's own settings, and a phone joining its table.

As there: never a server error; a refusal is a 4xx, the form again, or a redirect carrying an error message, and
it says why; what the request could have changed is read before and after it (rows, and the values a refused
request must leave as they were); a refused request changes none. Besides, a refusal said in English is said in
Polish too (``fields.said_in_polish_too``: the same request, sent again in Polish, is refused in other words).
A Hypothesis example shares its test's fixtures (built once a test), so the requests before it may have changed
what it finds: a line corrected, a conflict resolved, a session moved on — as a director's evening would.
"""

from __future__ import annotations

import os
import uuid
from urllib.parse import quote

import pytest
from django.contrib.messages import INFO, SUCCESS, get_messages
from hypothesis import example, given, note
from hypothesis import strategies as st

from tests.security.fields import (
    answered,
    counts,
    error_messages,
    form_settings,
    number_text,
    odd_text,
    refused_page,
    said,
    said_in_polish_too,
    traveller_text,
)
from tests.security.hostile import feed

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

#: requests made by each test (a refusal drawn in Polish is sent once more); HOSTILE_SCALE=0.1 sends a tenth
SCALE = float(os.environ.get("HOSTILE_SCALE", "1"))
FORM_EXAMPLES = {
    name: max(1, round(n * SCALE))
    for name, n in {
        "line_change": 250,
        "scoring_options": 120,
        "club_members": 250,
        "sessions": 150,
        "deal_sets": 150,
        "room": 300,
        "settings": 150,
        "phone_join": 100,
        "apis": 200,
        "dealing_apis": 150,
    }.items()
}

polish = st.booleans()
reason_text = st.one_of(st.just("the director's ruling"), odd_text, st.just("r" * 501))
boolean_text = st.one_of(st.sampled_from(["on", "", "1", "0", "true", "yes", "x"]), odd_text)


def send_as(client, method: str, url: str, data=None, **extra):
    """``send(language)``: the request, in that language (the answer to compare a refusal's words)."""

    def send(language: str):
        client.cookies.pop("messages", None)  # the messages of the request before stay unread: not this one's
        return getattr(client, method)(url, data or {}, HTTP_ACCEPT_LANGUAGE=language, **extra)

    return send


def refused_by_message(response) -> bool:
    """A redirect (or an htmx fragment) that carries an error message to the page: a refusal."""
    return bool(error_messages(response))


def check(send, response, before, after, *, refused: bool, in_polish: bool) -> None:
    """``answered`` (no 5xx; a refusal says why and changed nothing); and a refusal said in Polish too."""
    answered(response, before, after, refused=refused)
    if refused and in_polish:
        said_in_polish_too(send, response)


def over(valid: dict, hostile: st.SearchStrategy) -> st.SearchStrategy:
    """A form filled in rightly (``valid``) with any of its fields, or others, replaced by hostile values: a request
    that may be taken (the success path fed too), or refused for one or two fields."""
    return hostile.map(lambda fields: {**valid, **fields})


def rows(queryset, *names) -> list:
    return list(queryset.order_by("pk").values_list(*names))


# --- scoring: the director's line changes, options, publication ---------------------------------------


@pytest.fixture
def howell_scored(howell_in_play, director):
    """The Howell with round 1 entered (its lines may be corrected or deleted; the others' may be entered)."""
    from scoring.domain.shorthand import parse_entry
    from scoring.selectors.layout import session_layout
    from scoring.services.results import result_record
    from scoring.services.sessions import session_pairs_ensure

    pairs = {p.label: p for p in session_pairs_ensure(session=howell_in_play)}
    for meeting in session_layout(howell_in_play).meetings:
        if meeting.round == 1:
            for board in meeting.boards:
                result_record(
                    session=howell_in_play,
                    board=board,
                    ns_pair=pairs[meeting.ns],
                    ew_pair=pairs[meeting.ew],
                    result=parse_entry("4S N 10"),
                    user=director,
                    round=1,
                    table=meeting.table,
                )
    return howell_in_play


def _lines(session) -> list[tuple[int, str, str, int]]:
    from scoring.selectors.layout import session_layout

    return [
        (board, m.ns, m.ew, m.round) for m in session_layout(session).meetings for board in m.boards if m.round <= 2
    ]


LINE_VALID = {
    "correct-entry": "3NT S 9",
    "correct-reason": "typo",
    "artificial-split": "60/40",
    "artificial-reason": "fouled board",
    "assigned-score": "20% +650 80% +620",
    "assigned-reason": "ruling",
    "delete-reason": "entered twice",
    "confirmed": "yes",
}
line_fields = st.fixed_dictionaries(
    {},
    optional={
        "correct-entry": traveller_text,
        "correct-reason": reason_text,
        "artificial-split": st.one_of(
            st.sampled_from(["60/40", "50/50", "40/60", "60/60", "40/40", "other", "70/30", "60/4O", "/", ""]), odd_text
        ),
        "artificial-ns_percent": number_text,
        "artificial-ew_percent": number_text,
        "artificial-reason": reason_text,
        "assigned-score": st.one_of(
            traveller_text,
            st.sampled_from(["+420", "-50", "20% +650 80% +620", "+99999999", "100% +1e9", "50% +420 50%"]),
        ),
        "assigned-reason": reason_text,
        "delete-reason": reason_text,
        "confirmed": st.sampled_from(["yes", "no", ""]),
    },
)


@form_settings(FORM_EXAMPLES["line_change"])
@given(
    action=st.sampled_from(
        ["correct", "correct", "artificial", "artificial", "assigned", "assigned", "delete", "x", ""]
    ),
    fields=st.one_of(
        line_fields, line_fields.flatmap(lambda hostile: over(LINE_VALID, st.just(dict(list(hostile.items())[:1]))))
    ),
    line=st.integers(0, 23),
    path=st.one_of(st.none(), st.none(), st.none(), st.tuples(odd_text, odd_text)),
    in_polish=polish,
)
def test_line_change(howell_scored, director, client_for, action, fields, line, path, in_polish):
    """A traveller line changed by the director — the right result, an artificial score (60/40 … or any
    percentages), an assigned score (weighted too), or the line deleted, each with its reason: saved (the audit
    trail says so), or the form again with its error and the line as it was."""
    from scoring.models import Result, ResultChange

    client = client_for(director)
    feed("form:line_change requests")
    board, ns, ew, _round = _lines(howell_scored)[line % 24]
    if path is not None:
        ns, ew = path
    url = f"/scoring/sessions/{howell_scored.pk}/results/boards/{board}/{quote(ns, safe='')}/{quote(ew, safe='')}/"
    data = {"action": action, **fields} if action else dict(fields)
    note((url, data))
    before = (
        counts(ResultChange),
        rows(
            Result.objects,
            "board",
            "ns_pair",
            "ew_pair",
            "kind",
            "level",
            "strain",
            "doubling",
            "declarer",
            "tricks",
            "assigned",
            "ns_percent",
            "ew_percent",
        ),
    )
    send = send_as(client, "post", url, data)
    response = send("en")
    after = (
        counts(ResultChange),
        rows(
            Result.objects,
            "board",
            "ns_pair",
            "ew_pair",
            "kind",
            "level",
            "strain",
            "doubling",
            "declarer",
            "tricks",
            "assigned",
            "ns_percent",
            "ew_percent",
        ),
    )
    if response.status_code == 404:  # no such line (the path), or no such change: nothing changed
        assert after == before
        return
    if not action:  # no change asked for (no button's ``action``): the line's page
        assert response.status_code == 200 and after == before
        return
    asked = action == "delete" and fields.get("confirmed") != "yes" and response.status_code == 200
    if asked:  # "Delete this line?": the page that asks, nothing changed yet
        assert after == before and b"confirmed" in response.content
        return
    check(send, response, before, after, refused=refused_page(response), in_polish=in_polish)
    if not refused_page(response):  # saved (a line in the audit trail), or said that nothing changed
        levels = {m.level for m in get_messages(response.wsgi_request)}
        assert (after[0] != before[0]) == (SUCCESS in levels), (before[0], after[0], levels)
        assert SUCCESS in levels or INFO in levels


def test_line_change_to_the_result_it_has(howell_scored, director, client_for):
    """What the line change test found: a line corrected to the result it already has changes nothing (the service
    is idempotent, the trail gets no line), and the page said "saved in the audit trail"; now it says so."""
    from scoring.models import ResultChange

    client = client_for(director)
    board, ns, ew, _round = _lines(howell_scored)[0]
    url = f"/scoring/sessions/{howell_scored.pk}/results/boards/{board}/{ns}/{ew}/"
    data = {"action": "artificial", "artificial-split": "60/40", "artificial-reason": "a ruling"}
    first = client.post(url, data)
    assert first.status_code == 302 and [m.level for m in get_messages(first.wsgi_request)] == [SUCCESS]
    trail = ResultChange.objects.count()
    client.cookies.pop("messages")  # the first answer's message, unread
    again = client.post(url, data)
    assert again.status_code == 302 and [m.level for m in get_messages(again.wsgi_request)] == [INFO]
    assert ResultChange.objects.count() == trail


@form_settings(FORM_EXAMPLES["scoring_options"])
@given(
    which=st.sampled_from(["compare", "compare-get", "publish", "final"]),
    fields=st.one_of(
        over(
            {
                "method": "matchpoints",
                "scale": "ebu",
                "factoring": "neuberg",
                "sections": "across",
                "mode": "provisional",
                "query_hours": "48",
                "confirmed": "yes",
            },
            st.fixed_dictionaries(
                {},
                optional={
                    "method": st.one_of(st.sampled_from(["imps", "butler", "x"]), odd_text),
                    "scale": st.one_of(st.sampled_from(["acbl", ""]), odd_text),
                    "factoring": odd_text,
                    "sections": odd_text,
                    "mode": st.one_of(st.sampled_from(["final", ""]), odd_text),
                    "query_hours": number_text,
                    "confirmed": st.sampled_from(["no", ""]),
                },
            ),
        ),
        st.dictionaries(st.sampled_from(["method", "scale", "mode", "query_hours"]), odd_text, max_size=3),
    ),
    in_polish=polish,
)
def test_scoring_options_and_publication(howell_scored, director, client_for, which, fields, in_polish):
    """The scoring options compared and kept, the results published (provisional for a score-query window, or final)
    and made final: done, or refused with its reason (the form's error or the results page's message)."""
    from clubs.models import Session
    from scoring.models import Result, SessionScoring

    client = client_for(director)
    feed("form:scoring_options requests")
    base = f"/scoring/sessions/{howell_scored.pk}/results/"
    url = base + {"compare": "compare/", "compare-get": "compare/", "publish": "publish/", "final": "final/"}[which]
    note((which, fields))

    def state():
        return (
            rows(SessionScoring.objects, "method", "scale", "factoring", "sections"),
            rows(Session.objects.filter(pk=howell_scored.pk), "status"),
            counts(Result),
        )

    before = state()
    send = send_as(client, "get" if which == "compare-get" else "post", url, fields)
    response = send("en")
    after = state()
    if which == "compare-get":  # a comparison only: the page, never a change
        assert response.status_code == 200 and after == before
        return
    if which == "compare":
        refused = refused_page(response) and bool(said(response))
        if refused_page(response) and not refused:  # the form again: only when it was not valid
            assert b"errorlist" in response.content or b"field-error" in response.content, response.content[:3000]
    elif fields.get("confirmed") != "yes" and response.status_code == 200:
        assert after == before  # the page that says what publishing does, and asks
        return
    else:
        refused = refused_by_message(response)
    check(send, response, before, after, refused=refused, in_polish=in_polish)


# --- clubs: the club, its members, their logins and roles ---------------------------------------------


@pytest.fixture
def club_with_members(club, other_club, director):
    """The club with two members (one with a login and a role), and another club whose name a club may not take."""
    from clubs.services import club_role_grant, member_create

    member_create(club=club, first_name="Ada", last_name="Adamska", national_id="12345")
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user(username="bolek", password="bolek-pass-2026")
    member_create(club=club, first_name="Bolesław", last_name="Bąk", user=user, email="b@example.org")
    club_role_grant(club=club, user=user, role="player")
    return club


names = st.one_of(
    st.sampled_from(
        [
            "Ada",
            "Adamska",
            "Łucja",
            "O'Brien",
            "van der Berg",
            "Hilltop Bridge Club",
            "HILLTOP BRIDGE CLUB",
            "a" * 81,
            "a" * 121,
        ]
    ),
    odd_text,
)
emails = st.one_of(
    st.sampled_from(["a@example.org", "b@example.org", "x@", "ł@ł.pl", "a@" + "b" * 300 + ".pl", "a@b.c\x00"]), odd_text
)

member_fields = st.fixed_dictionaries(
    {},
    optional={
        "first_name": names,
        "last_name": names,
        "national_id": st.one_of(st.sampled_from(["12345", "1" * 31]), number_text),
        "email": emails,
        "is_active": boolean_text,
        "name": names,
        "city": names,
        "results_public": boolean_text,
        "username": st.one_of(st.sampled_from(["bolek", "BOLEK", "dana", "nowy.gracz", "a" * 151, "ł ó"]), odd_text),
        "password": st.one_of(st.sampled_from(["", "1234", "password", "Trudne-Hasło-2026", "x" * 5000]), odd_text),
        "role": st.one_of(st.sampled_from(["player", "scorer", "director", "admin", "auditor"]), odd_text),
        "action": st.sampled_from(["grant", "revoke", "", "x"]),
    },
)


@form_settings(FORM_EXAMPLES["club_members"])
@given(
    form=st.sampled_from(["club", "member_new", "member_edit", "login", "role"]),
    fields=member_fields,
    member=st.integers(0, 2),
    in_polish=polish,
)
@example(form="role", fields={"role": "director", "action": "revoke"}, member=2, in_polish=True)  # the last director
@example(form="login", fields={}, member=1, in_polish=True)  # a member with a login: the page hid the error
def test_club_and_member_forms(club_with_members, director, client_for, form, fields, member, in_polish):
    """The club's details, a member added or edited, a member given a login, a role granted or revoked: saved, or
    the form (or the member's page) again with its error; the club, its members, logins and roles as they were."""
    from django.contrib.auth import get_user_model

    from clubs.models import Club, ClubRole, Member

    club = club_with_members
    client = client_for(director)
    feed("form:club_members requests")
    members = list(Member.objects.filter(club=club).order_by("pk"))
    if member == 2:  # the director's own login (revoking their last director role)
        from clubs.services import member_create

        mine = Member.objects.filter(club=club, user=director).first() or member_create(
            club=club, first_name="Dana", last_name="Director", user=director
        )
        members.append(mine)
    target = members[member % len(members)]
    url = {
        "club": f"/clubs/{club.slug}/edit/",
        "member_new": f"/clubs/{club.slug}/members/new/",
        "member_edit": f"/clubs/{club.slug}/members/{target.pk}/",
        "login": f"/clubs/{club.slug}/members/{target.pk}/login/",
        "role": f"/clubs/{club.slug}/members/{target.pk}/role/",
    }[form]
    note((url, fields))

    def state():
        return (
            rows(Club.objects, "name", "city", "results_public"),
            rows(Member.objects, "first_name", "last_name", "national_id", "email", "is_active", "user"),
            rows(get_user_model().objects, "username", "password"),
            rows(ClubRole.objects, "club", "user", "role"),
        )

    before = state()
    send = send_as(client, "post", url, fields)
    response = send("en")
    after = state()
    refused = refused_by_message(response) if response.status_code == 302 else refused_page(response)
    check(send, response, before, after, refused=refused, in_polish=in_polish)


# --- sessions: created, edited, moved on; through the API too ------------------------------------------

dates = st.one_of(
    st.sampled_from(
        ["2026-11-24", "24.11.2026", "2026-02-30", "0001-01-01", "9999-12-31", "10000-01-01", "2026-11-24T19:00", ""]
    ),
    number_text,
)
times = st.one_of(st.sampled_from(["19:00", "19:00:00", "25:00", "7pm", "", "23:59:60"]), odd_text)

SESSION_FIELDS = {
    "name": names,
    "date": dates,
    "start_time": times,
    "boards_per_round": number_text,
    "notes": st.one_of(odd_text, st.just("n" * 20000)),
    "status": st.one_of(st.sampled_from(["planned", "running", "finished", "provisional", "published", "x"]), odd_text),
    "confirmed": st.sampled_from(["yes", ""]),
    "back": st.one_of(st.sampled_from(["", "/", "https://evil.example/", "//evil", "Ada", "clubs:detail"]), odd_text),
}
session_fields = st.fixed_dictionaries({}, optional=SESSION_FIELDS)
session_values = st.one_of(*SESSION_FIELDS.values())


@form_settings(FORM_EXAMPLES["sessions"])
@given(
    form=st.sampled_from(["new", "edit", "status", "api"]),
    fields=st.one_of(
        session_fields,
        over(
            {
                "name": "Wednesday Pairs",
                "date": "2026-12-02",
                "start_time": "19:00",
                "boards_per_round": "3",
                "notes": "",
                "status": "running",
            },
            st.dictionaries(st.sampled_from(list(SESSION_FIELDS)), st.deferred(lambda: session_values), max_size=2),
        ),
    ),
    as_json=st.one_of(
        st.none(),
        st.dictionaries(
            st.sampled_from(["name", "date", "start_time", "boards_per_round", "notes"]),
            st.one_of(
                odd_text, st.integers(-(2**70), 2**70), st.none(), st.booleans(), st.lists(st.integers(), max_size=2)
            ),
            max_size=5,
        ),
    ),
    in_polish=polish,
)
@example(form="status", fields={"status": "running", "back": "Ada"}, as_json=None, in_polish=False)  # once a 500
def test_session_forms(club_session, director, client_for, api_client_for, form, fields, as_json, in_polish):
    """A session created or edited (name, date, time, boards per round, notes), moved a stage on or back, or created
    through the API: saved, or refused with its reason (the form's errors, the page's message, the API's error);
    the sessions as they were."""
    from clubs.models import Session

    feed("form:sessions requests")
    club = club_session.club

    def state():
        return rows(Session.objects, "name", "date", "start_time", "status", "boards_per_round", "notes")

    before = state()
    if form == "api":
        body = (
            as_json
            if as_json is not None
            else {k: v for k, v in fields.items() if k in ("name", "date", "start_time", "boards_per_round", "notes")}
        )
        note(body)
        client = api_client_for(director)
        send = send_as(client, "post", f"/api/v1/clubs/{club.slug}/sessions/", body, format="json")
        response = send("en")
        check(send, response, before, state(), refused=response.status_code >= 400, in_polish=in_polish)
        return
    client = client_for(director)
    url = {
        "new": f"/clubs/{club.slug}/sessions/new/",
        "edit": f"/sessions/{club_session.pk}/edit/",
        "status": f"/sessions/{club_session.pk}/status/",
    }[form]
    note((url, fields))
    send = send_as(client, "post", url, fields)
    response = send("en")
    after = state()
    if form == "status":
        if response.status_code == 200:  # the page that says what the change does, and asks
            assert after == before and b"confirmed" in response.content
            return
        assert response.status_code == 302
        assert "evil" not in response["Location"]
        refused = refused_by_message(response)
    else:
        refused = refused_page(response)
    check(send, response, before, after, refused=refused, in_polish=in_polish)


# --- dealing: deal sets -------------------------------------------------------------------------------

counts_text = st.one_of(
    st.sampled_from(["1000", "1", "100000000", "100000001", "1,000", "1 000", "1e3", "10k", "0", "-1", "½"]),
    number_text,
)
DEAL_SET_FIELDS = {
    "club": st.one_of(st.just("OWN"), odd_text),
    "count": counts_text,
    "formats": st.lists(
        st.one_of(st.sampled_from(["pbn", "pbn-gz", "csv", "binary", "lin", ""]), odd_text), max_size=3
    ),
    "analysis": boolean_text,
    "label": st.one_of(odd_text, st.just("l" * 201)),
    "key_source": st.one_of(st.sampled_from(["new", "given", "commitment"]), odd_text),
    "key": st.one_of(
        st.sampled_from(["0" * 64, "f" * 64, "F" * 64, "g" * 64, "0" * 63, "0" * 65, " " + "a" * 64]), odd_text
    ),
    "commitment": st.one_of(st.sampled_from(["", "1", "999999"]), number_text),
}
deal_set_fields = st.one_of(
    st.fixed_dictionaries(
        {"club": DEAL_SET_FIELDS["club"], "count": counts_text},
        optional={k: v for k, v in DEAL_SET_FIELDS.items() if k not in ("club", "count")},
    ),
    over(
        {
            "club": "OWN",
            "count": "1000",
            "formats": ["pbn"],
            "label": "",
            "key_source": "new",
            "key": "",
            "commitment": "",
        },
        st.dictionaries(
            st.sampled_from(list(DEAL_SET_FIELDS)),
            st.deferred(lambda: st.one_of(*DEAL_SET_FIELDS.values())),
            max_size=2,
        ),
    ),
)


@form_settings(FORM_EXAMPLES["deal_sets"])
@given(
    fields=deal_set_fields,
    api=st.booleans(),
    json_values=st.one_of(
        st.just({}),
        st.fixed_dictionaries(
            {},
            optional={
                "count": st.one_of(
                    st.integers(-(2**70), 2**70),
                    st.floats(allow_nan=False, allow_infinity=False),
                    st.none(),
                    st.booleans(),
                    st.lists(st.integers(), max_size=2),
                    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
                ),
                "formats": st.one_of(
                    st.none(),
                    st.integers(),
                    st.text(max_size=8),
                    st.lists(st.one_of(st.text(max_size=6), st.integers()), max_size=3),
                    st.dictionaries(st.text(max_size=3), st.text(max_size=3), max_size=2),
                ),
                "commitment": st.one_of(st.integers(-(2**70), 2**70), st.none(), odd_text),
            },
        ),
    ),
    in_polish=polish,
)
def test_deal_set_form(club, director, client_for, api_client_for, fields, api, json_values, in_polish):
    """A deal set asked for (the number of deals, formats, analysis, label, the key: new, given or a commitment's)
    on the page or through the API: queued, or refused naming the field; no deal set stored when refused. (Tests
    run in a transaction never committed: a queued set's task, sent on commit, never runs.)"""
    from dealing.models import DealSet, DealSetChunk

    feed("form:deal_sets requests")
    data = {**fields, "club": club.pk if fields["club"] == "OWN" else fields["club"]}
    before = counts(DealSet, DealSetChunk)
    if api:
        body = {
            **{k: v for k, v in data.items() if v != "" and k != "key_source"},
            "club": club.slug if fields["club"] == "OWN" else fields["club"],
            **json_values,
        }
        note(body)
        send = send_as(api_client_for(director), "post", "/api/v1/deal-sets/", body, format="json")
        response = send("en")
        check(
            send,
            response,
            before,
            counts(DealSet, DealSetChunk),
            refused=response.status_code >= 400,
            in_polish=in_polish,
        )
    else:
        note(data)
        send = send_as(client_for(director), "post", "/dealing/deal-sets/new/", data)
        response = send("en")
        check(
            send, response, before, counts(DealSet, DealSetChunk), refused=refused_page(response), in_polish=in_polish
        )


# --- tables: the director's live room -----------------------------------------------------------------


@pytest.fixture
def room(phone_api, howell_in_play, director):
    """The Howell's table entry started, with conflicts on tables 1–3 (two phones, two results) and two requests
    for a correction at table 4."""
    from scoring.selectors.layout import session_layout
    from tables.models import Table
    from tables.services.joining import table_join
    from tables.services.submissions import correction_request, entry_submit

    layout = session_layout(howell_in_play)

    def phone(number):
        table = Table.objects.get(table_session__session=howell_in_play, number=number)
        return table_join(code=table.code, pin=table.pin)[0]

    for number in (1, 2, 3):
        board = layout.meeting(round=1, table=number).boards[0]
        entry_submit(
            device=phone(number),
            key=uuid.uuid4().hex,
            data={"board": board, "level": 4, "strain": "S", "declarer": "N", "relative": "="},
        )
        entry_submit(
            device=phone(number),
            key=uuid.uuid4().hex,
            data={"board": board, "level": 4, "strain": "S", "declarer": "N", "relative": "-1"},
        )
    device = phone(4)
    for board in layout.meeting(round=1, table=4).boards[:2]:
        correction_request(device=device, key=uuid.uuid4().hex, board=board, note="wrong declarer")
    return howell_in_play


room_fields = st.fixed_dictionaries(
    {},
    optional={
        "round": number_text,
        "locked": st.sampled_from(["1", "0", "", "x"]),
        "choice": st.one_of(st.sampled_from(["", "OWN", "²", "٣"]), number_text),
        "typed": traveller_text,
        "reason": reason_text,
        "table": number_text,
        "board": number_text,
        "lead": st.one_of(st.sampled_from(["HK", "s10", "K♥", "Z9", "♥", ""]), odd_text),
        "request": st.one_of(st.sampled_from(["", "OWN"]), number_text),
        "playing_confirmed": st.sampled_from(["1", "0", ""]),
        "confirmed": st.sampled_from(["yes", ""]),
    },
)


def _room_state(session):
    from clubs.models import Session
    from scoring.models import Result, ResultChange
    from tables.models import Conflict, CorrectionRequest, Table, TableSession

    return (
        rows(Result.objects, "board", "ns_pair", "ew_pair", "level", "strain", "declarer", "tricks", "assigned"),
        counts(ResultChange),
        rows(Conflict.objects, "resolved_at", "resolution"),
        rows(CorrectionRequest.objects, "done_at"),
        rows(Table.objects, "number", "locked", "code"),
        rows(TableSession.objects, "released_round"),
        rows(Session.objects.filter(pk=session.pk), "status"),
    )


@form_settings(FORM_EXAMPLES["room"])
@given(
    action=st.sampled_from(
        ["release", "lock", "resolve", "resolve", "result", "result", "request", "finish", "start", "renew"]
    ),
    fields=room_fields,
    target=st.integers(-1, 5),
    htmx=st.booleans(),
    in_polish=polish,
)
@example(action="release", fields={"round": "x"}, target=0, htmx=False, in_polish=False)  # once int("x"): a 500
@example(action="resolve", fields={"choice": "²"}, target=0, htmx=False, in_polish=False)  # "²".isdigit(): a 500
@example(
    action="result",
    fields={"table": "1", "round": "1", "board": "1", "typed": "4S N 10", "reason": "\x00"},
    target=0,
    htmx=False,
    in_polish=False,
)  # a NUL in the reason: PostgreSQL refuses to store it
@example(action="result", fields={"table": "1", "board": "1", "typed": "8S N", "lead": "Z9"}, target=0, htmx=True,
         in_polish=True)  # fmt: skip
def test_room_controls(room, director, client_for, action, fields, target, htmx, in_polish):
    """The live room's controls: release the next round, lock or unlock a table, resolve a conflict (one of its
    results, or one typed), enter or correct a table's result, close a table's request, finish the session,
    start table entry, renew the codes — done, or refused with the room's message; the room as it was."""
    from tables.models import Conflict, CorrectionRequest

    client = client_for(director)
    feed("form:room requests")
    base = f"/tables/sessions/{room.pk}/"
    conflicts = list(Conflict.objects.filter(table__table_session__session=room).order_by("pk"))
    requests = list(CorrectionRequest.objects.filter(table__table_session__session=room).order_by("pk"))
    data = dict(fields)
    if action == "resolve" and data.get("choice") == "OWN":
        data["choice"] = str(conflicts[target % len(conflicts)].submissions.order_by("pk").first().pk)
    if data.get("request") == "OWN":
        data["request"] = str(requests[target % len(requests)].pk)
    url = {
        "release": base + "release/",
        "lock": base + f"tables/{max(target, 0)}/lock/",
        "resolve": base + f"conflicts/{conflicts[target % len(conflicts)].pk if target >= 0 else 999999}/",
        "result": base + "result/",
        "request": base + f"requests/{requests[target % len(requests)].pk if target >= 0 else 999999}/done/",
        "finish": f"/sessions/{room.pk}/status/",
        "start": base + "start/",
        "renew": base + "renew/",
    }[action]
    if action == "finish":  # the room's button: the session page's status change, back to the room
        data = {"status": "finished", "back": base + "room/", **data}
    note((url, data, htmx))
    before = _room_state(room)
    send = send_as(client, "post", url, data, **({"HTTP_HX_REQUEST": "true"} if htmx else {}))
    response = send("en")
    after = _room_state(room)
    if response.status_code == 404:  # no such table, conflict or request in this session
        assert after == before and (target < 0 or (action == "lock" and target not in (1, 2, 3, 4)))
        return
    if action == "finish" and response.status_code == 200 and b"confirmed" in response.content:
        assert after == before  # the page that says what finishing does, and asks
        return
    if action == "result":  # the correction form comes back with the error beside its field (htmx: the form alone)
        refused = bool(said(response)) if htmx else refused_page(response)
        assert response.status_code == (200 if htmx else 400 if refused else 302), response.status_code
        check(send, response, before, after, refused=refused, in_polish=in_polish)
        return
    assert response.status_code == (200 if htmx and action != "finish" else 302), response.status_code
    check(send, response, before, after, refused=refused_by_message(response), in_polish=in_polish)
    if action == "release" and not refused_by_message(response):
        assert after[-2] == before[-2] or after[-2][0][0] == int(fields["round"])


# --- settings: the club's tables and movements, a player's own ---------------------------------------


@pytest.fixture
def player_member(club, player, other_club):
    """The player is a member of two clubs (a form for each on their settings page)."""
    from clubs.services import member_create

    member_create(club=other_club, first_name="Ada", last_name="Adamska", user=player)
    return player


@form_settings(FORM_EXAMPLES["settings"])
@given(
    page=st.sampled_from(["tables", "movements", "player"]),
    fields=st.fixed_dictionaries(
        {},
        optional={
            "minutes_per_board": st.one_of(
                st.sampled_from(["7", "7.5", "7,5", "7½", "3", "20", "2", "21", "0", "61"]), number_text
            ),
            "record_lead": boolean_text,
            "show_traveller": boolean_text,
            "tricks": st.one_of(st.sampled_from(["relative", "total", "x", ""]), odd_text),
            "usual_boards": st.one_of(
                st.sampled_from(["24–28", "24-28", "24", "28-24", "0-0", "1-999999"]), number_text
            ),
            "winners": st.one_of(st.sampled_from(["one", "two", "any"]), odd_text),
            "next": st.sampled_from(["", "/", "https://evil.example/", "//evil.example", "Ada", "movements:index"]),
            "results_by_email": boolean_text,
            "language": st.one_of(st.sampled_from(["en", "pl", "", "de"]), odd_text),
        },
    ),
    in_polish=polish,
)
@example(page="tables", fields={"tricks": "x"}, in_polish=False)  # once saved as "relative", silently
@example(page="tables", fields={"minutes_per_board": "x"}, in_polish=False)  # once ignored, silently
@example(
    page="movements",
    fields={"next": "Ada", "minutes_per_board": "7.5", "usual_boards": "24-28", "winners": "one"},
    in_polish=False,
)  # "Ada" taken for a view's name by redirect: a 500
def test_settings_forms(club, director, player_member, client_for, page, fields, in_polish):
    """A club's table settings (lead, traveller, tricks, minutes a board), its movement settings (minutes, usual
    boards, winners), a player's own (results by e-mail, language, for each club): saved as given, or refused with
    the form's error and nothing changed; never a value other than the one given saved in its stead."""
    from clubs.models import Member
    from movements.models import ClubMovementSettings
    from tables.models import TableSettings

    feed("form:settings requests")
    data = dict(fields)
    if page == "player":
        members = Member.objects.filter(user=player_member).order_by("pk")
        data = {f"m{m.pk}-{k}": v for m in members for k, v in fields.items()}
    url = {
        "tables": f"/tables/clubs/{club.slug}/settings/",
        "movements": f"/movements/club/{club.slug}/settings/",
        "player": "/scoring/me/settings/",
    }[page]
    client = client_for(player_member if page == "player" else director)
    note((url, data))

    def state():
        return (
            rows(TableSettings.objects, "record_lead", "show_traveller", "tricks", "minutes_per_board"),
            rows(ClubMovementSettings.objects, "minutes_per_board", "usual_boards_low", "usual_boards_high", "winners"),
            rows(Member.objects, "results_by_email", "language"),
        )

    before = state()
    send = send_as(client, "post", url, data)
    response = send("en")
    after = state()
    refused = refused_page(response)
    # minutes are read in the reader's language (7,5 is a number in Polish, not in English): not compared
    check(
        send,
        response,
        before,
        after,
        refused=refused,
        in_polish=in_polish and not (page == "movements" and "minutes_per_board" in fields),
    )
    if not refused:
        assert "evil" not in response["Location"]
        if page == "tables":
            saved = TableSettings.objects.get(club=club)
            assert saved.tricks == (fields.get("tricks") or saved.tricks)
            if fields.get("minutes_per_board", "").strip():
                assert str(saved.minutes_per_board) == fields["minutes_per_board"].strip()


# --- a phone joining its table ------------------------------------------------------------------------


@form_settings(FORM_EXAMPLES["phone_join"])
@given(
    code=st.one_of(st.sampled_from(["OWN", "own", "OWN ", " OWN", "AAAAA", "", "x" * 200]), odd_text),
    pin=st.one_of(st.sampled_from(["OWN", "0000", "", "9" * 5000]), number_text),
    by_qr=st.booleans(),
    take_over=st.sampled_from(["1", "", "x"]),
    in_polish=polish,
)
def test_phone_join(phone_api, howell_in_play, code, pin, by_qr, take_over, in_polish):
    """A phone joining a table by its code and PIN (typed, or the QR code's address): joined, or the page again
    with the reason (wrong code, wrong PIN, too many tries); no phone joined when refused."""
    from django.test import Client

    from tables.models import Device, JoinAttempt, Table

    feed("form:phone_join requests")
    JoinAttempt.objects.all().delete()  # each example starts with no wrong PIN counted against the code
    client = Client()
    table = Table.objects.get(table_session__session=howell_in_play, number=2)
    code = {"OWN": table.code, "own": table.code.lower(), "OWN ": table.code + " ", " OWN": " " + table.code}.get(
        code, code
    )
    pin = table.pin if pin == "OWN" else pin
    if by_qr:
        url = f"/t/{quote(code, safe='') or 'x'}/"
        if url in ("/t/join/", "/t/leave/", "/t/sw.js/") or ("%" in url and quote(code, safe="") in ("%2E", "%2E%2E")):
            return
    else:
        url = "/t/join/"
    data = {"pin": pin, "take_over": take_over} | ({} if by_qr else {"code": code})
    note((url, data))
    before = counts(Device)
    send = send_as(client, "post", url, data)
    response = send("en")
    after = counts(Device)
    if response.status_code == 404:
        assert after == before
        return
    refused = refused_page(response)
    answered(response, before, after, refused=refused)
    if refused and in_polish:

        def again(language):  # the same try again, not one more wrong PIN on top
            JoinAttempt.objects.all().delete()
            return send(language)

        said_in_polish_too(again, response)


# --- the API's other writes: pairs named, a movement chosen, a line corrected or deleted -----------------


def api_values():
    return st.one_of(
        odd_text,
        st.integers(-(2**70), 2**70),
        st.none(),
        st.booleans(),
        st.floats(allow_nan=False, allow_infinity=False),
        st.lists(st.integers(), max_size=2),
        st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
    )


player_json = st.one_of(
    st.none(), st.fixed_dictionaries({}, optional={"member": api_values(), "name": api_values()}), api_values()
)


@form_settings(FORM_EXAMPLES["apis"])
@given(
    which=st.sampled_from(["pairs", "movement", "correct", "delete"]),
    pairs=st.lists(
        st.fixed_dictionaries(
            {"number": st.one_of(st.integers(0, 9), api_values())},
            optional={
                "direction": api_values(),
                "section": api_values(),
                "player_1": player_json,
                "player_2": player_json,
            },
        ),
        max_size=9,
    ),
    movement=st.dictionaries(
        st.sampled_from(["pairs", "rounds", "kind", "half_sets", "variant", "arrow_switch", "boards_per_round"]),
        st.one_of(api_values(), st.sampled_from([8, 9, 14, 2, 1, 0, 200, 1000, "mitchell"])),
        max_size=7,
    ),
    line=st.fixed_dictionaries(
        {"reason": st.one_of(odd_text, st.just("a typo"), st.none())},
        optional={
            "entry": traveller_text,
            "result": st.dictionaries(
                st.sampled_from(["contract", "declarer", "tricks", "score", "kind"]), api_values(), max_size=4
            ),
        },
    ),
    result=st.integers(0, 11),
    in_polish=polish,
)
@example(which="movement", pairs=[], movement={"pairs": 2**70}, line={"reason": None}, result=0, in_polish=False)
@example(
    which="movement",
    pairs=[],
    movement={"pairs": 8, "boards_per_round": 40000},
    line={"reason": None},
    result=0,
    in_polish=False,
)
def test_other_api_writes(howell_scored, director, api_client_for, which, pairs, movement, line, result, in_polish):
    """The API's other writes: a session's pairs named (a whole list), its movement chosen, a line corrected or
    deleted with its reason: the answer, or a 4xx in the API's one shape and nothing changed."""
    from clubs.models import Pair, Session
    from movements.models import SessionMovement
    from scoring.models import Result, ResultChange

    client = api_client_for(director)
    feed("form:apis requests")
    ids = list(Result.objects.filter(session=howell_scored).order_by("pk").values_list("pk", flat=True))
    if which == "pairs":
        method, url, body = "put", f"/api/v1/sessions/{howell_scored.pk}/pairs/", {"pairs": pairs}
    elif which == "movement":
        method, url, body = "post", f"/api/v1/sessions/{howell_scored.pk}/movement/", movement
    else:
        if not ids:
            return
        method, url = ("patch" if which == "correct" else "delete"), f"/api/v1/results/{ids[result % len(ids)]}/"
        body = {k: v for k, v in line.items() if v is not None}
    note((method, url, body))

    def state():
        return (
            rows(Pair.objects, "number", "player_1", "player_1_name", "player_2", "player_2_name"),
            rows(SessionMovement.objects, "kind", "pairs", "rounds"),
            rows(Session.objects, "boards_per_round", "status"),
            rows(Result.objects, "board", "level", "strain", "tricks", "assigned"),
            counts(ResultChange),
        )

    before = state()
    send = send_as(client, method, url, body, format="json")
    response = send("en")
    check(send, response, before, state(), refused=response.status_code >= 400, in_polish=in_polish)


@form_settings(FORM_EXAMPLES["dealing_apis"])
@given(
    which=st.sampled_from(["commitment", "commitment", "delayed_value", "boards", "boards"]),
    commitment=st.fixed_dictionaries(
        {},
        optional={
            "club": st.one_of(st.just("riverside"), api_values()),
            "event": st.one_of(st.just("Jesień"), api_values()),
            "promise": st.one_of(st.just("DJIA close on 2026-11-20"), api_values()),
            "dv_format": st.one_of(st.sampled_from(["decimal:2", "text", "x"]), api_values()),
            "sessions": st.one_of(
                api_values(),
                st.lists(
                    st.fixed_dictionaries(
                        {},
                        optional={
                            "session": st.one_of(st.just("OWN"), api_values()),
                            "boards": st.one_of(st.sampled_from([1, 24, 999, 1000]), api_values()),
                        },
                    ),
                    max_size=3,
                ),
            ),
        },
    ),
    value=st.one_of(number_text, api_values()),
    boards=st.fixed_dictionaries(
        {"source": st.one_of(st.sampled_from(["fresh", "import", "commitment"]), odd_text)},
        optional={"boards": number_text, "replace": boolean_text, "file": st.binary(max_size=300)},
    ),
    in_polish=polish,
)
@example(
    which="commitment",
    commitment={
        "club": "riverside",
        "event": "e",
        "promise": "p",
        "dv_format": "text",
        "sessions": [{"session": 2**70, "boards": 3}],
    },
    value="1",
    boards={"source": "fresh"},
    in_polish=False,
)
def test_dealing_api_writes(club_session, director, api_client_for, which, commitment, value, boards, in_polish):
    """The dealing API's writes: a commitment made (club, event, promise, format, its sessions and boards), a
    delayed value entered, a session's boards dealt (fresh, from a commitment, or a file imported): the answer, or
    a 4xx in the API's one shape and nothing changed."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    from dealing.models import Board, Commitment, PublicationLogEntry

    client = api_client_for(director)
    feed("form:dealing_apis requests")
    if which == "commitment":
        body = {**commitment}
        if isinstance(body.get("sessions"), list):
            body["sessions"] = [
                {**s, "session": club_session.pk} if isinstance(s, dict) and s.get("session") == "OWN" else s
                for s in body["sessions"]
            ]
        send = send_as(client, "post", "/api/v1/commitments/", body, format="json")
    elif which == "delayed_value":
        made = Commitment.objects.order_by("pk").last()
        if made is None:
            return
        body = {"value": value}
        send = send_as(client, "post", f"/api/v1/commitments/{made.pk}/delayed-value/", body, format="json")
    else:
        body = dict(boards)
        if "file" in body:
            body["file"] = SimpleUploadedFile("boards.pbn", body["file"])
        send = send_as(client, "post", f"/api/v1/sessions/{club_session.pk}/boards/", body, format="multipart")
    note((which, body))

    def state():
        return (
            rows(Commitment.objects, "event", "status", "delayed_value"),
            counts(PublicationLogEntry),
            rows(Board.objects, "number", "deal_number"),
        )

    before = state()
    response = send("en")
    check(send, response, before, state(), refused=response.status_code >= 400, in_polish=in_polish)
