"""Each club's rows of the ranking kept beside its lines, with where its results came from (its entry or its file),
for the club's page of the results; the field's size kept with the combination. The kept combinations' rows are
shared out to their clubs here, and the combinations made again by the next page that asks (their ``inputs``
cleared), which says where each club's results came from."""

import django.db.models.deletion
from django.db import migrations, models


def combine_again(apps, schema_editor):
    field_club = apps.get_model("simultaneous", "FieldClub")
    for kept in apps.get_model("simultaneous", "FieldCombination").objects.all():
        by_club = {}
        for row in kept.rows:
            by_club.setdefault(row["club"], []).append(row)
        for club in field_club.objects.filter(event_id=kept.event_id).only("pk", "club"):
            club.rows = by_club.get(club.club, [])
            club.save(update_fields=["rows"])
        kept.pairs, kept.inputs = len(kept.rows), ""
        kept.save(update_fields=["pairs", "inputs"])


class Migration(migrations.Migration):
    dependencies = [
        ("simultaneous", "0005_publication_and_flags"),
    ]

    operations = [
        migrations.AddField(
            model_name="fieldcombination",
            name="pairs",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="fieldclub",
            name="rows",
            field=models.JSONField(default=list),
        ),
        migrations.AddField(
            model_name="fieldclub",
            name="entry",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="simultaneous.clubentry",
            ),
        ),
        migrations.AddField(
            model_name="fieldclub",
            name="club_file",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="simultaneous.clubresultsfile",
            ),
        ),
        migrations.RunPython(combine_again, migrations.RunPython.noop),
    ]
