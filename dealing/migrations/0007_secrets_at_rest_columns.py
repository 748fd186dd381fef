"""Secrets at rest, step 1 of 3: room for the encrypted values (``docs/commitments.md`` §8).

The columns that will hold Fernet tokens become text (a token is longer than the value it
hides; the par score, an integer, becomes text too). A deal set's key, binary, gets a text
column beside it (``secret_key_token``) and may be empty meanwhile. Nothing is encrypted yet:
0008 does that, 0009 makes the fields encrypted ones. Each step is its own transaction
(PostgreSQL will not alter a table in the transaction that updated its rows).
Reversible: the columns get their old types back (0008 decrypts first when going back).
"""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('dealing', '0006_publication_log'),
    ]

    operations = [
        migrations.AlterField(
            model_name='commitment',
            name='secret_key',
            field=models.TextField(editable=False),
        ),
        migrations.AlterField(
            model_name='sessiondealing',
            name='secret_key',
            field=models.TextField(blank=True, editable=False),
        ),
        migrations.AlterField(
            model_name='board',
            name='deal_number',
            field=models.TextField(editable=False, verbose_name='deal number (Pavlicek)'),
        ),
        migrations.AlterField(
            model_name='board',
            name='deal_pbn',
            field=models.TextField(editable=False, verbose_name='deal (PBN)'),
        ),
        migrations.AlterField(
            model_name='board',
            name='dd_tricks',
            field=models.TextField(blank=True, editable=False, verbose_name='double-dummy tricks (PBN)'),
        ),
        migrations.AlterField(
            model_name='board',
            name='par_score',
            field=models.TextField(blank=True, editable=False, null=True, verbose_name='par score (N–S)'),
        ),
        migrations.AlterField(
            model_name='board',
            name='par_contracts',
            field=models.TextField(blank=True, editable=False, verbose_name='par contracts (PBN)'),
        ),
        migrations.AlterField(
            model_name='dealset',
            name='secret_key',
            field=models.BinaryField(max_length=32, null=True),
        ),
        migrations.AddField(
            model_name='dealset',
            name='secret_key_token',
            field=models.TextField(editable=False, null=True),
        ),
    ]
