"""Pages anyone may read without logging in when what they show is public, and that send a visitor who is not
logged in to the login page otherwise (as ``login_required`` did for them before).

A published commitment's page and files are public, and so are the hand records of the finished sessions of a
revealed commitment (``dealing.selectors.commitments.commitment_get_for_reader``,
``dealing.selectors.boards.session_get_for_deals``). Anything else — a draft, a club's own session, an address that
names nothing — answers such a visitor as before: the login page, which does not say whether it exists.
"""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.http import Http404


def public_or_login(view):
    """Run ``view`` for anyone; a visitor who is not logged in and is refused (404) goes to the login page."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except Http404:
            if request.user.is_authenticated:
                raise
            return redirect_to_login(request.get_full_path())

    return wrapper
