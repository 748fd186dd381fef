"""A generic traveller set as JSON: what ``manage.py matchpoint`` reads.

The shape (the issue's): ``{"scale": "ebu"|"acbl", "factoring": "neuberg"|"none", "method":
"matchpoints"|"butler"|"cross_imps", "sections": "across"|"within", "winners": 1|2, "boards":
[{"board": 1, "results": [...]}, ...]}``, every key but ``boards`` optional. A result is what
:func:`scoring.domain.notation.from_data` reads, with its pairs: ``{"ns": 1, "ew": 2, "contract":
"4SX", "declarer": "N", "tricks": 9}``, ``{"ns": 3, "ew": 4, "score": 420}``, ``{"ns": 5, "ew": 6,
"adjusted": "60/40"}``, ``{"ns": 7, "ew": 8, "contract": "PASS"}``, ``{"ns": 9, "ew": 10,
"weighted": [[20, 650], [80, 620]]}``; ``section``, ``round`` and ``table`` may be added.

:func:`read_travellers` returns a :class:`~scoring.domain.formats.event.FileEvent` (whose
:meth:`~scoring.domain.formats.event.FileEvent.options` are the file's) and raises a
:class:`~scoring.domain.errors.ScoringError` naming the file and the place in it
(``boards[0].results[2].tricks``), or the line and column of text that is not JSON.

>>> event = read_travellers('{"scale": "acbl", "boards": [{"board": 1, "results": ['
...     '{"ns": 1, "ew": 2, "contract": "4SX", "declarer": "N", "tricks": 9}, {"ns": 3, "ew": 4, "score": 420}]}]}')
>>> [(line.ns, str(line.result), line.ns_score) for line in event.lines], event.options().scale
([('1', '4SX by N, 9 tricks', -100), ('3', '+420', 420)], 'acbl')
>>> read_travellers('{"boards": [{"board": 1, "results": [{"ns": 1, "ew": 2, "contract": "8S", "declarer": "N", '
...                 '"tricks": 10}]}]}', source="t.json")
Traceback (most recent call last):
...
scoring.domain.errors.ScoringError: t.json (boards[0].results[0].contract): '8S' is not a contract: write a level \
1 … 7, a strain C, D, H, S or NT and X or XX when doubled or redoubled (e.g. 4S, 3NTX)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping

from bridge.text import TextBase
from scoring.domain.errors import ScoringError
from scoring.domain.formats.event import FileEvent, FilePair, split_pair_id
from scoring.domain.notation import from_data
from scoring.domain.options import ScoringOptions
from scoring.domain.results import LineExtra, TravellerLine
from scoring.domain.text import Text

__all__ = ["read_travellers", "read_boards", "json_document"]

_OPTION_KEYS = ("method", "scale", "factoring", "sections")


def read_travellers(data: bytes | str, *, source: str = "") -> FileEvent:
    """The traveller set in ``data`` (see the module's docstring)."""

    def fail(text: TextBase | str, where: str) -> ScoringError:
        return ScoringError(text, where=where, source=source or "JSON")

    document = json_document(data, source=source)
    try:
        options = ScoringOptions.parse({k: document.get(k) for k in _OPTION_KEYS})
    except ScoringError as exc:
        raise fail(exc.reason, exc.field or "") from None
    winners = document.get("winners", 1)
    if winners not in (1, 2):
        raise fail(Text.of("json.shape", expected="winners"), "winners")
    event = FileEvent(
        name=str(document.get("event") or ""),
        source=source,
        file_format="json",
        event_type="",
        method=options.method,
        winner_type=winners,
        stated=options,
    )
    event.lines = read_boards(document.get("boards"), source=source)
    sections = sorted({line.section for line in event.lines if line.section})
    event.sections = tuple(sections)
    for line in event.lines:
        for pid in (line.ns, line.ew):
            if event.pair(pid) is None:
                _section, number, direction = split_pair_id(pid[len(line.section) :]) or ("", 0, "")
                event.pairs.append(
                    FilePair(id=pid, number=number, direction=direction, section=line.section, written=pid)
                )
    return event


def json_document(data: bytes | str, *, source: str = "") -> Mapping[str, object]:
    """The JSON object in ``data``; text that is not UTF-8, not JSON or not an object refused, naming the line."""

    def fail(text: TextBase | str) -> ScoringError:
        return ScoringError(text, where="", source=source or "JSON")

    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise fail(Text.of("json.encoding", position=exc.start)) from None
    try:
        document = json.loads(data)
    except json.JSONDecodeError as exc:
        raise ScoringError(
            Text.of("json.invalid", reason=exc.msg, column=exc.colno), line=exc.lineno, source=source or "JSON"
        ) from None
    except (ValueError, RecursionError):  # a number of thousands of digits (int() refuses it), or deep nesting
        raise fail(Text.of("json.unreadable")) from None
    if not isinstance(document, Mapping):
        raise fail(Text.of("json.shape", expected="object"))
    return document


def read_boards(boards: object, *, source: str = "", at: str = "") -> list[TravellerLine]:
    """The traveller lines of a list of boards (a document's ``boards``, read by ``json``); ``at``: where the
    list sits in the document (``clubs[3].``), said with ``source`` in front of the place of a mistake."""

    def fail(text: TextBase | str, where: str) -> ScoringError:
        return ScoringError(text, where=at + where, source=source or "JSON")

    if not isinstance(boards, list) or not boards:
        raise fail(Text.of("json.shape", expected="boards"), "boards")
    lines = []
    for i, board in enumerate(boards):
        where = f"boards[{i}]"
        if not isinstance(board, Mapping):
            raise fail(Text.of("json.shape", expected="board"), where)
        number = board.get("board")
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise fail(Text.of("result.board", board=number), f"{where}.board")
        results = board.get("results")
        if not isinstance(results, list):
            raise fail(Text.of("json.shape", expected="results"), f"{where}.results")
        for j, item in enumerate(results):
            lines.append(_line(item, number, f"{where}.results[{j}]", fail))
    return lines


def _line(
    item: object,  # a result as JSON: checked here
    board: int,
    where: str,
    fail: Callable[[TextBase | str, str], ScoringError],
) -> TravellerLine:
    if not isinstance(item, Mapping):
        raise fail(Text.of("data.not_object", value=str(item)[:40]), where)
    pairs = []
    for side in ("ns", "ew"):
        value = item.get(side)
        if isinstance(value, bool) or value is None or str(value).strip() == "" or not isinstance(value, (int, str)):
            raise fail(Text.of("result.pair_missing"), f"{where}.{side}")
        pairs.append(str(value).strip())
    section = str(item.get("section") or "").strip()
    try:
        result = from_data(item)
        extra: LineExtra = {"position": where}
        rnd, table = item.get("round"), item.get("table")
        return TravellerLine(
            board,
            section + pairs[0],
            section + pairs[1],
            result,
            section=section,
            round=rnd if isinstance(rnd, int) else None,
            table=table if isinstance(table, int) else None,
            extra=extra,
        )
    except ScoringError as exc:
        raise fail(exc.reason, f"{where}.{exc.field}" if exc.field else where) from None
