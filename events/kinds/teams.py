"""Teams of four (issue 21): the director enters the teams and the format (a single match, a complete round robin or
a Swiss over N rounds; boards per match; the VP scale), draws each round (``teams``: the round robin's schedule, or
a Swiss round proposed from the standings and confirmed), and the scorer enters both tables' scores of each board
from the score cards; the match's IMPs and VPs and the standings come from the scoring engine's teams scoring.
Results are published as a pairs session's are: players read them once they are out."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from events.kinds import EventKind

TEAMS = EventKind(
    name="teams",
    label=_("Teams of four"),
    steps=("teams", "schedule", "matches", "publication"),
    panels={
        "teams": ("teams/_session_teams_panel.html",),
        "publication": ("teams/_session_standings_panel.html",),
    },
)
