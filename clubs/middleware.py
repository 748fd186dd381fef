"""``club_standing``: the request's user reads its standing in the clubs (roles, memberships, site auditor) once
for the whole request, not once per check (``clubs.permissions.standing``). A page asks a dozen times — the
navigation, the view's selector, the permission checks — and each was a query of its own."""

from __future__ import annotations

from django.contrib.auth.middleware import get_user
from django.utils.functional import SimpleLazyObject

from clubs.permissions import remember_standing


def club_standing(get_response):
    def middleware(request):
        request.user = SimpleLazyObject(lambda: remember_standing(get_user(request)))  # get_user caches the user
        return get_response(request)

    return middleware
