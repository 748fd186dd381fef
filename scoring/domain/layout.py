"""A session's layout: for every round and table, which pairs meet on which board numbers.

Scoring, the scorer's page and table-side entry all ask one question — who plays whom on which
boards — and this module is its one answer, whatever the session's movement came from:

* :func:`layout_from_movement` — our movement library's schedule (``movements.domain``) with
  the session's boards per round: board sets become board numbers, a pair meeting the
  phantom sits out, and in an arrow-switched round the pairs hold the other direction's
  cards (a traveller's NS pair is whoever holds the NS cards);
* :func:`layout_from_meetings` — an imported event's meetings (rounds and tables where the
  file knows them);
* :meth:`SessionLayout.check` — is a result for (board, NS, EW, round, table) where the layout
  puts it? It names what is wrong (``Text``);
* :func:`reconcile` — do the movement, the dealt boards and the commitment agree on the boards?
  Each disagreement is a ``Text`` the session page shows.

Pairs are their labels as results show them (``"3"``, ``"1NS"``).

>>> from movements.domain.howell import complete_howell
>>> layout = layout_from_movement(complete_howell(8), boards_per_round=3)
>>> layout.boards[:4], len(layout.boards), layout.expected_plays[1]
((1, 2, 3, 4), 21, 4)
>>> m = layout.meeting(round=1, table=1); (m.ns, m.ew, m.boards)
('8', '1', (1, 2, 3))
>>> str(layout.check(board=4, ns="8", ew="1", round=1, table=1))
'board 4 is not played at table 1 in round 1 (boards 1, 2, 3 are)'
>>> [str(t) for t in reconcile(layout.boards, dealt=range(1, 25), committed=24)]
['the movement plays 21 boards (1–21) but 24 were dealt: boards 22, 23, 24 are not played', \
'the movement plays 21 boards but the commitment covers 24']
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from movements.domain.guide_cards import boards_of
from scoring.domain.text import Text

if TYPE_CHECKING:
    from movements.domain.schedule import Movement


@dataclass(frozen=True, slots=True)
class Meeting:
    """Two pairs at a table in a round, with the boards they play (``ns`` holds the NS cards)."""

    round: int | None
    table: int | None
    ns: str
    ew: str
    boards: tuple[int, ...]
    arrow_switched: bool = False


@dataclass(frozen=True)
class SessionLayout:
    meetings: tuple[Meeting, ...]
    sit_outs: tuple[tuple[int, str], ...] = ()  # (round, pair)
    fields: tuple[tuple[str, ...], ...] = ()  # pairs ranked together: one field, or NS and EW
    boards_per_round: int | None = None
    problems: tuple[Text, ...] = field(default=(), compare=False)
    planned: bool = False  # the meetings are a movement's plan (an imported event's are what was played)

    @property
    def boards(self) -> tuple[int, ...]:
        return tuple(sorted({b for m in self.meetings for b in m.boards}))

    @property
    def rounds(self) -> tuple[int, ...]:
        return tuple(sorted({m.round for m in self.meetings if m.round is not None}))

    @property
    def pairs(self) -> tuple[str, ...]:
        seen = {p for m in self.meetings for p in (m.ns, m.ew)} | {p for _, p in self.sit_outs}
        return tuple(sorted(seen, key=_natural))

    @property
    def winners(self) -> int:
        return max(1, len(self.fields))

    @property
    def expected_plays(self) -> dict[int, int]:
        """How many tables play each board (the plan's count only when ``planned``: an imported event's
        meetings hold the boards actually played, so a board played short counts short there)."""
        plays: dict[int, int] = defaultdict(int)
        for m in self.meetings:
            for b in m.boards:
                plays[b] += 1
        return dict(plays)

    def meeting(self, *, round: int, table: int) -> Meeting | None:
        return next((m for m in self.meetings if m.round == round and m.table == table), None)

    def meetings_of_board(self, board: int) -> list[Meeting]:
        return [m for m in self.meetings if board in m.boards]

    def meeting_of(self, *, board: int, ns: str, ew: str) -> Meeting | None:
        return next((m for m in self.meetings if board in m.boards and m.ns == ns and m.ew == ew), None)

    def sits_out(self, round: int) -> str | None:
        return next((p for r, p in self.sit_outs if r == round), None)

    def check(self, *, board: int, ns: str, ew: str, round: int | None = None, table: int | None = None) -> Text | None:
        """What is wrong with a result for ``board`` between ``ns`` and ``ew`` (at ``table`` in ``round``), or None."""
        if not self.meetings:
            return None
        if board not in self.expected_plays:
            return Text.of("layout.board_unknown", board=board, low=self.boards[0], high=self.boards[-1])
        if round is not None and table is not None:
            here = self.meeting(round=round, table=table)
            if here is None:
                return Text.of("layout.no_table", round=round, table=table)
            if board not in here.boards:
                return Text.of(
                    "layout.board_not_here", board=board, round=round, table=table, boards=_span(here.boards)
                )
            for pair, seat, expected in ((ns, "NS", here.ns), (ew, "EW", here.ew)):
                if pair != expected:
                    return Text.of(
                        "layout.pair_not_here", pair=pair, seat=seat, round=round, table=table, expected=expected
                    )
            return None
        if self.meeting_of(board=board, ns=ns, ew=ew) is None:
            swapped = self.meeting_of(board=board, ns=ew, ew=ns)
            if swapped is not None:
                return Text.of("layout.swapped", board=board, ns=ew, ew=ns)
            return Text.of("layout.not_meeting", board=board, ns=ns, ew=ew)
        return None


def _natural(label: str) -> tuple[str, int, str]:
    digits = "".join(ch for ch in label if ch.isdecimal())  # (what int() reads: "²".isdigit(), but not a number)
    return (label.rstrip("0123456789NSEW") if not label[:1].isdecimal() else "", int(digits[:18] or 0), label)


def _span(boards: Iterable[int]) -> str:
    """``1, 2, 3`` → ``"1, 2, 3"``; long runs as ``1–21``."""
    values = sorted(boards)
    if len(values) > 3 and values == list(range(values[0], values[-1] + 1)):
        return f"{values[0]}–{values[-1]}"
    return ", ".join(str(v) for v in values)


def layout_from_movement(movement: Movement, *, boards_per_round: int) -> SessionLayout:
    """The layout of a ``movements.domain.schedule.Movement`` played with ``boards_per_round``."""
    meetings: list[Meeting] = []
    sit_outs: list[tuple[int, str]] = []
    for rnd in movement.rounds:
        for t in rnd.tables:
            if movement.phantom is not None and movement.phantom in (t.ns, t.ew):
                other = t.ew if t.ns == movement.phantom else t.ns
                sit_outs.append((rnd.number, str(other)))
                continue
            boards = tuple(b for s in t.board_sets for b in boards_of(s, boards_per_round, movement.half_sets))
            ns, ew = (t.ew, t.ns) if rnd.arrow_switched else (t.ns, t.ew)
            meetings.append(Meeting(rnd.number, t.table, str(ns), str(ew), boards, rnd.arrow_switched))
    fields = tuple(tuple(str(p) for p in f) for f in movement.ranking_fields)
    return SessionLayout(tuple(meetings), tuple(sit_outs), fields, boards_per_round, planned=True)


def layout_from_meetings(
    meetings: Sequence[Mapping[str, Any]],  # Any: an imported layout's meetings, as JSON from the database
    *,
    fields: Sequence[Sequence[str]] = (),
) -> SessionLayout:
    """The layout of an imported event: ``[{"round", "table", "ns", "ew", "boards"}, …]`` (round/table may be None)."""
    out = tuple(
        Meeting(m.get("round"), m.get("table"), str(m["ns"]), str(m["ew"]), tuple(sorted(m["boards"])))
        for m in meetings
    )
    return SessionLayout(out, (), tuple(tuple(f) for f in fields))


def reconcile(
    boards: Sequence[int], *, dealt: Iterable[int] | None = None, committed: int | None = None
) -> tuple[Text, ...]:
    """Where the movement's boards, the dealt boards and the commitment's count disagree."""
    played = sorted(set(boards))
    problems: list[Text] = []
    if dealt is not None:
        dealt = sorted(set(dealt))
        if dealt and played:
            extra = [b for b in dealt if b not in played]
            missing = [b for b in played if b not in dealt]
            if missing:
                problems.append(
                    Text.of(
                        "layout.boards_missing",
                        boards=len(played),
                        span=_span(played),
                        dealt=len(dealt),
                        missing=_span(missing),
                    )
                )
            elif extra:
                problems.append(
                    Text.of(
                        "layout.boards_extra",
                        boards=len(played),
                        span=_span(played),
                        dealt=len(dealt),
                        extra=_span(extra),
                    )
                )
    if committed is not None and played and committed != len(played):
        problems.append(Text.of("layout.commitment", boards=len(played), committed=committed))
    return tuple(problems)
