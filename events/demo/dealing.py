"""The demo's dealing (called by ``python manage.py seed_demo``): the demo club's
finished and published sessions get boards dealt from a revealed commitment, so their hand
records and the commitment's audit can be seen at once. Idempotent: it finishes whatever an
earlier run left undone and changes nothing that is complete.
"""

from __future__ import annotations

from clubs.models import ClubRole
from dealing.models import CommitmentSession
from dealing.services import boards as board_services
from dealing.services import commitments as services

EVENT = "Demo: Riverside club sessions"
PROMISE = (
    "Demo value (a real event would name e.g. the closing value of the Dow Jones Industrial Average on a date "
    "after publishing, as published by wsj.com)"
)
DEMO_DV = "43275.91"
BOARDS = {"Monday Pairs": 24, "Thursday Howell": 21}


def seed_demo(*, club, stdout) -> None:
    role = ClubRole.objects.filter(club=club, role=ClubRole.Role.DIRECTOR).select_related("user").first()
    if role is None:
        return
    director = role.user
    sessions = [s for s in club.sessions.filter(name__in=BOARDS).order_by("date") if s.is_over]
    if not sessions:
        return
    entry = CommitmentSession.objects.filter(session__in=sessions).select_related("commitment").first()
    commitment = entry.commitment if entry else None
    if commitment is None:
        fresh = [s for s in sessions if not s.boards.exists()]
        if not fresh:
            return
        commitment = services.commitment_create(
            club=club,
            user=director,
            event=EVENT,
            promise=PROMISE,
            dv_format="decimal:2",
            sessions=[(s, BOARDS[s.name]) for s in fresh],
        )
    if commitment.is_draft:
        commitment = services.commitment_publish(commitment=commitment, user=director)
    if not commitment.has_dv:
        commitment = services.commitment_enter_dv(commitment=commitment, user=director, value=DEMO_DV)
    dealt = 0
    for item in commitment.entries.select_related("session"):
        if not item.session.boards.exists():
            # The analysis is queued when the hand record is first viewed, not now: seeding stays quick
            # (and so do the browser tests that seed the demo with Celery running tasks inline).
            board_services.session_deal_from_commitment(session=item.session, user=director, queue_analysis=False)
            dealt += 1
    if not commitment.is_revealed and all(e.session.is_over for e in commitment.entries.select_related("session")):
        commitment = services.commitment_reveal(commitment=commitment, user=director)
    if dealt:
        stdout.write(
            f"Dealt {dealt} finished session(s) from revealed commitment {commitment.commitment_hash[:12]}… "
            "(hand records; the double-dummy analysis runs on the worker when one is first viewed)"
        )
