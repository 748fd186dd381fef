"""A teams session's pages.

* ``session_teams`` — the director's teams page: a row per team, its name and four to six players typed by name
  (the club's members offered as you type; a name that is no member's is a guest's), saved all at once; for Swiss
  pairs, a row per pair and its two players;
* ``session_schedule`` — the director's format and draw: the format (single match, round robin, Swiss over N
  rounds; boards per match; the VP scale), then the round robin's rounds drawn at once, or each Swiss round
  proposed from the standings, swapped, and confirmed;
* ``match_page`` — a match's score card as the teams compare it; its scorers and directors enter both tables'
  scores there (a Swiss pairs match: its one table's, each board compared with the round's field); once the session is over, each board's deal with its double-dummy table and par, linked to the
  hand record;
* ``session_standings`` — the standings after each round, and a round robin's cross-table;
* ``knockout_page`` — a knockout's bracket; its director seeds the teams, draws each round once the one before
  is decided, and sets each tie's carry-over and tie-break;
* ``team_page`` — a team's history: its players, then every match it played round by round (opponent, IMPs
  each way, VPs, its total and place after the round);
* ``export_usebio`` / ``export_pbn`` — the session's results as a file: USEBIO with its teams, players, matches and
  both tables' results with IMPs and VPs, and PBN with a game per board per table (``scoring.domain.formats``:
  ``usebio_teams``, ``pbn_teams``); a Swiss pairs session's with its pairs and each match's one table
  (``usebio_swiss_pairs``, ``pbn_teams.write_pbn_swiss_pairs``); the hands in them only once the session is over;
* ``import_file`` — a club's director uploads a USEBIO teams file: it becomes a new teams session
  (``services.teams_session_import``); a bad file's one line (file, line, element) stands beside the field;
* ``standings_print`` / ``standings_pdf``, ``cross_table_print`` / ``cross_table_pdf`` — the same for the notice
  board, as a printable page and as a PDF (``teams.printing``), after the round asked (``?round=``);
* ``assignment_print`` / ``assignment_pdf`` — the round assignment for the tables: which teams sit where in each
  round and which boards, for ``?sets=`` sets of boards (one a match when absent), read by anyone who may see
  the session.

Directors manage, scorers enter, and the score cards and standings are read as a pairs session's results are
(``clubs.selectors.session_get_for_results``: the club's staff always, players once they are published).
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe

from clubs import selectors as club_selectors
from clubs.forms import MemberNames
from clubs.permissions import can_direct, can_score
from clubsite.forms import report_errors
from clubsite.texts import error_message
from dealing.diagrams import board_view
from dealing.selectors.boards import DealsHidden, boards_for_results_viewer, hand_record_for_viewer
from dealing.services.boards import session_analysis_queue
from movements.domain.errors import MovementError
from scoring.domain.errors import ScoringError
from scoring.domain.formats.pbn_teams import write_pbn_swiss_pairs, write_pbn_teams
from scoring.domain.formats.usebio_swiss_pairs import write_usebio_swiss_pairs
from scoring.domain.formats.usebio_teams import write_usebio_teams
from scoring.selectors.exports import PBN_TYPE, USEBIO_TYPE, export_filename
from teams import printing, selectors, services
from teams.forms import (
    PLAYERS,
    KnockoutSeedsForm,
    KnockoutTieForm,
    MatchCardForm,
    TeamRowFormSet,
    TeamsFormatForm,
)
from teams.models import KnockoutTie, TeamsFormat

#: Empty rows offered below the teams saved, for new teams.
NEW_ROWS = 2


@login_required
def session_teams(request, session_id):
    session = club_selectors.session_get_for_director(user=request.user, session_id=session_id)
    teams = selectors.session_teams(session=session)
    fmt = selectors.teams_format_get(session=session)
    pairs = fmt is not None and fmt.for_pairs  # Swiss pairs: each entrant a pair, two players
    names = MemberNames(club_selectors.members_for_pairs(session=session))
    initial = []
    for team in teams:
        row = {"number": team.number, "name": team.name}
        for player in team.players.all():
            if player.place <= len(PLAYERS):
                row[f"player_{player.place}"] = names.display(player.member, player.name)
        initial.append(row)
    last = max((t.number for t in teams), default=0)
    first_rows = 8 if pairs else 4  # rows offered on an empty page: a small field's
    initial += [{"number": last + n} for n in range(1, max(NEW_ROWS, first_rows - len(teams)) + 1)]
    formset = TeamRowFormSet(
        request.POST if request.method == "POST" else None,
        initial=initial,
        prefix="teams",
        form_kwargs={"names": names, "pairs": pairs},
    )
    page_errors: list[str] = []
    if request.method == "POST" and formset.is_valid():
        try:
            services.teams_set(session=session, rows=[form.row() for form in formset.forms])
        except ValidationError as exc:
            page_errors = _errors_to_rows(exc, formset)
        else:
            messages.success(request, _("Pairs saved.") if pairs else _("Teams saved."))
            return redirect("teams:session_teams", session_id=session.pk)
    elif request.method == "POST":
        page_errors = list(formset.non_form_errors())
        if not formset.management_form.is_valid():
            formset = TeamRowFormSet(initial=initial, prefix="teams", form_kwargs={"names": names, "pairs": pairs})
    return render(
        request,
        "teams/session_teams.html",
        {
            "session": session,
            "club": session.club,
            "formset": formset,
            "member_options": names.options,
            "page_errors": page_errors,
            "final": session.is_final,
            "pairs": pairs,
        },
    )


def _errors_to_rows(exc: ValidationError, formset) -> list[str]:
    """The service's ``teams[i].field`` errors beside their fields; those of no field returned for the page."""
    if not hasattr(exc, "error_dict"):
        return exc.messages
    rest = []
    for name, errors in exc.error_dict.items():
        index, _dot, field = name.removeprefix("teams[").partition("].")
        form = formset.forms[int(index)] if index.isdigit() and int(index) < len(formset.forms) else None
        if form is not None and field in form.fields and field != "number":
            form.add_error(field, errors)
        else:
            rest += [message for error in errors for message in error.messages]
    return rest


