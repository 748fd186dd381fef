from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("dealing", "0011_ordering_by_column"),
    ]

    operations = [
        migrations.AddField(
            model_name="commitment",
            name="dv_promised_at",
            field=models.DateTimeField(
                blank=True,
                help_text=(
                    "When the promised value will be public (e.g. the index's close). Entering it earlier is a "
                    "warning on the audit."
                ),
                null=True,
                verbose_name="delayed value public from",
            ),
        ),
    ]
