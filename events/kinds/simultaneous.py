"""A club's session of a simultaneous pairs (issue 22): a pairs session (its pairs and movement, whatever the club
runs; play at the tables' phones or from paper travellers; its own ranking published to its players) whose boards
are not dealt by the club but are the event's deals (``simultaneous``: registered for another club's event, dealt
the event's deals when its dealing-machine files are released, held from its players until the event's embargo
ends). Its results join the field as they are published; the field's ranking is on the event's pages."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from events.kinds import EventKind
from events.kinds.pairs import PAIRS

SIMPAIRS = EventKind(
    name="simpairs",
    label=_("A club's session of a simultaneous pairs"),
    steps=tuple("event" if step == "boards" else step for step in PAIRS.steps),
    panels={
        **{place: panels for place, panels in PAIRS.panels.items() if place != "boards"},
        "event": ("simultaneous/_session_panel.html", "dealing/_session_panel.html"),
    },
)
