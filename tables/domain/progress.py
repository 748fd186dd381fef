"""Where a table stands, worked out from what is recorded — never remembered per device.

A handset that keeps its own "current round" can wait forever for a state another handset has
already left (TabScore2's Howell deadlock). Here a table's position is a function of three facts
the server holds: the rounds and boards the layout gives the table, the boards confirmed there, and
the last round the director released. Any phone, late or early, asking any number of times, gets
the same answer, and moving on needs no message from anyone.

* :func:`table_position` — the round the table is in, and whether it still has boards to play there
  (the first released round with a board not confirmed; when every released round is done, the last
  released round, finished: the table reads its move instructions and waits for the next). A table that
  finishes a round after the director has released the next (a late table, or one whose conflict was
  settled late) reads that round's move instructions first (``moving``), until it says it has moved on
  (``moved``: the last round whose move instructions the table has read);
* :func:`is_late` — a table still playing a round after the next was released, or longer than the
  round's boards should take;
* :func:`board_states` — each board of a round: ``confirmed``, ``pending`` (waiting for the other
  side), ``conflict`` or ``missing``.

>>> boards = {1: (1, 2, 3), 2: (4, 5, 6), 3: ()}           # round 3: no play at this table
>>> table_position(boards, done={(1, 1), (1, 2)}, released=2)
Position(round=1, playing=True, last=False, moving=False)
>>> table_position(boards, done={(1, 1), (1, 2), (1, 3)}, released=1)
Position(round=1, playing=False, last=False, moving=False)
>>> table_position(boards, done={(1, 1), (1, 2), (1, 3), (2, 4), (2, 5), (2, 6)}, released=3)
Position(round=3, playing=False, last=True, moving=False)
>>> table_position(boards, done=set(), released=0)
Position(round=0, playing=False, last=False, moving=False)

A late table: round 2 was released while it still played round 1. When round 1 is done it reads round 1's
move instructions (``moving``), not round 2 with new opponents; once it has moved on, round 2:

>>> late = {(1, 1), (1, 2), (1, 3)}
>>> table_position(boards, done=late, released=2, moved=0)
Position(round=1, playing=False, last=False, moving=True)
>>> table_position(boards, done=late, released=2, moved=1)
Position(round=2, playing=True, last=False, moving=False)
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
    moving: bool = False  # the round is done and the next released: the table reads where to go, then moves on


def table_position(
    boards: Mapping[int, Sequence[int]],
    *,
    done: Collection[tuple[int, int]],
    released: int,
    moved: int | None = None,
) -> Position:
    """``boards``: round → the table's boards in it (every round of the session, empty for no play); ``done``: the
    (round, board)s the table has nothing more to do with; ``moved``: the last round whose move instructions the
    table has read (None: not followed — the position is the round the table plays or waits in).

    A round done while the next one is already released is ``moving`` until the table has moved on from it (or a
    board of the next round is done already: someone at the table went on)::

    >>> table_position({1: (1,), 2: (2,), 3: ()}, done={(1, 1)}, released=3, moved=0)
    Position(round=1, playing=False, last=False, moving=True)
    >>> table_position({1: (1,), 2: (2,), 3: ()}, done={(1, 1), (2, 2)}, released=3, moved=0)
    Position(round=2, playing=False, last=False, moving=True)
    >>> table_position({1: (1,), 2: (2,), 3: ()}, done={(1, 1), (2, 2)}, released=3, moved=2)
    Position(round=3, playing=False, last=True, moving=False)
    """
    rounds = sorted(boards)
    if not rounds or released < 1:
        return Position(0, False, False)
    for i, r in enumerate(rounds):
        if r > released:
            break
        if any((r, b) not in done for b in boards[r]):
            return Position(r, True, r == rounds[-1])
        following = rounds[i + 1] if i + 1 < len(rounds) else None
        if (
            moved is not None
            and following is not None
            and following <= released
            and r > moved
            and not any((following, b) in done for b in boards[following])
        ):
            return Position(r, False, False, moving=True)
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
