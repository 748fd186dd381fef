"""The teams pages' tags: ``{% session_teams_panel session as teams %}`` (a session's teams, for its page's panel),
and ``{{ value|imps }}`` (IMPs as a score card shows them: ``10``, or ``10.20`` when an assigned score weighted
them)."""

from __future__ import annotations

from fractions import Fraction

from django import template

from scoring.domain.ranking import shown
from teams.selectors import session_teams

register = template.Library()


@register.simple_tag
def session_teams_panel(session) -> list:
    return session_teams(session=session)


@register.filter
def imps(value) -> str:
    if value is None or value == "":
        return ""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else shown(value, 2)
