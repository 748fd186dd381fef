"""Entries, confirmations, retries, corrections and conflicts at a table: one result per board, none lost,
none twice, nothing overwritten; bad input refused with nothing recorded changed."""

from __future__ import annotations

import pytest

from clubs.models import Session
from scoring.models import Result
from scoring.selectors.layout import session_layout
from tables.domain.errors import TableError
from tables.models import Conflict, Submission
from tables.services.submissions import correction_request, entry_confirm, entry_submit

FOUR_S = {"level": 4, "strain": "S", "declarer": "N", "relative": "="}
FOUR_S_DOWN = {"level": 4, "strain": "S", "declarer": "N", "relative": "-1"}


def first_board(howell, table_number=1):
    return session_layout(howell).meeting(round=1, table=table_number).boards[0]


def test_an_entry_confirmed_by_the_other_side_is_one_result(howell, phone, key):
    device = phone(1)
    board = first_board(howell)
    answer = entry_submit(device=device, key=key(), data={"board": board, **FOUR_S})
    assert answer.status == "pending" and Result.objects.count() == 0
    confirmed = entry_confirm(device=device, key=key(), entry=answer.entry, side="EW")
    assert confirmed.status == "confirmed"
    result = Result.objects.get()
    assert (result.board, result.level, result.strain, result.tricks, result.round, result.table) == (
        board,
        4,
        "S",
        10,
        1,
        1,
    )


def test_retries_double_taps_and_a_second_phone_give_one_result(howell, phone, key):
    first, second = phone(1), phone(1)
    board = first_board(howell)
    k1 = key()
    a1 = entry_submit(device=first, key=k1, data={"board": board, **FOUR_S})
    assert entry_submit(device=first, key=k1, data={"board": board, **FOUR_S}) == a1  # a retry
    a2 = entry_submit(device=second, key=key(), data={"board": board, **FOUR_S})  # another phone, same result
    assert a2.status == "pending" and a2.entry == a1.entry
    c1 = key()
    entry_confirm(device=second, key=c1, entry=a2.key, side="EW")  # confirms via its own key
    entry_confirm(device=second, key=c1, entry=a2.key, side="EW")  # retried
    entry_confirm(device=first, key=key(), entry=a1.key, side="EW")  # and from the first phone
    entry_submit(device=first, key=key(), data={"board": board, **FOUR_S})  # entered again after
    assert Result.objects.count() == 1
    assert not Conflict.objects.exists()


def test_a_correction_before_confirmation_replaces_the_pending_entry(howell, phone, key):
    device = phone(1)
    board = first_board(howell)
    a1 = entry_submit(device=device, key=key(), data={"board": board, **FOUR_S})
    a2 = entry_submit(device=device, key=key(), data={"board": board, **FOUR_S_DOWN}, replaces=a1.entry)
    with pytest.raises(TableError) as error:
        entry_confirm(device=device, key=key(), entry=a1.entry, side="EW")  # the old one: no
    assert error.value.code == "replaced"
    entry_confirm(device=device, key=key(), entry=a2.entry, side="EW")
    assert Result.objects.get().tricks == 9
    assert Submission.objects.get(key=a1.key).status == Submission.Status.REPLACED


def test_two_different_results_are_a_conflict_kept_for_the_director(howell, phone, key, director):
    from tables.services.director import conflict_resolve

    first, second = phone(1), phone(1)
    board = first_board(howell)
    entry_submit(device=first, key=key(), data={"board": board, **FOUR_S})
    answer = entry_submit(device=second, key=key(), data={"board": board, **FOUR_S_DOWN})
    assert answer.status == "conflict"
    conflict = Conflict.objects.get()
    assert conflict.submissions.count() == 2 and Result.objects.count() == 0
    with pytest.raises(TableError):
        entry_confirm(device=first, key=key(), entry=answer.key, side="EW")
    chosen = conflict.submissions.get(key=answer.key)
    conflict_resolve(conflict=conflict, user=director, choice=chosen.pk, reason="the table agreed: one down")
    assert Result.objects.get().tricks == 9
    conflict.refresh_from_db()
    assert conflict.resolved_at is not None


def test_a_different_result_after_confirmation_does_not_overwrite_it(howell, phone, key):
    device = phone(1)
    board = first_board(howell)
    a = entry_submit(device=device, key=key(), data={"board": board, **FOUR_S})
    entry_confirm(device=device, key=key(), entry=a.entry, side="EW")
    late = entry_submit(device=phone(1), key=key(), data={"board": board, **FOUR_S_DOWN})
    assert late.status == "conflict"
    assert Result.objects.get().tricks == 10
    assert Conflict.objects.filter(resolved_at__isnull=True).count() == 1


