"""Template context: the clubs the signed-in user directs or scores for, for navigation."""


def club_roles(request):
    return {}
