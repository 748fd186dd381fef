"""The visibility matrix: every URL pattern of the site and every operation of the API's schema, filled with real
ids from the demo data (and what it lacks: a session in every state, dealt, in two clubs), requested as every kind
of viewer — anonymous, a phone joined to a table, a player of the club, a player of another club, the club's
scorer and director, another club's director, a site auditor.

For every answer: no server error (5xx), and nothing the viewer must not see — no hand of a deal of a session
not over (in any layout: PBN, a diagram, JSON), nor of a finished session of a club the viewer is not in (unless
its results are published and public, or the commitment it was dealt from is revealed: its hand record is then
public), no Pavlicek number of such a deal, no commitment key before its reveal, no fresh dealing key or encryption
key, no table PIN to anyone who does not run the tables. The ways a deal leaves the site early — a director's
dealing-machine file (``dealing:board_dealing_file``, POST), and a flagged board's hands beside its flag in the live
room (``tables:board_check``) — are allowed to the club's director only; a simultaneous pairs' deals and commentary
to the organising club's directors (its commentary, board and booklet pages) and, in the booklet, to a
participating club's director once its session is over. Every request runs in a savepoint rolled
back after it, so the world stays the same.

The rule and the machinery are in ``tests/security/matrix.py``; a new page is covered without a change here, and a
new kind of URL parameter fails ``test_every_url_pattern_can_be_filled`` with how to teach the matrix. Pages are
requested by GET and by an empty POST; API operations with their own method and an empty JSON body.

Each viewer's sweep of the pages is made once (``page_sweep``) and read by two tests: the one above, and the headers
test's check that every answer carries the security policy and keeps to it (``tests/security/test_headers.py`` says
what the policy is), for the viewers it names — so each page is rendered once for both.
"""

from __future__ import annotations

import copy
import gc
import json
import logging
import shutil
import traceback
from pathlib import Path

import pytest
from django.db import transaction
from django.test import Client
from django.urls import Resolver404, resolve

from tests.security.matrix import (
    QUERIES,
    VIEWERS,
    Pattern,
    Unfillable,
    body_text,
    fill,
    leaks,
    secrets_for,
    url_patterns,
)
from tests.security.policy import problems_of

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

#: (URL name, method, viewer) → the club whose deals that answer may carry before its sessions are over: the
#: dealing-machine file (a session's, or a simultaneous pairs' club's), and a flagged board's hands in the live room
#: (issue 24), for the club's own director.
EARLY_DEALS = {
    ("dealing:board_dealing_file", "post", "director"): "riverside",
    ("dealing:board_dealing_file", "post", "other_director"): "hilltop",
    # a simultaneous pairs' club takes the event's deals for its session (issue 22), as its own director
    ("simultaneous:club_dealing_file", "post", "other_director"): "hilltop",
    # the organiser writes the commentary beside the event's deals and takes the booklet before the evening; a
    # participating club's director takes the booklet once its session is over (to print it for its players)
    **{
        (name, method, "director"): "riverside"
        for name in ("simultaneous:commentary", "simultaneous:board", "simultaneous:booklet")
        for method in ("get", "post")
    },
    ("simultaneous:booklet", "get", "other_director"): "hilltop",
    **{
        ("tables:board_check", method, viewer): club
        for method in ("get", "post")
        for viewer, club in (("director", "riverside"), ("other_director", "hilltop"))
    },
}
#: (URL name, method, viewer) that may carry a simultaneous pairs' commentary before its embargo ends (besides the
#: organising club's directors, whose secret it is not): the booklet, printed by a participating club's director once
#: its session is over, as its deals are.
EARLY_COMMENTARY = {("simultaneous:booklet", "get", "other_director")}
#: The viewers whose every page is also checked against the security policy (tests/security/test_headers.py).
POLICY_VIEWERS = ("anonymous", "phone", "player", "director", "auditor")
#: /healthz answers 503 when the database or broker is down: that is its job, not a server error.
MAY_ANSWER_503 = {"healthz"}


class HtmlForPdf:
    """Stands in for ``weasyprint.HTML``: ``write_pdf`` gives back the HTML the PDF would be printed from, so the
    matrix searches what a PDF would show (its text, not its compressed streams) and spends no second per PDF on
    layout; the PDFs themselves are tested in tests/dealing/test_hand_record_print.py and tests/scoring/players."""

    def __init__(self, string: str = "", **_options):
        self.string = string

    def write_pdf(self, *args, **options) -> bytes:
        return b"%PDF-1.7 (the matrix's stand-in: the HTML printed)\n" + self.string.encode()


