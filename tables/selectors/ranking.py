"""The ranking a table's phone shows its players (``phone_ranking``): while the session is in play, the ranking so
far when the director shows it (``TableSession.live_ranking``); once the results are published (provisional
included), the published ranking and a link to its page. Places, pairs, names and scores only: never a deal.

A club that keeps its results to its members shows a phone only the rows of the pairs at its table (the page behind
the link asks for a login); otherwise the phone shows the whole ranking, the table's pairs marked.
"""

from __future__ import annotations

from django.urls import reverse

from scoring.selectors.players import ranking_data
from tables.models import Device
from tables.selectors.context import session_context


def _table_pairs(device: Device) -> set[str]:
    """The pairs at the phone's table in the last round played there so far (the round released last, or before)."""
    table = device.table
    context = session_context(table.table_session.session)
    for r in sorted((r for r in context.rounds if r <= table.table_session.released_round), reverse=True):
        meeting = context.meeting(r, table.number)
        if meeting is not None:
            return {meeting.ns, meeting.ew}
    return set()


def phone_ranking(device: Device) -> dict | None:
    """``{"kind": "live"|"provisional"|"published", "rows": [{place, pair, names, score, here}], "url"}``, or None
    when there is nothing for the players to see."""
    table_session = device.table.table_session
    session = table_session.session
    if session.is_published:
        kind = "provisional" if session.status == session.Status.PROVISIONAL else "published"
    elif table_session.live_ranking and session.status == session.Status.RUNNING:
        kind = "live"
    else:
        return None
    data, _preview = ranking_data(session=session)
    here = _table_pairs(device)
    rows = []
    for p in data.get("pairs", []):
        row = {
            "place": p.get("place", ""),
            "pair": p["pair"],
            "names": p.get("names", ""),
            "score": f"{p['percentage']}\u00a0%" if p.get("percentage") is not None else str(p.get("total", "")),
            "here": p["pair"] in here,
        }
        if kind == "live" or session.club.results_public or row["here"]:
            rows.append(row)
    url = reverse("scoring:player_ranking", args=[session.pk]) if kind != "live" else ""
    return {"kind": kind, "rows": rows, "url": url}
