"""The session's boards page, for its director: deal the session (from its commitment, a fresh key or a file)
and download dealing-machine files (each download recorded: ``dealing.views.boards``). No deal is shown here.

It is the event floor's page because it puts two engines side by side: the fresh-key form offers as many boards
as the session's movement plays (``session_layout(session).boards``, scoring's answer from the movement and the
boards per round), and the page says where the movement, the dealt boards and the commitment disagree (the
layout's ``problems``, in the scoring app's words). What was dealt is said as a sentence
(``DealingSummary.in_words``: "21 boards dealt from a new key, not committed."). Dealing itself is the dealing
app's (``dealing.services.boards``); its addresses stay under /dealing/.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe

from clubs.models import Session
from clubs.selectors import session_get_for_director
from clubsite.forms import report_errors
from clubsite.texts import render as say
from dealing.models import DealDownload
from dealing.selectors.boards import session_dealing_summary
from dealing.services import boards as services
from events.kinds import kind_of
from scoring.selectors.layout import session_layout
from teams.selectors import session_board_numbers, session_board_problems


class FreshDealForm(forms.Form):
    boards = forms.IntegerField(
        label=gettext_lazy("Boards"),
        min_value=1,
        max_value=services.MAX_SESSION_BOARDS,
        initial=services.DEFAULT_SESSION_BOARDS,
    )
    replace = forms.BooleanField(label=gettext_lazy("Replace the boards already dealt"), required=False)


class ImportDealForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("File from a dealing machine or another program"),
        help_text=gettext_lazy("PBN, DUP, DLM, LIN or CSV (as BigDeal writes them)."),
    )
    replace = forms.BooleanField(label=gettext_lazy("Replace the boards already dealt"), required=False)


class CommitmentDealForm(forms.Form):
    replace = forms.BooleanField(label=gettext_lazy("Replace the boards already dealt"), required=False)


def _movement_boards(session: Session) -> tuple[tuple[int, ...], list[str]]:
    """The boards the session's movement plays (empty: no movement yet), and the layout's problems in words; for a
    teams session, the boards its matches play (``teams.selectors.session_board_numbers``: empty before the format
    is set) and where the dealt boards disagree with them."""
    if kind_of(session).name == "teams":
        return session_board_numbers(session=session), session_board_problems(session=session)
    layout = session_layout(session)
    return layout.boards, [_sentence(say(p)) for p in layout.problems if p.code != "layout.no_movement"]


def _sentence(text: str) -> str:
    text = capfirst(text.strip())
    return text if text.endswith(".") else text + "."


def _page(request, session: Session, status: int = 200, **forms_given):
    entry = getattr(session, "commitment_entry", None)
    boards, problems = _movement_boards(session)
    fresh_form = forms_given.get("fresh_form") or FreshDealForm(
        initial={"boards": len(boards) or services.DEFAULT_SESSION_BOARDS}
    )
    return render(
        request,
        "events/session_boards.html",
        {
            "session": session,
            "club": session.club,
            "summary": session_dealing_summary(session=session),
            "entry": entry,
            "commitment": entry.commitment if entry else None,
            "commitment_form": forms_given.get("commitment_form") or CommitmentDealForm(),
            "fresh_form": fresh_form,
            "teams": kind_of(session).name == "teams",
            "movement_boards": len(boards),
            "movement_span": f"{boards[0]}–{boards[-1]}" if boards else "",
            "problems": problems,
            "import_form": forms_given.get("import_form") or ImportDealForm(),
            "formats": [(name, label) for name, (_mime, label) in services.DEALING_MACHINE_FORMATS.items()],
            "downloads": DealDownload.objects.filter(session=session).select_related("user")[:50],
        },
        status=status,
    )


@require_safe
@login_required
def session_boards(request, session_id):
    session = session_get_for_director(user=request.user, session_id=session_id)
    return _page(request, session)


@login_required
@require_POST
def session_board_deal(request, session_id, source):
    session = session_get_for_director(user=request.user, session_id=session_id)
    sources: dict[str, tuple[type[forms.Form], str]] = {
        "commitment": (CommitmentDealForm, "commitment_form"),
        "fresh": (FreshDealForm, "fresh_form"),
        "import": (ImportDealForm, "import_form"),
    }
    if source not in sources:
        return redirect("events:session_boards", session_id=session.pk)
    form_class, name = sources[source]
    form = form_class(request.POST, request.FILES)
    if form.is_valid():
        data = form.cleaned_data
        try:
            if source == "commitment":
                services.session_deal_from_commitment(session=session, user=request.user, replace=data["replace"])
            elif source == "fresh":
                services.session_deal_fresh(
                    session=session, user=request.user, boards=data["boards"], replace=data["replace"]
                )
            else:
                upload = data["file"]
                services.session_deal_import(
                    session=session,
                    user=request.user,
                    filename=upload.name,
                    data=upload.read(),
                    replace=data["replace"],
                )
        except ValidationError as exc:
            report_errors(form, exc)
        else:
            messages.success(
                request,
                " ".join(
                    [session_dealing_summary(session=session).in_words(), _("Their double-dummy analysis is running.")]
                ),
            )
            for problem in _movement_boards(session)[1]:
                messages.warning(request, problem)
            return redirect("events:session_boards", session_id=session.pk)
    return _page(request, session, status=400, **{name: form})
