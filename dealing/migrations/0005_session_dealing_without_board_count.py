"""How many boards a session was dealt has one owner: its ``Board`` rows.

``SessionDealing.board_count`` was a second copy of that count; it goes. Reversible: going
back fills it again by counting each session's boards.
"""

from django.db import migrations, models
from django.db.models import Count, OuterRef, Subquery


def count_boards(apps, schema_editor):
    SessionDealing = apps.get_model("dealing", "SessionDealing")
    Board = apps.get_model("dealing", "Board")
    counts = (Board.objects.filter(session=OuterRef("session")).order_by().values("session")
              .annotate(n=Count("pk")).values("n"))
    SessionDealing.objects.update(board_count=Subquery(counts))
    SessionDealing.objects.filter(board_count__isnull=True).update(board_count=0)


class Migration(migrations.Migration):
    # Going back, the counted rows are written and the column made NOT NULL again: on PostgreSQL those must
    # not share a transaction ("pending trigger events"), so each operation runs in its own.
    atomic = False

    dependencies = [
        ('dealing', '0004_deal_set_assembler_lease'),
    ]

    operations = [
        migrations.AlterField(
            model_name='sessiondealing',
            name='board_count',
            field=models.PositiveSmallIntegerField(null=True, verbose_name='boards'),
        ),
        migrations.RunPython(migrations.RunPython.noop, count_boards),
        migrations.RemoveField(
            model_name='sessiondealing',
            name='board_count',
        ),
    ]
