"""What a submission from a table does to the board's line: the rule that no result is lost, none is
recorded twice, and no conflict is silent.

A board at a table (one round) has at most one *pending* entry (entered, waiting for the other side),
a *confirmed* result (recorded: a ``scoring.Result``), and possibly an open *conflict* (different
results kept side by side for the director). :func:`on_entry` says what a new entry does:

* ``SAME`` — the same result as the pending or confirmed one (a retry with a new key, a double tap,
  a second phone at the table): nothing changes, the phone is pointed at the entry already there;
* ``NEW`` — it becomes the pending entry;
* ``CORRECTION`` — it names the pending entry it replaces (the table corrected itself before the
  other side confirmed): the old one is kept as replaced, the new one is pending;
* ``CONFLICT`` — it differs from what is there without replacing it (two phones disagree, or a
  result arrives for a board already confirmed): both are kept and the director decides.

:func:`on_confirm` says whether a confirmation may confirm the entry it names, or raises a
``TableError`` that says why not (the side that entered it, a replaced entry, a conflict).

Retries of one action carry the same idempotency key and never reach these rules (the service
answers them with the first answer); these rules make the *different* submissions of one result
harmless too.

>>> from scoring.domain.results import Played, Result
>>> four_s, four_s_down = Played.of("4S", "N", 10), Played.of("4S", "N", 9)
>>> pending = Pending("k1", four_s, "NS")
>>> [on_entry(r, pending=pending, confirmed=None, replaces=rep).name
...  for r, rep in ((four_s, None), (four_s_down, "k1"), (four_s_down, None))]
['SAME', 'CORRECTION', 'CONFLICT']
>>> on_entry(four_s_down, pending=None, confirmed=four_s, replaces=None).name
'CONFLICT'
>>> on_confirm("k1", "EW", board=6, pending=pending, confirmed_key=None, in_conflict=False).name
'CONFIRM'
>>> on_confirm("k1", "NS", board=6, pending=pending, confirmed_key=None, in_conflict=False)
Traceback (most recent call last):
...
tables.domain.errors.TableError: NS entered this result, so EW must confirm it: hand the phone to EW.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from scoring.domain.results import Played, Result
from tables.domain.button_entry import same_result
from tables.domain.errors import TableError
from tables.domain.text import Text

SIDES = ("NS", "EW")


class EntryOutcome(Enum):
    NEW = "new"
    SAME = "same"
    CORRECTION = "correction"
    CONFLICT = "conflict"


class ConfirmOutcome(Enum):
    CONFIRM = "confirm"
    ALREADY = "already"


@dataclass(frozen=True)
class Pending:
    """The entry waiting for the other side: its key, its result, the side that entered it."""

    key: str
    result: Played
    side: str


def other_side(side: str) -> str:
    return "EW" if side == "NS" else "NS"


def check_side(side: str) -> str:
    side = str(side or "").strip().upper()
    if side not in SIDES:
        raise TableError(Text.of("entry.side"), field="side")
    return side


def on_entry(
    result: Played,
    *,
    pending: Pending | None,
    confirmed: Result | None,
    replaces: str | None,
    conflicting: tuple[Played, ...] = (),
) -> EntryOutcome:
    """What a new entry of ``result`` does to the board (see the module's docstring).

    ``confirmed``: the board's recorded result, a table's or the director's; an adjusted score (assigned or
    artificial) is never the same as a played result, so an entry against it is a conflict for the director.
    ``conflicting``: the results of an open conflict on the board (a new entry equal to one of them adds
    nothing; another adds to the conflict).

    >>> from scoring.domain.results import Assigned
    >>> four_spades = Played.of("4S", "N", 10)
    >>> on_entry(four_spades, pending=None, confirmed=four_spades, replaces=None).name
    'SAME'
    >>> on_entry(four_spades, pending=None, confirmed=Assigned.of(-100), replaces=None).name
    'CONFLICT'
    """
    if confirmed is not None:
        same = isinstance(confirmed, Played) and same_result(result, confirmed)
        return EntryOutcome.SAME if same else EntryOutcome.CONFLICT
    if conflicting:
        return EntryOutcome.SAME if any(same_result(result, r) for r in conflicting) else EntryOutcome.CONFLICT
    if pending is None:
        return EntryOutcome.NEW
    if replaces == pending.key:
        return EntryOutcome.SAME if result == pending.result else EntryOutcome.CORRECTION
    if same_result(result, pending.result):
        return EntryOutcome.SAME
    return EntryOutcome.CONFLICT


def on_confirm(
    key: str,
    side: str,
    *,
    board: int,
    pending: Pending | None,
    confirmed_key: str | None,
    in_conflict: bool,
    confirmed: bool = False,
) -> ConfirmOutcome:
    """May ``side`` confirm the entry ``key``? (``confirmed_key``: the entry recorded, if one was;
    ``confirmed``: the board has a recorded result, from a table or the director.)"""
    side = check_side(side)
    if confirmed_key is not None and key == confirmed_key:
        return ConfirmOutcome.ALREADY
    if in_conflict:
        raise TableError(Text.of("confirm.conflict", board=board), field="board", code="conflict")
    if confirmed:
        raise TableError(Text.of("confirm.confirmed", board=board), field="board", code="confirmed")
    if pending is None:
        raise TableError(Text.of("confirm.nothing", board=board), field="board")
    if pending.key != key:
        raise TableError(Text.of("confirm.replaced", board=board), field="board", code="replaced")
    if pending.side == side:
        raise TableError(Text.of("confirm.same_side", side=side, other=other_side(side)), field="side")
    return ConfirmOutcome.CONFIRM
