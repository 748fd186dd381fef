"""The visibility matrix's machinery: every URL pattern of the URL configuration, filled with real ids, requested
as every kind of viewer, each answer searched for what that viewer must not see.

* :func:`url_patterns` — every pattern of ``ROOT_URLCONF``, found by walking the resolver (a page added tomorrow
  is in it), with the names of its parameters.
* :data:`FILLERS` — how to fill each parameter from the :class:`World`: a function of the world and the values
  already chosen for the pattern (so a board number follows its session). A parameter with no filler fails
  ``test_every_url_pattern_can_be_filled`` with a message saying how to teach the matrix.
* :func:`build_world` — ``seed_demo`` and what it lacks: a session in every state, dealt, in each club, a
  commitment in each state (draft, published with its delayed value, revealed), table entry with a phone joined,
  a conflict and a correction request, a deal set, a guide-card PDF, a player of the other club.
* :func:`may_see_deals` — the rule: a session's deals once it is over, to those inside its club; to anyone once its
  results are out and public, or once the commitment it was dealt from is revealed (its hand record is then public:
  anyone checks the deals against it). Never before the session is over: the world holds a session of a revealed
  commitment put back in play.
* :func:`secrets_for` — what one viewer must not find in any answer: every hand of every deal it may not see (as
  13 ranks in a row, however the page lays the hand out: PBN, LIN, a diagram, JSON lists of cards), each such
  deal's Pavlicek number, every commitment key not yet revealed and the dealing key derived from it, every fresh
  session key, the encryption keys, and the tables' PINs (``pin=…``) for those who do not run the tables.
* :func:`leaks` — which of them an answer holds.

The deals are encrypted at rest; the world reads them through ``dealing.selectors`` (as a director of each club,
with the session over for that one moment inside a rolled-back savepoint).
"""

from __future__ import annotations

import datetime
import html
import re
from dataclasses import dataclass, field

from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.resolvers import RegexPattern, RoutePattern

# --- the URL configuration ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Pattern:
    """One URL pattern: its full route (``sessions/<int:session_id>/``), name, view and parameters in order."""

    route: str
    name: str
    callback: object
    parts: tuple  # (kind, text): ("route", "sessions/<int:session_id>/") or ("regex", "^…$")
    params: tuple[str, ...]

    @property
    def module(self) -> str:
        view = getattr(self.callback, "view_class", None) or getattr(self.callback, "cls", None) or self.callback
        return f"{getattr(view, '__module__', '')}.{getattr(view, '__qualname__', getattr(view, '__name__', ''))}"

    @property
    def is_api(self) -> bool:
        return self.route.startswith("api/v1/")

    @property
    def is_admin(self) -> bool:
        return self.route.startswith("admin/")

    def fill(self, values: dict[str, str]) -> str:
        out = []
        for kind, text in self.parts:
            if kind == "route":
                out.append(re.sub(r"<(?:\w+:)?(\w+)>", lambda m: str(values[m.group(1)]), text))
            else:
                text = text.removeprefix("^").removesuffix("$").removesuffix(r"\Z")
                out.append(re.sub(r"\(\?P<(\w+)>(?:[^()]|\([^()]*\))*\)", lambda m: str(values[m.group(1)]), text))
        return "/" + "".join(out)


ROUTE_PARAM = re.compile(r"<(?:\w+:)?(\w+)>")


def _params(pattern) -> list[str]:
    if isinstance(pattern, RoutePattern):
        return ROUTE_PARAM.findall(str(pattern))
    if isinstance(pattern, RegexPattern):
        return list(pattern.regex.groupindex)
    raise TypeError(f"unknown pattern type {type(pattern)}")


def _kind(pattern) -> str:
    return "route" if isinstance(pattern, RoutePattern) else "regex"


def url_patterns() -> list[Pattern]:
    """Every URL pattern of the site, by walking the resolver (includes, namespaces and the admin)."""
    found = []

    def walk(patterns, parts: tuple, params: tuple, namespace: str):
        for p in patterns:
            here = parts + ((_kind(p.pattern), str(p.pattern)),)
            names = params + tuple(_params(p.pattern))
            if isinstance(p, URLResolver):
                ns = f"{namespace}:{p.namespace}" if namespace and p.namespace else (p.namespace or namespace)
                walk(p.url_patterns, here, names, ns or "")
            elif isinstance(p, URLPattern):
                name = (
                    f"{namespace}:{p.name}"
                    if namespace and p.name
                    else (p.name or (f"{namespace}:" if namespace else ""))
                )
                found.append(
                    Pattern(
                        route="".join(t for _k, t in here), name=name, callback=p.callback, parts=here, params=names
                    )
                )

    walk(get_resolver().url_patterns, (), (), "")
    return found


