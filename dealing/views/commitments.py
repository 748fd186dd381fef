"""Commitment pages: list, create (draft), detail, publish, delayed value, reveal, downloads, audit.

Thin: selectors read (with the visibility rule), services write. The secret key reaches a
page only through ``Commitment.revealed_key()``, which is empty until the reveal. A published
commitment's page and files are public, no login needed (``commitment_get_for_reader``); the list, the
audit and every act are for the club's people.

A session's count of boards starts at what its movement plays; a count short of it is refused, at the draft
and again at publishing, until the director accepts that count for that session by name
(``services.BoardsShort``; the form's "accept" boxes, the publish page's question).
"""

from __future__ import annotations

import json
import re

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe

from clubs.permissions import can_direct, is_site_auditor
from clubs.selectors import club_get_for_director, club_list_for_user, clubs_directed_by
from clubsite.forms import report_errors
from clubsite.texts import render as render_text
from dealing.domain import commitment as domain
from dealing.models import Commitment
from dealing.models.commitment import DV_FORMAT_CHOICES
from dealing.selectors import commitments as selectors
from dealing.selectors.publication_log import publication_log_head
from dealing.services import commitments as services
from dealing.services.boards import DEFAULT_SESSION_BOARDS
from dealing.views.public import public_or_login


class CommitmentForm(forms.Form):
    event = forms.CharField(
        label=gettext_lazy("Event"),
        max_length=domain.MAX_EVENT,
        help_text=gettext_lazy("As players will know it, e.g. “Riverside Autumn Pairs 2026”."),
    )
    promise = forms.CharField(
        label=gettext_lazy("Promised delayed value"),
        max_length=domain.MAX_PROMISE,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=gettext_lazy(
            "A public value nobody knows yet, available before the first session, and where it "
            "will be read, e.g. “Closing value of the Dow Jones Industrial Average on Friday "
            "2026-11-20, as published by wsj.com”."
        ),
    )
    dv_format = forms.ChoiceField(label=gettext_lazy("Format of the delayed value"), choices=DV_FORMAT_CHOICES)
    dv_promised_at = forms.DateTimeField(
        label=gettext_lazy("Public from (the club's time)"),
        required=False,
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S"],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=gettext_lazy(
            "When the promised value will be public, e.g. the index's close. The audit warns if the value is "
            "entered before then."
        ),
    )

    def __init__(self, *args, sessions=(), played=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.sessions = list(sessions)
        self.played = dict(played or {})  # session id → boards its movement plays (None: no movement yet)
        for session in self.sessions:
            self.fields[f"session_{session.pk}"] = forms.BooleanField(required=False, label=str(session.name))
            self.fields[f"boards_{session.pk}"] = forms.IntegerField(
                required=False,
                min_value=1,
                max_value=domain.MAX_BOARDS,
                initial=self.played.get(session.pk) or DEFAULT_SESSION_BOARDS,
                label=gettext_lazy("Boards"),
            )

    def session_rows(self):
        return [(s, self[f"session_{s.pk}"], self[f"boards_{s.pk}"], self.played.get(s.pk)) for s in self.sessions]

    def clean(self):
        cleaned = super().clean()
        cleaned["sessions"] = self._chosen_sessions()
        return cleaned

    def _chosen_sessions(self) -> list[tuple]:
        chosen = []
        for session in self.sessions:
            if self.cleaned_data.get(f"session_{session.pk}"):
                boards = self.cleaned_data.get(f"boards_{session.pk}")
                if not boards:
                    self.add_error(
                        f"boards_{session.pk}", _("How many boards will %(session)s have?") % {"session": session.name}
                    )
                chosen.append((session, boards))
        if not chosen:
            self.add_error(None, _("Choose at least one session."))
        return chosen


class DelayedValueForm(forms.Form):
    value = forms.CharField(label=gettext_lazy("Delayed value"), max_length=domain.MAX_TEXT_DV)


@require_safe
@login_required
def commitment_list(request):
    commitments = selectors.commitment_list_for_user(request.user)
    return render(
        request,
        "dealing/commitment_list.html",
        {
            "commitments": commitments,
            "directed_clubs": clubs_directed_by(request.user),
            "is_auditor": is_site_auditor(request.user),
        },
    )


_COUNT = re.compile(r"[0-9]{1,3}")


def accepted_boards(data, sessions) -> dict[int, int]:
    """The counts the director accepted for sessions short of their movement's boards: ``accept_<session id>`` =
    the count accepted (a ticked box on the form, a hidden field of the publish page)."""
    accepted = {}
    for session in sessions:
        value = data.get(f"accept_{session.pk}", "")
        if _COUNT.fullmatch(value):
            accepted[session.pk] = int(value)
    return accepted


@login_required
def commitment_create(request, slug):
    club = club_get_for_director(user=request.user, slug=slug)
    sessions = list(selectors.sessions_open_for_commitment(club=club))
    played = {s.pk: selectors.session_boards_played(session=s) for s in sessions}
    form = CommitmentForm(request.POST if request.method == "POST" else None, sessions=sessions, played=played)
    shortfalls = []
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            commitment = services.commitment_create(
                club=club,
                user=request.user,
                event=data["event"],
                promise=data["promise"],
                dv_format=data["dv_format"],
                dv_promised_at=data.get("dv_promised_at"),
                sessions=data["sessions"],
                accept_boards=accepted_boards(request.POST, sessions),
            )
        except services.BoardsShort as exc:
            report_errors(form, exc)
            shortfalls = [(s, exc.sessions[s.session]) for s in exc.shortfalls]
        except ValidationError as exc:
            report_errors(form, exc)
        else:
            messages.success(request, _("Draft commitment created. Check it, then publish it."))
            return redirect("dealing:commitment_detail", commitment_id=commitment.pk)
    return render(request, "dealing/commitment_form.html", {"club": club, "form": form, "shortfalls": shortfalls})


def _detail_context(request, commitment: Commitment, **extra) -> dict:
    entries = list(commitment.entries.select_related("session", "session__dealing").order_by("position"))
    director = can_direct(request.user, commitment.club)
    published = None if commitment.is_draft else commitment.published_commitment()
    return {
        "commitment": commitment,
        "club": commitment.club,
        "entries": entries,
        "can_direct": director,
        "insider": club_list_for_user(request.user).filter(pk=commitment.club_id).exists(),
        "can_audit": not commitment.is_draft and (director or is_site_auditor(request.user)),
        "public_text": published.to_text() if published else commitment.record().public_text(),
        "dv_description": render_text(domain.dv_format_text(commitment.dv_format)),
        "revealed_key": commitment.revealed_key(),
        "shortfalls": selectors.commitment_board_shortfalls(commitment=commitment) if commitment.is_draft else [],
        "dealing_key": _dealing_key_hex(commitment),
        "all_over": all(e.session.is_over for e in entries),
        "dv_form": extra.pop("dv_form", None) or DelayedValueForm(initial={"value": commitment.delayed_value}),
        "dv_final": commitment.dealings.exists(),
        "log_head": publication_log_head(club_id=commitment.club_id),
        **extra,
    }


def _dealing_key_hex(commitment: Commitment) -> str:
    if not commitment.is_revealed:
        return ""
    return domain.RevealedCommitment(commitment.record(), commitment.delayed_value).dealing_key().hex()


@require_safe
@public_or_login
def commitment_detail(request, commitment_id):
    commitment = selectors.commitment_get_for_reader(user=request.user, commitment_id=commitment_id)
    return render(request, "dealing/commitment_detail.html", _detail_context(request, commitment))


def _act(request, commitment_id, action, success, ask=None, given=None):
    """Run a public act on a commitment; what cannot be undone first goes through a page that says what it does
    (``ask(commitment)``: title, sentences, button and the hidden fields its form sends back), and is done once that
    page's form says ``confirmed=yes``; ``given(request, commitment)``: what else the act is told from the form."""
    commitment = selectors.commitment_get_for_director(user=request.user, commitment_id=commitment_id)
    if ask is not None and request.POST.get("confirmed") != "yes":
        title, what, button, fields = ask(commitment)
        detail = reverse("dealing:commitment_detail", args=[commitment.pk])
        return render(
            request,
            "confirm.html",
            {
                "title": title,
                "what": what,
                "button": button,
                "danger": True,
                "action": request.path,
                "fields": fields,
                "cancel": detail,
                "about": commitment.event,
                "about_url": detail,
            },
        )
    try:
        action(commitment=commitment, user=request.user, **(given(request, commitment) if given else {}))
        messages.success(request, success)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    return redirect("dealing:commitment_detail", commitment_id=commitment.pk)


def _publish_words(commitment: Commitment):
    what = (
        _(
            "Its record — the event, the promised delayed value, the sessions and their boards, and the commitment "
            "that binds the secret key — becomes public, and goes into the club's publication log."
        ),
        _(
            "Nothing of it can change afterwards and it cannot be deleted: players may keep copies, and its sessions "
            "can only be dealt from it."
        ),
    )
    shortfalls = selectors.commitment_board_shortfalls(commitment=commitment)
    if not shortfalls:
        return _("Publish the commitment?"), what, _("Publish the commitment"), {}
    return (
        _("Publish with fewer boards than the movements play?"),
        (*[services.shortfall_words(shortfall, session) for shortfall, session in shortfalls], *what),
        _("Publish with these board counts all the same"),
        {f"accept_{shortfall.session}": shortfall.committed for shortfall, _session in shortfalls},
    )


def _publish_given(request, commitment: Commitment) -> dict:
    sessions = [entry.session for entry in commitment.entries.select_related("session")]
    return {"accept_boards": accepted_boards(request.POST, sessions)}


def _reveal_words(commitment: Commitment):
    return (
        _("Reveal the key?"),
        (
            _(
                "The secret key becomes public, in the club's publication log: anyone can then recompute and check every "
                "deal of every session of this commitment."
            ),
            _("This cannot be undone: a revealed key stays public."),
        ),
        _("Reveal the key"),
        {},
    )


def _delete_words(commitment: Commitment):
    return (
        _("Delete the draft?"),
        (
            _(
                "The draft commitment and its secret key are deleted; nothing of it was published. This cannot be "
                "undone."
            ),
        ),
        _("Delete the draft"),
        {},
    )


@login_required
@require_POST
def commitment_publish(request, commitment_id):
    return _act(
        request,
        commitment_id,
        services.commitment_publish,
        _("Published. Post the record on the club's notice board; players may keep copies."),
        ask=_publish_words,
        given=_publish_given,
    )


@login_required
@require_POST
def commitment_reveal(request, commitment_id):
    return _act(
        request,
        commitment_id,
        services.commitment_reveal,
        _("Key revealed. Anyone can now check every deal of this commitment."),
        ask=_reveal_words,
    )


@login_required
@require_POST
def commitment_delete(request, commitment_id):
    commitment = selectors.commitment_get_for_director(user=request.user, commitment_id=commitment_id)
    if request.POST.get("confirmed") != "yes":
        return _act(request, commitment_id, None, "", ask=_delete_words)
    try:
        services.commitment_delete(commitment=commitment, user=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect("dealing:commitment_detail", commitment_id=commitment.pk)
    messages.success(request, _("Draft deleted."))
    return redirect("dealing:commitment_list")


@login_required
@require_POST
def commitment_enter_dv(request, commitment_id):
    commitment = selectors.commitment_get_for_director(user=request.user, commitment_id=commitment_id)
    form = DelayedValueForm(request.POST)
    if form.is_valid():
        try:
            services.commitment_enter_dv(commitment=commitment, user=request.user, value=form.cleaned_data["value"])
        except ValidationError as exc:
            report_errors(form, exc, {"delayed_value": "value"})
        else:
            messages.success(request, _("Delayed value saved. The sessions can now be dealt."))
            return redirect("dealing:commitment_detail", commitment_id=commitment.pk)
    context = _detail_context(request, commitment, dv_form=form)
    if commitment.is_draft or commitment.is_revealed or context["dv_final"]:  # the page shows no form to say it on
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
    return render(request, "dealing/commitment_detail.html", context, status=400)


def _download(content: str, filename: str, content_type: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _filename(commitment: Commitment, kind: str, suffix: str) -> str:
    return f"commitment-{commitment.club.slug}-{commitment.pk}-{kind}.{suffix}"


@require_safe
@public_or_login
def commitment_published_json(request, commitment_id):
    commitment = selectors.commitment_get_for_reader(user=request.user, commitment_id=commitment_id)
    if commitment.is_draft:
        raise Http404(_("A draft commitment has not been published."))
    data = commitment.published_commitment().to_json()
    return _download(
        json.dumps(data, ensure_ascii=False, indent=2) + "\n",
        _filename(commitment, "published", "json"),
        "application/json; charset=utf-8",
    )


@require_safe
@public_or_login
def commitment_revealed_json(request, commitment_id):
    commitment = selectors.commitment_get_for_reader(user=request.user, commitment_id=commitment_id)
    if not commitment.is_revealed:
        messages.error(request, _("The key is revealed after the last session of the commitment."))
        return redirect("dealing:commitment_detail", commitment_id=commitment.pk)
    data = domain.RevealedCommitment(commitment.record(), commitment.delayed_value).to_json()
    return _download(
        json.dumps(data, ensure_ascii=False, indent=2) + "\n",
        _filename(commitment, "revealed", "json"),
        "application/json; charset=utf-8",
    )


@require_safe
@public_or_login
def commitment_notice_text(request, commitment_id):
    """The published record as plain text for the club's notice board."""
    commitment = selectors.commitment_get_for_reader(user=request.user, commitment_id=commitment_id)
    if commitment.is_draft:
        messages.error(request, _("Publish the commitment first."))
        return redirect("dealing:commitment_detail", commitment_id=commitment.pk)
    text = render_to_string(
        "dealing/commitment_notice.txt",
        {
            "commitment": commitment,
            "entries": commitment.entries.select_related("session").order_by("position"),
            "dv_description": render_text(domain.dv_format_text(commitment.dv_format)),
            "public_text": commitment.published_text,
        },
        request=request,
    )
    return _download(text, _filename(commitment, "notice", "txt"), "text/plain; charset=utf-8")


@require_safe
@login_required
def commitment_audit(request, commitment_id):
    commitment = selectors.commitment_get_for_auditor(user=request.user, commitment_id=commitment_id)
    checks = selectors.commitment_audit(commitment=commitment)
    return render(
        request,
        "dealing/commitment_audit.html",
        {
            "commitment": commitment,
            "club": commitment.club,
            "checks": checks,
            "passed": all(c.passed for c in checks),
            "warnings": sum(1 for c in checks if c.warning),
            "computed_hash": commitment.record().commitment_hash() if commitment.is_revealed else "",
        },
    )
