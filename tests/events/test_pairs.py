"""A session's pairs: named a whole page at once (all or nothing), each player a member of the club or a guest."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from clubs.models import Pair, Session
from clubs.services import member_create
from events.pairs import pair_set, pairs_set

pytestmark = pytest.mark.django_db


@pytest.fixture
def members(club):
    names = [("Ada", "Adamska"), ("Bruno", "Bianchi"), ("Celia", "Carter"), ("Dmitri", "Dvorak")]
    return [member_create(club=club, first_name=first, last_name=last) for first, last in names]


@pytest.fixture
def seven_pairs(club_session, director):
    """A 7-pair Howell (a phantom: one pair sits out each round)."""
    from movements.services import session_movement_choose

    session_movement_choose(session=club_session, user=director, pairs=7, boards_per_round=3)
    club_session.refresh_from_db()
    return club_session


def pairs_of(session) -> dict[str, tuple[str, str]]:
    return {p.label: p.player_names for p in Pair.objects.filter(session=session)}


def test_pair_set_creates_then_updates_a_pair(seven_pairs, members):
    ada, bruno, celia, _ = members
    pair = pair_set(session=seven_pairs, number=3, player_1=ada, player_2_name="  Zofia   Gość ")
    assert (pair.label, pair.player_names, pair.player_2_name) == ("3", ("Ada Adamska", "Zofia Gość"), "Zofia Gość")
    again = pair_set(session=seven_pairs, number=3, player_1=bruno.pk, player_2=celia)
    assert again.pk == pair.pk and again.names == "Bruno Bianchi – Celia Carter" and again.player_2_name == ""
    assert Pair.objects.filter(session=seven_pairs).count() == 1


def test_pairs_set_saves_a_page_of_pairs(seven_pairs, members):
    ada, bruno, celia, dmitri = members
    saved = pairs_set(
        session=seven_pairs,
        rows=[
            {"number": 2, "player_1": celia, "player_2": dmitri},
            {"number": 1, "player_1": ada, "player_2": bruno},
            {"number": 7, "player_1_name": "Jan Gość"},
        ],
    )
    assert [p.label for p in saved] == ["2", "1", "7"]
    assert pairs_of(seven_pairs) == {
        "1": ("Ada Adamska", "Bruno Bianchi"),
        "2": ("Celia Carter", "Dmitri Dvorak"),
        "7": ("Jan Gość", ""),
    }


def test_members_may_swap_pairs_in_one_page(seven_pairs, members):
    ada, bruno, celia, dmitri = members
    pairs_set(
        session=seven_pairs,
        rows=[{"number": 1, "player_1": ada, "player_2": bruno}, {"number": 2, "player_1": celia, "player_2": dmitri}],
    )
    pairs_set(
        session=seven_pairs,
        rows=[{"number": 1, "player_1": celia, "player_2": dmitri}, {"number": 2, "player_1": ada, "player_2": bruno}],
    )
    assert pairs_of(seven_pairs)["2"] == ("Ada Adamska", "Bruno Bianchi")


def refused(session, rows) -> dict[str, list[str]]:
    before = pairs_of(session)
    with pytest.raises(ValidationError) as caught:
        pairs_set(session=session, rows=rows)
    assert pairs_of(session) == before  # all or nothing
    return caught.value.message_dict


def test_one_bad_row_saves_nothing_and_names_the_row_and_field(seven_pairs, members, other_club):
    ada, bruno, celia, dmitri = members
    stranger = member_create(club=other_club, first_name="Hal", last_name="Hill")
    errors = refused(
        seven_pairs,
        [
            {"number": 1, "player_1": ada, "player_2": bruno},
            {"number": 2, "player_1": celia, "player_2": stranger},
        ],
    )
    assert errors == {"pairs[1].player_2": ["Pair 2: Hal Hill is not a member of Riverside Bridge Club."]}


@pytest.mark.parametrize(
    "rows, field, message",
    [
        (
            [{"number": 9}],
            "pairs[0].number",
            "Pair 9 is not in this session's movement (its pairs are 1, 2, 3, 4, 5, 6, 7).",
        ),
        ([{"number": 8}], "pairs[0].number", "Pair 8 is not in this session's movement"),  # the phantom
        ([{"number": 0}], "pairs[0].number", "Give the pair's number"),
        ([{"number": "x"}], "pairs[0].number", "Give the pair's number"),
        ([{"number": 1}, {"number": 1}], "pairs[1].number", "Pair 1 is given twice."),
        ([{"number": 1, "direction": "NW"}], "pairs[0].direction", "Pair 1NW: the direction is NS, EW or empty."),
        (
            [{"number": 1, "player_1": 999999}],
            "pairs[0].player_1",
            "Pair 1: Riverside Bridge Club has no member 999999.",
        ),
        ([{"number": 1, "player_2_name": "x" * 121}], "pairs[0].player_2", "Pair 1: Ensure this value has at most 120"),
    ],
)
def test_bad_rows_are_refused_at_their_field(seven_pairs, rows, field, message):
    errors = refused(seven_pairs, rows)
    assert list(errors) == [field] and errors[field][0].startswith(message)


def test_a_player_is_a_member_or_a_guest_not_both(seven_pairs, members):
    errors = refused(seven_pairs, [{"number": 4, "player_1": members[0], "player_1_name": "Ada A."}])
    assert errors == {"pairs[0].player_1": ["Pair 4: a player is a member or a guest, not both."]}


def test_a_member_plays_once_in_a_session(seven_pairs, members):
    ada, bruno, celia, _ = members
    errors = refused(
        seven_pairs,
        [{"number": 1, "player_1": ada, "player_2": bruno}, {"number": 2, "player_1": celia, "player_2": ada}],
    )
    assert errors == {
        "pairs[0].player_1": ["Pair 1: Ada Adamska already plays in pair 2."],
        "pairs[1].player_2": ["Pair 2: Ada Adamska already plays in pair 1."],
    }
    assert refused(seven_pairs, [{"number": 3, "player_1": ada, "player_2": ada}]) == {
        "pairs[0].player_1": ["Pair 3: Ada Adamska already plays in pair 3."],
        "pairs[0].player_2": ["Pair 3: Ada Adamska already plays in pair 3."],
    }
    pair_set(session=seven_pairs, number=5, player_1=ada)  # saved earlier, on another page
    assert refused(seven_pairs, [{"number": 6, "player_2": ada}]) == {
        "pairs[0].player_2": ["Pair 6: Ada Adamska already plays in pair 5."]
    }
    with pytest.raises(ValidationError) as caught:  # one pair: the field alone
        pair_set(session=seven_pairs, number=6, player_2=ada)
    assert caught.value.message_dict == {"player_2": ["Pair 6: Ada Adamska already plays in pair 5."]}


def test_errors_come_in_the_pages_order(seven_pairs, members):
    rows = [{"number": n} for n in range(1, 8)] + [{"number": 12}, {"number": 11}]
    rows[1]["player_1"] = rows[2]["player_1"] = members[0]
    assert list(refused(seven_pairs, rows)) == [
        "pairs[1].player_1",
        "pairs[2].player_1",
        "pairs[7].number",
        "pairs[8].number",
    ]


def test_no_movement_no_pairs(club_session):
    with pytest.raises(ValidationError) as caught:
        pair_set(session=club_session, number=1, player_1_name="Jan Gość")
    assert caught.value.messages == ["This session has no movement yet: choose one before naming its pairs."]


def test_once_results_are_final_the_pairs_stay(seven_pairs, members):
    pair_set(session=seven_pairs, number=1, player_1=members[0], player_2=members[1])
    Session.objects.filter(pk=seven_pairs.pk).update(status=Session.Status.PUBLISHED)
    with pytest.raises(ValidationError) as caught:
        pair_set(session=seven_pairs, number=1, player_1=members[0], player_2=members[2])
    assert caught.value.messages == ["The results of this session are final: its pairs can no longer change."]
    assert pairs_of(seven_pairs)["1"] == ("Ada Adamska", "Bruno Bianchi")
    same = pair_set(session=seven_pairs, number=1, player_1=members[0], player_2=members[1])  # the same again: fine
    assert same.names == "Ada Adamska – Bruno Bianchi"


def test_polish_messages(seven_pairs, members):
    from django.utils import translation

    with translation.override("pl"):
        errors = refused(seven_pairs, [{"number": 9}])
    assert errors["pairs[0].number"][0].startswith("Pary 9 nie ma w ruchu tego turnieju")
