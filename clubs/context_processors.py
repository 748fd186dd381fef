"""Template context for navigation: the clubs the signed-in user may see, whether they direct any club, and whether
they audit the site. Every answer but the clubs' names comes from the request's standing (``clubs.permissions``,
read once a request): a page's navigation costs one query."""

from clubs.permissions import standing
from clubs.selectors import club_list_for_user


def club_roles(request):
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    mine = standing(user)
    return {
        "nav_clubs": list(club_list_for_user(user)[:10]),
        "nav_directs": mine.directs,
        "nav_is_auditor": mine.auditor,
    }
