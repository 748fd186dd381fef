"""Secrets at rest, step 2 of 3: encrypt every stored key and deal (``docs/commitments.md`` §8).

Each value is replaced by its Fernet token under the first key of ``CLUBSITE_ENCRYPTION_KEYS``
(or the development key file): commitments' and sessions' secret keys, every board's deal
(PBN and Pavlicek number) and analysis, and each deal set's key (into ``secret_key_token``).
Reversible: going back decrypts them (with the same keys).

The old plain values may survive in the database's free pages and old row versions until it is
vacuumed (``VACUUM`` on SQLite and PostgreSQL; ``VACUUM FULL`` to rewrite PostgreSQL's tables),
and in any backup taken before: the README says so.
"""

from django.db import migrations

from clubsite.encryption import decrypt, encrypt

TEXT_FIELDS = {
    "Commitment": ("secret_key",),
    "SessionDealing": ("secret_key",),
    "Board": ("deal_number", "deal_pbn", "dd_tricks", "par_score", "par_contracts"),
}
BATCH = 500


def _each_row(model, fields, change):
    rows = model.objects.only("pk", *fields).order_by("pk")
    chunk = []
    for row in rows.iterator(chunk_size=BATCH):
        for name in fields:
            value = getattr(row, name)
            if value is not None:
                setattr(row, name, change(value))
        chunk.append(row)
        if len(chunk) == BATCH:
            model.objects.bulk_update(chunk, fields)
            chunk = []
    if chunk:
        model.objects.bulk_update(chunk, fields)


def encrypt_secrets(apps, schema_editor):
    for name, fields in TEXT_FIELDS.items():
        _each_row(apps.get_model("dealing", name), fields, lambda value: encrypt(str(value).encode("utf-8")))
    DealSet = apps.get_model("dealing", "DealSet")
    for deal_set in DealSet.objects.only("pk", "secret_key").order_by("pk").iterator(chunk_size=BATCH):
        DealSet.objects.filter(pk=deal_set.pk).update(secret_key_token=encrypt(bytes(deal_set.secret_key)),
                                                      secret_key=None)


def decrypt_secrets(apps, schema_editor):
    for name, fields in TEXT_FIELDS.items():
        _each_row(apps.get_model("dealing", name), fields, lambda token: decrypt(token).decode("utf-8"))
    DealSet = apps.get_model("dealing", "DealSet")
    for deal_set in DealSet.objects.only("pk", "secret_key_token").order_by("pk").iterator(chunk_size=BATCH):
        DealSet.objects.filter(pk=deal_set.pk).update(secret_key=decrypt(deal_set.secret_key_token),
                                                      secret_key_token=None)


class Migration(migrations.Migration):

    dependencies = [
        ('dealing', '0007_secrets_at_rest_columns'),
    ]

    operations = [
        migrations.RunPython(encrypt_secrets, decrypt_secrets),
    ]
