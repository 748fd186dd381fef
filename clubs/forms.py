"""HTML forms for clubs, members and sessions; validation messages appear next to each field."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, ClubRole, Member, Session


class ClubForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = ["name", "city", "results_public"]


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
        label=_("boards per round"),
        required=False,
        min_value=1,
        max_value=36,
        help_text=_("Usually 2 to 4; can be set later with the movement."),
    )

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.club = club


#: Roles from the least to the most privilege: what a director is offered first when giving one.
LEAST_PRIVILEGE_FIRST = [ClubRole.Role.PLAYER, ClubRole.Role.SCORER, ClubRole.Role.DIRECTOR]


class MemberLoginForm(forms.Form):
    """Give a member a login to the site, with a role in the club."""

    username = forms.CharField(label=_("username"), max_length=150)
    password = forms.CharField(
        label=_("first password"),
        widget=forms.PasswordInput,
        help_text=_("Tell the member; they can change it after logging in."),
    )
    role = forms.ChoiceField(
        label=_("role"),
        choices=[(role.value, role.label) for role in LEAST_PRIVILEGE_FIRST],
        initial=ClubRole.Role.PLAYER,
    )

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
            user = get_user_model()(
                username=data["username"],
                first_name=self.member.first_name,
                last_name=self.member.last_name,
                email=self.member.email,
            )
            try:
                validate_password(data["password"], user)
            except forms.ValidationError as exc:
                self.add_error("password", exc)
        return data


class RoleGrantForm(forms.Form):
    """Give a member's login a role in the club; Player unless the director chooses more (least privilege)."""

    role = forms.ChoiceField(
        label=_("role"),
        choices=[(role.value, role.label) for role in LEAST_PRIVILEGE_FIRST],
        initial=ClubRole.Role.PLAYER,
    )


class SessionStatusForm(forms.Form):
    status = forms.ChoiceField(choices=Session.Status.choices)


def _fold(text: str) -> str:
    return " ".join(text.split()).casefold()


class MemberNames:
    """The club's members by the names a director types on the pairs page (the type-ahead list's values).

    A member is written by their full name; two members sharing a name are told apart by their federation
    number (``Ada Adamska (PZBS 123)``) or, without one, their id (``Ada Adamska (#12)``). A name that is no
    member's is a guest's.
    """

    def __init__(self, members):
        counts: dict[str, int] = {}
        for member in members:
            counts[_fold(member.full_name)] = counts.get(_fold(member.full_name), 0) + 1
        self.options: list[str] = []
        self._by_value: dict[str, Member] = {}
        self._by_pk: dict[int, str] = {}
        self._shared: set[str] = set()
        for member in members:
            value = member.full_name
            if counts[_fold(value)] > 1:
                self._shared.add(_fold(value))
                value = f"{value} ({member.national_id or f'#{member.pk}'})"
            self.options.append(value)
            self._by_value[_fold(value)] = member
            self._by_pk[member.pk] = value

    def display(self, member: Member | None, guest: str = "") -> str:
        if member is None:
            return guest
        return self._by_pk.get(member.pk, member.full_name)

    def resolve(self, text: str) -> tuple[Member | None, str]:
        """(member, "") for a member's name, (None, name) for a guest, (None, "") for nothing typed."""
        text = " ".join(text.split())
        if not text:
            return None, ""
        member = self._by_value.get(_fold(text))
        if member is not None:
            return member, ""
        if _fold(text) in self._shared:
            raise forms.ValidationError(
                _("Two members are called %(name)s: pick one from the list.") % {"name": text}, code="ambiguous"
            )
        return None, text


class PairRowForm(forms.Form):
    """One pair on the pairs page: which pair (hidden) and its two players, typed by name."""

    number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    direction = forms.CharField(widget=forms.HiddenInput, required=False)
    section = forms.CharField(widget=forms.HiddenInput, required=False)
    player_1 = forms.CharField(label=_("first player"), required=False, max_length=200)
    player_2 = forms.CharField(label=_("second player"), required=False, max_length=200)

    def __init__(self, *args, names: MemberNames, **kwargs):
        super().__init__(*args, **kwargs)
        self.names = names
        for slot in ("player_1", "player_2"):
            self.fields[slot].widget.attrs.update(
                {
                    "list": "club-members",
                    "autocomplete": "off",
                    "spellcheck": "false",
                    "class": "player",
                    "placeholder": capfirst(self.fields[slot].label),
                }
            )

    def _player(self, slot: str):
        return self.names.resolve(self.cleaned_data.get(slot) or "")

    def clean_player_1(self):
        self._player("player_1")
        return self.cleaned_data["player_1"]

    def clean_player_2(self):
        self._player("player_2")
        return self.cleaned_data["player_2"]

    def row(self) -> dict:
        """What ``events.pairs.pairs_set`` takes for this pair."""
        data = self.cleaned_data
        row = {"number": data["number"], "direction": data.get("direction") or "", "section": data.get("section") or ""}
        for slot in ("player_1", "player_2"):
            row[slot], row[f"{slot}_name"] = self._player(slot)
        return row


class BasePairRowFormSet(forms.BaseFormSet):
    """One form per pair of the movement (the ``initial`` rows): a post claiming more forms is refused ("Please
    submit at most N forms") before any of them is built, so a tampered count costs nothing."""

    def __init__(self, *args, initial=None, **kwargs):
        super().__init__(*args, initial=initial, **kwargs)
        self.max_num = self.absolute_max = len(initial or ())


PairRowFormSet = forms.formset_factory(PairRowForm, formset=BasePairRowFormSet, extra=0, validate_max=True)
