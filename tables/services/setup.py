"""The director's writes that set the evening up and move it on.

* ``table_settings_set`` — a club's table settings (lead, traveller, tricks, minutes a board);
* ``table_entry_start`` — table entry for a session: a table code and PIN for every table of its
  movement, round 1 released, the session put in play (planned → in play);
* ``table_codes_renew`` — new codes and PINs for every table (old cards and joined phones stop working);
* ``round_release`` — release the next round (idempotent: releasing a round already released changes
  nothing, so a double click or two directors never skip a round); while tables are still playing, only
  when the director has been told how many and said so (``playing_confirmed``); the tables that had finished the round
  before have read its move instructions while they waited, so they go straight on to the new round, and a
  table still playing reads its moves when it finishes (``Table.moved_round``);
* ``live_ranking_set`` — whether the players' phones show the ranking so far between rounds;
* ``phones_set`` — whether a table's phone stays at the table or a pair's phone follows its pair
  (``tables.services.following``), chosen when table entry starts and changed in the room;
* ``table_lock`` — lock or unlock a table (a locked table's phones can enter nothing).

Rounds are released only while the session is in play; once its results are published the live room is
closed (``room_open_check``) and nothing here changes a table.
"""

from __future__ import annotations

import secrets

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.shortcuts import get_object_or_404
from django.utils import timezone

from clubs.models import Club, Session
from clubs.permissions import can_direct
from scoring.models import Result
from scoring.services.sessions import session_pairs_ensure, session_status_set
from tables.domain.codes import new_code, new_pin
from tables.domain.errors import TableError
from tables.domain.text import Text
from tables.models import Conflict, Device, Table, TableSession, TableSettings
from tables.selectors.context import session_context


def require_director(user, club_id: int) -> None:
    if not can_direct(user, club_id):
        raise PermissionDenied("Only the club's directors may do this.")


def room_open_check(session: Session) -> None:
    """The live room acts only until the results are published; then it is closed (``TableError``)."""
    if session.is_published:
        raise TableError(Text.of("director.room_closed"), field=None)


def table_settings_get(club: Club) -> TableSettings:
    return TableSettings.objects.filter(club=club).first() or TableSettings(club=club)


@transaction.atomic
def table_settings_set(
    *, club: Club, user, record_lead: bool, show_traveller: bool, tricks: str, minutes_per_board: int
) -> TableSettings:
    require_director(user, club.pk)
    settings, _created = TableSettings.objects.get_or_create(club=club)
    settings.record_lead, settings.show_traveller = bool(record_lead), bool(show_traveller)
    settings.tricks = tricks if tricks in TableSettings.Tricks.values else TableSettings.Tricks.RELATIVE
    settings.minutes_per_board = max(1, min(int(minutes_per_board), 60))
    settings.save()
    return settings


def unique_code() -> str:
    for _attempt in range(50):
        code = new_code(secrets.randbelow)
        if not Table.objects.filter(code=code).exists():
            return code
    raise RuntimeError("no free table code")  # 25^5 codes: never in practice


@transaction.atomic
def table_entry_start(*, session: Session, user, phones: str | None = None) -> TableSession:
    """Start table entry (idempotent: a started session keeps its codes); ``phones``: whether a table's phone stays
    at the table (the default) or a pair's phone follows its pair (``TableSession.Phones``)."""
    require_director(user, session.club_id)
    session = Session.objects.select_for_update().get(pk=session.pk)
    if session.is_over:
        raise TableError(Text.of("session.over", session=session.name), field=None)
    context = session_context(session)
    if context.movement is None or not context.layout.meetings:
        raise TableError(Text.of("director.no_movement"), field=None)

    session_pairs_ensure(session=session)
    table_session, created = TableSession.objects.get_or_create(
        session=session,
        defaults={
            "started_by": user,
            "released_round": 1,
            "released_at": timezone.now(),
            "phones": _phones_choice(phones),
        },
    )
    if not created and phones:
        table_session.phones = _phones_choice(phones)
        table_session.save(update_fields=["phones"])
    have = set(table_session.tables.values_list("number", flat=True))
    for number in context.tables:
        if number not in have:
            for _attempt in range(5):
                try:
                    with transaction.atomic():
                        Table.objects.create(
                            table_session=table_session,
                            number=number,
                            code=unique_code(),
                            pin=new_pin(secrets.randbelow),
                        )
                    break
                except IntegrityError:  # a code taken at the same moment: draw again
                    continue
    if session.status == Session.Status.PLANNED:
        session_status_set(session=session, status=Session.Status.RUNNING)
    return table_session


