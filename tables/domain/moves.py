"""The move instructions at the end of a round, from the movement's table cards (``table_cards``), never
worked out again here: where each pair goes (table and seat, stay, or sit out), where the boards go
(a table, a relay, or shared), and "turn the boards" when the next round is arrow-switched.

* :func:`move_instructions` — the list of ``Text``\\ s a table reads at the end of ``round``;
* :func:`round_notes` — what the round screen says before play: no play at this table (a sit-out),
  or an arrow switch with which pair holds which cards.

The seed's 8-pair Howell (``complete_howell(8)``, 3 boards a round), table 3 after round 1:

>>> from movements.domain.howell import complete_howell
>>> from movements.domain.guide_cards import table_cards
>>> m = complete_howell(8)
>>> line = table_cards(m)[3][0]
>>> [str(t) for t in move_instructions(line, table=3, boards_per_round=3, movement=m)]
['Pair 5: go to table 4, EW.', 'Pair 7: go to table 2, EW.', 'Boards 16–18: put them on relay R3 (between tables 2 and 3).']

Seven pairs (pair 8 the phantom): whoever meets it sits out.

>>> from movements.domain.catalogue import movement_for
>>> m7 = movement_for(7, kind="howell")
>>> line = table_cards(m7)[1][0]
>>> [str(t) for t in round_notes(line, movement=m7)]
['No play at this table in round 1: pair 1 sits out.']
"""

from __future__ import annotations

from movements.domain.guide_cards import TableCardLine, boards_of
from movements.domain.schedule import Movement
from movements.domain.text import Text as MovementText
from tables.domain.text import Text


def _sits_out(movement: Movement, round_number: int) -> set[int]:
    """The pairs meeting the phantom in ``round_number`` (they sit out)."""
    if movement.phantom is None or not 1 <= round_number <= movement.round_count:
        return set()
    out = set()
    for t in movement.rounds[round_number - 1].tables:
        if movement.phantom in (t.ns, t.ew):
            out.add(t.ew if t.ns == movement.phantom else t.ns)
    return out


def _relay_place(movement: Movement, name: str) -> MovementText | str:
    relay = next((r for r in movement.relays if r.name == name), None)
    return relay.place if relay is not None else ""


def move_instructions(line: TableCardLine, *, table: int, boards_per_round: int, movement: Movement) -> list[Text]:
    """What the table reads when ``line.round`` is over (see the module's docstring)."""
    if line.round >= movement.round_count:
        return [Text.of("move.last")]
    following = line.round + 1
    out: list[Text] = []
    sitting_out = _sits_out(movement, following)
    for pair, seat, goes in ((line.ns, "NS", line.ns_next), (line.ew, "EW", line.ew_next)):
        if pair is None:
            continue
        if pair in sitting_out:
            out.append(Text.of("move.sit_out", pair=pair, round=following))
        elif goes is not None and goes == (table, seat):
            out.append(Text.of("move.stay", pair=pair, seat=seat))
        elif goes is not None:
            out.append(Text.of("move.go", pair=pair, table=goes[0], seat=goes[1]))
    for board_set, places in zip(line.board_sets, line.boards_next):
        boards = tuple(boards_of(board_set, boards_per_round, movement.half_sets))
        if len(places) == 1:
            place = places[0]
            if isinstance(place, int):
                out.append(Text.of("move.boards_table", boards=boards, table=place))
            else:
                out.append(
                    Text.of("move.boards_relay", boards=boards, relay=place, place=_relay_place(movement, place))
                )
        elif places:
            out.append(Text.of("move.boards_shared", boards=boards, places=tuple(places)))
    if movement.rounds[following - 1].arrow_switched:
        out.append(Text.of("move.arrow", round=following))
    return out


def round_notes(line: TableCardLine | None, *, movement: Movement, round_number: int | None = None) -> list[Text]:
    """What the round screen says before play: a sit-out at this table, or an arrow switch."""
    if line is None:
        return [Text.of("round.idle", round=round_number)]
    if line.ns is None or line.ew is None:
        pair = line.ew if line.ns is None else line.ns
        if pair is None:
            return [Text.of("round.idle", round=line.round)]
        return [Text.of("round.sit_out", round=line.round, pair=pair)]
    if line.arrow_switched:
        return [Text.of("round.arrow", ns=line.ew, ew=line.ns)]
    return []
