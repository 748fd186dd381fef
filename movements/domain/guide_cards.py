"""Guide cards derived from a schedule: one per pair, one per table, one per board set.

* ``pair_cards(m)`` — for each pair, round by round: table, direction, opponent, board sets
  (karta pilotująca, seed). A pair meeting the phantom sits out that round.
* ``table_cards(m)`` — for each table, round by round: NS pair, EW pair, board sets, where
  the boards go next (places: a table number or a relay name) and where each pair goes next
  (table, seat). Places are data, not words: the pages say "table 4" in the reader's language.
* ``board_cards(m)`` — for each board set, round by round: the table(s) or relay holding it.
* ``boards_of(set, boards_per_round, half_sets)`` — the board numbers in a set.
* ``cards_json(m)`` — the ``movement --format cards-json`` shape.

Cards are computed from the schedule only, so they agree with it by construction; tests
check that they do anyway.

>>> from movements.domain.howell import complete_howell
>>> m = complete_howell(8)
>>> [(c.round, c.table, c.direction, c.opponent) for c in pair_cards(m)[1][:3]]
[(1, 1, 'EW', 8), (2, 3, 'EW', 6), (3, 2, 'EW', 4)]
>>> cards_json(m)["board_cards"]["5"][:3]
[[1, 'R3'], [2, 2], [3, 'R2']]
>>> line = table_cards(m)[3][0]
>>> line.board_sets, line.boards_next, line.ns_next
((6,), (('R3',),), (4, 'EW'))
>>> boards_of(3, 4, False), boards_of(3, 4, True)
([9, 10, 11, 12], [5, 6])
"""

from __future__ import annotations

from dataclasses import dataclass

from movements.domain.errors import MovementError
from movements.domain.schedule import Movement
from movements.domain.text import Text

Place = int | str  # a table number or a relay name ("R2")


@dataclass(frozen=True)
class PairCardLine:
    round: int
    table: int
    direction: str  # the seat the pair sits in: "NS" or "EW"
    opponent: int | None  # None: the pair sits out (its opponent is the phantom)
    board_sets: tuple[int, ...]
    arrow_switched: bool = False  # the pair plays the other direction's cards this round

    @property
    def sits_out(self) -> bool:
        return self.opponent is None

    @property
    def plays(self) -> str:
        """The direction whose cards the pair plays."""
        if not self.arrow_switched:
            return self.direction
        return "EW" if self.direction == "NS" else "NS"


@dataclass(frozen=True)
class TableCardLine:
    round: int
    ns: int | None  # None: the phantom
    ew: int | None
    board_sets: tuple[int, ...]
    boards_next: tuple[tuple[Place, ...], ...]  # for each set: where it is next round (tables, relays)
    ns_next: tuple[int, str] | None  # (table, seat) where the NS pair goes next
    ew_next: tuple[int, str] | None
    arrow_switched: bool = False


def boards_of(board_set: int, boards_per_round: int, half_sets: bool) -> list[int]:
    if boards_per_round < 1:
        raise MovementError(Text.of("error.boards_min", value=boards_per_round), field="boards_per_round")
    size = boards_per_round
    if half_sets:
        if boards_per_round % 2:
            raise MovementError(Text.of("error.boards_even", value=boards_per_round), field="boards_per_round")
        size = boards_per_round // 2
    return list(range((board_set - 1) * size + 1, board_set * size + 1))


def pair_cards(m: Movement) -> dict[int, list[PairCardLine]]:
    cards: dict[int, list[PairCardLine]] = {p: [] for p in m.pair_numbers}
    for rnd in m.rounds:
        for t in rnd.tables:
            for me, other, seat in ((t.ns, t.ew, "NS"), (t.ew, t.ns, "EW")):
                if me == m.phantom:
                    continue
                cards[me].append(
                    PairCardLine(
                        rnd.number,
                        t.table,
                        seat,
                        None if other == m.phantom else other,
                        t.board_sets,
                        rnd.arrow_switched,
                    )
                )
    return cards


def table_cards(m: Movement) -> dict[int, list[TableCardLine]]:
    cards: dict[int, list[TableCardLine]] = {t: [] for t in range(1, m.tables + 1)}
    seats = []
    for rnd in m.rounds:
        seats.append({p: (t.table, side) for t in rnd.tables for p, side in ((t.ns, "NS"), (t.ew, "EW"))})
    for i, rnd in enumerate(m.rounds):
        last = i + 1 == len(m.rounds)
        where_next = m.location_of_set(i + 1) if not last else {}
        for t in rnd.tables:

            def goes(p: int) -> tuple[int, str] | None:
                if last or p == m.phantom:
                    return None
                return seats[i + 1][p]

            nxt = tuple(tuple(where_next.get(s, [])) for s in t.board_sets) if not last else ()
            cards[t.table].append(
                TableCardLine(
                    rnd.number,
                    None if t.ns == m.phantom else t.ns,
                    None if t.ew == m.phantom else t.ew,
                    t.board_sets,
                    nxt,
                    goes(t.ns),
                    goes(t.ew),
                    rnd.arrow_switched,
                )
            )
    return cards


def board_cards(m: Movement) -> dict[int, list[tuple[int, int | str]]]:
    cards: dict[int, list[tuple[int, int | str]]] = {s: [] for s in range(1, m.board_sets + 1)}
    for i, rnd in enumerate(m.rounds):
        for s, places in sorted(m.location_of_set(i).items()):
            for place in places:
                cards[s].append((rnd.number, place))
    return cards


def cards_json(m: Movement) -> dict[str, dict[str, list[list[int | str]]]]:
    return {
        "pair_cards": {
            str(p): [[c.round, c.table, c.plays] for c in lines if not c.sits_out] for p, lines in pair_cards(m).items()
        },
        "board_cards": {str(s): [[r, place] for r, place in lines] for s, lines in board_cards(m).items()},
    }
