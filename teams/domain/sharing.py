"""A teams session's boards: how many rounds its format plays, and how the tables of a round share its boards.

Every match of a round plays the same boards (``teams.selectors.match_board_numbers``: round ``r`` plays boards
``(r − 1)·n + 1 … r·n``), so a session is dealt ``n × rounds`` boards, and a club makes as many copies (*board
sets*) of each round's boards as it has, or needs. The two tables of a match share one set as teams always do:
the home team's table (NS at the match's first table) starts with the first half of the boards, the second table
with the other half, and they exchange. With fewer sets than matches, several matches share a set: its ``t``
tables split the boards into ``t`` sections, each table starts with its own section and passes it on to the table
before it in the set (the first table to the last), so every table plays every board of the round, one section
after another — a relay (:func:`share_boards`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


def planned_rounds(format: str, teams: int, swiss_rounds: int | None = None) -> int:
    """How many rounds a format plays with ``teams`` teams: a single match one; a complete round robin ``teams − 1``
    (an odd field as the even one above it, a bye each round); a Swiss (of teams or of pairs) the rounds the director set; a knockout as
    many as halve the field to its winner (byes to the top seeds)."""
    if teams < 2:
        return 0
    if format == "single":
        return 1
    if format == "round_robin":
        return teams - 1 + teams % 2
    if format in ("swiss", "swiss_pairs"):
        return max(swiss_rounds or 0, 0)
    if format == "knockout":
        return (teams - 1).bit_length()
    raise ValueError(f"unknown teams format {format!r}")


@dataclass(frozen=True)
class TableBoards:
    """A table's boards in a round: the sections it plays, in order (its own first), the table it receives the
    next section from and the table it passes each section to (None: a set shared by no other table)."""

    table: int
    sections: tuple[tuple[int, ...], ...]
    receives_from: int
    passes_to: int

    @property
    def first(self) -> tuple[int, ...]:
        return self.sections[0]


@dataclass(frozen=True)
class BoardSet:
    """A set of the round's boards, the matches that share it and the relay of its tables."""

    number: int
    matches: tuple[int, ...]
    tables: tuple[TableBoards, ...]


def sections(boards: Sequence[int], parts: int) -> tuple[tuple[int, ...], ...]:
    """``boards`` cut into ``parts`` consecutive sections as even as can be (the longer ones first)."""
    if parts < 1 or parts > len(boards):
        raise ValueError(f"{len(boards)} boards cannot be cut into {parts} sections")
    size, extra = divmod(len(boards), parts)
    out, start = [], 0
    for index in range(parts):
        end = start + size + (index < extra)
        out.append(tuple(boards[start:end]))
        start = end
    return tuple(out)


def most_matches_per_set(boards: int) -> int:
    """The most matches that can share one set of ``boards`` boards: each of their tables needs a board to start."""
    return max(boards // 2, 1)


def share_boards(boards: Sequence[int], matches: Sequence[int], sets: int) -> tuple[BoardSet, ...]:
    """The round's ``matches`` (by number: match ``m`` sits at tables ``2m − 1`` and ``2m``) spread over ``sets`` sets
    of its ``boards`` (no more sets than matches are used), consecutive matches sharing a set, the sets' sizes as
    even as can be; each set's relay as the module says. A ``ValueError`` when a set would have more tables than
    boards (the caller says it in words first)."""
    matches = sorted(matches)
    if not matches:
        return ()
    if sets < 1:
        raise ValueError("at least one board set")
    sets = min(sets, len(matches))
    per, extra = divmod(len(matches), sets)
    out, start = [], 0
    for number in range(1, sets + 1):
        group = tuple(matches[start : start + per + (number <= extra)])
        start += len(group)
        tables = [t for m in group for t in (2 * m - 1, 2 * m)]
        parts = sections(boards, len(tables))
        count = len(tables)
        out.append(
            BoardSet(
                number,
                group,
                tuple(
                    TableBoards(
                        table,
                        tuple(parts[(index + step) % count] for step in range(count)),
                        receives_from=tables[(index + 1) % count],
                        passes_to=tables[(index - 1) % count],
                    )
                    for index, table in enumerate(tables)
                ),
            )
        )
    return tuple(out)