# --- the world --------------------------------------------------------------------------------------------------

VIEWERS = ("anonymous", "phone", "player", "other_player", "scorer", "director", "other_director", "auditor")
#: Viewers who see a club's sessions from inside it, per club (the site auditor reads every club).
INSIDERS = {
    "riverside": {"player", "scorer", "director", "auditor"},
    "hilltop": {"other_player", "other_director", "auditor"},
}
#: Viewers who run a club's tables and may see its PINs.
TABLE_RUNNERS = {"riverside": {"director", "auditor"}, "hilltop": {"other_director", "auditor"}}
SIM_COMMENTARY = "Matrix commentary: only a squeeze makes it (KOALA-7731)"
#: who reads a simultaneous pairs' commentary before its embargo ends: the organising club's (Riverside's) directors
SIM_COMMENTARY_READERS = {"director"}
#: what the organiser's flags across the field say of the club whose file is in (Riverside's directors alone read them)
SIM_FLAG = "at Welwyn looks"
MISSING = 987654  # an id that names nothing: every page must answer it without a 5xx


@dataclass
class SessionCase:
    """One session of the world, what is secret in it, and its ids for the fillers."""

    pk: int
    club: str
    state: str  # planned, planned-dealt, running, finished, provisional, published, revealed-replayed
    is_over: bool
    is_published: bool
    in_revealed_commitment: bool = False  # dealt from a commitment whose key is revealed
    held: bool = False  # its deals held past its end by an event's embargo (a simultaneous pairs' club)
    hands: list[str] = field(default_factory=list)  # PBN hands ("AKQ.T98.765.432"), 4 per board
    deal_numbers: list[str] = field(default_factory=list)
    pairs: list[str] = field(default_factory=list)  # pair labels ("1", "2" …)
    result_lines: list[tuple[int, str, str]] = field(default_factory=list)  # (board, ns, ew)


@dataclass
class World:
    sessions: list[SessionCase]
    users: dict[str, object]
    clubs: dict[str, object]
    results_public: dict[str, bool]
    commitments: dict[str, int]  # state → id
    secret_keys: list[str]  # keys not revealed (commitments, fresh, derived)
    revealed_keys: list[str]
    pins: dict[str, list[str]]  # club slug → its tables' PINs
    table_codes: list[str]
    phone_token: str
    members: dict[str, int]
    member_tokens: list[str]
    deal_set_id: int
    deal_set_outputs: list[str]
    cards_key: str
    conflict_id: int
    request_id: int
    result_ids: list[int]
    reset: tuple[str, str]  # (uidb64, token) of a password reset
    admin_objects: dict[str, list[str]]  # "app_label.model" → object ids
    admin_apps: list[str]
    session_content_type: int
    audit_ids: list[int] = field(default_factory=list)
    audit_file_ids: list[int] = field(default_factory=list)
    sim_event_ids: list[int] = field(default_factory=list)  # simultaneous pairs (issue 22), organised by Riverside
    sim_file_ids: list[int] = field(default_factory=list)  # their clubs' results files
    sim_entry_ids: list[int] = field(default_factory=list)  # their registered clubs' sessions (ClubEntry)

    def session(self, pk) -> SessionCase | None:
        return next((s for s in self.sessions if s.pk == int(pk)), None)


def _read_deals(case: SessionCase, session, director) -> None:
    """The session's hands and Pavlicek numbers, read as a viewer reads them: through ``dealing.selectors``.
    A session not yet over is made over for that one read, inside a savepoint rolled back at once."""
    from django.db import transaction

    from bridge.cards import Seat
    from clubs.models import Session
    from dealing.models import Commitment
    from dealing.selectors.boards import hand_record_for_viewer

    with transaction.atomic():
        Session.objects.filter(pk=session.pk).update(status=Session.Status.FINISHED)
        Commitment.objects.filter(dealings__session=session).update(status=Commitment.Status.REVEALED)
        _session, boards = hand_record_for_viewer(user=director, session_id=session.pk)
        for board in boards:
            case.hands += [board.deal.hand(seat).to_pbn() for seat in Seat]
            case.deal_numbers.append(str(board.deal_number))
        transaction.set_rollback(True)


