"""Pages of SquareDeal audits: the site's list, a new audit, an audit (draft, running, concluded), its
files, a session's boards, and the record as JSON.

Thin: selectors read with the visibility rule (concluded audits are public, drafts their creator's),
services write. While an audit runs, its progress is a partial (``_audit_progress.html``) that htmx
reloads every second; when the verdict is in, the partial asks htmx to reload the page.
"""

from __future__ import annotations

import json

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe

from audits import selectors, services
from audits.models import AuditFile, SquareDealAudit
from bridge.errors import BridgeError
from clubsite.forms import report_errors
from clubsite.texts import render as render_text
from dealing.domain import squaredeal as sq
from dealing.domain.squaredeal_audit import event_sessions


class MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    """Several files in one field (Django's recipe): cleans to a list, empty when none is chosen."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("widget", MultipleFileInput())
        super().__init__(*args, **kwargs)

    def clean(self, data, initial=None):
        if not data:
            if self.required:
                raise forms.ValidationError(self.error_messages["required"], code="required")
            return []
        items = data if isinstance(data, (list, tuple)) else [data]
        return [super(MultipleFileField, self).clean(item, initial) for item in items]


class AuditCreateForm(forms.Form):
    sqd = forms.FileField(
        label=gettext_lazy("The event's description (.sqd), as published before the event"),
        help_text=gettext_lazy(
            "Your own copy from before the event if you kept one: its KH line "
            "is the organiser's commitment to the keys."
        ),
    )


class AuditFilesForm(forms.Form):
    sqk = forms.FileField(label=gettext_lazy("Key file (.sqk), revealed after the event"), required=False)
    final_sqd = forms.FileField(
        label=gettext_lazy("The organiser's .sqd after the event (optional)"),
        required=False,
        help_text=gettext_lazy(
            "Only if your copy has no DV line: it must repeat the published one line for line, with the DV added."
        ),
    )
    hand_records = MultipleFileField(
        label=gettext_lazy("Hand records"),
        required=False,
        help_text=gettext_lazy(
            "PBN files named as SquareDeal names them (OPRR01.pbn …), several at once, or one "
            "file of all deals, one deal per line (N E S W hands), like allpbn.actual."
        ),
    )


class AuditRunForm(forms.Form):
    dv = forms.CharField(
        label=gettext_lazy("Delayed value (DV)"),
        required=False,
        max_length=200,
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
        help_text=gettext_lazy(
            "Exactly as SquareDeal used it (43275.91 is not 43,275.91). Empty: the DV line of the .sqd."
        ),
    )
    order = forms.ChoiceField(
        label=gettext_lazy("A file of all deals lists the sessions"),
        choices=SquareDealAudit.Order.choices,
        initial=SquareDealAudit.Order.AUTO,
    )


def _not_a_draft(request, audit: SquareDealAudit, exc: ValidationError) -> bool:
    """A change refused because the audit is running or concluded: said as a message above the page."""
    audit.refresh_from_db()
    if audit.is_draft:
        return False
    messages.error(request, " ".join(exc.messages))
    return True


@require_safe
def audit_list(request):
    return render(
        request,
        "audits/audit_list.html",
        {
            "audits": selectors.audit_list_public()[:200],
            "unfinished": selectors.audit_list_unfinished_for_user(request.user),
            "can_create": services.can_audit(request.user),
        },
    )


@login_required
def audit_create(request):
    if not services.can_audit(request.user):
        raise PermissionDenied(_("Only site auditors and club directors may audit events."))
    form = AuditCreateForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            audit = services.audit_create(user=request.user, sqd=services.Upload.of(form.cleaned_data["sqd"]))
        except ValidationError as exc:
            report_errors(form, exc)
        else:
            messages.success(request, _("Audit created. Add the key file and the hand records, then run it."))
            return redirect("audits:detail", audit_id=audit.pk)
    return render(request, "audits/audit_form.html", {"form": form})


def _phases(tournament: sq.Tournament) -> list[dict]:
    return [
        {
            "number": p.number,
            "sessions": p.sessions,
            "boards": p.boards,
            "prefix": p.prefix,
            "first": p.file_name(1),
            "last": p.file_name(p.sessions) if p.sessions > 1 else "",
            "description": p.description,
            "line": p.line,
        }
        for p in tournament.phases
    ]


def _key_preview(audit: SquareDealAudit, tournament: sq.Tournament) -> dict | None:
    """While a draft: what the key file uploaded gives (KH, missing keys), before running."""
    file = audit.files.filter(role=AuditFile.Role.SQK).first()
    if file is None:
        return None
    check = sq.check_keys(tournament, sq.read_sqk(bytes(file.content)))
    return {
        "check": check,
        "problem": render_text(check.problem) if check.problem else "",
        "suspects": [render_text(s.text) for s in check.suspects],
    }


def _context(request, audit: SquareDealAudit, **extra) -> dict:
    tournament = selectors.published_tournament(audit)
    files = selectors.audit_files(audit)
    for file in files:
        file.covers = selectors.covers(tournament, file) if file.role == AuditFile.Role.HAND_RECORDS else ""
    context = {
        "audit": audit,
        "tournament": tournament,
        "phases": _phases(tournament),
        "files": files,
        "can_change": services.can_change(request.user, audit),
        "can_create": services.can_audit(request.user),
        "progress": selectors.audit_progress(audit),
        "stalled": services.audit_is_stalled(audit) and services.can_change(request.user, audit),
        "total_boards": sum(len(s.boards) for s in event_sessions(tournament)),
    }
    if audit.is_concluded:
        check = selectors.key_check(audit)
        context.update(
            {
                "key_check": check,
                "key_problem": render_text(check.problem) if check and check.problem else "",
                "key_suspects": [render_text(s.text) for s in check.suspects] if check else [],
                "sessions": list(audit.sessions.defer("boards")),
                "published_dv": tournament.delayed_value,
                "extras": audit.extras,
            }
        )
    else:
        known = services.known_delayed_values(audit)
        context.update(
            {
                "key_preview": _key_preview(audit, tournament),
                "known_dvs": known,
                "files_form": extra.pop("files_form", None) or AuditFilesForm(),
                "run_form": extra.pop("run_form", None)
                or AuditRunForm(
                    initial={"dv": known.get("final") or known.get("published") or "", "order": audit.order}
                ),
            }
        )
    context.update(extra)
    return context


def audit_detail(request, audit_id: int):
    audit = selectors.audit_get_for_viewer(user=request.user, audit_id=audit_id)
    return render(request, "audits/audit_detail.html", _context(request, audit))


@login_required
@require_POST
def audit_files_add(request, audit_id: int):
    audit = selectors.audit_get_for_viewer(user=request.user, audit_id=audit_id)
    form = AuditFilesForm(request.POST, request.FILES)
    if form.is_valid():
        data = form.cleaned_data
        try:
            services.audit_files_add(
                audit=audit,
                user=request.user,
                sqk=services.Upload.of(data["sqk"]) if data["sqk"] else None,
                final_sqd=services.Upload.of(data["final_sqd"]) if data["final_sqd"] else None,
                hand_records=[services.Upload.of(f) for f in data["hand_records"]],
            )
        except ValidationError as exc:
            if _not_a_draft(request, audit, exc):
                return redirect("audits:detail", audit_id=audit.pk)
            report_errors(form, exc)
        else:
            messages.success(request, _("Files added."))
            return redirect("audits:detail", audit_id=audit.pk)
    audit.refresh_from_db()
    return render(request, "audits/audit_detail.html", _context(request, audit, files_form=form), status=400)


@login_required
@require_POST
def audit_file_remove(request, audit_id: int, file_id: int):
    audit = selectors.audit_get_for_viewer(user=request.user, audit_id=audit_id)
    try:
        services.audit_file_remove(audit=audit, user=request.user, file_id=file_id)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("File removed."))
    return redirect("audits:detail", audit_id=audit.pk)


def audit_file_download(request, audit_id: int, file_id: int):
    audit = selectors.audit_get_for_viewer(user=request.user, audit_id=audit_id)
    file = selectors.audit_file_get(audit=audit, file_id=file_id)
    response = HttpResponse(bytes(file.content), content_type="application/octet-stream")
    response["Content-Disposition"] = f'attachment; filename="{_safe_name(file.name)}"'
    response["X-Checksum-SHA256"] = file.sha256
    return response


def _safe_name(name: str) -> str:
    return "".join(ch if ch.isascii() and (ch.isalnum() or ch in "._-") else "_" for ch in name) or "file"


@login_required
@require_POST
def audit_run(request, audit_id: int):
    audit = selectors.audit_get_for_viewer(user=request.user, audit_id=audit_id)
    form = AuditRunForm(request.POST)
    if form.is_valid():
        try:
            services.audit_start(
                audit=audit, user=request.user, dv=form.cleaned_data["dv"], order=form.cleaned_data["order"]
            )
        except ValidationError as exc:
            if _not_a_draft(request, audit, exc):
                return redirect("audits:detail", audit_id=audit.pk)
            report_errors(form, exc)
        except BridgeError as exc:  # a file that no longer reads as it did (should not happen)
            form.add_error(None, str(exc))
        else:
            return redirect("audits:detail", audit_id=audit.pk)
    audit.refresh_from_db()
    return render(request, "audits/audit_detail.html", _context(request, audit, run_form=form), status=400)


def audit_progress(request, audit_id: int):
    audit = selectors.audit_get_for_viewer(user=request.user, audit_id=audit_id)
    response = render(
        request,
        "audits/_audit_progress.html",
        {
            "audit": audit,
            "progress": selectors.audit_progress(audit),
            "stalled": services.audit_is_stalled(audit) and services.can_change(request.user, audit),
        },
    )
    if audit.status != SquareDealAudit.Status.RUNNING:
        response["HX-Refresh"] = "true"  # the verdict (or an error) is in: show the whole page
    return response


def _hands(pbn: str | None) -> dict[str, str]:
    if not pbn:
        return {}
    hands = pbn[2:].split()
    return dict(zip("NESW", hands))


def audit_session(request, audit_id: int, phase: int, session: int):
    audit = selectors.audit_get_for_viewer(user=request.user, audit_id=audit_id)
    found = selectors.audit_session_get(audit=audit, phase=phase, session=session)
    seat_names = {"N": _("North"), "E": _("East"), "S": _("South"), "W": _("West")}
    boards = []
    for board in found.boards:
        expected, given = _hands(board["expected"]), _hands(board["found"])
        boards.append(
            {
                **board,
                "rows": [
                    {
                        "seat": s,
                        "name": seat_names[s],
                        "expected": expected.get(s, ""),
                        "found": given.get(s, ""),
                        "differs": s in board["seats"],
                    }
                    for s in "NESW"
                ],
            }
        )
    return render(request, "audits/audit_session.html", {"audit": audit, "session": found, "boards": boards})


def audit_json(request, audit_id: int):
    audit = selectors.audit_get_for_viewer(user=request.user, audit_id=audit_id)
    response = HttpResponse(
        json.dumps(selectors.audit_record(audit), ensure_ascii=False, indent=1),
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = f'inline; filename="squaredeal-audit-{audit.pk}.json"'
    return response


@login_required
@require_POST
def audit_requeue(request, audit_id: int):
    audit = selectors.audit_get_for_viewer(user=request.user, audit_id=audit_id)
    try:
        services.audit_requeue(audit=audit, user=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("The run is queued again."))
    return redirect("audits:detail", audit_id=audit.pk)


@login_required
@require_POST
def audit_copy(request, audit_id: int):
    audit = selectors.audit_get_for_viewer(user=request.user, audit_id=audit_id)
    copy = services.audit_copy(audit=audit, user=request.user)
    messages.success(request, _("A new draft with the same files. Change what you need, then run it."))
    return redirect("audits:detail", audit_id=copy.pk)


@login_required
@require_POST
def audit_delete(request, audit_id: int):
    audit = selectors.audit_get_for_viewer(user=request.user, audit_id=audit_id)
    try:
        services.audit_delete(audit=audit, user=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect("audits:detail", audit_id=audit.pk)
    messages.success(request, _("Draft deleted."))
    return redirect("audits:list")
