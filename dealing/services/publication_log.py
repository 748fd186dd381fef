"""Appending to a club's publication log (``docs/commitments.md`` §9); the only writer of its entries.

The services that perform a public act on a commitment call one of these inside their own
transaction, so the act and its entry are saved together or not at all:

* :func:`log_published` — ``commitment_publish``;
* :func:`log_dv` — ``commitment_enter_dv`` (entered, or corrected naming the value replaced);
* :func:`log_session_dealt` — ``session_deal_from_commitment`` (also when a planned session is
  dealt again from it: the same deals, logged again);
* :func:`log_download` — ``dealing_file_download`` of a session dealt from a commitment;
* :func:`log_revealed` — ``commitment_reveal`` (the key, public from then on).

:func:`publication_log_append` serialises appends per club: it locks the club's row, reads the
head, and writes the next position with the head's hash in it; the unique (club, position)
constraint refuses a second entry at a position even if a writer skipped the lock, so two acts
can never fork the chain. The time of an entry is never earlier than its head's (a machine with
a clock behind the others writes the head's time), so times along the chain never go back.
No entry carries a secret before its reveal, a deal, or a person's name.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.utils import timezone

from clubs.models import Club
from dealing.domain import publication_log as domain
from dealing.models import Commitment, PublicationLogEntry


@transaction.atomic
def publication_log_append(*, commitment: Commitment, act: str, data: Mapping[str, str]) -> PublicationLogEntry:
    """Append one act on ``commitment`` (published, not a draft) to its club's log."""
    Club.objects.select_for_update().only("pk").get(pk=commitment.club_id)
    head = PublicationLogEntry.objects.filter(club_id=commitment.club_id).order_by("-position").first()
    now = timezone.now()
    if head is not None and head.recorded_at > now:
        now = head.recorded_at
    entry = domain.next_entry(
        head.to_domain() if head else None,
        time=domain.time_text(now),
        act=act,
        commitment=commitment.commitment_hash,
        data=data,
    )
    return PublicationLogEntry.objects.create(
        club_id=commitment.club_id,
        position=entry.position,
        previous_hash=entry.previous,
        recorded_at=now,
        act=act,
        commitment=commitment,
        commitment_hash=entry.commitment,
        data=dict(entry.data),
        entry_hash=entry.hash,
    )


def log_published(*, commitment: Commitment) -> PublicationLogEntry:
    return publication_log_append(
        commitment=commitment, act=domain.PUBLISHED, data=domain.published_data(commitment.published_commitment())
    )


def log_dv(*, commitment: Commitment, previous: str) -> PublicationLogEntry:
    """The DV just saved on ``commitment``; ``previous`` is the value it replaced (empty: the first)."""
    return publication_log_append(
        commitment=commitment,
        act=domain.DV_CORRECTED if previous else domain.DV_ENTERED,
        data=domain.dv_data(commitment.delayed_value, previous),
    )


def log_session_dealt(*, commitment: Commitment, label: str, boards: int) -> PublicationLogEntry:
    return publication_log_append(
        commitment=commitment, act=domain.SESSION_DEALT, data=domain.session_dealt_data(label, boards)
    )


def log_download(
    *, commitment: Commitment, label: str, boards: int, file_format: str, sha256: str, session_status: str
) -> PublicationLogEntry:
    return publication_log_append(
        commitment=commitment,
        act=domain.DOWNLOADED,
        data=domain.download_data(label, boards, file_format, sha256, session_status),
    )


def log_revealed(*, commitment: Commitment) -> PublicationLogEntry:
    return publication_log_append(
        commitment=commitment,
        act=domain.REVEALED,
        data=domain.revealed_data(commitment.revealed_key(), commitment.delayed_value),
    )
