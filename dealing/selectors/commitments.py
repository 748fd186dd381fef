"""Reading commitments, with the visibility rule:

* a club's directors see all its commitments, drafts included, and may manage them;
* anyone else who may see the club (players, scorers) finds its published commitments in their list;
* anyone at all — another club's member, a visitor who is not logged in — may read a published commitment's page
  and files (:func:`commitment_get_for_reader`): the record is public, made for anyone to keep and check; its key
  only once revealed;
* site auditors see every published commitment and audit them (with the club's directors).

No reader here returns the secret key; pages use ``Commitment.revealed_key()``, which is
empty until the reveal. A draft is invisible (404) to everyone but the club's directors.

:func:`session_boards_played` says how many boards a session's movement plays, asked of the app that owns it;
:func:`commitment_board_shortfalls` which sessions of a draft would get fewer (``dealing.domain.commitment_fit``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.apps import apps
from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.http import Http404
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _

from clubs.models import Club, Session
from clubs.permissions import can_direct, is_site_auditor
from clubs.selectors import club_list_for_user, clubs_directed_by
from clubsite.dates import when_with_offset
from clubsite.texts import render
from dealing.domain import commitment as domain
from dealing.domain.commitment_fit import BoardShortfall, board_shortfalls, dv_entered_early
from dealing.models import Commitment, PublicationLogEntry
from dealing.selectors.boards import played_deal_numbers_for_audit
from dealing.selectors.publication_log import publication_log_problems


def commitment_list_for_user(user) -> QuerySet[Commitment]:
    if not getattr(user, "is_authenticated", False):
        return Commitment.objects.none()
    published = ~Q(status=Commitment.Status.DRAFT)
    if is_site_auditor(user):
        visible = published | Q(club__in=clubs_directed_by(user))
    else:
        visible = (published & Q(club__in=club_list_for_user(user))) | Q(club__in=clubs_directed_by(user))
    return Commitment.objects.filter(visible).select_related("club").distinct()


def commitment_get_for_viewer(*, user, commitment_id: int) -> Commitment:
    commitment = commitment_list_for_user(user).filter(pk=commitment_id).first()
    if commitment is None:
        raise Http404(_("No such commitment."))
    return commitment


def commitment_get_for_reader(*, user, commitment_id: int) -> Commitment:
    """A commitment's page and its files (published and, once revealed, revealed record): a published one for
    anyone, logged in or not — its record is public, for anyone to keep and check; a draft as
    :func:`commitment_get_for_viewer` (its club's directors), 404 to everyone else."""
    published = Commitment.objects.select_related("club").exclude(status=Commitment.Status.DRAFT)
    commitment = published.filter(pk=commitment_id).first()
    if commitment is None:
        return commitment_get_for_viewer(user=user, commitment_id=commitment_id)
    return commitment


def revealed_commitment_of(*, session: Session) -> Commitment | None:
    """The revealed commitment ``session`` is in (its hand record is public once it is over), or None."""
    return Commitment.objects.filter(entries__session=session, status=Commitment.Status.REVEALED).first()


def commitment_get_for_director(*, user, commitment_id: int) -> Commitment:
    commitment = commitment_get_for_viewer(user=user, commitment_id=commitment_id)
    if not can_direct(user, commitment.club):
        raise PermissionDenied(_("Only the club's directors may do this."))
    return commitment


def commitment_get_for_auditor(*, user, commitment_id: int) -> Commitment:
    """Site auditors and the club's directors audit published commitments."""
    commitment = commitment_get_for_viewer(user=user, commitment_id=commitment_id)
    if not (is_site_auditor(user) or can_direct(user, commitment.club)):
        raise PermissionDenied(_("Only site auditors and the club's directors may audit a commitment."))
    if commitment.is_draft:
        raise PermissionDenied(_("A draft has nothing to audit yet: publish it first."))
    return commitment


def sessions_open_for_commitment(*, club: Club) -> QuerySet[Session]:
    """The club's sessions that are in no commitment and not dealt yet."""
    return club.sessions.filter(commitment_entry__isnull=True, boards__isnull=True).order_by("date", "start_time")


def session_boards_played(*, session: Session) -> int | None:
    """How many boards the session plays; None before that is known. The apps that own what a session plays answer,
    each on a floor above dealing, through its AppConfig's ``session_boards_played`` (a dotted path): scoring for a
    pairs session's movement, teams for a teams session's format; the first that knows is heard."""
    for config in apps.get_app_configs():
        hook = getattr(config, "session_boards_played", None)
        if hook:
            played = import_string(hook)(session=session)
            if played is not None:
                return played
    return None


def commitment_board_shortfalls(*, commitment: Commitment) -> list[tuple[BoardShortfall, Session]]:
    """The commitment's sessions given fewer boards than their movements play now, each with its session."""
    entries = list(commitment.entries.select_related("session", "session__club").order_by("position"))
    sessions = {e.session.pk: e.session for e in entries}
    shortfalls = board_shortfalls((e.session.pk, e.boards, session_boards_played(session=e.session)) for e in entries)
    return [(s, sessions[s.session]) for s in shortfalls]


@dataclass(frozen=True)
class AuditCheck:
    name: str
    passed: bool
    detail: str
    warning: bool = False  # passed, but something a checker should look at (a delayed value entered early)


def _publication_log_check(commitment: Commitment) -> AuditCheck:
    """The club's log holds an unbroken chain and this commitment's acts in a possible order."""
    entries = list(PublicationLogEntry.objects.filter(club_id=commitment.club_id).order_by("position"))
    problems = publication_log_problems(entries=entries, commitment_hash=commitment.commitment_hash)
    if problems:
        more = len(problems) - 5
        detail = "; ".join(render(p) for p in problems[:5])
        if more > 0:
            detail += " " + _("(and %(count)s more)") % {"count": more}
        return AuditCheck(_("publication log"), False, detail)
    acts = sum(1 for e in entries if e.commitment_id == commitment.pk)
    return AuditCheck(
        _("publication log"),
        acts > 0,
        _(
            "the club's log is an unbroken chain of %(entries)s entries; this commitment's %(acts)s acts "
            "are in a possible order"
        )
        % {"entries": len(entries), "acts": acts}
        if acts
        else _("the club's log holds no act of this commitment"),
    )


def _dv_time_check(commitment: Commitment) -> AuditCheck:
    """When the delayed value was entered, beside the time promised for it: earlier is a warning (nobody could
    have read the value from its source yet)."""
    entered, promised = commitment.dv_entered_at, commitment.dv_promised_at
    name = _("time of the delayed value")
    if entered is None:
        return AuditCheck(name, True, _("the site has no time of entry for the delayed value"))
    if promised is None:
        return AuditCheck(
            name,
            True,
            _("entered %(entered)s; the commitment names no time for its value: compare with the promise")
            % {"entered": when_with_offset(entered)},
        )
    if dv_entered_early(entered, promised):
        return AuditCheck(
            name,
            True,
            _(
                "entered %(entered)s, before the time promised for it (%(promised)s): it cannot have been read "
                "from its source then; check it is the value published there"
            )
            % {"entered": when_with_offset(entered), "promised": when_with_offset(promised)},
            warning=True,
        )
    return AuditCheck(
        name,
        True,
        _("entered %(entered)s, after the time promised for it (%(promised)s)")
        % {"entered": when_with_offset(entered), "promised": when_with_offset(promised)},
    )


def commitment_audit(*, commitment: Commitment) -> list[AuditCheck]:
    """Recompute what can be recomputed: the published record, and once revealed the hash and every deal."""
    checks: list[AuditCheck] = []
    published = commitment.published_commitment()
    same_text = published.to_text() == commitment.published_text
    checks.append(
        AuditCheck(
            _("published record kept"),
            same_text,
            _("the stored record gives the text published on %(date)s")
            % {"date": when_with_offset(commitment.published_at)}
            if same_text
            else _("the stored record no longer gives the text that was published"),
        )
    )
    dealings = list(commitment.dealings.select_related("session"))
    early = [
        d
        for d in dealings
        if d.dealt_at < commitment.published_at or (commitment.dv_entered_at and d.dealt_at < commitment.dv_entered_at)
    ]
    checks.append(
        AuditCheck(
            _("dealt after publishing"),
            not early,
            _(
                "%(count)d session(s) dealt from this commitment, each after it was published and "
                "after its delayed value was entered"
            )
            % {"count": len(dealings)}
            if not early
            else _("dealt before the commitment or its delayed value: %(sessions)s")
            % {"sessions": ", ".join(str(d.session) for d in early)},
        )
    )
    other = [
        e.session
        for e in commitment.entries.select_related("session", "session__dealing")
        if hasattr(e.session, "dealing") and e.session.dealing.commitment_id != commitment.pk
    ]
    if other:
        checks.append(
            AuditCheck(
                _("sessions dealt from the commitment"),
                False,
                _("dealt from another source: %(sessions)s") % {"sessions": ", ".join(map(str, other))},
            )
        )
    checks.append(_publication_log_check(commitment))
    if commitment.has_dv:
        try:
            ok = domain.canonical_dv(commitment.dv_format, commitment.delayed_value) == commitment.delayed_value
        except ValueError:
            ok = False
        checks.append(
            AuditCheck(
                _("delayed value"),
                ok,
                _("%(dv)s is a canonical %(format)s value; check it is the promised one: %(promise)s")
                % {"dv": commitment.delayed_value, "format": commitment.dv_format, "promise": commitment.promise},
            )
        )
        checks.append(_dv_time_check(commitment))
    if not commitment.is_revealed:
        checks.append(
            AuditCheck(
                _("revealed"),
                False,
                _("the secret key has not been revealed yet; the hash and the deals can be checked once it is"),
            )
        )
        return checks
    revealed = domain.RevealedCommitment(commitment.record(), commitment.delayed_value)
    played = played_deal_numbers_for_audit(commitment=commitment) or {}
    for check in domain.audit(published, revealed, played):
        if check.name == "delayed value":
            continue
        checks.append(AuditCheck(render(check.title), check.passed, render(check.said)))
    undealt = [e.label for e in commitment.entries.all() if e.label not in played]
    if undealt:
        checks.append(
            AuditCheck(
                _("sessions without boards"),
                True,
                _("not dealt on this site, nothing to compare: %(labels)s") % {"labels": ", ".join(undealt)},
            )
        )
    return checks
