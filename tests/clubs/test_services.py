"""Writes to sessions: boards per round is the session's own field, set in one place."""

import pytest
from django.core.exceptions import ValidationError

from clubs.models import Session
from clubs.services import session_set_boards_per_round

pytestmark = pytest.mark.django_db


def test_session_set_boards_per_round_saves_the_one_copy(club_session):
    session_set_boards_per_round(session=club_session, boards_per_round=4)
    assert Session.objects.get(pk=club_session.pk).boards_per_round == 4


def test_session_set_boards_per_round_refuses_zero_naming_the_field(club_session):
    with pytest.raises(ValidationError) as caught:
        session_set_boards_per_round(session=club_session, boards_per_round=0)
    assert caught.value.message_dict == {"boards_per_round": ["Ensure this value is greater than or equal to 1."]}
    assert Session.objects.get(pk=club_session.pk).boards_per_round == 3
