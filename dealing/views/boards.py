"""A session's dealing-machine files, for its director (POST, each download recorded): the one way a deal leaves
the site before its session is over. The page that offers them, and deals the session, is the event floor's
(``events.boards``): it sets the dealing beside the movement's boards.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect
from django.views.decorators.debug import sensitive_variables
from django.views.decorators.http import require_POST

from clubs.selectors import session_get_for_director
from dealing.services import boards as services


@sensitive_variables()
@login_required
@require_POST
def board_dealing_file(request, session_id, file_format):
    """A dealing-machine file for the director (recorded); POST so that a link cannot trigger it."""
    session = session_get_for_director(user=request.user, session_id=session_id)
    try:
        filename, content, mime = services.dealing_file_download(
            session_id=session.pk, user=request.user, file_format=file_format
        )
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect("events:session_boards", session_id=session.pk)
    response = HttpResponse(content, content_type=mime)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response["Cache-Control"] = "no-store"
    return response