def _swaps(values: list[str]) -> list[tuple[str, str]]:
    """``3-5`` → ("3", "5"): the swaps of a proposed Swiss round, as the page carries them."""
    out = []
    for value in values:
        first, dash, second = value.partition("-")
        if dash and first.strip() and second.strip():
            out.append((first.strip(), second.strip()))
    return out


@login_required
def session_schedule(request, session_id):
    session = club_selectors.session_get_for_director(user=request.user, session_id=session_id)
    fmt = selectors.teams_format_get(session=session)
    teams = selectors.session_teams(session=session)
    draws = selectors.session_draws(session=session)
    here = reverse("teams:session_schedule", args=[session.pk])
    initial = (
        {
            "format": fmt.format,
            "rounds": fmt.rounds,
            "boards_per_match": fmt.boards_per_match,
            "scale": fmt.scale,
            "pairs_scoring": fmt.pairs_scoring,
        }
        if fmt
        else {"format": TeamsFormat.Format.ROUND_ROBIN, "boards_per_match": 8, "scale": TeamsFormat.Scale.WBF2013}
    )
    action = request.POST.get("action") if request.method == "POST" else None
    form = TeamsFormatForm(request.POST if action == "format" else None, initial=initial)
    if action == "format" and form.is_valid():
        try:
            services.teams_format_set(session=session, **form.cleaned_data)
        except ValidationError as exc:
            report_errors(form, exc)
        else:
            messages.success(request, _("Format saved."))
            return redirect(here)
    elif action == "draw":
        try:
            services.round_robin_draw(session=session, user=request.user)
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
        else:
            messages.success(request, _("Every round is drawn."))
        return redirect(here)
    elif action == "confirm":
        swaps = _swaps(request.POST.getlist("swap"))
        try:
            number = int(request.POST.get("round", ""))
            services.swiss_round_confirm(session=session, round_number=number, swaps=swaps, user=request.user)
        except ValueError:
            messages.error(request, _("Choose a valid round."))
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
            return redirect(here + "?" + urlencode([("swap", f"{a}-{b}") for a, b in swaps]))
        else:
            messages.success(request, _("Round %(round)d is drawn.") % {"round": number})
        return redirect(here)
    proposal, swap_error, swaps = None, "", []
    next_round = len(draws) + 1
    swiss = fmt is not None and fmt.swiss
    ready = len(teams) >= 2 and (not draws or selectors.round_complete(session=session, round_number=len(draws)))
    if swiss and fmt is not None and next_round <= (fmt.rounds or 0) and ready and not session.is_final:
        typed = [*request.GET.getlist("swap")]
        if request.GET.get("swap_first") and request.GET.get("swap_second"):
            typed.append(f"{request.GET['swap_first']}-{request.GET['swap_second']}")
        swaps = _swaps(typed)
        try:
            proposal = selectors.swiss_proposal(session=session, round_number=next_round, swaps=swaps)
        except MovementError as exc:
            swap_error = error_message(exc)
            swaps = swaps[:-1]  # the last swap is the one refused: the proposal stands without it
            try:
                proposal = selectors.swiss_proposal(session=session, round_number=next_round, swaps=swaps)
            except MovementError:  # an address with more than one bad swap: the proposal as drawn
                swaps = []
                proposal = selectors.swiss_proposal(session=session, round_number=next_round, swaps=swaps)
    names = {str(t.number): t for t in teams}
    return render(
        request,
        "teams/session_schedule.html",
        {
            "session": session,
            "club": session.club,
            "fmt": fmt,
            "form": form,
            "teams": teams,
            "draws": draws,
            "drawn": bool(draws),
            "swiss": swiss,
            "next_round": next_round,
            "ready": ready,
            "proposal": proposal,
            "proposal_rows": [
                (t.table, None, names[t.home], names[t.away])
                if fmt is not None and fmt.for_pairs  # a Swiss pairs match: one table
                else (2 * t.table - 1, 2 * t.table, names[t.home], names[t.away])
                for t in proposal.tables
            ]
            if proposal
            else [],
            "proposal_bye": names.get(proposal.bye) if proposal and proposal.bye else None,
            "swaps": [f"{a}-{b}" for a, b in swaps],
            "swap_error": swap_error,
            "final": session.is_final,
        },
    )


