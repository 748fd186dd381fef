"""``python manage.py seed_demo``: a demo club with logins, 16 players and sessions. Idempotent.

Run it as often as you like: it creates what is missing and leaves what exists alone. After the club, its logins,
players and sessions come the dealt sessions and the commitment (``events/demo/dealing.py``), then the played,
scored and published evenings (``events/demo/scoring.py``), in that order.
"""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from clubs import services
from clubs.models import Club, ClubRole, Member, Session
from clubs.permissions import SITE_AUDITORS_GROUP
from events.demo import dealing as dealing_demo
from events.demo import scoring as scoring_demo

CLUB = {"name": "Riverside Bridge Club", "slug": "riverside", "city": "Riverside"}
OTHER_CLUB = {"name": "Hilltop Bridge Club", "slug": "hilltop", "city": "Hilltop"}

# username, password, role in the demo club (None: site auditor), first name, last name
LOGINS = [
    ("director", "director-demo-2026", ClubRole.Role.DIRECTOR, "Dana", "Director"),
    ("scorer", "scorer-demo-2026", ClubRole.Role.SCORER, "Sam", "Scorer"),
    ("player", "player-demo-2026", ClubRole.Role.PLAYER, "Ada", "Adamska"),
    ("auditor", "auditor-demo-2026", None, "Audrey", "Auditor"),
]  # fmt: skip
OTHER_DIRECTOR = ("hilltop", "hilltop-demo-2026")

PLAYERS = [
    ("Ada", "Adamska"), ("Bruno", "Bianchi"), ("Celia", "Carter"), ("Dmitri", "Dvorak"),
    ("Elena", "Estrada"), ("Farid", "Fahmy"), ("Greta", "Gunnarsdottir"), ("Hugo", "Hartmann"),
    ("Irena", "Ivanova"), ("Jonas", "Jensen"), ("Klara", "Kowalczyk"), ("Liam", "Lindqvist"),
    ("Maya", "Moreau"), ("Nikolai", "Novak"), ("Olga", "Ostrowska"), ("Piotr", "Pawlak"),
]  # fmt: skip


def demo_dates(today: datetime.date) -> dict[str, datetime.date]:
    """Each demo session's date, on the weekday its name says: the published Monday Pairs and the finished Thursday
    Howell the last Monday and Thursday of the week behind (before ``today``), the planned Tuesday Pairs the next
    Tuesday (``today`` on a Tuesday) with the Club Championship a week after it, Hilltop's Wednesday Pairs the next
    Wednesday.

    >>> dates = demo_dates(datetime.date(2026, 11, 29))  # a Sunday
    >>> {name: f"{day:%a %d}" for name, day in dates.items()}  # doctest: +NORMALIZE_WHITESPACE
    {'Monday Pairs': 'Mon 23', 'Thursday Howell': 'Thu 26', 'Tuesday Pairs': 'Tue 01', 'Club Championship': 'Tue 08',
     'Hilltop Wednesday Pairs': 'Wed 02'}
    """
    thursday = today - datetime.timedelta(days=(today.weekday() - 3) % 7 or 7)  # before today, never today

    def next_day(weekday: int) -> datetime.date:  # today or later
        return today + datetime.timedelta(days=(weekday - today.weekday()) % 7)

    return {
        "Monday Pairs": thursday - datetime.timedelta(days=3),
        "Thursday Howell": thursday,
        "Tuesday Pairs": next_day(1),
        "Club Championship": next_day(1) + datetime.timedelta(days=7),
        "Hilltop Wednesday Pairs": next_day(2),
    }


class Command(BaseCommand):
    help = "Create the demo club, its director/scorer/player logins, a site auditor, 16 players and sessions."

    @transaction.atomic
    def handle(self, *args, **options):
        User = get_user_model()
        club, made = Club.objects.get_or_create(slug=CLUB["slug"], defaults=CLUB)
        self.stdout.write(f"{'Created' if made else 'Found'} club {club.name}")
        other, _ = Club.objects.get_or_create(slug=OTHER_CLUB["slug"], defaults=OTHER_CLUB)

        auditors, _ = Group.objects.get_or_create(name=SITE_AUDITORS_GROUP)
        for username, password, role, first, last in LOGINS:
            user = User.objects.filter(username=username).first()
            if user is None:
                user = services.user_create(
                    username=username,
                    password=password,
                    first_name=first,
                    last_name=last,
                    email=f"{username}@example.org",
                )
            if role is None:
                user.is_staff = user.is_superuser = True
                user.save(update_fields=["is_staff", "is_superuser"])
                user.groups.add(auditors)
            else:
                services.club_role_grant(club=club, user=user, role=role)
        hilltop = User.objects.filter(username=OTHER_DIRECTOR[0]).first() or services.user_create(
            username=OTHER_DIRECTOR[0], password=OTHER_DIRECTOR[1], first_name="Hal", last_name="Hill"
        )
        services.club_role_grant(club=other, user=hilltop, role=ClubRole.Role.DIRECTOR)

        player_login = User.objects.get(username="player")
        for number, (first, last) in enumerate(PLAYERS, start=1):
            if not Member.objects.filter(club=club, first_name=first, last_name=last).exists():
                services.member_create(
                    club=club,
                    first_name=first,
                    last_name=last,
                    national_id=f"DEMO{number:04d}",
                    email=f"{first.lower()}@example.org",
                    user=player_login if number == 1 else None,
                )

        dates = demo_dates(timezone.localdate())
        plan = [
            ("Monday Pairs", Session.Status.PUBLISHED),
            ("Thursday Howell", Session.Status.FINISHED),
            ("Tuesday Pairs", Session.Status.PLANNED),
            ("Club Championship", Session.Status.PLANNED),
        ]
        for name, status in plan:
            if not club.sessions.filter(name=name).exists():
                session = services.session_create(
                    club=club, name=name, date=dates[name], start_time=datetime.time(19, 0), boards_per_round=3
                )
                Session.objects.filter(pk=session.pk).update(status=status)
        if not other.sessions.exists():
            name = "Hilltop Wednesday Pairs"
            services.session_create(club=other, name=name, date=dates[name], boards_per_round=2)

        dealing_demo.seed_demo(club=club, stdout=self.stdout)
        scoring_demo.seed_demo(club=club, stdout=self.stdout)

        self.stdout.write(self.style.SUCCESS("Demo logins (user / password):"))
        for username, password, role, *_ in LOGINS:
            label = role.label if role else "Site auditor (admin)"
            self.stdout.write(f"  {label:<22} {username} / {password}")
        self.stdout.write(f"  {'Director, Hilltop':<22} {OTHER_DIRECTOR[0]} / {OTHER_DIRECTOR[1]}")