@transaction.atomic
def table_codes_renew(*, session: Session, user) -> None:
    require_director(user, session.club_id)
    now = timezone.now()
    for table in Table.objects.select_for_update().filter(table_session__session=session):
        table.code, table.pin = unique_code(), new_pin(secrets.randbelow)
        table.save(update_fields=["code", "pin"])
        Device.objects.filter(table=table, left_at__isnull=True).update(left_at=now)


@transaction.atomic
def round_release(*, session: Session, user, round_number: int, playing_confirmed: bool = False) -> TableSession:
    """Release ``round_number`` (the next one); releasing a round already released changes nothing. While tables are
    still playing (``tables.selectors.room.tables_still_playing``), the director must have been asked and said yes
    (``playing_confirmed``): else a ``TableError`` saying how many tables are still playing, and nothing changes."""
    from tables.selectors.room import tables_still_playing  # (the room reads the settings here: a cycle at the top)

    require_director(user, session.club_id)
    room_open_check(session)
    table_session = TableSession.objects.select_for_update().filter(session=session).first()
    if table_session is None:
        raise TableError(Text.of("director.not_started"), field=None)
    rounds = session_context(session).rounds
    if round_number <= table_session.released_round:
        return table_session
    if session.status != Session.Status.RUNNING:
        raise TableError(Text.of("director.not_running", session=session.name), field="round")
    if round_number not in rounds:
        raise TableError(Text.of("director.last_round", round=table_session.released_round), field="round")
    playing = tables_still_playing(session=session)
    if playing and not playing_confirmed:
        raise TableError(
            Text.of("director.tables_playing", count=len(playing), tables=tuple(playing), round=round_number),
            field="round",
        )
    _waiting_tables_moved_on(session, table_session)
    table_session.released_round = round_number
    table_session.released_at = timezone.now()
    table_session.save(update_fields=["released_round", "released_at"])
    return table_session


def _waiting_tables_moved_on(session: Session, table_session: TableSession) -> None:
    """Before the next round is released: every table done with the round released so far has shown its move
    instructions while it waited (its phone goes on to the new round at once); the others will show theirs when
    they finish."""
    # (tables.selectors.table imports this module: imported here, when the release needs it)
    from tables.selectors.context import session_context

    # at call time: tables.selectors.table imports this module (table_settings_get)
    from tables.selectors.table import table_position_now

    context = session_context(session)
    rows = {(r.board, r.ns_pair_id, r.ew_pair_id): r for r in Result.objects.filter(session=session)}
    open_conflicts: dict[int, set[tuple[int, int]]] = {}
    for c in Conflict.objects.filter(table__table_session=table_session, resolved_at__isnull=True):
        open_conflicts.setdefault(c.table_id, set()).add((c.round, c.board))
    waiting = table_session.released_round
    for table in Table.objects.select_for_update().filter(table_session=table_session, moved_round__lt=waiting):
        table.table_session = table_session
        position = table_position_now(context, table, rows=rows, conflicts=open_conflicts.get(table.pk, set()))
        if position.round == waiting and not position.playing:
            table.moved_round = waiting
            table.save(update_fields=["moved_round"])


@transaction.atomic
def live_ranking_set(*, session: Session, user, shown: bool) -> TableSession:
    """Show the players the ranking so far on the tables' phones between rounds, or stop showing it."""
    require_director(user, session.club_id)
    table_session = TableSession.objects.select_for_update().filter(session=session).first()
    if table_session is None:
        raise TableError(Text.of("director.not_started"), field=None)
    table_session.live_ranking = bool(shown)
    table_session.save(update_fields=["live_ranking"])
    return table_session


def _phones_choice(phones: str | None) -> str:
    if not phones:
        return TableSession.Phones.TABLE
    if phones not in TableSession.Phones.values:
        raise TableError(Text.of("director.phones_unknown", phones=str(phones)[:12]), field="phones")
    return phones


@transaction.atomic
def phones_set(*, session: Session, user, phones: str) -> TableSession:
    """A table's phone stays at its table (``table``), or a pair's phone follows its pair (``pair``)."""
    require_director(user, session.club_id)
    room_open_check(session)
    table_session = TableSession.objects.select_for_update().filter(session=session).first()
    if table_session is None:
        raise TableError(Text.of("director.not_started"), field=None)
    table_session.phones = _phones_choice(phones)
    table_session.save(update_fields=["phones"])
    return table_session


@transaction.atomic
def table_lock(*, session: Session, user, table_number: int, locked: bool) -> Table:
    require_director(user, session.club_id)
    room_open_check(session)
    table = get_object_or_404(Table.objects.select_for_update(), table_session__session=session, number=table_number)
    table.locked = bool(locked)
    table.save(update_fields=["locked"])
    return table
