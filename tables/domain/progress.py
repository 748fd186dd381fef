"""Where a table stands, worked out from what is recorded — never remembered per device.

A handset that keeps its own "current round" can wait forever for a state another handset has
already left (TabScore2's Howell deadlock). Here a table's position is a function of three facts
the server holds: the rounds and boards the layout gives the table, the boards confirmed there, and
the last round the director released. Any phone, late or early, asking any number of times, gets
the same answer, and moving on needs no message from anyone.

* :func:`table_position` — the round the table is in, and whether it still has boards to play there
  (the first released round with a board not confirmed; when every released round is done, the last
  released round, finished: the table reads its move instructions and waits for the next);
* :func:`is_late` — a table still playing a round after the next was released, or longer than the
  round's boards should take;
* :func:`board_states` — each board of a round: ``confirmed``, ``pending`` (waiting for the other
  side), ``conflict`` or ``missing``.

>>> boards = {1: (1, 2, 3), 2: (4, 5, 6), 3: ()}           # round 3: no play at this table
>>> table_position(boards, done={(1, 1), (1, 2)}, released=2)
Position(round=1, playing=True, last=False)
>>> table_position(boards, done={(1, 1), (1, 2), (1, 3)}, released=1)
Position(round=1, playing=False, last=False)
>>> table_position(boards, done={(1, 1), (1, 2), (1, 3), (2, 4), (2, 5), (2, 6)}, released=3)
Position(round=3, playing=False, last=True)
>>> table_position(boards, done=set(), released=0)
Position(round=0, playing=False, last=False)
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

#: Minutes a board takes, for "late" (a club setting may change it).
MINUTES_PER_BOARD = 7


@dataclass(frozen=True)
class Position:
    round: int  # 0: nothing released yet
    playing: bool  # the round still has boards to confirm at this table
    last: bool  # the round is the session's last


def table_position(
    boards: Mapping[int, Sequence[int]], *, done: Collection[tuple[int, int]], released: int
) -> Position:
    """``boards``: round → the table's boards in it (every round of the session, empty for no play)."""
    rounds = sorted(boards)
    if not rounds or released < 1:
        return Position(0, False, False)
    for r in rounds:
        if r > released:
            break
        if any((r, b) not in done for b in boards[r]):
            return Position(r, True, r == rounds[-1])
    current = min(released, rounds[-1])
    return Position(current, False, current == rounds[-1])


def is_late(
    position: Position,
    *,
    released: int,
    released_at: datetime | None,
    now: datetime,
    boards: int,
    minutes_per_board: float = MINUTES_PER_BOARD,
) -> bool:
    """Still playing an earlier round than the one released, or this round for longer than its boards take."""
    if not position.playing:
        return False
    if position.round < released:
        return True
    return released_at is not None and now - released_at > timedelta(minutes=minutes_per_board * boards)


def board_states(
    boards: Sequence[int], *, confirmed: Collection[int], pending: Collection[int], conflicts: Collection[int]
) -> list[tuple[int, str]]:
    """``[(board, state), …]`` in playing order.

    >>> board_states((4, 5, 6), confirmed={4}, pending={5}, conflicts={6})
    [(4, 'confirmed'), (5, 'pending'), (6, 'conflict')]
    """
    out = []
    for b in boards:
        if b in conflicts:
            out.append((b, "conflict"))
        elif b in confirmed:
            out.append((b, "confirmed"))
        elif b in pending:
            out.append((b, "pending"))
        else:
            out.append((b, "missing"))
    return out
