"""Reading a club's publication log (``docs/commitments.md`` §9), with its visibility rule.

The log is **public**: it holds only what the club has published (commitments' public parts,
delayed values, which session was dealt and which file downloaded when, keys once revealed),
never a key before its reveal, a deal or a person. Anyone, logged in or not, may read the log
of a club that has one; a club with an empty log answers 404 to those who may not see the club,
so the log does not tell strangers which clubs exist.

* :func:`publication_log_for_viewer` — the club and its entries, in order;
* :func:`publication_log_head` — the last entry's position and hash (shown on every commitment
  page, so players can note it and later check that history was not rewritten);
* :func:`publication_log_problems` — what :mod:`dealing.domain.publication_log`'s checker finds
  in the stored entries (empty: the chain holds and every commitment's acts are in a possible
  order), each problem a ``Text`` naming the entry;
* :func:`publication_log_json` — the downloadable form, which ``tools/verify_commitment.py`` reads.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404
from django.utils.translation import gettext as _

from clubs.models import Club
from clubs.selectors import club_list_for_user
from dealing.domain import publication_log as domain
from dealing.domain.text import Text
from dealing.models import PublicationLogEntry


@dataclass(frozen=True)
class LogHead:
    position: int
    hash: str


def publication_log_for_viewer(*, user, slug: str) -> tuple[Club, list[PublicationLogEntry]]:
    club = Club.objects.filter(slug=slug).first()
    entries = list(PublicationLogEntry.objects.filter(club=club).order_by("position")) if club else []
    if club is None or (not entries and not club_list_for_user(user).filter(pk=club.pk).exists()):
        raise Http404(_("No such club."))
    return club, entries


def publication_log_head(*, club_id: int) -> LogHead | None:
    last = (
        PublicationLogEntry.objects.filter(club_id=club_id)
        .order_by("-position")
        .values_list("position", "entry_hash")
        .first()
    )
    return LogHead(*last) if last else None


def publication_log_problems(*, entries: list[PublicationLogEntry], commitment_hash: str | None = None) -> list[Text]:
    """The chain's problems, then those of the commitments' acts (only ``commitment_hash``'s when given)."""
    stored = [entry.to_domain() for entry in entries]
    return domain.check_chain(stored) + domain.check_acts(stored, commitment_hash)


def publication_log_json(*, club: Club, entries: list[PublicationLogEntry]) -> dict:
    stored = [entry.to_domain() for entry in entries]
    return {
        "format": domain.FORMAT,
        "club": club.slug,
        "head": {"position": stored[-1].position, "hash": stored[-1].hash} if stored else None,
        "entries": [entry.to_json() for entry in stored],
    }
