"""Reading deal-set jobs, with the visibility rule: a club's directors see the club's jobs, nobody else.

A job of another club is invisible (404), so its existence does not leak. Nothing here returns
a job's key; :class:`Progress` is what pages and the API show while it runs.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from django.db.models import QuerySet, Sum
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.selectors import clubs_directed_by
from dealing.models import DealSet, DealSetChunk, DealSetFile


def deal_set_list_for_user(user) -> QuerySet[DealSet]:
    return DealSet.objects.filter(club__in=clubs_directed_by(user)).select_related("club", "created_by", "commitment")


def deal_set_get_for_director(*, user, deal_set_id: int) -> DealSet:
    deal_set = deal_set_list_for_user(user).filter(pk=deal_set_id).first()
    if deal_set is None:
        raise Http404(_("No such deal set."))
    return deal_set


def deal_set_file_get(*, deal_set: DealSet, output: str) -> DealSetFile:
    """A published file of a finished job (404 while the job is not done)."""
    found = deal_set.files.filter(output=output).first() if deal_set.status == DealSet.Status.DONE else None
    if found is None:
        raise Http404(_("No such file."))
    return found


@dataclass(frozen=True)
class Progress:
    done: int  # deals completely made (dealt, and analysed when asked)
    total: int
    dealt: int
    analysed: int | None
    percent: float
    deals_per_second: float | None
    seconds_left: float | None
    elapsed: float | None

    def as_dict(self) -> dict:
        return asdict(self)

    # Display forms for pages: 1,234,567 and 1 h 02 min.
    total_text = property(lambda self: f"{self.total:,}")
    done_text = property(lambda self: f"{self.done:,}")
    dealt_text = property(lambda self: f"{self.dealt:,}")
    analysed_text = property(lambda self: f"{self.analysed or 0:,}")
    rate_text = property(lambda self: f"{round(self.deals_per_second or 0):,}")
    left_text = property(lambda self: duration_text(self.seconds_left))
    elapsed_text = property(lambda self: duration_text(self.elapsed))


def duration_text(seconds: float | None) -> str:
    """``75`` → ``1 min 15 s``; ``3725`` → ``1 h 02 min``."""
    if seconds is None:
        return "—"
    s = int(round(seconds))
    if s < 60:
        return _("%(s)d s") % {"s": s}
    if s < 3600:
        return _("%(m)d min %(s)02d s") % {"m": s // 60, "s": s % 60}
    return _("%(h)d h %(m)02d min") % {"h": s // 3600, "m": s % 3600 // 60}


def deal_set_progress(deal_set: DealSet) -> Progress:
    sums = dict(deal_set.chunks.values("kind").annotate(n=Sum("done")).values_list("kind", "n"))
    total = deal_set.count
    if deal_set.status == DealSet.Status.DONE:
        dealt, analysed = total, (total if deal_set.analysis else None)
    else:
        dealt = int(sums.get(DealSetChunk.Kind.DEAL) or 0)
        analysed = int(sums.get(DealSetChunk.Kind.ANALYSIS) or 0) if deal_set.analysis else None
    done = min(dealt, analysed) if analysed is not None else dealt
    elapsed = rate = left = None
    if deal_set.started_at:
        elapsed = ((deal_set.finished_at or timezone.now()) - deal_set.started_at).total_seconds()
        if elapsed > 0 and done:
            rate = done / elapsed
            left = (total - done) / rate if deal_set.is_active else 0.0
    return Progress(
        done=done,
        total=total,
        dealt=dealt,
        analysed=analysed,
        percent=round(100.0 * done / total, 1),
        deals_per_second=round(rate, 1) if rate else None,
        seconds_left=round(left, 1) if left is not None else None,
        elapsed=round(elapsed, 1) if elapsed is not None else None,
    )
