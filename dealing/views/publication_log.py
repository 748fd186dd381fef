"""A club's publication log as a page (public, anonymous included): ``docs/commitments.md`` §9.

Thin: :mod:`dealing.selectors.publication_log` reads the entries and checks the chain; the page
shows every entry (its time in the club's time zone with its offset; the JSON keeps UTC), the head to note, what the
check found, and links each entry's commitment (a published commitment's page is public) and the JSON form (the
API), which ``tools/verify_commitment.py --log`` checks without trusting the site.
"""

from __future__ import annotations

from django.shortcuts import render
from django.views.decorators.http import require_safe

from clubsite.texts import render as render_text
from dealing.domain.publication_log import time_text
from dealing.domain.text import act_name
from dealing.selectors import publication_log as selectors


@require_safe
def publication_log(request, slug):
    club, entries = selectors.publication_log_for_viewer(user=request.user, slug=slug)
    rows = [
        {
            "entry": entry,
            "time": time_text(entry.recorded_at),
            "act": act_name(entry.act),
            "data": sorted(entry.data.items()),
        }
        for entry in entries
    ]
    problems = [render_text(p) for p in selectors.publication_log_problems(entries=entries)]
    return render(
        request,
        "dealing/publication_log.html",
        {
            "club": club,
            "rows": rows,
            "head": entries[-1] if entries else None,
            "problems": problems,
        },
    )
