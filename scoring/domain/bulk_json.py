"""A traveller set as JSON read straight into columns: ``manage.py matchpoint``'s reader for a million lines.

:func:`scan_travellers` reads the shape ``formats/travellers.py`` reads (``{"event": …, "scale": …,
"boards": [{"board": 1, "results": [{"ns": 1, "ew": 2, "contract": "4S", "declarer": "N",
"tricks": 10}, {"ns": 3, "ew": 4, "score": 420}, {"ns": 5, "ew": 6, "adjusted": "60/40"}, …]},
…]}``) with a few regular-expression passes and numpy, making no object per line, and gives the
same event and lines as ``read_travellers`` would: a :class:`~scoring.domain.formats.event.FileEvent`
without lines (its name and options) and :class:`~scoring.domain.bulk.Columns`.

It takes the common layout only: ``boards`` the last key, each board ``board`` then ``results``,
each result its ``ns`` and ``ew`` pair numbers (JSON integers) first and then a contract (with
declarer and tricks, or a pass), a ``score`` or an ``adjusted`` score, and nothing else. For
anything else — another layout, sections, leads, weighted scores, and every mistake — it
returns None, and the caller reads the file with ``read_travellers``, which says what is wrong
and where. So a file is either read here exactly as there, or not at all.

Algorithm notes. The text between ``"boards": [`` and the closing ``]}]}`` is cut into tokens by
one pattern with three alternatives — a board's head ``{"board": N, "results": [``, a result
with the separator after it (``,``, or ``]}`` closing its board, or the end), or any single
character — in chunks of whole boards. Non-overlapping tokens that cover the text, none of them
the single character, in the order board, result …, are exactly the grammar: the text is valid
JSON of that shape. The distinct results (a few hundred contracts) are parsed by
``notation.from_data`` once each, and any one it refuses sends the file to the exact reader.

>>> event, columns = scan_travellers(b'{"scale": "acbl", "boards": [{"board": 1, "results": ['
...     b'{"ns": 1, "ew": 2, "contract": "4SX", "declarer": "N", "tricks": 9}, {"ns": 3, "ew": 4, "score": 420}]}]}')
>>> columns.score.tolist(), [str(r) for r in columns.results], event.options().scale
([-100, 420], ['4SX by N, 9 tricks', '+420'], 'acbl')
>>> scan_travellers(b'{"boards": [{"board": 1, "results": [{"ns": 1, "ew": 2, "contract": "8S"}]}]}') is None
True
"""

from __future__ import annotations

import re

import numpy as np

from scoring.domain.bulk import Columns, IntArray, distinct, scores_of
from scoring.domain.errors import ScoringError
from scoring.domain.formats.event import FileEvent
from scoring.domain.formats.travellers import read_travellers
from scoring.domain.notation import from_data
from scoring.domain.results import Result

__all__ = ["scan_travellers"]

_WS = r"[ \t\n\r]*"
_PAIR = r"([1-9][0-9]{0,8})"
_HEAD = re.compile(
    rf'{_WS}\{{{_WS}((?:"(?:event|scale|factoring|method|sections|winners)"{_WS}:{_WS}'
    rf'(?:"[^"\\\x00-\x1f]*"|-?[0-9]+){_WS},{_WS})*)"boards"{_WS}:{_WS}\[{_WS}'
)
_TAIL = re.compile(rf"\]{_WS}\}}{_WS}\]{_WS}\}}{_WS}\Z")
_BOARD_START = re.compile(rf'\{{{_WS}"board"{_WS}:')
_TOKEN = re.compile(
    # a board's head: its number (group 1)
    rf'\{{{_WS}"board"{_WS}:{_WS}([1-9][0-9]{{0,8}}){_WS},{_WS}"results"{_WS}:{_WS}\[{_WS}'
    # a result: ns, ew (2, 3); contract, declarer, tricks (4, 5, 6) or score (7) or adjusted (8) ...
    rf'|\{{{_WS}"ns"{_WS}:{_WS}{_PAIR}{_WS},{_WS}"ew"{_WS}:{_WS}{_PAIR}{_WS},{_WS}'
    rf'(?:"contract"{_WS}:{_WS}"([0-9A-Za-z ]{{1,12}})"'
    rf'(?:{_WS},{_WS}"declarer"{_WS}:{_WS}"([A-Za-z]{{1,5}})"{_WS},{_WS}"tricks"{_WS}:{_WS}(0|[1-9][0-9]?))?'
    rf'|"score"{_WS}:{_WS}(-?(?:0|[1-9][0-9]{{0,4}}))'
    rf'|"adjusted"{_WS}:{_WS}"([0-9Aa/ ]{{1,9}})")'
    # ... and what follows it: another result (9), the board closed (10), or the end of the boards
    rf"{_WS}\}}{_WS}(?:(,){_WS}|(\]){_WS}\}}{_WS},{_WS}|\Z)"
    # anything else: the file is not of the common layout
    r"|([\s\S])"
)
_CHUNK = 1 << 20  # characters of text tokenised at once (whole boards)


