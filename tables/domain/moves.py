"""The move instructions at the end of a round, from the movement's table cards (``table_cards``), never
worked out again here: where each pair goes (table and seat, stay, or sit out), where the boards go
(a table, a relay, or shared), and "turn the boards" when the next round is arrow-switched.

* :func:`move_instructions` — the list of ``Text``\\ s a table reads at the end of ``round``;
* :func:`round_notes` — what the round screen says before play: no play at this table (a sit-out),
  or an arrow switch with which pair holds which cards;
* :func:`pair_place` — where a pair is in a round (its table and seat, or the table where it sits out);
* :func:`phone_move` — what the move screen says of the phone itself: it stays at the table ("leave this phone
  at table 3"), or it goes with its pair and joins the pair's next table by itself (the session's choice).

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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

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


@dataclass(frozen=True)
class PairPlace:
    table: int
    seat: str  # "NS" or "EW", as the table card says it
    sits_out: bool  # the pair meets the phantom there: no play


def pair_place(cards: Mapping[int, Sequence[TableCardLine]], pair: int, round_number: int) -> PairPlace | None:
    """Where ``pair`` is in ``round_number`` by the table cards (``table_cards``), a sit-out at the phantom's table
    included; None if the cards do not have it in that round.

    >>> from movements.domain.catalogue import movement_for
    >>> from movements.domain.guide_cards import table_cards
    >>> cards = table_cards(movement_for(7, kind="howell"))
    >>> pair_place(cards, 1, 1), pair_place(cards, 1, 2)
    (PairPlace(table=1, seat='EW', sits_out=True), PairPlace(table=3, seat='EW', sits_out=False))
    """
    for table, lines in sorted(cards.items()):
        for line in lines:
            if line.round == round_number and pair in (line.ns, line.ew):
                return PairPlace(table, "NS" if line.ns == pair else "EW", line.ns is None or line.ew is None)
    return None


def phone_move(
    cards: Mapping[int, Sequence[TableCardLine]],
    *,
    table: int,
    round_number: int,
    last_round: int,
    follows: bool,
    pair: int | None,
) -> Text | None:
    """What the move screen says of the phone at ``table`` after ``round_number`` (None after the last round): it
    stays at the table, or (``follows``) it goes with ``pair`` to the pair's next table, or waits with it while it
    sits out; a phone not yet said to be a pair's stays unless the players say whose it is.

    >>> from movements.domain.catalogue import movement_for
    >>> from movements.domain.guide_cards import table_cards
    >>> cards = table_cards(movement_for(7, kind="howell"))
    >>> str(phone_move(cards, table=3, round_number=1, last_round=7, follows=False, pair=None))
    'Leave this phone at table 3: the players who come to table 3 next use it.'
    >>> str(phone_move(cards, table=3, round_number=1, last_round=7, follows=True, pair=5))
    'This phone goes with pair 5: when round 2 starts it joins table 4, EW, by itself (no code or PIN).'
    >>> str(phone_move(cards, table=2, round_number=1, last_round=7, follows=True, pair=2))
    'Pair 2 sits out round 2: this phone goes with it and joins its next table by itself.'
    >>> phone_move(cards, table=3, round_number=7, last_round=7, follows=True, pair=4) is None
    True
    """
    if round_number >= last_round:
        return None
    if not follows:
        return Text.of("phone.stays", table=table)
    if pair is None:
        return Text.of("phone.whose", table=table)
    place = pair_place(cards, pair, round_number + 1)
    if place is None or place.sits_out:
        return Text.of("phone.sits_out", pair=pair, round=round_number + 1)
    return Text.of("phone.follows", pair=pair, table=place.table, seat=place.seat, round=round_number + 1)
