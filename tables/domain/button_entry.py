"""A board as a table enters it with big buttons, read into the scoring domain's result.

:func:`read_entry` takes what the phone sends — the board number, then either ``passed_out`` or the
contract's ``level`` (1 … 7), ``strain`` (C, D, H, S, NT), ``doubling`` (0, 1, 2 or "", "X", "XX"),
``declarer`` (N, E, S, W), the tricks as a total (``tricks``: 0 … 13) or against the contract
(``relative``: ``=``, ``+1``, ``-2``), and the opening lead if the club records it (``lead``: ``HK``)
— and gives ``(board, Played)``, or raises a :class:`~tables.domain.errors.TableError` naming the
field that is wrong, in the order a table fills them in.

:func:`same_result` — two entries of a board agree when contract, declarer and tricks agree (a lead
given on one phone and not on the other is not a different result).

>>> board, played = read_entry({"board": 6, "level": 4, "strain": "S", "declarer": "N", "relative": "-1"})
>>> board, str(played.contract), played.tricks
(6, '4S by N', 9)
>>> read_entry({"board": "7", "passed_out": True})[1].is_passed_out
True
>>> read_entry({"board": 6, "level": 4, "strain": "S", "doubling": "X", "declarer": "N", "tricks": 9,
...             "lead": "hk"})[1].lead
'HK'
>>> for bad in ({"level": 4}, {"board": 1, "level": 8, "strain": "S", "declarer": "N", "tricks": 9},
...             {"board": 1, "level": 4, "strain": "S", "tricks": 9},
...             {"board": 1, "level": 4, "strain": "S", "declarer": "N", "tricks": 14},
...             {"board": 1, "level": 4, "strain": "S", "declarer": "N", "relative": "+7"},
...             {"board": 1, "level": 4, "strain": "S", "declarer": "N"}):
...     try:
...         read_entry(bad)
...     except TableError as error:
...         print(f"{error.field:9} {error}")
board     Which board is this? Enter the number on the board.
level     There is no 8-level contract: a contract is 1 to 7.
declarer  Who was declarer? Choose N, E, S or W.
tricks    14 tricks: a side takes 0 to 13 tricks.
tricks    17 tricks: a side takes 0 to 13 tricks.
tricks    How many tricks did declarer take?
"""

from __future__ import annotations

from collections.abc import Mapping

from bridge.cards import Card, Seat, Strain
from bridge.contract import Bid, Contract
from bridge.errors import BridgeError
from scoring.domain.results import Played
from tables.domain.errors import TableError
from tables.domain.text import Text

__all__ = ["read_entry", "same_result", "STRAINS", "SEATS"]

STRAINS = {
    "C": Strain.CLUBS,
    "D": Strain.DIAMONDS,
    "H": Strain.HEARTS,
    "S": Strain.SPADES,
    "N": Strain.NOTRUMP,
    "NT": Strain.NOTRUMP,
}
SEATS = {"N": Seat.NORTH, "E": Seat.EAST, "S": Seat.SOUTH, "W": Seat.WEST}
_DOUBLING = {"": 0, "0": 0, "X": 1, "1": 1, "XX": 2, "2": 2}


def _number(value: object, field: str, text: Text) -> int:
    if isinstance(value, bool):
        raise TableError(text, field=field)
    try:
        return int(str(value).strip())
    except (TypeError, ValueError):
        raise TableError(text, field=field) from None


def read_board(data: Mapping[str, object]) -> int:
    value = data.get("board")
    if value in (None, ""):
        raise TableError(Text.of("board.missing"), field="board")
    board = _number(value, "board", Text.of("board.missing"))
    if board < 1:
        raise TableError(Text.of("board.missing"), field="board")
    return board


def read_entry(data: Mapping[str, object]) -> tuple[int, Played]:
    """``(board, result)`` from the phone's fields (see the module's docstring)."""
    board = read_board(data)
    if data.get("passed_out") in (True, "true", "1", 1, "on"):
        return board, Played(None)
    if data.get("level") in (None, ""):
        raise TableError(Text.of("entry.level_missing"), field="level")
    level = _number(data.get("level"), "level", Text.of("entry.level", level=data.get("level")))
    if not 1 <= level <= 7:
        raise TableError(Text.of("entry.level", level=level), field="level")
    strain = STRAINS.get(str(data.get("strain") or "").strip().upper())
    if strain is None:
        raise TableError(Text.of("entry.strain"), field="strain")
    doubling = _DOUBLING.get(str(data.get("doubling") if data.get("doubling") is not None else "").strip().upper())
    if doubling is None:
        raise TableError(Text.of("entry.doubling"), field="doubling")
    declarer = SEATS.get(str(data.get("declarer") or "").strip().upper())
    if declarer is None:
        raise TableError(Text.of("entry.declarer"), field="declarer")
    contract = Contract(Bid(level, strain), doubling, declarer)
    tricks = _tricks(data, contract)
    return board, Played(contract, tricks, _lead(data.get("lead")))


def _tricks(data: Mapping[str, object], contract: Contract) -> int:
    relative = str(data.get("relative") or "").strip().replace("−", "-")
    if data.get("tricks") not in (None, ""):
        tricks = _number(data.get("tricks"), "tricks", Text.of("entry.tricks_missing"))
    elif relative:
        if relative == "=":
            over = 0
        else:
            over = _number(relative, "tricks", Text.of("entry.tricks_missing"))
        tricks = contract.tricks_needed + over
    else:
        raise TableError(Text.of("entry.tricks_missing"), field="tricks")
    if not 0 <= tricks <= 13:
        raise TableError(Text.of("entry.tricks_range", tricks=tricks), field="tricks")
    return tricks


def _lead(value: object) -> str:
    text = str(value or "").strip()
    if not text:
        return ""
    try:
        card = Card.from_str(text)
    except BridgeError:
        raise TableError(Text.of("entry.lead", lead=text), field="lead") from None
    return f"{card.suit.letter}{card.rank.letter}"


def same_result(a: Played, b: Played) -> bool:
    """The same contract, declarer and tricks (the lead aside)."""
    return a.contract == b.contract and a.tricks == b.tricks
