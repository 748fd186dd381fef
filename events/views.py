"""The session's pages, composed from every engine: the session page (the director's path through the evening, or
the apps' panels for everyone else), its status changes with their confirmation, and its pairs.

The session page shows the panels its event kind names (``events.kinds``: the path step each belongs to → its
templates, from every engine); each is rendered with ``session``, ``user``, ``can_direct`` and ``can_score`` in
context, in the path's order. A club's directors are led by the session's path instead (``events.session_path``):
for them only the panels placed ``after`` it are shown.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from clubs import selectors, services
from clubs.forms import GUEST_ANSWER, MEMBER_ANSWER, MemberNames, PairRowFormSet, SessionStatusForm
from clubs.models import Session
from clubs.permissions import can_direct, can_score
from clubsite.texts import error_message
from events.kinds import kind_of
from events.pairs import pairs_set, session_pair_rows
from events.session_path import session_path, status_change_words
from scoring.services.sessions import session_pairs_ensure, session_status_set
from tables.domain.errors import TableError
from tables.services.setup import table_entry_start


@require_safe
@login_required
def session_detail(request, session_id):
    """A session's page. Its directors are led through the evening by the session's path (pairs, movement, boards,
    printing, play, scores, publication: ``events.session_path``); everyone else sees the apps' panels."""
    session = selectors.session_get_for_viewer(user=request.user, session_id=session_id)
    director = can_direct(request.user, session.club)
    return render(
        request,
        "events/session_detail.html",
        {
            "session": session,
            "club": session.club,
            "can_direct": director,
            "can_score": can_score(request.user, session.club),
            "path": session_path(session) if director else None,
            "step_back": _step_back(session) if director else None,
            "panels": kind_of(session).panel_templates(with_path=director),
        },
    )


def _step_back(session: Session) -> tuple[str, str] | None:
    """The stage a director may step the session back to (to correct a mistake), as (value, label)."""
    order = list(Session.Status)
    here = order.index(Session.Status(session.status))
    return (order[here - 1].value, order[here - 1].label) if here else None


def _back_to(request, session: Session) -> str:
    """Where to go after a status change: the page that asked (``back``: a path on this site), else the session's.
    A ``back`` that is no path (``Ada``) is not used: ``redirect`` would take it for a view's name (once a 500)."""
    back = request.POST.get("back", "")
    if back.startswith("/") and url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return back
    return reverse("events:session_detail", args=[session.pk])


def status_confirmation_page(request, session: Session, status: str, *, action: str, cancel: str, fields=None):
    """The page that says what changing ``session`` to ``status`` does, and asks (``confirmed=yes`` goes on)."""
    words = status_change_words(session, status)
    assert words is not None  # asked only for a change that has something to confirm (session_status)
    return render(
        request,
        "confirm.html",
        {
            "title": words.title,
            "what": words.what,
            "button": words.button,
            "danger": words.danger,
            "action": action,
            "cancel": cancel,
            "fields": fields or {},
            "about": session,
            "about_url": reverse("events:session_detail", args=[session.pk]),
            "testid": f"confirm-{status}",
        },
    )


@login_required
@require_POST
def session_status(request, session_id):
    """Move the session one stage on or back. What cannot be undone is confirmed first, on a page that says what it
    does (``events.session_path.status_change_words``); publishing is the results page's, which asks for the
    score-query window and confirms (``scoring:publish``), so a request to publish is sent there."""
    session = selectors.session_get_for_director(user=request.user, session_id=session_id)
    back = _back_to(request, session)
    form = SessionStatusForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a valid status."))
        return redirect(back)
    status = form.cleaned_data["status"]
    try:
        services.session_status_check(session=session, status=status)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect(back)
    order = list(Session.Status)
    if status in (Session.Status.PROVISIONAL, Session.Status.PUBLISHED) and order.index(
        Session.Status(status)
    ) > order.index(Session.Status(session.status)):
        messages.info(
            request,
            _(
                "Results are published from the results page: it asks how long players may query "
                "their scores, and says what publishing does."
            ),
        )
        return redirect(reverse("scoring:results", args=[session.pk]) + "#publication")
    if status_change_words(session, status) and request.POST.get("confirmed") != "yes":
        return status_confirmation_page(
            request, session, status, action=request.path, cancel=back, fields={"status": status, "back": back}
        )
    try:
        session_status_set(session=session, status=status)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        said = {
            Session.Status.RUNNING: _("The session is in play."),
            Session.Status.FINISHED: _("Play is over: every player can now see the deals."),
        }.get(status)
        messages.success(request, said or _("Session is now: %(status)s.") % {"status": session.get_status_display()})
    return redirect(back)


@login_required
@require_POST
def session_print_with_codes(request, session_id):
    """The printing step's "start table entry and print the cards with their codes": every table gets its code and
    PIN (``tables.services.setup.table_entry_start``: the session is then in play, round 1 open to the phones), and
    the guide cards' PDF follows with each table's QR code on its card. What stops it (no movement, the session over)
    is said on the path."""
    session = selectors.session_get_for_director(user=request.user, session_id=session_id)
    try:
        table_entry_start(session=session, user=request.user)
    except TableError as exc:
        messages.error(request, error_message(exc))
        return redirect(reverse("events:session_detail", args=[session.pk]) + "#step-printing")
    return redirect(reverse("movements:session_print", args=[session.pk]) + "?format=pdf")