@login_required
def match_page(request, session_id, round, number):
    if request.method == "POST":
        session = club_selectors.session_get_for_scorer(user=request.user, session_id=session_id)
    else:
        session = club_selectors.session_get_for_results(user=request.user, session_id=session_id)
    fmt = selectors.teams_format_get(session=session)
    match = selectors.match_get(session=session, round_number=round, number=number)
    assert fmt is not None  # a match is drawn only once the format is set
    boards = selectors.match_board_numbers(fmt, round)
    editable = can_score(request.user, session.club) and not session.is_final and match.away_id is not None
    card = selectors.match_card(match=match, fmt=fmt)
    pairs_card = selectors.pairs_match_card(match=match, fmt=fmt) if fmt.for_pairs and match.away_id else None
    form = None
    if editable:
        initial = {}
        for line in card.lines:
            initial[f"board_{line.board}_home"], initial[f"board_{line.board}_away"] = line.home_ns, line.away_ns
        form = MatchCardForm(
            request.POST if request.method == "POST" else None,
            initial=initial,
            boards=boards,
            one_table=fmt.for_pairs,
        )
        if request.method == "POST" and form.is_valid():
            try:
                services.match_boards_set(match=match, entries=form.entries())
            except ValidationError as exc:
                report_errors(form, exc)
            else:
                messages.success(request, _("Scores saved."))
                return redirect("teams:match", session_id=session.pk, round=round, number=number)
    elif request.method == "POST":
        messages.error(request, _("This match's scores can no longer change."))
        return redirect("teams:match", session_id=session.pk, round=round, number=number)
    rows = [
        (
            line,
            form[f"board_{line.board}_home"] if form else None,
            form[f"board_{line.board}_away"] if form and not fmt.for_pairs else None,
        )
        for line in card.lines
    ]
    if pairs_card is not None:  # each board's line against the field, beside the score card's
        scored = {b.board: b for b in pairs_card.boards}
        rows = [(line, home, scored.get(line.board)) for line, home, _away in rows]
    deals = _match_deals(request, session, boards)
    return render(
        request,
        "teams/match.html",
        {
            "session": session,
            "club": session.club,
            "fmt": fmt,
            "match": match,
            "card": card,
            "pairs_card": pairs_card,
            "rows": rows,
            "form": form,
            "can_direct": can_direct(request.user, session.club),
            "knockout": KnockoutTie.objects.filter(match=match).first(),
            "deals": deals,
        },
    )


