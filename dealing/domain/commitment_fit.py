"""Does a commitment fit the evenings it is for? Its board counts against the movements, its delayed value against
the time promised for it.

A commitment fixes each session's number of boards before the evening (``docs/commitments.md`` §1), and a session
in a published commitment can be dealt only from it: boards past the committed count can never be dealt. So when a
director makes or publishes one, each session's count is set beside the number of boards its movement plays (when
a movement is chosen): a count that does not cover them is a **shortfall**, refused unless the director accepts
that very count for that very session (:func:`shortfalls_not_accepted`). More boards than the movement plays are
no shortfall: the spare boards are simply not played (a director may commit the most a night could need before
knowing how many pairs will come).

The delayed value must be public when the director enters it, or nobody could have read it from its source: when
the commitment names the time its value is promised for, an entry before that time is a warning of the audit
(:func:`dv_entered_early`).

What it offers: :class:`BoardShortfall`, :func:`board_shortfalls`, :func:`shortfalls_not_accepted`,
:func:`dv_entered_early`.

>>> shortfalls = board_shortfalls([(17, 24, 28), (18, 28, 28), (19, 24, None), (20, 30, 27)])
>>> shortfalls
[BoardShortfall(session=17, committed=24, played=28)]
>>> shortfalls[0].missing
(25, 28)
>>> shortfalls_not_accepted(shortfalls, {17: 24}), shortfalls_not_accepted(shortfalls, {17: 26})
([], [BoardShortfall(session=17, committed=24, played=28)])
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

__all__ = ["BoardShortfall", "board_shortfalls", "shortfalls_not_accepted", "dv_entered_early"]


@dataclass(frozen=True)
class BoardShortfall:
    """A session given fewer boards than its movement plays: boards ``committed + 1`` … ``played`` could not be
    dealt from the commitment. ``session`` is the caller's id of the session."""

    session: int
    committed: int
    played: int

    @property
    def missing(self) -> tuple[int, int]:
        """The first and last board the movement plays that the commitment would not give."""
        return self.committed + 1, self.played


def board_shortfalls(sessions: Iterable[tuple[int, int, int | None]]) -> list[BoardShortfall]:
    """The shortfalls among ``(session, boards committed, boards its movement plays or None)``, in their order.
    A session with no movement yet has nothing to compare with."""
    return [
        BoardShortfall(session, committed, played)
        for session, committed, played in sessions
        if played is not None and committed < played
    ]


def shortfalls_not_accepted(shortfalls: Iterable[BoardShortfall], accepted: Mapping[int, int]) -> list[BoardShortfall]:
    """The shortfalls the director has not accepted: ``accepted`` maps a session to the count accepted for it, so
    accepting 24 boards says nothing about 26."""
    return [s for s in shortfalls if accepted.get(s.session) != s.committed]


def dv_entered_early(entered_at: datetime.datetime, promised_at: datetime.datetime | None) -> bool:
    """Whether the delayed value was entered before the time promised for it (never, when no time was promised).

    >>> promised = datetime.datetime(2026, 11, 20, 21, 0, tzinfo=datetime.timezone.utc)
    >>> dv_entered_early(promised - datetime.timedelta(minutes=1), promised), dv_entered_early(promised, promised)
    (True, False)
    >>> dv_entered_early(promised, None)
    False
    """
    return promised_at is not None and entered_at < promised_at