def build_world() -> World:
    from django.contrib.auth import get_user_model
    from django.contrib.auth.tokens import default_token_generator
    from django.contrib.contenttypes.models import ContentType
    from django.core import signing
    from django.core.management import call_command
    from django.utils.encoding import force_bytes
    from django.utils.http import urlsafe_base64_encode

    from clubs.models import Club, Member, Session
    from clubs.services import member_create, session_create
    from dealing.domain.commitment import RevealedCommitment
    from dealing.models import Board, Commitment, SessionDealing
    from dealing.selectors.boards import deals_held_by_commitment
    from dealing.services import boards as board_services
    from dealing.services import commitments as commitment_services
    from dealing.services.deal_sets import deal_set_create
    from events.demo.scoring import pairs_name, results_record
    from movements.selectors import session_card_names, session_movement_get
    from movements.services import guide_card_pdf_get_or_create, session_movement_choose
    from scoring.models import Result
    from scoring.services.mail import STOP_SALT
    from tables.models import Conflict, CorrectionRequest, Table
    from tables.services.joining import table_join
    from tables.services.setup import table_entry_start
    from tables.services.submissions import correction_request, entry_submit

    call_command("seed_demo", stdout=open("/dev/null", "w"))
    User = get_user_model()
    users = {
        name: User.objects.get(username=username)
        for name, username in [
            ("player", "player"),
            ("scorer", "scorer"),
            ("director", "director"),
            ("other_director", "hilltop"),
            ("auditor", "auditor"),
        ]
    }
    riverside, hilltop = Club.objects.get(slug="riverside"), Club.objects.get(slug="hilltop")
    director, other_director = users["director"], users["other_director"]
    other_player = User.objects.create_user(username="matrix-hill-player", password="matrix-hill-player-2026")
    hill_member = member_create(
        club=hilltop, first_name="Hana", last_name="Hill", user=other_player, email="hana@example.org"
    )
    users["other_player"] = other_player
    players = list(Member.objects.filter(club=riverside, national_id__startswith="DEMO").order_by("national_id"))
    today = datetime.date.today()

    def status(session, value):
        Session.objects.filter(pk=session.pk).update(status=value)
        session.refresh_from_db()

    def howell(session, user):
        status(session, Session.Status.RUNNING)
        session_movement_choose(session=session, user=user, pairs=8, boards_per_round=3)
        session.refresh_from_db()
        pairs_name(session, players) if session.club_id == riverside.pk else None

    # A commitment published with its delayed value, not revealed: a running and a provisional session of it.
    running = session_create(club=riverside, name="Matrix Running Pairs", date=today, boards_per_round=3)
    provisional = session_create(
        club=riverside, name="Matrix Provisional Pairs", date=today - datetime.timedelta(2), boards_per_round=3
    )
    for s in (running, provisional):
        howell(s, director)
    published_unrevealed = commitment_services.commitment_create(
        club=riverside,
        user=director,
        event="Matrix autumn",
        promise="DJIA close on a later day",
        dv_format="decimal:2",
        sessions=[(running, 21), (provisional, 21)],
    )
    commitment_services.commitment_publish(commitment=published_unrevealed, user=director)
    commitment_services.commitment_enter_dv(commitment=published_unrevealed, user=director, value="43001.17")
    for s in (running, provisional):
        board_services.session_deal_from_commitment(session=s, user=director, queue_analysis=False)
    status(provisional, Session.Status.FINISHED)
    results_record(provisional, director)
    status(provisional, Session.Status.PROVISIONAL)

    # The running session at its tables: started, a phone joined, an entry, a conflict, a correction request.
    status(running, Session.Status.PLANNED)
    table_entry_start(session=running, user=director)
    running.refresh_from_db()
    table = Table.objects.filter(table_session__session=running).order_by("number").first()
    device, phone_token = table_join(code=table.code, pin=table.pin)
    second, _ = table_join(code=table.code, pin=table.pin)
    from scoring.selectors.layout import session_layout

    first_board = session_layout(running).meeting(round=1, table=table.number).boards[0]
    entry_submit(
        device=device,
        key="matrix-1",
        data={"board": first_board, "level": 4, "strain": "S", "declarer": "N", "relative": "="},
    )
    entry_submit(
        device=second,
        key="matrix-2",
        data={"board": first_board, "level": 4, "strain": "S", "declarer": "N", "relative": "-1"},
    )
    correction_request(device=device, key="matrix-3", board=first_board, note="declarer was S")

    # A planned session dealt with a fresh key, and a draft commitment of the championship.
    planned_dealt = Session.objects.get(club=riverside, name="Tuesday Pairs")
    board_services.session_deal_fresh(session=planned_dealt, user=director, boards=12, queue_analysis=False)
    championship = Session.objects.get(club=riverside, name="Club Championship")
    draft = commitment_services.commitment_create(
        club=riverside,
        user=director,
        event="Matrix championship",
        promise="a value not known yet",
        dv_format="text",
        sessions=[(championship, 24)],
    )

    # The other club: a finished session dealt (its members may see it, nobody of Riverside) and a planned one.
    hill_finished = session_create(
        club=hilltop, name="Hilltop Matrix Pairs", date=today - datetime.timedelta(3), boards_per_round=2
    )
    board_services.session_deal_fresh(session=hill_finished, user=other_director, boards=8, queue_analysis=False)
    status(hill_finished, Session.Status.FINISHED)
    hill_planned = Session.objects.get(club=hilltop, name="Hilltop Wednesday Pairs")

    # A session of a revealed commitment put back in play (finished → in play, one step back): its deals stay hidden
    # until it is over again, revealed key or not.
    demo_revealed = Commitment.objects.get(club=riverside, revealed_at__isnull=False)
    replayed = session_create(
        club=riverside, name="Matrix Replayed Pairs", date=today - datetime.timedelta(1), boards_per_round=3
    )
    replayed_commitment = commitment_services.commitment_create(
        club=riverside,
        user=director,
        event="Matrix replay",
        promise="a value",
        dv_format="text",
        sessions=[(replayed, 6)],
    )
    commitment_services.commitment_publish(commitment=replayed_commitment, user=director)
    commitment_services.commitment_enter_dv(commitment=replayed_commitment, user=director, value="7 7 7")
    board_services.session_deal_from_commitment(session=replayed, user=director, queue_analysis=False)
    status(replayed, Session.Status.FINISHED)
    commitment_services.commitment_reveal(commitment=replayed_commitment, user=director)
    status(replayed, Session.Status.RUNNING)

    # Analyses "done" on every board not analysed, so that an analysis could leak too.
    for board in Board.objects.exclude(analysis_status=Board.AnalysisStatus.DONE):
        board.analysis_status, board.dd_tricks = Board.AnalysisStatus.DONE, "98a79989794536445364"
        board.par_score, board.par_contracts = 420, "NS 4H="
        board.save(update_fields=["analysis_status", "dd_tricks", "par_score", "par_contracts"])

    # A teams session (issue 21), planned: two teams, their match drawn and a board of it entered.
    from teams.models import Match
    from teams.services import match_boards_set, round_robin_draw, teams_format_set, teams_set

    teams_session = session_create(club=riverside, name="Matrix Teams", date=today, kind="teams")
    teams_format_set(session=teams_session, format="single", boards_per_match=2, scale="wbf2013")
    players = [(None, f"Matrix Guest {n}") for n in range(4)]
    teams_set(session=teams_session, rows=[{"number": n, "name": f"Matrix {n}", "players": players} for n in (1, 2)])
    round_robin_draw(session=teams_session, user=director)
    match_boards_set(match=Match.objects.get(draw__session=teams_session), entries={1: ("420", "-50")})
    # ... and dealt, its boards analysed: no page may show them before it is over (the score card shows them after).
    board_services.session_deal_fresh(session=teams_session, user=director, boards=2, queue_analysis=False)
    for board in Board.objects.filter(session=teams_session):
        board.analysis_status, board.dd_tricks = Board.AnalysisStatus.DONE, "98a79989794536445364"
        board.par_score, board.par_contracts = 420, "NS 4H="
        board.save(update_fields=["analysis_status", "dd_tricks", "par_score", "par_contracts"])

    # A simultaneous pairs (issue 22) organised by Riverside, with one club's results file in; its deals committed
    # to and dealt (Riverside's session holding them, planned), and a Hilltop session registered, dealt them when its
    # files were released, and finished: its deals held from everyone until the embargo ends.
    from django.conf import settings
    from django.core.files.uploadedfile import SimpleUploadedFile

    from simultaneous.services import club_file_upload, event_create

    sim_event = event_create(club=riverside, user=director, name="Matrix Simultaneous", date=today)
    pbn = settings.SHARED_DATA_DIR / "data" / "events" / "wgcbc-bridgewebs-howell-13pairs-2025-04-09.pbn"
    sim_file = club_file_upload(
        event=sim_event, upload=SimpleUploadedFile(pbn.name, pbn.read_bytes()), user=director, club_name="Welwyn"
    )
    from simultaneous.services import club_boards_release, club_session_register, event_deals_commit, event_deals_deal

    event_deals_commit(event=sim_event, user=director, promise="DJIA close on the event's day")
    event_deals_deal(event=sim_event, user=director, delayed_value="43111.22")
    hill_sim = session_create(club=hilltop, name="Hilltop Matrix Simultaneous", date=today, boards_per_round=3)
    sim_entry = club_session_register(event=sim_event, session=hill_sim, user=other_director)
    club_boards_release(entry=sim_entry, user=other_director)
    status(hill_sim, Session.Status.RUNNING)
    status(hill_sim, Session.Status.FINISHED)
    from simultaneous.services import commentaries_save

    # the organiser's commentary: as secret as the deals (only Riverside's directors read it before the embargo)
    commentaries_save(event=sim_event, user=director, texts={1: SIM_COMMENTARY})
    # the event's deals analysed (North and South take no trick, East and West all) and the field combined: Welwyn's
    # results look wrong for every deal, and the organiser's event page flags them (for Riverside's directors alone)
    from simultaneous.selectors import field_flags
    from simultaneous.services import field_combination_refresh

    Board.objects.filter(session_id=sim_event.deals_session_id).update(
        analysis_status=Board.AnalysisStatus.DONE,
        dd_tricks="0000000000dddddddddd",
        par_score=-2220,
        par_contracts="EW 7N=",
    )
    field_combination_refresh(event_id=sim_event.pk)
    assert any(SIM_FLAG in str(flag) for flag in field_flags(sim_event)), "the matrix's event has no flag to hide"

    demo = {s.name: s for s in riverside.sessions.all()}
    cases = []
    for session, state in [
        (championship, "planned"),
        (planned_dealt, "planned-dealt"),
        (running, "running"),
        (demo["Thursday Howell"], "finished"),
        (provisional, "provisional"),
        (demo["Monday Pairs"], "published"),
        (hill_planned, "planned"),
        (hill_finished, "finished"),
        (replayed, "revealed-replayed"),
        (teams_session, "planned"),
        (sim_event.deals_session, "planned-dealt"),
        (hill_sim, "finished-held"),
    ]:
        session.refresh_from_db()
        case = SessionCase(
            pk=session.pk,
            club=session.club.slug,
            state=state,
            is_over=session.is_over,
            is_published=session.is_published,
            in_revealed_commitment=Commitment.objects.filter(
                entries__session=session, status=Commitment.Status.REVEALED
            ).exists(),
            held=deals_held_by_commitment(session.pk),
        )
        if session.boards.exists():
            _read_deals(case, session, director if session.club_id == riverside.pk else other_director)
        case.pairs = [p.label for p in session.pairs.all()] if hasattr(session, "pairs") else []
        case.result_lines = [
            (r.board, r.ns_pair.label, r.ew_pair.label)
            for r in Result.objects.filter(session=session).select_related("ns_pair", "ew_pair")[:1]
        ]
        cases.append(case)
    assert {c.state for c in cases} >= {"planned", "running", "finished", "provisional", "published"}
    assert all(c.hands for c in cases if c.state != "planned"), "every session but the planned ones is dealt"

    # Keys: the unrevealed commitments' keys and the dealing key derived from the delayed value; fresh keys.
    secret_keys, revealed_keys = [], []
    for commitment in Commitment.objects.all():
        if commitment.is_revealed:
            revealed_keys.append(commitment.secret_key)
            continue
        secret_keys.append(commitment.secret_key)
        if commitment.delayed_value:
            secret_keys.append(RevealedCommitment(commitment.record(), commitment.delayed_value).dealing_key().hex())
    secret_keys += [d.secret_key for d in SessionDealing.objects.all() if d.secret_key]
    from clubsite.encryption import configured_keys

    secret_keys += list(configured_keys())

    deal_set = deal_set_create(user=director, club=riverside, count=20, formats=["pbn", "csv"])
    movement = session_movement_get(session=running)
    codes = {
        t.number: {"url": f"/t/{t.code}/?pin={t.pin}", "code": t.code, "pin": t.pin}
        for t in Table.objects.filter(table_session__session=running)
    }
    cards, _ = guide_card_pdf_get_or_create(
        user=director,
        movement=movement.parameters(),
        boards_per_round=running.boards_per_round,
        paper="A6",
        sections=("pairs", "tables"),
        language="en",
        session=running,
        names=session_card_names(session=running),
        table_codes=codes,
    )

    audit_ids, audit_file_ids = [], []
    from django.apps import apps
    from django.conf import settings

    if apps.is_installed("audits"):  # SquareDeal audits: a draft by the site auditor
        from audits.models import AuditFile
        from audits.services import Upload, audit_create

        sqd = settings.SHARED_DATA_DIR / "data" / "events" / "squaredeal-wbg2024" / "WBG2024.sqd"
        audit = audit_create(user=users["auditor"], sqd=Upload(name=sqd.name, data=sqd.read_bytes()))
        audit_ids.append(audit.pk)
        audit_file_ids += list(AuditFile.objects.filter(audit=audit).values_list("pk", flat=True)[:1])

    player_member = Member.objects.get(user=users["player"], club=riverside)
    admin_objects = {}
    from django.contrib import admin

    for model in admin.site._registry:
        pks = list(model._default_manager.order_by("pk").values_list("pk", flat=True))
        admin_objects[model._meta.label_lower] = [str(pk) for pk in {pks[0], pks[-1]}] if pks else []
    return World(
        sessions=cases,
        users=users,
        clubs={"riverside": riverside, "hilltop": hilltop},
        results_public={"riverside": riverside.results_public, "hilltop": hilltop.results_public},
        commitments={
            "revealed": demo_revealed.pk,
            "published": published_unrevealed.pk,
            "draft": draft.pk,
        },
        secret_keys=[k for k in secret_keys if k],
        revealed_keys=revealed_keys,
        pins={"riverside": [t.pin for t in Table.objects.all()], "hilltop": []},
        table_codes=[t.code for t in Table.objects.all()],
        phone_token=phone_token,
        members={"riverside": player_member.pk, "hilltop": hill_member.pk},
        member_tokens=[signing.dumps(player_member.pk, salt=STOP_SALT)],
        deal_set_id=deal_set.pk,
        deal_set_outputs=list(deal_set.formats),
        cards_key=cards.key,
        conflict_id=Conflict.objects.get().pk,
        request_id=CorrectionRequest.objects.get().pk,
        result_ids=[
            Result.objects.filter(session_id=c.pk).values_list("pk", flat=True).first()
            for c in cases
            if Result.objects.filter(session_id=c.pk).exists()
        ],
        reset=(
            urlsafe_base64_encode(force_bytes(users["player"].pk)),
            default_token_generator.make_token(users["player"]),
        ),
        admin_objects=admin_objects,
        admin_apps=sorted({m._meta.app_label for m in admin.site._registry}),
        session_content_type=ContentType.objects.get_for_model(Session).pk,
        audit_ids=audit_ids,
        audit_file_ids=audit_file_ids,
        sim_event_ids=[sim_event.pk],
        sim_file_ids=[sim_file.pk],
        sim_entry_ids=[sim_entry.pk],
    )


