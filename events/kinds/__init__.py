"""Event kinds: what an evening is, and which engines it is composed of.

An event kind is one module of this package. It says, as data, which movement, dealing, entry and scoring its
sessions use: the steps of the director's path through the evening (``events.session_path`` reads each step),
and the panels of the session page for everyone else, each placed at the path's step it belongs to. The engines
do not know the kinds; a kind names their pages and templates (a link, a template name), never an ``if`` in an
engine. There are three: the club's pairs session (:mod:`events.kinds.pairs`), teams of four
(:mod:`events.kinds.teams`) and a club's session of a simultaneous pairs (:mod:`events.kinds.simultaneous`: a pairs
session playing another club's event's deals; docs/architecture.md, "Adding an event kind", says what a new one
adds). A session's kind is its ``kind`` field, chosen when it is created (a session registered for a simultaneous
pairs becomes one).

>>> kind_of(None).name
'pairs'
>>> KINDS["pairs"].steps[:3]
('pairs', 'movement', 'boards')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from clubs.models import Session

#: Where a panel of the session page may stand: at a step of the path, or after it (shown to directors too).
AFTER = "after"


@dataclass(frozen=True)
class EventKind:
    """A kind of event: its name and label, the steps of its path in order (keys ``events.session_path`` knows),
    and the session page's panels by the step they belong to (template names; ``after`` for after the path)."""

    name: str
    label: str
    steps: tuple[str, ...]
    panels: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def panel_templates(self, *, with_path: bool = False) -> list[str]:
        """The panels in the path's order, then those placed after it; with the path (a director's page) only the
        ones after it: the path says the rest."""
        places = (*self.steps, AFTER)
        return [name for place in places if place == AFTER or not with_path for name in self.panels.get(place, ())]


def _kinds() -> dict[str, EventKind]:
    from events.kinds.pairs import PAIRS  # the kinds' modules import this one for EventKind: read them after it
    from events.kinds.simultaneous import SIMPAIRS
    from events.kinds.teams import TEAMS

    return {kind.name: kind for kind in (PAIRS, TEAMS, SIMPAIRS)}


KINDS: dict[str, EventKind] = _kinds()


def kind_of(session: Session | None) -> EventKind:
    """The kind of ``session`` (its ``kind`` field; a pairs session when there is no session)."""
    return KINDS[session.kind if session is not None else "pairs"]
