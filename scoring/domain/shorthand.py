"""The scorer's shorthand: one traveller line typed on a keyboard, read into a result and said back.

What it offers:

* :func:`parse_entry` — text → :class:`~scoring.domain.results.Result`, or a
  :class:`~scoring.domain.errors.ScoringError` whose ``text`` says the mistake and whose
  ``field`` names the part that is wrong (see below);
* :func:`describe` — a result on a board → a ``Text`` saying it in bridge terms, with its score
  from North–South's view (the board number gives the vulnerability, Law 2), for the page that
  shows the score as it is typed, and the opening lead when one was recorded;
* :func:`parse_lead` — an opening lead typed (``HK``, ``h10``, ``K♥``) → the card as results keep it
  (``HK``, ``HT``), and :func:`lead_said` — that card as people read it (``♥K``, ``♥10``).

What a scorer may type (any case, spaces optional where nothing is ambiguous):

============================================  =====================================================
``4SX N 9``, ``4♠× N 9``, ``4S N 10``           contract, declarer, tricks taken
``4S= N``, ``4S=N``, ``4S+1 N``, ``3NT-2 W``,   contract, result against it (``=``, ``+1``, ``-2``),
``3N-2W``                                       declarer (before or after the result)
``P``, ``PASS``, ``AP``                         passed out
``+420``, ``-50``, ``420``                      an assigned NS score (Law 12C1); some contract must give it
``A6040``, ``A60/40``, ``60/40``, ``A=``        an artificial score, NS % and EW % (``A=`` is 50/50,
                                                ``A+`` 60/40, ``A-`` 40/60; Law 12C2)
``20% +650 80% +620``                           a weighted assigned score (Law 12C1(c)); weights add up to 100
============================================  =====================================================

``NT`` may be written ``N`` or, as Polish scorers do, ``BA``; doubled ``X``, ``x``, ``×`` or ``*``.

The field of each mistake: ``result`` (empty, or not a result at all), ``contract`` (level
not 1 … 7), ``declarer`` (missing), ``tricks`` (missing, given twice, or outside 0 … 13),
``score`` (no contract gives it), ``adjusted`` (an artificial score's percentages),
``weighted`` (a weight, or weights not adding up to 100 %).

The seed's traveller (Guzicki, board 6, E–W vulnerable), typed as a scorer would:

>>> [str(describe(parse_entry(typed), 6)) for typed in ("3S N 9", "4S= S", "3s s 9", "4S-1 N")]
['3♠= by N, 9 tricks: +140', '4♠= by S, 10 tricks: +420', '3♠= by S, 9 tricks: +140', '4♠−1 by N, 9 tricks: −50']

Every other form (board 5: N–S vulnerable):

>>> for typed in ("4SX N 9", "4♠× N 9", "4S=N", "4S+1 N", "3N-2W", "3NT-2 W", "4S N 10", "2hxx e 8", "3BA= S",
...               "P", "ap", "+420", "-50", "420", "A6040", "A60/40", "60/40", "A5050", "A=", "20% +650 80% +620"):
...     print(f"{typed:18} {describe(parse_entry(typed), 5)}")
4SX N 9            4♠×−1 by N, 9 tricks: −200
4♠× N 9            4♠×−1 by N, 9 tricks: −200
4S=N               4♠= by N, 10 tricks: +620
4S+1 N             4♠+1 by N, 11 tricks: +650
3N-2W              3NT−2 by W, 7 tricks: +100
3NT-2 W            3NT−2 by W, 7 tricks: +100
4S N 10            4♠= by N, 10 tricks: +620
2hxx e 8           2♥××= by E, 8 tricks: −640
3BA= S             3NT= by S, 9 tricks: +600
P                  Passed out: 0
ap                 Passed out: 0
+420               Assigned: +420
-50                Assigned: −50
420                Assigned: +420
A6040              Artificial: 60 % / 40 %
A60/40             Artificial: 60 % / 40 %
60/40              Artificial: 60 % / 40 %
A5050              Artificial: 50 % / 50 %
A=                 Artificial: 50 % / 50 %
20% +650 80% +620  Assigned: 20 % of +650, 80 % of +620: +626

Mistakes, each with its field:

>>> for typed in ("", "hello", "8S N 10", "4S=", "4S N", "4S=N10", "4S+7", "4S N 14", "A60/140", "+330",
...               "20% +650 70% +620"):
...     try:
...         parse_entry(typed)
...     except ScoringError as error:
...         print(f"{error.field:8} {error}")
result   nothing entered: write a contract, declarer and tricks (4S= N, 3NT-2 W, 4SX N 9), P for passed out, \
a score (+420) or an artificial score (A6040)
result   'hello' is not a result: write a contract, declarer and tricks (4S= N, 3NT-2 W, 4SX N 9), P for passed \
out, a score (+420) or an artificial score (A6040)
contract '8S N 10': a contract's level is 1 … 7
declarer 4S=: who was declarer? Add N, E, S or W (e.g. 4S= N)
tricks   4S by N: how many tricks? Add =, +1, -2 or the tricks taken (e.g. 4S= N or 4S N 10)
tricks   '4S=N10': give the result once, either as =, +1, -2 or as the tricks taken
tricks   4S+7 would be 17 tricks; a side takes 0 … 13
tricks   4S N 14 would be 14 tricks; a side takes 0 … 13
adjusted 'A60/140': an artificial score is A and each side's percentage, 0 … 100 (A6040, A5050, A6060)
score    +330 is not a score any contract gives
weighted the weights of a weighted score must add up to 100 %, not 90 %
"""

