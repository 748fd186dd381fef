"""Secrets at rest, step 3 of 3: the fields that hold tokens become encrypted fields (``clubsite.encryption``).

For the text columns nothing changes in the database (they are text already); the models now
encrypt on save and decrypt on load. A deal set's key moves to the token column, which takes
the name ``secret_key`` and may no longer be empty. Reversible (0008 decrypts when going back).
"""

from django.db import migrations

import clubsite.encryption


class Migration(migrations.Migration):

    dependencies = [
        ('dealing', '0008_encrypt_secrets'),
    ]

    operations = [
        migrations.RemoveField(
            model_name='dealset',
            name='secret_key',
        ),
        migrations.RenameField(
            model_name='dealset',
            old_name='secret_key_token',
            new_name='secret_key',
        ),
        migrations.AlterField(
            model_name='dealset',
            name='secret_key',
            field=clubsite.encryption.EncryptedBinaryField(editable=False),
        ),
        migrations.AlterField(
            model_name='commitment',
            name='secret_key',
            field=clubsite.encryption.EncryptedTextField(editable=False),
        ),
        migrations.AlterField(
            model_name='sessiondealing',
            name='secret_key',
            field=clubsite.encryption.EncryptedTextField(blank=True, editable=False),
        ),
        migrations.AlterField(
            model_name='board',
            name='deal_number',
            field=clubsite.encryption.EncryptedTextField(editable=False, verbose_name='deal number (Pavlicek)'),
        ),
        migrations.AlterField(
            model_name='board',
            name='deal_pbn',
            field=clubsite.encryption.EncryptedTextField(editable=False, verbose_name='deal (PBN)'),
        ),
        migrations.AlterField(
            model_name='board',
            name='dd_tricks',
            field=clubsite.encryption.EncryptedTextField(blank=True, editable=False,
                                                         verbose_name='double-dummy tricks (PBN)'),
        ),
        migrations.AlterField(
            model_name='board',
            name='par_score',
            field=clubsite.encryption.EncryptedIntegerField(blank=True, editable=False, null=True,
                                                            verbose_name='par score (N–S)'),
        ),
        migrations.AlterField(
            model_name='board',
            name='par_contracts',
            field=clubsite.encryption.EncryptedTextField(blank=True, editable=False,
                                                         verbose_name='par contracts (PBN)'),
        ),
    ]
