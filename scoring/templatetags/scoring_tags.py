"""Filters of the scoring pages: a domain ``Text`` in the reader's language, exact numbers as shown.

* ``{{ text|said }}`` — a scoring ``Text`` (a description, a check, a layout problem) said in the
  page's language (``clubsite.texts.render``);
* ``{{ value|points }}`` — an exact ``Fraction`` (matchpoints, IMPs, percentages) to two decimals
  (``ranking.shown``); ``{{ score|signed }}`` — a score as results show it (``+420``, ``−50``);
* contracts and suits in colour are the project's one filter, ``{{ text|said|suit_symbols }}``
  (``dealing/templatetags/suit_symbols.py``);
* ``{{ change.old|result_data:change.board }}`` — a result as the audit trail keeps it, said.
"""

from __future__ import annotations

from django import template

from clubsite.texts import render
from scoring.domain.errors import ScoringError
from scoring.domain.notation import from_data
from scoring.domain.ranking import shown
from scoring.domain.ranking import signed as signed_score
from scoring.domain.shorthand import describe

register = template.Library()


@register.filter
def said(value) -> str:
    return render(value)


@register.filter
def points(value, places: int = 2) -> str:
    if value is None or value == "":
        return ""
    return shown(value, int(places))


@register.filter
def signed(value) -> str:
    if value is None or value == "":
        return ""
    return signed_score(value)


@register.filter
def result_data(data, board) -> str:
    """A result as the audit trail keeps it (``notation.as_data``), said in bridge terms on ``board`` ("—": none)."""
    if not data:
        return "—"
    try:
        return render(describe(from_data(data), int(board)))
    except (ScoringError, ValueError, TypeError):
        return str(data)


@register.filter
def dictitem(mapping, key):
    """``{{ cards|dictitem:pair }}``: a dict's value by a variable key (an empty list when absent)."""
    return (mapping or {}).get(key, [])
