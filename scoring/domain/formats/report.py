"""An event scored by us, as the commands print it: JSON-ready data and a plain-text table.

:func:`event_report` gives ``{"event": …, "options": …, "boards": [{"board": 1, "results": [{"ns":
"1", "ew": "2", "contract": "4SX", "declarer": "N", "tricks": 9, "ns_score": -500, "mp_ns": 3.0,
"mp_ew": 7.0}, …]}, …], "pairs": [{"pair": "1", "matchpoints": …, "percentage": …, "rank": "1="},
…], "comparison": …}`` — pair ids as the file writes them (``1NS``; a section's letter in front
when there are several), numbers to two decimals; IMP events give ``imp_ns``/``imp_ew`` on each
line, ``datum`` on each Butler board and ``imps`` per pair; two-winner events give each pair's
``field`` (NS or EW), ranked apart. :func:`text_report` says the same as a table, in English
(what a terminal shows).

>>> from scoring.domain.formats.usebio import read_usebio, SAMPLE
>>> event = read_usebio(SAMPLE)
>>> report = event_report(event, event.score())
>>> report["boards"][0]["results"][0]
{'ns': '1', 'ew': '2', 'contract': '3NT', 'declarer': 'S', 'tricks': 9, 'ns_score': 400, 'mp_ns': 2.0, 'mp_ew': 0.0}
>>> report["pairs"][0]
{'pair': '1', 'matchpoints': 2.0, 'percentage': 100.0, 'rank': '1=', 'boards': 1, 'names': 'Ada Adamska'}
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from scoring.domain.comparison import Comparison
from scoring.domain.engine import EventScore, LineScore
from scoring.domain.formats.event import FileEvent, weight_text
from scoring.domain.ranking import shown
from scoring.domain.results import Artificial, Assigned, Played

__all__ = ["event_report", "text_report", "result_data"]


def _number(value: Fraction | int) -> float:
    return float(shown(value))


def result_data(s: LineScore) -> dict[str, object]:
    """What the table scored, as data: contract, declarer and tricks; PASS; a score; an adjustment."""
    result = s.line.result
    if isinstance(result, Played):
        if result.contract is None:
            return {"contract": "PASS"}
        call = result.contract.call
        contract = call[:1] + "NT" + call[2:] if call[1] == "N" else call
        out: dict[str, object] = {
            "contract": contract,
            "declarer": result.contract.declarer.letter,
            "tricks": result.tricks,
        }
        if result.lead:
            out["lead"] = result.lead
        return out
    if isinstance(result, Artificial):
        return {"adjusted": f"{result.ns_percent}/{result.ew_percent}"}
    if isinstance(result, Assigned) and result.is_weighted:
        return {
            "weighted": [
                [float(weight_text(w)) if "." in weight_text(w) else int(weight_text(w)), v] for w, v in result.parts
            ]
        }
    return {"score": result.parts[0][1]}


def event_report(event: FileEvent, score: EventScore, comparison: Comparison | None = None) -> dict[str, object]:
    """The event and our score of it as data (see the module's docstring)."""
    imps = score.options.is_imps
    several = len({b.section for b in score.boards}) > 1
    boards = []
    for board in score.boards:
        entry: dict[str, object] = {"board": board.board}
        if several:
            entry["section"] = board.section
        if board.datum is not None:
            entry["datum"] = board.datum
        results = []
        for s in board.lines:
            row = {"ns": s.line.ns, "ew": s.line.ew, **result_data(s)}
            row["ns_score"] = (
                None if s.ns_score is None else (s.ns_score if isinstance(s.ns_score, int) else _number(s.ns_score))
            )
            row.update(
                {"imp_ns": _number(s.ns), "imp_ew": _number(s.ew)}
                if imps
                else {"mp_ns": _number(s.ns), "mp_ew": _number(s.ew)}
            )
            results.append(row)
        entry["results"] = results
        boards.append(entry)
    two_fields = len(score.fields) > 1
    pairs = []
    for p in score.pairs:
        row = {"pair": p.pair}
        if imps:
            row["imps"] = _number(p.total)
        else:
            assert p.percentage is not None  # matchpoints: the engine gives every pair its percentage
            row.update(matchpoints=_number(p.total), percentage=_number(p.percentage))
        row["rank"] = p.place
        if two_fields:
            row["field"] = p.field
        row["boards"] = p.boards
        filed = event.pair(p.pair)
        if filed is not None and filed.names:
            row["names"] = filed.names
        pairs.append(row)
    return {
        "event": {
            "name": event.name,
            "date": event.date.isoformat() if event.date else None,
            "club": event.club_name,
            "program": " ".join(x for x in (event.program, event.program_version) if x),
            "event_type": event.event_type,
            "winners": 2 if two_fields else 1,
            "source": event.source,
            "sections": list(event.sections),
        },
        "options": {**score.options.as_dict(), "description": score.options.describe()},
        "boards": boards,
        "pairs": pairs,
        "comparison": comparison.as_dict() if comparison is not None else None,
    }


def _result_text(row: Mapping[str, Any]) -> str:  # Any: a result row of the report's data, read by key
    if "contract" in row and row["contract"] == "PASS":
        return "passed out"
    if "contract" in row:
        return f"{row['contract']} {row['declarer']} {row['tricks']}"
    if "adjusted" in row:
        return f"A {row['adjusted']}"
    if "weighted" in row:
        return ", ".join(f"{w}% {s:+d}" for w, s in row["weighted"])
    return f"assigned {row['score']:+d}"


def text_report(report: Mapping[str, Any]) -> str:
    """The report as a plain-text table (English)."""
    # Any: the report is nested data (``event_report``'s, or read back from its JSON), read by key
    event, out = report["event"], []
    title = event["name"] or event["source"] or "event"
    out.append(
        f"{title}"
        + (f" ({event['date']})" if event["date"] else "")
        + (f", {event['club']}" if event["club"] else "")
        + (f" — {event['program']}" if event["program"] else "")
    )
    out.append(f"Scored: {report['options']['description']}")
    imps = report["options"]["method"] != "matchpoints"
    unit = "IMP" if imps else "MP"
    for board in report["boards"]:
        head = f"Board {board['board']}" + (f" (section {board['section']})" if "section" in board else "")
        out += ["", head + (f", datum {board['datum']:+d}" if "datum" in board else "")]
        out.append(f"  {'NS':>5} {'EW':>5}  {'result':<18} {'score':>6} {unit + ' NS':>7} {unit + ' EW':>7}")
        for row in board["results"]:
            score = "" if row["ns_score"] is None else f"{row['ns_score']:+g}"
            key = "imp" if imps else "mp"
            out.append(
                f"  {row['ns']:>5} {row['ew']:>5}  {_result_text(row):<18} {score:>6} "
                f"{row[key + '_ns']:>7.2f} {row[key + '_ew']:>7.2f}"
            )
    fields = list(dict.fromkeys(p.get("field", "") for p in report["pairs"]))
    for name in fields:
        out += ["", "Ranking" + (f" {name}" if name else "")]
        for p in (q for q in report["pairs"] if q.get("field", "") == name):
            value = f"{p['imps']:>8.2f} IMPs" if imps else f"{p['matchpoints']:>8.2f} {p['percentage']:>6.2f}%"
            out.append(f"  {p['rank']:>4} {p['pair']:>5} {value}  {p.get('names', '')}".rstrip())
    comparison = report.get("comparison")
    if comparison is not None:
        checked = comparison["checked"]
        out += [
            "",
            f"Compared with {comparison['source'] or 'the file'}: "
            + ", ".join(f"{n} {k}" for k, n in checked.items())
            + f"; {comparison['errors']} scores differ, "
            f"{comparison['unexplained']} differences unexplained",
        ]
        out += [f"  - {c['text']}" for c in comparison["conventions"]]
        for o in comparison["overrides"]:
            out.append(
                f"  - override: board {o['board']}, {o['ns']} v {o['ew']} ({o['result']}): file "
                f"{'/'.join(o['theirs'])}, rules {'/'.join(o['ours'])}"
            )
        for d in comparison["differences"]:
            if not d["explained_by"]:
                where = f"board {d['board']} {d['ns']} v {d['ew']}" if "board" in d else f"pair {d['pair']}"
                out.append(f"  ! {d['what']} of {where}: file {d['theirs']}, ours {d['ours']}")
    return "\n".join(out) + "\n"
