"""The teams pages' forms: a team's row (its name and players typed by name), the format, a match's score card."""

from __future__ import annotations

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from clubs.forms import MemberNames
from teams.models import KnockoutTie, TeamsFormat
from teams.services import MOST_PLAYERS, PAIR_PLAYERS

PLAYERS = tuple(f"player_{place}" for place in range(1, MOST_PLAYERS + 1))


class TeamRowForm(forms.Form):
    """One team: its number (hidden), its name, and up to six players, each a member's name from the list or a
    guest's; the first is the captain. A Swiss pairs entrant (``pairs``): a pair, its name and its two players."""

    number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    name = forms.CharField(label=_("team name"), required=False, max_length=80)

    def __init__(self, *args, names: MemberNames, pairs: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.names = names
        self.players: list[tuple[object, str]] = []
        self.slots = PLAYERS[:PAIR_PLAYERS] if pairs else PLAYERS
        if pairs:
            self.fields["name"].label = _("pair name")
        for place, slot in enumerate(self.slots, 1):
            label = _("captain") if place == 1 and not pairs else _("player %(place)d") % {"place": place}
            self.fields[slot] = forms.CharField(label=label, required=False, max_length=200)
            self.fields[slot].widget.attrs.update(
                {"list": "club-members", "autocomplete": "off", "class": "player", "placeholder": capfirst(label)}
            )

    def clean(self):
        data = super().clean()
        self.players = []
        for slot in self.slots:
            if slot in self.errors:
                continue
            try:
                self.players.append(self.names.resolve(data.get(slot) or ""))
            except forms.ValidationError as exc:
                self.add_error(slot, exc)
        return data

    def row(self) -> dict:
        """What ``teams.services.teams_set`` takes for this team."""
        return {
            "number": self.cleaned_data["number"],
            "name": self.cleaned_data.get("name") or "",
            "players": self.players,
        }


class BaseTeamRowFormSet(forms.BaseFormSet):
    """One form per row shown (the ``initial`` rows): a post claiming more is refused before any is built."""

    def __init__(self, *args, initial=None, **kwargs):
        super().__init__(*args, initial=initial, **kwargs)
        self.max_num = self.absolute_max = len(initial or ())


TeamRowFormSet = forms.formset_factory(TeamRowForm, formset=BaseTeamRowFormSet, extra=0, validate_max=True)


class TeamsFormatForm(forms.Form):
    format = forms.ChoiceField(label=_("format"), choices=TeamsFormat.Format.choices)
    rounds = forms.IntegerField(
        label=_("rounds of the Swiss"),
        required=False,
        min_value=1,
        max_value=30,
        help_text=_("For a Swiss of teams or of pairs only."),
    )
    boards_per_match = forms.IntegerField(label=_("boards per match"), min_value=1, max_value=64)
    scale = forms.ChoiceField(label=_("victory-point scale"), choices=TeamsFormat.Scale.choices)
    pairs_scoring = forms.ChoiceField(
        label=_("Swiss pairs scoring"),
        choices=TeamsFormat.PairsScoring.choices,
        initial=TeamsFormat.PairsScoring.IMPS,
        required=False,
        help_text=_(
            "For Swiss pairs only: each board's score against the field's datum in IMPs, read on the VP scale; or "
            "the round's boards matchpointed across the field, a pair's percentage × 20 ÷ 100 in VPs."
        ),
    )

    def clean(self):
        data = super().clean()
        if data.get("format") == TeamsFormat.Format.KNOCKOUT:
            data["scale"] = TeamsFormat.Scale.IMPS  # a knockout's ties are won on IMPs, never on VPs
        data["pairs_scoring"] = data.get("pairs_scoring") or TeamsFormat.PairsScoring.IMPS
        return data


class KnockoutSeedsForm(forms.Form):
    """The director's seeding: the team numbers, best seed first (empty: seeded by number)."""

    order = forms.CharField(
        label=_("seeds, best first"),
        required=False,
        max_length=400,
        help_text=_("Team numbers separated by spaces or commas, e.g. 3 1 4 2; empty: seeded by number."),
    )

    def clean_order(self) -> list[int]:
        words = self.cleaned_data["order"].replace(",", " ").split()
        try:
            return [int(word) for word in words]
        except ValueError:
            raise forms.ValidationError(_("Write the team numbers only, e.g. 3 1 4 2.")) from None


class KnockoutTieForm(forms.Form):
    """A tie's carry-over, its tie-break and, once played, the extra boards' IMPs to the home team."""

    carry_home = forms.DecimalField(label=_("carry-over, home"), min_value=0, max_digits=6, decimal_places=1)
    carry_away = forms.DecimalField(label=_("carry-over, away"), min_value=0, max_digits=6, decimal_places=1)
    tie_break = forms.ChoiceField(label=_("tie-break"), choices=KnockoutTie.TieBreak.choices)
    extra_imps = forms.IntegerField(
        label=_("extra boards, IMPs to home"),
        required=False,
        min_value=-999,
        max_value=999,
        help_text=_("Negative when the away team won the extra boards."),
    )


class MatchCardForm(forms.Form):
    """A match's score card: for each board, the NS score where the home team sat NS and where the away team did
    (``one_table``: a Swiss pairs match, the NS score at its one table only)."""

    def __init__(self, *args, boards: list[int], one_table: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.boards = boards
        for board in boards:
            for side in ("home",) if one_table else ("home", "away"):
                self.fields[f"board_{board}_{side}"] = forms.CharField(required=False, max_length=40)
                self.fields[f"board_{board}_{side}"].widget.attrs.update(
                    {"autocomplete": "off", "spellcheck": "false", "class": "score"}
                )

    def entries(self) -> dict[int, tuple[str, str]]:
        data = self.cleaned_data
        return {b: (data.get(f"board_{b}_home") or "", data.get(f"board_{b}_away") or "") for b in self.boards}
