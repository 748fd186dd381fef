"""Deal-set pages: the list, the request form, the job page with a live progress bar, cancel,
resume and downloads.

Thin: selectors read (a club's directors see the club's jobs; others get 404), services write.
The progress bar is a partial (``_deal_set_progress.html``) that htmx reloads every second
while the job runs; once the job is over the partial stops polling and shows the files.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.files.storage import storages
from django.http import FileResponse, Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe

from bridge.errors import BridgeError
from clubs.selectors import clubs_directed_by
from clubsite.texts import error_message
from dealing.models import DealSet
from dealing.selectors.deal_sets import (
    deal_set_file_get,
    deal_set_get_for_director,
    deal_set_list_for_user,
    deal_set_progress,
)
from dealing.services import deal_sets as service


class DealSetForm(forms.Form):
    KEY_CHOICES = [
        ("new", gettext_lazy("A new random key")),
        ("given", gettext_lazy("A key I give (64 hex digits)")),
        ("commitment", gettext_lazy("A commitment's dealing key")),
    ]

    club = forms.ModelChoiceField(label=gettext_lazy("Club"), queryset=None, empty_label=None)
    count = forms.CharField(
        label=gettext_lazy("Number of deals"),
        initial="1000",
        help_text=gettext_lazy("1 … 100,000,000."),
        widget=forms.TextInput(attrs={"inputmode": "numeric"}),
    )
    formats = forms.MultipleChoiceField(
        label=gettext_lazy("Formats"),
        required=False,
        initial=["pbn"],
        widget=forms.CheckboxSelectMultiple,
        choices=[(code, service.OUTPUTS[code].title) for code in service.DEAL_OUTPUTS],
    )
    analysis = forms.BooleanField(
        label=gettext_lazy("Double-dummy analysis (table and par of every deal)"),
        required=False,
        help_text=gettext_lazy("Slow: about a quarter of a second of one core per deal."),
    )
    label = forms.CharField(
        label=gettext_lazy("Label"),
        required=False,
        max_length=200,
        help_text=gettext_lazy("Names the set; the same key with another label gives other deals."),
    )
    key_source = forms.ChoiceField(
        label=gettext_lazy("Key"), choices=KEY_CHOICES, initial="new", widget=forms.RadioSelect
    )
    key = forms.CharField(
        label=gettext_lazy("Key (64 hex digits)"),
        required=False,
        max_length=200,
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )
    commitment = forms.ModelChoiceField(
        label=gettext_lazy("Commitment"),
        queryset=None,
        required=False,
        help_text=gettext_lazy("Published commitments of your club whose delayed value is known."),
    )

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs_directed_by(user)
        self.fields["commitment"].queryset = service.usable_commitments(user)

    def clean_formats(self):
        formats = self.cleaned_data["formats"]
        if not formats:
            raise forms.ValidationError(_("Choose at least one format."))
        return formats

    def clean(self):
        data = super().clean()
        if data.get("key_source") == "commitment" and not data.get("commitment") and "commitment" not in self.errors:
            self.add_error("commitment", _("Choose the commitment whose key to use."))
        if data.get("key_source") == "given" and not (data.get("key") or "").strip() and "key" not in self.errors:
            self.add_error("key", _("Give the key: 64 hex digits."))
        return data


@require_safe
@login_required
def deal_set_list(request):
    return render(
        request,
        "dealing/deal_set_list.html",
        {
            "deal_sets": [(d, deal_set_progress(d)) for d in deal_set_list_for_user(request.user)[:100]],
            "can_create": clubs_directed_by(request.user).exists(),
        },
    )


@login_required
def deal_set_create(request):
    if not clubs_directed_by(request.user).exists():
        raise PermissionDenied(_("Only a club's directors may make deal sets."))
    form = DealSetForm(request.POST if request.method == "POST" else None, user=request.user)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        source = data["key_source"]
        try:
            deal_set = service.deal_set_create(
                user=request.user,
                club=data["club"],
                count=data["count"],
                formats=data["formats"],
                analysis=data["analysis"],
                label=data["label"],
                key_hex=data["key"] if source == "given" else "",
                commitment=(data["commitment"].pk if data["commitment"] else "") if source == "commitment" else None,
            )
        except BridgeError as exc:
            form.add_error(exc.field if exc.field in form.fields else None, error_message(exc))
        else:
            messages.success(request, _("Deal set queued: %(count)s deals.") % {"count": f"{deal_set.count:,}"})
            return redirect("dealing:deal_set_detail", deal_set_id=deal_set.pk)
    return render(request, "dealing/deal_set_form.html", {"form": form})


def _context(request, deal_set: DealSet) -> dict:
    return {
        "deal_set": deal_set,
        "progress": deal_set_progress(deal_set),
        "files": deal_set.files.all() if deal_set.status == DealSet.Status.DONE else [],
        "outputs": service.OUTPUTS,
        "stalled": service.deal_set_is_stalled(deal_set),
    }


@require_safe
@login_required
def deal_set_detail(request, deal_set_id: int):
    deal_set = deal_set_get_for_director(user=request.user, deal_set_id=deal_set_id)
    return render(request, "dealing/deal_set_detail.html", _context(request, deal_set))


@require_safe
@login_required
def deal_set_progress_partial(request, deal_set_id: int):
    deal_set = deal_set_get_for_director(user=request.user, deal_set_id=deal_set_id)
    return render(request, "dealing/_deal_set_progress.html", _context(request, deal_set))


@login_required
@require_POST
def deal_set_cancel(request, deal_set_id: int):
    deal_set = deal_set_get_for_director(user=request.user, deal_set_id=deal_set_id)
    try:
        service.deal_set_cancel(deal_set=deal_set, user=request.user)
    except BridgeError as exc:
        messages.error(request, error_message(exc))
    else:
        messages.success(request, _("Deal set cancelled. Nothing was published."))
    return redirect("dealing:deal_set_detail", deal_set_id=deal_set.pk)


@login_required
@require_POST
def deal_set_resume(request, deal_set_id: int):
    deal_set = deal_set_get_for_director(user=request.user, deal_set_id=deal_set_id)
    try:
        service.deal_set_resume(deal_set=deal_set, user=request.user)
    except BridgeError as exc:
        messages.error(request, error_message(exc))
    else:
        messages.success(request, _("Deal set resumed: finished chunks are kept."))
    return redirect("dealing:deal_set_detail", deal_set_id=deal_set.pk)


@login_required
def deal_set_download(request, deal_set_id: int, output: str):
    deal_set = deal_set_get_for_director(user=request.user, deal_set_id=deal_set_id)
    stored = deal_set_file_get(deal_set=deal_set, output=output)
    try:
        handle = storages["deal_sets"].open(stored.storage_name, "rb")
    except FileNotFoundError:
        raise Http404(_("The file is missing from storage.")) from None
    response = FileResponse(
        handle,
        as_attachment=True,
        filename=stored.name,
        content_type="application/gzip" if stored.name.endswith(".gz") else None,
    )
    response["Content-Length"] = str(stored.size)
    response["X-Checksum-SHA256"] = stored.sha256
    return response
