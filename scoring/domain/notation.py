"""A result as plain data and back: the one shape the API, the audit trail and the JSON commands use.

``as_data(result)`` → ``{"kind": "played", "contract": "4SX", "declarer": "N", "tricks": 9, "lead": "HK"}``,
``{"kind": "played", "contract": "PASS"}``, ``{"kind": "assigned", "score": 420}`` or
``{"kind": "assigned", "weighted": [[20, 650], [80, 620]]}`` (percent weights), ``{"kind":
"artificial", "adjusted": "60/40"}``; ``from_data`` reads the same, and the forms the issue's
``matchpoint`` input uses (``{"contract": "4SX", "declarer": "N", "tricks": 9}``, ``{"score": 420}``,
``{"adjusted": "60/40"}``, ``{"contract": "PASS"}``) without a ``kind``. ``shorthand(result)`` is
how a scorer types it (``4SX N 9``), so a line can be shown for editing.

>>> from scoring.domain.results import Played, Assigned, Artificial
>>> as_data(Played.of("4SX", "N", 9))
{'kind': 'played', 'contract': '4SX', 'declarer': 'N', 'tricks': 9}
>>> from_data({"contract": "3NT", "declarer": "w", "tricks": 7}) == Played.of("3N", "W", 7)
True
>>> as_data(Assigned.weighted(("1/5", 650), ("4/5", 620)))
{'kind': 'assigned', 'weighted': [[20, 650], [80, 620]]}
>>> [shorthand(r) for r in (Played.of("4S", "N", 10), Played(None), Assigned.of(-50), Artificial(60, 40))]
['4S N 10', 'P', '-50', 'A6040']
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction

from bridge.contract import Contract
from bridge.errors import BridgeError
from scoring.domain.errors import ScoringError
from scoring.domain.results import Artificial, Assigned, Played, Result
from scoring.domain.text import Text

PASS_WORDS = {"P", "PASS", "PASSED", "AP", "PASSED OUT", "ALL PASS"}


def as_data(result: Result) -> dict[str, object]:
    if isinstance(result, Played):
        if result.contract is None:
            return {"kind": "played", "contract": "PASS"}
        out: dict[str, object] = {
            "kind": "played",
            "contract": result.contract.call,
            "declarer": result.contract.declarer.letter,
            "tricks": result.tricks,
        }
        if result.lead:
            out["lead"] = result.lead
        return out
    if isinstance(result, Assigned):
        if not result.is_weighted:
            return {"kind": "assigned", "score": result.parts[0][1]}
        return {"kind": "assigned", "weighted": [[_percent(w), s] for w, s in result.parts]}
    return {"kind": "artificial", "adjusted": f"{result.ns_percent}/{result.ew_percent}"}


def _percent(weight: Fraction) -> int | float:
    value = weight * 100
    return int(value) if value.denominator == 1 else float(value)


#: a weight in per cent as data holds it: 20, 12.5, "33.3333" (not 1e999999999, whose Fraction takes forever)
_WEIGHT = re.compile(r"[0-9]{1,3}(?:\.[0-9]{1,15})?")


def _weight(value: object) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, float, str)) or not _WEIGHT.fullmatch(str(value).strip()):
        raise ScoringError(Text.of("data.weighted"), field="weighted")
    return Fraction(str(value).strip()) / 100


def _int(value: object, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ScoringError(Text.of("data.number", field=field, value=str(value)), field=field)
    try:
        return int(str(value).strip())
    except ValueError:
        raise ScoringError(Text.of("data.number", field=field, value=str(value)), field=field) from None


def from_data(data: Mapping[str, object]) -> Result:
    """A result from its data (see the module's docstring); a ``ScoringError`` naming the field otherwise."""
    if not isinstance(data, Mapping):
        raise ScoringError(Text.of("data.not_object", value=str(data)[:40]), field="result")
    kind = data.get("kind")
    if kind == "artificial" or (kind is None and "adjusted" in data):
        text = str(data.get("adjusted", "")).strip().upper().lstrip("A").replace("/", " ").split()
        if len(text) == 1 and len(text[0]) == 4 and text[0].isdecimal():
            text = [text[0][:2], text[0][2:]]
        if len(text) != 2 or not all(t.isdecimal() and len(t) <= 3 for t in text):  # ("²".isdigit(): int refuses it)
            raise ScoringError(Text.of("entry.artificial", text=str(data.get("adjusted", ""))), field="adjusted")
        return Artificial(int(text[0]), int(text[1]))
    if kind == "assigned" or (kind is None and ("score" in data or "weighted" in data)):
        if "weighted" in data:
            parts = data["weighted"]
            if not isinstance(parts, list) or not parts or not all(isinstance(p, list) and len(p) == 2 for p in parts):
                raise ScoringError(Text.of("data.weighted"), field="weighted")
            try:
                return Assigned(tuple((_weight(w), _int(s, "weighted")) for w, s in parts))
            except (ValueError, ZeroDivisionError) as exc:
                if isinstance(exc, ScoringError):
                    raise
                raise ScoringError(Text.of("data.weighted"), field="weighted") from None
        return Assigned.of(_int(data.get("score"), "score"))
    if kind not in (None, "played"):
        raise ScoringError(Text.of("data.kind", value=str(kind)), field="kind")
    contract = str(data.get("contract", "")).strip()
    if not contract:
        raise ScoringError(Text.of("data.contract_missing"), field="contract")
    if contract.upper() in PASS_WORDS:
        return Played(None)
    declarer = str(data.get("declarer") or "").strip()
    if not declarer:
        raise ScoringError(Text.of("entry.declarer", contract=contract), field="declarer")
    try:
        parsed = Contract.from_str(contract, declarer)
    except BridgeError as exc:
        on_seat = exc.text is not None and exc.text.code == "seat.unknown"
        raise ScoringError(
            exc.text or Text.of("entry.format", text=contract), field="declarer" if on_seat else "contract"
        ) from None
    if data.get("tricks") in (None, ""):
        raise ScoringError(
            Text.of("entry.tricks_missing", contract=parsed.call, declarer=parsed.declarer.letter), field="tricks"
        )
    return Played(parsed, _int(data.get("tricks"), "tricks"), str(data.get("lead") or "").strip().upper())


def shorthand(result: Result) -> str:
    """How a scorer types the result (``scoring.domain.shorthand`` reads it back)."""
    if isinstance(result, Played):
        if result.contract is None:
            return "P"
        return f"{result.contract.call} {result.contract.declarer.letter} {result.tricks}"
    if isinstance(result, Assigned):
        if not result.is_weighted:
            return f"{result.parts[0][1]:+d}".replace("+0", "0")
        return " ".join(f"{_percent(w)}% {s:+d}" for w, s in result.parts)
    if max(result.ns_percent, result.ew_percent) > 99:  # A10040 would read as neither: 100/40 is written so
        return f"A{result.ns_percent}/{result.ew_percent}"
    return f"A{result.ns_percent:02d}{result.ew_percent:02d}"
