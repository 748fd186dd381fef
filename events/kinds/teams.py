"""Teams of four (issue 21): the director enters the teams and the format (a single match, a complete round robin or
a Swiss over N rounds; boards per match; the VP scale), draws each round (``teams``: the round robin's schedule, or
a Swiss round proposed from the standings and confirmed; a knockout's rounds from its bracket), deals the boards
every round's matches play (``dealing``, as for pairs: from a commitment, a fresh key or a dealing machine's file;
shown with their analysis on the score cards once the session is over), and the scorer enters both tables' scores of each board
from the score cards; the match's IMPs and VPs and the standings come from the scoring engine's teams scoring.
The director publishes the standings as final once play is over; players read the score cards and the standings
from then on, as they read a pairs session's published results."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from events.kinds import EventKind

TEAMS = EventKind(
    name="teams",
    label=_("Teams of four"),
    steps=("teams", "schedule", "boards", "matches", "standings"),
    panels={
        "teams": ("teams/_session_teams_panel.html",),
        "boards": ("dealing/_session_panel.html",),
        "standings": ("teams/_session_standings_panel.html",),
    },
)
