"""A traveller set as JSON read straight into columns: ``manage.py matchpoint``'s reader for a million lines.

:func:`scan_travellers` reads the shape ``formats/travellers.py`` reads (``{"event": …, "scale": …,
"boards": [{"board": 1, "results": [{"ns": 1, "ew": 2, "contract": "4S", "declarer": "N",
"tricks": 10}, {"ns": 3, "ew": 4, "score": 420}, {"ns": 5, "ew": 6, "adjusted": "60/40"}, …]},
…]}``) with a few regular-expression passes and numpy, making no object per line, and gives the
same event and lines as ``read_travellers`` would: a :class:`~scoring.domain.formats.event.FileEvent`
without lines (its name and options) and :class:`~scoring.domain.array_path.Columns`.

It takes the common layout only: ``boards`` the last key, each board ``board`` then ``results``,
each result its ``ns`` and ``ew`` pair numbers (JSON integers) first and then a contract (with
declarer and tricks, or a pass), a ``score`` or an ``adjusted`` score, and nothing else. For
anything else — another layout, sections, leads, weighted scores, and every mistake — it
returns None, and the caller reads the file with ``read_travellers``, which says what is wrong
and where. So a file is either read here exactly as there, or not at all.

Its two steps serve other shapes too (``simultaneous.py``: every club's boards): :func:`scan_boards`
reads a list of boards wherever it sits in a file (:class:`ScannedBoards`: pair numbers and result
texts as written), and :func:`columns_of_scanned` makes one field's columns of them, each line in a
section.

Algorithm notes. The text between ``"boards": [`` and the closing ``]}]}`` is cut into tokens by
one pattern with three alternatives — a board's head ``{"board": N, "results": [``, a result
with the separator after it (``,``, or ``]}`` closing its board, or the end), or any single
character — in chunks of whole boards. Non-overlapping tokens that cover the text, none of them
the single character, in the order board, result …, are exactly the grammar: the text is valid
JSON of that shape. The distinct results (a few hundred contracts) are parsed by
``notation.from_data`` once each, and any one it refuses sends the file to the exact reader.

>>> event, columns = scan_travellers(b'{"scale": "acbl", "boards": [{"board": 1, "results": ['
...     b'{"ns": 1, "ew": 2, "contract": "4SX", "declarer": "N", "tricks": 9}, {"ns": 3, "ew": 4, "score": 420}]}]}')
>>> columns.score.tolist(), [str(columns.results[k]) for k in columns.result], event.options().scale
([-100, 420], ['4SX by N, 9 tricks', '+420'], 'acbl')
>>> scan_travellers(b'{"boards": [{"board": 1, "results": [{"ns": 1, "ew": 2, "contract": "8S"}]}]}') is None
True
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from scoring.domain.array_path import Columns, IntArray, distinct, scores_of
from scoring.domain.errors import ScoringError
from scoring.domain.formats.event import FileEvent
from scoring.domain.formats.travellers import read_travellers
from scoring.domain.notation import from_data
from scoring.domain.results import Played, Result

__all__ = ["scan_travellers", "scan_boards", "columns_of_scanned", "ScannedBoards"]

_WS = rb"[ \t\n\r]*"
_HEAD = re.compile(
    rb"(?:\xef\xbb\xbf)?"
    + _WS
    + rb"\{"
    + _WS
    + rb'((?:"(?:event|scale|factoring|method|sections|winners)"'
    + _WS
    + rb":"
    + _WS
    + rb'(?:"[^"\\\x00-\x1f]*"|-?[0-9]+)'
    + _WS
    + rb","
    + _WS
    + rb')*)"boards"'
    + _WS
    + rb":"
    + _WS
    + rb"\["
    + _WS
)
_TAIL = re.compile(rb"\]" + _WS + rb"\}" + _WS + rb"\]" + _WS + rb"\}" + _WS + rb"\Z")
_BOARD_START = re.compile(rb"\{" + _WS + rb'"board"' + _WS + rb":")
_RESULT = (  # what a result says after its pairs (read again, once per distinct text, by json and from_data)
    rb'"contract"'
    + _WS
    + rb":"
    + _WS
    + rb'"[0-9A-Za-z ]{1,12}"(?:'
    + _WS
    + rb","
    + _WS
    + rb'"declarer"'
    + _WS
    + rb":"
    + _WS
    + rb'"[A-Za-z]{1,5}"'
    + _WS
    + rb","
    + _WS
    + rb'"tricks"'
    + _WS
    + rb":"
    + _WS
    + rb"(?:0|[1-9][0-9]?))?"
    + rb'|"score"'
    + _WS
    + rb":"
    + _WS
    + rb"-?(?:0|[1-9][0-9]{0,4})"
    + rb'|"adjusted"'
    + _WS
    + rb":"
    + _WS
    + rb'"[0-9Aa/ ]{1,9}"'
)
_RESULT_ONLY = re.compile(_RESULT)
_PAIR = rb"([1-9][0-9]{0,8})"
_TOKEN = re.compile(
    # a board's head: its number (group 1)
    rb"\{"
    + _WS
    + rb'"board"'
    + _WS
    + rb":"
    + _WS
    + rb"([1-9][0-9]{0,8})"
    + _WS
    + rb","
    + _WS
    + rb'"results"'
    + _WS
    + rb":"
    + _WS
    + rb"\["
    + _WS
    # a result: its NS and EW pairs (2, 3) and the rest (4) ...
    + rb"|\{"
    + _WS
    + rb'"ns"'
    + _WS
    + rb":"
    + _WS
    + _PAIR
    + _WS
    + rb","
    + _WS
    + rb'"ew"'
    + _WS
    + rb":"
    + _WS
    + _PAIR
    + _WS
    + rb","
    + _WS
    + rb"("
    + _RESULT
    + rb")"
    + _WS
    + rb"\}"
    + _WS
    # ... and what follows it: another result (5), the board closed (6), or the end of the boards
    + rb"(?:(,)"
    + _WS
    + rb"|(\])"
    + _WS
    + rb"\}"
    + _WS
    + rb","
    + _WS
    + rb"|\Z)"
    # anything else (7): the file is not of the common layout
    + rb"|([\s\S])"
)
_CHUNK = 1 << 20  # bytes tokenised at once (whole boards)


def _chunks(data: bytes, start: int, end: int) -> list[tuple[int, int]]:
    """Spans of whole boards, about ``_CHUNK`` bytes each, covering ``data[start:end]``."""
    cuts = [start]
    while True:
        match = _BOARD_START.search(data, cuts[-1] + _CHUNK, end)
        if match is None:
            return list(zip(cuts, cuts[1:] + [end]))
        cuts.append(match.start())


def _numbers(texts: tuple[bytes, ...], rows: np.ndarray) -> IntArray:
    """The rows' decimal numbers (the others' texts are empty)."""
    numbers: IntArray = np.array(texts)[rows].astype(np.int64)
    return numbers


def _words(arr: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint64]:
    """Each byte's position as a word of the eight bytes from there on (a view: nothing copied but the padding)."""
    padded = np.concatenate((arr, np.zeros(16, dtype=np.uint8)))
    return np.lib.stride_tricks.as_strided(padded, shape=(arr.size + 8, 8), strides=(1, 1)).view(np.uint64)[:, 0]


