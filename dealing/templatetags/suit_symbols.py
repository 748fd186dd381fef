"""``{{ text|suit_symbols }}``: contracts and par written with suit symbols, as diagrams write suits.

Available in every template without ``{% load %}`` (``TEMPLATES`` ``builtins``). It takes a text in
the notation results files and the engine use, and says each contract in it the way a player reads
a contract — the suit as its symbol in its colour (``.suit-h`` … in ``static/css/site.css``), the
letter kept for screen readers, no trumps as the reader's language writes them ("NT", Polish "BA"):

* a contract: ``"4HX"`` → 4♥X (a screen reader hears "4 H X");
* a par line (``Par.par_contract_pbn``): ``"EW 6D=; NS 4HX-2"`` → EW 6♦=; NS 4♥X-2;
  ``"N 2NX-1"`` → N 2NTX-1; ``"Pass"`` → pass in the reader's language;
* a text that already has symbols ("4♠ by N") gets them coloured, with the letter kept.

Seats and sides ("NS", "EW", "N") and everything else are left as they are, escaped.

>>> from django.utils import translation
>>> with translation.override("en"):
...     str(suit_symbols("EW 6D=; NS 4HX-2")).count('aria-hidden="true">♦<'), str(suit_symbols("3N=")).startswith("3NT")
(1, True)
"""

from __future__ import annotations

import re

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from clubsite.texts import contract_words

register = template.Library()

_LETTER = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SYMBOL = {symbol: letter for letter, symbol in _LETTER.items()}

# A contract in letters: a level, a strain (NT, or N as PBN's par writes it), doubled or not, not
# part of a longer word ("4S", "3NTX", "2NX-1"; not the "S" of "NS" nor the "N" of "N 4S=").
_CONTRACT = re.compile(r"(?<![A-Za-z0-9])([1-7])(NT|N|[SHDC])(?=XX|X|[^A-Za-z]|$)", re.IGNORECASE)
_SYMBOLS = re.compile("[♠♥♦♣]")
_PASS = re.compile(r"^\s*pass(ed out)?\s*$", re.IGNORECASE)


def _suit(letter: str) -> str:
    """One suit: its symbol shown in colour, its letter read out."""
    letter = letter.upper()
    return (
        f'<span class="suit suit-{letter.lower()}"><span aria-hidden="true">{_LETTER[letter]}</span>'
        f'<span class="visually-hidden">{letter}</span></span>'
    )


def _contract(match: re.Match) -> str:
    level, strain = match.group(1), match.group(2).upper()
    if strain in ("N", "NT"):
        return escape(contract_words(level + "NT"))  # the one way to write no trumps in the reader's language
    return level + _suit(strain)


@register.filter(is_safe=True)
def suit_symbols(value) -> SafeString:
    """``value`` escaped, each contract and suit symbol in it written as the module docstring says."""
    if value is None:
        return mark_safe("")
    text = str(value)
    if _PASS.match(text):
        return mark_safe(escape(gettext("Pass")))
    parts = []
    position = 0
    for match in _CONTRACT.finditer(text):
        parts.append(_symbols(text[position : match.start()]))
        parts.append(_contract(match))
        position = match.end()
    parts.append(_symbols(text[position:]))
    return mark_safe("".join(parts))


def _symbols(text: str) -> str:
    return _SYMBOLS.sub(lambda m: _suit(_SYMBOL[m.group(0)]), escape(text))
