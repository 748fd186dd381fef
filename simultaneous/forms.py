"""The simultaneous pairs' forms: the event (name, date, matchpoint scale, factoring) and a club's results file."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from simultaneous.models import ClubResultsFile, SimultaneousEvent
from simultaneous.services import MAX_FILE_BYTES


class EventForm(forms.ModelForm):
    class Meta:
        model = SimultaneousEvent
        fields = ["name", "date", "scale", "factoring"]
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}
        help_texts = {
            "factoring": _("Neuberg: every board factored to the largest number of results of any board in the field.")
        }


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
