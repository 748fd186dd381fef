"""Filters of the scoring pages: a domain ``Text`` in the reader's language, exact numbers as shown, suits in colour.

* ``{{ text|said }}`` — a scoring ``Text`` (a description, a check, a layout problem) said in the
  page's language (``clubs.texts.render``);
* ``{{ value|points }}`` — an exact ``Fraction`` (matchpoints, IMPs, percentages) to two decimals
  (``ranking.shown``); ``{{ score|signed }}`` — a score as results show it (``+420``, ``−50``);
* ``{{ text|suits }}`` — the text escaped, each suit symbol in its colour;
* ``{{ change.old|result_data:change.board }}`` — a result as the audit trail keeps it, said.
"""

from __future__ import annotations

from django import template
from django.utils.html import escape
from django.utils.safestring import mark_safe

from clubs.texts import render
from scoring.domain.entry import describe
from scoring.domain.errors import ScoringError
from scoring.domain.notation import from_data
from scoring.domain.ranking import shown, signed as signed_score

register = template.Library()

_SUITS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}


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
def suits(value) -> str:
    text = escape(render(value))
    for symbol, letter in _SUITS.items():
        text = text.replace(symbol, f'<span class="suit-{letter}">{symbol}</span>')
    return mark_safe(text)


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