# --- filling the patterns ---------------------------------------------------------------------------------------


def _session_of(chosen: dict, world: World) -> SessionCase | None:
    return world.session(chosen["session_id"]) if "session_id" in chosen else None


def _admin_model(pattern: Pattern) -> str | None:
    match = re.match(r"admin/(\w+)/(\w+)/", pattern.route)
    return f"{match.group(1)}.{match.group(2)}" if match else None


def _pair_values(world, chosen, pattern):
    case = _session_of(chosen, world)
    return (case.pairs[:1] if case and case.pairs else []) + ["99"]


def _line(world, chosen, which):
    case = _session_of(chosen, world)
    if case and case.result_lines:
        board, ns, ew = case.result_lines[0]
        return [{"board": board, "ns": ns, "ew": ew}[which]]
    return [{"board": 1, "ns": "1", "ew": "2"}[which]]


#: How to fill each parameter: ``name`` or ``"url-name:param"`` → f(world, values chosen so far, pattern) → values.
#: Teach the matrix a new parameter here (real ids from the world, plus one that names nothing where useful).
FILLERS = {
    "session_id": lambda w, c, p: [s.pk for s in w.sessions] + [MISSING],
    "slug": lambda w, c, p: ["riverside", "hilltop", "no-such-club"],
    "member_id": lambda w, c, p: [w.members["riverside"], w.members["hilltop"]],
    "commitment_id": lambda w, c, p: list(w.commitments.values()) + [MISSING],
    "deal_set_id": lambda w, c, p: [w.deal_set_id, MISSING],
    "output": lambda w, c, p: w.deal_set_outputs[:1] + ["nope"],
    "source": lambda w, c, p: ["commitment", "fresh", "import"],
    "file_format": lambda w, c, p: ["pbn", "dup", "dlm", "exe"],
    "number": lambda w, c, p: [1, 99],
    "board": lambda w, c, p: _line(w, c, "board") + ([99] if "session_id" in c else []),
    "ns": lambda w, c, p: _line(w, c, "ns"),
    "ew": lambda w, c, p: _line(w, c, "ew"),
    "pair": _pair_values,
    "table": lambda w, c, p: [1],
    "round": lambda w, c, p: [1, 99],
    "conflict_id": lambda w, c, p: [w.conflict_id],
    "request_id": lambda w, c, p: [w.request_id],
    "result_id": lambda w, c, p: w.result_ids + [MISSING],
    "key": lambda w, c, p: [w.cards_key, "0" * 64],
    "code": lambda w, c, p: w.table_codes[:1] + ["NOPE7"],
    "token": lambda w, c, p: w.member_tokens + ["not-a-token"],
    "password_reset_confirm:token": lambda w, c, p: [w.reset[1], "set-password"],
    "uidb64": lambda w, c, p: [w.reset[0]],
    "object_id": lambda w, c, p: (w.admin_objects.get(_admin_model(p)) or []) + [str(MISSING)],
    "admin:view_on_site:object_id": lambda w, c, p: [w.sessions[2].pk],
    "content_type_id": lambda w, c, p: [w.session_content_type],
    "id": lambda w, c, p: [w.users["player"].pk],
    "app_label": lambda w, c, p: w.admin_apps,
    "url": lambda w, c, p: ["no-such-page/"],
    "audit_id": lambda w, c, p: w.audit_ids + [MISSING],
    "file_id": lambda w, c, p: w.audit_file_ids + [MISSING],
    "audits:session:phase": lambda w, c, p: [1],
    "audits:session:session": lambda w, c, p: [1],
    "event_id": lambda w, c, p: w.sim_event_ids + [MISSING],
    "club_file_id": lambda w, c, p: w.sim_file_ids + [MISSING],
    "entry_id": lambda w, c, p: w.sim_entry_ids + [MISSING],
}