def _numbers_at(words: npt.NDArray[np.uint64], start: IntArray) -> tuple[IntArray, IntArray] | None:
    """The decimal numbers (1 to 7 digits) written from each ``start`` on, and where each ends; None if one is not
    (and for longer numbers: the file is then read the slower way).

    Eight bytes at a time (SWAR): ``b ^ 0x30`` is the digit for ``0`` … ``9`` and more than 9 for any other byte,
    so adding 0x76 sets the top bit of exactly the bytes that are not digits; the lowest such byte is the
    number's width. The digits, moved to the top of the word, are then added up in three steps (pairs,
    fours, eights), each one multiplication.
    """
    if start.size == 0:
        return None
    word = words[np.minimum(start, words.size - 1)] ^ np.uint64(0x3030303030303030)
    high = np.uint64(0x8080808080808080)
    other = ((word + np.uint64(0x7676767676767676)) | word) & high
    lowest = other & (~other + np.uint64(1))  # the lowest byte that is not a digit (0: eight digits or more)
    if np.any(lowest == 0):
        return None
    width = (np.log2(lowest.astype(np.float64)).astype(np.int64) - 7) // 8
    if int(width.min()) < 1:
        return None
    digits = word << (np.uint64(8) * (np.uint64(8) - width.astype(np.uint64)))  # the first digit in the lowest byte
    digits = (digits * np.uint64(10) + (digits >> np.uint64(8))) & np.uint64(0x00FF00FF00FF00FF)
    digits = (digits * np.uint64(100) + (digits >> np.uint64(16))) & np.uint64(0x0000FFFF0000FFFF)
    digits = (digits * np.uint64(10000) + (digits >> np.uint64(32))) & np.uint64(0x00000000FFFFFFFF)
    return digits.astype(np.int64), start + width