@login_required
def session_pairs(request, session_id):
    """The director's pairs page: a row per pair of the movement, two players each, typed with the club's members
    offered as you type; a name that is no member's is a guest's, but one close to a member's ("Klara Kowalczik") is
    asked about first ("did you mean Klara Kowalczyk?", ``clubs.forms.PairRowForm``). Saved all at once; on an error
    or a question the page comes back with what was typed, the error or the question beside its field, and nothing
    saved."""
    session = selectors.session_get_for_director(user=request.user, session_id=session_id)
    if request.method != "POST" and not session.is_final:
        session_pairs_ensure(session=session)
    rows = session_pair_rows(session=session)
    names = MemberNames(selectors.members_for_pairs(session=session))
    initial = [
        {
            "number": r.number,
            "direction": r.direction,
            "section": r.section,
            "player_1": names.display(r.pair.player_1, r.pair.player_1_name) if r.pair else "",
            "player_2": names.display(r.pair.player_2, r.pair.player_2_name) if r.pair else "",
        }
        for r in rows
    ]
    formset = PairRowFormSet(
        request.POST if request.method == "POST" else None,
        initial=initial,
        prefix="pairs",
        form_kwargs={"names": names},
    )
    page_errors: list[str] = []
    if request.method == "POST" and formset.is_valid():
        try:
            pairs_set(session=session, rows=[form.row() for form in formset.forms])
        except ValidationError as exc:
            page_errors = _pairs_errors_to_forms(exc, formset)
        else:
            messages.success(request, _("Pairs saved."))
            return redirect("events:session_pairs", session_id=session.pk)
    elif request.method == "POST" and not formset.management_form.is_valid():  # a form tampered with: the rows
        page_errors = list(formset.non_form_errors())  # as they are, and why
        formset = PairRowFormSet(initial=initial, prefix="pairs", form_kwargs={"names": names})
    elif request.method == "POST":  # the hidden fields' errors (which pair a row is) have no place of their own
        page_errors = [
            _("Row %(row)s: %(error)s") % {"row": n, "error": error}
            for n, form in enumerate(formset.forms, 1)
            for name in ("number", "direction", "section")
            for error in form.errors.get(name, ())
        ]
    by_label = {r.label: r for r in rows}
    lines = []
    for form in formset.forms:
        label = f"{form['section'].value() or ''}{form['number'].value()}{form['direction'].value() or ''}"
        row = by_label.get(label)
        lines.append(
            {
                "form": form,
                "label": label,
                "row": row,
                "players": [_player_cell(form, slot, names) for slot in ("player_1", "player_2")],
            }
        )
    questions = sum(len(getattr(form, "questions", {})) for form in formset.forms)
    return render(
        request,
        "events/session_pairs.html",
        {
            "session": session,
            "club": session.club,
            "lines": lines,
            "formset": formset,
            "member_options": names.options,
            "page_errors": page_errors,
            "has_sit_outs": any(r.sits_out for r in rows),
            "two_lines": any(r.line for r in rows),
            "final": session.is_final,
            "questions": questions,
        },
    )


def _player_cell(form, slot: str, names: MemberNames) -> dict:
    """A player's cell on the pairs page: the field, whether its name is a guest's, and its "did you mean …?" (the
    name asked about and the members offered, each with its answer's value) or the answer already given."""
    question = getattr(form, "questions", {}).get(slot)
    answered = getattr(form, "answered", {}).get(slot)
    given = form[f"{slot}_answer"].value() or ""
    return {
        "field": form[slot],
        "guest": _typed_guest(form, slot, names),
        "asked": question[0] if question else "",
        "offered": [(f"{MEMBER_ANSWER}{value}", value) for value in question[1]] if question else [],
        "guest_answer": GUEST_ANSWER,
        "given": given if question else "",
        "answered": answered,
        "prefix": form.prefix,
    }


def _typed_guest(form, slot: str, names: MemberNames) -> bool:
    """Whether what stands in the player's field is a guest's name (shown as "guest" beside it)."""
    text = form[slot].value() or ""
    try:
        member, guest = names.resolve(text)
    except ValidationError:
        return False
    return bool(guest)


def _pairs_errors_to_forms(exc: ValidationError, formset) -> list[str]:
    """Put the service's ``pairs[i].field`` errors beside their fields; return those that belong to no field."""
    if not hasattr(exc, "error_dict"):
        return exc.messages
    rest = []
    for name, errors in exc.error_dict.items():
        index, _dot, field = name.removeprefix("pairs[").partition("].")
        form = formset.forms[int(index)] if index.isdigit() and int(index) < len(formset.forms) else None
        if form is not None and field in ("player_1", "player_2"):
            form.add_error(field, errors)
        else:
            rest += [message for error in errors for message in error.messages]
    return rest