#: Query strings some pages read (a form that submits by GET, a choice of pair or contract): URL name →
#: f(world) → query strings, each requested by GET besides the bare address.
QUERIES = {
    "dealing:perfect_auction": lambda w: [f"board-session={s.pk}&board-number=1" for s in w.sessions],
    "dealing:play_board": lambda w: ["contract=4S&declarer=N&cards=HA", "contract=3NT&declarer=S&auto=defence"],
    "dealing:hand_record_pdf": lambda w: ["partial=1"],
    "scoring:player_traveller": lambda w: ["pair=1", "pair=2"],
    "simultaneous:scorecard": lambda w: ["club=Welwyn&pair=1", "club=Hilltop+Bridge+Club&pair=1", "club=x&pair=9"],
    "movements:index": lambda w: ["club=riverside", "club=hilltop"],
}


class Unfillable(LookupError):
    pass


def filler_for(pattern: Pattern, param: str):
    for name in (f"{pattern.name}:{param}", param):
        if name in FILLERS:
            return FILLERS[name]
    raise Unfillable(
        f"URL pattern {pattern.route!r} (name {pattern.name!r}, view {pattern.module}) has a parameter {param!r} "
        f"that the visibility matrix cannot fill: add a filler for {param!r} (or {pattern.name + ':' + param!r}) "
        f"to FILLERS in tests/security/matrix.py, giving real ids from the world (build_world; add the object "
        f"there if the demo lacks it) and one that names nothing."
    )


