"""The form a director fills in to choose a session's movement."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from movements.models import SessionMovement


class MovementForm(forms.Form):
    pairs = forms.IntegerField(label=_("Pairs"), min_value=1, max_value=200)
    kind = forms.ChoiceField(label=_("Kind"), choices=SessionMovement.Kind.choices, initial="howell")
    rounds = forms.IntegerField(label=_("Rounds"), required=False, min_value=0,
                                help_text=_("Leave empty for the complete movement."))
    half_sets = forms.BooleanField(label=_("Two half-sets per round"), required=False)
    variant = forms.ChoiceField(label=_("Mitchell with an even number of tables"), required=False,
                                choices=SessionMovement.Variant.choices)
    arrow_switch = forms.BooleanField(label=_("Arrow switch (one winner)"), required=False)
    boards_per_round = forms.IntegerField(label=_("Boards per round"), initial=2, min_value=0, max_value=99)