def _match_deals(request, session, boards: list[int]) -> list[dict]:
    """The match's boards with their deals, double-dummy tables and par, once the session is over (never before:
    ``boards_for_results_viewer`` refuses, as for every deal); the analysis still missing is queued."""
    if not session.is_over:
        return []
    try:
        _session, records = boards_for_results_viewer(user=request.user, session_id=session.pk, numbers=boards)
    except DealsHidden:
        return []
    if any(record.analysis is None for record in records.values()):
        session_analysis_queue(session=session)
    return [board_view(records[number]) for number in boards if number in records]


def _after_round(request) -> int | None:
    """``?round=3``: the standings after round 3; None (the last round drawn) when absent or not a number."""
    try:
        return int(request.GET["round"]) if "round" in request.GET else None
    except ValueError:
        return None


@require_safe
@login_required
def session_standings(request, session_id):
    session = club_selectors.session_get_for_results(user=request.user, session_id=session_id)
    after = _after_round(request)
    standing = selectors.session_standings(session=session, after_round=after)
    draws = selectors.session_draws(session=session)
    fmt = selectors.teams_format_get(session=session)
    cross = None
    if standing is not None and fmt is not None and printing.has_cross_table(fmt):
        cross = selectors.cross_table(session=session, fmt=fmt, draws=draws, standing=standing)
    return render(
        request,
        "teams/standings.html",
        {
            "session": session,
            "club": session.club,
            "fmt": fmt,
            "standing": standing,
            "draws": draws,
            "rounds": [d.round for d in draws],
            "cross": cross,
            "can_direct": can_direct(request.user, session.club),
            "may_export": _has_a_match_to_export(standing, draws),
        },
    )


def _has_a_match_to_export(standing, draws) -> bool:
    """Is a match of the rounds shown fully entered (the files hold such matches only)?"""
    if standing is None:
        return False
    incomplete = {m.pk for m in standing.incomplete}
    return any(
        m.away_id is not None and m.pk not in incomplete
        for d in draws
        if d.round <= standing.after_round
        for m in d.matches.all()
    )


@login_required
@require_POST
def session_publish(request, session_id):
    """Publish the standings as final, once asked on a page that says what it does."""
    session = club_selectors.session_get_for_director(user=request.user, session_id=session_id)
    back = reverse("events:session_detail", args=[session.pk])
    if request.POST.get("confirmed") != "yes":
        return render(
            request,
            "confirm.html",
            {
                "title": _("Publish the standings?"),
                "what": (
                    _("Players of the club will see every match's score card and the standings now."),
                    _("The results are final at once: nobody can change a score afterwards."),
                ),
                "button": _("Publish as final"),
                "danger": True,
                "action": request.path,
                "cancel": back,
                "fields": {},
                "about": session,
                "about_url": back,
                "testid": "confirm-teams-publish",
            },
        )
    try:
        services.teams_results_publish(session=session)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("The results are published as final."))
    return redirect(back)


def _printable(request, session_id: int, document: str):
    session = club_selectors.session_get_for_results(user=request.user, session_id=session_id)
    if document == printing.CROSS_TABLE and not printing.has_cross_table(selectors.teams_format_get(session=session)):
        raise Http404("No cross-table for this session.")
    return session