def fill(pattern: Pattern, world: World) -> list[str]:
    """Every URL of ``pattern`` the world fills (the product of its parameters' values, each chosen knowing the
    ones before)."""
    combos = [{}]
    for param in pattern.params:
        make = filler_for(pattern, param)
        combos = [{**c, param: v} for c in combos for v in make(world, c, pattern)]
    return [pattern.fill(c) for c in combos]


# --- secrets and leaks ------------------------------------------------------------------------------------------

RANKS = set("AKQJT98765432")
TAG = re.compile(r"<[^>]*>")
DIGITS = re.compile(r"\d{12,}")


def soup(text: str) -> str:
    """The answer's ranks in a row: tags and entities gone, ``10`` as ``T``, everything but ``AKQJT2-9`` dropped.

    A hand shown in any layout — PBN ``AKQ.T98.765.432``, LIN ``SAKQHT98D765C432``, a diagram with suit symbols and
    line breaks, JSON lists of cards — leaves its 13 ranks in a row here."""
    text = TAG.sub(" ", html.unescape(TAG.sub(" ", text)))
    return "".join(ch for ch in text.replace("10", "T") if ch in RANKS)


@dataclass
class Secrets:
    hands: dict[str, str]  # 13 ranks in a row → what it is
    numbers: dict[str, str]  # Pavlicek number → what it is
    words: dict[str, str]  # keys, "pin=1234" → what it is