def _digests(words: npt.NDArray[np.uint64], start: IntArray, end: IntArray) -> IntArray:
    """A number for each text ``arr[start:end]``: its length and some of its bytes (0–7, 13–20 and the last 16), mixed.

    Two texts may share one (differing only elsewhere): the check that the file is written again byte for
    byte then fails, and the file is read the slow way. For the results json.dumps writes (``"contract":
    "4SXX", "declarer": "N", "tricks": 10``, ``"score": -1430``, ``"adjusted": "60/40"``) they are all
    the bytes that differ.
    """
    digest = (end - start).astype(np.uint64)
    for position in (start, start + 13, end - 16, end - 8):
        at = np.clip(position, start, end)
        valid = np.clip(end - at, 0, 8).astype(np.uint64)
        mask = np.where(
            valid == 8, np.uint64(0xFFFFFFFFFFFFFFFF), (np.uint64(1) << (valid * np.uint64(8))) - np.uint64(1)
        )
        word = words[at] & mask
        digest = digest * np.uint64(0x9E3779B97F4A7C15) + word
    return digest.view(np.int64)


def _canonical(data: bytes, start: int, end: int) -> tuple[IntArray, IntArray, IntArray, list[bytes], IntArray] | None:
    """The boards as ``json.dumps`` writes them, read with numpy: each line's board, NS, EW and result text.

    Found by position (every ``{`` opens an object: a board's when ``"board"`` follows; the pairs' numbers
    sit after ``{"ns": `` and ``, "ew": ``; the result runs to the ``}`` before the next object), then
    checked the only way that cannot be wrong: the text written again from what was read must be the
    file's, byte for byte. None when it is not (another layout, or anything unusual).
    """
    body = data[start:end]
    arr = np.frombuffer(body, dtype=np.uint8)
    opens = np.flatnonzero(arr == ord("{"))
    if opens.size < 2 or opens[0] != 0 or int(opens[-1]) + 12 >= arr.size:
        return None
    is_head = arr[opens + 2] == ord("b")
    heads, lines = opens[is_head], opens[~is_head]
    if lines.size == 0 or heads.size == 0:
        return None
    words = _words(arr)
    boards_read, ns_read = _numbers_at(words, heads + 10), _numbers_at(words, lines + 7)
    if boards_read is None or ns_read is None:
        return None
    numbers_of_boards = boards_read[0]
    ns, ns_end = ns_read
    ew_read = _numbers_at(words, ns_end + 8)
    if ew_read is None:
        return None
    ew, ew_end = ew_read
    following = np.flatnonzero(~is_head) + 1  # each line's next object: a line (after "}, ") or a board ("}]}, ")
    next_at = np.append(opens, arr.size + 2)[following]  # the last line: its "}" ends the text
    next_head = np.append(is_head, False)[following]
    rest_start, rest_end = ew_end + 2, np.where(next_head, next_at - 5, next_at - 3)
    if int((rest_end - rest_start).min()) < 1:
        return None
    texts, key = distinct(_digests(words, rest_start, rest_end))
    first = np.full(texts.size, lines.size, dtype=np.int64)
    np.minimum.at(first, key, np.arange(lines.size))  # each text's first line
    results = [body[int(rest_start[i]) : int(rest_end[i])] for i in first.tolist()]
    owner = np.searchsorted(heads, lines) - 1
    if owner[0] < 0 or int(np.bincount(owner, minlength=heads.size).min()) == 0:  # a board without results
        return None
    board = numbers_of_boards[owner]
    # the text again, as json.dumps writes it, from what was read
    numbers, inverse = distinct(np.concatenate((ns, ew)))
    pieces = np.empty((lines.size, 3), dtype=object)
    pieces[:, 0] = np.array([b'{"ns": %d' % n for n in numbers.tolist()], dtype=object)[inverse[: lines.size]]
    pieces[:, 1] = np.array([b', "ew": %d' % n for n in numbers.tolist()], dtype=object)[inverse[lines.size :]]
    last = np.r_[owner[1:] != owner[:-1], True]
    ends = np.array([b", " + t + b"}, " for t in results], dtype=object)
    closing = np.array([b", " + t + b"}]}, " for t in results], dtype=object)
    pieces[:, 2] = np.where(last, closing[key], ends[key])
    pieces[-1, 2] = b", " + results[int(key[-1])] + b"}"
    out = []
    cuts = np.r_[0, np.flatnonzero(last) + 1]
    for j, number in enumerate(numbers_of_boards.tolist()):
        out.append(b'{"board": %d, "results": [' % number)
        out.append(b"".join(pieces[cuts[j] : cuts[j + 1]].ravel().tolist()))
    if len(out) != 2 * (cuts.size - 1) or b"".join(out) != body:
        return None
    return board, ns, ew, results, key


@dataclass
class ScannedBoards:
    """A list of boards as :func:`scan_boards` reads it: each line's board, NS and EW pair numbers as written, and
    its result's text (an index into ``texts``)."""

    board: IntArray
    ns: IntArray
    ew: IntArray
    texts: list[bytes]
    result: IntArray


