"""HTML forms for clubs, members and sessions; validation messages appear next to each field."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from clubs.domain.names import nearest_names
from clubs.models import Club, ClubRole, Member, Session


class ClubForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = ["name", "city", "results_public"]


class MemberForm(forms.ModelForm):
    class Meta:
        model = Member
        fields = ["first_name", "last_name", "national_id", "email", "handicap", "is_active"]

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.club = club  # so the per-club uniqueness checks run in validate_constraints


class SessionForm(forms.ModelForm):
    class Meta:
        model = Session
        fields = ["name", "kind", "date", "start_time", "boards_per_round", "notes"]
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
        if self.instance.pk:  # the kind is chosen once, when the session is created: its teams or pairs follow it
            del self.fields["kind"]
        else:
            self.fields["kind"].required = False  # not said: a pairs session, as before the kinds came

    def clean_kind(self):
        return self.cleaned_data.get("kind") or Session.Kind.PAIRS


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
    member's is a guest's; ``nearest`` offers the members it is close to (a typo, no Polish letters, surname first:
    ``clubs.domain.names``), so the page can ask "did you mean …?" before it makes a guest.
    """

    def __init__(self, members):
        counts: dict[str, int] = {}
        for member in members:
            counts[_fold(member.full_name)] = counts.get(_fold(member.full_name), 0) + 1
        self.options: list[str] = []
        self._by_value: dict[str, Member] = {}
        self._by_pk: dict[int, str] = {}
        self._shared: set[str] = set()
        self._options_by_name: dict[str, list[str]] = {}
        for member in members:
            value = member.full_name
            if counts[_fold(value)] > 1:
                self._shared.add(_fold(value))
                value = f"{value} ({member.national_id or f'#{member.pk}'})"
            self.options.append(value)
            self._by_value[_fold(value)] = member
            self._by_pk[member.pk] = value
            self._options_by_name.setdefault(member.full_name, []).append(value)

    def nearest(self, text: str, most: int = 3) -> list[str]:
        """The members' values (as the list offers them) whose names ``text`` is close to, nearest first."""
        names = nearest_names(" ".join(text.split()), self._options_by_name, most=most)
        return [value for name in names for value in self._options_by_name[name]][:most]

    def member(self, value: str) -> Member | None:
        """The member a value of the list names (None: no member's)."""
        return self._by_value.get(_fold(value))

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


#: A "did you mean …?" answer on the pairs page: the player is a guest after all, or the member of this value.
GUEST_ANSWER = "guest"
MEMBER_ANSWER = "member:"


class PairRowForm(forms.Form):
    """One pair on the pairs page: which pair (hidden) and its two players, typed by name.

    A name typed that is no member's but close to some ("Klara Kowalczik"; ``MemberNames.nearest``) is not made a
    guest at once: the form is invalid with a question ("did you mean Klara Kowalczyk?") in ``questions``, and the
    page offers the members and "a guest" as ``player_N_answer``, with the name asked about in ``player_N_asked``.
    The answer holds while that name stands in the field; a guest's name already saved for this player is not asked
    about again.
    """

    number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    direction = forms.CharField(widget=forms.HiddenInput, required=False)
    section = forms.CharField(widget=forms.HiddenInput, required=False)
    player_1 = forms.CharField(label=_("first player"), required=False, max_length=200)
    player_2 = forms.CharField(label=_("second player"), required=False, max_length=200)
    # the answers to "did you mean …?" (rendered by the page beside the question, never as fields of their own)
    player_1_asked = forms.CharField(required=False, max_length=200)
    player_1_answer = forms.CharField(required=False, max_length=220)
    player_2_asked = forms.CharField(required=False, max_length=200)
    player_2_answer = forms.CharField(required=False, max_length=220)

    def __init__(self, *args, names: MemberNames, **kwargs):
        super().__init__(*args, **kwargs)
        self.names = names
        self.questions: dict[str, tuple[str, list[str]]] = {}  # slot → (the name typed, the members offered)
        self.answered: dict[str, tuple[str, str]] = {}  # slot → (the name asked about, the answer given)
        self._resolved: dict[str, tuple[Member | None, str]] = {}
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

    def clean(self):
        data = super().clean()
        for slot in ("player_1", "player_2"):
            if slot in self.errors:
                continue
            try:
                member, guest = self.names.resolve(data.get(slot) or "")
            except forms.ValidationError as exc:
                self.add_error(slot, exc)
                continue
            if guest and _fold(guest) != _fold(self.initial.get(slot) or ""):
                offered = self.names.nearest(guest)
                asked = " ".join((data.get(f"{slot}_asked") or "").split())
                answer = data.get(f"{slot}_answer") or ""
                chosen = answer.removeprefix(MEMBER_ANSWER) if answer.startswith(MEMBER_ANSWER) else None
                if offered and asked == guest and answer == GUEST_ANSWER:
                    self.answered[slot] = (asked, answer)
                elif offered and asked == guest and chosen in offered:
                    member, guest = self.names.member(chosen), ""
                    self.answered[slot] = (asked, answer)
                elif offered:
                    self.questions[slot] = (guest, offered)
                    self.add_error(slot, did_you_mean(guest, offered))
                    continue
            self._resolved[slot] = (member, guest)
        return data

    def row(self) -> dict:
        """What ``events.pairs.pairs_set`` takes for this pair."""
        data = self.cleaned_data
        row = {"number": data["number"], "direction": data.get("direction") or "", "section": data.get("section") or ""}
        for slot in ("player_1", "player_2"):
            row[slot], row[f"{slot}_name"] = self._resolved[slot]
        return row


def did_you_mean(name: str, offered: list[str]) -> str:
    """ "“Klara Kowalczik” is no member's name: did you mean Klara Kowalczyk?" """
    members = offered[0]
    if len(offered) > 1:
        members = _("%(names)s or %(last)s") % {"names": ", ".join(offered[:-1]), "last": offered[-1]}
    return _("“%(name)s” is no member's name: did you mean %(members)s?") % {"name": name, "members": members}


class BasePairRowFormSet(forms.BaseFormSet):
    """One form per pair of the movement (the ``initial`` rows): a post claiming more forms is refused ("Please
    submit at most N forms") before any of them is built, so a tampered count costs nothing."""

    def __init__(self, *args, initial=None, **kwargs):
        super().__init__(*args, initial=initial, **kwargs)
        self.max_num = self.absolute_max = len(initial or ())


PairRowFormSet = forms.formset_factory(PairRowForm, formset=BasePairRowFormSet, extra=0, validate_max=True)
