"""The simultaneous pairs' forms: the event (name, date, boards, window, embargo, when clubs get their dealing files,
matchpoint scale, factoring, correction period), its deals' commitment and delayed value, the field's publication
(provisional or final), a club's session registered, and a club's results file."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from dealing.domain import commitment as dealing_domain
from dealing.models.commitment import DV_FORMAT_CHOICES
from simultaneous.models import ClubResultsFile, SimultaneousEvent
from simultaneous.services import MAX_EVENT_BOARDS, MAX_FILE_BYTES

_WHEN = {
    "input_formats": ["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S"],
    "widget": forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
}


class EventForm(forms.ModelForm):
    boards = forms.IntegerField(
        label=_("Boards"),
        min_value=1,
        max_value=MAX_EVENT_BOARDS,
        initial=24,
        required=False,
        help_text=_("24 if empty."),
    )
    window_start = forms.DateTimeField(label=_("Clubs play from"), required=False, **_WHEN)
    window_end = forms.DateTimeField(label=_("Clubs play until"), required=False, **_WHEN)
    embargo_until = forms.DateTimeField(
        label=_("Embargo until"),
        required=False,
        help_text=_("Deals and results stay hidden until every club has finished, or until this time if it is later."),
        **_WHEN,
    )
    files_hours = forms.IntegerField(
        label=_("Dealing files released (hours before a club's session)"),
        min_value=0,
        max_value=72,
        initial=6,
        required=False,
        help_text=_("6 if empty."),
    )
    correction_days = forms.IntegerField(
        label=_("Correction period (days)"),
        min_value=0,
        max_value=60,
        initial=7,
        required=False,
        help_text=_("Corrections are taken for this many days after the provisional results; 7 if empty."),
    )

    class Meta:
        model = SimultaneousEvent
        fields = ["name", "date", "boards", "window_start", "window_end", "embargo_until", "files_hours", "scale"]
        fields += ["factoring", "correction_days"]
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}
        help_texts = {
            "factoring": _("Neuberg: every board factored to the largest number of results of any board in the field.")
        }

    def clean(self):
        cleaned = super().clean()
        start, end = cleaned.get("window_start"), cleaned.get("window_end")
        if start and end and end <= start:
            self.add_error("window_end", _("The window must end after it starts."))
        for name in ("boards", "files_hours", "correction_days"):
            if cleaned.get(name) is None:
                cleaned[name] = self.fields[name].initial
        return cleaned


class CommitForm(forms.Form):
    """The public value, not known yet, mixed into the event's deals (the dealing app's commitment)."""

    promise = forms.CharField(
        label=_("Promised delayed value"),
        max_length=dealing_domain.MAX_PROMISE,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("A public value nobody knows yet, available before the clubs play, and where it will be read."),
    )
    dv_format = forms.ChoiceField(label=_("Format of the delayed value"), choices=DV_FORMAT_CHOICES)
    dv_promised_at = forms.DateTimeField(label=_("Public from (the club's time)"), required=False, **_WHEN)


class PublishForm(forms.Form):
    """Which publication of the field's results: the provisional one, or the final one after the corrections."""

    stage = forms.ChoiceField(choices=[("provisional", _("Provisional")), ("final", _("Final"))])


class DealForm(forms.Form):
    delayed_value = forms.CharField(label=_("Delayed value"), max_length=dealing_domain.MAX_TEXT_DV)


class RegisterForm(forms.Form):
    """One of the club's planned sessions, not dealt, to play the event's deals."""

    session = forms.ModelChoiceField(label=_("Session"), queryset=None, empty_label=None)

    def __init__(self, *args, sessions, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["session"].queryset = sessions


class ClubFileForm(forms.Form):
    """A club's results file and, when the file does not name the club as it should be shown, the club's name."""

    file = forms.FileField(
        label=_("Results file"),
        allow_empty_file=True,  # an empty file is refused by the service, naming it
        widget=forms.FileInput(attrs={"accept": ".xml,.pbn"}),
    )
    club = forms.CharField(
        label=_("Club"),
        required=False,
        max_length=ClubResultsFile._meta.get_field("club_name").max_length,
        help_text=_("Leave it empty to use the club the file names."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["file"].help_text = gettext(
            "USEBIO (.xml) or PBN with results (.pbn), at most %(megabytes)s MB."
        ) % {"megabytes": MAX_FILE_BYTES // (1024 * 1024)}
