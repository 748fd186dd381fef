"""HTML forms for clubs, members and sessions; validation messages appear next to each field."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Member, Session


class ClubForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = ["name", "city"]


class MemberForm(forms.ModelForm):
    class Meta:
        model = Member
        fields = ["first_name", "last_name", "national_id", "email", "is_active"]

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.club = club  # so the per-club uniqueness checks run in validate_constraints


class SessionForm(forms.ModelForm):
    class Meta:
        model = Session
        fields = ["name", "date", "start_time", "boards_per_round", "notes"]
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "start_time": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
            "notes": forms.Textarea(attrs={"rows": 3}),
        }

    boards_per_round = forms.IntegerField(
        label=_("boards per round"), required=False, min_value=1, max_value=36,
        help_text=_("Usually 2 to 4; can be set later with the movement."),
    )

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.club = club


class SessionStatusForm(forms.Form):
    status = forms.ChoiceField(choices=Session.Status.choices)