def may_see_deals(viewer: str, case: SessionCase, world: World) -> bool:
    """The rule, written out: a session's deals only once it is over, to those inside its club (and site
    auditors); to anyone once its results are out and the club's results are public, or once the commitment it was
    dealt from is revealed (anyone may check the deals against its hand record). Never while an event's embargo
    holds them (a simultaneous pairs' club session)."""
    if not case.is_over or case.held:
        return False
    return (
        viewer in INSIDERS[case.club]
        or (case.is_published and world.results_public[case.club])
        or case.in_revealed_commitment
    )


def secrets_for(viewer: str, world: World) -> Secrets:
    hands, numbers, words = {}, {}, {}
    for case in world.sessions:
        if may_see_deals(viewer, case, world):
            continue
        what = f"a deal of session {case.pk} ({case.state}, {case.club})"
        # A deal two sessions share (a simultaneous pairs: the organiser's session holding the event's deals and each
        # club's session dealt them) is both clubs' deal: either club's director may take it early.
        for i, hand in enumerate(case.hands):
            said = f"{what}: board {i // 4 + 1}, hand {hand}"
            key = hand.replace(".", "")
            hands[key] = f"{hands[key]} = {said}" if key in hands else said
        for i, number in enumerate(case.deal_numbers):
            said = f"{what}: board {i + 1}, Pavlicek number"
            numbers[number] = f"{numbers[number]} = {said}" if number in numbers else said
    for key in world.secret_keys:
        words[key] = words[key.upper()] = "a secret key (commitment, dealing, fresh or encryption)"
    if viewer not in SIM_COMMENTARY_READERS:  # the matrix's event: its embargo never ends
        words[SIM_COMMENTARY] = "a simultaneous pairs' commentary before its embargo ends"
        words[SIM_FLAG] = "a simultaneous pairs' flag across the field (the organiser's alone)"
    for club, pins in world.pins.items():
        if viewer not in TABLE_RUNNERS[club]:
            for pin in pins:
                words[f"pin={pin}"] = f"a table PIN of {club}"
    return Secrets(hands=hands, numbers=numbers, words=words)


def leaks(text: str, secrets: Secrets) -> list[str]:
    found = [what for word, what in secrets.words.items() if word in text]
    found += [secrets.numbers[n] for n in DIGITS.findall(text) if n in secrets.numbers]
    ranks = soup(text)
    found += [secrets.hands[ranks[i : i + 13]] for i in range(len(ranks) - 12) if ranks[i : i + 13] in secrets.hands]
    return sorted(set(found))


def body_text(response) -> str:
    raw = b"".join(response.streaming_content) if getattr(response, "streaming", False) else response.content
    headers = "\n".join(f"{k}: {v}" for k, v in response.items())
    return headers + "\n" + raw.decode("utf-8", "replace")
