"""What the scoring domain says to people, as data: a code and its parameters, never a sentence.

The scorer's shorthand (``entry.py``), the results (``results.py``), the engine's checks and
the file readers and writers (``formats/``) raise a :class:`~scoring.domain.errors.ScoringError`
made from a ``Text(code, params)``; the checks of a session's results (``checks.py``) return
``Text``\\ s. ``str(text)`` is the English from ``ENGLISH`` below (what commands print and
doctests show); the Django layer (``scoring/texts.py``) says the same code in the reader's
language. ``Text`` is built on ``clubs.domain.text.TextBase``.

>>> str(Text.of("entry.tricks_range", contract="4S+7", tricks=17))
'4S+7 would be 17 tricks; a side takes 0 … 13'
"""

from __future__ import annotations

from typing import Callable

from clubs.domain.text import TextBase


class Text(TextBase):
    """A message of the scoring domain (its templates: ``ENGLISH`` below)."""

    kind = "scoring"


_Template = Callable[[dict], str]

_RESULT_HELP = "a contract, declarer and tricks (4S= N, 3NT-2 W, 4SX N 9), P for passed out, a score (+420) " \
               "or an artificial score (A6040)"


def _at(p: dict) -> str:
    where = p["source"] or ""
    if p["line"] is not None:
        where = f"{where}: line {p['line']}" if where else f"line {p['line']}"
    if p["where"]:
        where = f"{where} ({p['where']})"
    return f"{where}: {p['error']}"


ENGLISH: dict[str, _Template] = {
    "at": _at,
    # entry.py: the scorer's shorthand
    "entry.empty": lambda p: f"nothing entered: write {_RESULT_HELP}",
    "entry.format": lambda p: f"{p['text']!r} is not a result: write {_RESULT_HELP}",
    "entry.level": lambda p: f"{p['text']!r}: a contract's level is 1 … 7",
    "entry.declarer": lambda p: f"{p['contract']}: who was declarer? Add N, E, S or W (e.g. {p['contract']} N)",
    "entry.tricks_missing": lambda p: f"{p['contract']} by {p['declarer']}: how many tricks? Add =, +1, -2 or the "
                                      f"tricks taken (e.g. 4S= N or 4S N 10)",
    "entry.tricks_twice": lambda p: f"{p['text']!r}: give the result once, either as =, +1, -2 or as the tricks taken",
    "entry.tricks_range": lambda p: f"{p['contract']} would be {p['tricks']} tricks; a side takes 0 … 13",
    "entry.artificial": lambda p: f"{p['text']!r}: an artificial score is A and each side's percentage, 0 … 100 "
                                  f"(A6040, A5050, A6060)",
    "entry.score": lambda p: f"{p['score']:+d} is not a score any contract gives",
    "entry.weights": lambda p: f"the weights of a weighted score must add up to 100 %, not {p['total']} %",
    "entry.weight": lambda p: f"{p['text']!r} is not a weight: write a percentage 1 … 99 (e.g. 20% +650, 80% +620)",
    # results.py and the engine
    "result.pairs_same": lambda p: f"pair {p['pair']} cannot play against itself",
    "result.pair_missing": lambda p: f"a traveller line needs both pairs (NS and EW)",
    "result.twice": lambda p: f"board {p['board']}: pair {p['pair']} has two results ({p['first']} and {p['second']})",
    "result.board": lambda p: f"board numbers start at 1, not {p['board']!r}",
    "options.scale": lambda p: f"unknown matchpoint scale {p['value']!r}: expected ebu (2 per result beaten) or acbl "
                               f"(1 per result beaten)",
    "options.factoring": lambda p: f"unknown factoring {p['value']!r}: expected neuberg or none",
    "options.sections": lambda p: f"unknown way of comparing sections {p['value']!r}: expected across (the whole "
                                  f"field) or within (each section on its own)",
    "options.method": lambda p: f"unknown scoring method {p['value']!r}: expected matchpoints, butler or cross_imps",
}
from scoring.domain.formats.words import ENGLISH as _FILE_WORDS  # noqa: E402 (the files' words, beside the files)

Text.templates = {**ENGLISH, **_FILE_WORDS}