from __future__ import annotations

import re
from fractions import Fraction

from bridge.cards import Card, Rank, Suit
from bridge.contract import Contract
from bridge.errors import BridgeError
from scoring.domain.errors import ScoringError
from scoring.domain.ranking import signed
from scoring.domain.results import Artificial, Assigned, Played, Result, check_score
from scoring.domain.text import Text

__all__ = ["parse_entry", "parse_lead", "describe", "lead_said", "PASS_WORDS"]

#: What a scorer types for a passed-out board.
PASS_WORDS = frozenset({"P", "PASS", "PASSED", "AP", "PASSED OUT", "ALL PASS", "PAS"})

_SYMBOLS = str.maketrans(
    {
        "♠": "S",
        "♤": "S",
        "♥": "H",
        "♡": "H",
        "♦": "D",
        "♢": "D",
        "♣": "C",
        "♧": "C",
        "×": "X",
        "−": "-",
        "–": "-",
        "—": "-",
    }
)

# a contract played, written without spaces: level, strain, doubling, then the result against the
# contract and the declarer in either order, or the declarer and the tricks taken
# (numbers have at most a few digits: a longer one is no result, and int() refuses thousands of digits)
_PLAYED = re.compile(
    r"(?P<contract>(?P<level>[0-9]{1,3})(?P<strain>NT|BA|N|S|H|D|C)(?:XX|X|\*\*|\*)?)"
    r"(?P<mark>=|[+-][0-9]{1,3})?(?P<seat>[NESW])?(?P<mark2>=|[+-][0-9]{1,3})?(?P<tricks>[0-9]{1,3})?"
)
_SCORE = re.compile(r"[+-]?\d{1,9}")
_ARTIFICIAL = {"A=": (50, 50), "A+": (60, 40), "A-": (40, 60)}
_PERCENTS = re.compile(r"A?(\d{1,3})/(\d{1,3})|A(\d\d)(\d\d)")
_WEIGHTED_PART = re.compile(r"(\d{1,9}(?:[.,]\d{1,9})?)\s*%\s*(?:OF\s*)?([+-]?\s*\d{1,9})")
_SEPARATORS = re.compile(r"\b(?:AND|I)\b|[\s,;&]")  # between the parts: spaces, commas, "and" ("i")


def parse_entry(text: str) -> Result:
    """The result a scorer typed (the forms in the module's docstring), or a ``ScoringError``."""
    typed = str(text or "").strip()
    upper = " ".join(typed.upper().translate(_SYMBOLS).split())
    if not upper:
        raise ScoringError(Text.of("entry.empty"), field="result")
    if upper in PASS_WORDS:
        return Played(None)
    if "%" in upper:
        return _weighted(upper, typed)
    compact = upper.replace(" ", "")
    if _SCORE.fullmatch(compact):
        return Assigned.of(check_score(int(compact)))
    if "/" in compact or compact.startswith("A"):
        return _artificial(compact, typed)
    played = _PLAYED.fullmatch(compact)
    if played is None:
        raise ScoringError(Text.of("entry.format", text=typed), field="result")
    return _played(played, typed)


def _artificial(compact: str, typed: str) -> Artificial:
    if compact in _ARTIFICIAL:
        return Artificial(*_ARTIFICIAL[compact])
    match = _PERCENTS.fullmatch(compact)
    if match is None:
        raise ScoringError(Text.of("entry.artificial", text=typed), field="adjusted")
    ns, ew = (int(v) for v in (match.groups()[:2] if match.group(1) else match.groups()[2:]))
    if ns > 100 or ew > 100:
        raise ScoringError(Text.of("entry.artificial", text=typed), field="adjusted")
    return Artificial(ns, ew)


def _weighted(upper: str, typed: str) -> Assigned:
    parts = _WEIGHTED_PART.findall(upper)
    if not parts or _SEPARATORS.sub("", _WEIGHTED_PART.sub("", upper)):
        raise ScoringError(Text.of("entry.format", text=typed), field="result")
    weighted = []
    for weight_text, score_text in parts:
        weight = Fraction(weight_text.replace(",", "."))
        if not 0 < weight < 100:
            raise ScoringError(Text.of("entry.weight", text=f"{weight_text}%"), field="weighted")
        score = int(score_text.replace(" ", ""))
        check_score(score)
        weighted.append((weight / 100, score))
    total = sum((w for w, _ in weighted), Fraction(0))
    if total != 1:
        raise ScoringError(Text.of("entry.weights", total=_number(total * 100)), field="weighted")
    return Assigned(tuple(weighted))