@require_safe
@login_required
def standings_print(request, session_id, document=printing.STANDINGS):
    session = _printable(request, session_id, document)
    html = printing.print_html(session=session, document=document, after_round=_after_round(request), request=request)
    return HttpResponse(html)


@require_safe
@login_required
def standings_pdf(request, session_id, document=printing.STANDINGS):
    session = _printable(request, session_id, document)
    pdf = printing.print_pdf(session=session, document=document, after_round=_after_round(request))
    response = HttpResponse(pdf, content_type="application/pdf")
    what = "cross-table" if document == printing.CROSS_TABLE else "standings"
    preview = "" if session.is_published else "-preview"
    name = f"{session.club.slug}-{session.date:%Y%m%d}-s{session.pk}-{what}{preview}.pdf"
    response["Content-Disposition"] = f'inline; filename="{name}"'
    return response


@require_safe
@login_required
def team_page(request, session_id, number):
    session = club_selectors.session_get_for_results(user=request.user, session_id=session_id)
    history = selectors.team_history_get(session=session, number=number)
    return render(
        request,
        "teams/team.html",
        {"session": session, "club": session.club, "history": history, "team": history.team, "fmt": history.fmt},
    )


@login_required
def knockout_page(request, session_id):
    if request.method == "POST":
        session = club_selectors.session_get_for_director(user=request.user, session_id=session_id)
    else:
        session = club_selectors.session_get_for_results(user=request.user, session_id=session_id)
    view = selectors.knockout_bracket(session=session)
    if view is None:
        raise Http404("Not a knockout.")
    here = reverse("teams:knockout", args=[session.pk])
    directs = can_direct(request.user, session.club) and not session.is_final
    action = request.POST.get("action") if request.method == "POST" else None
    if action and not directs:
        messages.error(request, _("This knockout can no longer change."))
        return redirect(here)
    seeds_form = KnockoutSeedsForm(
        request.POST if action == "seeds" else None,
        initial={"order": " ".join(str(t.number) for t in view.seeds) if any(t.seed for t in view.seeds) else ""},
    )
    tie_forms = {}
    for one in view.rounds:
        for line in one:
            if line.knockout is None or line.match is None:
                continue
            key = f"{line.tie.round}-{line.match.number}"
            posted = action == "tie" and request.POST.get("tie") == key
            tie_forms[key] = KnockoutTieForm(
                request.POST if posted else None,
                prefix=f"tie-{key}",
                initial={
                    "carry_home": line.knockout.carry_home,
                    "carry_away": line.knockout.carry_away,
                    "tie_break": line.knockout.tie_break,
                    "extra_imps": line.knockout.extra_imps,
                },
            )
    try:
        if action == "seeds" and seeds_form.is_valid():
            services.knockout_seeds_set(session=session, order=seeds_form.cleaned_data["order"])
            messages.success(request, _("Seeds saved."))
            return redirect(here)
        if action == "draw":
            draw = services.knockout_round_draw(session=session, user=request.user)
            messages.success(request, _("Round %(round)d is drawn.") % {"round": draw.round})
            return redirect(here)
        if action == "tie":
            form = tie_forms.get(request.POST.get("tie", ""))
            if form is None:
                messages.error(request, _("Choose a tie of the knockout."))
                return redirect(here)
            if form.is_valid():
                round_number, number = (int(x) for x in request.POST["tie"].split("-"))
                match = selectors.match_get(session=session, round_number=round_number, number=number)
                services.knockout_tie_set(match=match, **form.cleaned_data)
                messages.success(request, _("The tie is saved."))
                return redirect(here)
    except ValidationError as exc:
        if action == "seeds":
            report_errors(seeds_form, exc)
        elif action == "tie" and request.POST.get("tie") in tie_forms:
            report_errors(tie_forms[request.POST["tie"]], exc)
        else:
            messages.error(request, " ".join(exc.messages))
            return redirect(here)
    rounds = [
        [(line, tie_forms.get(f"{line.tie.round}-{line.match.number}") if line.match else None) for line in one]
        for one in view.rounds
    ]
    return render(
        request,
        "teams/knockout.html",
        {
            "session": session,
            "club": session.club,
            "view": view,
            "rounds": rounds,
            "seeds_form": seeds_form,
            "directs": directs,
            "next_round": len(view.draws) + 1,
        },
    )