@pytest.mark.parametrize("adjusted", ["artificial", "assigned"])
def test_an_entry_after_the_directors_adjusted_score_is_a_conflict_not_a_crash(howell, phone, key, director, adjusted):
    """The director gave the board an adjusted score (Average+/Average−, or an assigned −100) before the table's
    phone sent its result: the entry is kept as a conflict for the director, and the adjusted score stands (the
    comparison used to read a contract the adjusted score does not have: a server error on the phone)."""
    from scoring.domain.results import Artificial, Assigned
    from scoring.services.results import result_record

    board = first_board(howell)
    meeting = session_layout(howell).meeting(round=1, table=1)
    pairs = {p.label: p for p in howell.pairs.all()}
    score = Artificial(60, 40) if adjusted == "artificial" else Assigned.of(-100)
    result_record(session=howell, board=board, ns_pair=pairs[meeting.ns], ew_pair=pairs[meeting.ew], result=score,
                  user=director, round=1, table=1, reason="a fouled board")  # fmt: skip
    answer = entry_submit(device=phone(1), key=key(), data={"board": board, **FOUR_S})
    assert answer.status == "conflict"
    assert Conflict.objects.filter(resolved_at__isnull=True).count() == 1
    assert Result.objects.count() == 1 and Result.objects.get().level is None


@pytest.mark.parametrize(
    "data, field",
    [
        ({"board": 99, **FOUR_S}, "board"),  # a board not in this round
        ({"board": "B", **FOUR_S}, "board"),
        ({"level": 8, "strain": "S", "declarer": "N", "tricks": 9}, "level"),  # 8S
        ({"level": 4, "strain": "S", "declarer": "N", "tricks": 14}, "tricks"),
        ({"level": 4, "strain": "S", "tricks": 9}, "declarer"),
    ],
)
def test_bad_input_is_refused_and_nothing_changes(howell, phone, key, data, field):
    device = phone(1)
    data = {"board": first_board(howell), **data}
    with pytest.raises(TableError) as error:
        entry_submit(device=device, key=key(), data=data)
    assert error.value.field == field
    assert not Submission.objects.exists() and not Result.objects.exists()


def test_the_side_that_entered_cannot_confirm(howell, phone, key):
    device = phone(1)
    a = entry_submit(device=device, key=key(), data={"board": first_board(howell), **FOUR_S})
    with pytest.raises(TableError) as error:
        entry_confirm(device=device, key=key(), entry=a.entry, side="NS")
    assert error.value.field == "side"
    assert "EW must confirm" in str(error.value)
    assert not Result.objects.exists()


def test_a_board_of_the_next_round_waits_for_the_director(howell, phone, key, director):
    from tables.services.setup import round_release

    board = session_layout(howell).meeting(round=2, table=1).boards[0]
    with pytest.raises(TableError) as error:
        entry_submit(device=phone(1), key=key(), data={"board": board, "round": 2, **FOUR_S})
    assert "has not started yet" in str(error.value)
    round_release(session=howell, user=director, round_number=2, playing_confirmed=True)  # tables still playing
    round_release(session=howell, user=director, round_number=2)  # twice: still round 2
    assert entry_submit(device=phone(1), key=key(), data={"board": board, **FOUR_S}).round == 2


def test_a_finished_session_or_a_locked_table_takes_nothing(howell, phone, key, director):
    from tables.services.setup import table_lock

    device = phone(2)
    board = first_board(howell, 2)
    table_lock(session=howell, user=director, table_number=2, locked=True)
    with pytest.raises(TableError, match="locked table 2"):
        entry_submit(device=device, key=key(), data={"board": board, **FOUR_S})
    table_lock(session=howell, user=director, table_number=2, locked=False)
    Session.objects.filter(pk=howell.pk).update(status=Session.Status.FINISHED)
    with pytest.raises(TableError, match="is over"):
        entry_submit(device=device, key=key(), data={"board": board, **FOUR_S})
    assert not Result.objects.exists()


def test_a_table_asks_the_director_to_correct(howell, phone, key):
    from tables.models import CorrectionRequest

    board = first_board(howell)
    correction_request(device=phone(1), key=key(), board=board, note="declarer was S, not N")
    assert CorrectionRequest.objects.get().note == "declarer was S, not N"
    with pytest.raises(TableError):
        correction_request(device=phone(1), key=key(), board=board, note=" ")


@pytest.mark.parametrize("movement", [dict(pairs=8), dict(pairs=14, kind="mitchell")], ids=["howell", "mitchell"])
def test_a_phone_reads_only_the_two_pairs_of_its_line(club_session, director, movement):
    """An entry or a confirmation needs the two pairs of its table's line, not the session's every pair with their
    players (60 in a 30-table evening, read on every submission): ``meeting_pairs`` reads those two and gives the
    same pairs as the whole read, for every line of a Howell and of a Mitchell."""
    from clubs.models import Pair
    from movements.services import session_movement_choose
    from tables.selectors.context import session_context

    session_movement_choose(session=club_session, user=director, boards_per_round=2, **movement)
    club_session.refresh_from_db()
    from scoring.services.sessions import session_pairs_ensure

    session_pairs_ensure(session=club_session)
    Pair.objects.filter(session=club_session, number=2).update(player_1_name="Ada Adamska")
    whole = session_context(club_session)
    meetings = [m for m in whole.layout.meetings if m.ns is not None and m.ew is not None]
    assert meetings
    for meeting in meetings:
        context = session_context(club_session)
        ns, ew = context.meeting_pairs(meeting)
        assert "pairs" not in context.__dict__  # the session's pairs were not read
        assert (ns, ew) == (whole.pair(meeting.ns), whole.pair(meeting.ew)) and ns is not None and ew is not None
        assert (ns.label, ew.label, ns.names, ew.names) == (
            meeting.ns,
            meeting.ew,
            whole.pair(meeting.ns).names,
            whole.pair(meeting.ew).names,
        )