def _played(match: re.Match[str], typed: str) -> Played:
    level = int(match["level"])
    if not 1 <= level <= 7:
        raise ScoringError(Text.of("entry.level", text=typed), field="contract")
    contract_text = str(level) + match["contract"][len(match["level"]) :].replace("BA", "NT")  # 03S is 3S
    marks = [m for m in (match["mark"], match["mark2"]) if m]
    if len(marks) + (match["tricks"] is not None) > 1:
        raise ScoringError(Text.of("entry.tricks_twice", text=typed), field="tricks")
    if marks:
        tricks = 6 + level + (0 if marks[0] == "=" else int(marks[0]))
    elif match["tricks"] is not None:
        tricks = int(match["tricks"])
    else:
        tricks = None
    if tricks is not None and not 0 <= tricks <= 13:
        said = " ".join(typed.upper().split()) if match["tricks"] is not None else contract_text + marks[0]
        raise ScoringError(Text.of("entry.tricks_range", contract=said, tricks=tricks), field="tricks")
    if match["seat"] is None:
        raise ScoringError(
            Text.of("entry.declarer", contract=contract_text + (marks[0] if marks else "")), field="declarer"
        )
    if tricks is None:
        raise ScoringError(
            Text.of("entry.tricks_missing", contract=contract_text, declarer=match["seat"]), field="tricks"
        )
    return Played(Contract.from_str(contract_text, match["seat"]), tricks)


# --- saying a result ----------------------------------------------------------------------------


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def parse_lead(text: str) -> str:
    """The opening lead typed (suit and rank either way round, ``10`` or ``T``, a suit symbol) as results keep it;
    "" for nothing typed, a ``ScoringError`` on the ``lead`` field for anything that is not a card.

    >>> [parse_lead(t) for t in ("HK", "h10", "K♥", " s2 ", "")]
    ['HK', 'HT', 'HK', 'S2', '']
    >>> parse_lead("H1")
    Traceback (most recent call last):
    ...
    scoring.domain.errors.ScoringError: 'H1' is not a card: write the lead as a suit and a rank (HK, S10, ♦7)
    """
    typed = str(text or "").strip()
    if not typed:
        return ""
    try:
        card = Card.from_str(typed)
    except BridgeError:
        raise ScoringError(Text.of("entry.lead", text=typed[:12]), field="lead") from None
    return str(card)


def lead_said(lead: str) -> str:
    """A kept lead as people read it: ``HK`` → ``♥K``, ``ST`` → ``♠10`` (anything else as it is).

    >>> [lead_said(c) for c in ("HK", "ST", "C2", "?")]
    ['♥K', '♠10', '♣2', '?']
    """
    try:
        suit, rank = Suit.from_str(lead[:1]), Rank.from_str(lead[1:])
    except BridgeError:
        return lead
    return suit.symbol + ("10" if rank is Rank.TEN else rank.letter)


def describe(result: Result, board: int, *, score_card: bool = False) -> Text:
    """``result`` on ``board`` said in bridge terms, with North–South's score (see the module's docstring), and the
    opening lead when one was recorded. On a teams ``score_card`` a bare score is the table's score as the card has
    it, not an adjusted one: it is said as a score.

    >>> str(describe(Played.of("4S", "N", 10, lead="HK"), 6))
    '4♠= by N, 10 tricks, lead ♥K: +420'
    >>> str(describe(Assigned.of(-50), 6)), str(describe(Assigned.of(-50), 6, score_card=True))
    ('Assigned: −50', 'Score: −50')
    """
    if isinstance(result, Artificial):
        return Text.of("entry.said_artificial", ns=result.ns_percent, ew=result.ew_percent)
    if isinstance(result, Assigned):
        if not result.is_weighted:
            code = "entry.said_score" if score_card else "entry.said_assigned"
            return Text.of(code, score=signed(result.parts[0][1]))
        parts = tuple((_number(w * 100), signed(s)) for w, s in result.parts)
        return Text.of("entry.said_weighted", parts=parts, score=signed(result.score))
    if result.contract is None:
        return Text.of("entry.said_passed")
    said = {
        "contract": result.contract.symbol,
        "result": result.result.replace("-", "−"),
        "declarer": result.contract.declarer.letter,
        "tricks": result.tricks,
        "score": signed(result.ns_score(board)),
    }
    if result.lead:
        return Text.of("entry.said_played_lead", lead=lead_said(result.lead), **said)
    return Text.of("entry.said_played", **said)
