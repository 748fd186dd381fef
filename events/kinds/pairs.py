"""The club's pairs session: a Howell or a Mitchell (the movements app chooses it and prints its guide cards),
boards dealt for the session (dealing, from a commitment, a fresh key or a dealing machine's file), results
entered at the tables' phones or by the scorer from paper travellers (tables, scoring), matchpoints and a
ranking published to the players (scoring)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from events.kinds import AFTER, EventKind

PAIRS = EventKind(
    name="pairs",
    label=_("Pairs session"),
    steps=("pairs", "movement", "boards", "printing", "play", "scores", "publication"),
    panels={
        "pairs": ("events/_session_pairs_panel.html",),
        "movement": ("movements/_session_panel.html",),
        "boards": ("dealing/_session_panel.html",),
        "play": ("tables/_session_panel.html",),
        "scores": ("scoring/_session_panel.html",),
        "publication": ("scoring/_player_panel.html",),
        AFTER: ("scoring/_exports.html",),  # the results files: after the path, for directors too
    },
)