class NoLayoutGarbage:
    """Stands in for the garbage collector of ``clubsite.pdf``: with ``HtmlForPdf`` nothing is laid out, so the full
    collection after each PDF (a tenth of a second in a process this size) has nothing of its own to free."""

    get_threshold = staticmethod(gc.get_threshold)
    set_threshold = staticmethod(gc.set_threshold)

    @staticmethod
    def collect(*generation) -> int:
        return 0


def _forget_kept_pdfs() -> None:
    """The PDFs kept by ``clubsite.pdf.pdf_kept`` (named by their HTML): none from before the matrix, so each of its
    PDFs is the stand-in's searchable HTML, and none of the stand-in's after it, for the tests of real PDFs."""
    from django.conf import settings

    shutil.rmtree(Path(settings.MEDIA_ROOT) / "pdfs", ignore_errors=True)


@pytest.fixture(scope="module", autouse=True)
def _pdfs_as_their_html():
    import weasyprint

    from clubsite import pdf

    _forget_kept_pdfs()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(weasyprint, "HTML", HtmlForPdf)
        patch.setattr(pdf, "collector", NoLayoutGarbage)
        yield
    _forget_kept_pdfs()


@pytest.fixture(scope="module", autouse=True)
def _refusals_unlogged():
    """The sweeps make some 20,000 requests, a third of them refused (403, 404, 405), and Django logs each refusal
    at WARNING, formatted for every handler (a few CPU-seconds a viewer). Within the module those loggers say only
    errors: a server error is still logged, and the sweep finds it by its answer or its exception anyway."""
    loggers = [logging.getLogger(name) for name in ("django.request", "django.security")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.ERROR)
    yield
    for logger, level in zip(loggers, levels, strict=True):
        logger.setLevel(level)


@pytest.fixture(scope="module")
def patterns():
    return url_patterns()


def client_of(viewer: str, world) -> Client:
    client = Client()
    if viewer == "phone":
        client.cookies["tables_device"] = world.phone_token
        client.defaults["HTTP_X_TABLE_TOKEN"] = world.phone_token
    elif viewer != "anonymous":
        client.force_login(world.users[viewer])
    return client


