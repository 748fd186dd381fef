"""``{% results_files session user as files %}``: what the session page's results-files panel offers this user.

``files.may_export`` (the session has results and ``user`` may download them now: directors and
scorers at any time, players once published — ``scoring.selectors.exports.may_export``),
``files.with_deals`` (the files carry the hands: the session is over) and ``files.imported``
(the session came from a file whose comparison ``user`` may read: its club's scorers and directors).
"""

from __future__ import annotations

from types import SimpleNamespace

from django import template

from clubs.permissions import can_score
from scoring.models import ImportedLayout, Result
from scoring.selectors.exports import may_export

register = template.Library()


@register.simple_tag
def results_files(session, user) -> SimpleNamespace:
    has_results = Result.objects.filter(session=session).exists()
    scorer = can_score(user, session.club_id)
    imported = scorer and ImportedLayout.objects.filter(session=session, source__has_key="report").exists()
    return SimpleNamespace(
        may_export=has_results and may_export(user, session), with_deals=session.is_over, imported=imported
    )
