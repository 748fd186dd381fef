"""Boards per round has one owner, the session (``clubs.Session.boards_per_round``).

Each chosen movement's boards per round is first copied to its session, then the movement's
copy and its check constraint go. Reversible: going back puts the session's value (2 where the
session has none) on the movement again.
"""

from django.db import migrations, models


def to_session(apps, schema_editor):
    SessionMovement = apps.get_model("movements", "SessionMovement")
    Session = apps.get_model("clubs", "Session")
    for session_id, boards in SessionMovement.objects.values_list("session_id", "boards_per_round"):
        if boards is not None:
            Session.objects.filter(pk=session_id).exclude(boards_per_round=boards).update(boards_per_round=boards)


def to_movement(apps, schema_editor):
    SessionMovement = apps.get_model("movements", "SessionMovement")
    for choice in SessionMovement.objects.select_related("session"):
        choice.boards_per_round = choice.session.boards_per_round or 2
        choice.save(update_fields=["boards_per_round"])


class Migration(migrations.Migration):
    # Rows are written and the same tables altered: on PostgreSQL each operation runs in its own transaction
    # ("pending trigger events" otherwise).
    atomic = False

    dependencies = [
        ('clubs', '0001_initial'),
        ('movements', '0003_guide_card_pdf'),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='sessionmovement',
            name='movement_boards_positive',
        ),
        migrations.AlterField(
            model_name='sessionmovement',
            name='boards_per_round',
            field=models.PositiveSmallIntegerField(null=True, verbose_name='boards per round'),
        ),
        migrations.RunPython(to_session, to_movement),
        migrations.RemoveField(
            model_name='sessionmovement',
            name='boards_per_round',
        ),
    ]
