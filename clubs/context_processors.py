"""Template context for navigation: the clubs the signed-in user may see, and whether they audit the site."""

from clubs.permissions import is_site_auditor
from clubs.selectors import club_list_for_user, clubs_directed_by


def club_roles(request):
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {
        "nav_clubs": list(club_list_for_user(user)[:10]),
        "nav_directed_clubs": list(clubs_directed_by(user)),
        "nav_is_auditor": is_site_auditor(user),
    }
