"""The forms a director fills in: the chooser's question (pairs or tables, and about how many boards or how long),
every parameter of a movement (the expert's way, and what a chosen row sends), and the club's settings."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from clubsite.texts import error_message
from movements.domain.chooser import pairs_for, parse_boards, parse_length
from movements.domain.errors import MovementError
from movements.models import ClubMovementSettings, SessionMovement


class ChooserForm(forms.Form):
    """What the chooser asks: the field (pairs, or tables) and the session's length (about how many boards, or at
    most how long). Each answer is checked by the domain, and its error said next to its field."""

    pairs = forms.IntegerField(
        label=_("Pairs"),
        required=False,
        min_value=1,
        max_value=200,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    tables = forms.IntegerField(
        label=_("or tables"),
        required=False,
        min_value=1,
        max_value=100,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    boards = forms.CharField(
        label=_("About how many boards"), required=False, max_length=40, help_text=_("e.g. 24, or a range: 24–28")
    )
    length = forms.CharField(
        label=_("or at most how long"), required=False, max_length=40, help_text=_("e.g. 3 h, 2:45 or 170 min")
    )

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        try:
            data["pairs"] = pairs_for(data.get("pairs"), data.get("tables"))
        except MovementError as exc:
            self.add_error(exc.field if exc.field in self.fields else "pairs", error_message(exc))
        for name, parse in (("boards", parse_boards), ("length", parse_length)):
            if data.get(name):
                try:
                    parse(data[name])
                except MovementError as exc:
                    self.add_error(name, error_message(exc))
        return data


class MovementForm(forms.Form):
    """Every parameter of a movement: what a chosen row sends, and the expert's form."""

    pairs = forms.IntegerField(label=_("Pairs"), min_value=1, max_value=200)
    kind = forms.ChoiceField(label=_("Kind"), choices=SessionMovement.Kind.choices, initial="howell")
    rounds = forms.IntegerField(
        label=_("Rounds"), required=False, min_value=0, help_text=_("Leave empty for the complete movement.")
    )
    half_sets = forms.BooleanField(label=_("Two half-sets per round"), required=False)
    variant = forms.ChoiceField(
        label=_("Mitchell with an even number of tables"), required=False, choices=SessionMovement.Variant.choices
    )
    arrow_switch = forms.BooleanField(label=_("Arrow switch (one winner)"), required=False)
    boards_per_round = forms.IntegerField(label=_("Boards per round"), initial=2, min_value=0, max_value=99)


class MinutesField(forms.DecimalField):
    """Minutes as clubs write them: 7½, 7.5 or (in Polish) 7,5."""

    def to_python(self, value):
        if isinstance(value, str) and "½" in value:
            head = value.replace("½", "").strip() or "0"
            value = f"{head}.5"
        return super().to_python(value)


class ClubMovementSettingsForm(forms.Form):
    """How the club plays: minutes a board, the boards it usually plays, the winners it prefers."""

    minutes_per_board = MinutesField(
        label=_("Minutes per board"),
        min_value=3,
        max_value=20,
        decimal_places=2,
        localize=True,
        widget=forms.TextInput(attrs={"inputmode": "decimal"}),
        help_text=_("Playing time a board takes, changes included; 7½ in most clubs."),
    )
    usual_boards = forms.CharField(
        label=_("Boards the club usually plays"), max_length=40, help_text=_("e.g. 24–28; the chooser starts from it.")
    )
    winners = forms.ChoiceField(
        label=_("Preferred winners"),
        choices=ClubMovementSettings.Winners.choices,
        widget=forms.RadioSelect,
        help_text=_("When two movements fit the session and are as balanced, this one comes first."),
    )

    def clean_usual_boards(self):
        try:
            low, high, _about = parse_boards(self.cleaned_data["usual_boards"])
        except MovementError as exc:
            raise forms.ValidationError(error_message(exc)) from None
        self.cleaned_data["usual_boards_low"], self.cleaned_data["usual_boards_high"] = low, high
        return self.cleaned_data["usual_boards"]
