"""A simultaneous pairs' result as ``manage.py sim_combine`` prints it: JSON, or the ranking as a text table.

The JSON (:func:`report_chunks` with ``"json"``) is ``json.dumps(report, ensure_ascii=False, indent=1)`` of
``{"boards": [{"board": 1, "results": [{"club": "C1", "ns": "3", "ew": "5", "ns_score": 420, "mp_ns": 3.5,
"mp_ew": 2.5}, …]}, …], "pairs": [{"club": "C1", "pair": "3", "matchpoints": 151.5, "percentage": 56.11,
"rank": "12=", "local_percentage": 58.2, "local_rank": "2"}, …]}`` (an artificial score's ``ns_score`` is
null), written a few boards at a time as ``array_report`` writes the ``matchpoint`` command's boards:
each distinct pair, score and value written once, each row those pieces joined. :func:`report_data`
is the same report as nested data (for a small field, and for the tests that hold the two to the same
text). The text (``"text"``) is the overall ranking: place, club, pair, matchpoints, percentage, and the
pair's local percentage and place beside it.

>>> from scoring.domain.simultaneous import read_simultaneous, score_simultaneous
>>> event = read_simultaneous(b'{"clubs": [{"club": "North", "boards": [{"board": 1, "results": ['
...     b'{"ns": 1, "ew": 2, "score": 420}, {"ns": 3, "ew": 4, "adjusted": "60/40"}]}]}, '
...     b'{"club": "South", "boards": [{"board": 1, "results": [{"ns": 1, "ew": 2, "score": 400}]}]}]}')
>>> report = report_data(event, score_simultaneous(event))
>>> report["boards"][0]["results"][1]
{'club': 'North', 'ns': '3', 'ew': '4', 'ns_score': None, 'mp_ns': 2.4, 'mp_ew': 1.6}
>>> print("".join(report_chunks(event, score_simultaneous(event), "text")).splitlines()[3])
    1=  North     1      3.50   87.50%      50.00%  2=
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction

import numpy as np

from scoring.domain.array_path import KIND_ARTIFICIAL, KIND_EXACT, Columns, IntArray, distinct
from scoring.domain.array_report import boards_text, rows_json, shown_float, shown_floats, written_values
from scoring.domain.simultaneous import SimultaneousEvent, SimultaneousScore

__all__ = ["report_chunks", "report_data"]

_LINES_PER_CHUNK = 50_000


def _pair_rows(score: SimultaneousScore) -> list[dict[str, object]]:
    pairs = score.overall.pairs
    local = [score.local[(p.section, p.pair)] for p in pairs]
    values = [p.total for p in pairs] + [p.percentage or Fraction(0) for p in pairs] + [v for v, _ in local]
    shown = shown_floats([v.numerator for v in values], [v.denominator for v in values])
    n = len(pairs)
    return [
        {
            "club": p.section,
            "pair": p.pair,
            "matchpoints": shown[i],
            "percentage": shown[n + i],
            "rank": p.place,
            "local_percentage": shown[2 * n + i],
            "local_rank": local[i][1],
        }
        for i, p in enumerate(pairs)
    ]


def _ns_scores(columns: Columns) -> list[int | float | None]:
    """Each line's NS score as the report writes it: null for an artificial score, a weighted one to two decimals."""
    kind = columns.kind
    out: list[int | float | None] = columns.score.tolist()
    for i in np.flatnonzero(kind != 0).tolist():
        if kind[i] == KIND_ARTIFICIAL:
            out[i] = None
        else:
            value = columns.line(i).ns_score
            out[i] = value if value is None or isinstance(value, int) else shown_float(value)
    return out


def report_data(event: SimultaneousEvent, score: SimultaneousScore) -> dict[str, object]:
    """The report as nested data (one dict per line: for small fields)."""
    columns, bulk = event.columns, score.overall
    ns_scores = _ns_scores(columns)
    boards = []
    for unit in bulk.units:
        results = []
        for i in unit.lines.tolist():
            results.append(
                {
                    "club": columns.sections[int(columns.section[i])],
                    "ns": columns.pairs[int(columns.ns[i])][1],
                    "ew": columns.pairs[int(columns.ew[i])][1],
                    "ns_score": ns_scores[i],
                    "mp_ns": shown_float(Fraction(int(bulk.ns_num[i]), int(bulk.ns_den[i]))),
                    "mp_ew": shown_float(Fraction(int(bulk.ew_num[i]), int(bulk.ew_den[i]))),
                }
            )
        boards.append({"board": unit.board, "results": results})
    return {"boards": boards, "pairs": _pair_rows(score)}