def scan_boards(data: bytes, start: int, end: int) -> ScannedBoards | None:
    """The boards written in ``data[start:end]`` (from the first board's ``{`` to the last result's ``}``, the
    inside of a ``"boards": [ … ]}]`` list); None when they are not of the common layout."""
    canonical = _canonical(data, start, end)
    if canonical is not None:
        return ScannedBoards(*canonical)
    boards: list[IntArray] = []
    ns: list[IntArray] = []
    ew: list[IntArray] = []
    keys: list[IntArray] = []
    results: dict[bytes, int] = {}
    after_close, current, ended = True, 0, False  # the token before: a board's close (or the start); its board
    for first, last in _chunks(data, start, end):
        tokens = _TOKEN.findall(data, first, last)
        if not tokens or ended:
            return None
        columns = list(zip(*tokens))
        if any(columns[6]):
            return None
        is_board = np.array(columns[0]) != b""
        comma = np.array(columns[4]) != b""
        close = np.array(columns[5]) != b""
        final = ~is_board & ~comma & ~close  # a result followed by the end of the boards
        # the grammar: a board's head exactly after the start or a board's close; the end only last
        if np.any(is_board != np.r_[after_close, close[:-1]]) or np.any(final[:-1]):
            return None
        after_close, ended = bool(close[-1]), bool(final[-1])
        row = ~is_board
        numbers = np.zeros(is_board.size, dtype=np.int64)
        numbers[is_board] = _numbers(columns[0], is_board)
        latest = np.maximum.accumulate(np.where(is_board, np.arange(is_board.size), -1))
        owner = np.where(latest >= 0, numbers[np.maximum(latest, 0)], current)
        current = int(owner[-1])
        boards.append(owner[row])
        ns.append(_numbers(columns[1], row))
        ew.append(_numbers(columns[2], row))
        new = dict.fromkeys(columns[3])
        for text in new:
            results.setdefault(text, len(results))
        key = np.fromiter(map(results.__getitem__, columns[3]), dtype=np.int64, count=len(tokens))
        keys.append(key[row])
    if not ended:
        return None
    return ScannedBoards(
        np.concatenate(boards), np.concatenate(ns), np.concatenate(ew), list(results), np.concatenate(keys)
    )


def scan_travellers(data: bytes | str, *, source: str = "") -> tuple[FileEvent, Columns] | None:
    """The file's event (without lines) and its lines as columns; None when it is not of the common layout."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    head = _HEAD.match(data)
    tail = _TAIL.search(data)
    if head is None or tail is None or tail.start() <= head.end():
        return None
    try:  # the head's options, winners and name, read and checked by the exact reader itself
        event = read_travellers(b"{" + head[1] + b'"boards": [{"board": 1, "results": []}]}', source=source)
    except ScoringError:
        return None
    scanned = scan_boards(data, head.end(), tail.start())
    columns = None if scanned is None else columns_of_scanned(scanned, [""], np.zeros(scanned.board.size, np.int64))
    return None if columns is None else (event, columns)


def columns_of_scanned(scanned: ScannedBoards, sections: list[str], section: IntArray) -> Columns | None:
    """One field's columns from the boards read, each line in its section (an index into ``sections``, whose
    first is "": none): a pair is its section and its number. None if a result is not one (the exact reader
    will say why) or a pair plays itself.

    Pairs are numbered in order of first appearance (each line's NS, then its EW), as the engine meets them;
    each distinct result text is read once.
    """
    if np.any(scanned.ns == scanned.ew):
        return None
    found = _results(scanned.texts)
    if found is None:
        return None
    both = np.empty(2 * scanned.board.size, dtype=np.int64)
    both[0::2], both[1::2] = scanned.ns, scanned.ew
    both += np.repeat(section, 2) << 32  # (pair numbers stay below 10⁹)
    numbers, inverse = distinct(both)
    first = np.full(numbers.size, both.size, dtype=np.int64)
    np.minimum.at(first, inverse, np.arange(both.size))  # each pair's first appearance
    order = np.argsort(first, kind="stable")
    rank = np.empty(order.size, dtype=np.int64)
    rank[order] = np.arange(order.size)
    index = rank[inverse]
    pairs = [(sections[k >> 32], str(k & 0xFFFFFFFF)) for k in numbers[order].tolist()]
    return Columns(
        board=scanned.board,
        section=section,
        ns=index[0::2],
        ew=index[1::2],
        result=scanned.result,
        score=scores_of(found, scanned.result, scanned.board),
        results=found,
        sections=sections,
        pairs=pairs,
    )


def _results(texts: list[bytes]) -> list[Result] | None:
    """Each distinct result as ``from_data`` reads it; None if it refuses one (the exact reader will say why)."""
    out: list[Result] = []
    for text in texts:
        if not text:  # a board's head: no result
            out.append(Played(None))
            continue
        if not _RESULT_ONLY.fullmatch(text):
            return None
        try:
            out.append(from_data(json.loads(b"{" + text + b"}")))
        except ScoringError:
            return None
    return out
