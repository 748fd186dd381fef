"""The domains' words said in the reader's language: one ``render`` for every app's texts.

A domain raises and returns texts as data (``bridge.text.TextBase`` subclasses: a code and
its parameters; ``str()`` is the English). Each sentence is written once, in the domain's templates;
here they are said in the reader's language (:data:`READER`: Django's gettext and the locale's number
formats).

* :func:`render` — one text (nested texts in the same language);
* :func:`error_message` — a domain error (``DealingError``, ``MovementError``: its ``text``), or
  ``str(exc)`` for any other error; forms, views and the API's error handler
  (``clubsite/api.py``) use it;
* :func:`localize` — every text inside a dict or list (API responses);
* :func:`contract_words` — a contract as the reader's language writes it: no trumps are "NT" in English and "BA"
  in Polish (``3NT×`` → ``3BA×``), one way in each language on every page. A text's ``contract`` parameter is
  always said so by :func:`render` (the domains write ``3NT`` or ``3N``); the suit-symbol filter of the pages
  (``dealing/templatetags/suit_symbols.py``) says its contracts with it too.
"""

from __future__ import annotations

import re
from decimal import Decimal

from django.utils import formats, translation
from django.utils.translation import gettext

from bridge.text import Params, TextBase


class ReadersLanguage:
    """The active language of the request (or command): Django's gettext, the locale's numbers, and a text's
    ``contract`` parameter written as that language writes contracts (:func:`contract_words`)."""

    def gettext(self, message: str) -> str:
        return translation.gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return translation.ngettext(singular, plural, count)

    def pgettext(self, context: str, message: str) -> str:
        return translation.pgettext(context, message)

    def number_format(
        self, value: float | Decimal, decimal_pos: int | None = None, force_grouping: bool = False
    ) -> str:
        return formats.number_format(value, decimal_pos, force_grouping=force_grouping)

    def params(self, params: Params) -> Params:
        if isinstance(params.get("contract"), str):
            return {**params, "contract": contract_words(params["contract"])}
        return params


#: The reader's language, whatever Django's active language is when a text is said.
READER = ReadersLanguage()


def render(text: TextBase | object | None) -> str:
    """A domain text in the active language ("" for None; anything else is already said: ``str``)."""
    if text is None:
        return ""
    if isinstance(text, TextBase):
        return text.say(READER)
    return str(text)


#: A contract in no trumps at the start of a text: its level and NT (or N as PBN and the engine write it, or BA as
#: Polish scorers type it), then nothing more of a word (``3NT``, ``3NX``, ``2NT×-1``; not ``4S`` nor ``1NS``).
_NO_TRUMPS = re.compile(r"^([1-7])(?:NT|BA|N)(?=[X×]|[^A-Za-z]|$)", re.IGNORECASE)


def contract_words(contract: str) -> str:
    """``contract`` (``3NT``, ``3N``, ``2NX``, ``4♠×``) with its no trumps as the active language writes them."""
    return _NO_TRUMPS.sub(lambda match: match[1] + gettext("NT"), contract, count=1)


def error_message(exc: Exception) -> str:
    """What an error says in the active language: its ``text`` when it carries one, else ``str(exc)``."""
    text = getattr(exc, "text", None)
    return render(text) if isinstance(text, TextBase) else str(exc)


def localize(value):
    """``value`` with every text inside it (dicts, lists, tuples) rendered in the active language."""
    if isinstance(value, TextBase):
        return render(value)
    if isinstance(value, dict):
        return {k: localize(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [localize(v) for v in value]
    return value