def _chunks(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Spans of whole boards, about ``_CHUNK`` characters each, covering ``text[start:end]``."""
    cuts = [start]
    for match in _BOARD_START.finditer(text, start, end):
        if match.start() - cuts[-1] >= _CHUNK:
            cuts.append(match.start())
    return list(zip(cuts, cuts[1:] + [end]))


def scan_travellers(data: bytes | str, *, source: str = "") -> tuple[FileEvent, Columns] | None:
    """The file's event (without lines) and its lines as columns; None when it is not of the common layout."""
    try:
        text = data.decode("utf-8-sig") if isinstance(data, bytes) else data
    except UnicodeDecodeError:
        return None
    head = _HEAD.match(text)
    tail = _TAIL.search(text)
    if head is None or tail is None or tail.start() <= head.end():
        return None
    try:  # the head's options, winners and name, read and checked by the exact reader itself
        event = read_travellers("{" + head[1] + '"boards": [{"board": 1, "results": []}]}', source=source)
    except ScoringError:
        return None
    boards: list[IntArray] = []
    ns: list[IntArray] = []
    ew: list[IntArray] = []
    keys: list[IntArray] = []
    results: dict[tuple[str, ...], int] = {}
    after_close, current, ended = True, 0, False  # the token before: a board's close (or the start); its board
    for start, end in _chunks(text, head.end(), tail.start()):
        tokens = _TOKEN.findall(text, start, end)
        if not tokens or ended:
            return None
        columns = list(zip(*tokens))
        if any(columns[10]):
            return None
        is_board = np.array(columns[0], dtype=object) != ""
        comma = np.array(columns[8], dtype=object) != ""
        close = np.array(columns[9], dtype=object) != ""
        final = ~is_board & ~comma & ~close  # a result followed by the end of the boards
        # the grammar: a board's head exactly after the start or a board's close; the end only last
        if np.any(is_board != np.r_[after_close, close[:-1]]) or np.any(final[:-1]):
            return None
        after_close, ended = bool(close[-1]), bool(final[-1])
        row = ~is_board
        numbers = np.array(columns[0], dtype=object)
        numbers[row] = "0"
        numbers = numbers.astype(np.int64)
        latest = np.maximum.accumulate(np.where(is_board, np.arange(is_board.size), -1))
        owner = np.where(latest >= 0, numbers[np.maximum(latest, 0)], current)
        current = int(owner[-1])
        boards.append(owner[row])
        for side, out in ((1, ns), (2, ew)):
            pairs = np.array(columns[side], dtype=object)
            pairs[is_board] = "0"
            out.append(pairs[row].astype(np.int64))
        keys.append(
            np.fromiter(
                (
                    results.setdefault(key, len(results))
                    for key, head_ in zip(zip(*columns[3:8]), is_board)
                    if not head_
                ),
                dtype=np.int64,
            )
        )
    if not ended:
        return None
    board = np.concatenate(boards)
    ns_number, ew_number = np.concatenate(ns), np.concatenate(ew)
    result = np.concatenate(keys)
    if np.any(ns_number == ew_number):
        return None
    found = _results(list(results))
    if found is None:
        return None
    # pairs numbered in order of first appearance (each line's NS, then its EW), as the engine meets them
    both = np.empty(2 * board.size, dtype=np.int64)
    both[0::2], both[1::2] = ns_number, ew_number
    numbers, inverse = distinct(both)
    first = np.full(numbers.size, both.size, dtype=np.int64)
    np.minimum.at(first, inverse, np.arange(both.size))
    order = np.argsort(first, kind="stable")
    rank = np.empty(order.size, dtype=np.int64)
    rank[order] = np.arange(order.size)
    index = rank[inverse]
    pairs_list = [("", str(n)) for n in numbers[order].tolist()]
    columns_out = Columns(
        board=board,
        section=np.zeros(board.size, dtype=np.int64),
        ns=index[0::2],
        ew=index[1::2],
        result=result,
        score=scores_of(found, result, board),
        results=found,
        sections=[""],
        pairs=pairs_list,
    )
    return event, columns_out


def _results(keys: list[tuple[str, ...]]) -> list[Result] | None:
    """Each distinct result as ``from_data`` reads it; None if it refuses one (the exact reader will say why)."""
    out = []
    for contract, declarer, tricks, score, adjusted in keys:
        data: dict[str, object]
        if contract:
            data = {"contract": contract}
            if declarer:
                data.update(declarer=declarer, tricks=int(tricks))
        elif score:
            data = {"score": int(score)}
        else:
            data = {"adjusted": adjusted}
        try:
            out.append(from_data(data))
        except ScoringError:
            return None
    return out
