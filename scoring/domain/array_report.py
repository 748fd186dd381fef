"""A field scored in columns, written as the commands print it, a board at a time: the same text, byte for byte.

``formats.report.event_report`` builds the report as nested data and ``json.dumps(…, indent=1)``
(or ``text_report``) writes it; a million lines would be a million dicts. :func:`report_chunks`
yields the very same text in pieces, a few boards at a time, from a
:class:`~scoring.domain.array_path.BulkScore`: each distinct pair id, result, score and shown value is
written once (by the same functions the report uses), and each line's row is those pieces put
together with numpy's object arrays and one ``str.join``. Its pieces serve another report of the same
style (``simultaneous_report.py``): :func:`boards_text` (the boards' rows), :func:`written_values` (each
distinct value written once), :func:`rows_json` (the pairs' rows), :func:`shown_float` and
:func:`shown_floats` (numbers to two decimals, one or many).

>>> from scoring.domain.array_path import columns_of, score_columns
>>> from scoring.domain.formats.event import FileEvent
>>> from scoring.domain.results import Played, TravellerLine as L
>>> event = FileEvent(name="Club", lines=[L(1, "1", "2", Played.of("4S", "N", 10)), L(1, "3", "4", Played.of("4S", "N", 9))])
>>> score = score_columns(columns_of(event.lines), event.options())
>>> text = "".join(report_chunks(event, columns_of(event.lines), score, "text"))
>>> print(text.split("\\n\\n")[1])
Board 1
     NS    EW  result              score   MP NS   MP EW
      1     2  4S N 10              +420    2.00    0.00
      3     4  4S N 9                -50    0.00    2.00
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from scoring.domain.array_path import KIND_EXACT, BulkScore, Columns, IntArray, Unit, distinct
from scoring.domain.comparison import Comparison
from scoring.domain.engine import EventScore, LineScore
from scoring.domain.formats.event import FileEvent
from scoring.domain.formats.report import event_report, result_data, text_report
from scoring.domain.ranking import shown
from scoring.domain.results import TravellerLine

__all__ = ["report_chunks", "written_values", "shown_float", "shown_floats", "rows_json", "boards_text"]

_LINES_PER_CHUNK = 50_000
_ROW = 4  # a result row's depth in the JSON report: report → boards → board → results → row


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, indent=1)


def _number(value: Fraction | int) -> float:
    return float(shown(value))


def written_values(num: IntArray, den: IntArray, form: str) -> tuple[np.ndarray, IntArray]:
    """Each distinct value num/den written once (JSON: the report's float; text: ``{:>7.2f}``), and each line's."""
    big = int(den.max()) + 1
    keys, inverse = distinct(num * big + den)
    out = []
    for key in keys.tolist():
        n, d = divmod(key, big)
        value = _number(Fraction(n, d))
        out.append(json.dumps(value) if form == "json" else f"{value:>7.2f}")
    return np.array(out, dtype=object), inverse


def _result_piece(result_row: dict[str, object], form: str) -> str:
    """What a row says of its result and NS score: JSON members (after ``"ew"``) or the text columns."""
    if form == "json":
        pad = "\n" + " " * (_ROW + 1)
        return "".join(f",{pad}{json.dumps(k)}: {_dumps(v).replace(chr(10), pad)}" for k, v in result_row.items())
    score = "" if result_row["ns_score"] is None else f"{result_row['ns_score']:+g}"
    return f"  {_result_text(result_row):<18} {score:>6}"


def _result_text(row: dict[str, Any]) -> str:  # Any: a result row, read by key (as ``text_report`` reads it)
    if row.get("contract") == "PASS":
        return "passed out"
    if "contract" in row:
        return f"{row['contract']} {row['declarer']} {row['tricks']}"
    if "adjusted" in row:
        return f"A {row['adjusted']}"
    if "weighted" in row:
        return ", ".join(f"{w}% {s:+d}" for w, s in row["weighted"])
    return f"assigned {row['score']:+d}"


def _line_pieces(columns: Columns, exact: dict[int, int | Fraction | None], form: str) -> tuple[np.ndarray, IntArray]:
    """Each distinct (result, NS score) written once, and each line's index among them."""
    big = 1 << 32
    key = columns.result * big + (columns.score + (1 << 31))
    for i in exact:
        key[i] = -1 - i  # a weighted score's line: its own piece
    keys, inverse = distinct(key)
    pieces = []
    for k in keys.tolist():
        if k < 0:
            i = -1 - k
            line = columns.line(i)
            ns_score = exact[i]
        else:
            r, s = divmod(k, big)
            line = TravellerLine(1, "1", "2", columns.results[r])
            ns_score = None if line.ns_score is None else s - (1 << 31)
        row = result_data(LineScore(line, None, Fraction(0), Fraction(0), None))
        shown_score = ns_score if ns_score is None or isinstance(ns_score, int) else _number(ns_score)
        pieces.append(_result_piece({**row, "ns_score": shown_score}, form))
    return np.array(pieces, dtype=object), inverse


def shown_float(value: Fraction) -> float:
    """``float(ranking.shown(value))`` (two decimals, halves away from zero) without ``Decimal``."""
    numerator, denominator = value.numerator, value.denominator
    units = (abs(numerator) * 200 + denominator) // (2 * denominator)
    return float(f"{'-' if numerator < 0 and units else ''}{units // 100}.{units % 100:02d}")


def _skeleton(
    event: FileEvent, score: BulkScore, comparison: Comparison | None
) -> tuple[dict[str, object], list[dict[str, object]]]:
    """The report without its boards (``event_report`` on no lines and no pairs), and its pairs' rows."""
    empty = EventScore(options=score.options, boards=[], pairs=[], fields=score.fields)
    report = event_report(event, empty, comparison)
    names: dict[str, str] = {}
    for pair in event.pairs:
        names.setdefault(pair.id, pair.names)
    two_fields = len(score.fields) > 1
    rows: list[dict[str, object]] = []
    for p in score.pairs:  # as ``event_report`` writes them (matchpoints: every pair has its percentage)
        assert p.percentage is not None
        row: dict[str, object] = {
            "pair": p.pair,
            "matchpoints": shown_float(p.total),
            "percentage": shown_float(p.percentage),
            "rank": p.place,
        }
        if two_fields:
            row["field"] = p.field
        row["boards"] = p.boards
        if names.get(p.pair):
            row["names"] = names[p.pair]
        rows.append(row)
    return report, rows


def rows_json(rows: list[dict[str, object]]) -> str:
    """The pairs' rows as ``json.dumps(…, indent=1)`` writes them in the report (two levels down).

    Rows with the same keys are written column by column: each distinct text written once, each row one
    ``str.format`` of its row's form (the keys are plain words).
    """
    if not rows:
        return ""
    keys = tuple(rows[0])
    form = "  {{\n" + ",\n".join(f'   "{k}": {{}}' for k in keys) + "\n  }}"
    if any(tuple(row) != keys for row in rows):  # rows with other keys (a pair with names): a row at a time
        return ",\n".join(rows_json([row]) for row in rows)
    columns = [_column([row[k] for row in rows]) for k in keys]
    return ",\n".join(map(form.format, *columns))


def _column(values: list[object]) -> list[str]:
    """Each value as ``_scalar`` writes it, a column at a time."""
    kinds = {type(v) for v in values}
    if kinds == {float}:
        return list(map(repr, values))
    if kinds == {int}:
        return list(map(str, values))
    if kinds == {str}:
        written = {v: _scalar(v) for v in set(values)}
        return [written[v] for v in values]
    return [_scalar(v) for v in values]


def shown_floats(numerators: Sequence[int], denominators: Sequence[int]) -> list[float]:
    """``shown_float`` of many ratios at once (numpy's object arrays: Python's integers, any size).

    The shown number is ``units / 100`` with ``units`` the value in hundredths, halves away from zero: both
    this division and the text ``shown_float`` reads are the double nearest to that decimal, the same float.
    """
    if not len(numerators):
        return []
    n = np.array(list(numerators) + [0], dtype=object)[:-1]  # (the extra 0 keeps every entry a Python int)
    d = np.array(list(denominators) + [1], dtype=object)[:-1]
    units = (abs(n) * 200 + d) // (2 * d)
    signed = np.where(n < 0, -units, units)
    return [u / 100 for u in signed.tolist()]


def _scalar(value: object) -> str:
    """A number or a string as ``json.dumps`` writes it (floats by their ``repr``, as json does)."""
    if isinstance(value, str):
        return f'"{value}"' if value.isascii() and value.isalnum() else json.dumps(value, ensure_ascii=False)
    if isinstance(value, float):
        return repr(value)
    return json.dumps(value)


def report_chunks(
    event: FileEvent, columns: Columns, score: BulkScore, form: str, comparison: Comparison | None = None
) -> Iterator[str]:
    """The report (``json.dumps(event_report(…), ensure_ascii=False, indent=1)``, or ``text_report``) in pieces."""
    skeleton, pair_rows = _skeleton(event, score, comparison)
    several = len({u.section for u in score.units}) > 1
    exact = {}
    for i in np.flatnonzero(columns.kind == KIND_EXACT).tolist():  # a weighted score: maybe a Fraction
        exact[i] = columns.line(i).ns_score
    pieces, piece_of = _line_pieces(columns, exact, form)
    ns_values, ns_of = written_values(score.ns_num, score.ns_den, form)
    ew_values, ew_of = written_values(score.ew_num, score.ew_den, form)
    if form == "json":
        ids = [json.dumps(p[1], ensure_ascii=False) for p in columns.pairs]
        ns_text = np.array([f'    {{\n     "ns": {p}' for p in ids], dtype=object)
        ew_text = np.array([f',\n     "ew": {p}' for p in ids], dtype=object)
        ns_values = np.array([f',\n     "mp_ns": {v}' for v in ns_values.tolist()], dtype=object)
        ew_values = np.array([f',\n     "mp_ew": {v}\n    }},\n' for v in ew_values.tolist()], dtype=object)
        head, tail = _dumps(skeleton).split('\n "boards": [],\n', 1)
        if pair_rows:
            empty = ' "pairs": [],\n'
            assert tail.startswith(empty)  # event_report's order: event, options, boards, pairs, comparison
            tail = ' "pairs": [\n' + rows_json(pair_rows) + "\n ],\n" + tail[len(empty) :]
        yield head + '\n "boards": [\n'
    else:
        ns_text = np.array([f"  {p[1]:>5}" for p in columns.pairs], dtype=object)
        ew_text = np.array([f" {p[1]:>5}" for p in columns.pairs], dtype=object)
        ns_values = np.array([f" {v}" for v in ns_values.tolist()], dtype=object)
        ew_values = np.array([f" {v}\n" for v in ew_values.tolist()], dtype=object)
        text = text_report({**skeleton, "pairs": pair_rows})
        scored = "\nScored: " + score.options.describe() + "\n"
        cut = text.index(scored) + len(scored)
        yield text[:cut]
        rest = text[cut:]
    batch: list[Unit] = []
    size = 0
    for number, unit in enumerate(score.units):
        batch.append(unit)
        size += unit.lines.size
        if size >= _LINES_PER_CHUNK or number == len(score.units) - 1:
            last = number == len(score.units) - 1
            tables = (ns_text, ew_text, pieces, ns_values, ew_values)
            yield boards_text(batch, columns, tables, (piece_of, ns_of, ew_of), form, several)
            if form == "json" and not last:
                yield ",\n"
            batch, size = [], 0
    if form == "json":
        yield "\n ],\n" + tail
    else:
        yield rest


def boards_text(
    units: Sequence[Unit],
    columns: Columns,
    tables: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray],
    indices: tuple[IntArray, IntArray, IntArray],
    form: str,
    several: bool,
) -> str:
    """The units' boards: each row five pieces (NS, EW, result and score, MP NS, MP EW), each piece with the
    words around it, looked up in ``tables`` (the JSON row's last piece ends ``},\n``: the last row's is cut)."""
    ns_text, ew_text, results, ns_values, ew_values = tables
    piece_of, ns_of, ew_of = indices
    out = []
    for unit in units:
        lines = unit.lines
        row = np.empty((lines.size, 5), dtype=object)
        row[:, 0] = ns_text[columns.ns[lines]]
        row[:, 1] = ew_text[columns.ew[lines]]
        row[:, 2] = results[piece_of[lines]]
        row[:, 3] = ns_values[ns_of[lines]]
        row[:, 4] = ew_values[ew_of[lines]]
        text = "".join(row.ravel().tolist())
        if form == "json":
            head = f'  {{\n   "board": {unit.board},\n'
            if several:
                head += f'   "section": {json.dumps(unit.section, ensure_ascii=False)},\n'
            out.append(head + '   "results": [\n' + text[:-2] + "\n   ]\n  }")
        else:
            head = f"\nBoard {unit.board}" + (f" (section {unit.section})" if several else "") + "\n"
            head += f"  {'NS':>5} {'EW':>5}  {'result':<18} {'score':>6} {'MP NS':>7} {'MP EW':>7}\n"
            out.append(head + text)
    return (",\n" if form == "json" else "").join(out)
