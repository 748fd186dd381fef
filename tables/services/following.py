"""Phones that follow their pairs (issue 24 item 9): in a Howell everybody moves, and players' own phones go with
them. The director chooses per session (``TableSession.phones``, ``setup.phones_set``): a table's phone stays at the
table (today's way, the default), or a pair's phone follows its pair.

* ``device_pair_set`` — the phone says, once, which pair it goes with: one of the pairs at its table in the round
  the table is in (a pair sitting out there too); from then on it is there for that pair's round;
* ``device_follow`` — once the phone's table has gone on past the pair's round (after that round's move
  instructions: the director started the next round, or a late table said it has moved), the phone joins the
  pair's table of the next round by itself — no QR code or PIN again — and, while the pair sits out, the table where
  it sits out; never a table where the pair does not play. Asked again, it changes nothing.

A table may so end up with two phones or none: the table card's QR code and PIN still join any phone, and two
phones at one table work as any two phones do (the same result is the same; different results are a conflict).
"""

from __future__ import annotations

from django.db import transaction

from tables.domain.errors import TableError
from tables.domain.moves import pair_place
from tables.domain.text import Text
from tables.models import Device, Table, TableSession
from tables.selectors.context import session_context
from tables.selectors.table import table_position_now


def _locked_device(device: Device) -> Device:
    found = (
        Device.objects.select_for_update()
        .select_related("table__table_session__session__club")
        .filter(pk=device.pk, left_at__isnull=True)
        .first()
    )
    if found is None:
        raise TableError(Text.of("device.unknown"), field=None, code="not_joined")
    session = found.table.table_session.session
    if session.is_over:
        raise TableError(Text.of("session.over", session=session.name), field=None, code="session_over")
    if found.table.table_session.phones != TableSession.Phones.PAIR:
        raise TableError(Text.of("follow.stays", table=found.table.number), field=None, code="phones_stay")
    return found


def pairs_at(context, table: Table, round_number: int) -> list[int]:
    """The pairs at ``table`` in ``round_number`` by its table card (a pair sitting out there too)."""
    line = context.card_line(table.number, round_number)
    return [p for p in (line.ns, line.ew) if p is not None] if line is not None else []


@transaction.atomic
def device_pair_set(*, device: Device, pair) -> Device:
    """This phone goes with ``pair`` (one of the pairs at its table now: else a ``TableError`` naming them)."""
    device = _locked_device(device)
    table = device.table
    context = session_context(table.table_session.session)
    position = table_position_now(context, table)
    here = pairs_at(context, table, position.round)
    typed = str(pair if pair is not None else "").strip()
    number = int(typed) if typed.isdigit() else None
    if number is None or number not in here:
        raise TableError(
            Text.of(
                "follow.pair_not_here",
                pair=typed[:12] or "?",
                table=table.number,
                round=position.round,
                pairs=tuple(here),
            ),
            field="pair",
        )
    device.pair, device.round = str(number), position.round
    device.save(update_fields=["pair", "round"])
    return device


@transaction.atomic
def device_follow(*, device: Device) -> tuple[Device, bool]:
    """The phone joins its pair's table of the next round once its table has gone on past the pair's round (see the
    module's docstring); returns the phone and whether it moved. A phone not said to be a pair's stays."""
    device = _locked_device(device)
    if not device.pair.isdigit():
        return device, False
    pair = int(device.pair)
    table = device.table
    table_session = table.table_session
    context = session_context(table_session.session)
    moved = False
    for _step in context.rounds:  # at most one step a round (a phone that was off for a while catches up)
        if table_position_now(context, table).round <= device.round:
            break
        place = pair_place(context.cards, pair, device.round + 1)
        if place is None:
            break
        table = Table.objects.select_related("table_session__session__club").get(
            table_session=table_session, number=place.table
        )
        device.table, device.round, moved = table, device.round + 1, True
    if moved:
        device.save(update_fields=["table", "round"])
    return device, moved
