"""HTML forms for clubs, members and sessions; validation messages appear next to each field."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, ClubRole, Member, Session


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


class MemberLoginForm(forms.Form):
    """Give a member a login to the site, with a role in the club."""

    username = forms.CharField(label=_("username"), max_length=150)
    password = forms.CharField(label=_("first password"), widget=forms.PasswordInput,
                               help_text=_("Tell the member; they can change it after logging in."))
    role = forms.ChoiceField(label=_("role"), choices=ClubRole.Role.choices, initial=ClubRole.Role.PLAYER)

    def __init__(self, *args, member: Member, **kwargs):
        super().__init__(*args, **kwargs)
        self.member = member

    def clean_username(self):
        username = self.cleaned_data["username"]
        if get_user_model().objects.filter(username__iexact=username).exists():
            raise forms.ValidationError(_("This username is taken; choose another."))
        return username

    def clean(self):
        data = super().clean()
        if data.get("password") and data.get("username"):
            user = get_user_model()(username=data["username"], first_name=self.member.first_name,
                                    last_name=self.member.last_name, email=self.member.email)
            try:
                validate_password(data["password"], user)
            except forms.ValidationError as exc:
                self.add_error("password", exc)
        return data


class RoleGrantForm(forms.Form):
    role = forms.ChoiceField(label=_("role"), choices=ClubRole.Role.choices)


class SessionStatusForm(forms.Form):
    status = forms.ChoiceField(choices=Session.Status.choices)