def _sets(request) -> int | None:
    """``?sets=3``: the round assignment printed for three sets of boards; None (one a match) when absent or not a
    number."""
    try:
        return int(request.GET["sets"]) if request.GET.get("sets") else None
    except ValueError:
        return None


@require_safe
@login_required
def assignment_print(request, session_id):
    """The round assignment for the tables (``teams.printing.assignment_html``): anyone who may see the session reads
    where their team sits; it holds no deal."""
    session = club_selectors.session_get_for_viewer(user=request.user, session_id=session_id)
    return HttpResponse(printing.assignment_html(session=session, sets=_sets(request), request=request))


@require_safe
@login_required
def assignment_pdf(request, session_id):
    session = club_selectors.session_get_for_viewer(user=request.user, session_id=session_id)
    response = HttpResponse(
        printing.assignment_pdf(session=session, sets=_sets(request)), content_type="application/pdf"
    )
    name = f"{session.club.slug}-{session.date:%Y%m%d}-s{session.pk}-table-assignment.pdf"
    response["Content-Disposition"] = f'inline; filename="{name}"'
    return response


# --- results files ----------------------------------------------------------------------------------------------


def _download(request, session_id: int, suffix: str, content_type: str, write_teams, write_pairs) -> HttpResponse:
    """The session's results file, for whoever may read its standings (the club's staff always, its players once
    published); the hands only once the session is over (``dealing.selectors.boards``). A Swiss pairs session is
    written by ``write_pairs``, any other by ``write_teams``."""
    session = club_selectors.session_get_for_results(user=request.user, session_id=session_id)
    deals = {}
    if session.is_over:
        _session, boards = hand_record_for_viewer(user=request.user, session_id=session.pk)
        deals = {b.number: b.deal for b in boards}
    fmt = selectors.teams_format_get(session=session)
    content: str | bytes
    if fmt is not None and fmt.for_pairs:
        pairs = selectors.session_swiss_pairs_file(session=session, deals=deals)
        if pairs is None:
            raise Http404("This session has no match to export yet.")
        content = write_pairs(*pairs)
    else:
        teams = selectors.session_teams_file(session=session, deals=deals)
        if teams is None:
            raise Http404("This session has no match to export yet.")
        content = write_teams(*teams)
    response = HttpResponse(content.encode() if isinstance(content, str) else content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{export_filename(session, suffix)}"'
    return response


@require_safe
@login_required
def export_usebio(request, session_id):
    return _download(request, session_id, ".usebio.xml", USEBIO_TYPE, write_usebio_teams, write_usebio_swiss_pairs)


@require_safe
@login_required
def export_pbn(request, session_id):
    return _download(request, session_id, ".pbn", PBN_TYPE, write_pbn_teams, write_pbn_swiss_pairs)


class TeamsImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Teams results file"), widget=forms.FileInput(attrs={"accept": ".xml"}))


@login_required
def import_file(request, slug):
    """A USEBIO teams file becomes a new teams session of the club (its directors only)."""
    club = club_selectors.club_get_for_director(user=request.user, slug=slug)
    form = TeamsImportForm(request.POST, request.FILES) if request.method == "POST" else TeamsImportForm()
    if form.is_bound and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            # a file larger than the limit is read one byte past it, and refused for its size
            session = services.teams_session_import(
                club=club, data=upload.read(services.MAX_IMPORT_BYTES + 1), filename=upload.name, user=request.user
            )
        except ScoringError as exc:
            form.add_error("file", error_message(exc))
        else:
            messages.success(
                request,
                _("%(file)s is imported as the teams session %(session)s.")
                % {"file": upload.name, "session": session.name},
            )
            return redirect("teams:session_standings", session_id=session.pk)
    return render(
        request,
        "teams/import.html",
        {"club": club, "form": form, "megabytes": services.MAX_IMPORT_BYTES // (1024 * 1024)},
        status=400 if form.errors else 200,
    )