def _score_pieces(columns: Columns) -> tuple[np.ndarray, IntArray]:
    """Each distinct NS score written once (``,\\n     "ns_score": 420``), and each line's index among them."""
    kind = columns.kind
    key = np.where(kind == KIND_ARTIFICIAL, -1, columns.score + (1 << 31))
    exact = np.flatnonzero(kind == KIND_EXACT)
    key[exact] = -2 - exact  # a weighted score's line: its own piece
    keys, inverse = distinct(key)
    written = _ns_scores(columns) if exact.size else []
    pieces = []
    for k in keys.tolist():
        if k == -1:
            value: object = None
        elif k < -1:
            value = written[-2 - k]
        else:
            value = k - (1 << 31)
        pieces.append(f',\n     "ns_score": {json.dumps(value)}')
    return np.array(pieces, dtype=object), inverse


def report_chunks(event: SimultaneousEvent, score: SimultaneousScore, form: str) -> Iterator[str]:
    """The report in pieces: JSON (``json.dumps(report_data(…), ensure_ascii=False, indent=1)``) or the text."""
    if form != "json":
        yield _text(event, score)
        return
    columns, bulk = event.columns, score.overall
    pieces, piece_of = _score_pieces(columns)
    ns_values, ns_of = written_values(bulk.ns_num, bulk.ns_den, "json")
    ew_values, ew_of = written_values(bulk.ew_num, bulk.ew_den, "json")
    said = {name: json.dumps(name, ensure_ascii=False) for name in {*columns.sections, *(p for _, p in columns.pairs)}}
    dumps = [(said[club], said[pair]) for club, pair in columns.pairs]
    ns_text = np.array([f'    {{\n     "club": {club},\n     "ns": {pair}' for club, pair in dumps], dtype=object)
    ew_text = np.array([f',\n     "ew": {pair}' for _, pair in dumps], dtype=object)
    ns_values = np.array([f',\n     "mp_ns": {v}' for v in ns_values.tolist()], dtype=object)
    ew_values = np.array([f',\n     "mp_ew": {v}\n    }},\n' for v in ew_values.tolist()], dtype=object)
    tables = (ns_text, ew_text, pieces, ns_values, ew_values)
    yield '{\n "boards": [\n'
    start, size = 0, 0
    for number, unit in enumerate(bulk.units):
        size += unit.lines.size
        if size >= _LINES_PER_CHUNK or number == len(bulk.units) - 1:
            text = boards_text(bulk.units[start : number + 1], columns, tables, (piece_of, ns_of, ew_of), "json", False)
            yield text + (",\n" if number < len(bulk.units) - 1 else "")
            start, size = number + 1, 0
    yield '\n ],\n "pairs": [\n' + rows_json(_pair_rows(score)) + "\n ]\n}"


def _text(event: SimultaneousEvent, score: SimultaneousScore) -> str:
    """The overall ranking as a table (English, as the other commands' text reports)."""
    columns = event.columns
    boards = len({unit.board for unit in score.overall.units})
    title = event.name or event.source or "Simultaneous pairs"
    width = max([len(club) for club in event.clubs] + [4])
    out = [
        f"{title}: {len(event.clubs)} clubs, {boards} boards, {len(columns)} results",
        "Scored: " + score.overall.options.describe().replace("sections across the field", "across every club"),
        f"{'place':>6}  {'club':<{width}} {'pair':>5} {'MPs':>9} {'%':>8}  {'local %':>10}  local",
    ]
    for row in _pair_rows(score):
        out.append(
            f"{row['rank']:>6}  {row['club']:<{width}} {row['pair']:>5} {row['matchpoints']:>9.2f} "
            f"{row['percentage']:>7.2f}% {row['local_percentage']:>10.2f}%  {row['local_rank']}"
        )
    return "\n".join(out) + "\n"
