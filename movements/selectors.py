"""Reads of the movements app. The catalogue and the chooser (``movement_choice``: the options ranked for a field
and a session's length, by the club's settings, ``club_movement_settings_get``) are public to logged-in users (they
hold no secrets);
a session's chosen movement, and who plays as which pair on its guide cards (``session_card_names``),
are visible to whoever may view the session; guide-card PDFs made from the catalogue alone to any
logged-in user who has the key, and those made for a session (with its players' names) only to
whoever may view that session."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils import timezone

from clubs.models import Pair
from clubs.selectors import club_list_for_user, clubs_directed_by, session_get_for_viewer
from movements.domain.catalogue import balance_report, movement_for, options_for
from movements.domain.chooser import Choice, offers_for, target_for
from movements.domain.errors import MovementError
from movements.models import ClubMovementSettings, GuideCardPdf, SessionMovement

#: Seconds of one core per table row laid out (docs/benchmarks.md, ## Movements): the first guess of a PDF's time.
SECONDS_PER_ROW = 0.0055


def movement_options(*, pairs: int) -> list[dict]:
    """Every movement offered for a field, built, with its balance report (or why it is unavailable)."""
    out = []
    for opt in options_for(pairs):
        params = {k: opt.get(k) for k in ("rounds", "kind", "half_sets", "variant", "arrow_switch")}
        params["arrow_switch"] = bool(params["arrow_switch"])
        try:
            m = movement_for(pairs, **params)
        except MovementError as exc:
            out.append({**opt, "error": exc.text or str(exc)})
            continue
        out.append(
            {
                **opt,
                "title": m.title,
                "construction": m.construction,
                "tables": m.tables,
                "round_count": m.round_count,
                "board_sets": m.board_sets,
                "relays": len(m.relays),
                "phantom": m.phantom,
                "balance": balance_report(m),
                "movement": m,
            }
        )
    return out


def club_movement_settings_get(*, club) -> ClubMovementSettings:
    """The club's settings for choosing a movement; the defaults (unsaved: 7½ minutes a board, 24–28 boards, one
    winner) when it has set none, or for no club at all."""
    found = ClubMovementSettings.objects.filter(club=club).first() if club is not None else None
    return found or ClubMovementSettings(club=club)


def chooser_club(*, user, slug: str | None = None):
    """The club whose settings the catalogue uses: the one asked for by ``slug`` when the user may see it, else the
    first club the user directs, else the first they belong to (None: the defaults)."""
    visible = club_list_for_user(user)
    if slug:
        found = visible.filter(slug=slug).first()
        if found is not None:
            return found
    return clubs_directed_by(user).order_by("name").first() or visible.order_by("name").first()


def movement_choice(
    *, pairs: int, boards: str | None = None, length: str | None = None, settings: ClubMovementSettings
) -> Choice:
    """The movements for ``pairs`` ranked for a session of about ``boards`` boards or at most ``length`` (the club's
    usual boards when neither is given), by the club's minutes a board and preferred winners. Raises
    ``MovementError`` (with its field: pairs, boards, length) for what cannot be understood or served."""
    target = target_for(
        boards=boards, length=length, minutes_per_board=float(settings.minutes_per_board), usual=settings.usual_boards
    )
    return offers_for(pairs, target, winners=settings.winners)


def session_movement_get(*, session) -> SessionMovement | None:
    return SessionMovement.objects.filter(session=session).first()


def session_card_names(*, session) -> dict[int, tuple[str, str]]:
    """Who plays as each pair of the session, as its guide cards print it: ``{3: ("Ada Adamska & Bruno Bianchi",
    "Adamska – Bianchi")}`` (full names; surnames — a guest's last word). Pairs with nobody named are left out, and
    so are pairs numbered by direction or section (our movements number their pairs 1, 2, 3 …)."""
    out = {}
    for pair in Pair.objects.filter(session=session, section="", direction="").select_related("player_1", "player_2"):
        players = [
            (member.full_name, member.last_name) if member is not None else (guest, guest.split()[-1])
            for member, guest in ((pair.player_1, pair.player_1_name), (pair.player_2, pair.player_2_name))
            if member is not None or guest.strip()
        ]
        if players:
            out[pair.number] = (" & ".join(f for f, _ in players), " – ".join(s for _, s in players))
    return out


def guide_card_pdf_get(*, key: str, user=None) -> GuideCardPdf:
    """The PDF with this key; one made for a session (its players' names) only for whoever may view the session."""
    job = get_object_or_404(GuideCardPdf, key=key)
    if job.parameters.get("session"):
        session_get_for_viewer(user=user, session_id=job.parameters["session"])
    return job


def guide_card_pdf_progress(job: GuideCardPdf) -> dict:
    """Parts done, percent, seconds so far and an estimate of the seconds left (None when unknown)."""
    now = timezone.now()
    total = max(job.parts_total, 1)
    done = min(job.parts_done, total)
    guess = 1.0 + SECONDS_PER_ROW * job.parameters.get("work_rows", 0)
    elapsed = (now - job.started_at).total_seconds() if job.started_at and job.is_active else None
    left = None
    if job.is_active:
        if elapsed and done:
            left = max(0.0, elapsed * (total - done) / done)
        else:
            left = max(0.0, guess - (elapsed or 0.0))
    return {
        "done": done,
        "total": total,
        "percent": 100 if job.is_ready else int(100 * done / total),
        "elapsed": elapsed,
        "seconds_left": None if left is None else round(left),
        "estimate": round(guess),
    }