def project_frame(exc: BaseException) -> str:
    """The innermost frame of the project's own code in the exception's traceback."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "/.venv/" not in f.filename]
    return f"{frames[-1].filename}:{frames[-1].lineno}" if frames else "?"


REQUESTS: dict[str, int] = {}


def teardown_module():
    """With ``-s``: how many requests the matrix made."""
    print(f"\nvisibility matrix: {sum(REQUESTS.values())} requests ({REQUESTS})")
    PAGE_SWEEPS.clear()


class Sweep:
    """Requests as one viewer, each in a savepoint rolled back after it; what went wrong, and how many. With
    ``headers``, each answer to a GET is also checked against the security policy (``tests/security/policy.py``)."""

    def __init__(self, viewer: str, world, *, headers: bool = False):
        self.viewer, self.world, self.headers = viewer, world, headers
        self.client = client_of(viewer, world)
        self.cookies = copy.deepcopy(self.client.cookies)
        self.secrets = secrets_for(viewer, world)
        self.problems: list[str] = []
        self.count = 0
        self.policy_problems: list[str] = []
        self.pages = self.html_pages = 0

    def request(self, method: str, url: str, name: str, *, leaks_too: bool = True, **extra) -> None:
        """One request; its answer searched for leaks (``leaks_too``) and, for a GET in a headers sweep, checked
        against the policy."""
        self.count += 1
        REQUESTS[self.viewer] = REQUESTS.get(self.viewer, 0) + 1
        where = f"{method.upper()} {url} ({name}) as {self.viewer}"
        policy = self.headers and method == "get"
        try:
            with transaction.atomic():
                response = getattr(self.client, method)(url, **extra)
                text = body_text(response)
                transaction.set_rollback(True)
        except Exception as exc:
            self.problems.append(f"{where}: server error: {type(exc).__name__}: {exc} at {project_frame(exc)}")
            if policy:
                self.policy_problems.append(f"{url}: server error: {type(exc).__name__}: {exc}")
            return
        finally:
            self.client.cookies = copy.deepcopy(self.cookies)  # a logout or a language switch is undone too
        if policy:
            self.pages += 1
            self.html_pages += response.headers.get("Content-Type", "").startswith("text/html")
            self.policy_problems += problems_of(response, url)
        if not leaks_too:
            return
        if response.status_code >= 500 and not (response.status_code == 503 and name in MAY_ANSWER_503):
            self.problems.append(f"{where}: {response.status_code}")
        found = leaks(text, self.secrets)
        club = EARLY_DEALS.get((name, method, self.viewer))
        if found and club:
            found = [f for f in found if not (f.startswith("a deal of") and f", {club})" in f)]
        if found and (name, method, self.viewer) in EARLY_COMMENTARY:
            found = [f for f in found if not f.startswith("a simultaneous pairs' commentary")]
        if found:
            self.problems.append(f"{where}: {response.status_code}, shows " + "; ".join(found[:5]))

    def check(self) -> None:
        assert not self.problems, f"{len(self.problems)} of {self.count} requests went wrong:\n" + "\n".join(
            self.problems[:40]
        )


#: viewer → the sweep of every page as that viewer, made once for the module (``page_sweep``)
PAGE_SWEEPS: dict[str, Sweep] = {}


def page_sweep(viewer: str, world, patterns) -> Sweep:
    """Every page as ``viewer``, once for the module, for both tests that read it: each page of the URL
    configuration by GET, by an empty POST and by GET with each of its queries, searched for leaks; and, for the
    viewers of the headers test, every GET (the API's addresses too, which the leak test requests by the schema's
    operations instead) checked against the security policy."""
    if viewer not in PAGE_SWEEPS:
        sweep = Sweep(viewer, world, headers=viewer in POLICY_VIEWERS)
        for pattern in patterns:
            if pattern.is_api and not sweep.headers:
                continue
            queries = QUERIES.get(pattern.name, lambda w: [])(world)
            for url in fill(pattern, world):
                sweep.request("get", url, pattern.name, leaks_too=not pattern.is_api)
                if not pattern.is_api:
                    sweep.request("post", url, pattern.name)
                for query in queries:
                    sweep.request("get", f"{url}?{query}", pattern.name, leaks_too=not pattern.is_api)
        PAGE_SWEEPS[viewer] = sweep
    return PAGE_SWEEPS[viewer]


def test_every_url_pattern_can_be_filled(world, patterns):
    """Each pattern is filled with real ids (a new parameter fails here with how to teach the matrix), and each
    filled address resolves to its own pattern."""
    assert len(patterns) > 100
    problems = []
    for pattern in patterns:
        try:
            urls = fill(pattern, world)
        except Unfillable as exc:
            problems.append(str(exc))
            continue
        assert urls, pattern.route
        for url in urls:
            try:
                match = resolve(url)
            except Resolver404:
                problems.append(f"{url} (filled from {pattern.route!r}) does not resolve")
                continue
            if match.func is not pattern.callback:
                problems.append(f"{url} (filled from {pattern.route!r}) resolves to {match.route!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("viewer", VIEWERS)
def test_no_page_shows_what_its_viewer_must_not_see(world, patterns, viewer):
    page_sweep(viewer, world, patterns).check()


@pytest.mark.parametrize("viewer", POLICY_VIEWERS)
def test_every_page_carries_the_policy_and_keeps_to_it(world, patterns, viewer):
    """Every page's answer by GET, as each of these viewers, carries the security policy and its HTML keeps to it
    (``tests/security/test_headers.py`` says what that is)."""
    sweep = page_sweep(viewer, world, patterns)
    assert sweep.pages > 300 and sweep.html_pages > 100, (sweep.pages, sweep.html_pages)
    assert not sweep.policy_problems, f"{len(sweep.policy_problems)} problems in {sweep.pages} answers:\n" + "\n".join(
        sweep.policy_problems[:40]
    )


def schema(world) -> dict:
    client = Client()
    client.force_login(world.users["auditor"])
    response = client.get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    return json.loads(response.content)


def operations(world, patterns) -> list[tuple[str, str, str]]:
    """(method, url, URL name) of every operation of the schema, filled from the world."""
    by_path = {
        "/" + p.route.replace("<int:", "{").replace("<slug:", "{").replace("<str:", "{").replace(">", "}"): p
        for p in patterns
        if p.is_api
    }
    out = []
    for path, item in schema(world)["paths"].items():
        pattern: Pattern = by_path[path]
        for method in item:
            if method in {"get", "post", "put", "patch", "delete"}:
                out += [(method, url, pattern.name) for url in fill(pattern, world)]
    return out


def test_every_api_url_pattern_is_in_the_schema(world, patterns):
    paths = set(schema(world)["paths"])
    missing = [
        p.route
        for p in patterns
        if p.is_api
        and "/" + p.route.replace("<int:", "{").replace("<slug:", "{").replace("<str:", "{").replace(">", "}")
        not in paths
    ]
    assert not missing, f"API addresses the schema does not document (the matrix would not request them): {missing}"


@pytest.mark.parametrize("viewer", VIEWERS)
def test_no_api_operation_shows_what_its_viewer_must_not_see(world, patterns, viewer):
    sweep = Sweep(viewer, world)
    for method, url, name in operations(world, patterns):
        if method == "get":
            sweep.request(method, url, name)
        else:
            sweep.request(method, url, name, data="{}", content_type="application/json")
    sweep.check()


def test_the_matrix_finds_a_hand_in_every_layout(world):
    """The net has no hole of its own: a finished session's hands, which its club's player may see, are found in
    that player's hand-record pages (diagrams), PBN file, printable page and API answer when searched for with the
    secrets of a player of another club; and the director's dealing-machine file (the one allowed early way out)
    does hold the running session's deals."""
    finished = next(s for s in world.sessions if s.state == "finished" and not s.in_revealed_commitment)
    running = next(s for s in world.sessions if s.state == "running")
    insider, outsider = {"hilltop": ("other_player", "player"), "riverside": ("player", "other_player")}[finished.club]
    outsider_secrets = secrets_for(outsider, world)
    client = client_of(insider, world)
    for url in (
        f"/dealing/sessions/{finished.pk}/hand-record/",
        f"/dealing/sessions/{finished.pk}/hand-record/3/",
        f"/dealing/sessions/{finished.pk}/hand-record.pbn",
        f"/dealing/sessions/{finished.pk}/hand-record/print/",
        f"/api/v1/sessions/{finished.pk}/boards/",
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assert leaks(body_text(response), outsider_secrets), url
    with transaction.atomic():
        response = client_of("director", world).post(f"/dealing/sessions/{running.pk}/boards/file/pbn/")
        transaction.set_rollback(True)
    assert response.status_code == 200
    assert any(
        f.startswith(f"a deal of session {running.pk}")
        for f in leaks(body_text(response), secrets_for("director", world))
    )


def test_the_rule_opens_a_revealed_commitments_finished_sessions_to_anyone_and_nothing_early(world):
    """The rule the sweeps hold every answer to: an anonymous visitor may see the deals of the finished sessions of
    a revealed commitment (their hand records are public), and not those of a session of a revealed commitment put
    back in play, of a published commitment not revealed, or of a club's finished session dealt otherwise; and the
    public hand record does hold the deals the rule lets through (the sweep would see a leak were they secret)."""
    anonymous = secrets_for("anonymous", world)
    by_state = {(s.state, s.in_revealed_commitment, s.club): s for s in world.sessions}
    revealed_finished = by_state[("finished", True, "riverside")]
    replayed = by_state[("revealed-replayed", True, "riverside")]
    unrevealed_running = by_state[("running", False, "riverside")]
    hill_finished = by_state[("finished", False, "hilltop")]
    hands = set(anonymous.hands.values())
    assert not any(f"session {revealed_finished.pk} " in what for what in hands)
    for case in (replayed, unrevealed_running, hill_finished):
        assert any(f"session {case.pk} " in what for what in hands), case.state
    response = client_of("anonymous", world).get(f"/dealing/sessions/{revealed_finished.pk}/hand-record.pbn")
    assert response.status_code == 200
    assert leaks(body_text(response), secrets_for("other_player", world)) == []
    assert leaks(body_text(response), secrets_for("anonymous", world)) == []
    assert any(
        f"session {revealed_finished.pk} " in f
        for f in leaks(body_text(response), _secrets_as_if_hidden(world, revealed_finished))
    )
    response = client_of("anonymous", world).get(f"/dealing/sessions/{replayed.pk}/hand-record.pbn")
    assert response.status_code == 403


def _secrets_as_if_hidden(world, case):
    """The anonymous visitor's secrets, with ``case`` hidden as though its commitment were not revealed."""
    import dataclasses

    hidden = dataclasses.replace(case, in_revealed_commitment=False, is_published=False)
    return secrets_for("anonymous", dataclasses.replace(world, sessions=[hidden]))
